"""Translated values are untrusted HTML: each one passes an HTML5 sanitizer before it reaches a page.

The sanitizer is `nh3` (Rust's ammonia over html5ever), which parses a value exactly as a browser
would, so markup that a simpler parser reads one way and a browser another (`<!-->`, CDATA) cannot
smuggle anything through. It keeps an allow-list of what documentation fragments use: paragraphs,
links to http(s) or relative URLs, anchors, emphasis, lists, headings, tables, the
`<span translate=no>` placeholders. What the page shows is always the sanitizer's output.

The value itself is judged too: its placeholders must be the key's, and the sanitizer must not have
had to change it. A few faults with one obvious answer are repaired first and reported as notices
(a stray end tag, a link left open around another link, punctuation left after the closing tag of
its paragraph); a value the sanitizer had to change otherwise is not used, and the page keeps the
English text.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from html import unescape
from html.parser import HTMLParser
from itertools import groupby

from sitegen.doc import PLACEHOLDER, PLACEHOLDER_RE
from sitegen.errors import listed

TAGS = frozenset(
    'p a code em strong b i s del ins mark small kbd ul ol li h1 h2 h3 h4 h5 h6 span sub sup br hr '
    'blockquote pre table thead tbody tfoot tr th td caption dl dt dd'.split()
)
ATTRIBUTES = {
    'a': {'href', 'id', 'title', 'name', 'hreflang'},
    'ol': {'start'},
    'th': {'align', 'style'},
    'td': {'align', 'style'},
    'abbr': {'title'},
}
URL_SCHEMES = frozenset({'http', 'https', 'mailto'})

_LOOSE_PLACEHOLDER = re.compile(
    r'<span\s+translate\s*=\s*(["\']?)no\1\s*>\s*_\^_\s*(\d+)\s*_\^_\s*</span\s*>', re.I
)
_EXACT_PLACEHOLDER = re.compile(r'<span translate=no>_\^_(?:0|[1-9]\d*)_\^_</span>')
_BARE_MARK = re.compile(r'_\^_\s*\d+\s*_\^_')
_END_TAG = re.compile(r'</[^>]*>')
# Sentence punctuation a translation left after the end tag of its block: `…</p>。`.
_STRANDED = re.compile(r'</(p|li|h[1-6]|td|th|blockquote)>([ \t]*)([。．、，！？：；.,!?:;]+)(?=\s*(?:<|$))')
_VOID = frozenset('area base br col embed hr img input link meta param source track wbr'.split())


@dataclass(frozen=True)
class Checked:
    """A value after checking: the value to use (None: use the English) and what was wrong."""

    value: str | None
    problems: tuple[str, ...] = ()  # why the value was rejected
    repairs: tuple[str, ...] = ()  # what was changed to make it usable


def canonical_placeholders(value: str) -> str:
    """Placeholders as the cache format writes them, whatever quoting or spacing they came back in."""
    # Most values write them so already: each placeholder found loosely is one written exactly
    # (an exact one is found loosely where it stands, and the loose pattern holds one `<span`).
    if '_^_' not in value or len(_LOOSE_PLACEHOLDER.findall(value)) == len(_EXACT_PLACEHOLDER.findall(value)):
        return value
    return _LOOSE_PLACEHOLDER.sub(lambda m: PLACEHOLDER.format(int(m.group(2))), value)


@lru_cache(maxsize=2)
def _cleaner(markdown: bool = False):
    """The allow-list; for `markdown` (`sanitize_english`), with what Markdown writes for images and code."""
    import nh3

    attributes = {tag: set(names) for tag, names in ATTRIBUTES.items()}
    if markdown:
        attributes |= {'img': {'src', 'alt', 'title'}, 'code': {'class'}}
    return nh3.Cleaner(
        tags=set(TAGS) | ({'img'} if markdown else set()),
        attributes=attributes,
        tag_attribute_values={'span': {'translate': {'no'}}},
        url_schemes=set(URL_SCHEMES) | ({'static', 'colab'} if markdown else set()),
        link_rel=None,
        strip_comments=True,
        filter_style_properties={'text-align'},
    )


def sanitize_markdown(html: str) -> str:
    """English documentation HTML (Markdown's output) through the allow-list (`sanitize_english`)."""
    return _cleaner(markdown=True).clean(html)


def sanitize(html: str) -> str:
    """The HTML a page may carry: the allow-listed part of `html`, parsed as a browser parses it."""
    return canonical_placeholders(_cleaner().clean(html))


def check_value(key: str, value: str) -> Checked:
    """Whether a translated fragment can replace its key on a page, and in what form."""
    value = canonical_placeholders(value)
    problems = _placeholder_problems(key, value) + _id_problems(key, value)
    # The common case: nothing to repair, and nothing the sanitizer removes.
    if not problems and not _STRANDED.search(value) and sanitize(value) == value:
        return Checked(value)
    repaired, repairs = _repair(value)
    clean = sanitize(repaired)
    if _tokens(clean) != _tokens(repaired):
        problems.append(_difference(repaired, clean))
    elif PLACEHOLDER_RE.findall(clean) != PLACEHOLDER_RE.findall(value):
        problems.append('a placeholder sits inside a tag')
    if problems:
        return Checked(None, tuple(dict.fromkeys(problems)))
    return Checked(clean, (), tuple(repairs))


def is_plain(key: str) -> bool:
    """A key with no markup at all: a page's title or summary, checked as plain text."""
    return not PLACEHOLDER_RE.search(key) and not _MARKUP.search(key)


_MARKUP = re.compile(r'<[a-zA-Z/!?]')


def check_text(key: str, value: str) -> Checked:
    """A plain-text value (a title or summary): no markup where the English has none."""
    if _MARKUP.search(value) and not _MARKUP.search(key):
        return Checked(None, ('carries HTML in a plain-text entry',))
    return Checked(' '.join(value.split()))


def check(key: str, value: str) -> Checked:
    """A value checked the way its key calls for: plain text, or a fragment of HTML."""
    return check_text(key, value) if is_plain(key) else check_value(key, value)


def _placeholder_problems(key: str, value: str) -> list[str]:
    in_key, in_value = PLACEHOLDER_RE.findall(key), PLACEHOLDER_RE.findall(value)
    if sorted(in_key) == sorted(in_value) and len(_BARE_MARK.findall(value)) == len(in_value):
        return []  # the common case: the key's placeholders, each once
    wanted, got = Counter(in_key), Counter(in_value)
    extra = got - wanted
    faults = {
        'missing': list(wanted - got),
        'not in the English': [n for n in extra if n not in wanted],
        'repeated': [n for n in extra if n in wanted],
    }
    problems = [_placeholders(sorted(map(int, found)), fault) for fault, found in faults.items() if found]
    if len(_BARE_MARK.findall(value)) != sum(got.values()):
        problems.append('a placeholder lost its <span translate=no>')
    return problems


def _placeholders(numbers: list[int], fault: str) -> str:
    """`placeholder _^_0_^_ is missing`; several, a run of three or more as a range: `placeholders
    _^_0_^_ to _^_18_^_ and _^_20_^_ are missing`."""
    named: list[str] = []
    for _, run in groupby(enumerate(numbers), lambda pair: pair[1] - pair[0]):  # consecutive numbers
        r = [n for _, n in run]
        named += [f'_^_{r[0]}_^_ to _^_{r[-1]}_^_'] if len(r) > 2 else [f'_^_{n}_^_' for n in r]
    if len(numbers) == 1:
        return f'placeholder {named[0]} is {fault}'
    return f'placeholders {listed(named)} are {fault}'


_NAMING = re.compile(r'\b(?:id|name)\s*=', re.I)


def _names(html: str) -> Counter[str]:
    """The ids and names `html` gives its elements (`id="x"`, `name="x"`: the same target)."""
    if not _NAMING.search(html):
        return Counter()
    return Counter(
        value or ''
        for token in _tokens(html)
        if token[0] == '<'
        for name, value in token[2]
        if name in ('id', 'name')
    )


# A key is checked once for each language's value: its names are read once (never changed: `-` makes
# a new Counter).
_key_names = lru_cache(maxsize=4096)(_names)


# Where each `id` and `name` of a value (any case, anywhere, its text's words too) starts `id="`
# or `name="`, every id or name an HTML parser finds in it is one of `_WRITTEN`'s matches: an
# attribute's name stands alone, and a quoted value runs to the next `"`.
_WRITTEN = re.compile(r'\b(?:id|name)="([^"]*)"')
_WORD = re.compile(r'\b(?:id|name)\b', re.I)


def _id_problems(key: str, value: str) -> list[str]:
    """An id (or name) the English does not give: a second element a link or a search result
    for it could land on (`<a id="section-15">` inside section 9), or a page's own id taken.
    Parsed only where what `_WRITTEN` finds is not all the English's."""
    words = _WORD.findall(value)
    if not words:
        return []
    known = _key_names(key)
    written = _WRITTEN.findall(value)
    if len(written) == len(words) and not Counter(map(unescape, written)) - known:
        return []
    extra = _names(value) - known
    return [f'carries id="{name}", which the English does not have' for name in sorted(extra)]


# ---------------------------------------------------------------- repairs with one answer


class _Nesting(HTMLParser):
    """Finds the faults that have one answer, the one every browser gives: an end tag that closes
    nothing is dropped, and a link opened inside a link closes the outer one first (an outer link
    with nothing in it is dropped instead)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer('\n', text)]
        self.stack: list[tuple[str, int, int]] = []  # (tag, start, end of its start tag)
        self.edits: list[tuple[int, int, str, str]] = []  # (start, end, replacement, what)
        self.feed(text)
        self.close()

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.line_starts[line - 1] + col

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        start = self._offset()
        end = start + len(self.get_starttag_text() or '')
        if tag == 'a' and self.stack and self.stack[-1][0] == 'a':
            _, outer_start, outer_end = self.stack.pop()
            if self.text[outer_end:start].strip():
                self.edits.append(
                    (start, start, '</a>', 'link opened inside a link: the outer one closed first')
                )
            else:
                self.edits.append((outer_start, outer_end, '', 'empty link around another link removed'))
        self.stack.append((tag, start, end))

    def handle_endtag(self, tag: str) -> None:
        if any(t == tag for t, _, _ in self.stack):
            while self.stack.pop()[0] != tag:
                pass
            return
        start = self._offset()
        m = _END_TAG.match(self.text, start)
        self.edits.append((start, m.end() if m else start, '', f'stray end tag </{tag}> removed'))


def _repair(value: str) -> tuple[str, list[str]]:
    edits = _Nesting(value).edits
    repairs = [what for *_, what in sorted(edits)]
    for start, end, replacement, _ in sorted(edits, reverse=True):
        value = value[:start] + replacement + value[end:]
    moved = _STRANDED.sub(lambda m: f'{m.group(3)}</{m.group(1)}>{m.group(2)}', value)
    if moved != value:
        repairs.append('punctuation after the end of its paragraph moved inside it')
    return moved, repairs


# ---------------------------------------------------------------- comparing values


class _Tokens(HTMLParser):
    """HTML as a list of tokens that ignores how it was written: attribute quoting and order,
    character references, `<br>` against `<br/>`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tokens: list[tuple] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tokens.append(('<', tag, tuple(sorted((k, v or '') for k, v in attrs))))

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID:
            self.tokens.append(('>', tag))

    def handle_data(self, data: str) -> None:
        if self.tokens and self.tokens[-1][0] == 't':
            self.tokens[-1] = ('t', self.tokens[-1][1] + data)
        else:
            self.tokens.append(('t', data))

    def handle_comment(self, data: str) -> None:
        self.tokens.append(('!', data))

    unknown_decl = handle_pi = handle_comment

    def handle_decl(self, decl: str) -> None:
        self.tokens.append(('!', decl))


def _tokens(html: str) -> list[tuple]:
    parser = _Tokens()
    parser.feed(html)
    parser.close()
    return parser.tokens


def _difference(raw: str, clean: str) -> str:
    """What the sanitizer had to change, in the words of the warning."""
    before, after = _tokens(raw), _tokens(clean)
    kept = {t[1] for t in after if t[0] == '<'}
    dropped = sorted({t[1] for t in before if t[0] == '<' and t[1] not in kept})
    if dropped:
        return f'carries <{">, <".join(dropped)}>, which a page may not'
    kept_attrs = {(t[1], name) for t in after if t[0] == '<' for name, _ in t[2]}
    for t in before:
        for name, _ in t[2] if t[0] == '<' else ():
            if (t[1], name) in kept_attrs:
                continue
            if name.startswith('on'):
                return f'carries an event handler attribute {name}='
            if name in ('href', 'src', 'action', 'formaction', 'srcset', 'xlink:href'):
                return f'carries a URL in {name}= that a page may not link to'
            return f'carries an attribute {name}= on <{t[1]}>, which a page may not'
    if any(t[0] == '!' for t in before):
        return 'carries a comment or declaration'
    return f'unbalanced HTML: {_imbalance(before)}'


def _imbalance(tokens: list[tuple]) -> str:
    stack: list[str] = []
    for t in tokens:
        if t[0] == '<' and t[1] not in _VOID:
            stack.append(t[1])
        elif t[0] == '>':
            if stack and stack[-1] == t[1]:
                stack.pop()
            elif t[1] in stack:
                return f'<{stack[-1]}> is closed by </{t[1]}>'
    return f'<{stack[-1]}> is never closed' if stack else 'a browser reads it differently'
