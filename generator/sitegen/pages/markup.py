"""Documentation text to HTML: Markdown with protected math, highlighted inline code and images.

A rendered piece of documentation is a `Fragment` (see `sitegen.doc`): HTML in which every piece
that must not be translated (math, inline code, code blocks, images) is a numbered marker, plus the
HTML of those pieces, and in which every URL of the site is a marker too, resolved when a page of
a given language is rendered. A translation cache is keyed by the same HTML with the pieces written
as `<span translate=no>_^_N_^_</span>`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import markdown
from markdown import inlinepatterns
from markdown.blockparser import State
from markdown.extensions.fenced_code import FencedCodeExtension
from markdown.extensions.tables import TableExtension
from markdown.inlinepatterns import InlineProcessor
from markdown.util import AtomicString

from sitegen import fastpaths
from sitegen.doc import CLOSE, MARKER, OPEN, URL_CLOSE, URL_OPEN, Fragment, is_relative
from sitegen.pages.highlight import highlight_block, highlight_inline, show_bidi
from sitegen.reading.math import DOLLAR, Protected, Typeset
from sitegen.translation.sanitize import sanitize_markdown

_PRE = re.compile(r'<pre><code(?: class="language-([\w+-]+)")?>(.*?)</code></pre>', re.S)
_CODE = re.compile(r'<code>(.*?)</code>', re.S)
_IMG = re.compile(r'<img\b[^>]*>', re.S)
_ATTR_URL = re.compile(r'\b(href|src)="([^"]*)"')
_ID = re.compile(r'\bid="([^"]+)"')
_PIECE = re.compile(f'{OPEN}(m?\\d+){CLOSE}')  # a piece's marker before the pieces are numbered


class _Dunder(InlineProcessor):
    """`__call__` outside backticks is the name, as typed: Markdown would make it a bold "call"."""

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:
        return AtomicString(m.group(0)), m.start(0), m.end(0)


# A dunder name: one word between double underscores, not inside a longer word. `__bold words__`
# (with a space) is still bold.
_DUNDER = r'(?<![\w\\])__[A-Za-z_]\w*?__(?!\w)'

# Extension objects rather than names: naming them makes Markdown scan installed packages' entry
# points, which costs more than the rest of its set-up together.
_md = markdown.Markdown(extensions=[TableExtension(), FencedCodeExtension()], output_format='html')
# Before emphasis (priority 60), after code spans, escapes and links.
_md.inlinePatterns.register(_Dunder(_DUNDER, _md), 'dunder', 65)
# Plain texts made without Markdown (`_simple`), where that is checked to match (`sitegen.fastpaths`).
_FAST = fastpaths.enabled('markdown', markdown.__version__)


class _Brackets:
    """Where each `[` of a text closes, found in one pass: Markdown's links and images look for
    the `]` of each `[` by reading on to it (to the end of the text when there is none), which
    for a run of `[` costs the square of its length (10 KB: minutes). Same answers, linear."""

    def __init__(self) -> None:
        self.data = ''
        self.closing: dict[int, int] = {}  # position after a `[` -> position of its `]`

    def get_text(self, data: str, index: int) -> tuple[str, int, bool]:
        """`LinkInlineProcessor.getText`: the text up to the `]` that closes the `[` before `index`."""
        if data is not self.data:
            self.data, self.closing, opened = data, {}, []
            for m in _BRACKET.finditer(data):
                if m.group(0) == '[':
                    opened.append(m.end())
                elif opened:
                    self.closing[opened.pop()] = m.start()
        end = self.closing.get(index)
        if end is None:
            return '', len(data), False  # never closed: Markdown reads to the end and gives up
        return data[index:end], end + 1, True


# The most a link's `(destination "title")` may hold: Markdown reads on from each `[text](` to
# the `)` that closes it, which a text of many such openings and no close makes quadratic.
LINK_TARGET_LIMIT = 2048


def _bounded_link(get_link: Callable[[str, int], tuple[str, str | None, int, bool]]):
    def bounded(data: str, index: int) -> tuple[str, str | None, int, bool]:
        """`LinkInlineProcessor.getLink`, reading at most `LINK_TARGET_LIMIT` characters on."""
        window = data[index : index + LINK_TARGET_LIMIT]
        if ')' not in window:
            return '', None, index, False  # no link closes here
        href, title, end, handled = get_link(window, 0)
        return href, title, index + end, handled

    return bounded


_BRACKET = re.compile(r'[\[\]]')
_brackets = _Brackets()
for _processor in _md.inlinePatterns:
    if isinstance(_processor, inlinepatterns.LinkInlineProcessor):
        _processor.getText = _brackets.get_text
        _processor.getLink = _bounded_link(_processor.getLink)


def render_markdown(
    protected: Protected,
    typeset: Callable[[str, bool], Typeset],
    colab: Callable[[str], str],
    sanitize_english: bool = False,
) -> Fragment:
    """Render one documentation text whose math is already protected.

    `typeset` maps a formula to KaTeX's HTML; `colab` maps a `colab:` target to its address. With
    `sanitize_english`, the HTML passes the allow-list translations pass (`sitegen.translation.sanitize`), with
    the images and code classes Markdown itself writes: raw HTML of the author's (`<script>`,
    `onerror=`, `javascript:` links) does not reach the page.
    """
    body = _simple(protected.text) if _FAST else None
    if body is None:
        body = _convert(protected.text)
    if sanitize_english:
        body = sanitize_markdown(body)
    parts: list[str] = []

    def keep(piece: str) -> str:
        parts.append(piece)
        return f'{OPEN}{len(parts) - 1}{CLOSE}'

    # Math markers are numbered by formula; give them part numbers of their own first.
    typeset_math = [typeset(m.tex, m.display) for m in protected.formulas]
    errors = [(m, result.error) for m, result in zip(protected.formulas, typeset_math) if result.error]
    # Each step where the HTML holds what it looks for (most hold no code, image or link).
    if OPEN in body:
        body = MARKER.sub(lambda m: f'{OPEN}m{m.group(1)}{CLOSE}', body)
    if '<pre>' in body:
        body = _PRE.sub(lambda m: keep(highlight_block(html.unescape(m.group(2)), m.group(1))), body)
    if '<code>' in body:
        body = _CODE.sub(lambda m: keep(highlight_inline(html.unescape(m.group(1)))), body)
    urls: list[str] = []
    if 'href="' in body or 'src="' in body:
        body = _ATTR_URL.sub(lambda m: _url(m.group(1), html.unescape(m.group(2)), urls, colab), body)
    if '<img' in body:
        body = _IMG.sub(lambda m: keep(m.group(0)), body)
    body = body.replace(DOLLAR, '$')
    # Number every piece in order of appearance, as the cache format wants.
    ordered: list[str] = []

    def renumber(m: re.Match[str]) -> str:
        ref = m.group(1)
        piece = typeset_math[int(ref[1:])].html if ref.startswith('m') else parts[int(ref)]
        ordered.append(piece.replace(DOLLAR, '$'))
        return f'{OPEN}{len(ordered) - 1}{CLOSE}'

    template = body + ('\n' if body else '')
    if OPEN in template:
        template = _PIECE.sub(renumber, template)
    template = show_bidi(template)  # a bidirectional control of the text shown as its code point
    anchors = tuple(_ID.findall(template)) if 'id="' in template else ()
    return Fragment(template, tuple(ordered), tuple(urls), anchors, tuple(errors))


def _convert(text: str) -> str:
    """Markdown's HTML of `text`."""
    try:
        _md.reset()
        return _md.convert(text)
    except BaseException:
        # A text Markdown gave up on (nested too deeply: `RecursionError`) leaves the block
        # parser's state mid-list; every later text would be read as inside it.
        _md.parser.state = State()
        _md.treeprocessors['inline'].ancestors = []
        raise


