"""`jit_speedup`: the submitted function beats the un-jitted formula, measured fairly.

Both sides run in the same worker on the same inputs, after warm-up, with
`block_until_ready`, in interleaved rounds whose order alternates, so any
load on the machine falls on both alike. Each round keeps the best of
`number` calls per side. The verdict compares the fastest round of each side:
load can only add time, never remove it, so the minimum is the estimate a
busy machine disturbs least. On CPU the shape is small enough that dispatch
dominates, where jit wins by about 4.5x and an un-jitted function by about 1x
(NumPy about 1.6x); the threshold sits between, with a wide margin each way.
"""

from __future__ import annotations

import statistics

import numpy as np

from ..registry import register_check
from ..results import Status
from ..spec import SpeedupSpec
from ..worker.session import ErrorReport
from .base import CheckContext, Verdict


@register_check(
    "jit_speedup",
    option_type=SpeedupSpec,
    requires=("correctness",),
    description={
        "en": "jit makes it clearly faster than the un-jitted formula on this backend",
        "ko": "이 백엔드에서 jit 덕분에 jit 없는 공식보다 뚜렷하게 빠름",
    },
)
def jit_speedup(ctx: CheckContext) -> Verdict:
    spec: SpeedupSpec = ctx.option("jit_speedup")
    name = ctx.exercise.name
    info = ctx.session.info
    platform = info.platform if info else "cpu"
    device = info.device if info else "cpu"
    profile, call = spec.call_for(platform)
    shape = "x".join(str(n) for n in np.shape(call.args[0]))
    report = ctx.session.timing(name, call, baseline_source=spec.baseline_source, baseline_name=spec.baseline_name,
                                rounds=spec.rounds, number=spec.number, warmup=spec.warmup, timeout=ctx.timeout())
    if isinstance(report, ErrorReport):
        return Verdict.failed(ctx.text("jit_speedup.raised", name=name, explanation=ctx.explain(report)))
    ratios = [baseline / max(student, 1e-9) for student, baseline in zip(report.student, report.baseline)]
    speedup = min(report.baseline) / max(min(report.student), 1e-9)
    params = dict(platform=platform, device=device, shape=shape, name=name, threshold=f"{spec.threshold:g}",
                  rounds=spec.rounds)
    details = {"backend": platform, "device": device, "profile": profile, "shape": shape,
               "threshold": spec.threshold, "rounds": spec.rounds}
    timings = {
        "speedup": round(speedup, 3),
        "student_seconds": min(report.student),
        "baseline_seconds": min(report.baseline),
        "median_round_ratio": round(statistics.median(ratios), 3),
        "ratio_min": round(min(ratios), 3),
        "ratio_max": round(max(ratios), 3),
        "check_seconds": round(report.seconds, 3),
    }
    if speedup >= spec.threshold:
        return Verdict(Status.PASSED, ctx.text("jit_speedup.passed", **params), details, timings)
    return Verdict(Status.FAILED, ctx.text("jit_speedup.failed", **params), details, timings)
