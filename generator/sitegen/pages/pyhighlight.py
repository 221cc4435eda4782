"""The code column's colours from the tokens `sitegen.reading.parse` already read, as Pygments gives them.

Pygments' `PythonLexer` finds its tokens by trying some sixty regular expressions in turn at each
position of the file: about half the work of a build. `tokenize` has already split the file (the
parser needs it to tell comments from strings), so most tokens need only their class: a name is
looked up in the lexer's own word lists, an operator is punctuation or not, a comment is a
comment. The output is the one Pygments writes, span for span, so `pygments.css` still applies.

Where a token's class depends on more than the token, a small machine runs Pygments' own rules
from the lexer's tables, each state's rules joined into one expression whose first matching
alternative is the rule Pygments would pick: strings (escapes, `%s` and `{}` fields, f-string
expressions), `def`/`class` names, `import` lists, `match`/`case` lines, numbers that Pygments
splits (`1j`), anything `tokenize` marks as an error. The machine hands back as soon as it is in
the lexer's first state again at a place where a token starts or between tokens.

A docstring-like string at the start of a line, which Pygments colours whole with the whitespace
before it, is found with Pygments' own expression at the line's start.
"""

from __future__ import annotations

import bisect
import html
import re
import token
import tokenize
from array import array
from functools import cache
from tokenize import COMMENT, NAME, NUMBER, OP, STRING
from typing import Any

from pygments import unistring
from pygments.formatters import HtmlFormatter
from pygments.lexer import Future, words
from pygments.lexers import PythonLexer
from pygments.token import Error, Whitespace, _TokenType

__all__ = ['highlight_tokens']

# Python 3.12 on splits f-strings (3.14 t-strings) into tokens of their own: the highlighter
# takes each one whole, from its start to its matching end.
_OPENS = frozenset(getattr(tokenize, n) for n in ('FSTRING_START', 'TSTRING_START') if hasattr(tokenize, n))
_CLOSES = frozenset(getattr(tokenize, n) for n in ('FSTRING_END', 'TSTRING_END') if hasattr(tokenize, n))


class _Match:
    """A rule's expression, as Pygments' `match` of it, compiled when first used.

    Pygments compiles every rule of the lexer when it is first made: some sixty expressions, the
    identifier names' among them, whose classes of every identifier character (thousands of
    ranges) take most of the 50 ms. Here a rule is compiled where it is first tried, and then put
    in its place in the lexer's states (`places`), so that from then on the compiled expression is
    called itself. For ASCII text (nearly every source) a lexer of its own has the identifier
    classes as their ASCII part, which is all they can match there: the same rules find the same
    tokens at a small part of the cost.
    """

    __slots__ = ('_source', 'flags', 'narrow', 'places', 'compiled')

    def __init__(self, source: str | Future, flags: int, narrow: bool) -> None:
        self._source, self.flags, self.narrow = source, flags, narrow
        self.places: list[tuple[list[_Rule], int]] = []  # (a state's rules, this rule's index there)
        self.compiled: Any = None

    @property
    def pattern(self) -> str:
        if isinstance(self._source, Future):
            self._source = self._source.get()
        if self.narrow:  # once
            self._source, self.narrow = _ascii_classes(self._source), False
        return self._source

    def __call__(self, text: str, pos: int = 0) -> re.Match[str] | None:
        match = self.compiled
        if match is None:
            match = self.compiled = re.compile(self.pattern, self.flags).match
            for rules, index in self.places:
                rules[index] = (match, *rules[index][1:])
        return match(text, pos)


def _ascii_classes(pattern: str) -> str:
    """`pattern` with the classes of every identifier character, and of every one an identifier
    goes on with, as their ASCII part (`A-Z_a-z`, `0-9A-Z_a-z`: `tests/test_highlight.py`)."""
    return pattern.replace(unistring.xid_continue, '0-9A-Z_a-z').replace(unistring.xid_start, 'A-Z_a-z')


class LazyPythonLexer(PythonLexer):
    """Pygments' `PythonLexer`, its rules compiled as they are used (`_Match`)."""

    narrow = False  # the identifier classes as their ASCII part: for ASCII text only

    @classmethod
    def _process_regex(cls, regex: str | Future, rflags: int, state: str) -> _Match:
        return _Match(regex, rflags, cls.narrow)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        cls = type(self)
        if not cls.__dict__.get('_placed'):  # where each rule sits, once the states are made
            for rules in cls._tokens.values():
                for index, rule in enumerate(rules):
                    if isinstance(rule[0], _Match):
                        rule[0].places.append((rules, index))
            cls._placed = True


