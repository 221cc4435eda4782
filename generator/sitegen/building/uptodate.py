"""A build that would change nothing, known from file states alone and answered before any stage loads.

After a build that succeeded and wrote its output folder, `record` keeps in `.build_cache/` the
command (its flags, the current folder, the Python and the generator that ran it), what it printed,
and the state of every file and folder that build read or wrote: the sources, the translation
cache, the templates, the asset folders, `pyproject.toml`, the papers file, the generator's own
files, the folders of the installed libraries, the files git reads for the commit, and the output
folder. The next `build` with the same flags compares those states with `os.stat` (`replay`); when
every one is as it was, the output is what a build would write, so it prints what the last build
printed and ends, without reading a source or importing the build (Markdown, Pygments, Jinja2,
KaTeX, the workers). Any difference, or a record that cannot be read, is a full build.

A state is a file's size, modification and change times and inode (a folder's: the same, so an
added or removed entry is seen). A write within the same tick of the file system's clock as the
record could leave all of these as they were, so for a file changed shortly before its state was
taken the record keeps its content's digest, and for such a folder its list of entries; those are
compared too. Inputs are taken before the build reads them and outputs after they are written:
an edit made while a build runs makes the next build a full one.
"""

from __future__ import annotations

import marshal
import os
import sys
import time
from stat import S_ISDIR, S_ISREG

TYPE_CHECKING = False  # `typing` and `collections.abc` are not loaded for a replay
if TYPE_CHECKING:
    from collections.abc import Iterable

# In `marshal`'s format: read several times faster than JSON, and with no module to import.
RECORD = 'up-to-date.marshal'
FORMAT = 1
# A state taken this soon after a change could miss a second change within the clock's tick
# (a few milliseconds on Linux; a whole second, or two, on file systems that keep seconds only).
RACY_NS = 50_000_000
RACY_COARSE_NS = 2_000_000_000
SKIPPED = frozenset({'__pycache__'})
# The libraries a page's HTML depends on: an install or removal changes the folder that holds them,
# and their versions are part of every page's cache key (`library_versions`).
LIBRARIES = {
    'jinja2': 'Jinja2',
    'markdown': 'Markdown',
    'nh3': 'nh3',
    'pygments': 'Pygments',
    'yaml': 'PyYAML',
    'quickjs': 'quickjs',
}  # import name -> distribution name
# Git's own environment changes which repository, and so which commit, a build names.
GIT_ENVIRONMENT = ('GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_INDEX_FILE')
GENERATOR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the `sitegen` folder


# The command's flags that name files: text when a build is replayed, paths when it is recorded.
PATH_FLAGS = ('root', 'source', 'cache', 'templates', 'out', 'report', 'file')


def _flag(name: str, value: object) -> object:
    """A flag's value as the record keeps it: a file's name the same however it is written."""
    if isinstance(value, (bool, int, type(None))):
        return value
    if name in PATH_FLAGS:
        return os.path.normpath(str(value))
    return str(value)


def request(args: object, cwd: str) -> dict[str, object]:
    """The command, as far as it decides what a build reads, writes and prints."""
    flags = {
        name: _flag(name, value)
        for name, value in sorted(vars(args).items())
        if name not in ('jobs', 'report')
    }
    flags['set'] = [str(item) for item in getattr(args, 'set', [])]
    return {
        'format': FORMAT,
        'flags': flags,
        'cwd': cwd,
        'python': [sys.executable, sys.version],
        'generator': GENERATOR,
        'environment': {name: os.environ.get(name) for name in GIT_ENVIRONMENT},
    }


def record_path(root: str) -> str:
    # The folder is `SiteConfig.build_cache`; `sitegen.reading.config` is not imported to find it.
    return os.path.join(root, '.build_cache', RECORD)


# ---------------------------------------------------------------- states


