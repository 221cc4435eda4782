"""The records the pipeline hands from stage to stage, as plain frozen data.

Nothing here reads templates or writes files. The stages (see the package's README) turn a
`Source` into a `PageJob`, a job into a `PageResult`, and results into the files of the site.
"""

from __future__ import annotations

import dataclasses
import html
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, get_args
from urllib.parse import quote, unquote

from sitegen.errors import Messages

PLACEHOLDER = '<span translate=no>_^_{}_^_</span>'
PLACEHOLDER_RE = re.compile(r'<span translate=no>_\^_(\d+)_\^_</span>')

# Private-use characters that Markdown passes through untouched: `\ue000N\ue001` marks the N-th
# piece of a fragment that is not translated, `\ue003N\ue004` the N-th URL, resolved per language.
OPEN, CLOSE = '\ue000', '\ue001'
MARKER = re.compile(f'{OPEN}(\\d+){CLOSE}')
URL_OPEN, URL_CLOSE = '\ue003', '\ue004'
URL_MARKER = re.compile(f'{URL_OPEN}(\\d+){URL_CLOSE}')

# Punctuation that stays on the line of the inline formula it touches. A browser may break a line
# on either side of a formula (KaTeX's boxes are inline blocks), which leaves "(" alone at the end
# of a line or puts ")" or "," at the start of the next; `<span class="nowrap">` holds them
# together on the page. Keys never see it.
_OPENING = '([{“‘«（［｛「『【'
_CLOSING = ')]}”’»,.;:!?）］｝」』】、。，．：；！？'
INLINE_MATH = '<span class="katex">'


def _glued(pattern: re.Pattern[str]) -> re.Pattern[str]:
    return re.compile(f'([{re.escape(_OPENING)}])?(?:{pattern.pattern})([{re.escape(_CLOSING)}])?')


def _put_parts(text: str, pattern: re.Pattern[str], parts: tuple[str, ...]) -> str:
    """`text` with each marker of `pattern` replaced by its part, punctuation glued to inline math."""

    def put(m: re.Match[str]) -> str:
        before, piece, after = m.group(1) or '', parts[int(m.group(2))], m.group(3) or ''
        if (before or after) and piece.startswith(INLINE_MATH):
            return f'<span class="nowrap">{before}{piece}{after}</span>'
        return before + piece + after

    return pattern.sub(put, text)


_MARKER_GLUED = _glued(MARKER)
_TAG = re.compile(r'<[^>]+>')
_PLACEHOLDER_GLUED = _glued(PLACEHOLDER_RE)


# ---------------------------------------------------------------- sources

# What a section of a page is: the module docstring, a definition's docstring, a comment block, or
# code before any documentation.
SectionKind = Literal['module', 'docstring', 'comment', 'code']


@dataclass(frozen=True)
class Source:
    """One `.py` (or Markdown) file of the documented package: where it is, where its page goes, its bytes."""

    path: Path  # on disk
    rel: str  # relative to the project root: messages and links to the repository
    in_package: str  # relative to the package folder, e.g. `transformers/mha.py`
    page: str  # page path relative to the site root, e.g. `transformers/mha.html`
    data: bytes = field(default=b'', repr=False)  # the file, read once


def page_path(rel_in_package: str) -> str:
    """`x.py` and `x.md` become `x.html`; a package's `__init__.py` becomes its folder's `index.html`."""
    folder, name = posixpath.split(rel_in_package)
    stem = 'index' if name == '__init__.py' else name.rsplit('.', 1)[0]
    return posixpath.join(folder, stem + '.html')


def is_markdown(rel: str) -> bool:
    """A Markdown page's source, rather than a Python one."""
    return rel.endswith('.md')


# ---------------------------------------------------------------- a page's model


@dataclass(frozen=True)
class Math:
    """A formula of the documentation."""

    tex: str
    display: bool
    offset: int  # where it starts in the section's text, so a problem can name its source line


