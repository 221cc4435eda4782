"""What builds keep in `.build_cache/` between them: pages, typeset formulas, small derived values.

A build opens one `BuildCache` on the cache folder (or none) and asks it for its stores, each
opened where first asked for; `STORES` says, for each, where it lives, its format and what its key
is made of. A page is cached under the digest of its `PageJob`, the record of everything its
rendering reads (`digest` walks the record, so no field can be left out of the key). Every entry
carries the digest of its own content: an entry that does not match, or that cannot be read, is
discarded and built again, so a damaged cache can cost time but never produce a wrong page.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import hashlib
import os
import pickle
import time
from collections.abc import Callable, Iterable
from functools import cached_property
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

from sitegen.doc import PageJob, PageResult
from sitegen.files import write_atomic, write_stamped


class Store(NamedTuple):
    file: str  # in the cache folder
    format: int  # raised when what it keeps, or its key, changes: then older entries are missed, never read
    key: Callable[[Any], object]  # made of what a caller hands the store


# The key table: each store of the build cache, its format and its key. Every page's job holds
# `BuildCache.code` (`Settings.fingerprint`): the generator's code, KaTeX, the templates and the
# libraries' versions (`uptodate.library_versions`), so a new one misses every page. The last build's
# record (`up-to-date.marshal`) is `uptodate`'s, and the output's digests are `output`'s.
STORES = {
    # A page, by its job (5: the HTML after a header of lengths; 6: postings; 7: its state; 8: one file).
    'pages': Store('pages', 8, lambda job: digest(job)),
    'math': Store('math.pickle', 8, lambda formula: formula),  # a formula typeset by KaTeX (its version)
    # A source's definitions and imports, by (source, its module's name).
    'symbols': Store('symbols.pickle', 1, lambda of: (sha256(of[0].data), of[1], of[0].page)),
    'pageinfo': Store('pageinfo.pickle', 2, lambda source: (sha256(source.data), source.rel)),  # 2: summary
    # A title or summary as a translation cache file translates it, by (text, the file's bytes).
    'titles': Store('titles.pickle', 1, lambda of: (of[0], None if of[1] is None else sha256(of[1]))),
    # The site's generated files, the search index's state: by a key naming what they are made of.
    'generated': Store('generated.pickle', 1, lambda key: key),
    'templates': Store('templates', 1, lambda name: name),  # Jinja's compiled templates, kept by Jinja
}


def generator_fingerprint() -> str:
    """The generator's own code: a new version invalidates every cached page."""
    h = hashlib.sha256()
    package = Path(__file__).parent
    for path in sorted(package.rglob('*.py')):
        h.update(path.relative_to(package).as_posix().encode() + path.read_bytes())
    return h.hexdigest()


class BuildCache:
    """One build's cache: the stores of `folder` (None: nothing kept between builds, the pages
    rendered waiting in `spill`). `katex` and `versions` (the templates', the libraries') are, with
    the generator's code, what every page's output depends on besides its job's records."""

    def __init__(
        self, folder: Path | None, katex: str = '', versions: Iterable[str] = (), spill: Path | None = None
    ) -> None:
        self.folder, self.katex, self.versions, self.spill = folder, katex, list(versions), spill

    @cached_property
    def code(self) -> str:
        return sha256('\0'.join([generator_fingerprint(), self.katex, *self.versions]).encode())

    pages = cached_property(lambda self: PageCache(self.folder or self.spill))
    math = cached_property(lambda self: MathCache(self.folder, self.katex))
    symbols = cached_property(lambda self: KeyedCache(self.folder, 'symbols'))
    pageinfo = cached_property(lambda self: KeyedCache(self.folder, 'pageinfo'))
    titles = cached_property(lambda self: KeyedCache(self.folder, 'titles'))
    generated = cached_property(lambda self: KeyedCache(self.folder, 'generated'))

    @cached_property
    def templates(self) -> Path | None:
        """Where Jinja keeps compiled templates."""
        if self.folder is None:
            return None
        folder = self.folder / STORES['templates'].file
        folder.mkdir(parents=True, exist_ok=True)
        return folder


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