def _state(path: str, follow: bool = True) -> list | None:
    try:
        st = os.stat(path) if follow else os.lstat(path)
    except OSError:
        return None
    # A FIFO or a device ('o') is never opened: a FIFO would block until a writer came.
    kind = 'd' if S_ISDIR(st.st_mode) else 'f' if S_ISREG(st.st_mode) else 'o'
    return [kind, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def racy(mtime_ns: int, taken_ns: int) -> bool:
    """Whether a file modified at `mtime_ns` may have changed again, unseen, by `taken_ns`."""
    margin = RACY_COARSE_NS if mtime_ns % 1_000_000_000 == 0 else RACY_NS
    return mtime_ns >= taken_ns - margin


def _content(path: str, kind: object) -> str | None:
    """What a racy entry holds: a file's digest, a folder's entries."""
    try:
        if kind == 'd':
            return '\0'.join(sorted(os.listdir(path)))
        if kind != 'f':
            return None
        import hashlib

        with open(path, 'rb') as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


def tree(top: str, follow: bool = True) -> list[str]:
    """`top` and every folder and file under it (but `__pycache__`). With `follow`, a link to a
    folder inside `top` is followed, each real folder once, as the sources are read; a link that
    leads elsewhere is one entry (the state of what it leads to)."""
    found = [top]
    inside = os.path.join(os.path.realpath(top), '') if follow else ''
    seen: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(top, followlinks=follow):
        if follow:  # where links are followed, each real folder once and only inside `top`
            real = os.path.realpath(dirpath)
            if real in seen or not os.path.join(real, '').startswith(inside):
                dirnames[:] = []
                continue
            seen.add(real)
        dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED)
        found.extend(os.path.join(dirpath, name) for name in dirnames + sorted(filenames))
    return found


def snapshot(paths: Iterable[str], follow: bool = True) -> dict[str, list[object] | None]:
    """The state of each path now (None: absent), with the content of those changed just now."""
    taken = time.time_ns()
    states: dict[str, list[object] | None] = {}
    for path in paths:
        state = _state(path, follow)
        if state is not None and racy(state[2], taken):
            state.append(_content(path, state[0]))
        states[path] = state
    return states


def _unchanged(states: dict[str, list[object] | None], follow: bool) -> bool:
    for path, was in states.items():
        now = _state(path, follow)
        if now is None or was is None:
            if now != was:
                return False
        elif now != was[:5] or (len(was) > 5 and _content(path, was[0]) != was[5]):
            return False
    return True


# ---------------------------------------------------------------- what a build reads


def git_files(root: str) -> list[str]:
    """The files `git rev-parse HEAD` reads in `root`: each `.git` looked for up to the repository
    (absent ones too, so that a new repository is seen), its HEAD, the branch's ref, packed refs."""
    found = []
    folder = os.path.abspath(root)
    while True:
        candidate = os.path.join(folder, '.git')
        found.append(candidate)
        if os.path.exists(candidate):
            break
        parent = os.path.dirname(folder)
        if parent == folder:
            return found
        folder = parent
    gitdir = candidate
    if os.path.isfile(candidate):  # a worktree's or submodule's `.git` names its folder
        line = _read(candidate)
        if line is None:
            return found
        if line.startswith('gitdir:'):
            gitdir = os.path.join(folder, line[len('gitdir:') :].strip())
    head = os.path.join(gitdir, 'HEAD')
    commondir = _read(os.path.join(gitdir, 'commondir'))
    common = gitdir if commondir is None else os.path.join(gitdir, commondir)
    found += [head, os.path.join(gitdir, 'commondir'), os.path.join(common, 'packed-refs')]
    ref = _read(head)
    if ref is not None and ref.startswith('ref:'):
        name = ref[len('ref:') :].strip()
        found += [os.path.join(gitdir, name), os.path.join(common, name)]
    return found


def _read(path: str) -> str | None:
    """A small text file's content, stripped; None where it cannot be read."""
    try:
        with open(path, encoding='utf-8') as f:
            return f.read().strip()
    except OSError:
        return None


def _library_packages() -> dict[str, str]:
    """Each page-making library's package folder, by its import name."""
    import importlib.util

    found = {}
    for name in LIBRARIES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.origin:
            found[name] = os.path.dirname(spec.origin)
    return found


def library_folders() -> list[str]:
    """The folders the page-making libraries are installed in."""
    folders = []
    for package in _library_packages().values():
        folders += [os.path.dirname(package), package]
    return sorted(set(folders))


def _canonical(name: str) -> str:
    """A distribution's name as its metadata folder may spell it (`PyYAML`, `pyyaml`, `Py_YAML`)."""
    return name.lower().replace('_', '-').replace('.', '-')


