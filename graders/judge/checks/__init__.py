"""The checks, and the classes an exercise names them by. Importing this package registers every check.

A check is one module here: a function decorated with `@register_check`, and beside it the class a spec
lists it with (`Correctness(3)`, `JitSpeedup(2, SpeedupSpec(...))`). A new module is picked up without
being listed; its class is imported from its module, or added to the list below.

What a check is, in one place (the protocol `base.py` types):

- it is a function `(CheckContext) -> Verdict`, registered under a name;
- it asks the worker for calls through `ctx.session` and compares what comes back in the judge
  (`ctx.expected(call)` is the reference's output, computed here);
- it returns a frozen `Verdict` (passed, failed or not run, with a message from `graders/common/messages.py`);
- `register_check`'s keywords declare what the grading loop must know about it: the gate, what must pass
  first, whether it measures time, whether it rests on what the worker reports.
"""

import importlib
import pkgutil

from .base import CheckContext, Verdict
from .compact_trace import CompactTrace, TraceSizeSpec
from .correctness import Correctness
from .distribution import Distribution, DistributionSpec
from .jit import Jit
from .jit_compiled import JitCompiled
from .jit_speedup import JitSpeedup, SpeedupSpec, TimingProfile
from .key_discipline import KeyDiscipline
from .no_globals import NoGlobals
from .no_mutation import NoMutation
from .no_recompilation import NoRecompilation

for _module in sorted(module.name for module in pkgutil.iter_modules(__path__)):
    if _module != "base":
        importlib.import_module(f"{__name__}.{_module}")

__all__ = [
    "CheckContext",
    "CompactTrace",
    "Correctness",
    "Distribution",
    "DistributionSpec",
    "Jit",
    "JitCompiled",
    "JitSpeedup",
    "KeyDiscipline",
    "NoGlobals",
    "NoMutation",
    "NoRecompilation",
    "SpeedupSpec",
    "TimingProfile",
    "TraceSizeSpec",
    "Verdict",
]