class PageCache:
    """Rendered pages by job digest, a file each (`{key}.page`): a head line, the result without its
    HTML (pickled), then the HTML of each language.

    The head names the file's own state as written (its inode and modification time; its size is
    the head's and the parts' lengths): while `os.stat` gives the same, the file is the one written
    and its HTML is not read to check it (a warm build of a large site would read tens of megabytes).
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @staticmethod
    def keys(jobs: list[PageJob]) -> list[str]:
        """Each job's key (`digest`), the records they share hashed once."""
        return list(map(Digester(), jobs))

    def _path(self, key: str) -> Path:
        return self.folder / STORES['pages'].file / f'{key}.page'

    def stored(self) -> set[str]:
        """The keys of the pages kept (whole or not: `get` says)."""
        try:
            names = os.listdir(self.folder / STORES['pages'].file)
        except OSError:
            return set()
        return {name[: -len('.page')] for name in names if name.endswith('.page')}

    def get(self, key: str) -> PageResult | None:
        """The page's result without its HTML (see `html`); None unless the entry is whole: its HTML
        is there and matches the result's digests, so that a build never renders while it writes."""
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

    def html(self, key: str, lang: str, expected: str) -> bytes:
        """One language's HTML of a cached page (read without the other languages'). The build
        checked the entry before it used it (`get`), so one that is not the HTML the result
        describes was removed while the command ran: an error, never a render while writing."""
        path = self._path(key)
        with contextlib.suppress(OSError, ValueError), path.open('rb') as f:
            head = _page_head(f, key)
            data = _html(f, head, lang, expected) if head is not None else None
            if data is not None:
                return data
        raise FileNotFoundError(
            errno.ENOENT, 'the build cache lost this page while the command ran', str(path)
        )

    def put(self, key: str, result: PageResult) -> None:
        """Keep a page on disk."""
        payload = pickle.dumps(result.without_html(), protocol=pickle.HIGHEST_PROTOCOL)
        pages = [(page.lang, page.html) for page in result.languages if page.html is not None]
        parts = [f'{_RESULT}:{len(payload)}', *(f'{lang}:{len(data)}' for lang, data in pages)]

        def head(inode: int, stamp: int) -> bytes:
            fields = [STORES['pages'].format, key, inode, stamp, sha256(payload), *parts]
            return (' '.join(map(str, fields)) + '\n').encode()

        write_stamped(self._path(key), head, [payload, *(data for _, data in pages)])

    def prune(self, keep: set[str], spare: int = 3) -> None:
        """Drop old pages, keeping this build's and the `spare` times as many others used last.

        The spares let builds that differ only in languages (`build` and `make docs`, say)
        alternate without each one starting cold.
        """
        folder = self.folder / STORES['pages'].file
        if not folder.exists():
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
    """The head line of a cached page (`format key inode mtime digest result:n lang:n ...`), read
    from `f`; None where it is not one of this version for `key`."""
    line = f.readline(4096)
    fields = line.split()
    if len(fields) < 6 or fields[:2] != [str(STORES['pages'].format).encode(), key.encode()]:
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


class KeyedCache:
    """Small values in one file, by the key their store (`STORES[name]`) makes of what a caller
    hands it, `of`; the file keeps the values this build used."""

    def __init__(self, folder: Path | None, name: str, *version: object) -> None:
        store = STORES[name]
        self.path = folder / store.file if folder else None
        self.version, self.key = (name, store.format, *version), store.key
        self.new: dict = {}

    @cached_property
    def old(self) -> dict:
        """What the last build kept, read where first asked for: written in this version and still
        matching its digest, or discarded."""
        if self.path is None:
            return {}
        try:
            with self.path.open('rb') as f:
                version, stored_digest, payload = pickle.load(f)
            if version == self.version and stored_digest == sha256(payload):
                loaded = pickle.loads(payload)
                if isinstance(loaded, dict):
                    return loaded
        except FileNotFoundError:
            return {}
        except Exception:
            pass
        self.path.unlink(missing_ok=True)
        return {}

    def has(self, of: object) -> bool:
        return self.key(of) in self.old

    def get(self, of: object, make: Callable[[], object]) -> object:
        if self.path is None:  # nothing kept between builds: nothing held during one either
            return make()
        key = self.key(of)
        value = self.old[key] if key in self.old else make()
        self.new[key] = value
        return value

    def last(self, of: object) -> object:
        """What the last build kept for `of` (None where nothing), as opposed to a value found by
        its content (`get`): the state a build left, which the next one starts from."""
        return self.old.get(self.key(of))

    def put(self, of: object, value: object) -> None:
        if self.path is not None:
            self.new[self.key(of)] = value

    def save(self) -> None:
        if self.path and self.new != self.old:
            self._write(self.new)

    def _write(self, values: dict) -> None:
        assert self.path is not None
        payload = pickle.dumps(values, protocol=pickle.HIGHEST_PROTOCOL)
        write_atomic(
            self.path,
            pickle.dumps((self.version, sha256(payload), payload), protocol=pickle.HIGHEST_PROTOCOL),
        )


class MathCache(KeyedCache):
    """Typeset formulas kept across builds, every one (a new KaTeX starts afresh)."""

    def __init__(self, folder: Path | None, katex_version: str) -> None:
        super().__init__(folder, 'math', katex_version)

    def missing(self, formulas: Iterable[tuple[str, bool]]) -> list[tuple[str, bool]]:
        """The distinct formulas, in first-seen order, that are not typeset yet."""
        return [f for f in dict.fromkeys(formulas) if f not in self.old]

    def add(self, formulas: list[tuple[str, bool]], typeset: list) -> None:
        added = dict(zip(formulas, typeset, strict=True))
        self.old.update(added)
        self.new.update(added)

    def known(self) -> dict:
        """Every formula typeset so far."""
        return dict(self.old)

    def table(self, formulas: Iterable[tuple[str, bool]]) -> dict:
        """Typeset formulas for one page."""
        return {f: self.old[f] for f in formulas if f in self.old}

    def save(self) -> None:
        if self.path and self.new:
            self._write(self.old)
