"""Documentation text to HTML: Markdown with protected math, highlighted inline code and images.

A rendered piece of documentation is a `Fragment`: HTML in which every piece that must not be
translated (math, inline code, code blocks, images) is a numbered marker, plus the HTML of those
pieces. The English page fills the markers in directly; a translation cache is keyed by the same
HTML with the markers written as `<span translate=no>_^_N_^_</span>`.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import markdown
from markdown.extensions.fenced_code import FencedCodeExtension
from markdown.extensions.tables import TableExtension
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer, TextLexer, get_lexer_by_name
from pygments.util import ClassNotFound

from sitegen.doc import PLACEHOLDER, PLACEHOLDER_RE, Fragment
from sitegen.math import CLOSE, DOLLAR, MARKER, OPEN, Typeset, protect_math

_PRE = re.compile(r'<pre><code(?: class="language-([\w+-]+)")?>(.*?)</code></pre>', re.S)
_CODE = re.compile(r'<code>(.*?)</code>', re.S)
_IMG = re.compile(r'<img\b[^>]*>', re.S)
_ATTR_URL = re.compile(r'\b(href|src)="([^"]*)"')
_ID = re.compile(r'\bid="([^"]+)"')


@dataclass(frozen=True)
class LinkContext:
    """What link rewriting needs to know about the page being rendered."""

    static_prefix: str  # relative path from the page to the static folder
    resolve_colab: Callable[[str], str]  # `colab:` target -> Colab URL (may record a check)


# Extension objects rather than names: naming them makes Markdown scan installed packages' entry
# points, which costs more than the rest of its set-up together.
_md = markdown.Markdown(extensions=[TableExtension(), FencedCodeExtension()], output_format='html')
_python = PythonLexer(stripnl=False, ensurenl=False)
_inline_formatter = HtmlFormatter(nowrap=True)


def render_markdown(text: str, typeset: Callable[[str, bool], Typeset], links: LinkContext) -> Fragment:
    """Render one documentation text; `typeset` maps a formula to KaTeX's HTML."""
    protected, maths = protect_math(text)
    _md.reset()
    body = _md.convert(protected)
    parts: list[str] = []

    def keep(piece: str) -> str:
        parts.append(piece)
        return f'{OPEN}{len(parts) - 1}{CLOSE}'

    # Math markers are numbered by formula; give them part numbers of their own first.
    errors = []
    math_parts = {}
    for i, m in enumerate(maths):
        result = typeset(m.tex, m.display)
        if result.error:
            errors.append((m, result.error))
        math_parts[i] = result.html
    body = MARKER.sub(lambda m: f'{OPEN}m{m.group(1)}{CLOSE}', body)
    body = _PRE.sub(lambda m: keep(_code_block(m.group(2), m.group(1))), body)
    body = _CODE.sub(lambda m: keep(highlight_inline(html.unescape(m.group(1)))), body)
    found_links: list[str] = []
    body = _rewrite_urls(body, links, found_links)
    body = _IMG.sub(lambda m: keep(m.group(0)), body)
    body = body.replace(DOLLAR, '$')
    plain = _plain_text(body)
    # Number every piece in order of appearance, as the cache format wants.
    ordered: list[str] = []

    def renumber(m: re.Match[str]) -> str:
        ref = m.group(1)
        piece = math_parts[int(ref[1:])] if ref.startswith('m') else parts[int(ref)]
        ordered.append(piece.replace(DOLLAR, '$'))
        return f'{OPEN}{len(ordered) - 1}{CLOSE}'

    template = re.sub(f'{OPEN}(m?\\d+){CLOSE}', renumber, body + ('\n' if body else ''))
    anchors = tuple(_ID.findall(template))
    return Fragment(template, tuple(ordered), tuple(found_links), anchors, tuple(errors), plain)


def _rewrite_urls(body: str, links: LinkContext, found: list[str]) -> str:
    def rewrite(m: re.Match[str]) -> str:
        attr, url = m.group(1), html.unescape(m.group(2))
        if url.startswith('static:'):
            url = links.static_prefix + url[len('static:') :]
        elif url.startswith('colab:'):
            url = links.resolve_colab(url[len('colab:') :])
        elif _is_relative(url):
            found.append(url)
        return f'{attr}="{html.escape(url)}"'

    return _ATTR_URL.sub(rewrite, body)


def _is_relative(url: str) -> bool:
    return bool(url) and not re.match(r'^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^/', url)


@lru_cache(maxsize=4096)
def highlight_inline(code: str) -> str:
    """Inline code in the documentation, highlighted as Python (most of it is)."""
    inner = highlight(code, _python, _inline_formatter).rstrip('\n')
    return f'<code class="highlight">{inner}</code>'


def _code_block(escaped: str, language: str | None) -> str:
    code = html.unescape(escaped)
    try:
        lexer = get_lexer_by_name(language, stripnl=False) if language else TextLexer()
    except ClassNotFound:
        lexer = TextLexer()
    inner = highlight(code, lexer, _inline_formatter).rstrip('\n')
    return f'<pre class="highlight"><code>{inner}</code></pre>'


_TAG = re.compile(r'<[^>]+>')


def _plain_text(body: str) -> str:
    text = MARKER.sub(' ', re.sub(f'{OPEN}m?\\d+{CLOSE}', ' ', body))
    return ' '.join(html.unescape(_TAG.sub(' ', text)).split())