@dataclass(frozen=True)
class Fragment:
    """One section's documentation, rendered.

    Its `template` is HTML in which every piece that is not translated (math, inline code, code
    blocks, images) is a numbered marker standing for one of `parts`, and every URL is a marker
    standing for one of `urls` as the author wrote it, so that each language's page resolves it
    from where that page lies.
    """

    template: str
    parts: tuple[str, ...]
    urls: tuple[str, ...] = ()
    anchors: tuple[str, ...] = ()  # ids it defines, for links from elsewhere
    math_errors: tuple[tuple[Math, str], ...] = ()  # each formula KaTeX rejected, and why

    @property
    def plain(self) -> str:
        """Its text, for descriptions: the pieces that are not translated left out."""
        return ' '.join(html.unescape(_TAG.sub(' ', MARKER.sub(' ', self.template))).split())

    @property
    def links(self) -> tuple[str, ...]:
        """Relative URLs it links to, as written, for the link checker."""
        return tuple(url for url in self.urls if not url.startswith('static:'))

    def html(self, resolve: Callable[[str], str]) -> str:
        """The fragment on a page, its URLs resolved by `resolve`."""
        text = _put_parts(self.template, _MARKER_GLUED, self.parts) if self.parts else self.template
        return self._urls(text, resolve)

    def key(self, resolve: Callable[[str], str]) -> str:
        """The fragment as a translation cache key, URLs as the English page has them."""
        text = self.template
        if self.parts:
            text = MARKER.sub(lambda m: PLACEHOLDER.format(m.group(1)), text)
        return self._urls(text, resolve)

    def fill(self, translated: str, english: Callable[[str], str], resolve: Callable[[str], str]) -> str:
        """A translated key's value with the original pieces put back in place of placeholders.

        The value's URLs are the key's, as the English page resolves them; each is resolved
        again from where the translated page lies.
        """
        for i, url in enumerate(self.urls):
            shown = english(url)
            # As the key wrote it, or as the sanitizer writes it back (`'` and `>` left bare).
            for written in dict.fromkeys(
                (html.escape(shown), shown.replace('&', '&amp;').replace('"', '&quot;'))
            ):
                translated = translated.replace(f'="{written}"', f'="{URL_OPEN}{i}{URL_CLOSE}"')
        if self.parts:
            translated = _put_parts(translated, _PLACEHOLDER_GLUED, self.parts)
        return self._urls(translated, resolve)

    def _urls(self, text: str, resolve: Callable[[str], str]) -> str:
        if not self.urls:
            return text
        return URL_MARKER.sub(lambda m: html.escape(resolve(self.urls[int(m.group(1))])), text)


@dataclass(frozen=True)
class CodeLine:
    number: int
    html: str


@dataclass(frozen=True)
class Section:
    """A row of the page: documentation on the left, the code it explains on the right."""

    index: int
    kind: SectionKind
    doc: Fragment | None  # None when the section has no words
    code: tuple[CodeLine, ...]
    doc_line: int
    code_html: str = ''  # the lines of `code` as the page shows them, made once for every language
    anchor: str = ''  # its id, named from what it documents (`sitegen.sitewide.toc.section_anchors`)


@dataclass(frozen=True)
class Page:
    source: Source
    title: str
    summary: str
    sections: tuple[Section, ...]
    math_count: int

    @property
    def anchors(self) -> frozenset[str]:
        ids = {f'section-{s.index}' for s in self.sections} | {s.anchor for s in self.sections if s.anchor}
        for s in self.sections:
            if s.doc:
                ids.update(s.doc.anchors)
        return frozenset(ids)


@dataclass(frozen=True)
class SectionView:
    """A section as one language's page shows it."""

    index: int
    kind: SectionKind
    doc: str
    lang: str | None  # set where the text stays in English on a translated page
    code: tuple[CodeLine, ...]
    code_html: str = ''
    outdated: bool = False  # translated from English that has changed since
    anchor: str = ''  # its id in every language (`Section.anchor`); `section-N` stays a second one