def library_versions() -> list[str]:
    """Python's version and `name==version` of each page-making library, whose output reaches the pages.

    Read from the names of the metadata folders beside each package (`markdown-3.11.3.dist-info`),
    which imports neither the libraries nor `importlib.metadata` (30 ms); a library installed in
    another layout is asked of `importlib.metadata`, and one that is missing is `name==missing`."""
    versions = [f'python=={sys.version}']
    packages = _library_packages()
    listed: dict[str, list[str]] = {}
    for name, distribution in LIBRARIES.items():
        version = None
        if name in packages:
            folder = os.path.dirname(packages[name])
            if folder not in listed:
                try:
                    listed[folder] = os.listdir(folder)
                except OSError:
                    listed[folder] = []
            for entry in listed[folder]:
                stem, dot, kind = entry.rpartition('.')
                named, _, found = stem.partition('-')
                if dot and kind == 'dist-info' and _canonical(named) == _canonical(distribution):
                    version = found
                    break
        if version is None and name in packages:
            from importlib.metadata import PackageNotFoundError
            from importlib.metadata import version as metadata_version

            try:
                version = metadata_version(distribution)
            except PackageNotFoundError:
                version = 'unknown'
        versions.append(f'{distribution}=={version or "missing"}')
    return versions


def inputs(root: str, files: Iterable[str], trees: Iterable[str]) -> dict[str, list[object] | None]:
    """The state of what a build reads: `files`, every file of the `trees`, the generator, the
    libraries and git's files."""
    paths = [*files, *git_files(root), *library_folders()]
    for top in [*trees, GENERATOR]:
        paths += tree(top)
    return snapshot(dict.fromkeys(paths))


# ---------------------------------------------------------------- record and replay


def record(
    root: str,
    key: dict[str, object],
    read: dict[str, list[object] | None],
    out: list[str],
    printed: dict[str, object],
) -> None:
    """Keep what a successful build read (`read`, taken before it read anything), the state of its
    output folder now (`out`: the folder as configured, a link perhaps, then the folder written),
    and what it printed, for `replay`."""
    from pathlib import Path

    from sitegen.files import write_atomic

    written = snapshot(dict.fromkeys([out[0], *tree(out[-1], follow=False)]), follow=False)
    body = {'request': key, 'read': read, 'written': written, 'printed': printed}
    write_atomic(Path(record_path(root)), marshal.dumps(body))


def project_root(args: object) -> str:
    """The project folder a command names (`--root`, or the current folder), as its record has it."""
    return os.path.realpath(os.path.abspath(getattr(args, 'root', None) or os.getcwd()))


def replay(args: object, started: float) -> int | None:
    """Answer a `build` whose record still holds: print what the last build printed and return its
    exit status (0); None when a build must run."""
    root = project_root(args)
    try:
        # Read whole: `marshal.load` of a file object reads it a few bytes at a time (10 times slower).
        with open(record_path(root), 'rb') as f:
            body = marshal.loads(f.read())
        if body['request'] != request(args, os.getcwd()):
            return None
        if not (_unchanged(body['read'], True) and _unchanged(body['written'], False)):
            return None
        printed = body['printed']
        seconds = time.perf_counter() - started
        report = getattr(args, 'report', None)
        if report is not None:
            import json

            data = dict(printed['report'], seconds=round(seconds, 3))
            with open(report, 'w', encoding='utf-8') as f:
                f.write(json.dumps(data, indent=1, ensure_ascii=False) + '\n')
    except (OSError, EOFError, ValueError, KeyError, TypeError, AttributeError):
        return None  # no record, another version's, or a report that cannot be written: a build says why
    if printed['stage'] and not getattr(args, 'quiet', False) and _plain_lines():
        print(printed['stage'], file=sys.stderr, flush=True)
    sys.stderr.write(printed['messages'])
    print(f'up to date: {printed["shown"]}: {printed["figures"]}{seconds:.2f} s')
    return 0


def _plain_lines() -> bool:
    """Whether progress is printed as lines (as `console.Progress` decides: not on a terminal)."""
    return not (sys.stderr.isatty() and not os.environ.get('CI'))