class AsciiPythonLexer(LazyPythonLexer):
    """`LazyPythonLexer` for ASCII text."""

    narrow = True


def python_lexer(text: str, ensurenl: bool = True) -> LazyPythonLexer:
    """The lexer for `text` (the one for ASCII text where it is), keeping the line ends as they are
    and (`ensurenl`) ending the text with one."""
    return _lexer(text.isascii(), ensurenl)


@cache
def _lexer(plain: bool, ensurenl: bool) -> LazyPythonLexer:
    return (AsciiPythonLexer if plain else LazyPythonLexer)(stripnl=False, stripall=False, ensurenl=ensurenl)


def _pattern(rexmatch: Any) -> str:
    """A rule's expression (a `_Match`, or a compiled expression's `match`)."""
    return rexmatch.pattern if isinstance(rexmatch, _Match) else rexmatch.__self__.pattern


_formatter = HtmlFormatter(nowrap=True)

_PUNCTUATION = frozenset('()[]{}:,;')
_OPERATOR_CHARS = frozenset('-~+/*%=<>&^|.!:@')
_GAP = re.compile(r'(?:[^\S\n]|\n|\\\n)*')


@cache
def _css(ttype: _TokenType) -> str:
    return _formatter._get_css_classes(ttype)


# A processed Pygments rule: (the compiled expression's `match`, token type or callback, new state).
_Rule = tuple[Any, Any, Any]


class _Rules:
    """
    Pygments' rules for one lexer state, joined so that one match finds the rule that applies.

    An alternation tries its branches in order at one position, as Pygments tries its rules, so
    the first branch that matches is the rule Pygments would apply. Rules with a name pattern (a
    class of every identifier character, slow to compile) stay out of the alternation and are
    tried one by one after it, which they are in Pygments too: they come last in their state.
    The joined expression costs milliseconds to compile (the first state's, tens): a state is
    matched rule by rule, as Pygments does, until it has been used `_JOIN_AFTER` times in the
    process, so that a build of a page or two compiles none.
    """

    def __init__(self, rules: list[_Rule]) -> None:
        self.rules = rules
        self.first: Any = None  # the joined expression's `match`, once compiled
        self.used = 0  # matches made rule by rule
        self.index = {f'r{i}': i for i in range(len(rules))}
        self.joined = 0  # rules in the joined expression: those before the first long one
        self.ready = False  # whether the joined expression is made

    def join(self) -> None:
        alternatives = []
        for index, (rexmatch, _, _) in enumerate(self.rules):
            pattern = _pattern(rexmatch)
            if len(pattern) > _LONG:
                break
            if pattern.startswith('(?i)'):
                pattern = f'(?i:{pattern[4:]})'
            alternatives.append(f'(?P<r{index}>{pattern})')
        self.joined = len(alternatives)
        self.ready = True
        if alternatives:
            self.first = re.compile('|'.join(alternatives), re.MULTILINE).match

    def match(self, text: str, pos: int) -> tuple[int, Any] | None:
        """The index of the rule that applies at `pos` and its match, or None."""
        if not self.ready:
            if self.used < _JOIN_AFTER:
                self.used += 1  # and every rule is tried below, one by one
            else:
                self.join()
        if self.first is not None:
            m = self.first(text, pos)
            if m is not None:
                index = self.index[m.lastgroup]
                rexmatch, action, _ = self.rules[index]
                # A callback numbers the groups of its own expression: match that one again.
                return index, (m if action is None or type(action) is _TokenType else rexmatch(text, pos))
        for index in range(self.joined, len(self.rules)):
            m = self.rules[index][0](text, pos)
            if m is not None:
                return index, m
        return None


# Matches of one state made rule by rule before its rules are joined into one expression.
_JOIN_AFTER = 64
# Patterns longer than this hold the identifier classes (thousands of ranges).
_LONG = 1500


class _States(dict[str, '_Rules']):
    """Each state's `_Rules`, made when first needed (most files need a few string states)."""

    def __init__(self, lexer: LazyPythonLexer) -> None:
        super().__init__()
        self.lexer = lexer

    def __missing__(self, name: str) -> _Rules:
        rules = self[name] = _Rules(self.lexer._tokens[name])
        return rules


