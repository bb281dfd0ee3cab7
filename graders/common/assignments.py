"""The course's assignments by name: each assignment module of the catalogue registers its own,
and whatever grades looks them up here. Beside the check registry, above the specs they hold.
"""

from __future__ import annotations

from collections.abc import Mapping

from .registry import get_check
from .spec import Assignment

__all__ = ["UnknownAssignment", "assignments", "get_assignment", "register_assignment", "wants_accelerator"]

_ASSIGNMENTS: dict[str, Assignment] = {}


class UnknownAssignment(KeyError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"unknown assignment {self.name!r}; choose one of: {', '.join(sorted(assignments()))}"


def wants_accelerator(assignment: Assignment) -> bool:
    """Whether any check of `assignment` measures what an accelerator does."""
    return any(get_check(check).wants_accelerator for exercise in assignment.exercises for check in exercise.points)


def register_assignment(assignment: Assignment) -> Assignment:
    if assignment.name in _ASSIGNMENTS:
        raise ValueError(f"assignment {assignment.name!r} is registered twice")
    _ASSIGNMENTS[assignment.name] = assignment
    return assignment


def assignments() -> Mapping[str, Assignment]:
    """Every registered assignment; `import graders.judge.catalogue` registers the course's."""
    return dict(_ASSIGNMENTS)


def get_assignment(name: str) -> Assignment:
    known = assignments()
    if name not in known:
        raise UnknownAssignment(name)
    return known[name]


