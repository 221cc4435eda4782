"""Finding the sources: every `.py` file (and readme) of the documented package, read once, with its page path.

A file that cannot be read (permissions, a dangling link) is an error at that file, and the other
sources are still built; so is a page path that two sources would share (`index.py` beside
`__init__.py`), which names both, and a source larger than the limit (`max_source_mb` in
`[tool.site]`, 5 MB by default).

Nothing from outside the source tree is published: a symbolic link (to a file or a folder) is
followed only when it leads inside the source folder, and one that leads elsewhere is a warning
and is skipped; so is a special file (a FIFO, a device), which is never opened.
"""

from __future__ import annotations

import ast
import fnmatch
import os
import stat
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from sitegen.doc import Source, page_path
from sitegen.errors import Messages, display_path
from sitegen.reading.parse import syntax_tree

MAX_SOURCE_MB = 5.0
README_NAMES = ('README.md', 'readme.md')


def inside(path: Path, folder: Path) -> bool:
    """Whether `path`, its links resolved, lies inside `folder` (itself resolved)."""
    real = Path(os.path.realpath(path))
    return real == folder or folder in real.parents


def discover(
    source_dir: Path,
    root: Path,
    max_mb: float = MAX_SOURCE_MB,
    markdown: tuple[Path, ...] = (),
    exclude: tuple[str, ...] = (),
) -> tuple[list[Source], Messages]:
    """Every `.py` file under `source_dir`, in a stable order; hidden and cache folders skipped.

    Markdown files are pages too: every `README.md` or `readme.md`, and the files of `markdown`
    (paths in the source folder). A readme is its folder's index page (`index.html`) when the
    folder has no `__init__.py` with a docstring; such an `__init__.py` is then `__init__.html`.
    Beside an `__init__.py` with a docstring, the readme is no page, with a warning.
    `exclude`: globs of paths in the package that are no pages (`excluded`).
    """
    messages = Messages.empty()
    source_dir, root = source_dir.resolve(), root.resolve()
    try:
        base = source_dir.relative_to(root).as_posix()  # the package's path in the repository
    except ValueError:
        base = source_dir.name
    found: list[Source] = []
    for folder, inside_folder, dirnames, filenames in _walk(source_dir, source_dir, messages, base):
        # A folder named like a source is reported rather than skipped.
        names = filenames + [d for d in dirnames if d.endswith('.py')]
        pages = _folder_pages(names, folder, source_dir, markdown, exclude, (base, inside_folder))
        readme = next((n for n in README_NAMES if n in pages), None)
        for name in pages:
            if name in README_NAMES and name != readme:
                continue  # both spellings: the first is the page
            path = folder / name
            inside_name, rel = _rel(base, inside_folder, name)
            if not _utf8(rel):  # its page's address and messages could not be written
                messages.error(rel, 1, 'a file name that is not UTF-8 cannot be a page: rename it', 'source')
                continue
            data = _read(path, rel, source_dir, max_mb, messages)
            if data is not None:
                found.append(Source(path, rel, inside_name, page_path(inside_name), data))
        if readme:
            _readme_as_index(found, inside_folder, readme, messages)
    _missing_markdown(markdown, source_dir, root, base, messages)
    found.sort(key=lambda s: s.in_package.split('/'))
    return _one_source_a_page(found, messages), messages


def _folder_pages(
    names: list[str],
    folder: Path,
    source_dir: Path,
    markdown: tuple[Path, ...],
    exclude: tuple[str, ...],
    where: tuple[str, str],
) -> list[str]:
    """The names in `folder` that are pages, sorted: `.py` files, readmes and the folder's files
    listed in `markdown`, less those `exclude` matches; `where`: the package's path in the
    repository and the folder's in the package."""
    listed = {p.name for p in markdown if (source_dir / p).parent.resolve() == folder.resolve()}
    pages = sorted(n for n in names if n.endswith('.py') or n in README_NAMES or n in listed)
    if exclude:
        pages = [n for n in pages if not excluded(_rel(*where, n)[0], exclude)]
    return pages


def _missing_markdown(
    markdown: tuple[Path, ...], source_dir: Path, root: Path, base: str, messages: Messages
) -> None:
    """A warning for each file `[tool.site] markdown` lists that is not a file of the package."""
    for wanted in markdown:
        if not (source_dir / wanted).is_file():
            said = f'[tool.site] markdown lists {wanted.as_posix()}, which is not a file of {base}/'
            messages.warn(display_path(root / 'pyproject.toml', root), 1, said, 'source')


def _one_source_a_page(found: list[Source], messages: Messages) -> list[Source]:
    """`found` less each source whose page path an earlier one has, with an error naming both."""
    owners: dict[str, Source] = {}
    for source in found:
        if source.page not in owners:
            owners[source.page] = source
            continue
        other = owners[source.page].rel
        messages.error(
            source.rel, 1, f'{other} and {source.rel} would both be the page {source.page}; rename one'
        )
    return list(owners.values())


def _utf8(name: str) -> bool:
    """Whether a name read from the file system is text (not bytes kept as lone surrogates)."""
    return not any('\ud800' <= c <= '\udfff' for c in name)


