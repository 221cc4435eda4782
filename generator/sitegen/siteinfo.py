"""What a page shows of the other pages of the site: their titles, in every language.

A page's previous and next links name the pages beside it, so each page's job carries their
titles. They are read here in one light pass over the sources (front matter and first heading,
cached by the source's digest) and the translation cache files the build reads anyway.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from sitegen import parse
from sitegen.cache import KeyedCache, sha256
from sitegen.catalog import parse_catalog, translate_text
from sitegen.doc import CatalogFile, Neighbour, Source, is_markdown, title_from
from sitegen.toc import folder_neighbours


def english_title(source: Source) -> str:
    """The title the page of `source` has, as `sitegen.page` finds it; its file name when the
    source cannot be read (the page's own build reports why)."""
    fallback = source.rel.rsplit('/', 1)[-1]
    try:
        if is_markdown(source.rel):
            parsed = parse.parse_markdown(source.data.decode('utf-8-sig'), source.rel)
        else:
            parsed = parse.parse_source(parse.decode(source.data, source.rel), source.rel)
    except (parse.ParseError, UnicodeDecodeError):
        return fallback
    module = next((s for s in parsed.sections if s.kind == 'module'), None)
    return title_from(parsed.front_matter, module.doc if module else '', fallback)


def titles(
    sources: list[Source], catalogs: dict[str, tuple[CatalogFile, ...]], cache_dir: Path | None
) -> dict[str, tuple[tuple[str, str], ...]]:
    """Each page's (language, title) pairs: English, then each language whose cache translates it."""
    cache = KeyedCache(cache_dir, 'titles')
    out = {}
    for source in sources:
        title = str(cache.get((sha256(source.data), source.rel), partial(english_title, source)))
        pairs = [('en', title)]
        for file in catalogs.get(source.page, ()):
            catalog, _ = parse_catalog(file.name, file.data)  # its page warns about its problems
            translated = translate_text(title, catalog)
            if translated.status == 'found':
                pairs.append((file.lang, translated.html))
        out[source.page] = tuple(pairs)
    cache.save()
    return out


def neighbours(
    page: str, pages: frozenset[str], page_titles: dict[str, tuple[tuple[str, str], ...]]
) -> tuple[Neighbour | None, Neighbour | None]:
    """The pages before and after `page` in its folder, with their titles."""
    before, after = folder_neighbours(page, pages)
    return (
        Neighbour(before, page_titles[before]) if before else None,
        Neighbour(after, page_titles[after]) if after else None,
    )