# ---------------------------------------------------------------- what one page's work reads


@dataclass(frozen=True)
class Settings:
    """What a page's HTML depends on besides its source: the configuration's page-facing part,
    and digests of the templates and of the generator itself."""

    title: str
    url: str
    repository: str
    branch: str
    package: str  # the documented package's name
    languages: tuple[str, ...]  # every configured language, for the language links
    template_dirs: tuple[Path, ...]
    fingerprint: str  # templates, generator code and KaTeX
    field_style: str = 'plain'  # how a docstring field's name meets its text (`sitegen.reading.docstrings`)
    sanitize_english: bool = False  # the English documentation passes the translations' allow-list
    issues: str = ''  # where a new issue is opened; '' : no "Report a problem" links
    repository_links: bool = True  # whether pages link their file in `repository`

    def repository_file(self, rel: str) -> str:
        """A file of the source tree in the repository, up to the commit (`{commit}`, which the page's
        script fills in from `sitegen.sitewide.revision.COMMIT_FILE`, so that a commit changes no page); ''
        where the pages link no repository."""
        if not self.repository or not self.repository_links:
            return ''
        return f'{self.repository.rstrip("/")}/blob/{{commit}}/{url_quote(rel)}'

    def colab_url(self, rel: str) -> str:
        """Colab address of a notebook that sits in the repository."""
        repo = self.repository.rstrip('/').removeprefix('https://github.com/')
        return f'https://colab.research.google.com/github/{repo}/blob/{self.branch}/{rel}'

    def page_url(self, lang: str, page: str) -> str:
        """Absolute URL of a page in a language, as the canonical link and the sitemap give it;
        '' without a configured `url` (no such links are made)."""
        if not self.url:
            return ''
        path = lang_path(lang, page)
        if path.endswith('index.html'):
            path = path[: -len('index.html')]
        return self.url.rstrip('/') + '/' + url_quote(path)


@dataclass(frozen=True)
class Site:
    """The parts of the site every page links into."""

    pages: frozenset[str]
    notebooks: frozenset[str]  # notebooks in the source tree (package paths)


@dataclass(frozen=True)
class Paper:
    """The paper a page implements, as its front matter or the papers file gives it (`sitegen.sitewide.papers`)."""

    key: str  # its BibTeX key, such as vaswani2017attention
    title: str
    authors: tuple[str, ...]
    year: int
    arxiv: str = ''
    doi: str = ''
    url: str = ''  # its page, where it has neither an arXiv id nor a DOI
    pdf: str = ''
    institution: str = ''  # the publisher of a report
    venue: str = ''  # the journal or proceedings

    @property
    def abstract_url(self) -> str:
        if self.arxiv:
            return f'https://arxiv.org/abs/{self.arxiv}'
        return f'https://doi.org/{self.doi}' if self.doi else self.url

    @property
    def pdf_url(self) -> str:
        return self.pdf or (f'https://arxiv.org/pdf/{self.arxiv}' if self.arxiv else '')


@dataclass(frozen=True)
class Neighbour:
    """A page before or after another in the site's reading order, with its title in each language."""

    page: str
    titles: tuple[tuple[str, str], ...]  # (language, title)


@dataclass(frozen=True)
class ContentsEntry:
    """A page in the site's reading order (`sitegen.sitewide.toc.reading_order`), as the home page and the
    site menu list it: its depth (0 for the home page and each topic's index page, 1 for a topic's
    pages and its subtopics' index pages, ...), its title and summary in each language."""

    page: str
    depth: int
    titles: tuple[tuple[str, str], ...]
    summaries: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class CatalogFile:
    """One translation cache file as read from disk (`data` is None when there is none)."""

    lang: str
    name: str  # as messages show it
    data: bytes | None = field(repr=False)


