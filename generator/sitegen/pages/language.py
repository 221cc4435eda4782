"""A page in one language: how its copy reaches the URLs of the site, and what it shows.

Every language's copy of a page is made here from the page's model (`sitegen.pages.page`): the English
one resolves the fragments' URLs, a translated one looks each fragment up in its cache file,
counts its coverage and warns, at the source line, about a text left in English or outdated.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import unquote

from sitegen.doc import (
    CatalogFile,
    Coverage,
    Page,
    PageJob,
    Section,
    SectionView,
    lang_path,
    link_target,
    relative_url,
)
from sitegen.errors import Messages
from sitegen.translation.catalog import (
    Catalog,
    Translated,
    key_label,
    normalise,
    parse_catalog,
    translate_fragment,
    translate_text,
)

Resolver = Callable[[str], str]  # a URL as written in the documentation to the one a page links to


def url_resolver(page: str, lang: str, pages: frozenset[str]) -> Resolver:
    """How one language's copy of a page reaches a URL of the site.

    Pages exist in every language, so a link between pages stays as it is written; `static:`
    files and every other file (an image, a notebook, a file placed in the output folder) exist
    once, at the site's root, and are reached from where the page of this language lies.
    """
    here = lang_path(lang, page)

    def resolve(url: str) -> str:
        if url.startswith('static:'):
            return relative_url(here, 'static/' + url[len('static:') :])
        if lang == 'en':
            return url
        target, _ = link_target(page, url)
        if target in pages:
            return url
        path = url.split('#', 1)[0].split('?', 1)[0]
        file = posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(path)))
        return relative_url(here, file) + ('/' if path.endswith('/') else '') + url[len(path) :]

    return resolve


@dataclass(frozen=True)
class EnglishKeys:
    """A page's translation keys, the same for every language: each section's (None where it has
    no words), and each key, title and summary normalised (`sitegen.translation.catalog.normalise`)."""

    sections: tuple[str | None, ...]
    normalised: dict[str, str]


def english_keys(page: Page, job: PageJob) -> EnglishKeys:
    """The keys of a page, made once for all its translated languages."""
    english = url_resolver(page.source.page, 'en', job.site.pages)
    sections = tuple(s.doc.key(english) if s.doc else None for s in page.sections)
    texts = [k for k in sections if k is not None] + [page.title, page.summary]
    return EnglishKeys(sections, {k: normalise(k) for k in texts})


@dataclass(frozen=True)
class LanguageView:
    """A page's sections, title and summary in one language, with its translation coverage."""

    lang: str
    sections: tuple[SectionView, ...]
    title: str
    summary: str
    coverage: Coverage | None = None  # None in English
    used_keys: tuple[str, ...] = ()
    kept_keys: tuple[str, ...] = ()  # entries shown as outdated translations: not stale yet


def language_view(
    page: Page,
    job: PageJob,
    lang: str,
    catalog_file: CatalogFile | None,
    messages: Messages,
    keys: EnglishKeys | None = None,
) -> LanguageView:
    """The page as one language shows it; a fragment left in English is a warning at the source
    line of its text. `keys`: the page's (`english_keys`), made once for its languages."""
    resolve = url_resolver(page.source.page, lang, job.site.pages)
    if lang == 'en':
        return _english_view(page, resolve)
    english = url_resolver(page.source.page, 'en', job.site.pages)
    keys = keys or english_keys(page, job)
    catalog = _catalog(catalog_file, messages, keys.normalised)
    tally = _Tally(page, lang, catalog.file, messages)
    catalog.claim(keys.normalised)
    views = [
        _translated_section(s, key, catalog, (english, resolve), tally)
        for s, key in zip(page.sections, keys.sections, strict=True)
    ]
    title = translate_text(page.title, catalog)
    tally(page.title, title)
    summary_html = page.summary
    if page.summary:
        summary = translate_text(page.summary, catalog)
        tally(page.summary, summary)
        summary_html = summary.html
    return LanguageView(
        lang,
        tuple(views),
        title.html,
        summary_html,
        tally.coverage,
        tuple(sorted(catalog.used)),
        tuple(sorted(catalog.outdated)),
    )


def _english_view(page: Page, resolve: Resolver) -> LanguageView:
    """The page in English: each section's documentation as written, its links resolved."""
    sections = tuple(_view(s, s.doc.html(resolve) if s.doc else '') for s in page.sections)
    return LanguageView('en', sections, page.title, page.summary)


def _view(s: Section, doc: str, lang: str | None = None, outdated: bool = False) -> SectionView:
    """Section `s` as a page shows it, with `doc` its documentation's HTML (in `lang` where that is
    not the page's language)."""
    return SectionView(s.index, s.kind, doc, lang, s.code, s.code_html, outdated, s.anchor)


def _translated_section(
    s: Section, key: str | None, catalog: Catalog, resolvers: tuple[Resolver, Resolver], tally: _Tally
) -> SectionView:
    """One section in the catalog's language, counted in `tally`: its documentation translated (the
    English where the catalog has no translation, marked as such), its code as it is. `resolvers`:
    the links of the English page's and of this one's."""
    if not s.doc:
        return _view(s, '')
    english, resolve = resolvers
    translated = translate_fragment(s.doc, catalog, english, resolve, key)
    tally(translated.key, translated, s.doc_line)
    shown_in = None if translated.status in ('found', 'outdated') else 'en'
    return _view(s, translated.html, shown_in, translated.status == 'outdated')


def _catalog(catalog_file: CatalogFile | None, messages: Messages, known: dict[str, str]) -> Catalog:
    """A page's cache file, read; what is wrong with it is a warning (the page stays in English).
    `known`: the page's keys normalised."""
    if catalog_file is None:
        return Catalog('', known=known)
    catalog, problems = parse_catalog(catalog_file.name, catalog_file.data, known)
    for m in problems:
        messages.warn(
            m.file, m.line, f'{m.message}; the page is built in English until the file is fixed', 'cache'
        )
    for m in catalog.warnings:
        messages.warn(m.file, m.line, m.message, 'cache')
    return catalog


@dataclass
class _Tally:
    """Counts each distinct key once (and warns once), however often the page repeats it."""

    page: Page
    lang: str
    cache_file: str
    messages: Messages
    seen: set[str] = field(default_factory=set)
    counts: dict[str, int] = field(default_factory=dict)  # by status

    @property
    def coverage(self) -> Coverage:
        return Coverage(**self.counts)

    def __call__(self, key: str, result: Translated, line: int = 1) -> None:
        if key in self.seen:
            return
        self.seen.add(key)
        self.counts[result.status] = self.counts.get(result.status, 0) + 1
        if result.problem:
            self.messages.warn(
                result.problem.file, result.problem.line, result.problem.message, 'translation'
            )
        if result.repair:
            self.messages.notice(result.repair.file, result.repair.line, result.repair.message, 'repair')
        if result.status == 'outdated' and result.entry:
            self.messages.warn(
                self.page.source.rel,
                line,
                f'the {self.lang} translation of {key_label(key)} was made for an earlier English text '
                f'({result.entry.file}:{result.entry.line}); it is shown marked as outdated until it is '
                f'translated again',
                'translation',
            )
        if result.status == 'missing':
            self.messages.warn(
                self.page.source.rel,
                line,
                f'no {self.lang} translation for {key_label(key)}: add one to {self.cache_file or "its cache file"}',
                'translation',
            )
