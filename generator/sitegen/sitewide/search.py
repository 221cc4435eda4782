"""The search index: every section of every page of one language, as plain text.

Records are made per page while it renders (so they are cached with it) and indexed per language
in small files (see `index_files`). They are scripts, not JSON, because a page opened from
`file://` may not `fetch()` a file but may always load a script; each adds itself to
`self.siteSearchIndex`, and the page loads them on use of the search box, so they cost nothing
to a reader who never searches.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape as _html_escape
from html import unescape as _html_unescape
from html.parser import HTMLParser
from itertools import starmap

from sitegen.doc import relative_quote, span_end

INDEX_FILE = 'search-index.js'
GLOBAL = 'siteSearchIndex'

# (section's anchor, heading, text, identifiers)
Record = tuple[str, str, str, str]

_IDENTIFIER = re.compile(
    r'<span class="(?:n|nc|nf|fm)"[^>]*>([A-Za-z_][A-Za-z_0-9]*)</span>'
    r'|<a class="n xref"[^>]*>([A-Za-z_][A-Za-z_0-9]*)</a>'
)


class _Text(HTMLParser):
    """Readable text of documentation HTML: formulas as their linear text, headings noted apart."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.headings: list[str] = []
        self._heading: list[str] | None = None
        self._katex_depth = 0  # open elements inside a KaTeX formula
        self._math: list[_Node] = []  # open MathML elements of the formula being read
        self._skip = 0  # open elements inside the formula's TeX annotation

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get('class') or '').split()
        if self._katex_depth:
            if tag in _VOID:
                return
            self._katex_depth += 1
            if self._skip or tag == 'annotation':
                self._skip += 1
            elif tag == 'math' or self._math:
                node = _Node(tag, dict(attrs))
                if self._math:
                    self._math[-1].children.append(node)
                self._math.append(node)
            return
        if 'katex' in classes:
            self._katex_depth = 1
            return
        if tag in _HEADINGS:
            self._heading = []
        if tag in _BLOCK:
            self.parts.append(' ')

    def handle_endtag(self, tag: str) -> None:
        if self._katex_depth:
            self._katex_depth -= 1
            if self._skip:
                self._skip -= 1
            elif self._math:
                node = self._math.pop()
                if not self._math:
                    self._add(math_text(node))
            return
        if tag in _HEADINGS and self._heading is not None:
            self.headings.append(_squash(''.join(self._heading)))
            self._heading = None
        if tag in _BLOCK:
            self.parts.append(' ')

    def handle_data(self, data: str) -> None:
        if self._katex_depth:
            if self._math and not self._skip:
                self._math[-1].children.append(data)
            return
        self._add(data)

    def _add(self, text: str) -> None:
        self.parts.append(text)
        if self._heading is not None:
            self._heading.append(text)


_VOID = {'br', 'img', 'hr', 'input', 'meta', 'link', 'wbr', 'col', 'area', 'source'}
_HEADINGS = {'h1', 'h2', 'h3', 'h4', 'h5', 'h6'}
_BLOCK = {*'p li ul ol div pre table tr td th br blockquote'.split(), *_HEADINGS}


# ---------------------------------------------------------------- formulas as text


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str | None]
    children: list[_Node | str] = field(default_factory=list)


_SUB = dict(zip('0123456789+-−=()aehijklmnoprstuvx', '₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ', strict=True))
_SUP = dict(zip('0123456789+-−=()in⊤T', '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁱⁿᵀᵀ', strict=True))
# An accent over one letter, as the combining character that puts it there
_ACCENTS = dict(
    zip('^ˆ~˜¯ˉ‾→˙¨', '\u0302\u0302\u0303\u0303\u0305\u0305\u0305\u20d7\u0307\u0308', strict=True)
)
_SPACED = set('=+−×⋅·≤≥<>≈≠∈∉→←↦⇒⇔∼≡∝⊙⊗⊕∣:')
# Operators inside a fraction's part or under a root make the reading ambiguous without brackets.
_COMPOUND = re.compile(r'[\s+−=/,<>≤≥×⋅·-]')
_LARGE = set('∑∏∐∫∬∮⋃⋂⋁⋀⨁⨂')
_DOUBLE_STRUCK = str.maketrans('CHNPQRZ', 'ℂℍℕℙℚℝℤ')
_INVISIBLE = dict.fromkeys(map(ord, '\u2061\u2062\u2063\u2064\u200b'), None)


def math_text(node: _Node) -> str:
    """A formula as a reader would type it: `\\frac{QK^\\top}{\\sqrt{d_k}}` reads `QKᵀ/√dₖ`.

    Built from KaTeX's MathML, which gives the structure (fractions, roots, scripts) that the
    TeX source hides behind commands and the visual HTML hides behind positioning.
    """
    return unicodedata.normalize('NFC', _squash(_linear(node, tight=False)))


