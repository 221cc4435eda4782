"""What builds keep in `.build_cache/` between them: pages, typeset formulas, small derived values.

A page is cached under the digest of its `PageJob`, the record of everything its rendering reads
(`digest` walks the record, so no field can be left out of the key). Every entry carries the digest
of its own content: an entry that does not match, or that cannot be read, is discarded and built
again, so a damaged cache can cost time but never produce a wrong page.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
import pickle
import time
from collections.abc import Callable, Iterable
from functools import cached_property
from pathlib import Path
from typing import BinaryIO

from sitegen.doc import PageResult
from sitegen.files import write_atomic, write_stamped

VERSION = 8  # 5: a page's HTML as the bytes of each language after a header of their lengths; 6: its postings; 7: the state its HTML file was written in; 8: a page in one file


def digest(record: object) -> str:
    """A sha256 of a record: dataclasses, tuples, lists, sets, dicts, strings, bytes, numbers,
    paths. Records shared between jobs are hashed once per call to `Digester`."""
    return Digester()(record)


class Digester:
    """`digest` with a memory of the records it has hashed, for many jobs that share parts."""

    def __init__(self) -> None:
        self._memo: dict[int, tuple[object, bytes]] = {}

    def __call__(self, record: object) -> str:
        return self._digest(record).hex()

    def _digest(self, value: object) -> bytes:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            hit = self._memo.get(id(value))
            if hit is not None and hit[0] is value:
                return hit[1]
            h = hashlib.sha256(type(value).__name__.encode())
            for f in dataclasses.fields(value):
                h.update(f.name.encode() + b'=' + self._digest(getattr(value, f.name)))
            result = h.digest()
            self._memo[id(value)] = (value, result)
            return result
        return hashlib.sha256(self._encode(value)).digest()

    def _encode(self, value: object) -> bytes:
        """Bytes that only this value has: a type letter, a length where one is needed, the value."""
        if isinstance(value, bytes):
            return b'b%d:' % len(value) + value
        if isinstance(value, str):
            data = value.encode('utf-8', 'surrogatepass')
            return b's%d:' % len(data) + data
        if value is None or isinstance(value, (bool, int, float)):
            return b'v' + repr(value).encode() + b';'
        if isinstance(value, Path):
            data = str(value).encode('utf-8', 'surrogatepass')
            return b'p%d:' % len(data) + data
        if isinstance(value, (tuple, list)):
            return b'l%d:' % len(value) + b''.join(self._encode(v) for v in value)
        if isinstance(value, (set, frozenset)):
            return b'e%d:' % len(value) + b''.join(sorted(self._digest(v) for v in value))
        if isinstance(value, dict):
            return b'd%d:' % len(value) + b''.join(
                sorted(self._digest(k) + self._digest(v) for k, v in value.items())
            )
        if dataclasses.is_dataclass(value):
            return b'r' + self._digest(value)
        raise TypeError(f'cannot digest {type(value).__name__}')


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _load(path: Path | None, version: object) -> object | None:
    """A value written by `_store` with the same version, whose content still matches its digest;
    anything else is discarded."""
    if path is None:
        return None
    try:
        with path.open('rb') as f:
            stored_version, stored_digest, payload = pickle.load(f)
        if stored_version == version and stored_digest == sha256(payload):
            return pickle.loads(payload)
    except FileNotFoundError:
        return None
    except Exception:
        pass
    path.unlink(missing_ok=True)
    return None


def _store(path: Path, version: object, value: object) -> None:
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    write_atomic(path, pickle.dumps((version, sha256(payload), payload), protocol=pickle.HIGHEST_PROTOCOL))


class PageCache:
    """Rendered pages by job digest, a file each (`{key}.page`): a head line, the result without its
    HTML (pickled), then the HTML of each language.

    The head names the file's own state as written (its inode and modification time; its size is
    the head's and the parts' lengths): while `os.stat` gives the same, the file is the one written
    and its HTML is not read to check it (a warm build of a large site would read tens of megabytes).
    """

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path:
        assert self.folder is not None
        return self.folder / 'pages' / f'{key}.page'

    def get(self, key: str) -> PageResult | None:
        """The page's result without its HTML (see `html`); None unless the entry is whole: its HTML
        is there and matches the result's digests, so that a build never renders while it writes."""
        if self.folder is None:
            return None
        path = self._path(key)
        try:
            with path.open('rb') as f:
                st = os.fstat(f.fileno())
                head = _page_head(f, key)
                payload = f.read(head.parts[0][1]) if head is not None else b''
                if head is None or sha256(payload) != head.digest:
                    raise ValueError(path)
                result = pickle.loads(payload)
                if not isinstance(result, PageResult):
                    raise ValueError(path)
                if (st.st_ino, st.st_mtime_ns, st.st_size) != head.state:
                    for page in result.languages:
                        if _html(f, head, page.lang, page.digest) is None:
                            raise ValueError(path)
                with contextlib.suppress(OSError):  # recently used (its access time): kept longest by `prune`
                    os.utime(
                        f.fileno() if os.utime in os.supports_fd else path,
                        ns=(time.time_ns(), st.st_mtime_ns),
                    )
        except FileNotFoundError:
            return None
        except Exception:
            path.unlink(missing_ok=True)
            return None
        return result

    def html(self, key: str, lang: str, expected: str) -> bytes | None:
        """One language's HTML of a cached page, if it is still the HTML the result describes (read
        without the other languages')."""
        if self.folder is None:
            return None
        try:
            with self._path(key).open('rb') as f:
                head = _page_head(f, key)
                return _html(f, head, lang, expected) if head is not None else None
        except (OSError, ValueError):
            pass
        return None

    def html_path(self, key: str) -> Path:
        """Where a cached page's HTML is kept."""
        return self._path(key)

    def put(self, key: str, result: PageResult) -> None:
        """Keep a page on disk."""
        if self.folder is None:
            return
        payload = pickle.dumps(result.without_html(), protocol=pickle.HIGHEST_PROTOCOL)
        pages = [(page.lang, page.html) for page in result.languages if page.html is not None]
        parts = [f'{_RESULT}:{len(payload)}', *(f'{lang}:{len(data)}' for lang, data in pages)]

        def head(inode: int, stamp: int) -> bytes:
            return (
                ' '.join([str(VERSION), key, str(inode), str(stamp), sha256(payload), *parts]) + '\n'
            ).encode()

        write_stamped(self._path(key), head, [payload, *(data for _, data in pages)])

    def prune(self, keep: set[str], spare: int = 3) -> None:
        """Drop old pages, keeping this build's and the `spare` times as many others used last.

        The spares let builds that differ only in languages (`build` and `make docs`, say)
        alternate without each one starting cold.
        """
        folder = self.folder / 'pages' if self.folder else None
        if folder is None or not folder.exists():
            return
        others: dict[Path, float] = {}
        for path in folder.iterdir():
            if path.name.startswith('.'):
                continue  # a file being written
            if not path.name.endswith('.page'):
                path.unlink(missing_ok=True)  # an entry as an older version kept it
            elif path.name[: -len('.page')] not in keep:
                with contextlib.suppress(OSError):
                    others[path] = path.stat().st_atime
        for path in sorted(others, key=lambda p: others[p], reverse=True)[spare * len(keep) :]:
            path.unlink(missing_ok=True)


