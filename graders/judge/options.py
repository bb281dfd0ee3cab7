"""Grading options: limits and language. Importing this module does not import JAX."""

from __future__ import annotations

from dataclasses import dataclass, field

from graders.common.i18n import DEFAULT_LANGUAGE, LANGUAGES

from .supervisor.client import WorkerLimits
from .supervisor.compilation_cache import CompilationCache, default_cache_directory

__all__ = ["GradingOptions"]


@dataclass(frozen=True)
class GradingOptions:
    """How to grade: the language of every message, time limits, the worker's limits, the compilation cache."""

    lang: str = DEFAULT_LANGUAGE
    exercise_seconds: float = 120.0
    submission_seconds: float = 900.0
    call_seconds: float = 30.0
    # Past `submission_seconds`, how long the judge may still take over a file (its own analyses, the
    # report) before a pool gives up on it: the file is the grader's failure, and no other file waits.
    judge_grace_seconds: float = 60.0
    limits: WorkerLimits = field(default_factory=WorkerLimits)
    # The persistent compilation cache (see supervisor/compilation_cache.py); None disables it.
    cache_directory: str | None = field(default_factory=default_cache_directory)

    def __post_init__(self) -> None:
        if self.lang not in LANGUAGES:
            raise ValueError(f"lang={self.lang!r} is not supported; use one of {', '.join(LANGUAGES)}")
        for name in ("exercise_seconds", "submission_seconds", "call_seconds", "judge_grace_seconds"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name}={getattr(self, name)!r} must be a positive number of seconds")

    @property
    def judge_seconds(self) -> float:
        """The most a judge may spend on one file, all told: a pool's deadline per file."""
        return self.submission_seconds + self.judge_grace_seconds

    def compilation_cache(self) -> CompilationCache | None:
        """The cache student workers read, if `jaxgrade warm` (or a batch) ever prepared it."""
        return CompilationCache.existing(self.cache_directory)