def _linear(node: _Node | str, tight: bool) -> str:
    if isinstance(node, str):
        return node.translate(_INVISIBLE)
    kids = [c for c in node.children if not (isinstance(c, str) and not c.strip())]
    parts = [_linear(c, tight) for c in kids]
    tag = node.tag
    if tag == 'mo' and not any(isinstance(c, _Node) for c in kids):
        op = ''.join(parts).strip()
        if tight:
            return op
        if op in _SPACED:
            return f' {op} '
        return op + ' ' if op in (',', ';') else op
    if tag in ('mphantom', 'annotation', 'annotation-xml'):
        return ''
    if tag == 'mspace':
        return ' '
    if tag == 'mfrac' and len(parts) == 2:
        return f'{_group(parts[0])}/{_group(parts[1])}'
    if tag == 'msqrt':
        return '√' + _group(''.join(parts), atom=True)
    if tag == 'mroot' and len(parts) == 2:
        return _script(parts[1], _SUP, '^') + '√' + _group(parts[0], atom=True)
    if tag in ('msub', 'munder') and len(kids) == 2:
        return parts[0] + _script(_linear(kids[1], True), _SUB, '_') + _after(parts[0])
    if tag in ('msup', 'mover') and len(kids) == 2:
        over = _linear(kids[1], True)
        if tag == 'mover' and over.strip() in _ACCENTS and len(parts[0]) == 1:
            return parts[0] + _ACCENTS[over.strip()]
        return parts[0] + _script(over, _SUP, '^')
    if tag in ('msubsup', 'munderover') and len(kids) == 3:
        sub, sup = _linear(kids[1], True), _linear(kids[2], True)
        return parts[0] + _script(sub, _SUB, '_') + _script(sup, _SUP, '^') + _after(parts[0])
    if tag == 'mi' and node.attrs.get('mathvariant') == 'double-struck':
        return ''.join(parts).translate(_DOUBLE_STRUCK)
    if tag == 'mtd':
        return ''.join(parts).strip()
    if tag == 'mtr':
        return ' '.join(parts)
    if tag == 'mtable':
        return '; '.join(parts)
    return ''.join(parts)


def _after(base: str) -> str:
    """A space after a large operator with its limits: `∑ᵢ xᵢ`, not `∑ᵢxᵢ`."""
    return ' ' if base.strip() in _LARGE else ''


def _script(text: str, table: dict[str, str], mark: str) -> str:
    """A sub- or superscript in Unicode's small letters where all of it has them, else `_x`, `^(x+1)`."""
    text = text.strip()
    if not text:
        return ''
    if all(c in table for c in text):
        return ''.join(table[c] for c in text)
    return mark + (f'({text})' if _COMPOUND.search(text) else text)


def _group(text: str, atom: bool = False) -> str:
    """Brackets around a fraction's part (or a root's body) that would read wrongly without them."""
    text = text.strip()
    bare = text.strip('₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿᵀ')
    if _COMPOUND.search(text) or (atom and len(bare) > 1 and not text.startswith('(')):
        return f'({text})'
    return text


def _squash(text: str) -> str:
    return ' '.join(text.split())


def doc_text(html: str, formulas: Formulas | None = None) -> tuple[str, list[str]]:
    """(plain text, headings) of a section's documentation HTML; `formulas`: those read before
    (`_formulas_as_text`)."""
    html = _formulas_as_text(html, {} if formulas is None else formulas)
    found = _plain_text(html)
    if found is not None:
        return found
    parser = _Text()
    parser.feed(html)
    parser.close()
    return _squash(''.join(parser.parts)), parser.headings


# A tag: its attributes run to the first `>` or `/>` outside quotes (read possessively: where a
# quote is not closed, no shorter reading of them ends the tag either).
_TAG = re.compile(r'<(/?)([a-zA-Z][^\s/>]*)((?:[^>"\'/]++|/(?!>)|"[^"]*+"|\'[^\']*+\')*+)(/?)>')
# What only an HTML parser reads right: a `<` that starts no tag, a formula not closed, elements
# whose content is not HTML, comments and declarations. A display formula's wrapper, left when its
# formula is replaced by its text (`<span class="katex-display">`), is a plain element: its one
# class is not `katex`, so `_Text` reads it as any other. Two patterns, each quick to scan for:
# one starts with `<`, the other with one of the characters `k` matches ignoring case.
_UNUSUAL = re.compile(r'<(?![a-zA-Z/])|</(?![a-zA-Z])|<script|<style|<textarea|<title|<plaintext|<xmp', re.I)
_UNUSUAL_KATEX = re.compile('[kK\u212a](?i:atex(?!-display">))')


def _plain_text(html: str) -> tuple[str, list[str]] | None:
    """What `_Text` reads of HTML made of plain tags and text (Markdown's, the code's spans), read
    by a pattern of tags three times as fast; None for anything else."""
    if _UNUSUAL.search(html) or _UNUSUAL_KATEX.search(html):
        return None
    parts: list[str] = []
    headings: list[str] = []
    heading: list[str] | None = None
    pos = 0
    for m in _TAG.finditer(html):
        closing, tag, attrs, selfclosing = m.groups()
        if closing and attrs.strip():
            return None  # an end tag with attributes ends at its first `>`, quoted or not
        start, end = m.span()
        if start > pos:
            text = _html_unescape(html[pos:start])
            parts.append(text)
            if heading is not None:
                heading.append(text)
        pos = end
        tag = tag.lower()
        if not closing:
            if tag in _HEADINGS:
                heading = []
            if tag in _BLOCK:
                parts.append(' ')
        if closing or selfclosing:
            if tag in _HEADINGS and heading is not None:
                headings.append(_squash(''.join(heading)))
                heading = None
            if tag in _BLOCK:
                parts.append(' ')
    if pos < len(html):
        parts.append(_html_unescape(html[pos:]))
    return _squash(''.join(parts)), headings


