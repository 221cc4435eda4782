"""Finding one's way on a page and between pages: the page's contents, the pages before and after
it in the site's reading order, and where a problem with one section is reported.

Everything here is a pure function of a page's rendered sections (or of the site's list of
pages), so the results are cached with the page like the rest of its HTML.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from dataclasses import dataclass

from sitegen.doc import MARKER, Neighbour, Section, SectionView, Settings, lang_path, relative_url
from sitegen.sitewide.search import doc_text

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
                anchor = s.anchor or f'section-{s.index}'
            else:
                anchor = f'section-{s.index}-{k}'
            if text:
                found.append(Entry(int(m.group(1)), text, s.index, anchor))
    return found


# Ids the templates give elements of every page, never a section's.
_TEMPLATE_IDS = frozenset(
    {'content', 'paper', 'paper-label', 'papers', 'papers-label', 'cite-page', 'cite-paper', 'toc-title'}
    | {'search-input', 'search-results', 'site-contents', 'site-contents-label'}
)


def section_anchors(sections: list[Section], definitions: tuple[tuple[str, int], ...]) -> list[Section]:
    """Each section's anchor, named from what it documents so that adding a section elsewhere on the
    page leaves it as it was: the first class or function defined in its code (`Class.method`), else
    its first heading (in English, so every language has the same), else the name before it with a
    count (`Class.method-2`). Unique on the page: never another section's, an id the documentation
    gives (`<a id="Name">`), a code anchor (`def-Name`), a `section-N` or one of the templates'."""
    at_line = {line: name for name, line in definitions}
    taken = {*_TEMPLATE_IDS, *('def-' + name for name, _ in definitions)}
    for s in sections:
        taken.add(f'section-{s.index}')
        if s.doc:
            taken.update(s.doc.anchors)
            taken.update(f'section-{s.index}-{k}' for k in range(s.doc.template.count('<h')))
    out = []
    base, count = 'start', 1
    for s in sections:
        name = next((at_line[line.number] for line in s.code if line.number in at_line), '')
        if not name and s.doc:
            m = _HEADING.search(s.doc.template)
            if m:
                name = _slug(doc_text(MARKER.sub(' ', m.group(3)))[0])
                if _NUMBERED.fullmatch(name):  # a heading "Section 6": never a section's number
                    name = 'heading-' + name
        if name:
            base, count = name, 1
        anchor = name
        while not anchor or anchor in taken:  # no name: the one before with a count
            count += 1
            anchor = f'{base}-{count}'
        taken.add(anchor)
        out.append(dataclasses.replace(s, anchor=anchor))
    return out


_NUMBERED = re.compile(r'section-\d+(?:-\d+)?')


def _slug(text: str) -> str:
    """A heading as an id: its words, lower case, joined by hyphens (letters of any script kept)."""
    return '-'.join(re.findall(r'\w+', text.lower()))[:60].strip('-')


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


def contents(sections: list[SectionView]) -> list[Entry]:
    """The page's contents: the headings below its title, two levels of them.

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
    entries = [dataclasses.replace(e, level=e.level - top + 1) for e in found if top <= e.level < top + 2]
    return entries if len(entries) >= 2 else []


def reading_order(pages: frozenset[str], order: tuple[str, ...] = ()) -> list[str]:
    """Every page in the order a reader goes through the site: the home page, then each folder
    (a topic) as its index page followed by its pages, then its subfolders, the same way down.

    `order` (`[tool.site] order`) lists source paths relative to the source folder, folders or
    files (`"transformers"`, `"transformers/mha.py"`): those listed come first among their folder's
    entries, in the order given; the rest follow, files by name, then folders by name.
    """
    rank = {posixpath.splitext(entry.strip('/'))[0]: i for i, entry in enumerate(order)}

    def key(page: str) -> list[tuple[int, int, int, str]]:
        parts = page.split('/')
        out = []
        for depth, part in enumerate(parts):
            is_folder = depth < len(parts) - 1
            path = posixpath.splitext('/'.join(parts[: depth + 1]))[0]
            first = not is_folder and part == 'index.html'
            out.append((0 if first else 1, rank.get(path, len(rank)), int(is_folder), part))
        return out

    return sorted(pages, key=key)


def depth(page: str) -> int:
    """A page's depth in the reading order: 0 for the home page and a topic's index page."""
    return page.count('/') - (1 if page.endswith('/index.html') else 0)


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
    `sitegen.sitewide.revision.COMMIT_FILE`): in the HTML, a link on every section would weigh more than
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
