"""The first code a pool's judge process runs: deaf to Ctrl-C before anything slow.

Ctrl-C reaches the terminal's whole process group, judges included, and the parent alone
decides what stops. A judge that met the signal while still importing JAX printed
"Exception ignored in: <function _xla_gc_callback>" and a KeyboardInterrupt traceback on the
user's terminal (CI, at stop 45). So the pool's initializer is this module: it imports nothing
but `signal` and `pickle`, and its options arrive pickled, so unpickling the initializer's
arguments imports nothing either. What is left unguarded is the interpreter's own start, a
few tens of milliseconds, against the seconds the JAX import took.

Runs in a judge process; never student code.
"""

from __future__ import annotations

import os
import pickle
import signal

__all__ = ["enter_judge_process"]


def enter_judge_process(pickled_options: bytes, scratch: str, keep_spare: bool = False) -> None:
    """Ignore SIGINT, then prepare the judge (`judge_process.start_judge_process`) with `options` unpickled.

    `pickled_options` is the parent's own `GradingOptions`, pickled by the parent for its child:
    both are the judge's side, and nothing a student wrote is in it."""
    parent = os.getppid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # SIGTERM stays blocked in every thread for the judge's life (threads inherit this mask), so it waits for
    # the one thread that takes it with `sigwait` (`judge_process._wait_for_stop`), however long JAX's import
    # takes before that thread exists.
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    _stop_with(parent)
    from .judge_process import start_judge_process

    try:
        start_judge_process(pickle.loads(pickled_options), scratch, keep_spare)  # noqa: S301 - see above
    except BaseException:
        if os.path.isdir(scratch):
            raise
        # The batch was stopped while this judge was still starting, and its scratch folder is gone with it:
        # there is nothing to grade, and a traceback would only say so in Python's words.
        os._exit(0)


def _stop_with(parent: int) -> None:
    """SIGTERM from Linux when `jaxgrade` dies, asked for before the seconds of importing JAX: a parent killed
    during them would otherwise leave this judge running for good (the request outlives no parent that is
    already gone, so a parent gone by now means leaving at once). The signal waits, blocked, until the
    judge's stop thread takes it."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        os._exit(0)
