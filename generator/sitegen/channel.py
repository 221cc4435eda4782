"""How the build and its workers talk: a worker's answer (`receive`) and its failure
(`WorkerError`), and the pipe to the worker forked as a build starts (`Pipe`, `sitegen.ahead`)."""

from __future__ import annotations

import os
import pickle
import struct
from typing import Any, cast


class WorkerError(RuntimeError):
    """A worker failed: the message is its traceback."""


class WorkerEnded(WorkerError):
    """A worker ended before it answered (killed, out of memory)."""


class Pipe:
    """`multiprocessing.connection.Connection`'s `send`, `recv` and `close`, over two pipes: one
    pickled message after another, each after its length (loading `multiprocessing` would cost a
    build of one page more than the pipes' whole use)."""

    def __init__(self, reading: int, writing: int) -> None:
        self.reading, self.writing = reading, writing

    def send(self, message: object) -> None:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(struct.pack('!Q', len(data)) + data)
        while view:
            view = view[os.write(self.writing, view) :]

    def recv(self) -> Any:
        (size,) = struct.unpack('!Q', self._read(8))
        return pickle.loads(self._read(size))

    def _read(self, size: int) -> bytes:
        parts, left = [], size
        while left:
            part = os.read(self.reading, min(left, 1 << 20))
            if not part:
                raise EOFError
            parts.append(part)
            left -= len(part)
        return b''.join(parts)

    def close(self) -> None:
        for fd in (self.reading, self.writing):
            try:
                os.close(fd)
            except OSError:
                pass


def receive(conn: Any) -> tuple[str, object]:
    """A worker's answer: ('ok', value); its error raised here (`WorkerError`, or the `OSError`
    it met: a full disk, a folder removed meanwhile)."""
    try:
        kind, value = conn.recv()
    except EOFError:
        raise WorkerEnded('a worker process ended unexpectedly') from None
    if kind == 'error':
        raise WorkerError(str(value))
    if kind == 'oserror':
        raise OSError(*cast(tuple[int, str, str], value))
    return kind, value
