"""The course's assignments, one module each, loaded by `load()`: nothing registers on import.

Each module of this package declares one assignment as `ASSIGNMENT` (its exercises, their points
and references); a new module is picked up without being listed here. Importing the package
imports the checks, which register themselves, so that the specs can be validated against them.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Mapping

from graders.common.assignments import assignments, register_assignment
from graders.common.spec import Assignment, SpecError

from .. import checks  # noqa: F401 - every check registers itself before a spec names it

__all__ = ["load"]


def load() -> Mapping[str, Assignment]:
    """Register every assignment of the course (once per process) and return every registered one by name."""
    _register_course()
    return assignments()


@functools.cache
def _register_course() -> None:
    for name in sorted(module.name for module in pkgutil.iter_modules(__path__)):
        try:
            assignment = importlib.import_module(f"{__name__}.{name}").ASSIGNMENT
        except SpecError as error:
            # The author's file, named: a spec is checked as it is built, and a field that is wrong is one line.
            raise SpecError(f"graders/judge/catalogue/{name}.py: {error}") from None
        if not isinstance(assignment, Assignment):
            raise TypeError(f"{__name__}.{name}.ASSIGNMENT is {type(assignment).__name__}, not an Assignment: "
                            "declare the module's assignment as ASSIGNMENT = Assignment(...)")
        register_assignment(assignment)
