"""One page: a source parsed, its formulas listed, then rendered in every language.

It runs in a worker process in two steps (see `sitegen.workers`). `prepare` parses the source and
protects each section's math once; the worker keeps the result while the build typesets the
formulas of every page, each distinct one once. `render` then turns it into a `PageResult`.
Everything a page reads comes in its `PageJob`, so the work can be cached by the job's digest.
"""

from __future__ import annotations

import bisect
import posixpath
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from sitegen import identifiers, parse
from sitegen import search as search_index
from sitegen.catalog import (
    STATUSES,
    Catalog,
    Translated,
    key_label,
    parse_catalog,
    translate_fragment,
    translate_text,
)
from sitegen.doc import (
    CatalogFile,
    CodeLine,
    Page,
    PageJob,
    PageResult,
    Section,
    SectionView,
    is_markdown,
    lang_path,
    link_target,
    relative_url,
    summary_from,
    title_from,
)
from sitegen.docstrings import fields_to_markdown
from sitegen.errors import Messages
from sitegen.highlight import highlight_lines
from sitegen.markup import render_markdown
from sitegen.math import Protected, Typeset, katex, protect_math
from sitegen.render import code_lines_html, render_page

Formula = tuple[str, bool]  # (TeX, display)


@dataclass
class Prepared:
    """A parsed page waiting for its formulas; it stays in the process that parsed it."""

    job: PageJob
    parsed: parse.ParsedModule | None  # None when the source could not be parsed
    lines: list[str] = field(default_factory=list)
    protected: list[Protected | None] = field(default_factory=list)  # per section, None without words
    messages: Messages = field(default_factory=Messages.empty)

    @property
    def formulas(self) -> list[Formula]:
        return [(m.tex, m.display) for p in self.protected if p for m in p.formulas]


def prepare(job: PageJob) -> Prepared:
    """Parse one source and protect each section's math, listing its formulas."""
    messages = Messages.empty()
    rel = job.source.rel
    markdown = is_markdown(rel)
    try:
        text = _markdown_text(job.source.data, rel) if markdown else parse.decode(job.source.data, rel)
        parsed = parse.parse_markdown(text, rel) if markdown else parse.parse_source(text, rel)
    except parse.ParseError as e:
        messages.error(rel, e.line, e.message, 'source')
        return Prepared(job, None, messages=messages)
    for line, warning in parsed.warnings:
        messages.warn(rel, line, warning, 'source')
    style = job.settings.field_style
    protected = [_protected(s, style) if s.doc.strip() else None for s in parsed.sections]
    return Prepared(job, parsed, parse.source_lines(text), protected, messages)


def _markdown_text(data: bytes, rel: str) -> str:
    """A Markdown page's text: UTF-8, as Markdown files are written."""
    try:
        return data.decode('utf-8-sig')
    except UnicodeDecodeError as error:
        line = data.count(b'\n', 0, error.start) + 1
        raise parse.ParseError(rel, line, f'cannot decode as UTF-8: {error.reason}') from error


def _protected(section: parse.Section, field_style: str) -> Protected:
    """A section's Markdown with its math protected (formula offsets are in the text as written)
    and, in a docstring, Sphinx-style fields (`:param x:`) turned into a list."""
    protected = protect_math(section.doc)
    if section.kind in ('docstring', 'module'):
        protected = Protected(fields_to_markdown(protected.text, field_style), protected.formulas)
    return protected


def render(
    prepared: Prepared, math: Mapping[Formula, Typeset], template_cache: Path | None = None
) -> PageResult:
    """Render a prepared page in every language asked for; `math` holds its typeset formulas."""
    job = prepared.job
    if prepared.parsed is None:
        return PageResult(job.source, {}, messages=prepared.messages)
    messages = Messages.merged(prepared.messages)
    page, links = model(prepared, math, messages)
    result = PageResult(job.source, {}, messages=messages, sections=len(page.sections), math=page.math_count)
    result.links = links
    result.anchors = page.anchors | {identifiers.ANCHOR_PREFIX + name for name, _ in job.definitions}
    catalogs = {c.lang: c for c in job.catalogs}
    for lang in job.languages:
        view = language_view(page, job, lang, catalogs.get(lang), messages)
        result.outputs[lang] = render_page(
            page,
            job.settings,
            lang,
            view.sections,
            view.title,
            view.summary,
            job.site.pages,
            template_cache,
            job,
        )
        result.search[lang] = (view.title, search_index.page_records(view.sections, view.title))
        if lang != 'en':
            result.translation[lang] = view.stats
            result.used_keys[lang] = view.used_keys
            if view.kept_keys:
                result.kept_keys[lang] = view.kept_keys
    return result