@dataclass(frozen=True)
class PageJob:
    """Everything one page's rendering reads. Its digest is the page's cache key."""

    source: Source
    languages: tuple[str, ...]  # the languages built
    catalogs: tuple[CatalogFile, ...]
    site: Site
    settings: Settings
    xrefs: tuple[tuple[str, str], ...] = ()  # imported name -> its definition on another page
    definitions: tuple[tuple[str, int], ...] = ()  # the page's own classes and functions -> line
    previous: Neighbour | None = None  # the pages before and after it in its folder (`sitegen.sitewide.toc`)
    next: Neighbour | None = None
    paper: Paper | None = None  # the paper the page implements
    papers: tuple[tuple[Paper, tuple[Neighbour, ...]], ...] = ()  # the home page's: every paper, its pages
    contents: tuple[ContentsEntry, ...] = ()  # the home page's: every page in reading order
    site_titles: tuple[tuple[str, str], ...] = ()  # the site's title by language (the home page's titles)


# What became of a page's text in a language, as coverage counts it: translated, translated from an
# earlier (nearly the same) English, not translated, or translated by a value that cannot be used.
Status = Literal['found', 'outdated', 'missing', 'invalid']
STATUSES: tuple[Status, ...] = get_args(Status)


@dataclass(frozen=True)
class Coverage:
    """How many of a page's distinct texts a language's cache translates, by status; added with `+`."""

    found: int = 0
    outdated: int = 0
    missing: int = 0
    invalid: int = 0

    def __add__(self, other: Coverage) -> Coverage:
        return Coverage(*(getattr(self, s) + getattr(other, s) for s in STATUSES))

    def as_dict(self) -> dict[str, int]:
        return {s: getattr(self, s) for s in STATUSES}


SearchRecord = tuple[
    str, str, str, str
]  # (section's anchor, heading, text, names): see `sitegen.sitewide.search`


@dataclass(frozen=True)
class LanguagePage:
    """One language's copy of a page: what the build needs of it, and its HTML until it is cached."""

    lang: str
    digest: str  # sha256 of its HTML
    title: str  # as the language shows it, for the search index
    search: tuple[SearchRecord, ...]
    coverage: Coverage | None = None  # None in English, which has nothing to translate
    used_keys: tuple[str, ...] = ()  # the cache keys it looked up
    kept_keys: tuple[str, ...] = ()  # cache entries shown as outdated translations: not stale yet
    html: bytes | None = field(default=None, repr=False)  # its UTF-8; None once kept in the page cache
    postings: str = field(default='', repr=False)  # `search.page_postings` of its records


@dataclass(frozen=True)
class PageResult:
    """Everything the build needs from one page, in each language; kept in the incremental cache.

    Right after rendering each `LanguagePage` holds its HTML; the page cache keeps the HTML on disk
    and hands back results without it (`without_html`), read again only when a file is written.
    """

    source: Source
    languages: tuple[LanguagePage, ...] = ()  # empty when the source could not be parsed
    anchors: frozenset[str] = frozenset()
    links: tuple[tuple[str, int], ...] = ()  # (relative URL as written, source line)
    sections: int = 0
    math: int = 0
    messages: Messages = field(default_factory=Messages.empty)

    @property
    def built(self) -> bool:
        """False when the source could not be parsed: the page has no output."""
        return bool(self.languages)

    def language(self, lang: str) -> LanguagePage | None:
        return next((page for page in self.languages if page.lang == lang), None)

    @property
    def translation(self) -> dict[str, dict[str, int]]:
        """Coverage of each translated language, as counts by status."""
        return {p.lang: p.coverage.as_dict() for p in self.languages if p.coverage is not None}

    def without_html(self) -> PageResult:
        """The result as the page cache keeps it in memory: digests, not HTML."""
        return dataclasses.replace(
            self, languages=tuple(dataclasses.replace(p, html=None) for p in self.languages)
        )


# ---------------------------------------------------------------- paths of the site


def lang_path(lang: str, page: str) -> str:
    """Where a page of a language lives under the output folder."""
    return page if lang == 'en' else f'{lang}/{page}'