def _readme_as_index(found: list[Source], inside_folder: str, readme: str, messages: Messages) -> None:
    """Give a folder's readme its `index.html` unless its `__init__.py` has a docstring, which
    is then the folder's one index page: the readme is left out (a second page on the same
    subject, often with the same title), and a warning says so."""
    prefix = '' if inside_folder == '.' else f'{inside_folder}/'
    at = {s.in_package: i for i, s in enumerate(found)}
    i, init = at.get(prefix + readme), at.get(prefix + '__init__.py')
    if i is None:
        return
    if init is not None and _has_docstring(found[init].data):
        said = (
            f'not a page: the docstring of {found[init].rel} is the index page of this folder. '
            'To make this readme the index instead, remove that docstring; to leave it out '
            'without this warning, list it in exclude = [...] of [tool.site]'
        )
        messages.warn(found.pop(i).rel, 1, said, 'source')
        return
    if init is not None:
        found[init] = replace(found[init], page=f'{prefix}__init__.html')
    found[i] = replace(found[i], page=f'{prefix}index.html')


def excluded(path: str, patterns: tuple[str, ...]) -> bool:
    """Whether a source (its path in the package) is left out by `exclude` of `[tool.site]`: a
    glob matching its path, its name, or one of its folders (`scratch` leaves out `scratch/a.py`)."""
    parts = path.split('/')
    candidates = [path, parts[-1]] + ['/'.join(parts[:i]) for i in range(1, len(parts))]
    return any(fnmatch.fnmatchcase(c, p.rstrip('/')) for p in patterns for c in candidates)


def _has_docstring(data: bytes) -> bool:
    try:
        return ast.get_docstring(syntax_tree(data), clean=False) is not None
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


def tree_folders(top: Path) -> list[Path]:
    """`top` and every folder under it that a build reads: hidden and cache folders skipped, links
    followed only to folders inside `top` not reached otherwise. [] when `top` is not a folder."""
    if not top.is_dir():
        return []
    return [folder for folder, *_ in _walk(top, top.resolve(), Messages.empty(), '.')]


def _walk(
    top: Path, real_top: Path, messages: Messages, base: str
) -> Iterator[tuple[Path, str, list[str], list[str]]]:
    """`os.walk` of `top`, hidden and cache folders skipped, a link followed only where it leads to
    a folder of `real_top` not walked yet (`_follow`, which warns of the others; `base`: the
    package's path in the repository, for its messages): each folder, its path in `top`, its
    folders and its files."""
    walked: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(top, followlinks=True):
        folder = Path(dirpath)
        walked.add(os.path.realpath(folder))
        inside_folder = folder.relative_to(top).as_posix()
        dirnames[:] = [
            d
            for d in sorted(dirnames)
            if not d.startswith('.')
            and d != '__pycache__'
            and _follow(folder / d, _rel(base, inside_folder, d)[1], real_top, walked, messages)
        ]
        yield folder, inside_folder, dirnames, filenames


def _rel(base: str, folder: str, name: str) -> tuple[str, str]:
    """A file's path in the package and in the repository."""
    inside_name = name if folder == '.' else f'{folder}/{name}'
    return inside_name, f'{base}/{inside_name}' if base != '.' else inside_name


def _follow(path: Path, rel: str, source_dir: Path, walked: set[str], messages: Messages) -> bool:
    """Whether to walk a folder: a link only when it leads to a folder of the tree not walked yet."""
    if not path.is_symlink():
        return True
    target = os.readlink(path)
    if not inside(path, source_dir):
        _link_outside(rel, target, 'files', messages)
        return False
    if os.path.realpath(path) in walked:
        messages.warn(rel, 1, f'a link to {target}, a folder already documented: skipped', 'source')
        return False
    return True


def _link_outside(rel: str, target: str, what: str, messages: Messages) -> None:
    warning = f'a link to {target}, outside the source folder: skipped (copy the {what} in instead)'
    messages.warn(rel, 1, warning, 'source')


def _read(path: Path, rel: str, source_dir: Path, max_mb: float, messages: Messages) -> bytes | None:
    """A source's bytes, once it is known to be a regular file of the tree within the size limit."""
    try:
        if path.is_symlink() and not inside(path, source_dir):
            _link_outside(rel, os.readlink(path), 'file', messages)
            return None
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            messages.error(rel, 1, 'a folder named like a Python file: rename it, or it is not documented')
            return None
        if not stat.S_ISREG(info.st_mode):
            kind = 'a FIFO' if stat.S_ISFIFO(info.st_mode) else 'a device or socket'
            messages.warn(rel, 1, f'{kind}, not a file: skipped (never opened)', 'source')
            return None
        if info.st_size > int(max_mb * 1024 * 1024):
            messages.error(
                rel,
                1,
                f'{info.st_size / 1024 / 1024:.3g} MB, over the limit of {max_mb:g} MB for a source: '
                f'split it, or raise max_source_mb in [tool.site] of pyproject.toml',
            )
            return None
        return path.read_bytes()
    except FileNotFoundError:
        target = os.readlink(path) if path.is_symlink() else '?'
        messages.error(rel, 1, f'a link to {target}, which does not exist')
    except OSError as e:
        reason = 'a link that leads to itself' if e.errno == 40 else (e.strerror or str(e))
        messages.error(rel, 1, f'cannot read {display_path(path)}: {reason}')
    return None
