"""The search index: every section of every page of one language, as plain text.

Records are made per page while it renders (so they are cached with it) and joined into one
`search-index.js` per language. It is a script, not JSON, because a page opened from `file://`
may not `fetch()` a file but may always load a script; it defines `self.siteSearchIndex` and the
page loads it on first use of the search box, so it costs nothing to a reader who never searches.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from html.parser import HTMLParser

from sitegen.doc import url_quote

INDEX_FILE = 'search-index.js'
GLOBAL = 'siteSearchIndex'

# (section index, heading, text, identifiers)
Record = tuple[int, str, str, str]

_IDENTIFIER = re.compile(
    r'<span class="(?:n|nc|nf|fm)"[^>]*>([A-Za-z_][A-Za-z_0-9]*)</span>'
    r'|<a class="n xref"[^>]*>([A-Za-z_][A-Za-z_0-9]*)</a>'
)


class _Text(HTMLParser):
    """Readable text of documentation HTML: TeX source for math, headings noted apart."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.headings: list[str] = []
        self._heading: list[str] | None = None
        self._katex_depth = 0  # open elements inside a KaTeX formula
        self._in_annotation = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get('class') or '').split()
        if self._katex_depth:
            self._katex_depth += tag not in _VOID
            self._in_annotation = tag == 'annotation'
            return
        if 'katex' in classes:
            self._katex_depth = 1
            return
        if tag in ('h1', 'h2', 'h3', 'h4'):
            self._heading = []
        if tag in _BLOCK:
            self.parts.append(' ')

    def handle_endtag(self, tag: str) -> None:
        if self._katex_depth:
            self._katex_depth -= 1
            self._in_annotation = False
            return
        if tag in ('h1', 'h2', 'h3', 'h4') and self._heading is not None:
            self.headings.append(_squash(''.join(self._heading)))
            self._heading = None
        if tag in _BLOCK:
            self.parts.append(' ')

    def handle_data(self, data: str) -> None:
        if self._katex_depth:
            if self._in_annotation:
                self.parts.append(f' {_tex_words(data)} ')
            return
        self.parts.append(data)
        if self._heading is not None:
            self._heading.append(data)


_VOID = {'br', 'img', 'hr', 'input', 'meta', 'link', 'wbr', 'col', 'area', 'source'}
_BLOCK = {
    'p',
    'li',
    'ul',
    'ol',
    'div',
    'pre',
    'table',
    'tr',
    'td',
    'th',
    'br',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
}


def _tex_words(tex: str) -> str:
    """The searchable words of a formula: `\\mathop{softmax}(QK^\\top)` reads `softmax(QK)`."""
    return _squash(re.sub(r'\\[A-Za-z]+|[{}^_&\\]', ' ', tex))


def _squash(text: str) -> str:
    return ' '.join(text.split())


def doc_text(html: str) -> tuple[str, list[str]]:
    """(plain text, headings) of a section's documentation HTML."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return _squash(''.join(parser.parts)), parser.headings


def page_records(sections: Iterable, title: str) -> list[Record]:
    """One record per section that has words or code: what a reader could search for in it.

    `sections` are the render's section views (`index`, `doc` HTML, `code` lines). A section is
    listed under the nearest heading at or above it, so a result reads "Page › Heading".
    """
    records: list[Record] = []
    heading = ''
    for s in sections:
        text, headings = doc_text(s.doc) if s.doc else ('', [])
        if headings:
            heading = headings[0]
        names: dict[str, None] = {}
        for line in s.code:
            for m in _IDENTIFIER.finditer(line.html):
                names[m.group(1) or m.group(2)] = None
        if text or names:
            records.append((s.index, heading if heading != title else '', text, ' '.join(names)))
    return records


def index_script(pages: Sequence[tuple[str, str, list[Record]]]) -> str:
    """The index of one language: `pages` holds (URL from the language's root, title, records)."""
    data = {
        'pages': [[url_quote(url), title] for url, title, _ in pages],
        'sections': [[p, *record] for p, (_, _, records) in enumerate(pages) for record in records],
    }
    body = json.dumps(data, ensure_ascii=False, separators=(',', ':'))
    # `</script` cannot occur in JSON text that is loaded by src, but keep the file inert anyway.
    body = body.replace('</', '<\\/')
    return f'self.{GLOBAL}={body};\n'