_SPAN = re.compile(r'<span\b|</span>')
_END_SPAN = re.compile('</span>')
_NOT_SPAN = re.compile(r'<span\w')  # the start of `<spanner>`, another element


def span_end(html: str, start: int) -> int:
    """Where the `<span>` that starts at `start` ends, just after its end tag (-1: not closed)."""
    if html.startswith('<span', start):
        # Each end tag closes one element, the start tags before it opened some more: counted
        # between end tags, not read one by one (a formula of KaTeX's is hundreds of tags).
        depth, at = 0, start
        for close in _END_SPAN.finditer(html, start):
            depth += html.count('<span', at, close.start()) - 1
            at = close.end()
            if depth == 0:
                if _NOT_SPAN.search(html, start, at) is None:  # each `<span` counted was a span
                    return at
                break
    depth = 0
    for tag in _SPAN.finditer(html, start):
        depth += 1 if tag.group(0) == '<span' else -1
        if depth == 0:
            return tag.end()
    return -1


def url_quote(path: str) -> str:
    """A path of the site as it is written in a URL: spaces, `#`, `?` and the like percent-encoded."""
    return quote(path, safe="/-._~!$&'()*+,;=:@")


def relative_quote(path: str) -> str:
    """A relative path of the site as it is written in a URL (`url_quote`), never read as a
    scheme: a first part with a colon (the page of a file `javascript:x.py`) is written
    `./javascript:x.html`, which a browser reads as a path, not as script to run."""
    url = url_quote(path)
    return './' + url if ':' in url.split('/', 1)[0] else url


def relative_url(from_page: str, to_path: str) -> str:
    """Relative URL from one page to another file of the site, or to a folder of it: a `to_path`
    ending in `/` (`''` for the site's root) is a folder, reached as `../` (`''` from inside it).

    Every relative URL of the site is made here: links between pages, the templates' `static`
    and `root`, cross-links of the code.
    """
    if to_path == '' or to_path.endswith('/'):
        rel = _relpath(to_path or '.', posixpath.dirname(from_page) or '.')
        return '' if rel == '.' else relative_quote(rel) + '/'
    return relative_quote(_relpath(to_path, posixpath.dirname(from_page) or '.'))


def _relpath(path: str, start: str) -> str:
    """`posixpath.relpath(path, start)` of two paths of the site (relative, without `..`), found
    from their parts alone: `relpath` asks the system for the working folder at every call."""
    if path.startswith('/') or start.startswith('/') or '..' in path or '..' in start:
        return posixpath.relpath(path, start)
    to = [part for part in path.split('/') if part and part != '.']
    at = [part for part in start.split('/') if part and part != '.']
    common = 0
    while common < len(to) and common < len(at) and to[common] == at[common]:
        common += 1
    return '/'.join(['..'] * (len(at) - common) + to[common:]) or '.'


def link_target(page: str, url: str) -> tuple[str, str]:
    """(site path, fragment) that a relative link on `page` points at; a folder means its index."""
    path, _, fragment = url.partition('#')
    path = unquote(path.split('?')[0])
    if not path:
        return page, fragment
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    if path.endswith('/') or target == '.':
        target = posixpath.normpath(posixpath.join(target, 'index.html'))
    return target, fragment


def is_relative(url: str) -> bool:
    """A URL that points into the site itself: no scheme, no host, not absolute."""
    return bool(url) and not re.match(r'^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^/', url)


def breadcrumbs(page: str, pages: frozenset[str], home: str) -> list[tuple[str, str | None]]:
    """(label, relative URL or None) from home through the page's folders."""
    crumbs: list[tuple[str, str | None]] = [(home, relative_url(page, 'index.html'))]
    parts = page.split('/')[:-1]
    for depth in range(1, len(parts) + 1):
        index = '/'.join(parts[:depth]) + '/index.html'
        crumbs.append((parts[depth - 1], relative_url(page, index) if index in pages else None))
    return crumbs


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
