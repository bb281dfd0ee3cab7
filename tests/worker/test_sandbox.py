"""The sandbox command: what the worker can see."""

from __future__ import annotations

from pathlib import Path

from graders.supervisor.sandbox import Isolation, sandboxed_command


def test_a_plain_process_runs_the_command_unchanged() -> None:
    assert sandboxed_command(["python", "-c", "1"], workdir=Path("/w"), readable=[],
                             isolation=Isolation("process", "no bwrap")) == ["python", "-c", "1"]


def test_private_tmp_is_mounted_before_binds_that_may_lie_under_it() -> None:
    args = sandboxed_command(["python"], workdir=Path("/tmp/worker"), readable=["/tmp/clone/.venv/site-packages"],
                             isolation=Isolation("bwrap"))
    assert args.index("/tmp") < args.index("/tmp/clone/.venv/site-packages") < args.index("/tmp/worker")
    remounted = [args[i + 1] for i, arg in enumerate(args) if arg == "--remount-ro"]
    assert remounted == ["/tmp", "/"]
    assert args[-2:] == ["--", "python"]


def test_the_judges_packages_are_never_bound_in() -> None:
    args = sandboxed_command(["python"], workdir=Path("/tmp/worker"), readable=["/usr/lib/python3/dist-packages"],
                             isolation=Isolation("bwrap"))
    repo = str(Path(__file__).resolve().parents[2])
    assert not any(arg == repo or arg.startswith(repo + "/graders") or arg.startswith(repo + "/solutions")
                   for arg in args)


def test_capabilities_are_dropped_and_the_cache_is_bound_read_only_unless_filling() -> None:
    def args(writable: bool) -> list[str]:
        return sandboxed_command(["python"], workdir=Path("/tmp/worker"), readable=[], isolation=Isolation("bwrap"),
                                 cache=Path("/srv/cache"), cache_writable=writable)

    reading, filling = args(False), args(True)
    assert reading[reading.index("--cap-drop") + 1] == "ALL"
    assert reading[reading.index("/srv/cache") - 1] == "--ro-bind"
    assert filling[filling.index("/srv/cache") - 1] == "--bind"
