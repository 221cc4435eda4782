"""Writing the site: the output folder is owned file by file, and replaced whole or not at all.

The build owns only the files it wrote, listed with their digests in a manifest inside the output
folder (`.site-manifest.json`, committed with the site). Every other file there (a `CNAME`, images
an author placed by hand) is the author's: it is kept byte for byte in every build, and where it
sits at a path the build would write, the author's file wins with a warning (`--adopt` hands such
files to the build). A folder that holds files but no manifest is another tool's output or a folder
of unrelated files: it is refused unless the build is told to adopt it. Folders the project needs
(the sources, the project root, the translation cache, the templates, the build cache) are never
an output folder, nor are `/` and the home folder.

A write assembles the complete new tree in a temporary sibling folder, hard-linking every file
that does not change, and swaps it in with one `rename` exchange where Linux has it (the tree it
replaced is kept in the build cache, and the next write starts from it). Without the
exchange it takes two renames; an interruption between them (even SIGKILL) leaves the previous
output in a sibling folder that the next command puts back (`recover`) before doing anything else.
Writes into one output folder are serialised by a lock on the folder that holds it.

The build never writes or deletes through a symbolic link it did not make: a link inside the output
folder is an error that names it (under `--adopt`, a link where the build writes is replaced by the
build's own file or folder; any other link is kept as a link). An output folder that is itself a
link is written in the folder it points to, and the link stays as it was.
"""

from __future__ import annotations

import contextlib
import errno
import json
import marshal
import os
import shutil
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from sitegen.building.uptodate import racy
from sitegen.cache import PageCache, sha256
from sitegen.doc import PageResult, lang_path
from sitegen.errors import Messages, UsageError, display_path
from sitegen.files import hold, write_atomic
from sitegen.reading.config import SiteConfig

MANIFEST = '.site-manifest.json'
MANIFEST_FORMAT = 1
_TMP, _OLD = 'tmp', 'old'


class OutputError(Exception):
    """A fault of the output folder that the user must fix (exit status 1); nothing was written."""


@dataclass(frozen=True)
class Output:
    """One file of the site: its digest now, its bytes when (and only when) they are needed."""

    digest: str
    load: Callable[[], bytes]

    @classmethod
    def of(cls, data: bytes) -> Output:
        return cls(sha256(data), lambda: data)


def page_outputs(
    paths: list[str], keys: list[str], results: Mapping[str, PageResult], cache: PageCache
) -> dict[str, Output]:
    """Each page's file in each language, by its path in the site: its HTML where the result holds
    it, else read from the page cache when it is written (`PageCache.html`)."""
    outputs: dict[str, Output] = {}
    for key, path in zip(keys, paths, strict=True):
        for page in results[key].languages:
            if page.html is not None:
                load: Callable[[], bytes] = partial(bytes, page.html)
            else:
                load = partial(cache.html, key, page.lang, page.digest)
            outputs[lang_path(page.lang, path)] = Output(page.digest, load)
    return outputs


# ---------------------------------------------------------------- which folders may be written


def protected_folders(config: SiteConfig) -> dict[str, Path]:
    """Folders the project needs, which no output folder may be or contain."""
    folders = {
        'the project root': config.root,
        'the source folder': config.root / config.source,
        'the translation cache': config.root / config.cache,
        'the build cache': config.build_cache,
    }
    for i, folder in enumerate(config.assets):
        folders['an assets folder' + (f' ({i + 1})' if i else '')] = config.root / folder
    for i, folder in enumerate(config.template_dirs()):
        folders['the templates' + (f' ({i + 1})' if i else '')] = folder
    return folders


def open_output(config: SiteConfig) -> Path:
    """The output folder, once it is known to be safe to write; an interrupted write is undone first."""
    out = real_folder(config.root / config.output)
    refuse_unsafe(out, protected_folders(config))
    with lock(out):
        recover(out)
    return out


