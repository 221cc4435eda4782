"""Highlighting with Pygments: the code column and code in the documentation (their colours:
`sitegen.codestyle`).

The code column is the whole source file highlighted once, then cut into lines for the sections.
Lexing the whole file (rather than each section) keeps strings and brackets that span section
boundaries coloured correctly; Pygments closes its spans at each line end, so the lines can be
handed to sections independently. Pygments escapes the text: no source can inject markup.
A Python source is coloured from the tokens the parser kept (`sitegen.pyhighlight`), into the same
HTML; Pygments lexes it only when that path declines (and for everything else here).
"""

from __future__ import annotations

import html
from array import array
from functools import lru_cache

import pygments
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import TextLexer, get_lexer_by_name
from pygments.util import ClassNotFound

from sitegen import fastpaths
from sitegen.pyhighlight import highlight_tokens, python_lexer

_formatter = HtmlFormatter(nowrap=True)
# The code column coloured from the parser's tokens where that is checked to match (`sitegen.fastpaths`).
_FAST = fastpaths.enabled('pygments', pygments.__version__)


def highlight_lines(lines: list[str], tokens: array[int] | None = None) -> list[str]:
    """Highlighted HTML of each source line; `lines[i]` is source line `i + 1`.

    With the source's `tokens` (`ParsedModule.tokens`) the lines are coloured from them
    (`sitegen.pyhighlight`), the same HTML Pygments writes, without lexing the file again."""
    if not lines:
        return []
    text = '\n'.join(lines) + '\n'
    if tokens and _FAST:
        fast = highlight_tokens(text, tokens)
        if fast is not None and len(fast) == len(lines):
            return fast
    out = highlight(text, python_lexer(text), _formatter).split('\n')
    # A line that Pygments sees as several (a form feed, say) must not shift the numbering.
    if len(out) - 1 != len(lines):
        return [html.escape(line) for line in lines]
    return out[:-1]


@lru_cache(maxsize=4096)
def highlight_inline(code: str) -> str:
    """Inline code in the documentation, highlighted as Python (most of it is)."""
    inner = highlight(code, python_lexer(code, ensurenl=False), _formatter).rstrip('\n')
    return f'<code class="highlight">{inner}</code>'


def highlight_block(code: str, language: str | None) -> str:
    """A fenced code block in the documentation, in its language (plain text when unknown)."""
    try:
        lexer = get_lexer_by_name(language, stripnl=False) if language else TextLexer()
    except ClassNotFound:
        lexer = TextLexer()
    inner = highlight(code, lexer, _formatter).rstrip('\n')
    return f'<pre class="highlight"><code>{inner}</code></pre>'


def version() -> str:
    return pygments.__version__
