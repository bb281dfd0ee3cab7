"""The sandbox command: what the worker can see."""

from __future__ import annotations

from pathlib import Path

from graders.worker.sandbox import Isolation, sandboxed_command


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
