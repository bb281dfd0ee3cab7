"""A process-wide request to stop, set by the signal handler and read by batches between files.

Kept apart from `batch` and free of heavy imports: `jaxgrade` installs its handler before it
parses arguments, and the first worker should spawn before the judge imports NumPy or hypothesis.
"""

from __future__ import annotations

import threading

__all__ = ["clear_stop_request", "raise_if_stop_requested", "request_stop"]

_stop_requested = threading.Event()


def request_stop() -> None:
    """Ask running batches to stop (a signal handler calls it; see `cli._stop_on_signals`)."""
    _stop_requested.set()


def clear_stop_request() -> None:
    """Forget a stop request once the command that received it has ended."""
    _stop_requested.clear()


def raise_if_stop_requested() -> None:
    """KeyboardInterrupt if a stop was requested: the signal's own exception may have been lost."""
    if _stop_requested.is_set():
        raise KeyboardInterrupt
