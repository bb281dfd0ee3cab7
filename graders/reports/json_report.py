"""The machine-readable report: one JSON array, one object per submission.

Each object is `common.results.result_to_dict`'s form, the one serialisation of a result. Timing
figures live only under `seconds` and each check's `timings`; every other field is reproduced
exactly when the same submission is graded again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from graders.common.results import FileError, SubmissionResult, result_to_dict

__all__ = ["TIMING_FIELDS", "render_json", "result_to_dict"]

# Where measured times live; everything else is reproduced exactly by a regrade.
TIMING_FIELDS = ("seconds", "exercises[].seconds", "exercises[].checks[].timings")


def render_json(results: Sequence[SubmissionResult | FileError], lang: str = "en") -> str:
    return json.dumps([result_to_dict(result) for result in results], ensure_ascii=False, indent=2) + "\n"
