"""The checks. Importing this package registers every check with the registry."""

from . import (  # noqa: F401 - imported for registration
    compact_trace,
    correctness,
    jit,
    jit_compiled,
    jit_speedup,
    no_globals,
    no_mutation,
    no_recompilation,
)
from .base import CheckContext, Verdict

__all__ = ["CheckContext", "Verdict"]
