"""The instruments' record, written to the judge the moment each event happens.

JAX's compilations and traces, library namespaces changed and capabilities used: each becomes one
record on a pipe of its own whose other end only the judge holds. A record is
`seq kind length payload`, with `seq` from an `itertools.count` that only goes up
(a C iterator: nothing rewinds it), and every reply is preceded by a mark whose number
the reply carries. The judge
counts and reads the records itself (`graders/judge/supervisor/events.py`), so a counter
rewound in this process afterwards changes nothing already written, and a stream that
stops, skips or repeats a number, or a reply that comes without its mark, is a
tripwire.

Everything here is bound when the stream is opened, before student code exists:
`os.write`, the packer and the counter live in the emitter's closure, never looked
up through a module attribute at the time of an event.
"""

from __future__ import annotations

import _thread
import itertools
import os
import struct
from collections.abc import Callable

__all__ = ["AUDIT", "COMPILE", "HEADER", "LIBRARY", "MAX_PAYLOAD", "REPLY", "TRACE", "Emit", "open_stream"]

# Record kinds; the judge's reader (graders/judge/supervisor/events.py) knows the same numbers.
TRACE = 1
COMPILE = 2
# 3 and 4 were the state watch's fingerprints, before and after a call (removed, issue #50): never reused.
LIBRARY = 5
AUDIT = 6
# Written just before every reply: a reply without exactly one mark before it means the stream was silenced.
REPLY = 7

# seq (uint32), kind (uint8), payload length (uint16), big-endian.
HEADER = struct.Struct(">IBH")
# A record is written whole by one `write` of at most PIPE_BUF bytes, so records never interleave.
MAX_PAYLOAD = 1024

Emit = Callable[[int, bytes], int]


def open_stream(fd: int) -> Emit:
    """The emitter for the judge's event pipe `fd` (-1: no stream, events are dropped). It returns
    the number it gave the record: a reply names its mark's number, so that the judge, which may
    find several replies' records in the pipe at once, knows which records came before which reply."""
    write = os.write
    pack = HEADER.pack
    counter = itertools.count(1).__next__
    limit = MAX_PAYLOAD
    # A number is taken and its record written under one lock: events come from every thread (a
    # notebook's thread pool opens files too), and two threads between `counter()` and `write` would
    # put their records in the pipe out of order, which the judge rightly reads as a broken stream.
    # Re-entrant, so that a signal handler that emits while its thread is inside `emit` does not wait
    # for itself; its record may then come first, and that one stream is marked broken.
    in_order = _thread.RLock()
    # A process the worker forks (a `multiprocessing.Pool`) inherits the pipe and this emitter, with the
    # counter where it stood: its records would repeat the worker's numbers. Its events are not the
    # worker's (a child changes nothing in the worker's memory; the judge sees the process tree from
    # outside), so only the process that opened the stream writes to it.
    getpid = os.getpid
    owner = getpid()

    def emit(kind: int, payload: bytes = b"") -> int:
        if fd < 0 or getpid() != owner:
            return 0
        body = payload[:limit]
        with in_order:
            seq = counter() & 0xFFFFFFFF
            try:
                write(fd, pack(seq, kind, len(body)) + body)
            except OSError:
                # The judge has gone (or the student closed the pipe: the judge sees the stream end).
                pass
        return seq

    return emit