_RESULT = 'result'  # the head's name of the part that holds the result


@dataclasses.dataclass(frozen=True)
class _PageHead:
    state: tuple[int, int, int]  # inode, modification time and size of the file as written
    digest: str  # the result's
    parts: list[tuple[str, int]]  # the result's length, then each language's and its HTML's
    start: int  # where the parts start: the head line's length


def _page_head(f: BinaryIO, key: str) -> _PageHead | None:
    """The head line of a cached page (`VERSION key inode mtime digest result:n lang:n ...`), read
    from `f`; None where it is not one of this version for `key`."""
    line = f.readline(4096)
    fields = line.split()
    if len(fields) < 6 or fields[:2] != [str(VERSION).encode(), key.encode()]:
        return None
    try:
        parts = [(name.decode(), int(size)) for name, _, size in (x.partition(b':') for x in fields[5:])]
        state = (int(fields[2]), int(fields[3]), len(line) + sum(size for _, size in parts))
    except (ValueError, UnicodeDecodeError):
        return None
    if parts[0][0] != _RESULT:
        return None
    return _PageHead(state, fields[4].decode(), parts, len(line))


def _html(f: BinaryIO, head: _PageHead, lang: str, expected: str) -> bytes | None:
    """One language's HTML of the cached page open as `f`, if its digest is `expected`."""
    at = head.start
    for name, size in head.parts:
        if name == lang and name != _RESULT:
            f.seek(at)
            data = f.read(size)
            return data if sha256(data) == expected else None
        at += size
    return None


class MathCache:
    """Typeset formulas kept across builds (keyed by formula; a new KaTeX starts afresh)."""

    def __init__(self, folder: Path | None, katex_version: str) -> None:
        self.path = folder / 'math.pickle' if folder else None
        self.version = (VERSION, katex_version)
        self._dirty = False

    @cached_property
    def _table(self) -> dict:
        """The formulas kept, read where first asked for (a build that renders nothing reads none)."""
        loaded = _load(self.path, self.version)
        return loaded if isinstance(loaded, dict) else {}

    def missing(self, formulas: Iterable[tuple[str, bool]]) -> list[tuple[str, bool]]:
        """The distinct formulas, in first-seen order, that are not typeset yet."""
        return [f for f in dict.fromkeys(formulas) if f not in self._table]

    def add(self, formulas: list[tuple[str, bool]], typeset: list) -> None:
        self._table.update(zip(formulas, typeset, strict=True))
        self._dirty = True

    def known(self) -> dict:
        """Every formula typeset so far."""
        return dict(self._table)

    def table(self, formulas: Iterable[tuple[str, bool]]) -> dict:
        """Typeset formulas for one page."""
        return {f: self._table[f] for f in formulas if f in self._table}

    def save(self) -> None:
        if self.path and self._dirty:
            _store(self.path, self.version, self._table)


class KeyedCache:
    """Small values by key in one file (symbols of unchanged sources, generated site files)."""

    def __init__(self, folder: Path | None, name: str) -> None:
        self.path = folder / f'{name}.pickle' if folder else None
        loaded = _load(self.path, VERSION)
        self.old: dict = loaded if isinstance(loaded, dict) else {}
        self.new: dict = {}

    def has(self, key: object) -> bool:
        return key in self.old

    def get(self, key: object, make: Callable[[], object]) -> object:
        if self.path is None:  # nothing kept between builds: nothing held during one either
            return make()
        value = self.old[key] if key in self.old else make()
        self.new[key] = value
        return value

    def last(self, key: object) -> object:
        """What the last build kept under `key` (None where nothing), as opposed to a value found by
        its content (`get`): the state a build left, which the next one starts from."""
        return self.old.get(key)

    def put(self, key: object, value: object) -> None:
        if self.path is not None:
            self.new[key] = value

    def save(self) -> None:
        if self.path and self.new != self.old:
            _store(self.path, VERSION, self.new)