_KATEX = re.compile(r'<span class="katex">')
# Formulas read so far, by their first characters (`_HEAD`): (the formula, its text, escaped).
Formulas = dict[str, list[tuple[str, str]]]
_HEAD = 160  # how much of a formula's start tells formulas apart (mostly: the rest is compared)


def _formulas_as_text(html: str, formulas: Formulas) -> str:
    """The HTML with each KaTeX formula replaced by its text (escaped), as `_Text` would read it.

    A formula is most of a section's tags (its MathML and its visual HTML), and the same formula
    recurs in every language of a page and often across sections: each distinct one is read once
    (`_formula_text`), not once per occurrence, and one of `formulas` that starts where a formula
    starts is that formula (an element ends at the first end tag that balances it), its end not
    looked for again. A formula without its closing tag is left as it is.
    """
    if '<span class="katex">' not in html:
        return html
    out: list[str] = []
    at = 0
    for start in _KATEX.finditer(html):
        begin = start.start()
        if begin < at:
            continue  # inside the formula just replaced
        head = html[begin : begin + _HEAD]
        known = formulas.get(head)
        found = next((f for f in known if html.startswith(f[0], begin)), None) if known else None
        if found is None:
            end = span_end(html, begin)
            if end < 0:
                break
            formula = html[begin:end]
            found = (formula, _html_escape(_formula_text(formula), quote=False))
            formulas.setdefault(head, []).append(found)
        out.append(html[at:begin])
        out.append(found[1])
        at = begin + len(found[0])
    out.append(html[at:])
    return ''.join(out)


@lru_cache(maxsize=8192)
def _formula_text(formula: str) -> str:
    """What `_Text` reads of one KaTeX formula's HTML: the linear text of its MathML. The visual
    HTML after the MathML gives no text, so it is not read (the formula's own end tag closes it)."""
    visual = formula.find('<span class="katex-html"')
    found = _mathml_text(formula[:visual]) if visual >= 0 else None
    if found is not None:
        return found
    parser = _Text()
    parser.feed(formula if visual < 0 else formula[:visual] + '</span>')
    parser.close()
    return ''.join(parser.parts)


_MATHML = '<span class="katex"><span class="katex-mathml">'
# A tag as KaTeX writes its MathML: a lowercase name, attributes `name="value"` each after a space
_MATHML_TAG = re.compile(r'<(/?)([a-z][a-z0-9-]*)((?: [a-z][a-z-]*="[^"<>]*")*)(/?)>')
_MATHML_ATTRIBUTE = re.compile(r' ([a-z][a-z-]*)="([^"]*)"')


def _mathml_text(mathml: str) -> str | None:
    """`_formula_text` of a formula whose MathML half (`mathml`, up to the visual half) is as KaTeX
    writes it, read by a pattern of its tags (three times as fast as `_Text`); None for anything
    else: a `<` that starts no such tag, a void element, text or another element beside the `math`
    ones, elements not closed. A self-closing tag (`<mspace width="1em"/>`) opens and closes one."""
    if not mathml.startswith(_MATHML) or not mathml.endswith('</span>'):
        return None
    body = mathml[len(_MATHML) : -len('</span>')]
    parts: list[str] = []
    stack: list[_Node] = []
    skip = 0  # open elements of the TeX annotation
    pos = 0  # where the text before the next tag starts
    for m in _MATHML_TAG.finditer(body):
        text = body[pos : m.start()]
        if text and ('<' in text or not stack):
            return None
        if text and not skip:
            stack[-1].children.append(_html_unescape(text))
        pos = m.end()
        closing, tag, attrs, selfclosing = m.groups()
        if not closing:
            if tag in _VOID or not (stack or tag == 'math'):
                return None
            if skip or tag == 'annotation':
                skip += 1
            else:
                node = _Node(tag, {k: _html_unescape(v) for k, v in _MATHML_ATTRIBUTE.findall(attrs)})
                if stack:
                    stack[-1].children.append(node)
                stack.append(node)
        if closing or selfclosing:  # an end tag, read as `_Text` reads it
            if skip:
                skip -= 1
            elif not stack:
                return None
            elif len(stack) == 1:
                parts.append(math_text(stack.pop()))
            else:
                stack.pop()
    if pos != len(body) or stack or skip:
        return None
    return ''.join(parts)


class RecordMemo:
    """What `page_records` read from one page's HTML, kept for its other languages: a section whose
    documentation (or code) is the same HTML in two languages is read once, not once per language."""

    def __init__(self) -> None:
        self.texts: dict[str, tuple[str, list[str]]] = {}
        self.names: dict[tuple[str, ...], str] = {}
        self.formulas: Formulas = {}  # the page's formulas read so far, in any of its languages

    def doc_text(self, html: str) -> tuple[str, list[str]]:
        found = self.texts.get(html)
        if found is None:
            found = self.texts[html] = doc_text(html, self.formulas)
        return found

    def code_names(self, lines: tuple[str, ...]) -> str:
        found = self.names.get(lines)
        if found is None:
            names: dict[str, None] = {}
            for line in lines:
                for m in _IDENTIFIER.finditer(line):
                    names[m.group(1) or m.group(2)] = None
            found = self.names[lines] = ' '.join(names)
        return found


