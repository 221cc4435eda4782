"""Finding one's way on a page and between pages: the page's contents, the pages before and after
it in its folder, and where a problem with one section is reported.

Everything here is a pure function of a page's rendered sections (or of the site's list of
pages), so the results are cached with the page like the rest of its HTML.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from dataclasses import dataclass

from sitegen.doc import Neighbour, SectionView, Settings, lang_path, relative_url
from sitegen.search import doc_text

_HEADING = re.compile(r'<h([1-6])\b([^>]*)>(.*?)</h\1>', re.S)
_ID = re.compile(r'\bid="([^"]+)"')


@dataclass(frozen=True)
class Entry:
    """One line of a page's contents: a heading and where it is."""

    level: int  # 1 for the outermost level the contents show
    text: str  # the heading as plain text (formulas as their linear text)
    section: int  # index of the section that holds the heading
    anchor: str  # its id: the section's when it opens the section, else its own


def headings(sections: list[SectionView]) -> list[Entry]:
    """Every heading of the page, in order (`level` as written). The first heading of a section
    is found at the section's anchor, unless text comes before it; any other heading has its own
    id (`section-N-K`, given by `with_heading_ids`) or the one its author gave it."""
    found = []
    for s in sections:
        for k, m in enumerate(_HEADING.finditer(s.doc)):
            text = doc_text(m.group(3))[0]
            own = _ID.search(m.group(2))
            if own:
                anchor = own.group(1)
            elif k == 0 and not doc_text(s.doc[: m.start()])[0]:
                anchor = f'section-{s.index}'
            else:
                anchor = f'section-{s.index}-{k}'
            if text:
                found.append(Entry(int(m.group(1)), text, s.index, anchor))
    return found


def with_heading_ids(sections: list[SectionView]) -> list[SectionView]:
    """The sections with an id on every heading that is not at its section's anchor."""
    out = []
    for s in sections:
        count = 0

        def give(m: re.Match[str], s: SectionView = s) -> str:
            nonlocal count
            k, count = count, count + 1
            if _ID.search(m.group(2)) or (k == 0 and not doc_text(s.doc[: m.start()])[0]):
                return m.group(0)
            return f'<h{m.group(1)} id="section-{s.index}-{k}"{m.group(2)}>{m.group(3)}</h{m.group(1)}>'

        doc = _HEADING.sub(give, s.doc)
        out.append(s if doc == s.doc else dataclasses.replace(s, doc=doc))
    return out


def contents(sections: list[SectionView], depth: int = 2) -> list[Entry]:
    """The page's contents: the headings below its title, `depth` levels of them.

    A page with one top-level heading (its title) lists the levels under it; a page with several
    lists those. Contents with fewer than two entries are left out: they would lead nowhere.
    """
    found = headings(sections)
    if not found:
        return []
    top = min(e.level for e in found)
    if sum(1 for e in found if e.level == top) == 1 and found[0].level == top:
        found = found[1:]
        top += 1
    entries = [dataclasses.replace(e, level=e.level - top + 1) for e in found if top <= e.level < top + depth]
    return entries if len(entries) >= 2 else []


def folder_neighbours(pages: frozenset[str]) -> dict[str, tuple[str | None, str | None]]:
    """Each page's pages before and after it among the pages of its folder.

    A folder's `index.html` comes first, then the others by name; a subfolder's pages are not
    the folder's.
    """
    folders: dict[str, list[str]] = {}
    for p in pages:
        folders.setdefault(posixpath.dirname(p), []).append(p)
    out: dict[str, tuple[str | None, str | None]] = {}
    for here in folders.values():
        here.sort(key=lambda p: (posixpath.basename(p) != 'index.html', p))
        for at, page in enumerate(here):
            out[page] = (here[at - 1] if at > 0 else None), (here[at + 1] if at + 1 < len(here) else None)
    return out


def neighbour_title(neighbour: Neighbour, lang: str) -> str:
    """The title a neighbouring page has in `lang` (its English one where it has no other)."""
    titles = dict(neighbour.titles)
    return titles.get(lang) or titles.get('en') or posixpath.basename(neighbour.page)


def navigation(
    page: str,
    lang: str,
    sections: list[SectionView],
    settings: Settings,
    neighbours: tuple[Neighbour | None, Neighbour | None],
) -> dict[str, object]:
    """What the templates show to find one's way: `toc` (the contents), `previous` and `next`
    ((relative URL, title) or None), `sections` (with ids on the headings the contents link to
    that are not at a section's anchor), `report` (where a new issue is opened: `issues` of
    `[tool.site]`; '' without one). site.js makes each section's "Report a problem" link from it (its title names
    the page and the section; its body the section's address, the language and the commit, from
    `sitegen.revision.COMMIT_FILE`): in the HTML, a link on every section would weigh more than
    the page's text."""
    here = lang_path(lang, page)

    def link(n: Neighbour | None) -> tuple[str, str] | None:
        return (relative_url(here, lang_path(lang, n.page)), neighbour_title(n, lang)) if n else None

    return dict(
        sections=with_heading_ids(sections),
        toc=contents(sections),
        previous=link(neighbours[0]),
        next=link(neighbours[1]),
        report=settings.issues,
    )
