"""Grading options: limits and language. Importing this module does not import JAX."""

from __future__ import annotations

from dataclasses import dataclass, field

from .i18n import DEFAULT_LANGUAGE, LANGUAGES
from .worker.client import WorkerLimits

__all__ = ["GradingOptions"]


@dataclass(frozen=True)
class GradingOptions:
    lang: str = DEFAULT_LANGUAGE
    exercise_seconds: float = 120.0
    submission_seconds: float = 900.0
    call_seconds: float = 30.0
    limits: WorkerLimits = field(default_factory=WorkerLimits)

    def __post_init__(self) -> None:
        if self.lang not in LANGUAGES:
            raise ValueError(f"lang={self.lang!r} is not supported; use one of {', '.join(LANGUAGES)}")
        for name in ("exercise_seconds", "submission_seconds", "call_seconds"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name}={getattr(self, name)!r} must be a positive number of seconds")
