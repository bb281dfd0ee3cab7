"""A process-wide request to stop, set by the signal handler and read by batches between files.

Kept apart from `batch` and free of heavy imports: `jaxgrade` installs its handler before it
parses arguments, and the first worker should spawn before the judge imports NumPy or hypothesis.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["clear_stop_request", "drop_lost_interrupts", "raise_if_stop_requested", "request_stop",
           "stop_deferred", "stop_is_deferred"]

_stop_requested = threading.Event()
# How many `stop_deferred` blocks the main thread is in: the signal handler then records the
# request and raises nothing, and the outermost block raises it when it ends.
_deferred_depth = 0


def request_stop() -> None:
    """Ask running batches to stop (a signal handler calls it; see `cli._stop_on_signals`)."""
    _stop_requested.set()


def clear_stop_request() -> None:
    """Forget a stop request once the command that received it has ended."""
    _stop_requested.clear()


def drop_lost_interrupts(unraisable: Any) -> None:
    """A `sys.unraisablehook` for a command that stops on signals.

    A signal that lands while a finalizer or a garbage-collector callback runs (hypothesis installs
    one) raises its KeyboardInterrupt there, where Python cannot propagate it: it prints
    "Exception ignored" and a traceback instead. The stop is not lost, since the handler recorded it
    and batches act on the record, so that traceback would only alarm the user. Anything else still
    reaches the default hook.
    """
    if isinstance(unraisable.exc_value, KeyboardInterrupt) and _stop_requested.is_set():
        return
    sys.__unraisablehook__(unraisable)


def raise_if_stop_requested() -> None:
    """KeyboardInterrupt if a stop was requested: the signal's own exception may have been lost."""
    if _stop_requested.is_set():
        raise KeyboardInterrupt


@contextmanager
def stop_deferred() -> Iterator[None]:
    """Hold a stop's KeyboardInterrupt until the block ends, then raise it.

    For work in the main thread that must not be cut in half: a process whose spawn was interrupted
    while its parent wrote its start-up data prints "Ran out of input" and a traceback. Keep the
    block short; the stop waits for it.
    """
    global _deferred_depth
    _deferred_depth += 1
    try:
        yield
    finally:
        _deferred_depth -= 1
    if _deferred_depth == 0:
        raise_if_stop_requested()


def stop_is_deferred() -> bool:
    """Whether the signal handler should only record a stop (the main thread is in `stop_deferred`)."""
    return _deferred_depth > 0
