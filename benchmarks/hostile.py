"""Grade every hostile submission and print how each was contained and how long it took.

    .venv/bin/python benchmarks/hostile.py
"""

from __future__ import annotations

import time
from pathlib import Path

from graders.judge.grade import GradingOptions, grade_path
from graders.judge.supervisor.client import WorkerLimits
from graders.judge.supervisor.isolation import detect_isolation

HOSTILE = Path(__file__).resolve().parent.parent / "tests" / "submissions" / "hostile"
OPTIONS = GradingOptions(lang="en", call_seconds=5, exercise_seconds=60,
                         limits=WorkerLimits(load_seconds=5, memory_bytes=2 * 2**30))


def main() -> None:
    print(f"isolation: {detect_isolation().kind} {detect_isolation().reason}".rstrip())
    print(f"{'submission':<22} {'seconds':>8} {'score':>7}  outcome")
    for path in sorted(HOSTILE.glob("*.py")):
        started = time.perf_counter()
        result = grade_path(path, "jit", OPTIONS)
        seconds = time.perf_counter() - started
        failed = [c for e in result.exercises for c in e.checks if c.status.value in ("failed", "error")]
        outcome = failed[0].message.split(". ")[0][:70] if failed else "all passed"
        flags = [flag.split(":")[0] for flag in result.flags]
        print(f"{path.name:<22} {seconds:>8.1f} {result.score:>3g}/{result.max_score:<3g}  {outcome}"
              + (f"  [{', '.join(sorted(set(flags)))}]" if flags else ""))


if __name__ == "__main__":
    main()
