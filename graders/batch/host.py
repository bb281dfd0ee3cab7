"""Process-wide settings for a process whose whole job is grading.

`grade_path` and `grade_submission` change nothing process-wide, so a notebook
or a long-lived service can call them freely. A program that grades many
submissions (the CLI, a judge in the `--jobs` pool, a jaxgrade task on a Dask
worker) calls `prepare_grading_process` once: it lets the judge's own JAX reuse
the references' compilations, and takes the modules loaded by then out of the
garbage collector's sight. Only speed depends on either.
"""

from __future__ import annotations

import functools
import gc

from graders.judge.options import GradingOptions
from graders.judge.supervisor.compilation_cache import use_in_judge

__all__ = ["prepare_grading_process"]


def prepare_grading_process(options: GradingOptions) -> None:
    """Once per process, before its first grading; later calls do nothing."""
    _prepare(options.cache_directory)


@functools.cache
def _prepare(cache_directory: str | None) -> None:
    from graders.judge import grade  # noqa: F401 - JAX and hypothesis, imported before the freeze
    from graders.judge.catalogue import load as load_catalogue
    from graders.judge.checks.base import keep_examples_in

    load_catalogue()  # the specs too

    use_in_judge(cache_directory)
    keep_examples_in(cache_directory)
    # Hypothesis runs full collections while it sets up, and each one walks JAX's whole
    # heap (about 0.08 s); those objects live as long as this process anyway.
    gc.freeze()