def page_records(sections: Iterable, title: str, memo: RecordMemo | None = None) -> list[Record]:
    """One record per section that has words or code: what a reader could search for in it.

    `sections` are the render's section views (`index`, `doc` HTML, `code` lines). A section is
    listed under the nearest heading at or above it, so a result reads "Page › Heading". `memo`
    is shared by the languages of one page.
    """
    memo = memo or RecordMemo()
    records: list[Record] = []
    heading = ''
    for s in sections:
        text, headings = memo.doc_text(s.doc) if s.doc else ('', [])
        if headings:
            heading = headings[0]
        names = memo.code_names(tuple(line.html for line in s.code))
        if text or names:
            anchor = getattr(s, 'anchor', '') or f'section-{s.index}'
            records.append((anchor, heading if heading != title else '', text, names))
    return records


# ---------------------------------------------------------------- the index in shards
#
# One index of every page grows with the site: a reader of a 1,000-page site would download
# megabytes before the first result. So the index is split. `search-index.js` (the manifest) holds
# the shards' names and how sections group under headings (a bit a section); each shard
# `search/search-<key>.js` holds, for the terms that begin with one key, the sections they occur
# in and how (a posting string); each `search/search-r<n>.js` holds the display fields of `CHUNK`
# sections (`chunk_size`). A query loads the manifest, the shards of its terms, and the chunks of
# the results it shows: on a site of 1,000 pages, about 40 KB (`bench/PERFORMANCE.md`).
#
# Sections are numbered page by page, each page's from a multiple of `BLOCK`, with room to grow
# (`page_span`): a page that gains or loses a section leaves every other page's numbers as they
# were (unless its sections cross a multiple of `BLOCK`), so that an edit changes the search files
# of the terms it touches, not every file whose postings run past the page. A number no section
# has belongs to the page's last group, and no posting names it.
#
# Terms: a run of letters, digits and `_` (lowercased) is one term; Chinese and Japanese text has
# no spaces, so there each character is a term and so is each pair of neighbouring characters. A
# query word matches a term it begins (`atten` finds `attention`); a CJK query word of two
# characters or more matches where its first and its last pair occur. The key of a term is its
# first two characters (one for a one-character term); of a CJK term, `#` and one of `BUCKETS`
# numbers in two hex digits, a hash of the term: there are too many pairs for a shard each, and a
# shard of all the pairs that begin with one character would be large (katakana words share many).
# A language's index is cut into shards by these keys where it is large, and by their first
# character (of a bucket: its first hex digit) where its postings are under `SMALL_INDEX`: a
# site of a few dozen pages has some 40 to 90 shards a language of a few kilobytes each, not
# several hundred of a few hundred bytes (the manifest's `key` says which, for site.js), and its
# display fields in a file of `BLOCK` sections rather than `CHUNK` (the manifest's `chunk`).

SHARD_DIR = 'search'
CHUNK = 4
BLOCK = 16  # a multiple of CHUNK: no chunk holds two pages' sections
BUCKETS = 256
SMALL_INDEX = 1 << 20  # characters of a language's postings: its largest shards some 30-60 KB
_CJK = '\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff'
_CJK_RUN = re.compile(f'[{_CJK}]+')
_WORD = re.compile(f'[^\\W{_CJK}]+')
_CAMEL = re.compile(r'[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+')


def terms(text: str) -> list[str]:
    """The terms of `text` in order, each as often as it occurs."""
    text = text.lower()
    found = _WORD.findall(text)
    for run in _CJK_RUN.findall(text):
        found.extend(run)
        found.extend(run[i : i + 2] for i in range(len(run) - 1))
    return found


def term_key(term: str) -> str:
    """The shard a term is in (the browser computes the same in `keyOf` of site.js)."""
    if term < _FIRST_CJK or not _CJK_RUN.match(term):  # every term of a page: the first test is quick
        return term[:2]
    return _bucket(term)


_FIRST_CJK = '\u3040'  # no character before it is in `_CJK`


@lru_cache(maxsize=8192)  # the characters and pairs of a language recur on every page
def _bucket(term: str) -> str:
    h = 0
    for c in term:
        h = (h * 31 + ord(c)) % 65521
    return f'#{h % BUCKETS:02x}'


def key_length(postings: Sequence[PagePostings]) -> int:
    """How many characters of a term's key (of a bucket's hex digits) name its shard: 1 for a
    small index, 2 for a large one."""
    return 1 if sum(map(len, postings)) < SMALL_INDEX else 2


def shard_key(key: str, length: int) -> str:
    """The shard of a term's key (`term_key`) where keys are cut to `length` (`key_length`)."""
    return key if length == 2 else key[:2] if key[0] == '#' else key[:1]


