"""One page: a source parsed, its formulas listed, then rendered in every language.

It runs in two steps, in a worker process or in the build's (see `sitegen.building.workers`). `prepare`
parses the source and protects each section's math once, listing its formulas, which are typeset
next. `render` then turns it into a `PageResult`: the page's model once, then each language's view
(`sitegen.pages.language`) through the templates.
Everything a page reads comes in its `PageJob`, so the work can be cached by the job's digest.
"""

from __future__ import annotations

import bisect
import dataclasses
import hashlib
import posixpath
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from sitegen.doc import (
    CodeLine,
    LanguagePage,
    Page,
    PageJob,
    PageResult,
    Section,
    is_markdown,
    summary_from,
    title_from,
)
from sitegen.errors import Messages
from sitegen.pages.highlight import BIDI, highlight_lines
from sitegen.pages.language import english_keys, language_view
from sitegen.pages.markup import render_markdown
from sitegen.pages.render import FormulaColours, code_lines_html, render_page
from sitegen.reading import identifiers, parse
from sitegen.reading.docstrings import fields_to_markdown
from sitegen.reading.math import Formula, Protected, Typeset, katex, protect_math
from sitegen.sitewide import search as search_index
from sitegen.sitewide import toc


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


def prepare(job: PageJob, read: bytes | None = None) -> Prepared:
    """Parse one source (`read`: the first pass's parse of it, `parse.pack`ed) and protect each
    section's math, listing its formulas."""
    messages = Messages.empty()
    rel = job.source.rel
    markdown = is_markdown(rel)
    try:
        text = _markdown_text(job.source.data, rel) if markdown else parse.decode(job.source.data, rel)
        if read is not None:
            module = parse.unpack(read)
        else:
            module = parse.parse_markdown(text, rel) if markdown else parse.parse_source(text, rel)
    except parse.ParseError as e:
        messages.error(rel, e.line, e.message, 'source')
        return Prepared(job, None, messages=messages)
    for line, warning in module.warnings:
        messages.warn(rel, line, warning, 'source')
    if BIDI.search(text):
        _warn_bidi(text, rel, messages)
    style = job.settings.field_style
    protected = [_protected(s, style) if s.doc.strip() else None for s in module.sections]
    # The source's bytes are read: a prepared page waiting for its formulas keeps its lines only.
    light = dataclasses.replace(job, source=dataclasses.replace(job.source, data=b''))
    return Prepared(light, module, parse.source_lines(text), protected, messages)


def _warn_bidi(text: str, rel: str, messages: Messages) -> None:
    """A warning at each line with a bidirectional control ("Trojan Source", CVE-2021-42574)."""
    lines: dict[int, list[str]] = {}
    line, at = 1, 0
    for m in BIDI.finditer(text):
        line, at = line + text.count('\n', at, m.start()), m.start()  # counted once over the text
        lines.setdefault(line, []).append(f'U+{ord(m.group(0)):04X}')
    for line, controls in lines.items():
        messages.warn(
            rel,
            line,
            f'bidirectional control {", ".join(dict.fromkeys(controls))}: the line may read differently '
            'from how it runs (Trojan Source, CVE-2021-42574); the page shows it as its code point',
            'source',
        )


def _markdown_text(data: bytes, rel: str) -> str:
    """A Markdown page's text: UTF-8, as Markdown files are written."""
    try:
        return data.decode('utf-8-sig')
    except UnicodeDecodeError as error:
        line = data.count(b'\n', 0, error.start) + 1
        raise parse.ParseError(rel, line, f'cannot decode as UTF-8: {error.reason}') from error


def _protected(section: parse.SourceSection, field_style: str) -> Protected:
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
    source = dataclasses.replace(job.source, data=b'')  # a result never carries the source's text
    if prepared.parsed is None:
        return PageResult(source, messages=prepared.messages)
    messages = Messages.merged(prepared.messages)
    page, links = model(prepared, math, messages)
    catalogs = {c.lang: c for c in job.catalogs}
    languages = []
    memo = search_index.RecordMemo()
    colours = FormulaColours()  # the page's formulas are coloured once for all its languages
    keys = english_keys(page, job) if any(lang != 'en' for lang in job.languages) else None
    for lang in job.languages:
        view = language_view(page, job, lang, catalogs.get(lang), messages, keys)
        html = render_page(page, view, job.settings, job.site, template_cache, job, colours).encode()
        records = tuple(search_index.page_records(view.sections, view.title, memo))
        languages.append(
            LanguagePage(
                lang,
                hashlib.sha256(html).hexdigest(),
                view.title,
                records,
                view.coverage,
                view.used_keys,
                view.kept_keys,
                html,
                search_index.page_postings(view.title, records),
            )
        )
    return PageResult(
        source,
        tuple(languages),
        page.anchors | {identifiers.ANCHOR_PREFIX + name for name, _ in job.definitions},
        links,
        len(page.sections),
        page.math_count,
        messages,
    )