def model(
    prepared: Prepared, math: Mapping[Formula, Typeset], messages: Messages
) -> tuple[Page, tuple[tuple[str, int], ...]]:
    """The page's model (documentation rendered, code highlighted) and its links with their lines."""
    job, parsed, lines = prepared.job, prepared.parsed, prepared.lines
    assert parsed is not None
    code_html: list[str] = []
    if not is_markdown(job.source.rel):
        code_html = identifiers.link_names(
            identifiers.anchor_definitions(highlight_lines(lines), dict(job.definitions)), dict(job.xrefs)
        )

    def typeset(tex: str, display: bool) -> Typeset:
        found = math.get((tex, display))
        return found if found is not None else katex().typeset(tex, display)

    sections: list[Section] = []
    links: list[tuple[str, int]] = []
    for index, (s, protected) in enumerate(zip(parsed.sections, prepared.protected, strict=True)):
        fragment = None
        if protected is not None:
            fragment = render_markdown(
                protected, typeset, _colab(job, s, lines, messages), job.settings.sanitize_english
            )
            for formula, error in fragment.math_errors:
                line = s.doc_line + s.doc[: formula.offset].count('\n')
                messages.warn(
                    job.source.rel, line, f'KaTeX: {error}; the formula is shown as its source', 'math'
                )
            locate = _Locator(s, lines)
            links.extend((url, locate(url)) for url in fragment.links)
        code = tuple(CodeLine(n, code_html[n - 1]) for n in s.code_lines)
        sections.append(Section(index, s.kind, fragment, code, s.doc_line, code_lines_html(code)))
    # The module docstring may follow a `#!` or `# -*- coding` line, which is code of its own.
    module = next((i for i, s in enumerate(parsed.sections) if s.kind == 'module'), None)
    module_doc = parsed.sections[module].doc if module is not None else ''
    first_doc = sections[module].doc if module is not None else None
    title = title_from(parsed.front_matter, module_doc, job.source.rel.rsplit('/', 1)[-1])
    summary = summary_from(parsed.front_matter, first_doc)
    return Page(job.source, title, summary, tuple(sections), len(prepared.formulas)), tuple(links)


def _colab(
    job: PageJob, section: parse.Section, lines: list[str], messages: Messages
) -> Callable[[str], str]:
    """`colab:` links of one section: the notebook must sit beside the source."""

    def resolve(target: str) -> str:
        path = posixpath.normpath(posixpath.join(posixpath.dirname(job.source.in_package), target))
        if path not in job.site.notebooks:
            messages.warn(
                job.source.rel,
                _locate(f'colab:{target}', section, lines),
                f'colab link to missing notebook {target!r}: no {path} in the source folder',
                'link',
            )
        rel = posixpath.normpath(posixpath.join(posixpath.dirname(job.source.rel), target))
        return job.settings.colab_url(rel)

    return resolve


def url_resolver(page: str, lang: str, pages: frozenset[str]) -> Callable[[str], str]:
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


@dataclass
class LanguageView:
    """A page's sections, title and summary in one language, with its translation coverage."""

    sections: list[SectionView]
    title: str
    summary: str
    stats: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    used_keys: tuple[str, ...] = ()
    kept_keys: tuple[str, ...] = ()  # entries shown as outdated translations: not stale yet


