"""Math: find `$...$` / `$$...$$` in Markdown before Markdown sees it, and typeset it with KaTeX.

KaTeX runs inside the QuickJS engine (the `quickjs` wheel, about 2 MB, no Node.js): pages get
KaTeX's HTML and MathML at build time and need no script to show math.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from sitegen.doc import CLOSE, OPEN, Math

KATEX_JS = Path(__file__).parents[1] / 'vendor' / 'katex' / 'katex.min.js'

# Protected math is marked `\ue000N\ue001` (the N-th formula) until the fragment is assembled.
DOLLAR = '\ue002'  # an escaped `\$`, put back as a literal dollar sign after Markdown

_blank_line = re.compile(r'\n[ \t]*\n')
_BACKTICKS = re.compile('`+')
_ORDINARY = re.compile(r'[^\n\\`$]+')  # none of them starts math, code or a line
FENCE = re.compile(r'^[ \t]*(`{3,}|~{3,})', re.M)


Formula = tuple[str, bool]  # (TeX, display)


class Protected(NamedTuple):
    """Documentation text with its math replaced by markers, and the formulas in order."""

    text: str
    formulas: list[Math]


def protect_math(text: str) -> Protected:
    """Replace math with markers; code spans and fenced blocks are left alone.

    Inline math, `$...$`, is read by two rules, the first that applies:
    1. pandoc's, so that prices do not turn into math: the opening `$` is followed by a
       non-space, the closing one preceded by a non-space and not followed by a digit; the
       formula may go on over line breaks, but not over a blank line;
    2. labml's annotated-source tool's, for `$ x $` written with spaces inside the dollars:
       the closing `$` is on the same line, the formula holds more than white space, and the
       closing `$` is not followed by a digit (`$5 and $6` stays two prices).

    Display math is `$$...$$`, or a LaTeX environment standing alone (see `ENVIRONMENTS`):
    a line that starts with `\\begin{align}`, through the line that ends with its `\\end{align}`.
    """
    if '$' not in text and '\\begin{' not in text:
        return Protected(text, [])
    out: list[str] = []
    found: list[Math] = []
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start:
            block = _block_at(text, i, len(found))
            if block:
                piece, i, formula = block
                out.append(piece)
                if formula:
                    found.append(formula)
                continue
        at_line_start = c == '\n'
        if c == '\\' and text.startswith('\\$', i):
            out.append(DOLLAR)
            i += 2
        elif c == '`':
            end = _code_span_end(text, i)
            out.append(text[i:end])
            i = end
        elif c == '$':
            read = _math_at(text, i)
            if read is None:  # text: `$$` stays two dollars, `$` one
                dollars = 2 if text.startswith('$$', i) else 1
                out.append(text[i : i + dollars])
                i += dollars
                continue
            tex, display, end = read
            found.append(Math(tex, display, i))
            out.append(f'{OPEN}{len(found) - 1}{CLOSE}')
            i = end
        elif c == '\n' or c == '\\':
            out.append(c)
            i += 1
        else:  # text up to the next character that may start something: taken whole
            end = _ORDINARY.match(text, i).end()  # type: ignore[union-attr]
            out.append(text[i:end])
            i = end
    return Protected(''.join(out), found)


def _block_at(text: str, i: int, count: int) -> tuple[str, int, Math | None] | None:
    """What starts at the line start `i` and is read whole: a fenced code block, kept as it is, or
    a LaTeX environment standing alone, display math marked as formula number `count`. The text it
    becomes, its end and its formula; None for anything else."""
    m = FENCE.match(text, i)
    if m:
        end = _fence_end(text, m.end(), m.group(1))
        return text[i:end], end, None
    environment = _environment(text, i)
    if environment is None:
        return None
    start, end, tex = environment
    return f'{text[i:start]}{OPEN}{count}{CLOSE}', end, Math(tex, True, start)


def _code_span_end(text: str, i: int) -> int:
    """The end of the code span opened by the backticks at `i` (just those backticks if unclosed)."""
    run = _BACKTICKS.match(text, i).end() - i  # type: ignore[union-attr]
    close = text.find('`' * run, i + run)
    while close != -1 and text.startswith('`', close + run):
        close = text.find('`' * run, close + run + 1)
    return close + run if close != -1 else i + run


def _math_at(text: str, i: int) -> tuple[str, bool, int] | None:
    """The formula the dollar sign at `i` opens, `$$...$$` or `$...$`: its TeX, whether it is
    display math, and the end of its closing dollars; None where the dollars are text."""
    if text.startswith('$$', i):
        close = text.find('$$', i + 2)
        if close == -1 or _blank_line.search(text, i, close):
            return None
        return text[i + 2 : close].strip(), True, close + 2
    close = _inline_close(text, i)
    if close == -1:
        close = _spaced_close(text, i)
    if close == -1:
        return None
    return text[i + 1 : close].strip(), False, close + 1


def _fence_end(text: str, start: int, fence: str) -> int:
    """End offset of a fenced code block opened by `fence` (the whole rest if unclosed)."""
    pattern = re.compile(rf'^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$', re.M)
    m = pattern.search(text, text.find('\n', start) + 1 if '\n' in text[start:] else len(text))
    return m.end() if m else len(text)


def _inline_close(text: str, start: int) -> int:
    if start + 1 >= len(text) or text[start + 1].isspace():
        return -1
    j = start + 1
    while True:
        j = text.find('$', j)
        if j == -1:
            return -1
        segment = text[start + 1 : j]
        if '`' in segment or _blank_line.search(segment):
            return -1
        if text[j - 1] != '\\' and not text[j - 1].isspace() and not text[j + 1 : j + 2].isdigit():
            return j
        j += 1


def _spaced_close(text: str, start: int) -> int:
    """Rule 2 of `protect_math`: `$ x $` on one line; -1 when it does not apply."""
    end = text.find('\n', start)
    end = len(text) if end == -1 else end
    j = text.find('$', start + 1, end)
    while j != -1 and text[j - 1] == '\\':
        j = text.find('$', j + 1, end)
    if j == -1 or j == start + 1:
        return -1
    segment = text[start + 1 : j]
    if '`' in segment or not segment.strip() or text[j + 1 : j + 2].isdigit():
        return -1
    return j


# LaTeX environments that are display math when they stand alone, without dollars. KaTeX has
# no `multline`; it is typeset as `gather`, each line centred.
ENVIRONMENTS = frozenset(
    'align align* aligned alignat alignat* alignedat equation equation* gather gather* gathered split '
    'cases dcases rcases multline multline* array darray matrix pmatrix bmatrix Bmatrix vmatrix Vmatrix '
    'smallmatrix CD'.split()
)
_BEGIN = re.compile(r'[ \t]*(\\begin\{([A-Za-z]+\*?)\})')
_KATEX_NAMES = {'multline': 'gather', 'multline*': 'gather*'}


def _environment(text: str, i: int) -> tuple[int, int, str] | None:
    """`(start, end, TeX)` of an environment standing alone from the line at offset `i`, or None.

    It opens the line and its matching `\\end` closes a line (nested environments of the same
    name counted); it may not cross a blank line.
    """
    m = _BEGIN.match(text, i)
    if not m or m.group(2) not in ENVIRONMENTS:
        return None
    name = m.group(2)
    begin, end = f'\\begin{{{name}}}', f'\\end{{{name}}}'
    depth, j = 1, m.end(1)  # past its own `\begin`
    while depth:
        next_begin, next_end = text.find(begin, j), text.find(end, j)
        if next_end == -1:
            return None
        if next_begin != -1 and next_begin < next_end:
            depth, j = depth + 1, next_begin + len(begin)
        else:
            depth, j = depth - 1, next_end + len(end)
    line_end = text.find('\n', j)
    line_end = len(text) if line_end == -1 else line_end
    if text[j:line_end].strip() or _blank_line.search(text, m.start(1), j):
        return None
    tex = text[m.start(1) : j]
    if name in _KATEX_NAMES:
        tex = tex.replace(begin, f'\\begin{{{_KATEX_NAMES[name]}}}').replace(
            end, f'\\end{{{_KATEX_NAMES[name]}}}'
        )
    return m.start(1), j, tex


@dataclass(frozen=True)
class Typeset:
    html: str
    error: str | None = None


class KaTeX:
    """One QuickJS context with KaTeX loaded; about 20 ms to start, under a millisecond a formula."""

    def __init__(self) -> None:
        import quickjs

        self._context = quickjs.Context()
        self._context.eval(KATEX_JS.read_text(encoding='utf-8'))
        self._context.eval(
            'function render(tex, display) {'
            '  try { return JSON.stringify([katex.renderToString(tex, {displayMode: display,'
            '          throwOnError: true, output: "htmlAndMathml", strict: "ignore"}), ""]); }'
            '  catch (e) { return JSON.stringify(["", String(e.message || e)]); } }'
        )
        self._render = self._context.get('render')

    def typeset(self, tex: str, display: bool) -> Typeset:
        html, error = json.loads(self._render(tex, display))
        if error:
            return Typeset(error_html(tex, display, error), error)
        return Typeset(html)


def error_html(tex: str, display: bool, message: str) -> str:
    from html import escape

    tag = 'div' if display else 'span'
    return f'<{tag} class="math-error" title="{escape(message)}"><code>{escape(tex)}</code></{tag}>'


@lru_cache(maxsize=1)
def katex() -> KaTeX:
    return KaTeX()


@lru_cache(maxsize=1)
def katex_version() -> str:
    """A digest of the vendored KaTeX: a new one invalidates cached formulas and pages."""
    return hashlib.sha256(KATEX_JS.read_bytes()).hexdigest()[:16]
