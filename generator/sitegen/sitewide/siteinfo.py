"""What a page shows of the other pages of the site: their titles in every language, and the
papers they implement.

A page's previous and next links name the pages beside it in the site's reading order, so each
page's job carries their titles; the home page lists every page (title and summary) and every paper
with the pages that implement it. They are read here in
one light pass over the sources (front matter and first heading, cached by the source's digest)
and the translation cache files the build reads anyway.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import cast

from sitegen.cache import KeyedCache
from sitegen.doc import CatalogFile, ContentsEntry, Neighbour, Paper, Source, is_markdown, title_from
from sitegen.errors import Messages
from sitegen.reading import parse
from sitegen.reading.identifiers import ModuleSymbols, read_symbols, symbols_of
from sitegen.reading.math import Formula, protect_math
from sitegen.sitewide.papers import page_paper
from sitegen.sitewide.toc import depth
from sitegen.translation.catalog import normalise, parse_catalog, read_json, translate_text
from sitegen.translation.sanitize import check_text

Formulas = tuple[Formula, ...]


@dataclass(frozen=True)
class PageInfo:
    """What other pages show of a page: its English title, and the paper its front matter names."""

    title: str
    paper: object = None  # the front matter's `paper:` as written (None without one)
    paper_line: int = 1  # its line in the source
    summary: str = ''  # the front matter's `summary:`, its white space single ('' without one)


def read_info(source: Source) -> PageInfo:
    """The title the page of `source` has, as `sitegen.pages.page` finds it (its file name when the
    source cannot be read: the page's own build reports why), and its front matter's paper."""
    return _read_info(source)[0]


def _read_info(
    source: Source, formulas: bool = False
) -> tuple[PageInfo, ast.Module | None, str, Formulas, parse.ParsedModule | None]:
    """`read_info`, the source's syntax tree where its parse made one, the text it parsed, with
    `formulas` the distinct formulas of its sections (as its page finds them), and the parse."""
    fallback = source.rel.rsplit('/', 1)[-1]
    tree = None
    try:
        if is_markdown(source.rel):
            text = source.data.decode('utf-8-sig')
            parsed = parse.parse_markdown(text, source.rel)
        else:
            text = parse.decode(source.data, source.rel)
            parsed, tree = parse.parse_source_and_tree(text, source.rel)
    except (parse.ParseError, UnicodeDecodeError):
        return PageInfo(fallback), None, '', (), None
    module = next((s for s in parsed.sections if s.kind == 'module'), None)
    title = title_from(parsed.front_matter, module.doc if module else '', fallback)
    paper = parsed.front_matter.get('paper')
    line = next((n for n, t in enumerate(text.splitlines(), 1) if t.startswith('paper:')), 1)
    summary = parsed.front_matter.get('summary')
    summary = ' '.join(summary.split()) if isinstance(summary, str) else ''
    found = tuple(dict.fromkeys(f for s in parsed.sections for f in _formulas(s.doc))) if formulas else ()
    return PageInfo(title, paper, line, summary), tree, text, found, parsed


def _formulas(doc: str) -> list[Formula]:
    return [(m.tex, m.display) for m in protect_math(doc).formulas] if doc.strip() else []


def infos(
    sources: list[Source], cache: KeyedCache, read: Mapping[str, PageInfo] | None = None
) -> dict[str, PageInfo]:
    """Every page's `PageInfo`: from `cache` for an unchanged source, from `read` (by page) where
    workers read it, else read here (a new field of `PageInfo` raises `STORES['pageinfo'].format`)."""
    read = read or {}
    out = {}
    for source in sources:
        fresh = read.get(source.page)
        make = (lambda info=fresh: info) if fresh is not None else partial(read_info, source)
        info = cache.get(source, make)
        out[source.page] = info if isinstance(info, PageInfo) else read_info(source)
    cache.save()
    return out


FirstRead = tuple[Source, bool, str | None]  # a source, whether its info is wanted, its module (symbols)
# Its info, symbols, formulas, and its parse as bytes (`parse.pack`) for its page's build to use
# rather than parse again; read by the workers, the file it waits in (`sitegen.building.workers`).
FirstFound = tuple[PageInfo | None, ModuleSymbols | None, Formulas, bytes | Path | None]
_UNREAD: tuple[None, None, str, Formulas, None] = (None, None, '', (), None)  # a source whose info is cached


def first_read(tasks: list[FirstRead], formulas: bool = False) -> list[FirstFound]:
    """What the first pass reads of each source: its `PageInfo`, its symbols where a module name
    is given, from the same syntax tree, with `formulas` those of its formulas the same parse
    found, and the parse (none of these three where its info was not read)."""
    out: list[FirstFound] = []
    for source, info, module in tasks:
        found, tree, parsed_text, math, parsed = _read_info(source, formulas) if info else _UNREAD
        symbols = None
        if module is not None:
            text = source.data.decode('utf-8', errors='replace')
            is_package = source.in_package.endswith('__init__.py')
            if tree is not None and parsed_text == text:  # the tree of the same text: not parsed again
                symbols = symbols_of(tree, module, source.page, is_package)
            else:
                symbols = read_symbols(text, module, source.page, is_package)
        out.append((found, symbols, math, parse.pack(parsed) if parsed is not None else None))
    return out


def titles(
    sources: list[Source],
    page_infos: dict[str, PageInfo],
    catalogs: dict[str, tuple[CatalogFile, ...]],
    cache: KeyedCache,
    field: str = 'title',
) -> dict[str, tuple[tuple[str, str], ...]]:
    """Each page's (language, title) pairs: English, then each language whose cache translates it
    (with `field='summary'`, its summaries; a page without one has none). `cache` keeps each
    translated text by the text and its cache file's bytes: reading every cache file (hundreds on
    a large site) is otherwise most of what this costs. The caller saves `cache` once it has asked
    for every field it keeps (a save keeps only the values asked for by then)."""
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    for source in sources:
        title = getattr(page_infos[source.page], field)
        if not title:
            out[source.page] = ()
            continue
        pairs = [('en', title)]
        for file in catalogs.get(source.page, ()):
            translated = cache.get((title, file.data), partial(_translated_title, title, file))
            if translated is not None:
                pairs.append((file.lang, cast(str, translated)))
        out[source.page] = tuple(pairs)
    return out


def _translated_title(title: str, file: CatalogFile) -> str | None:
    """The title as `file` translates it (its page warns about the file's problems), or None."""
    wanted = normalise(title)
    if '<' in wanted or '&' in wanted:  # a title with markup: found as the page finds it
        translated = translate_text(title, parse_catalog(file.name, file.data)[0])
        return translated.html if translated.status == 'found' else None
    if file.data is None:
        return None
    entries, problem = read_json(file.name, file.data)
    if problem:
        return None
    # The file's last value for the title's key, however written. A key with a tag keeps it when
    # normalised: not a title's, and not normalised here (most keys of a file are paragraphs).
    value = None
    for key, text in entries.items():
        if isinstance(text, str) and '<' not in key:
            same = normalise(key) if '&' in key or '=' in key or '>' in key else ' '.join(key.split())
            value = text if same == wanted else value
    if value is None or not value.strip():
        return None
    return check_text(title, value).value


def page_papers(
    sources: list[Source], page_infos: dict[str, PageInfo], listed: dict[str, Paper | str], messages: Messages
) -> dict[str, Paper]:
    """Each page's paper (front matter first, then the papers file); a paper the front matter
    gets wrong is an error at its line."""
    out = {}
    for source in sources:
        info = page_infos[source.page]
        found = page_paper(info.paper, source.page, listed)
        if isinstance(found, str):
            messages.error(source.rel, info.paper_line, found, 'papers')
        elif found is not None:
            out[source.page] = found
    return out


def paper_list(
    papers: dict[str, Paper], page_titles: dict[str, tuple[tuple[str, str], ...]]
) -> tuple[tuple[Paper, tuple[Neighbour, ...]], ...]:
    """Every implemented paper, by year and title, with the pages that implement it (by path)."""
    pages: dict[Paper, list[str]] = {}
    for page, paper in sorted(papers.items()):
        pages.setdefault(paper, []).append(page)
    ordered = sorted(pages, key=lambda p: (p.year, p.title.lower(), p.key))
    return tuple((p, tuple(Neighbour(page, page_titles[page]) for page in pages[p])) for p in ordered)


def neighbours(
    order: list[str], page_titles: dict[str, tuple[tuple[str, str], ...]]
) -> dict[str, tuple[Neighbour | None, Neighbour | None]]:
    """Each page's pages before and after it in the site's reading order, with their titles."""

    def at(n: int) -> Neighbour | None:
        return Neighbour(order[n], page_titles[order[n]]) if 0 <= n < len(order) else None

    return {page: (at(n - 1), at(n + 1)) for n, page in enumerate(order)}


def contents(
    order: list[str],
    page_titles: dict[str, tuple[tuple[str, str], ...]],
    page_summaries: dict[str, tuple[tuple[str, str], ...]],
) -> tuple[ContentsEntry, ...]:
    """Every page in reading order, with its depth, titles and summaries (the home page's list)."""
    return tuple(ContentsEntry(p, depth(p), page_titles[p], page_summaries.get(p, ())) for p in order)