def language_view(
    page: Page, job: PageJob, lang: str, catalog_file: CatalogFile | None, messages: Messages
) -> LanguageView:
    """The page as one language shows it; a fragment left in English is a warning at the source
    line of its text."""
    resolve = url_resolver(page.source.page, lang, job.site.pages)
    if lang == 'en':
        sections = [
            SectionView(s.index, s.kind, s.doc.html(resolve) if s.doc else '', None, s.code, s.code_html)
            for s in page.sections
        ]
        return LanguageView(sections, page.title, page.summary)
    english = url_resolver(page.source.page, 'en', job.site.pages)
    catalog = _catalog(catalog_file, messages)
    view = LanguageView([], page.title, page.summary)
    tally = _Tally(view, page, lang, catalog.file, messages)
    keys = [s.doc.key(english) for s in page.sections if s.doc]
    catalog.claim(keys + [page.title, page.summary])
    for s in page.sections:
        if not s.doc:
            view.sections.append(SectionView(s.index, s.kind, '', None, s.code, s.code_html))
            continue
        translated = translate_fragment(s.doc, catalog, english, resolve)
        tally(translated.key, translated, s.doc_line)
        shown_in = None if translated.status in ('found', 'outdated') else 'en'
        view.sections.append(
            SectionView(
                s.index,
                s.kind,
                translated.html,
                shown_in,
                s.code,
                s.code_html,
                translated.status == 'outdated',
            )
        )
    title = translate_text(page.title, catalog)
    tally(page.title, title)
    view.title = title.html
    if page.summary:
        summary = translate_text(page.summary, catalog)
        tally(page.summary, summary)
        view.summary = summary.html
    view.used_keys = tuple(sorted(catalog.used))
    view.kept_keys = tuple(sorted(catalog.outdated))
    return view


def _catalog(catalog_file: CatalogFile | None, messages: Messages) -> Catalog:
    """A page's cache file, read; what is wrong with it is a warning (the page stays in English)."""
    if catalog_file is None:
        return Catalog('')
    catalog, problems = parse_catalog(catalog_file.name, catalog_file.data)
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

    view: LanguageView
    page: Page
    lang: str
    cache_file: str
    messages: Messages
    seen: set[str] = field(default_factory=set)

    def __call__(self, key: str, result: Translated, line: int = 1) -> None:
        if key in self.seen:
            return
        self.seen.add(key)
        self.view.stats[result.status] += 1
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
                f'translated again (`translate export --lang {self.lang}` lists both English texts)',
                'translation',
            )
        if result.status == 'missing':
            self.messages.warn(
                self.page.source.rel,
                line,
                f'no {self.lang} translation for {key_label(key)}: add one to {self.cache_file or "its cache file"} '
                f'(`translate export --lang {self.lang}` lists every missing one)',
                'translation',
            )


def _locate(needle: str, section: parse.Section, lines: list[str]) -> int:
    """Source line of a piece of a section's documentation (its first line as a fallback)."""
    return _Locator(section, lines)(needle)


class _Locator:
    """Source lines of the links of one section, found in one pass over its documentation.

    Links come in the order the text has them, so each is looked for after the one before (and
    from the top only when it is not there): a section with many links costs its length once, not
    once per link. A piece already placed keeps its line.
    """

    def __init__(self, section: parse.Section, lines: list[str]) -> None:
        self.numbers = list(section.doc_lines)
        self.fallback = section.doc_line
        self.starts: list[int] = []
        at = 0
        for n in self.numbers:
            self.starts.append(at)
            at += len(lines[n - 1]) + 1
        self.text = '\n'.join(lines[n - 1] for n in self.numbers)
        self.cursor = 0
        self.found: dict[str, int] = {}

    def __call__(self, needle: str) -> int:
        first = needle.strip().splitlines()[0] if needle.strip() else ''
        if not first or not self.numbers:
            return self.fallback
        if first in self.found:
            return self.found[first]
        at = self.text.find(first, self.cursor)
        if at < 0:
            at = self.text.find(first)
        if at < 0:
            line = self.fallback
        else:
            self.cursor = at
            line = self.numbers[bisect.bisect_right(self.starts, at) - 1]
        self.found[first] = line
        return line


def typeset(formulas: list[Formula]) -> list[Typeset]:
    """Typeset a batch of formulas in this process."""
    engine = katex()
    return [engine.typeset(tex, display) for tex, display in formulas]