def report_shadowed(
    existing: frozenset[str], outputs: Mapping[str, Output], out: Path, messages: Messages, strict: bool
) -> None:
    """A message for each file of the author's where the build would write (an error if `strict`)."""
    for rel in sorted(existing & set(outputs)):
        message = (
            'a file the build does not own is where it would write; kept '
            '(move it away, or pass --adopt to let the build replace it)'
        )
        (messages.error if strict else messages.warn)(display_path(out / rel), 1, message, 'output')


def refuse_unsafe(out: Path, protected: Mapping[str, Path]) -> None:
    """Refuse (a usage error) an output folder whose replacement would destroy something.

    `protected` names the folders the project needs (`source folder`, `project root`...). The
    output may not be one of them or contain one; `/` and the home folder are refused too.
    """
    target = out.resolve()
    named = {'the root of the file system': Path(target.anchor), 'the home folder': Path.home(), **protected}
    for what, folder in named.items():
        folder = folder.resolve()
        if target == folder or target in folder.parents:
            relation = 'is' if target == folder else 'contains'
            raise UsageError(
                f'output folder {display_path(out)} {relation} {what} ({display_path(folder)}): '
                f'a build replaces its output folder, so choose a folder of its own, such as docs/'
            )
    _refuse_file(out)


def _refuse_file(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise UsageError(f'output folder {display_path(out)} is a file, not a folder: choose another --out')


def refuse_input(path: Path, config: SiteConfig, flag: str) -> None:
    """Refuse (a usage error) a file a command writes (`--report`, an export) where it would
    overwrite one of the project's inputs: its configuration, its papers file, or anything in the
    folders the build reads or keeps (sources, translations, templates, assets, its cache)."""
    target = Path(os.path.realpath(path))
    files = {
        'the project file': config.root / 'pyproject.toml',
        'the papers file': config.root / config.papers,
    }
    for what, file in files.items():
        if target == Path(os.path.realpath(file)):
            raise UsageError(
                f'{flag} {display_path(path)} is {what}: give a file of its own, such as report.json'
            )
    for what, folder in protected_folders(config).items():
        real = Path(os.path.realpath(folder))
        if what != 'the project root' and (target == real or real in target.parents):
            raise UsageError(
                f'{flag} {display_path(path)} is in {what} ({display_path(folder)}), which the build reads: '
                'give a file outside it'
            )


def refuse_foreign(out: Path, adopt: bool) -> None:
    """A non-empty folder the build has never written is refused unless the user adopts it."""
    if adopt or not out.is_dir() or read_manifest(out) is not None:
        return
    if any(out.iterdir()):
        raise UsageError(
            f'output folder {display_path(out)} holds files this tool did not write (it has no valid {MANIFEST}). '
            f'Pass --adopt to build into it anyway: files at paths the build writes are replaced, '
            f'every other file is kept; or choose an empty or new folder'
        )


def real_folder(out: Path) -> Path:
    """The folder a build writes: `out` itself, or where it leads when it is a symbolic link."""
    out = Path(os.path.abspath(out))
    return Path(os.path.realpath(out)) if os.path.islink(out) else out


def refuse_links(out: Path, adopt: bool, entries: dict[str, bool] | None = None) -> None:
    """A link inside the output folder is an error naming it, unless the build may replace it;
    `entries`: its files as `_entries` found them just now."""
    if adopt:
        return
    entries = _entries(out) if entries is None else entries
    found = [rel for rel, link in sorted(entries.items()) if link]
    if found:
        shown = ', '.join(f'{display_path(out / rel)} (a link to {os.readlink(out / rel)})' for rel in found)
        raise OutputError(
            f'the output folder holds symbolic links: {shown}. The build never writes through a link '
            f'it did not make: remove them, or pass --adopt to replace those where the build writes'
        )


# ---------------------------------------------------------------- the manifest


def read_manifest(out: Path) -> dict[str, str] | None:
    """The files the build owns in `out` (path -> sha256); None when there is no usable manifest.

    A build asks several times (which files are the author's, which digests to read ahead, what to
    write, what it wrote): the last manifest read is kept while its file is the same (its inode,
    size and modification time), and a copy given each time."""
    path = os.fspath(out / MANIFEST)
    try:
        st = os.stat(path)
    except OSError:
        return None
    state = (path, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    # A file changed as it was read may have changed again within its timestamp's resolution.
    if _last_manifest[0] != state or racy(st.st_mtime_ns, time.time_ns()):
        _last_manifest[:] = [state, _parse_manifest(path)]
    files = _last_manifest[1]
    return dict(files) if files is not None else None


_last_manifest: list = [None, None]  # (the file's state, what it lists)


def _parse_manifest(path: str) -> dict[str, str] | None:
    try:
        with open(path, 'rb') as f:
            data = json.loads(f.read())
    except (OSError, ValueError):
        return None
    files = data.get('files') if isinstance(data, dict) else None
    if not isinstance(files, dict) or not all(isinstance(v, str) for v in files.values()):
        return None
    return {rel: digest for rel, digest in files.items() if _is_inside(rel)}


def manifest_bytes(files: Mapping[str, str]) -> bytes:
    body = {'format': MANIFEST_FORMAT, 'files': dict(sorted(files.items()))}
    return (json.dumps(body, indent=1, sort_keys=True) + '\n').encode()


def _is_inside(rel: str) -> bool:
    parts = rel.split('/')
    return bool(rel) and not rel.startswith('/') and '..' not in parts and '' not in parts


# ---------------------------------------------------------------- planning a write


@dataclass
class Plan:
    """What writing a build into an output folder does; empty when the folder is up to date."""

    write: dict[str, Output] = field(default_factory=dict)  # path -> new content (new or changed)
    remove: list[str] = field(default_factory=list)  # owned files the build no longer makes
    owned: dict[str, str] = field(default_factory=dict)  # the new manifest: path -> digest
    foreign: list[str] = field(default_factory=list)  # the author's files, kept as they are
    shadowed: list[str] = field(default_factory=list)  # paths the build makes but the author's file holds
    adopted: bool = False  # the folder had no manifest and is taken over now

    @property
    def changes(self) -> bool:
        return bool(self.write or self.remove or self.adopted)


def _entries(folder: Path) -> dict[str, bool]:
    """Every file and link under `folder` (links not followed), by relative path: whether it is a
    link; {} when there is no folder. One pass of `scandir`, which knows links without another
    call per file."""
    found: dict[str, bool] = {}
    todo = [(os.fspath(folder), '')]
    while todo:
        path, prefix = todo.pop()
        try:
            with os.scandir(path) as entries:
                for entry in entries:
                    rel = prefix + entry.name
                    if entry.is_dir(follow_symlinks=False):
                        todo.append((entry.path, rel + '/'))
                    else:
                        found[rel] = entry.is_symlink()
        except OSError:  # not a folder, or gone meanwhile: as `os.walk`, nothing under it
            continue
    return found


def plan_write(
    files: Mapping[str, Output],
    out: Path,
    *,
    keep: Callable[[str], bool] = lambda rel: False,
    adopt: bool = False,
    digest_of: Callable[[str], str | None] | None = None,
    present: set[str] | None = None,
) -> Plan:
    """Compare a build with the output folder. `keep(path)` says which owned files that this build
    does not make stay anyway (the pages of languages it did not build); `digest_of` reads a file's
    digest (a cache of them makes a no-op build cheap); `present`: the folder's files, where they
    were just listed."""
    digest_of = digest_of or file_digest
    base = os.fspath(out) + os.sep  # paths as strings: a large site has thousands of files
    if present is None:
        present = set(_entries(out))
    manifest = read_manifest(out)
    plan = Plan(adopted=manifest is None and bool(present))
    owned_before = dict(manifest or {})
    if adopt:  # the author's files at paths the build writes become the build's
        owned_before = {**{rel: '' for rel in present if rel in files}, **owned_before}
    present.discard(MANIFEST)
    for rel, f in files.items():
        if rel in present and rel not in owned_before:
            plan.shadowed.append(rel)
            continue
        plan.owned[rel] = f.digest
        if rel not in present or digest_of(base + rel) != f.digest:
            plan.write[rel] = f
    for rel in sorted(set(owned_before) - set(files)):
        if rel not in present:
            continue
        if keep(rel):
            plan.owned[rel] = owned_before[rel] or digest_of(base + rel) or ''
        else:
            plan.remove.append(rel)
    # A link that the build writes under (with --adopt: a link to a folder, or at a path it writes) is
    # not the author's to keep: it is replaced by the build's own folder, never followed.
    others = present - set(plan.owned) - set(plan.remove)  # mostly none
    if others:
        prefixes = {'/'.join(rel.split('/')[:i]) for rel in files for i in range(1, rel.count('/') + 1)}
        others -= {rel for rel in others if rel in prefixes and os.path.islink(out / rel)}
    plan.foreign = sorted(others)
    new_manifest = manifest_bytes(plan.owned)
    if manifest is None or digest_of(base + MANIFEST) != sha256(new_manifest):
        plan.write[MANIFEST] = Output.of(new_manifest)
    return plan


def compare(outputs: Mapping[str, Output], out: Path, keep: Callable[[str], bool]) -> list[tuple[str, str]]:
    """(path, how it differs) for each file where the output folder differs from a fresh build, as
    `check` reports them: missing, stale, no longer built, or an author's file in the way."""
    plan = plan_write(outputs, out, keep=keep)
    return sorted(
        [(rel, 'missing' if not (out / rel).exists() else 'stale') for rel in plan.write]
        + [(rel, 'no longer built by the sources') for rel in plan.remove]
        + [(rel, 'a file the build does not own is in the way') for rel in plan.shadowed]
    )


def file_digest(path: str | Path) -> str | None:
    """A plain file's digest; None for a link, or anything else."""
    found = read_digests([os.fspath(path)])
    return found[0][3] if found else None


# A file's digest as read: its path, size, modification time and digest.
Digest = tuple[str, int, int, str]


def read_digests(files: list[str]) -> list[Digest]:
    """The digests of those of `files` that are plain files, with the state they had when read
    (thousands of files: each is stated once and read through its descriptor)."""
    found = []
    for file in files:
        try:
            st = os.lstat(file)
            if not stat.S_ISREG(st.st_mode):  # a link or not a file
                continue
            fd = os.open(file, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            parts = []
            while part := os.read(fd, st.st_size + 1):
                parts.append(part)
        except OSError:
            continue
        finally:
            os.close(fd)
        found.append((file, st.st_size, st.st_mtime_ns, sha256(b''.join(parts))))
    return found


class DigestCache:
    """Digests of output files by (size, modification time), so an unchanged file is not read.

    `known` adds digests read meanwhile (by the build's workers, `Workers.digests`): each is used,
    as the cache's own, only while its file has the size and modification time it had then."""

    def __init__(self, path: Path | None, known: Sequence[Digest] = ()) -> None:
        self.path = path
        self.old: dict[str, tuple[int, int, str]] = {}
        self.new: dict[str, tuple[int, int, str]] = {}
        if path is not None:  # marshal: thousands of entries, read and written by every build
            with contextlib.suppress(OSError, ValueError, EOFError, TypeError):
                loaded = marshal.loads(path.read_bytes())
                if isinstance(loaded, dict):
                    self.old = loaded  # each entry is checked where it is used (`_entry`)
        self.stored = self.old  # as the file holds it: saved again only where `new` differs
        if known:
            self.old = {**self.old, **{file: (size, mtime, digest) for file, size, mtime, digest in known}}

    def __call__(self, file: str) -> str | None:
        try:
            st = os.lstat(file)
        except OSError:
            return None
        hit = _entry(self.old.get(file))
        if hit and hit[0] == st.st_size and hit[1] == st.st_mtime_ns:
            self.new[file] = hit
            return hit[2]
        digest = file_digest(file)
        if digest is not None:
            self.new[file] = (st.st_size, st.st_mtime_ns, digest)
        return digest

    def unknown(self, out: Path) -> list[str]:
        """The files of `out` that its manifest lists and this cache does not: all of them on a
        first build after a clone. Reading them is most of what writing a build that changed
        little costs then, and the build's workers can do it while the rest is made."""
        out = real_folder(out)
        base = os.fspath(out) + os.sep
        return [base + rel for rel in [*(read_manifest(out) or {}), MANIFEST] if base + rel not in self.old]

    def carry(self, files: Iterable[str]) -> None:
        """Keep what the cache held of `files` that this build did not look up."""
        for file in files:
            if file not in self.new and (entry := _entry(self.old.get(file))):
                self.new[file] = entry

    def record(self, file: str, digest: str) -> None:
        with contextlib.suppress(OSError):
            st = os.lstat(file)
            self.new[file] = (st.st_size, st.st_mtime_ns, digest)

    def save(self) -> None:
        if self.path is None or self.new == self.stored:
            return
        write_atomic(self.path, marshal.dumps(self.new))


def _entry(value: object) -> tuple[int, int, str] | None:
    """A digest cache's entry, if it is one: (size, modification time, digest)."""
    ok = type(value) is tuple and len(value) == 3 and [type(v) for v in value] == [int, int, str]
    return value if ok else None  # type: ignore[return-value]


# ---------------------------------------------------------------- writing


@dataclass
class WriteState:
    """Where a write stands, so that an interruption can say truthfully what is on disk."""

    out: Path
    swapped: bool = False

    def on_disk(self) -> str:
        return 'the new build' if self.swapped else 'the previous output, as it was'


def write_site(
    files: Mapping[str, Output | bytes],
    out: Path,
    *,
    keep: Callable[[str], bool] = lambda rel: False,
    adopt: bool = False,
    digest_cache: Path | None = None,
    state: WriteState | None = None,
    known: Sequence[Digest] = (),
    spare: Path | None = None,
) -> Plan:
    """Put a build in place of the output folder's owned files; returns what was done.

    Nothing is touched when the folder is already up to date. `known`: digests of its files read
    meanwhile (`DigestCache`). `spare`: where the output a write replaced is kept (in the build
    cache), so that the next write makes its new tree from it (`_replace`).
    """
    out = real_folder(out)
    state = state or WriteState(out)
    plan_files = {rel: f if isinstance(f, Output) else Output.of(f) for rel, f in files.items()}
    with lock(out):
        recover(out)
        _refuse_file(out)
        refuse_foreign(out, adopt)
        entries = _entries(out)
        refuse_links(out, adopt, entries)
        digests = DigestCache(digest_cache, known)
        plan = plan_write(plan_files, out, keep=keep, adopt=adopt, digest_of=digests, present=set(entries))
        base = os.fspath(out) + os.sep
        if plan.changes:
            _replace(out, plan, state, spare)
            for rel, f in plan.write.items():
                digests.record(base + rel, f.digest)
        # The other files' digests were read, or found, in the plan; those of files it kept without
        # reading them (another language's pages) are kept as they were.
        digests.carry(base + rel for rel in plan.owned)
        digests.save()
    return plan


def _replace(out: Path, plan: Plan, state: WriteState, spare: Path | None = None) -> None:
    """Make the new tree beside the output folder and swap it in.

    The new tree holds the output's files that do not change as hard links to them. Making
    thousands of links, and removing the replaced tree's, is most of what a write that changes a
    file or two costs: where the exchange leaves the replaced tree whole, it is kept (`spare`),
    and the next write starts from it, unlinking and linking only the files that differ (a file is
    kept when it is the output's own file, the same inode, so what it holds cannot differ).
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = _sibling(out, _TMP)
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        keep = [rel for rel in [*plan.owned, *plan.foreign, MANIFEST] if rel not in plan.write]
        there: set[str] = set()  # files of the spare tree that are the output's own already
        if spare is not None and out.is_dir() and _take(spare, tmp):
            there = _prune(tmp, out, set(keep))
        else:
            tmp.mkdir()
        if out.is_dir():
            _copy_folders(out, tmp)
        old, new = os.fspath(out) + os.sep, os.fspath(tmp) + os.sep
        for rel in keep:
            if rel not in there and not _link(old + rel, new + rel):
                raise OSError(errno.EIO, f'cannot keep {display_path(out / rel)}')
        checked: set[str] = set()  # folders of the new tree known to be folders, not links
        for rel, f in plan.write.items():
            _no_link_on_the_way(new, rel, checked)
            _write_file(new + rel, f.load())
        _swap(tmp, out, state)
        if spare is not None and state.swapped and os.path.isdir(tmp):  # the output replaced
            with contextlib.suppress(OSError):
                os.rename(tmp, spare)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _take(spare: Path, tmp: Path) -> bool:
    """Move the spare tree (a folder of the build cache, never a link) to `tmp`; False if none."""
    try:
        if not stat.S_ISDIR(os.lstat(spare).st_mode):
            return False
        os.rename(spare, tmp)
        return True
    except OSError:  # none, or on another file system than the output
        return False


def _prune(tree: Path, out: Path, keep: set[str]) -> set[str]:
    """Leave in `tree` (an earlier output) only the files of `keep` that are the output's own
    files now (the same file, or a link to the same place) and the output's folders; returns the
    files left."""
    current = {rel: _identity(entry, device) for rel, entry, device in _walk(out)}
    left: set[str] = set()
    for rel, entry, device in _walk(tree, into=lambda rel: current.get(rel) == _FOLDER):
        if entry.is_dir(follow_symlinks=False):
            if current.get(rel) != _FOLDER:
                shutil.rmtree(entry.path)
        elif rel in keep and current.get(rel) == _identity(entry, device):
            left.add(rel)
        else:
            os.unlink(entry.path)
    return left


def _walk(
    folder: Path, into: Callable[[str], bool] = lambda rel: True
) -> Iterator[tuple[str, os.DirEntry[str], int]]:
    """Every entry under `folder` (links not followed) by relative path, with the device of the
    folder that lists it; the entries of a folder only where `into(its path)`."""
    todo = [(os.fspath(folder), '')]
    while todo:
        path, prefix = todo.pop()
        device = os.lstat(path).st_dev
        with os.scandir(path) as entries:
            for entry in entries:
                rel = prefix + entry.name
                yield rel, entry, device
                if entry.is_dir(follow_symlinks=False) and into(rel):
                    todo.append((entry.path, rel + '/'))


_FOLDER = ('folder',)


def _identity(entry: os.DirEntry[str], device: int) -> object:
    """A file as its device and inode, a link as where it leads: the same identity, the same
    content. The folder's listing gives the inode (and its folder's state the device), so no file
    is asked for its own."""
    if entry.is_dir(follow_symlinks=False):
        return _FOLDER
    if entry.is_symlink():
        return ('link', os.readlink(entry.path))
    return (device, entry.inode())


def _write_file(path: str, data: bytes) -> None:
    with open(path, 'wb') as file:
        file.write(data)


def _no_link_on_the_way(tree: str, rel: str, checked: set[str]) -> None:
    """The new tree holds links only where the author keeps them; none may lead a write elsewhere.
    Makes the folders of `rel` that are missing; `checked` holds those seen to be folders."""
    parts = rel.split('/')
    for i in range(1, len(parts) + 1):
        inner = '/'.join(parts[:i])
        if inner in checked:
            continue
        path = tree + inner
        if os.path.islink(path):
            raise OutputError(f'{inner} in the output folder is a symbolic link: not written through')
        if i < len(parts):
            os.makedirs(path, exist_ok=True)
            checked.add(inner)


def _copy_folders(src: Path, dst: Path) -> None:
    """The folder structure (empty folders included), so an author's empty folder survives too; a
    link to a folder is not one (`_walk` lists it without going in)."""
    base = os.fspath(dst) + os.sep
    for rel, entry, _ in _walk(src):
        if entry.is_dir(follow_symlinks=False):
            with contextlib.suppress(FileExistsError):
                os.mkdir(base + rel)


def _link(source: str, target: str) -> bool:
    """Keep a file of the current output in the new tree: a hard link, a copy where links fail.
    Its folder is there already (`_copy_folders`): two calls per file, as a large site has many."""
    if os.path.islink(source):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.symlink(os.readlink(source), target)
        return True
    try:
        os.link(source, target)
        return True
    except FileNotFoundError:
        if not os.path.lexists(source):
            return True  # vanished since the plan; nothing to keep
        os.makedirs(os.path.dirname(target), exist_ok=True)  # a folder made since they were copied
        with contextlib.suppress(OSError):
            os.link(source, target)
            return True
    except OSError:
        pass  # no hard links here (another file system, say): a copy
    try:
        shutil.copy2(source, target)
    except OSError:
        return False
    return True


def _sibling(out: Path, kind: str) -> Path:
    return out.parent / f'.{out.name}.{kind}-{os.getpid()}'


def _leftovers(out: Path) -> list[Path]:
    if not out.parent.is_dir():
        return []
    prefixes = (f'.{out.name}.{_TMP}-', f'.{out.name}.{_OLD}-')
    return sorted(
        p for p in out.parent.iterdir() if p.name.startswith(prefixes) and (p.is_dir() or p.is_symlink())
    )


def recover(out: Path) -> None:
    """Undo what an interrupted write left: put the previous output back if it was moved aside
    (and say so), and remove temporary folders."""
    leftovers = _leftovers(out)
    if not os.path.lexists(out):
        previous = [p for p in leftovers if p.name.startswith(f'.{out.name}.{_OLD}-') and not p.is_symlink()]
        if previous:
            os.rename(previous[-1], out)
            leftovers.remove(previous[-1])
            print(
                f'{display_path(out)}: restored the previous output that an interrupted build had moved aside',
                file=sys.stderr,
            )
    for path in leftovers:
        if path.is_symlink():  # an older version swapped an output that was a link aside: the link goes
            path.unlink()
        else:
            shutil.rmtree(path, ignore_errors=True)


def _swap(tmp: Path, out: Path, state: WriteState) -> None:
    """Make `tmp` the output folder: one atomic exchange where possible, two renames otherwise."""
    if not os.path.lexists(out):
        os.rename(tmp, out)
        state.swapped = True
    elif _exchange(tmp, out):
        state.swapped = True  # `tmp` now holds the previous output; the caller removes it
    else:
        old = _sibling(out, _OLD)
        os.rename(out, old)
        try:
            os.rename(tmp, out)
            state.swapped = True
        finally:
            if not state.swapped:  # interrupted between the renames: put the previous output back
                os.rename(old, out)
        shutil.rmtree(old, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """`renameat2(RENAME_EXCHANGE)`: swap two paths atomically (Linux 3.15+); False where absent."""
    if not sys.platform.startswith('linux') or os.environ.get('SITEGEN_NO_EXCHANGE'):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    result = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    return result == 0


def lock(out: Path) -> contextlib.AbstractContextManager[None]:
    """Hold the lock for writing `out`: an exclusive `flock` on the folder that holds it."""
    return hold(out.parent, 'build writing into')


def foreign_files(out: Path) -> frozenset[str]:
    """Files of the output folder that the build does not own (all of them when it owns none)."""
    present = set(_entries(out))
    owned = read_manifest(out) or {}
    return frozenset(present - set(owned) - {MANIFEST})


def language_of(rel: str, languages: tuple[str, ...]) -> str:
    """The language a file of the site belongs to: `zh/...` is Chinese, anything else English."""
    first = rel.split('/', 1)[0]
    return first if '/' in rel and first in languages and first != 'en' else 'en'
