"""Finding one's way on a page and between pages: the page's contents, the pages before and after
it in its folder, and the link that reports a problem with one section.

Everything here is a pure function of a page's rendered sections (or of the site's list of
pages), so the results are cached with the page like the rest of its HTML.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from urllib.parse import urlencode

from sitegen.doc import Neighbour, SectionView, Settings, lang_path, relative_url
from sitegen.search import doc_text

_HEADING = re.compile(r'<h([1-6])\b[^>]*>(.*?)</h\1>', re.S)


@dataclass(frozen=True)
class Entry:
    """One line of a page's contents: a heading and the section it opens."""

    level: int  # 1 for the outermost level the contents show
    text: str  # the heading as plain text (formulas as their linear text)
    section: int  # index of the section that holds the heading


def headings(sections: list[SectionView]) -> list[tuple[int, str, int]]:
    """(level, text, section index) of every heading of the page, in order."""
    found = []
    for s in sections:
        for m in _HEADING.finditer(s.doc):
            text = doc_text(m.group(2))[0]
            if text:
                found.append((int(m.group(1)), text, s.index))
    return found


def contents(sections: list[SectionView], depth: int = 2) -> list[Entry]:
    """The page's contents: the headings below its title, `depth` levels of them.

    A page with one top-level heading (its title) lists the levels under it; a page with several
    lists those. Contents with fewer than two entries are left out: they would lead nowhere.
    """
    found = headings(sections)
    if not found:
        return []
    top = min(level for level, _, _ in found)
    if sum(1 for level, _, _ in found if level == top) == 1 and found[0][0] == top:
        found = found[1:]
        top += 1
    entries = [
        Entry(level - top + 1, text, index) for level, text, index in found if top <= level < top + depth
    ]
    return entries if len(entries) >= 2 else []


def section_headings(sections: list[SectionView]) -> dict[int, str]:
    """Each section's nearest heading at or above it (the page's title before the first one)."""
    found = {index: text for _, text, index in reversed(headings(sections))}
    current, out = '', {}
    for s in sections:
        current = found.get(s.index, current)
        out[s.index] = current
    return out


def folder_neighbours(page: str, pages: frozenset[str]) -> tuple[str | None, str | None]:
    """The pages before and after `page` among the pages of its folder.

    Its folder's `index.html` comes first, then the others by name; a subfolder's pages are not
    the folder's.
    """
    folder = posixpath.dirname(page)
    here = sorted(
        (p for p in pages if posixpath.dirname(p) == folder),
        key=lambda p: (posixpath.basename(p) != 'index.html', p),
    )
    at = here.index(page)
    return (here[at - 1] if at > 0 else None), (here[at + 1] if at + 1 < len(here) else None)


def neighbour_title(neighbour: Neighbour, lang: str) -> str:
    """The title a neighbouring page has in `lang` (its English one where it has no other)."""
    titles = dict(neighbour.titles)
    return titles.get(lang) or titles.get('en') or posixpath.basename(neighbour.page)


def report_url(
    repository: str, page: str, page_url: str, section: int, heading: str, lang: str, commit: str
) -> str:
    """A new issue at the repository, about one section of one page in one language.

    Its title names the page and the section, its body every detail a maintainer needs to find
    the text: the address of the section, its anchor, the language and the commit the site was
    built from (left out when unknown).
    """
    anchor = f'section-{section}'
    title = f'{page}#{anchor}' + (f': {heading}' if heading else '')
    body = [
        f'Page: {page_url}#{anchor}',
        f'Section: {anchor}' + (f' ({heading})' if heading else ''),
        f'Language: {lang}',
    ]
    if commit:
        body.append(f'Commit: {commit}')
    body += ['', 'What is wrong:', '']
    query = urlencode({'title': title, 'body': '\n'.join(body)})
    return f'{repository.rstrip("/")}/issues/new?{query}'


def navigation(
    page: str,
    lang: str,
    sections: list[SectionView],
    settings: Settings,
    neighbours: tuple[Neighbour | None, Neighbour | None],
) -> dict[str, object]:
    """What the templates show to find one's way: `toc` (the contents), `previous` and `next`
    ((relative URL, title) or None), `reports` (section index -> its problem report's address;
    empty without a repository) and `commit`."""
    here = lang_path(lang, page)

    def link(n: Neighbour | None) -> tuple[str, str] | None:
        return (relative_url(here, lang_path(lang, n.page)), neighbour_title(n, lang)) if n else None

    reports = {}
    if settings.repository:
        url = settings.page_url(lang, page)
        near = section_headings(sections)
        reports = {
            s.index: report_url(settings.repository, page, url, s.index, near[s.index], lang, settings.commit)
            for s in sections
            if s.doc
        }
    return dict(
        toc=contents(sections),
        previous=link(neighbours[0]),
        next=link(neighbours[1]),
        reports=reports,
        commit=settings.commit,
    )
