"""Writing files whole or not at all, and taking turns with other processes that write them.

A file is written through a temporary file of its own name in the same folder (unique to each
writer, so two processes never share one) and renamed over the old one; a write that fails (a
full disk, a folder deleted meanwhile) removes its temporary file, so nothing partial is left.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from sitegen.errors import display_path


def write_atomic(path: Path, data: bytes) -> None:
    """Replace `path` with `data` in one rename; on failure the old file (if any) stays as it was."""
    with _replacing(path) as (fd, _), os.fdopen(fd, 'wb') as f:
        f.write(data)


# A file written by `write_stamped` is given a modification time a whole number of these: one every
# file system stores as it is given (FAT keeps even seconds).
STAMP_NS = 2_000_000_000


def write_stamped(path: Path, head: Callable[[int, int], bytes], body: Iterable[bytes]) -> None:
    """`write_atomic` of a file that names its own state: `head(inode, mtime_ns)` first, then `body`,
    and the file is given that modification time. While `os.stat` gives the same inode, time and
    size, the file is the one written: a reader need not read it to know."""
    with _replacing(path) as (fd, name):
        stamp = time.time_ns() // STAMP_NS * STAMP_NS
        with os.fdopen(fd, 'wb') as f:
            f.write(head(os.fstat(f.fileno()).st_ino, stamp))
            for part in body:
                f.write(part)
        os.utime(name, ns=(time.time_ns(), stamp))


@contextlib.contextmanager
def _replacing(path: Path) -> Iterator[tuple[int, str]]:
    """A temporary file (descriptor, name) beside `path`, renamed over it once written; removed on failure."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f'.{path.name}.', suffix='.tmp', dir=path.parent)
    try:
        # The file keeps its mode (a cache file the web or CI user reads stays readable to it);
        # a new one gets what `open` would give it, not the temporary file's 0600.
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except OSError:
            mode = 0o666 & ~_umask()
        if hasattr(os, 'fchmod'):
            os.fchmod(fd, mode)
        yield fd, name
        os.replace(name, path)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(name)
        if isinstance(e, OSError) and not e.filename:  # a write names no file: name it
            raise OSError(e.errno, e.strerror, str(path)) from e
        raise


@functools.cache
def _umask() -> int:
    """The process's umask: read from `/proc` where there is one (setting it, to read it, is
    seen by every thread at once)."""
    try:
        with open('/proc/self/status', encoding='ascii', errors='replace') as f:
            for line in f:
                if line.startswith('Umask:'):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def io_problem(e: OSError) -> str:
    """What went wrong writing a file, and what to do about it, for a one-line message."""
    where = display_path(e.filename) if e.filename else 'a file'
    reason = e.strerror or str(e)
    if e.errno == errno.ENOSPC:
        advice = 'free some space and run it again (--no-cache writes no .build_cache/)'
    elif e.errno == errno.ENOENT:
        advice = 'a folder was removed while the command ran: run it again'
    else:
        advice = 'fix that and run it again (--no-cache writes no .build_cache/)'
    return f'{where}: {reason}; {advice}. Nothing was written to the output folder'


@contextlib.contextmanager
def hold(folder: Path, doing: str) -> Iterator[None]:
    """An exclusive `flock` on `folder` for the duration; a second holder waits and says so.

    `doing` says what the holder does, for the line a waiting process prints.
    """
    try:
        import fcntl
    except ImportError:  # no flock on this system: writes are not serialised
        yield
        return
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f'waiting for another {doing} {display_path(folder)}', file=sys.stderr, flush=True)
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