@lru_cache(maxsize=1 << 12)  # a section's code is the same in every language of its page
def _name_terms(names: str) -> tuple[tuple[str, int], ...]:
    """Terms of the code's names: 2 for a whole name, 1 for a part of one (`Multi`, `head` of `MultiHead`)."""
    found: dict[str, int] = {}
    for name in names.split():
        parts, whole = _one_name(name)
        for t in parts:
            found.setdefault(t, 1)
        for t in whole:
            found[t] = 2
    return tuple(found.items())


@lru_cache(maxsize=1 << 16)
def _one_name(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(terms of its parts only, terms of the whole name) of one name: names recur on every page."""
    whole = terms(name)
    parts = {t: None for part in [*name.split('_'), *_CAMEL.findall(name)] for t in terms(part)}
    return tuple(t for t in parts if t not in whole), tuple(whole)


# A term's postings are a string, a character or two per section: JSON's `[3,16,1,18]` spends
# three bytes or more on each number, and a common word's postings are most of a query's bytes.
# Each character stands for a digit (its place in `DIGITS`, which has no `"` or backslash). A section
# is its gap from the one before (the first from -1) in base `GAP_BASE` (digits `CODES` and up,
# least significant first; none for a gap of 1, else the gap less 2), then the code of how the term occurs there
# as one digit below `CODES`: count (0-4) * 12 + the flags of title, heading and names (0-11).
DIGITS = ''.join(chr(c) for c in range(35, 127) if c != 92)
CODES = 60
GAP_BASE = len(DIGITS) - CODES


def posting_string(sections: Iterable[tuple[int, int]], last: int = -1) -> str:
    """(section, code) pairs, in the order of the sections, as one string (read by `occurrences` in
    site.js); `last` is the section the first gap is counted from (-1: none)."""
    out: list[str] = []
    for r, code in sections:
        out.append(_gap(r - last) + _code(code))
        last = r
    return ''.join(out)


def _gap(gap: int) -> str:
    """A gap between two sections of a term's postings: no digit for 1, else the gap less 2."""
    return _GAPS[gap] if gap < _MADE_GAPS else _make_gap(gap)


def _make_gap(gap: int) -> str:
    out = ''
    gap -= 2
    while gap >= 0:
        out += DIGITS[CODES + gap % GAP_BASE]
        gap = gap // GAP_BASE or -1
    return out


def _code(code: int) -> str:
    return DIGITS[(code >> 4) * 12 + (code & 15)]


_CODE = [_code(code) for code in range(16 * 5)]
_MADE_GAPS = 1024
_GAPS = [_make_gap(gap) for gap in range(_MADE_GAPS)]  # the gaps of most postings, made once
_CODES = len(_CODE)
_PIECE_GAPS = 256


@lru_cache(maxsize=1)
def _pieces() -> list[str]:
    """`_gap(gap) + _code(code)` of each gap below `_PIECE_GAPS` and each code, at `gap * _CODES +
    code`: made on the first page a process reads (1 MB, which a process that reads no page, the
    build's own where workers render the pages, does without)."""
    return [gap + code for gap in _GAPS[:_PIECE_GAPS] for code in _CODE]


_VALUES = {c: i for i, c in enumerate(DIGITS)}


def _spliced(string: str, start: int, stop: int, line: str | None) -> str:
    """A term's posting string with its sections from `start` up to `stop` (one page's) replaced
    by those of `line`, the page's postings line of the term (`page_postings`; None where the
    page no longer has the term)."""
    last, cut = -1, 0  # the last section before the page, and where its piece ends
    tail = -1  # where the first piece after the page has its code (-1: there is none)
    section, gap, scale = -1, 0, 1
    for at, c in enumerate(string):
        digit = _VALUES[c]
        if digit >= CODES:  # a digit of the piece's gap, least significant first
            gap += (digit - CODES) * scale
            scale *= GAP_BASE
            continue
        section += gap + 2 if scale > 1 else 1
        if section >= stop:
            tail = at
            break
        if section < start:
            last, cut = section, at + 1
        gap, scale = 0, 1
    out = string[:cut]
    if line is not None:
        _, _, first, end, digits = line.split(' ')
        out += _gap(start + int(first) - last) + digits
        last = start + int(end)
    return out + _gap(section - last) + string[tail:] if tail >= 0 else out


# A page's postings, kept while the page does not change: a line a term, `key term first last
# digits`, where `key` is the term's shard (`term_key`), `first` and `last` are the first and the
# last of its sections on the page (counted from the page's first) and `digits` how it occurs in
# the first, then the posting string of the rest counted from the first. Only the first gap
# depends on the page's place in the site. Lines are in the order the page's terms first occur
# (what reads them takes them as a set, and a shard's file orders its terms). One string a page: a
# large site's pages hold hundreds of thousands of such lines.
PagePostings = str


def page_postings(title: str, records: Sequence[Record]) -> PagePostings:
    """How each term of one page occurs in each of its sections (`records`, in order)."""
    # How a term occurs in a section, as the browser scores it (`occurrences` in site.js): in the
    # title 1, in the heading 2, in the names 4 a part or 8 a whole name, 16 a count (to 4).
    title_terms = terms(title)
    pieces = _pieces()
    found: dict[str, list] = {}  # term: [first section, last section, its digits, ...]
    under: dict[str, dict[str, int]] = {}  # heading: the codes of the title's and its terms
    for i, (_, heading, text, names) in enumerate(records):
        base = under.get(heading)
        if base is None:
            base = under[heading] = dict.fromkeys(title_terms, 1)
            for t in terms(heading):
                base[t] = base.get(t, 0) | 2
        codes = base.copy()
        for t, n in Counter(terms(text)).items():
            codes[t] = codes.get(t, 0) + (64 if n >= 4 else 16 * n)
        if names:
            for t, whole in _name_terms(names):
                codes[t] = codes.get(t, 0) + 4 * whole
        for t, code in codes.items():
            postings = found.get(t)
            if postings is None:
                found[t] = [i, i, _CODE[code]]
            else:
                gap = i - postings[1]
                # `_gap(gap) + _code(code)`, made once for the gaps of most postings
                postings.append(
                    pieces[gap * _CODES + code] if gap < _PIECE_GAPS else _make_gap(gap) + _CODE[code]
                )
                postings[1] = i
    keys = _TERM_KEYS
    if len(keys) > 1 << 18:  # a long `serve` of a large site: start again
        keys.clear()
    lines = []
    for t, p in found.items():
        key = keys.get(t)
        if key is None:
            key = keys[t] = term_key(t)
        lines.append(f'{key} {t} {p[0]} {p[1]} {"".join(p[2:])}')
    return '\n'.join(lines)


# Each term's shard, worked out once a process (up to 2**18 terms): the terms of a site recur on most
# of its pages.
_TERM_KEYS: dict[str, str] = {}


def _index_file(name: str, value: object) -> str:
    body = json.dumps(value, ensure_ascii=False, separators=(',', ':')).replace('</', '<\\/')
    return f'{_index_head(name)}{body};\n'


def _index_head(name: str) -> str:
    return f'(self.{GLOBAL}=self.{GLOBAL}||{{}})[{json.dumps(name)}]='


def _file_key(key: str) -> str:
    """A shard's file name: the key's characters in hex, or `h` and the number of a CJK bucket (a
    letter no hex name has: `c` and a number was also the name of a one-character key such as 수,
    U+C218, or Telugu's U+0C15)."""
    return f'h{key[1:]}' if key.startswith('#') else '-'.join(f'{ord(c):x}' for c in key)


def page_span(sections: int) -> int:
    """The section numbers a page of this many sections takes: its own and room for more, to the
    next multiple of `BLOCK` past them (none for a page without sections)."""
    return -(-(sections + 1) // BLOCK) * BLOCK if sections else 0


def group_bits(groups: Sequence[int]) -> str:
    """How sections group under pages and headings (the sizes of the groups in order), as a bit a
    section, set where a group begins, six to a character of base64 (read by `loadIndex` in site.js)."""
    bits = bytearray((sum(groups) + 7) // 8)
    r = 0
    for n in groups:
        bits[r >> 3] |= 128 >> (r & 7)
        r += n
    return base64.b64encode(bytes(bits)).decode()


def index_files(
    pages: Sequence[tuple[str, str, list[Record]]], postings: Sequence[PagePostings] | None = None
) -> dict[str, str]:
    """The index of one language, by path from the language's root: the manifest and its shards.

    `pages` holds (URL from the language's root, title, records), in the site's order;
    `postings` each page's `page_postings`, where they are kept (made here otherwise).
    """
    return dict(sorted(each_index_file(pages, postings)))


def each_index_file(
    pages: Sequence[tuple[str, str, list[Record]]], postings: Sequence[PagePostings] | None = None
) -> Iterator[tuple[str, str]]:
    """`index_files`, a file at a time (a large site's index is tens of megabytes)."""
    if postings is None:
        postings = [page_postings(title, records) for _, title, records in pages]
    bases, groups, sections = _layout(pages)
    length = key_length(postings)
    shards = _joined(_every_line(postings, bases), length)
    keys = sorted(shards)
    for key in keys:
        yield _shard(key, shards.pop(key))
    for (url, title, records), base in zip(pages, bases, strict=True):
        yield from _chunks(url, title, records, base, length)
    yield INDEX_FILE, _manifest(keys, sections, groups, length)


def _every_line(postings: Sequence[PagePostings], bases: list[int]) -> Iterator[tuple[list[str], int]]:
    """Each page's postings lines with its first section, for `_joined`."""
    return ((kept.split('\n') if kept else [], base) for kept, base in zip(postings, bases, strict=True))


def _joined(pages: Iterable[tuple[list[str], int]], length: int) -> dict[str, dict[str, str]]:
    """Shard key -> term -> its posting string, page by page, from postings lines (`PagePostings`)
    and the first section of the page each comes from, in the site's order; the keys cut to
    `length` (`shard_key`).

    Each term's string grows as its pages come, one string a term rather than a list of a
    page's piece each: a string of a few characters costs ten times them in memory (the standard
    library's 200,000 pieces: 18 MB at the build's peak, 6 MB so). Copying the string at each of
    its pages costs about as much time as joining the pieces once."""
    shards: dict[str, dict[str, str]] = {}
    last: dict[str, int] = {}  # term -> the last section it occurs in so far
    for lines, offset in pages:
        for line in lines:
            key, t, first, end, digits = line.split(' ')
            if length == 1:  # `shard_key`, inlined
                key = key[:2] if key[0] == '#' else key[:1]
            gap = offset + int(first) - last.get(t, -1)
            # `_gap`, inlined: this runs for every term of every page.
            piece = (_GAPS[gap] if gap < _MADE_GAPS else _make_gap(gap)) + digits
            strings = shards.get(key)
            if strings is None:
                shards[key] = {t: piece}
            else:
                before = strings.get(t)
                strings[t] = piece if before is None else before + piece
            last[t] = offset + int(end)
    return shards


def _shard(key: str, strings: dict[str, str]) -> tuple[str, str]:
    """A shard's file: its terms in order, each with its posting string."""
    name = _shard_name(key)
    return name, _index_file(name, {t: strings[t] for t in sorted(strings)})


def _layout(pages: Sequence[tuple[str, str, list[Record]]]) -> tuple[list[int], list[int], int]:
    """Each page's first section; the sizes of the runs of sections under one page and heading
    (the manifest's groups); the number of sections, room to grow included."""
    bases: list[int] = []
    groups: list[int] = []
    offset = 0
    for _, _, records in pages:
        bases.append(offset)
        heading: str | None = None
        for record in records:
            if record[1] == heading:
                groups[-1] += 1
            else:
                groups.append(1)
                heading = record[1]
        span = page_span(len(records))
        if span > len(records):
            groups[-1] += span - len(records)  # the numbers left to grow into: the last group's
        offset += span
    return bases, groups, offset


def _shard_name(key: str) -> str:
    return f'{SHARD_DIR}/search-{_file_key(key)}.js'


def _chunks(
    url: str, title: str, records: Sequence[Record], base: int, length: int
) -> Iterator[tuple[str, str]]:
    """A page's display fields, `chunk_size(length)` sections a file."""
    link = relative_quote(url)  # `./a:b.html`, never a scheme, whatever the page's name
    chunk = chunk_size(length)
    for start, name in zip(range(0, len(records), chunk), _chunk_names(base, records, length)):
        yield name, _index_file(name, [[link, title, *r] for r in records[start : start + chunk]])


def _manifest(keys: list[str], sections: int, groups: list[int], length: int) -> str:
    manifest = {
        'keys': keys,
        'key': length,
        'sections': sections,
        'groups': group_bits(groups),
        'chunk': chunk_size(length),
        'buckets': BUCKETS,
        'dir': SHARD_DIR,
    }
    return _index_file(INDEX_FILE, manifest)


class KeptIndex:
    """One language's index as the last build made it, so that the next makes again only what an
    edit changed: each page's identity (the digest of its job) and first section, the shards'
    keys and each file's digest. A process that builds again after each edit (`serve`) keeps each
    file's text and each page's postings too; `build` keeps the rest in the build cache, takes the
    changed pages' old postings from the page cache and the shards' last files from the output
    folder, and makes a file left as it was only if the write needs its bytes (the output folder
    holds something else there).

    An edit makes again the shards of the terms whose postings it changed, each from its last file:
    the changed pages' sections of each such term are replaced in its posting string
    (`_spliced`); then the changed pages' chunks and the manifest. Pages added, removed or moved (a
    page's first section elsewhere: it grew past its room), most pages changed, or a changed
    page's old postings or a shard's last file gone: joined anew.
    """

    def __init__(self, texts: bool = True) -> None:
        self.keeps_texts = texts
        self._forget()

    def _forget(self) -> None:
        self.ids: list[str] = []
        self.bases: list[int] = []
        self.keys: list[str] = []  # the shards' keys, in order
        self.length = 2  # of the keys (`key_length`)
        self.digests: dict[str, str] = {}  # file -> the digest of its text
        self.texts: dict[str, str] = {}  # file -> its text (where `keeps_texts`)
        self.postings: Sequence[PagePostings] = ()  # each page's (where `keeps_texts`)
        self._made: tuple[Sequence[tuple[str, str, list[Record]]], Sequence[PagePostings]] = ((), ())
        self._all: dict[str, str] = {}  # every file of the index last made, where one was needed (`make`)

    def state(self) -> tuple[list[str], list[int], list[str], dict[str, str], int]:
        """What `build` keeps between builds."""
        return self.ids, self.bases, self.keys, self.digests, self.length

    @classmethod
    def kept(cls, state: object) -> KeptIndex:
        """The index of a `state` kept by an earlier build (an empty one where there is none)."""
        index = cls(texts=False)
        if isinstance(state, tuple) and [type(part) for part in state] == [list, list, list, dict, int]:
            index.ids, index.bases, index.keys, index.digests, index.length = state
        return index

    def files(
        self,
        pages: Sequence[tuple[str, str, list[Record]]],
        postings: Sequence[PagePostings],
        ids: Sequence[str],
        previous: Callable[[str], PagePostings | None] = lambda id: None,
        last: Callable[[str], str | None] = lambda file: None,
    ) -> Iterator[tuple[str, str | None, str]]:
        """(file, text, digest) of each file of the index of `pages`, in the order of
        `each_index_file` and, as it, a file at a time; `ids` names each page's content,
        `previous(id)` gives the postings of a page the last build made and `last(file)` the text
        of a file it wrote (where this index does not keep them). The text is None where the file
        is as the last build made it and not kept here: `make(file)` makes it."""
        bases, groups, sections = _layout(pages)
        length = key_length(postings)
        try:
            same = length == self.length
            edited = self._edited(bases, sections, postings, ids, previous, last) if same else None
            if edited is None:
                self._forget()
                shards, changed = _joined(_every_line(postings, bases), length), set(range(len(bases)))
            else:
                shards, changed = edited
            self.length = length
            digests, texts = self.digests, self.texts
            emptied = {key for key, strings in shards.items() if not strings}
            self.keys = sorted({*self.keys, *shards} - emptied)
            self.digests, self.texts = {}, {}

            def file(name: str, made: str | None = None) -> tuple[str, str | None, str]:
                """A file made now (`made`: its text), or left as the last build made it."""
                text = texts.get(name) if made is None else made
                digest = self.digests[name] = digests[name] if made is None else _digest(made)
                if self.keeps_texts and text is not None:
                    self.texts[name] = text
                return name, text, digest

            for key in self.keys:
                yield file(*_shard(key, shards.pop(key))) if key in shards else file(_shard_name(key))
            for i, ((url, title, records), base) in enumerate(zip(pages, bases, strict=True)):
                if i in changed:
                    yield from starmap(file, _chunks(url, title, records, base, length))
                else:
                    yield from map(file, _chunk_names(base, records, length))
            yield file(INDEX_FILE, _manifest(self.keys, sections, groups, length))
            self.ids, self.bases = list(ids), bases
            self.postings = postings if self.keeps_texts else ()
            self._made, self._all = (pages, postings), {}
        except BaseException:
            self._forget()  # half updated: joined anew next time
            raise

    def _edited(
        self,
        bases: list[int],
        sections: int,
        postings: Sequence[PagePostings],
        ids: Sequence[str],
        previous: Callable[[str], PagePostings | None],
        last: Callable[[str], str | None],
    ) -> tuple[dict[str, dict[str, str]], set[int]] | None:
        """The shards of the terms whose postings an edit changed, by key: each term's posting
        string (a shard emptied: none); and the pages that changed. None where the index is to be
        joined anew."""
        if bases != self.bases or len(ids) != len(self.ids) or not all(ids) or not self.digests:
            return None
        changed = [i for i, (was, now) in enumerate(zip(self.ids, ids, strict=True)) if was != now]
        if len(changed) > max(8, len(ids) // 4):  # a new generator, say: most pages
            return None
        ends = [*bases[1:], sections]
        edits: dict[str, list[tuple[int, str, str | None]]] = {}  # shard: (page, term, its new line)
        for i in changed:
            old = self.postings[i] if self.keeps_texts else previous(self.ids[i])
            if old is None:
                return None
            was, now = set(old.split('\n')) - {''}, set(postings[i].split('\n')) - {''}  # '': no terms
            lines: dict[str, tuple[str, str | None]] = {}  # term: its key, its line now (None: gone)
            for line in was - now:
                key, term, _ = line.split(' ', 2)
                lines[term] = (key, None)
            for line in now - was:
                key, term, _ = line.split(' ', 2)
                lines[term] = (key, line)
            for term, (key, new) in lines.items():
                edits.setdefault(shard_key(key, self.length), []).append((i, term, new))
        shards = {}
        for key, terms in edits.items():
            strings = self._last_shard(key, last)
            if strings is None:
                return None
            for i, term, new in terms:
                string = _spliced(strings.pop(term, ''), bases[i], ends[i], new)
                if string:
                    strings[term] = string
            shards[key] = strings
        return shards, set(changed)

    def _last_shard(self, key: str, last: Callable[[str], str | None]) -> dict[str, str] | None:
        """Each term's posting string in the shard `key` as the last build made it (none where
        there was no such shard); None where its text is gone or is not the one made."""
        name = _shard_name(key)
        if name not in self.digests:
            return {}
        text = self.texts.get(name) if self.keeps_texts else last(name)
        if text is None or _digest(text) != self.digests[name]:
            return None
        return json.loads(text[len(_index_head(name)) : -2])

    def make(self, name: str) -> str:
        """A file of the index last made (one `files` gave without its text). The first such file
        makes them all, joined anew: a write that needs one (the output folder holds something else
        there) may well need the others (the output folder was removed, say)."""
        if name not in self._all:
            self._all = dict(each_index_file(*self._made))
        return self._all[name]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def chunk_size(length: int) -> int:
    """Sections a file of display fields holds: `CHUNK` in a large index (a result loads little),
    `BLOCK` in a small one (`key_length`: a page's sections in a file or two)."""
    return CHUNK if length == 2 else BLOCK


def _chunk_names(base: int, records: Sequence[Record], length: int) -> list[str]:
    """The files of a page's display fields (`_chunks`)."""
    chunk = chunk_size(length)
    return [f'{SHARD_DIR}/search-r{(base + start) // chunk}.js' for start in range(0, len(records), chunk)]