# Text that Markdown reads as paragraphs, headings and lists with code, links and the marks of
# protected math, and nothing else, made into HTML without Markdown (most comments and docstrings
# are such text; Markdown takes 0.2 ms or more to read one). Its words: letters, digits and plain
# punctuation (no character of Markdown's syntax, nor `&` or `<`, but `_` inside a word, as in a
# name: never emphasis there) and the marks; `code` in single backticks on one line; links
# [words or code](url) whose URL has no space, quote, parenthesis, `&` or `<`. A line is such
# words, a `# heading` of them, an anchor `<a id="..."></a>`, an item `* words` (or `-`, `+`) of
# a list that starts a block and is followed by a blank line and no other list, or an item's next
# line, indented (its spaces kept); no other line starting with a space, digit or `-` (a list,
# quote or code block), none ending in a space (a hard break), no two backticks side by side
# (Markdown pairs runs of backticks by their length).
_WORDS = rf"(?:[^\W_]|[ ,.;:'\"()?/-]|(?<=[^\W_])_(?=[^\W_])|{OPEN}\d+{CLOSE}|{DOLLAR})"
_CODE_SPAN = r'`[^`\n]+`'
_URL = r'[\w.~:/?#@$+,;=%-]+'
_LINK = rf'\[(?:{_WORDS}|{_CODE_SPAN})+\]\({_URL}\)'
_LINE = re.compile(rf'(?:{_WORDS}|{_CODE_SPAN}|{_LINK})+')
_PARAGRAPHS_ONLY = re.compile(rf'(?:{_WORDS}|{_CODE_SPAN}|{_LINK}|\n)*\Z')
_HEADING = re.compile(r'(#{1,6})([^#\n]*?)#*')
_ANCHOR = re.compile(r'<a id="[\w.:-]+"></a>')
_ITEM = re.compile(r'[*+-] +(.+)')
_NOT_ITEM = re.compile(r'[*+-]|\d+\.')  # an item's words that start another list, or a rule
_NOT_TEXT = re.compile(r'^[ \d-]|[ ]$', re.M)
_PARAGRAPHS = re.compile(r'\n{2,}')
_INLINE = re.compile(rf'`([^`\n]+)`|\[((?:{_WORDS}|{_CODE_SPAN})+)\]\(({_URL})\)')
_INLINE_CODE = re.compile(r'`([^`\n]+)`')


