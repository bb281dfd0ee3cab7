"""The architecture of docs/architecture.md holds: layers that import one way, no cycle, a public API."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

import graders

from ..conftest import REPO


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_import_cycle_among_graders_modules_counting_late_imports() -> None:
    graph = grimp.build_graph("graders", exclude_type_checking_imports=True)
    assert len(graph.modules) > 40
    assert _cycles(graph) == []


def test_the_registry_imports_no_check_and_no_exercise() -> None:
    graph = grimp.build_graph("graders", exclude_type_checking_imports=True)
    assert graph.find_modules_directly_imported_by("graders.common.registry") == set()
    assert "importlib" not in (REPO / "graders" / "common" / "registry.py").read_text()


def test_the_layer_contracts_are_kept() -> None:
    completed = subprocess.run([str(Path(sys.executable).with_name("lint-imports"))], cwd=REPO, capture_output=True,
                               text=True, timeout=300)
    assert completed.returncode == 0, completed.stdout[-3000:]
    assert "9 kept, 0 broken" in completed.stdout


def test_the_public_api_is_declared_and_resolves() -> None:
    assert set(graders.__all__) >= {"grade_path", "grade_submission", "grade_many", "GradingOptions",
                                    "SubmissionResult", "ExerciseResult", "CheckResult", "Status", "FileError",
                                    "list_assignments"}
    for name in graders.__all__:
        assert getattr(graders, name).__doc__, name
    assert set(graders.list_assignments()) >= {"jax-numpy", "jit", "purity"}


def test_importing_the_package_does_not_import_jax() -> None:
    completed = subprocess.run([sys.executable, "-c", "import sys, graders, graders.cli; print('jax' in sys.modules)"],
                               capture_output=True, text=True, cwd=REPO, timeout=120)
    assert completed.stdout.strip() == "False", completed.stderr


def test_no_module_outside_the_checks_names_a_check() -> None:
    # A check's options type is part of an exercise's declaration; anything else goes through the registry
    # (`close_checks`, `get_check`). `checks.base` is what every check shares, not a check.
    import ast

    offenders = []
    for path in (REPO / "graders").rglob("*.py"):
        place = path.relative_to(REPO).as_posix()
        if place.startswith(("graders/judge/checks/", "graders/judge/catalogue/")):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and not node.module.endswith(".base") and (
                    node.module.startswith("graders.judge.checks.")
                    or (node.level and node.module.startswith("checks."))):
                offenders.append(f"{place}: from {node.module} import ...")
    assert offenders == []


def _room_graph(exclude_type_checking_imports: bool) -> dict[str, set[str]]:
    """graders' rooms (`graders.judge`, `graders.worker`, `graders.cli`...) and which rooms each imports."""
    graph = grimp.build_graph("graders", exclude_type_checking_imports=exclude_type_checking_imports)
    rooms: dict[str, set[str]] = {}
    for module in graph.modules:
        room = ".".join(module.split(".")[:2])
        rooms.setdefault(room, set())
        for imported in graph.find_modules_directly_imported_by(module):
            other = ".".join(imported.split(".")[:2])
            if other != room:
                rooms[room].add(other)
    return rooms


def _floors(rooms: dict[str, set[str]]) -> int:
    """How many floors the rooms stand on: the longest chain of imports, counted in rooms."""
    import functools

    @functools.cache
    def height(room: str) -> int:
        return 1 + max((height(other) for other in rooms[room]), default=0)

    return max(height(room) for room in rooms)


def test_the_tree_is_rooms_by_where_code_runs_on_few_floors() -> None:
    # Counting the imports made only for the type checker too: a circle there is still a circle to a reader.
    rooms = _room_graph(exclude_type_checking_imports=False)
    assert set(rooms) == {"graders", "graders.cli", "graders.course", "graders.batch", "graders.reports",
                          "graders.judge", "graders.common", "graders.both_sides", "graders.worker"}
    assert _cycles_of(rooms) == []
    assert _floors(rooms) <= 10
    # What runs beside student code reaches nothing else of graders.
    assert rooms["graders.worker"] == {"graders.both_sides"}
    assert rooms["graders.both_sides"] == set()
    assert not any("graders.worker" in imported for room, imported in rooms.items() if room != "graders.worker")


def test_no_circle_among_modules_even_counting_type_checking_imports() -> None:
    graph = grimp.build_graph("graders", exclude_type_checking_imports=False)
    assert _cycles(graph) == []


def test_no_room_shares_a_name_with_another_or_with_a_top_level_folder() -> None:
    packages = [path.parent.relative_to(REPO / "graders") for path in (REPO / "graders").rglob("__init__.py")]
    names = [path.name for path in packages if path.name]
    assert len(names) == len(set(names)), sorted(names)
    top_level = {path.name for path in REPO.iterdir() if path.is_dir() and not path.name.startswith(".")}
    assert not set(names) & top_level, sorted(set(names) & top_level)


def _cycles_of(rooms: dict[str, set[str]]) -> list[list[str]]:
    class _Graph:
        modules = set(rooms)

        @staticmethod
        def find_modules_directly_imported_by(module: str) -> set[str]:
            return rooms[module]

    return _cycles(_Graph())  # type: ignore[arg-type]


def test_a_unit_test_that_starts_a_worker_fails_and_says_where_it_belongs() -> None:
    # tests/conftest.py puts this in place for every unit test, before its fixtures are set up.
    import pytest

    from graders.judge.supervisor.client import WorkerProcess

    with pytest.raises(AssertionError, match=r"is a unit test and started a worker: move it to tests/worker/"):
        WorkerProcess.spawn(None)  # type: ignore[arg-type]
