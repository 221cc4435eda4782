"""Finding the sources: every `.py` file (and readme) of the documented package, read once, with its page path.

A file that cannot be read (permissions, a dangling link) is an error at that file, and the other
sources are still built; so is a page path that two sources would share (`index.py` beside
`__init__.py`), which names both.
"""

from __future__ import annotations

import ast
import os
import warnings
from dataclasses import replace
from pathlib import Path

from sitegen.doc import Source, page_path
from sitegen.errors import Messages, display_path

README_NAMES = ('README.md', 'readme.md')


def discover(source_dir: Path, root: Path, markdown: tuple[Path, ...] = ()) -> tuple[list[Source], Messages]:
    """Every `.py` file under `source_dir`, in a stable order; hidden and cache folders skipped.

    Markdown files are pages too: every `README.md` or `readme.md`, and the files of `markdown`
    (paths in the source folder). A readme is its folder's index page (`index.html`) when the
    folder has no `__init__.py` with a docstring; such an `__init__.py` is then `__init__.html`.
    """
    messages = Messages.empty()
    source_dir, root = source_dir.resolve(), root.resolve()
    try:
        base = source_dir.relative_to(root).as_posix()  # the package's path in the repository
    except ValueError:
        base = source_dir.name
    found: list[Source] = []
    owners: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(source_dir, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith('.') and d != '__pycache__')
        folder = Path(dirpath)
        inside_folder = folder.relative_to(source_dir).as_posix()
        # A folder named like a source, or a link to one, is reported rather than skipped.
        names = filenames + [d for d in dirnames if d.endswith('.py') or (folder / d).is_symlink()]
        listed = {p.name for p in markdown if (source_dir / p).parent.resolve() == folder.resolve()}
        pages = sorted(n for n in names if n.endswith('.py') or n in README_NAMES or n in listed)
        readme = next((n for n in README_NAMES if n in pages), None)
        for name in pages:
            if name in README_NAMES and name != readme:
                continue  # both spellings: the first is the page
            path = folder / name
            inside = name if inside_folder == '.' else f'{inside_folder}/{name}'
            rel = f'{base}/{inside}' if base != '.' else inside
            data = _read(path, rel, messages)
            if data is None:
                continue
            found.append(Source(path, rel, inside, page_path(inside), data))
        if readme:
            _readme_as_index(found, inside_folder, readme)
    for wanted in markdown:
        if not (source_dir / wanted).is_file():
            messages.warn(
                display_path(root / 'pyproject.toml', root),
                1,
                f'[tool.site] markdown lists {wanted.as_posix()}, which is not a file of {base}/',
                'source',
            )
    found.sort(key=lambda s: s.in_package.split('/'))
    unique = []
    for source in found:
        if source.page in owners:
            other = owners[source.page]
            messages.error(
                source.rel, 1, f'{other} and {source.rel} would both be the page {source.page}; rename one'
            )
            continue
        owners[source.page] = source.rel
        unique.append(source)
    return unique, messages


def _readme_as_index(found: list[Source], inside_folder: str, readme: str) -> None:
    """Give a folder's readme its `index.html` unless its `__init__.py` has a docstring."""
    prefix = '' if inside_folder == '.' else f'{inside_folder}/'
    at = {s.in_package: i for i, s in enumerate(found)}
    if prefix + readme not in at:
        return
    init = at.get(prefix + '__init__.py')
    if init is not None:
        if _has_docstring(found[init].data):
            return
        found[init] = replace(found[init], page=f'{prefix}__init__.html')
    i = at[prefix + readme]
    found[i] = replace(found[i], page=f'{prefix}index.html')


def _has_docstring(data: bytes) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            return ast.get_docstring(ast.parse(data), clean=False) is not None
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


def _read(path: Path, rel: str, messages: Messages) -> bytes | None:
    if path.is_dir():
        messages.error(rel, 1, 'a folder named like a Python file: rename it, or it is not documented')
        return None
    try:
        return path.read_bytes()
    except FileNotFoundError:
        target = os.readlink(path) if path.is_symlink() else '?'
        messages.error(rel, 1, f'a link to {target}, which does not exist')
    except OSError as e:
        reason = 'a link that leads to itself' if e.errno == 40 else (e.strerror or str(e))
        messages.error(rel, 1, f'cannot read {display_path(path)}: {reason}')
    return None