class _Tables:
    """Pygments' lexer states, and the expressions the fast path borrows from them."""

    def __init__(self, lexer: LazyPythonLexer) -> None:
        self.lexer = lexer
        tokens = lexer._tokens
        self.states = _States(lexer)
        root = tokens['root']
        self.docstrings = [root[1][0], root[2][0]]  # `^(\s*)([rRuUbB]{,2})("""...""")`, then `'''`
        self.soft_keyword = tokens['soft-keywords'][0][0]
        self.keyword = tokens['keywords'][0][0]
        self.decorator = tokens['name'][0][0]
        self.numbers = _Rules(tokens['numbers'])
        self.numbers.join()  # used by the loop for every number
        assert self.numbers.first is not None
        self.number_match = self.numbers.first
        self.number_classes = [_css(action) for _, action, _ in tokens['numbers']]
        # Which class a name gets in the first state (the order of the lexer's rules decides).
        self.names = _first_class(
            _word_classes('keywords')
            + [(word, 'ow') for word in ('in', 'is', 'and', 'or', 'not')]
            + _word_classes('magicfuncs', 'magicvars')
        )
        # `(?<!\.)` names: their class unless right after a dot.
        self.undotted = _first_class(_word_classes('builtins'))
        # Operators and punctuation as `tokenize` gives them: class and escaped text (`@` aside,
        # which can start a decorator's name).
        self.ops: dict[str, tuple[str, str]] = {}
        for op in token.EXACT_TOKEN_TYPES:
            if op in _PUNCTUATION:
                self.ops[op] = ('p', op)
            elif op != '@' and all(c in _OPERATOR_CHARS for c in op):
                self.ops[op] = ('o', html.escape(op, quote=False))
        # Names that change the lexer's state: the machine takes them.
        for word in _MACHINE_WORDS:
            self.names.pop(word, None)
            self.undotted.pop(word, None)


def _word_classes(*states: str) -> list[tuple[str, str]]:
    """Each word that the rules of Pygments' `states` match (lists of `words(...)`, or one
    alternation of words), with its rule's class, in the order of the rules."""
    out = []
    for state in states:
        for pattern, action in PythonLexer.tokens[state]:
            if isinstance(pattern, words):
                found = pattern.words
            else:  # `(?<!\.)(self|Ellipsis|NotImplemented|cls)\b`
                alternation = re.fullmatch(r'\(\?<!\\\.\)\(([\w|]+)\)\\b', pattern)
                assert alternation is not None, pattern
                found = alternation.group(1).split('|')
            out += [(word, _css(action)) for word in found]
    return out


