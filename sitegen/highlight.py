"""Code column: the whole source file highlighted once, then cut into lines for the sections.

Lexing the whole file (rather than each section) keeps strings and brackets that span section
boundaries coloured correctly; Pygments closes its spans at each line end, so the lines can be
handed to sections independently. Pygments escapes the text: no source can inject markup.
"""

from __future__ import annotations

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

_lexer = PythonLexer(stripnl=False, stripall=False, ensurenl=True)
_formatter = HtmlFormatter(nowrap=True)


def highlight_lines(lines: list[str]) -> list[str]:
    """Highlighted HTML of each source line; `lines[i]` is source line `i + 1`."""
    if not lines:
        return []
    out = highlight('\n'.join(lines) + '\n', _lexer, _formatter).split('\n')
    # A line that Pygments sees as several (a form feed, say) must not shift the numbering.
    if len(out) - 1 != len(lines):
        import html

        return [html.escape(line) for line in lines]
    return out[:-1]


def stylesheet(style: str, scope: str | list[str]) -> str:
    """Pygments colours for one theme, scoped under a CSS selector."""
    return HtmlFormatter(style=style).get_style_defs(scope)
