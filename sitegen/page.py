"""One page: a parsed source rendered in every language, as plain data for the build to write.

Runs in worker processes; everything it needs comes in the `PageJob`, everything it produces goes
back in the `PageResult`, so the work can be cached by a hash of the job.
"""

from __future__ import annotations

import posixpath
import re

from sitegen import identifiers, parse
from sitegen import search as search_index
from sitegen.build import PageJob, PageResult
from sitegen.config import SiteConfig
from sitegen.doc import CodeLine, Page, Section, relative_url, summary_from, title_from
from sitegen.errors import Messages
from sitegen.highlight import highlight_lines
from sitegen.markup import LinkContext, render_markdown
from sitegen.math import Typeset, katex, protect_math
from sitegen.render import SectionView, lang_path, render_page
from sitegen.translate import Catalog, parse_catalog, translate_fragment, translate_text


def prepare(job: PageJob) -> tuple[parse.ParsedModule | None, list[tuple[str, bool]], Messages]:
    """Parse one source and list its formulas, so that each distinct one is typeset once."""
    messages = Messages.empty()
    try:
        parsed = parse.parse_file(job.source.path)
    except parse.ParseError as e:
        messages.error(job.source.rel, e.line, e.message)
        return None, [], messages
    for line, text in parsed.warnings:
        messages.warn(job.source.rel, line, text)
    formulas = []
    for s in parsed.sections:
        if s.doc:
            formulas.extend((m.tex, m.display) for m in protect_math(s.doc)[1])
    return parsed, formulas, messages


def build_page(
    job: PageJob, parsed: parse.ParsedModule, config: SiteConfig, math: dict[tuple[str, bool], Typeset]
) -> PageResult:
    """Render one parsed source in every language asked for."""
    messages = Messages.empty()
    rel = job.source.rel
    text = parse.read_source(job.source.path)
    lines = parse.source_lines(text)
    definitions = dict(job.definitions)
    code_html = identifiers.link_names(
        identifiers.anchor_definitions(highlight_lines(list(lines)), definitions), dict(job.xrefs)
    )

    def typeset(tex: str, display: bool) -> Typeset:
        found = math.get((tex, display))
        return found if found is not None else katex().typeset(tex, display)

    def colab(section: parse.Section):
        """`colab:` links of one section: the notebook must sit beside the source."""

        def resolve(target: str) -> str:
            path = posixpath.normpath(posixpath.join(posixpath.dirname(job.in_package), target))
            if path not in job.notebooks:
                messages.error(
                    rel,
                    _locate(f'colab:{target}', section, lines),
                    f'colab link to missing notebook {target!r}',
                )
            return config.colab_url(posixpath.normpath(posixpath.join(posixpath.dirname(rel), target)))

        return resolve

    static_prefix = relative_url(job.source.page, 'static/x')[:-1]
    sections: list[Section] = []
    links: list[tuple[str, int]] = []
    math_count = 0
    for index, s in enumerate(parsed.sections):
        fragment = None
        if s.doc.strip():
            fragment = render_markdown(s.doc, typeset, LinkContext(static_prefix, colab(s)))
            for formula, error in fragment.math_errors:
                line = _locate(formula.tex, s, lines)
                (messages.error if config.strict else messages.warn)(rel, line, f'KaTeX: {error}')
            links.extend((url, _locate(url, s, lines)) for url in fragment.links)
            math_count += len(protect_math(s.doc)[1])
        code = tuple(CodeLine(n, code_html[n - 1]) for n in s.code_lines)
        sections.append(Section(index, s.kind, fragment, code, s.doc_line))

    module_doc = parsed.sections[0].doc if parsed.sections and parsed.sections[0].kind == 'module' else ''
    first_doc = sections[0].doc if sections and sections[0].kind == 'module' else None
    title = title_from(parsed.front_matter, module_doc, job.source.rel.rsplit('/', 1)[-1])
    summary = summary_from(parsed.front_matter, first_doc)
    page = Page(job.source, title, summary, tuple(sections), math_count)

    outputs: dict[str, str] = {}
    translation: dict[str, dict[str, int]] = {}
    used: dict[str, tuple[str, ...]] = {}
    search: dict[str, tuple[str, list[search_index.Record]]] = {}
    for lang in job.languages:
        views, page_title, page_summary, stats, catalog = _language_views(
            page, lang, job.catalogs.get(lang), messages, config.strict
        )
        outputs[lang] = render_page(page, config, lang, views, page_title, page_summary, job.pages)
        search[lang] = (page_title, search_index.page_records(views, page_title))
        if lang != 'en':
            translation[lang] = stats
            used[lang] = tuple(sorted(catalog.used))
    anchors = page.anchors | {identifiers.ANCHOR_PREFIX + name for name in definitions}
    return PageResult(
        job.source,
        outputs,
        anchors,
        tuple(links),
        len(sections),
        math_count,
        title,
        messages,
        translation,
        used,
        search,
    )


