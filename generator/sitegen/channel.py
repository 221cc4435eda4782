"""How the build and its workers talk: a worker's answer (`receive`) and its failure
(`WorkerError`), the pipe to the worker forked as a build starts (`Pipe`, `sitegen.ahead`), and a
piece of work done meanwhile in a process forked for it (`Apart`)."""

from __future__ import annotations

import os
import pickle
import struct
import sys
from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

T = TypeVar('T')


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


class Apart(Generic[T]):
    """`call()` in a process forked for it, while this one goes on; `result()` waits for it.

    Only where the system forks and no other thread runs (a thread may hold a lock the child
    would need); otherwise, or where the process fails or ends before it answers, the call is made
    here, in `result()`. The child ends without Python's teardown once it has answered.
    """

    def __init__(self, call: Callable[[], T]) -> None:
        self.call = call
        self.pid: int | None = None
        self.conn: Pipe | None = None
        threading = sys.modules.get('threading')
        if not sys.platform.startswith('linux') or (threading is not None and threading.active_count() > 1):
            return
        fds: list[int] = []
        try:
            fds += os.pipe()
            pid = os.fork()
        except OSError:  # no process or descriptor to spare: made here
            for fd in fds:
                os.close(fd)
            return
        if pid == 0:  # the child: it never returns
            code = 1
            try:
                os.close(fds[0])
                Pipe(-1, fds[1]).send(call())
                code = 0
            finally:
                os._exit(code)
        os.close(fds[1])
        self.pid, self.conn = pid, Pipe(fds[0], -1)

    def result(self) -> T:
        if self.conn is None:
            return self.call()
        try:
            return cast(T, self.conn.recv())
        except (EOFError, OSError, pickle.UnpicklingError):  # it failed: made here
            return self.call()
        finally:
            os.close(self.conn.reading)
            self.conn = None
            if self.pid is not None:
                os.waitpid(self.pid, 0)
