"""The worker's event stream, read by the judge: records parsed and their sequence checked.

The worker writes each instrument's event to a pipe of its own as it happens
(`graders/both_sides/events.py`): JAX's traces and compilations, library
namespaces changed, capabilities its
audit hook saw. The judge drains that pipe while it waits for each reply and
again once the reply has come, so every record written before a reply is
counted with that reply's request. Numbers go up by one from 1: a record missing,
repeated or out of order, a kind the worker never writes, or bytes that are no
record mean the stream was tampered with, and nothing after that point is read. Each
reply names the number of the mark the worker wrote just before it (`split`): a worker
whose stream went quiet is caught at its next reply, not only when the judge next checks
its instruments, and records of replies still in the pipe wait for their own reply.
"""

from __future__ import annotations

from dataclasses import dataclass

from graders.both_sides.events import (
    AUDIT,
    COMPILE,
    HEADER,
    LIBRARY,
    MAX_PAYLOAD,
    REPLY,
    TRACE,
)

__all__ = ["AUDIT", "COMPILE", "LIBRARY", "REPLY", "TRACE", "EventReader", "Record"]

_KINDS = frozenset({TRACE, COMPILE, LIBRARY, AUDIT, REPLY})
# Bytes kept unparsed at most: a record is at most a header and MAX_PAYLOAD bytes.
_MAX_PENDING = HEADER.size + MAX_PAYLOAD


@dataclass(frozen=True)
class Record:
    seq: int
    kind: int
    payload: bytes = b""


class EventReader:
    """Records from the bytes of the stream, in order; `broken` says why the stream stopped being read."""

    def __init__(self) -> None:
        self._pending = bytearray()
        self._next = 1
        self.broken: str | None = None
        self.received = 0

    def feed(self, data: bytes) -> list[Record]:
        if self.broken is not None:
            return []
        self._pending += data
        records: list[Record] = []
        offset = 0
        size = HEADER.size
        pending = self._pending
        while len(pending) - offset >= size:
            seq, kind, length = HEADER.unpack_from(pending, offset)
            if len(pending) - offset < size + length:
                break
            if seq != self._next or kind not in _KINDS or length > MAX_PAYLOAD:
                self.broken = (f"record {seq} of kind {kind} where record {self._next} was due"
                               if seq != self._next else f"a record of unknown kind {kind}")
                self._pending = bytearray()
                return records
            records.append(Record(seq, kind, bytes(pending[offset + size:offset + size + length])))
            self._next = (seq + 1) & 0xFFFFFFFF
            offset += size + length
        del pending[:offset]
        if len(pending) > _MAX_PENDING:
            self.broken = "bytes that are not a record"
            self._pending = bytearray()
        self.received += len(records)
        return records

    def split(self, records: list[Record], mark: object) -> tuple[list[Record], list[Record]]:
        """The records that came before the reply whose mark is `mark` (the mark itself dropped), and
        those after it, which belong to later replies. A reply whose mark is not on the stream, or
        with another reply's mark before its own, breaks it."""
        if self.broken is not None:
            return [], []
        position = next((index for index, record in enumerate(records)
                         if record.kind == REPLY and record.seq == mark), None)
        if type(mark) is not int or position is None:
            self.broken = f"a reply came whose mark ({mark!r}) is not on the stream"
            return [], []
        before = records[:position]
        if any(record.kind == REPLY for record in before):
            self.broken = "a reply's mark came with no reply"
            return [], []
        return before, records[position + 1:]

    def ended(self) -> None:
        """The worker's end of the pipe closed while the worker still answered."""
        if self.broken is None:
            self.broken = "the stream was closed"