def model(
    prepared: Prepared, math: Mapping[Formula, Typeset], messages: Messages
) -> tuple[Page, tuple[tuple[str, int], ...]]:
    """The page's model (documentation rendered, code highlighted) and its links with their lines."""
    job, parsed, lines = prepared.job, prepared.parsed, prepared.lines
    assert parsed is not None
    code_html: list[str] = []
    if not is_markdown(job.source.rel):
        code_html = identifiers.link_names(
            identifiers.anchor_definitions(highlight_lines(lines, parsed.tokens), dict(job.definitions)),
            dict(job.xrefs),
        )

    def typeset(tex: str, display: bool) -> Typeset:
        found = math.get((tex, display))
        return found if found is not None else katex().typeset(tex, display)

    sections: list[Section] = []
    links: list[tuple[str, int]] = []
    for index, (s, protected) in enumerate(zip(parsed.sections, prepared.protected, strict=True)):
        fragment = None
        if protected is not None:
            try:
                fragment = render_markdown(
                    protected, typeset, _colab(job, s, lines, messages), job.settings.sanitize_english
                )
            except RecursionError:
                # Markdown reads nested lists and quotes recursively: hundreds deep, Python's stack ends.
                messages.error(
                    job.source.rel,
                    s.doc_line,
                    'the documentation nests lists or quotes too deeply for Markdown to read; '
                    'nest them less deeply',
                    'source',
                )
            else:
                for formula, error in fragment.math_errors:
                    line = s.doc_line + s.doc[: formula.offset].count('\n')
                    messages.warn(
                        job.source.rel, line, f'KaTeX: {error}; the formula is shown as its source', 'math'
                    )
                locate = _Locator(s, lines)
                links.extend((url, locate(url)) for url in fragment.links)
        code = tuple(CodeLine(n, code_html[n - 1]) for n in s.code_lines)
        sections.append(Section(index, s.kind, fragment, code, s.doc_line, code_lines_html(code)))
    sections = toc.section_anchors(sections, job.definitions)
    # The module docstring may follow a `#!` or `# -*- coding` line, which is code of its own.
    module = next((i for i, s in enumerate(parsed.sections) if s.kind == 'module'), None)
    module_doc = parsed.sections[module].doc if module is not None else ''
    first_doc = sections[module].doc if module is not None else None
    title = title_from(parsed.front_matter, module_doc, job.source.rel.rsplit('/', 1)[-1])
    summary = summary_from(parsed.front_matter, first_doc)
    return Page(job.source, title, summary, tuple(sections), len(prepared.formulas)), tuple(links)


def _colab(
    job: PageJob, section: parse.SourceSection, lines: list[str], messages: Messages
) -> Callable[[str], str]:
    """`colab:` links of one section: the notebook must sit beside the source."""

    def resolve(target: str) -> str:
        path = posixpath.normpath(posixpath.join(posixpath.dirname(job.source.in_package), target))
        line = _Locator(section, lines)(f'colab:{target}')
        if path not in job.site.notebooks:
            messages.warn(
                job.source.rel,
                line,
                f'colab link to missing notebook {target!r}: no {path} in the source folder',
                'link',
            )
        if not job.settings.repository:
            messages.warn(
                job.source.rel,
                line,
                f'colab link to {target!r} without a repository: Colab opens notebooks from GitHub; set '
                'repository = "https://github.com/..." in [tool.site]. Meanwhile it links the notebook itself',
                'link',
            )
            return ''
        rel = posixpath.normpath(posixpath.join(posixpath.dirname(job.source.rel), target))
        return job.settings.colab_url(rel)

    return resolve


class _Locator:
    """Source lines of the links of one section, found in one pass over its documentation.

    Links come in the order the text has them, so each is looked for after the one before (and
    from the top only when it is not there): a section with many links costs its length once, not
    once per link. A piece already placed keeps its line.
    """

    def __init__(self, section: parse.SourceSection, lines: list[str]) -> None:
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


def warm(template_dirs: tuple[Path, ...], template_cache: Path | None) -> None:
    """Load now what the first page's render would: its template, and the code colours' tables
    for ASCII text (a worker started before its pages, `sitegen.building.workers`)."""
    from sitegen.pages.pyhighlight import warm as warm_colours
    from sitegen.pages.render import environment

    environment(template_dirs, template_cache).get_template('page.html')
    warm_colours()