def _language_views(
    page: Page,
    lang: str,
    catalog_file: tuple[str, bytes | None] | None,
    messages: Messages,
    strict: bool = False,
):
    """Sections, title and summary of a page in one language, with coverage counts.

    Under `strict` a fragment left in English is an error at the source line of its text.
    """
    stats = {'found': 0, 'missing': 0, 'invalid': 0}
    if lang == 'en':
        views = [
            SectionView(s.index, s.kind, s.doc.html() if s.doc else '', None, s.code) for s in page.sections
        ]
        return views, page.title, page.summary, stats, Catalog('')
    name, data = catalog_file or ('', None)
    catalog, problems = parse_catalog(name, data)
    for m in problems:
        messages.error(m.file, m.line, f'{m.message}; the page is built in English')
    for m in catalog.warnings:
        messages.warn(m.file, m.line, m.message)
    seen: dict[str, str] = {}

    def count(key: str, result, line: int = 1) -> None:
        """Each distinct key counts (and warns) once, however often the page repeats it."""
        if key not in seen:
            seen[key] = result.status
            stats[result.status] += 1
            for m in result.messages:
                messages.warn(m.file, m.line, m.message)
            if strict and result.status != 'found':
                messages.error(
                    page.source.rel, line, f'no {lang} translation ({result.status}) for {key[:60]!r}'
                )

    views = []
    for s in page.sections:
        if not s.doc:
            views.append(SectionView(s.index, s.kind, '', None, s.code))
            continue
        result = translate_fragment(s.doc, catalog)
        count(s.doc.key(), result, s.doc_line)
        views.append(
            SectionView(
                s.index,
                s.kind,
                _rebase_static(result.html, page.source.page, lang),
                None if result.status == 'found' else 'en',
                s.code,
            )
        )
    title = translate_text(page.title, catalog)
    count(page.title, title)
    summary = page.summary
    if page.summary:
        translated = translate_text(page.summary, catalog)
        count(page.summary, translated)
        summary = translated.html
    return views, title.html, summary, stats, catalog


def _rebase_static(html: str, page: str, lang: str) -> str:
    """Fragments link to `static/` relative to the English page; a translated page sits deeper."""
    here = relative_url(page, 'static/x')[:-1]
    there = relative_url(lang_path(lang, page), 'static/x')[:-1]
    return re.sub(r'\b(src|href)="' + re.escape(here), lambda m: f'{m.group(1)}="{there}', html)


def _locate(needle: str, section: parse.Section, lines: list[str]) -> int:
    """Source line of a piece of a section's documentation (its first line as a fallback)."""
    first = needle.strip().splitlines()[0] if needle.strip() else ''
    for n in section.doc_lines:
        if first and first in lines[n - 1]:
            return n
    return section.doc_line


def typeset_chunk(items: list[tuple[str, bool]]) -> list[Typeset]:
    engine = katex()
    return [engine.typeset(tex, display) for tex, display in items]


def render(args: tuple) -> PageResult:
    job, parsed, config, math = args
    return build_page(job, parsed, config, math)
