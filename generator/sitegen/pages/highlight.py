"""Highlighting with Pygments: the code column and code in the documentation (their colours:
`sitegen.sitewide.codestyle`).

The code column is the whole source file highlighted once, then cut into lines for the sections.
Lexing the whole file (rather than each section) keeps strings and brackets that span section
boundaries coloured correctly; Pygments closes its spans at each line end, so the lines can be
handed to sections independently. Pygments escapes the text: no source can inject markup.
A Python source is coloured from the tokens the parser kept (`sitegen.pages.pyhighlight`), into the same
HTML; Pygments lexes it only when that path declines (and for everything else here).
"""

from __future__ import annotations

import html
import re
import unicodedata
from array import array
from functools import lru_cache

import pygments
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import TextLexer, get_lexer_by_name
from pygments.util import ClassNotFound

from sitegen import fastpaths
from sitegen.pages.pyhighlight import highlight_tokens, python_lexer

_formatter = HtmlFormatter(nowrap=True)
# The code column coloured from the parser's tokens where that is checked to match (`sitegen.fastpaths`).
_FAST = fastpaths.enabled('pygments', pygments.__version__)

# The bidirectional controls of "Trojan Source" (CVE-2021-42574): embeddings, overrides, isolates
# and the marks, which make a line read differently from how it runs. A page shows each as its
# code point, as `gcc -Wbidi-chars` and the code hosts do, never as the reordering it asks for.
BIDI = re.compile('[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]')
_TEXT_OR_TAG = re.compile(r'(<[^>]*>)|([^<]+)')


def _shown_control(m: re.Match[str]) -> str:
    char = m.group(0)
    name = unicodedata.name(char, 'BIDIRECTIONAL CONTROL')
    return f'<span class="bidi-control" title="{name}">&lt;U+{ord(char):04X}&gt;</span>'


def show_bidi(html_text: str) -> str:
    """HTML whose text may hold bidirectional controls with each shown as its code point
    (`<U+202E>`); tags are left as they are (an attribute value is not shown as text)."""
    if not BIDI.search(html_text):
        return html_text
    return _TEXT_OR_TAG.sub(lambda m: m.group(1) or BIDI.sub(_shown_control, m.group(2)), html_text)


def highlight_lines(lines: list[str], tokens: array[int] | None = None) -> list[str]:
    """Highlighted HTML of each source line; `lines[i]` is source line `i + 1`.

    With the source's `tokens` (`ParsedModule.tokens`) the lines are coloured from them
    (`sitegen.pages.pyhighlight`), the same HTML Pygments writes, without lexing the file again."""
    if not lines:
        return []
    text = '\n'.join(lines) + '\n'
    out = highlight_tokens(text, tokens) if tokens and _FAST else None
    if out is None or len(out) != len(lines):
        out = highlight(text, python_lexer(text), _formatter).split('\n')[:-1]
        # A line that Pygments sees as several (a form feed, say) must not shift the numbering.
        if len(out) != len(lines):
            out = [html.escape(line) for line in lines]
    return [show_bidi(line) for line in out] if BIDI.search(text) else out


@lru_cache(maxsize=4096)
def highlight_inline(code: str) -> str:
    """Inline code in the documentation, highlighted as Python (most of it is)."""
    inner = highlight(code, python_lexer(code, ensurenl=False), _formatter).rstrip('\n')
    return f'<code class="highlight">{show_bidi(inner)}</code>'


def highlight_block(code: str, language: str | None) -> str:
    """A fenced code block in the documentation, in its language (plain text when unknown)."""
    try:
        lexer = get_lexer_by_name(language, stripnl=False) if language else TextLexer()
    except ClassNotFound:
        lexer = TextLexer()
    inner = highlight(code, lexer, _formatter).rstrip('\n')
    return f'<pre class="highlight"><code>{show_bidi(inner)}</code></pre>'