def _simple(text: str) -> str | None:
    """What Markdown makes of `text` when it is such text (above); None for anything else."""
    if '``' in text:
        return None
    if _PARAGRAPHS_ONLY.match(text) and not _NOT_TEXT.search(text):
        return '\n'.join(f'<p>{_inline(p)}</p>' for p in _PARAGRAPHS.split(text.strip('\n')) if p)
    out: list[str] = []
    lines: list[str] = []  # of the paragraph being read
    items: list[list[str]] = []  # of the list being read, each its lines
    after_list = False  # a list ended at the blank line before: the next block may not be one

    def paragraph() -> None:
        if lines:
            out.append(f'<p>{_inline(chr(10).join(lines))}</p>')
            lines.clear()
        if items:
            out.append(
                '<ul>\n' + '\n'.join(f'<li>{_inline(chr(10).join(i))}</li>' for i in items) + '\n</ul>'
            )
            items.clear()

    for line in text.strip('\n').split('\n'):
        if not line:
            after_list = after_list or bool(items)
            paragraph()
            continue
        if line[-1] == ' ':
            return None
        heading = _HEADING.fullmatch(line) if line[0] == '#' else None
        item = _ITEM.fullmatch(line) if line[0] in '*+-' else None
        if heading is not None:
            words = heading.group(2).strip()
            if not _LINE.fullmatch(words):
                return None
            paragraph()
            level = len(heading.group(1))
            out.append(f'<h{level}>{_inline(words)}</h{level}>')
        elif item is not None:
            words = item.group(1)
            if lines or (after_list and not items) or _NOT_ITEM.match(words) or not _LINE.fullmatch(words):
                return None  # in a paragraph, a second list (one loose list), another list or a rule
            items.append([words])
        elif line[0] == ' ':
            words = line.lstrip(' ')
            if not items or _NOT_ITEM.match(words) or not _LINE.fullmatch(words):
                return None  # code, another item, or a rule
            items[-1].append(line)
        elif items or _NOT_TEXT.match(line):
            return None  # an item's lazy line, a list or a rule
        elif _LINE.fullmatch(line) or _ANCHOR.fullmatch(line):
            lines.append(line)
        else:
            return None
        after_list = after_list and not (heading or lines)
    paragraph()
    return '\n'.join(out)


def _inline(text: str) -> str:
    """Code spans and links of such text as Markdown writes them."""
    return _INLINE.sub(_span, text) if '`' in text or '[' in text else text


def _span(m: re.Match[str]) -> str:
    if m.group(1) is not None:
        return _code_span(m)
    return f'<a href="{m.group(3)}">{_INLINE_CODE.sub(_code_span, m.group(2))}</a>'


def _code_span(m: re.Match[str]) -> str:
    code = m.group(1).strip()
    return f'<code>{code.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")}</code>'


def _url(attr: str, url: str, urls: list[str], colab: Callable[[str], str]) -> str:
    """An `href`/`src` as the fragment keeps it: a marker for a URL of the site (resolved per
    language), the Colab address for `colab:` (the notebook's own where `colab` gives none), anything
    else as it is."""
    of_site = url.startswith('static:') or is_relative(url)
    if url.startswith('colab:'):
        opened = colab(url[len('colab:') :])
        # No repository for Colab to open it from: the notebook itself, in the site.
        url, of_site = opened or url[len('colab:') :], not opened
    if not of_site:
        return f'{attr}="{html.escape(url)}"'
    urls.append(url)
    return f'{attr}="{URL_OPEN}{len(urls) - 1}{URL_CLOSE}"'
