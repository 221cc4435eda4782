"""The in-memory model of the site: source files, pages and their sections, as plain data.

Nothing here reads templates or writes files; `render` turns these into HTML.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

from sitegen.math import MARKER, Math

PLACEHOLDER = '<span translate=no>_^_{}_^_</span>'
PLACEHOLDER_RE = re.compile(r'<span translate=no>_\^_(\d+)_\^_</span>')


@dataclass(frozen=True)
class Fragment:
    """One section's documentation, rendered."""

    template: str
    parts: tuple[str, ...]
    links: tuple[str, ...] = ()  # relative URLs it links to, checked after the build
    anchors: tuple[str, ...] = ()  # ids it defines, for links from elsewhere
    math_errors: tuple[tuple[Math, str], ...] = ()
    plain: str = field(default='', compare=False)  # its text, for search and descriptions

    def html(self) -> str:
        return MARKER.sub(lambda m: self.parts[int(m.group(1))], self.template)

    def key(self) -> str:
        """The fragment as a translation cache key."""
        return MARKER.sub(lambda m: PLACEHOLDER.format(m.group(1)), self.template)

    def fill(self, translated: str) -> str:
        """A translated key's value with the original pieces put back in place of placeholders."""
        return PLACEHOLDER_RE.sub(lambda m: self.parts[int(m.group(1))], translated)


@dataclass(frozen=True)
class SourceFile:
    """One `.py` file of the documented package and where its page goes."""

    path: Path  # on disk
    rel: str  # relative to the repository root, for links to the repository
    page: str  # page path relative to the site root, e.g. `transformers/mha.html`


def page_path(rel_in_package: str) -> str:
    """`x.py` becomes `x.html`; a package's `__init__.py` becomes its folder's `index.html`."""
    folder, name = posixpath.split(rel_in_package)
    stem = 'index' if name == '__init__.py' else name[: -len('.py')]
    return posixpath.join(folder, stem + '.html')


def discover(source: Path, root: Path) -> list[SourceFile]:
    """Every `.py` file under `source`, in a stable order; hidden and cache folders skipped."""
    files = []
    source, root = source.resolve(), root.resolve()
    try:
        base = source.relative_to(root).as_posix()  # the package's path in the repository
    except ValueError:
        base = source.name
    for path in sorted(source.rglob('*.py')):
        rel_parts = path.relative_to(source).parts
        if any(p.startswith('.') or p == '__pycache__' for p in rel_parts):
            continue
        inside = '/'.join(rel_parts)
        files.append(SourceFile(path, f'{base}/{inside}' if base != '.' else inside, page_path(inside)))
    return files


@dataclass(frozen=True)
class CodeLine:
    number: int
    html: str


@dataclass(frozen=True)
class Section:
    """A row of the page: documentation on the left, the code it explains on the right."""

    index: int
    kind: str  # module / docstring / comment / code
    doc: Fragment | None  # None when the section has no words
    code: tuple[CodeLine, ...]
    doc_line: int


@dataclass(frozen=True)
class Page:
    source: SourceFile
    title: str
    summary: str
    sections: tuple[Section, ...]
    math_count: int

    @property
    def anchors(self) -> frozenset[str]:
        ids = {f'section-{s.index}' for s in self.sections}
        for s in self.sections:
            if s.doc:
                ids.update(s.doc.anchors)
        return frozenset(ids)


_HEADING = re.compile(r'^#\s+(.+?)\s*#*\s*$', re.M)


def title_from(front_matter: dict[str, object], module_doc: str, fallback: str) -> str:
    """Front matter's title, else the docstring's first `# heading`, else the file name."""
    title = front_matter.get('title')
    if isinstance(title, str) and title.strip():
        return ' '.join(title.split())
    m = _HEADING.search(module_doc)
    return m.group(1) if m else fallback


def summary_from(front_matter: dict[str, object], first_doc: Fragment | None) -> str:
    summary = front_matter.get('summary')
    if isinstance(summary, str) and summary.strip():
        return ' '.join(summary.split())
    if first_doc is None:
        return ''
    text = first_doc.plain
    return text if len(text) <= 200 else text[:197].rsplit(' ', 1)[0] + '…'


def relative_url(from_page: str, to_path: str) -> str:
    """Relative URL from one page to another file of the site."""
    start = posixpath.dirname(from_page) or '.'
    rel = posixpath.relpath(to_path, start)
    return rel


def breadcrumbs(page: str, pages: frozenset[str], home: str) -> list[tuple[str, str | None]]:
    """(label, relative URL or None) from home through the page's folders."""
    crumbs: list[tuple[str, str | None]] = [(home, relative_url(page, 'index.html'))]
    parts = page.split('/')[:-1]
    for depth in range(1, len(parts) + 1):
        index = '/'.join(parts[:depth]) + '/index.html'
        crumbs.append((parts[depth - 1], relative_url(page, index) if index in pages else None))
    return crumbs
