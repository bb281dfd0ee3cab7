"""The stop request: what a signal leaves behind when it lands where Python cannot raise."""

from __future__ import annotations

import gc
import sys

import pytest

from graders.common.stop import clear_stop_request, drop_lost_interrupts, request_stop


def _collect_raising(error: BaseException) -> None:
    """A collection whose callback raises `error`, with the hook installed: an unraisable exception,
    as Python makes one when a signal handler raises inside such a callback."""

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            raise error

    previous = sys.unraisablehook
    sys.unraisablehook = drop_lost_interrupts
    gc.callbacks.append(callback)
    try:
        gc.collect()
    finally:
        gc.callbacks.remove(callback)
        sys.unraisablehook = previous


def test_an_interrupt_lost_in_a_gc_callback_after_a_stop_request_prints_nothing(
        capsys: pytest.CaptureFixture[str]) -> None:
    """What happens when the signal handler lands inside hypothesis's gc callback."""
    request_stop()
    try:
        _collect_raising(KeyboardInterrupt())
    finally:
        clear_stop_request()
    assert capsys.readouterr().err == ""


def test_other_lost_exceptions_still_reach_the_default_hook(capsys: pytest.CaptureFixture[str]) -> None:
    _collect_raising(ValueError("from a callback"))
    _collect_raising(KeyboardInterrupt())  # no stop was requested: not ours to hide
    err = capsys.readouterr().err
    assert "ValueError: from a callback" in err and "KeyboardInterrupt" in err


def test_a_stop_during_a_deferred_block_is_raised_when_the_outermost_block_ends() -> None:
    """What `JudgePool.warm` relies on: a SIGTERM mid-spawn waits until every judge has its data."""
    import os
    import signal

    from graders.cli import _stop_on_signals
    from graders.common.stop import stop_deferred

    previous = _stop_on_signals()
    finished_inner = False
    try:
        with pytest.raises(KeyboardInterrupt):
            with stop_deferred():
                with stop_deferred():
                    os.kill(os.getpid(), signal.SIGTERM)
                    finished_inner = True  # the handler ran here and raised nothing
                assert finished_inner
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        clear_stop_request()
    assert finished_inner
