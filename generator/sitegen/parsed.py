"""Sources parsed once in a cold build: what the site's first pass parses, the page parses no more.

The first pass over the sources (`sitegen.siteinfo`: titles, papers) parses each one it has not
seen before; on a cold build that is every source, which each page's own build then parses again.
The parsed modules of the first pass are remembered here, up to `LIMIT` bytes of sources so that
memory stays bounded on a large site, and a page's build takes its source's from here (a worker
forked after the first pass finds them in the memory it started with). Entries are found by the
source's path and bytes, compared whole: a changed source is never taken for its old parse.
"""

from __future__ import annotations

import ast

from sitegen import parse
from sitegen.doc import Source

LIMIT = 3 * 2**20  # bytes of sources whose parse is remembered (about three times that in memory)
ALL = 2**62  # a limit no site reaches: a worker keeps every parse of its share

_remembered: dict[tuple[str, bytes], parse.ParsedModule] = {}
# Each section's documentation with its math protected, where the first pass read a source's
# formulas (`sitegen.page.page_formulas`): a list for the page's build to take with the parse.
_protected: dict[tuple[str, bytes], list] = {}
_size = 0


def parse_and_keep(
    source: Source, text: str, limit: int | None = None
) -> tuple[parse.ParsedModule, ast.Module | None]:
    """`parse.parse_source_and_tree(text, source.rel)`, `text` being the source's decoded bytes; the
    parse remembered for the page's build while the remembered sources stay under `limit` bytes
    (`LIMIT`), the tree not."""
    global _size
    parsed, tree = parse.parse_source_and_tree(text, source.rel)
    key = (source.rel, source.data)
    if key not in _remembered and _size + len(source.data) <= (LIMIT if limit is None else limit):
        _remembered[key] = parsed
        _size += len(source.data)
    return parsed, tree


def remembered(source: Source) -> parse.ParsedModule | None:
    """The source's parse while it is remembered (it stays so)."""
    return _remembered.get((source.rel, source.data))


def keep_protected(source: Source, protected: list) -> None:
    """Keep what the first pass made of a remembered source's sections for its page's build."""
    key = (source.rel, source.data)
    if key in _remembered:
        _protected[key] = protected


def take_protected(source: Source) -> list | None:
    """What `keep_protected` kept for the source (and forgets it), or None."""
    return _protected.pop((source.rel, source.data), None)


def take(source: Source, text: str) -> parse.ParsedModule:
    """The source's parse: remembered from the first pass (and forgotten here), or made now."""
    global _size
    found = _remembered.pop((source.rel, source.data), None)
    if found is None:
        return parse.parse_source(text, source.rel)
    _size -= len(source.data)
    return found


def forget() -> None:
    """Let every remembered parse go (a build starts, or its pages are built)."""
    global _size
    _remembered.clear()
    _protected.clear()
    _size = 0