def _first_class(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """Each word's class, the first one it has in `pairs` (as the first rule that matches decides)."""
    return dict(reversed(pairs))


@cache
def _tables(plain: bool) -> _Tables:
    """The tables of ASCII text (`plain`) or of any other."""
    return _Tables(_lexer(plain, True))


def warm() -> None:
    """Make the tables of ASCII text (nearly every source's) now, before the first file needs them."""
    _tables(True)


_MACHINE_WORDS = frozenset({'def', 'class', 'import', 'from', 'lazy', 'match', 'case'})
_SOFT = ('match', 'case')


def highlight_tokens(text: str, spans: array[int]) -> list[str] | None:
    """
    The highlighted HTML of each line of `text`, as Pygments' `PythonLexer` and `HtmlFormatter`
    write it; `spans` holds `(kind, start, end)` offsets of the tokens `tokenize` gave for `text`
    (kinds in `sitegen.reading.parse.TOKEN_KINDS`). `text` ends with a line end. None when this path
    cannot be trusted (the caller uses Pygments then).
    """
    if text.startswith('\ufeff') or not text.endswith('\n'):
        return None
    if _OPENS and any(kind in _OPENS for kind in spans[::3]):
        spans = _grouped(spans)
    lines = ''.join(_Highlighter(text, spans).run()).split('\n')
    if lines.pop() != '':
        return None
    return lines


def _grouped(spans: array[int]) -> array[int]:
    """The tokens with each f-string (t-string) one token, from its start to its matching end."""
    out = array('i')
    depth = opened = 0
    it = iter(spans)
    for kind, start, end in zip(it, it, it):
        if kind in _OPENS:
            if not depth:
                opened = start
            depth += 1
        elif kind in _CLOSES and depth:
            depth -= 1
            if not depth:
                out.extend((_FSTRING, opened, end))
        elif not depth:
            out.extend((kind, start, end))
    return out


_FSTRING = -1
_LITERALS = (NUMBER, COMMENT, STRING)


def _plain_gap(text: str, pos: int, start: int, end: int, kind: int) -> bool:
    """Whether the text from `pos` to the token at `start` is whitespace Pygments writes as plain
    text: a line start before a string or `match`/`case` may change what Pygments sees there."""
    gap = text[pos:start]
    return (
        (gap == ' ' or gap.isspace())
        and (kind != STRING or ('\n' not in gap and text[pos - 1] != '\n'))
        and (kind != NAME or text[start] not in 'mc' or text[start:end] not in _SOFT)
    )


class _Highlighter:
    """One file's HTML as one stream of pieces, `\\n` between lines; no span is open across one."""

    def __init__(self, text: str, spans: array[int]) -> None:
        self.text = text
        self.spans = spans
        self.starts = spans[1::3]
        self.ends = spans[2::3]
        self.tables = _tables(text.isascii())
        self.frags: list[str] = []
        self.cls = ''  # the class of the span open at the end of `frags`; '' when none is

    def add(self, cls: str, value: str) -> None:
        """Text of one class: merged into the span before when it has the same class."""
        if not value:
            return
        frags = self.frags
        if '\n' in value:
            pieces = value.split('\n')
            for piece in pieces[:-1]:
                self.add(cls, piece)
                if self.cls:
                    frags.append('</span>')
                    self.cls = ''
                frags.append('\n')
            value = pieces[-1]
            if not value:
                return
        if cls != self.cls:
            if self.cls:
                frags.append('</span>')
            if cls:
                frags.append(f'<span class="{cls}">')
            self.cls = cls
        if '&' in value or '<' in value or '>' in value:
            value = html.escape(value, quote=False)
        frags.append(value)

    def boundary(self, pos: int) -> bool:
        """Whether `pos` is where a token starts or between tokens (not inside one)."""
        k = bisect.bisect_right(self.starts, pos) - 1
        return k < 0 or self.starts[k] == pos or self.ends[k] <= pos

    def run(self) -> list[str]:
        """The pieces of HTML. The loop writes names and operators itself (inlined: they are most
        of the tokens of every file), numbers, comments and plain strings with `literal`, and hands
        the rest to `slow`."""
        text, frags = self.text, self.frags
        append = frags.append
        ops = self.tables.ops
        pos = 0
        cls = ''  # mirror of self.cls, written back around every call that writes
        it = iter(self.spans)
        for kind, start, end in zip(it, it, it):
            if start < pos:
                continue  # taken by the machine
            if start != pos and _plain_gap(text, pos, start, end, kind):
                if cls:
                    append('</span>')
                    cls = ''
                append(text[pos:start])
                pos = start
            if kind == NAME:
                word = text[start:end]
                new = self.name_class(word, start, end)
                # A character `tokenize` leaves out of a name may still be one to Pygments.
                if new is not None and start == pos and text[end].isascii():
                    if new != cls:
                        if cls:
                            append('</span>')
                        append(f'<span class="{new}">')
                        cls = new
                    append(word)
                    pos = end
                    continue
            elif start != pos:
                pass
            elif kind == OP:
                known = ops.get(text[start:end])
                if known is not None:
                    if known[0] != cls:
                        if cls:
                            append('</span>')
                        append(f'<span class="{known[0]}">')
                        cls = known[0]
                    append(known[1])
                    pos = end
                    continue
            elif kind in _LITERALS:
                self.cls = cls
                written = self.literal(kind, start, end)
                cls = self.cls
                if written:
                    pos = end
                    continue
            self.cls = cls
            pos = self.slow(kind, pos, start, end)
            cls = self.cls
        self.cls = cls
        if pos < len(text):
            self.gap(pos, len(text)) or self.machine(pos)
        return frags

    def name_class(self, word: str, start: int, end: int) -> str | None:
        """The class of the name `word` at `start` from the lexer's word lists (any other ASCII
        name is a plain `n`); None where the machine decides (`def`, `import`, `match`, ...)."""
        tables = self.tables
        new = tables.names.get(word)
        if new is None:
            if self.text[start - 1] != '.':
                new = tables.undotted.get(word)
            if new is None and word.isascii() and word not in _MACHINE_WORDS:
                new = 'n'
        elif word == 'yield':  # `yield from`: one token to Pygments
            m = tables.keyword(self.text, start)
            if m is None or m.end() != end:
                new = None
        return new

    def literal(self, kind: int, start: int, end: int) -> bool:
        """Write a number, a comment or a string that is whole to Pygments, a class for the token
        (a string's prefix another); False, writing nothing, for one the machine must split."""
        text, tables = self.text, self.tables
        if kind == NUMBER:
            m = tables.number_match(text, start)
            if m is None or m.end() != end:
                return False
            self.add(tables.number_classes[tables.numbers.index[m.lastgroup]], m.group())
            return True
        if kind == COMMENT:
            comment = text[start:end]
            self.add('ch' if start == 0 and comment.startswith('#!') and len(comment) > 2 else 'c1', comment)
            return True
        string = text[start:end]
        quote = string.find(string[-1])
        if (
            quote > 2
            or text[start - 1] == '\n'
            or (quote and string[:quote].strip('rRuUbB') != '')
            or '\\' in string
            or '%' in string
            or '{' in string
            or '}' in string
        ):
            return False  # an escape or a field, or first on its line (perhaps a `docstring`)
        if quote:
            self.add('sa', string[:quote])
        self.add('s1' if string[-1] == "'" else 's2', string[quote:])
        return True

    def slow(self, kind: int, pos: int, start: int, end: int) -> int:
        """A token the loop does not handle alone, or one after a gap that is not plain whitespace."""
        text = self.text
        if kind == NAME and text[start:end] in _SOFT:
            line = text.rfind('\n', 0, start) + 1
            if line >= pos and not text[line:start].strip(' \t') and self.gap(pos, line):
                if self.tables.soft_keyword(text, line):
                    return self.machine(line)
                pos = line
        elif kind == STRING:
            doc = self.docstring(pos, start, end)
            if doc is not None:
                return doc
        elif kind == OP and text[start:end] == '@' and self.gap(pos, start):
            m = self.tables.decorator(text, start)
            if m is not None:
                self.add('nd', m.group())
                return self.resume(m.end())
            pos = start
        if not self.gap(pos, start):
            return self.machine(pos)
        if kind == NAME and text[start:end] in _SOFT:
            self.add('n', text[start:end])
            return end
        return self.machine(start)

    def gap(self, pos: int, start: int) -> bool:
        """Write the whitespace between two tokens (plain text to Pygments); False if it is not that."""
        if pos == start:
            return True
        m = _GAP.match(self.text, pos, start)
        if m is None or m.end() != start:
            return False
        self.add('', self.text[pos:start])
        return True

    def docstring(self, pos: int, start: int, end: int) -> int | None:
        """A triple-quoted string first on its line: Pygments colours it whole, as `sd`, with the
        whitespace before it from the first line start that is not empty. The end, or None."""
        text = self.text
        quote = text.find(text[end - 1], start)
        if quote - start > 2 or text[quote : quote + 3] not in ('"""', "'''"):
            return None
        if pos == 0 or text[pos - 1] == '\n':
            line = pos
        else:
            line = text.find('\n', pos, start) + 1
            if not line:
                return None
        m = None
        while True:
            if line == start or text[line] != '\n':
                m = self.tables.docstrings[0](text, line) or self.tables.docstrings[1](text, line)
                if m is not None or '\\' not in text[line:start]:
                    break
            after = text.find('\n', line, start)
            if after < 0:
                break
            line = after + 1
        if m is None or not self.gap(pos, line):
            return None
        self.add('w', m.group(1))
        self.add('sa', m.group(2))
        self.add('sd', m.group(3))
        return self.resume(m.end())

    def resume(self, pos: int) -> int:
        """Where the fast path goes on after a piece ending at `pos`."""
        return pos if self.boundary(pos) else self.machine(pos)

    def machine(self, pos: int) -> int:
        """Pygments' own rules from `pos` in the first state, until back in it between tokens."""
        text, add, states = self.text, self.add, self.tables.states
        stack = ['root']
        rules = states['root']
        size = len(text)
        while pos < size:
            found = rules.match(text, pos)
            if found is None:
                if text[pos] == '\n':
                    stack = ['root']
                    rules = states['root']
                    add(_css(Whitespace), '\n')
                else:
                    add(_css(Error), text[pos])
                pos += 1
            else:
                index, m = found
                _, action, new_state = rules.rules[index]
                if action is not None:
                    if type(action) is _TokenType:
                        add(_css(action), m.group())
                    else:
                        for _, ttype, value in action(self.tables.lexer, m):
                            add(_css(ttype), value)
                pos = m.end()
                if new_state is not None:
                    _transition(stack, new_state)
                    rules = states[stack[-1]]
            if len(stack) == 1 and self.boundary(pos):
                return pos
        return pos


def _transition(stack: list[str], new_state: Any) -> None:
    """Pygments' change of state after a rule, as `RegexLexer.get_tokens_unprocessed` makes it."""
    if isinstance(new_state, tuple):
        for state in new_state:
            if state == '#pop':
                if len(stack) > 1:
                    stack.pop()
            elif state == '#push':
                stack.append(stack[-1])
            else:
                stack.append(state)
    elif isinstance(new_state, int):
        if abs(new_state) >= len(stack):
            del stack[1:]
        else:
            del stack[new_state:]
    elif new_state == '#push':
        stack.append(stack[-1])
