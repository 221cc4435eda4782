"""
Split an annotated Python source file into sections: documentation beside the code it explains.

The parser is static. It never imports the module it reads, because importing runs code and needs
the module's dependencies (torch, a GPU) that building the site must not need. It reads the file
twice, with `tokenize` to find comments and string literals exactly (a `#` inside a string is not
a comment, whatever the quoting) and with `ast` to know which strings are docstrings. On Python 3.11,
whose `tokenize` reads in Python, text that `ast` reads is tokenized by CPython's own tokenizer
instead, the comments read between its tokens: the same tokens, in half the time.

A section starts at the module docstring, at each class or function docstring and at each block of
full-line `#` comments; the code that follows, up to the next start, is that section's code.

Sections follow the reader: a `class`/`def` header (decorators and the whole signature) is shown
first in the section of the documentation that opens its body, never at the end of the previous
section's code. That is its docstring; without one, the first comment block under the header
(blank lines and tool comments may come between) or inside it (between decorators, on a parameter);
without that, whatever took the header of the body's first statement when that is a definition
itself (`class A:` goes with its first method). A prose comment right above a header without a
docstring (blank lines aside, not indented deeper) keeps it as the first code of its section: that
comment documents it. A header whose body opens with no documentation stays with its body.

A docstring reads as typed, the way literate tools before this one show it: the text between the
quotes, cleaned like `inspect.cleandoc`, with no escape sequence applied. A docstring holding
`$\\frac{1}{2}$` reads `$\\frac{1}{2}$` with or without an `r` prefix (evaluated, `\\f` would be a
form feed); `\\$` stays for the math stage to read as a dollar; `\\\\`, `\\"`, `\\'` and a backslash at
the end of a line stay as the source shows them.

The one rule everything else leans on: every source line lands in exactly one place, as a line of
documentation, a line of code or a blank line trimmed from the edge of a section's code. Nothing is
dropped or shown twice, and code is the verbatim source, so the line numbers shown are the file's.

A Markdown page (a readme) has no code: `parse_markdown` gives it a section per heading.

Lines are counted the way Python counts them (`\\n`, `\\r\\n` and `\\r` end a line). `str.splitlines`
also splits at form feeds and other Unicode separators, which would shift every later line number;
`source_lines` gives the lines the numbers refer to.
"""

from __future__ import annotations

import ast
import bisect
import contextlib
import io
import pickle
import re
import tokenize
import warnings
import zlib
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field
from itertools import accumulate, groupby
from pathlib import Path

from sitegen import fastpaths
from sitegen.doc import SectionKind
from sitegen.reading.docstrings import FENCE, closes_fence, indentation

try:  # CPython's tokenizer, in C (`_valid_tokens`)
    from _tokenize import TokenizerIter  # type: ignore[import-not-found]
except ImportError:  # another Python
    TokenizerIter = None


@dataclass(frozen=True)
class SourceSection:
    """
    One row of a page: documentation on the left, the code it explains on the right.

    `code_lines` is in display order, one entry per line of `code`, so the renderer can number each
    line with its true source line. It is ascending but not always one contiguous range: in a section
    that takes a definition's header (a docstring, or a comment opening the body), the documentation's
    own lines sit between the header lines and the code that follows.
    """

    doc: str
    """Markdown text of the documentation; `''` when the section has no words."""
    kind: SectionKind
    """`'module'`, `'docstring'`, `'comment'` or `'code'` (code before any documentation)."""
    doc_line: int
    """Source line of the first line of `doc`, so that a problem in the text can name its line."""
    code: str
    """Verbatim source lines joined with `'\\n'`, blank edges trimmed; `''` if none."""
    code_line: int
    """Source line of the first line of `code`; 0 when there is no code."""
    doc_lines: tuple[int, ...]
    """Source lines moved into the documentation (the docstring's or the comments' lines)."""
    code_lines: tuple[int, ...]
    """The source line of each line of `code`, in order."""
    blank_lines: tuple[int, ...]
    """Blank source lines trimmed from the edges of the code (or before the first section)."""


@dataclass(frozen=True)
class ParsedModule:
    """A source file as a page: its front matter and its sections, in source order."""

    path: str
    front_matter: dict[str, object]
    """YAML front matter of the module docstring; `{}` when there is none."""
    sections: tuple[SourceSection, ...]
    warnings: tuple[tuple[int, str], ...]
    """`(line, message)` for problems that did not stop the parse."""
    line_count: int
    """How many lines the source has, counted as `source_lines` counts them."""
    tokens: array[int] = dataclass_field(default_factory=lambda: array('i'))
    """`(kind, start, end)` of each token the highlighter needs (`TOKEN_KINDS`), as
    offsets into the text `source_lines` splits, three numbers a token: what `tokenize` found,
    kept so that the code column is coloured without lexing the file again."""


def pack(module: ParsedModule) -> bytes:
    """A parse as bytes to keep or send to another process: pickled, and compressed (at the fastest
    level: about the size of its source, against twice that pickled alone)."""
    return zlib.compress(pickle.dumps(module, pickle.HIGHEST_PROTOCOL), 1)


def unpack(data: bytes) -> ParsedModule:
    """The parse `pack` made bytes of."""
    return pickle.loads(zlib.decompress(data))


class ParseError(Exception):
    """A source the page cannot be built from; the message names the file and line to fix."""

    def __init__(self, path: str, line: int, message: str) -> None:
        # All three go to `Exception`, so the error survives pickling (parsing in worker processes).
        super().__init__(path, line, message)
        self.path, self.line, self.message = path, line, message

    def __str__(self) -> str:
        return f'{self.path}:{self.line}: {self.message}'


# Full-line comments that are instructions to tools or to Python, not prose for the reader.
_PRAGMA = re.compile(
    r'#[ \t]*(noqa\b|type:|pragma\b|pylint:|fmt:|isort:|mypy:|pyright:|ruff:|flake8:)', re.IGNORECASE
)
# PEP 263, as the interpreter matches it.
_ENCODING = re.compile(r'^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+')
# How both warnings for a source without a syntax tree end.
_NO_DOCSTRINGS = 'docstrings are shown as code'

# A triple-quoted string left open, as the tokenizer and the parser of each Python version say it.
_UNCLOSED_STRING = re.compile(r'multi-line string|unterminated triple-quoted')
# Errors that cutting a text short makes by itself: they say nothing about the text before the cut.
_TRUNCATED = re.compile(r'never closed|EOF|expected an indented block')

# Tokens kept for the highlighter (`sitegen.pages.pyhighlight`); line ends and indents are whitespace to it.
_KEPT = 'NAME OP NUMBER STRING COMMENT ERRORTOKEN FSTRING_START FSTRING_MIDDLE FSTRING_END'
TOKEN_KINDS = frozenset(
    getattr(tokenize, name)
    for name in _KEPT.split() + ['TSTRING_START', 'TSTRING_MIDDLE', 'TSTRING_END']
    if hasattr(tokenize, name)
)

DEFINITIONS = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)

# Fields holding statement lists (or handlers and match cases, which hold statement lists).
BLOCKS = ('body', 'orelse', 'finalbody', 'handlers', 'cases')


def source_lines(text: str) -> list[str]:
    """The lines of `text` as Python numbers them, without line endings or a byte order mark."""
    return _split(_normalize(text))


def _offsets(lines: list[str]) -> list[int]:
    """Where each line starts in the text, and where a line after the last would."""
    return list(accumulate((len(line) + 1 for line in lines), initial=0))


def _split(text: str) -> list[str]:
    """Lines of text already normalized (so a second BOM stays the line's first character)."""
    return text.removesuffix('\n').split('\n') if text else []


def _normalize(text: str) -> str:
    """One line ending, no BOM: so `tokenize`, `ast` and the line list agree on every line number."""
    return text.removeprefix('\ufeff').replace('\r\n', '\n').replace('\r', '\n')


@dataclass(frozen=True)
class _Docstring:
    """A string literal that can become documentation: alone on its lines, followed by NEWLINE."""

    first: int
    last: int
    token: str


@dataclass(frozen=True)
class _Tokens:
    """What one pass over the tokens tells the parser."""

    comments: dict[int, str]
    """Full-line comments by line: the comment is the first token on its line."""
    strings: dict[int, _Docstring]
    """Docstring candidates by their first line."""
    spans: array[int]
    """`ParsedModule.tokens`."""


@dataclass(frozen=True)
class _Anchor:
    """
    Where a section starts and which of its lines are documentation.

    The section runs from `start` to the line before the next anchor's `start`. Lines from `start`
    to `doc_first - 1` are code shown first (a definition's header), `doc_first..doc_last` are the
    documentation, and the rest is the code that follows it.
    """

    start: int
    kind: SectionKind
    doc: str
    doc_line: int
    doc_first: int
    doc_last: int


def parse_file(path: Path) -> ParsedModule:
    """Read a file in the encoding its own header declares (PEP 263), then parse it."""
    return parse_source(decode(Path(path).read_bytes(), str(path)), str(path))


def decode(data: bytes, path: str) -> str:
    """A source's bytes as text, decoded as its own header declares (PEP 263)."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        raise ParseError(str(path), 1, str(error)) from error
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data.count(b'\n', 0, error.start) + 1
        raise ParseError(str(path), line, f'cannot decode as {encoding}: {error.reason}') from error


def parse_source(text: str, path: str = '<string>') -> ParsedModule:
    """
    Split `text` into sections.

    Raises `ParseError` for text that `tokenize` rejects: without tokens there is no telling a
    comment from a string. Text that tokenizes but is not valid Python 3 (Python 2, say) still
    gets its `#` comments as documentation, with a warning, since it has no syntax tree to find
    docstrings in.
    """
    return parse_source_and_tree(text, path)[0]


def parse_source_and_tree(text: str, path: str = '<string>') -> tuple[ParsedModule, ast.Module | None]:
    """`parse_source`, and the syntax tree of `text` that it read (for the symbols, which need the
    same): None where there is none, or where the text was normalised first (line ends)."""
    given = text
    text = _normalize(text)
    lines = _split(text)
    if '\0' in text:
        raise ParseError(path, text.count('\n', 0, text.index('\0')) + 1, 'source contains a null byte')
    notes: list[tuple[int, str]] = []
    tree = _syntax_tree(text, notes)
    # Text that is valid Python is read by CPython's own tokenizer where `tokenize` is slow (3.11).
    found = _valid_tokens(text, lines) if tree is not None and _C_TOKENIZER is not None else None
    tokens = found or _scan_tokens(text, lines, path)
    documentable = _documentable(tree) if tree is not None else ()
    documented = [(node, _docstring_literal(node, tokens)) for node in documentable]
    headers = _header_starts(documented, tokens.comments, lines)
    anchors, front_matter = _docstring_anchors(documented, headers, path, notes)
    header_lines = {row for doc_first, start in headers.items() for row in range(start, doc_first)}
    anchors += _comment_anchors(tokens.comments, header_lines, headers)
    anchors.sort(key=lambda anchor: anchor.start)
    parsed = ParsedModule(
        path=path,
        front_matter=front_matter,
        sections=tuple(_sections(anchors, lines)),
        warnings=tuple(sorted(notes)),
        line_count=len(lines),
        tokens=tokens.spans,
    )
    return parsed, tree if text == given else None


_ATX = re.compile(r' {0,3}#{1,6}(?:[ \t]|$)')


def parse_markdown(text: str, path: str = '<string>') -> ParsedModule:
    """
    A Markdown file (a readme) as a page: its front matter, then a section per heading.

    Every section is documentation with no code; the first (the text before the second heading)
    is the page's `module` section, which gives the title. Headings inside fenced code blocks do
    not cut the file. Every line lands in one section's documentation, so line numbers hold.
    """
    text = _normalize(text)
    lines = _split(text)
    notes: list[tuple[int, str]] = []
    front_matter, _, body_first = _front_matter('\n'.join(lines), 1, path, notes)
    starts = [body_first]
    fence = ''
    for row in range(body_first, len(lines) + 1):
        line = lines[row - 1]
        if fence:
            fence = '' if closes_fence(line, fence) else fence
        elif opening := FENCE.match(line):
            fence = opening.group(1)
        elif _ATX.match(line) and any(lines[r - 1].strip() for r in range(starts[-1], row)):
            starts.append(row)
    sections = []
    ends = [start - 1 for start in starts[1:]] + [len(lines)]
    for number, (start, end) in enumerate(zip(starts, ends, strict=True)):
        filled = [r for r in range(start, end + 1) if lines[r - 1].strip()]
        if filled:  # the blank lines around its text are the section's blank lines (`_trim`)
            doc = '\n'.join(lines[filled[0] - 1 : filled[-1]])
            kind: SectionKind = 'module' if number == 0 else 'comment'
            sections.append(_section(_Anchor(start, kind, doc, filled[0], filled[0], filled[-1]), end, lines))
    return ParsedModule(path, front_matter, tuple(sections), tuple(sorted(notes)), len(lines))


def _scan_tokens(text: str, lines: list[str], path: str) -> _Tokens:
    """Collect full-line comments and lone string literals; tokenizer errors become `ParseError`."""
    comments: dict[int, str] = {}
    strings: dict[int, _Docstring] = {}
    spans = array('i')
    offsets = _offsets(lines)
    kept = TOKEN_KINDS
    previous: tokenize.TokenInfo | None = None
    # This loop sees every token of every file, so it tests the token type and nothing else first.
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            kind = token.type
            if kind in kept:
                (first, col), (last, end) = token.start, token.end
                spans.extend((kind, offsets[first - 1] + col, offsets[last - 1] + end))
            if kind == tokenize.COMMENT:
                if _starts_line(lines, *token.start):
                    comments[token.start[0]] = token.string
            elif kind == tokenize.NEWLINE and previous is not None and previous.type == tokenize.STRING:
                (first, col), (last, _) = previous.start, previous.end
                if _starts_line(lines, first, col):
                    strings[first] = _Docstring(first, last, previous.string)
            elif kind == tokenize.ERRORTOKEN and token.string[:1] in ("'", '"'):
                # Python before 3.12 reports an unterminated one-line string as an error token.
                raise ParseError(path, token.start[0], 'unterminated string literal')
            previous = token
    except tokenize.TokenError as error:
        message, (row, _) = error.args
        if 'statement' in message:
            row = _unclosed_bracket(text) or row
        raise _refusal(path, text, lines, row, message) from error
    except SyntaxError as error:  # IndentationError, and every tokenizer error from Python 3.12 on
        raise _refusal(path, text, lines, error.lineno or 1, error.msg) from error
    return _Tokens(comments, strings, spans)


# CPython's tokenizer, in C, as 3.11 gives it: ten times as fast as `tokenize`, which reads the text
# in Python there (from 3.12, `tokenize` calls this tokenizer itself, with other arguments). It
# gives no comments or blank lines, and the columns of UTF-8 bytes.
_C_TOKENIZER = TokenizerIter if fastpaths.enabled('python', fastpaths.python_version()) else None
_NAME = re.compile(r'\w+')  # what `tokenize` reads as a name
_OPERATORS = range(tokenize.LPAR, tokenize.OP)  # each operator's own kind, 7 to 53
_SKIPPED = (tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT)
_NAMES = (tokenize.ASYNC, tokenize.AWAIT)  # names to `tokenize`


def _valid_tokens(text: str, lines: list[str]) -> _Tokens | None:
    """`_scan_tokens` of text that is valid Python (it has a syntax tree), from CPython's tokenizer,
    the comments read between its tokens; None where `tokenize` could read it otherwise (a name of
    characters `tokenize` does not take for one, a character no token starts with), for `tokenize`
    to read."""
    found = _c_tokens(text)
    if found is None:
        return None
    offsets = _offsets(lines)
    ascii_text = text.isascii()
    at = _text_places(lines, offsets)
    strings: dict[int, _Docstring] = {}
    spans = array('i')
    comments: dict[int, str] = {}
    between = _comment_reader(text, lines, offsets, spans, comments)
    done = 0  # where the last token read ends
    string_at: tuple[int, int, int, str] | None = None  # the last token where a string: rows, column, text
    commented = False  # whether a comment follows the last token
    find, extend = text.find, spans.extend
    for string, kind, first, last_row, col, end_col, _ in found:
        if kind == tokenize.NEWLINE:
            end = min(offsets[first] - 1, len(text)) if first < len(offsets) else len(text)
            if find('#', done, end) >= 0:
                between(done, end)
                commented = True
            done = max(done, end)
            if string_at is not None and not commented:
                s_first, s_last, s_col, s_string = string_at
                if _starts_line(lines, s_first, s_col):
                    strings[s_first] = _Docstring(s_first, s_last, s_string)
            string_at = None
            continue
        if kind in _OPERATORS:
            kind = tokenize.OP
        elif kind in _SKIPPED:
            continue
        elif kind in _NAMES:
            kind = tokenize.NAME
        elif kind > tokenize.STRING or (
            kind == tokenize.NAME and not string.isascii() and not _NAME.fullmatch(string)
        ):
            return None
        if ascii_text:
            start, end = offsets[first - 1] + col, offsets[last_row - 1] + end_col
        else:
            start, end = at(first, col), at(last_row, end_col)
        if find('#', done, start) >= 0:
            between(done, start)
        commented = False
        extend((kind, start, end))
        string_at = (first, last_row, start - offsets[first - 1], string) if kind == tokenize.STRING else None
        done = end
    if find('#', done) >= 0:
        between(done, len(text))
    return _Tokens(comments, strings, spans)


def _c_tokens(text: str) -> list[tuple[str, int, int, int, int, int, str]] | None:
    """The tokens of `text` as CPython's tokenizer gives them (the text, the exact kind, the first
    and last rows, the columns in UTF-8 bytes, the line); None where it fails or warns."""
    assert _C_TOKENIZER is not None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            return list(_C_TOKENIZER(text))
    except Exception:
        return None


def _text_places(lines: list[str], offsets: list[int]) -> Callable[[int, int], int]:
    """How a token's place in the text follows from its row and its column in UTF-8 bytes, for
    text that is not all ASCII (`offsets`: where each line starts)."""
    encoded: dict[int, bytes] = {}

    def at(row: int, col: int) -> int:
        if not lines[row - 1].isascii():
            line = encoded.get(row) or encoded.setdefault(row, lines[row - 1].encode())
            col = len(line[:col].decode())
        return offsets[row - 1] + col

    return at


def _comment_reader(
    text: str, lines: list[str], offsets: list[int], spans: array[int], comments: dict[int, str]
) -> Callable[[int, int], None]:
    """How the comments between two tokens are read (from `start` to `end`, where no token is): each
    one's span added to `spans` and, where it starts its line, its text to `comments` by row."""

    def read(start: int, end: int) -> None:
        hash_ = text.find('#', start, end)
        while hash_ >= 0:
            stop = text.find('\n', hash_, end)
            stop = end if stop < 0 else stop
            row = bisect.bisect_right(offsets, hash_)
            spans.extend((tokenize.COMMENT, hash_, stop))
            if _starts_line(lines, row, hash_ - offsets[row - 1]):
                comments[row] = text[hash_:stop]
            hash_ = text.find('#', stop, end)

    return read


def _refusal(path: str, text: str, lines: list[str], row: int, message: str) -> ParseError:
    """
    The error for text the tokenizer refused, at the line of the mistake.

    The tokenizer blames the place its scan broke down, which can be far below the mistake: after
    one quote too many, every later pair of quotes matches off by one and the scan fails at the
    last docstring of the file ("EOF in multi-line string"); after a stray bracket it fails at a
    dedent. Python's parser reads in order and stops at the first token that cannot go on, so its
    line is used (the tokenizer's is kept when the parser accepts the text). When a triple-quoted
    string is left open, the text before it is parsed too: an error there is the earlier mistake,
    and when the parser stops right after a string that swallowed code, the mistake is where that
    string opens, so that line is named, with the parser's own in the message.
    """
    quotes_off = bool(_UNCLOSED_STRING.search(message))
    found = _parser_error(text)
    if found is None:
        return ParseError(path, _clamp(row, lines), message)
    row, col, message = found
    if _UNCLOSED_STRING.search(message):
        # The text up to where that string opens: every string in it is closed, as in the file.
        cut = lines[row - 1][: max(col - 1, 0)] if row <= len(lines) else ''
        before = ''.join(f'{line}\n' for line in lines[: row - 1]) + cut
        earlier = _parser_error(before)
        if earlier is None or earlier[:2] >= (row, col) or _TRUNCATED.search(earlier[2]):
            return ParseError(path, _clamp(row, lines), message)  # that string is the one left open
        row, col, message = earlier
    opened = _string_before(text, row, col) if quotes_off else None
    if opened is not None:
        message = (
            f'{message} on line {row}, after a string that opens here and closes on line {opened[1]}: '
            'a quote too many or too few?'
        )
        row = opened[0]
    return ParseError(path, _clamp(row, lines), message)


def _parser_error(text: str) -> tuple[int, int, str] | None:
    """`(line, column, message)` of the first error Python's parser finds; None if it finds none."""
    try:
        syntax_tree(text)
    except SyntaxError as error:
        return error.lineno or 1, error.offset or 0, error.msg
    except (ValueError, RecursionError, MemoryError):
        pass
    return None


def _string_before(text: str, row: int, col: int) -> tuple[int, int] | None:
    """
    `(first, last)` lines of a string spanning lines that ends right before `row:col`.

    Right before: the string's last line is `row` itself or the line above it, and it is the last
    token before that place (comments, line ends and indentation aside).
    """
    last_string: tuple[int, int] | None = None
    quiet = (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)
    for token in _tokens_up_to_error(text):
        if token.start >= (row, max(col - 1, 0)):
            break
        if token.type == tokenize.STRING:
            last_string = (token.start[0], token.end[0])
        elif token.type not in quiet:
            last_string = None
    if last_string and last_string[0] < last_string[1] and last_string[1] >= row - 1:
        return last_string
    return None


def _unclosed_bracket(text: str) -> int | None:
    """
    The line of the innermost bracket left open at the end of the file.

    The tokenizer blames the end of the file; the bracket is where the mistake is. Only called on
    that error, so the fast path need not track brackets.
    """
    opened: list[int] = []
    for token in _tokens_up_to_error(text):
        if token.type == tokenize.OP and token.string in ('(', '[', '{'):
            opened.append(token.start[0])
        elif token.type == tokenize.OP and token.string in (')', ']', '}') and opened:
            opened.pop()
    return opened[-1] if opened else None


def _tokens_up_to_error(text: str) -> Iterator[tokenize.TokenInfo]:
    """`tokenize`'s tokens of `text`, up to where it fails."""
    with contextlib.suppress(tokenize.TokenError, SyntaxError):
        yield from tokenize.generate_tokens(io.StringIO(text).readline)


def _starts_line(lines: list[str], row: int, col: int) -> bool:
    """True when nothing but indentation comes before column `col` of line `row`."""
    return row <= len(lines) and not lines[row - 1][:col].strip()


def _clamp(row: int, lines: list[str]) -> int:
    """Tokenizers report end of file as the line after the last; name a line the file has."""
    return max(1, min(row, len(lines)))


def syntax_tree(text: str | bytes) -> ast.Module:
    """`ast.parse`, silent: invalid escape sequences and the like are the author's business, not the page's."""
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return ast.parse(text)


def _syntax_tree(text: str, notes: list[tuple[int, str]]) -> ast.Module | None:
    """Parse for docstrings; on failure leave a warning, so the page keeps its comments at least."""
    try:
        return syntax_tree(text)
    except SyntaxError as error:
        notes.append((error.lineno or 1, f'not valid Python 3 ({error.msg}); {_NO_DOCSTRINGS}'))
    except (ValueError, RecursionError, MemoryError) as error:  # null bytes, surrogates, deep nesting
        notes.append((1, f'cannot build a syntax tree ({type(error).__name__}); {_NO_DOCSTRINGS}'))
    return None


def _docstring_anchors(
    documented: list[tuple[ast.AST, _Docstring | None]],
    headers: dict[int, int],
    path: str,
    notes: list[tuple[int, str]],
) -> tuple[list[_Anchor], dict[str, object]]:
    """An anchor per docstring standing alone on its lines, and the module docstring's front matter."""
    anchors: list[_Anchor] = []
    front_matter: dict[str, object] = {}
    for node, literal in documented:
        if literal is None:
            continue
        doc, doc_line = _clean(_as_typed(literal.token), literal.first)
        _mangled_escapes(literal.token, literal.first, notes)
        kind: SectionKind
        if isinstance(node, ast.Module):
            front_matter, doc, doc_line = _front_matter(doc, doc_line, path, notes)
            start, kind = literal.first, 'module'
        else:
            start, kind = headers[literal.first], 'docstring'
        anchors.append(_Anchor(start, kind, doc, doc_line, literal.first, literal.last))
    return anchors, front_matter


def _header_starts(
    documented: list[tuple[ast.AST, _Docstring | None]], comments: dict[int, str], lines: list[str]
) -> dict[int, int]:
    """
    Which documentation each definition's header goes with: `{its first line: the header's first line}`,
    by the rules of the module docstring: its docstring; or the first prose comment block from the
    header's second line to the body's first statement; or what took the header of the body's first
    statement, when that is a definition. The last two give way to a prose comment right above the
    header (`_comment_above`).
    """
    starts: dict[int, int] = {}
    taken: dict[ast.AST, int] = {}
    # Inner definitions first (they follow their parents in `documented`), for rule 3.
    for node, literal in reversed(documented):
        if not isinstance(node, DEFINITIONS):
            continue
        start = _first_line(node)
        if literal is None:
            body = range(start + 1, _first_line(node.body[0]))
            prose = (row for row in body if row in comments and _is_prose(row, comments[row]))
            row = next(prose, taken.get(node.body[0]))
            if row is None or _comment_above(start, comments, lines):
                continue
        else:
            row = literal.first
        taken[node] = row
        starts[row] = min(start, starts.get(row, start))
    return starts


def _first_line(node: ast.stmt) -> int:
    """The first line of a statement, decorators included."""
    decorators = getattr(node, 'decorator_list', None)
    return decorators[0].lineno if decorators else node.lineno


def _comment_above(start: int, comments: dict[int, str], lines: list[str]) -> bool:
    """
    True when a prose comment sits right above line `start`, not indented deeper.

    Blank lines and tool comments may come between. A comment indented deeper closes the block
    above (`# TODO` at the end of the previous method) and does not document the definition.
    """
    row = start - 1
    while row >= 1 and (
        not lines[row - 1].strip() or (row in comments and not _is_prose(row, comments[row]))
    ):
        row -= 1
    if row < 1 or row not in comments:
        return False
    return indentation(lines[row - 1]) <= indentation(lines[start - 1])


def _documentable(tree: ast.Module) -> Iterator[ast.AST]:
    """
    The module and every class and function in it.

    Only statement lists are searched: a definition never sits inside an expression, and skipping
    expressions makes this several times faster than `ast.walk` on large files.
    """
    yield tree
    stack: list[ast.AST] = list(reversed(tree.body))
    while stack:
        node = stack.pop()
        if isinstance(node, DEFINITIONS):
            yield node
        for field in BLOCKS:
            children = getattr(node, field, None)
            if isinstance(children, list):
                stack.extend(reversed(children))


def _docstring_literal(node: ast.AST, tokens: _Tokens) -> _Docstring | None:
    """
    The docstring token of `node`, if it can move to the documentation without taking code with it.

    A docstring that shares a line with other code (`def f(): \"\"\"doc\"\"\"`, a trailing comment,
    a `;`) stays code, and so does an implicitly concatenated one: its first token is not followed
    by NEWLINE, so it is not among the candidates.
    """
    body = getattr(node, 'body', None)
    if not body or not isinstance(body[0], ast.Expr):
        return None
    value = body[0].value
    if not isinstance(value, ast.Constant) or not isinstance(value.value, str):
        return None
    literal = tokens.strings.get(value.lineno)
    return literal if literal is not None and literal.last == value.end_lineno else None


# A TeX control word whose backslash and first letter Python reads as an escape in a string that is
# not raw (`\frac`: a form feed, then `rac`), after an even number of backslashes.
_MANGLED = re.compile(r'(?<!\\)(?:\\\\)*\\([abfnrtv])([A-Za-z]+)')
_ESCAPES = {
    'a': 'a bell',
    'b': 'a backspace',
    'f': 'a form feed',
    'n': 'a line break',
    'r': 'a carriage return',
    't': 'a tab',
    'v': 'a vertical tab',
}


def _mangled_escapes(token: str, first: int, notes: list[tuple[int, str]]) -> None:
    """A warning for a docstring without an `r` prefix whose TeX Python mangles: the page shows the
    text as typed (`_as_typed`), but `help()`, `__doc__` and editors show what Python made of it."""
    prefix = token[: len(token) - len(token.lstrip('rRbBuUfF'))]
    found = list(_MANGLED.finditer(token))
    if 'r' in prefix.lower() or not found:
        return
    m = found[0]
    more = f' (and {len(found) - 1} more)' if len(found) > 1 else ''
    notes.append(
        (
            first + token.count('\n', 0, m.start()),
            f'\\{m.group(1)}{m.group(2)}{more} in a docstring that is not raw: Python reads '
            f'\\{m.group(1)} as {_ESCAPES[m.group(1)]}, so help() and __doc__ show it mangled; '
            f'write the docstring as r"""...""" (the page shows it as typed either way)',
        )
    )


def _as_typed(token: str) -> str:
    """The text of a string literal as typed between its quotes, no escape sequence applied (`\\f`
    stays a backslash and an `f`, as `$\\frac{1}{2}$` needs): as the module docstring says."""
    prefix = len(token) - len(token.lstrip('rRbBuUfF'))
    quote = 3 if token[prefix : prefix + 3] in ('"""', "'''") else 1
    return token[prefix + quote : len(token) - quote]


def _clean(text: str, first: int) -> tuple[str, int]:
    """
    `inspect.cleandoc`, and the source line of its first line (it drops leading blank lines).

    `text` is typed text, so its lines are the source's lines: its line `i` is source line `first + i`.
    """
    lines = text.expandtabs().split('\n')
    indents = [indentation(line) for line in lines[1:] if line.lstrip()]
    margin = min(indents, default=0)
    inner = [indentation(line) for line in lines[1:-1] if line.lstrip()]
    if inner and lines[-1].strip() and indents[-1] < min(inner):
        # The closing quotes' line typed less indented than the rest (`    text."""` under deeper
        # lines): its indentation is not the margin, or every other line would read as code.
        margin = min(inner)
        lines[-1] = ' ' * margin + lines[-1].lstrip()
    lines = [lines[0].lstrip()] + [line[margin:] for line in lines[1:]]
    while lines and not lines[-1]:
        lines.pop()
    skipped = next((i for i, line in enumerate(lines) if line), len(lines))
    return '\n'.join(lines[skipped:]), first + skipped


def _front_matter(
    doc: str, doc_line: int, path: str, notes: list[tuple[int, str]]
) -> tuple[dict[str, object], str, int]:
    """
    Take YAML front matter (between two `---` lines) off the top of the module docstring.

    Bad front matter is an error, not a warning: a page without its title and summary would be
    published looking fine while its search result and social card are wrong.
    """
    lines = doc.split('\n')
    if lines[0].rstrip() != '---':
        return {}, doc, doc_line
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() == '---'), None)
    if end is None:
        notes.append((doc_line, "docstring opens with '---' that is never closed; read as Markdown"))
        return {}, doc, doc_line
    data = _load_yaml('\n'.join(lines[1:end]), doc_line + 1, path)
    for key in ('title', 'summary'):
        value = data.get(key)
        if isinstance(value, str):
            data[key] = value.strip()
    rest = lines[end + 1 :]
    skipped = next((i for i, line in enumerate(rest) if line.strip()), len(rest))
    return data, '\n'.join(rest[skipped:]).rstrip(), doc_line + end + 1 + skipped


def _load_yaml(text: str, first_line: int, path: str) -> dict[str, object]:
    """`yaml.safe_load` that reports errors at their source line and insists on a mapping."""
    simple = _simple_yaml(text)
    if simple is not None:
        return simple
    import yaml  # only front matter that is not `_simple_yaml`'s needs it

    try:
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = first_line + (mark.line if mark else 0)
        raise ParseError(path, line, f'invalid YAML front matter: {error.problem or error}') from error
    except (yaml.YAMLError, ValueError, TypeError, RecursionError) as error:
        # Values such as `2021-13-45` fail in the constructor with a plain ValueError.
        raise ParseError(path, first_line, f'invalid YAML front matter: {error}') from error
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ParseError(path, first_line, f'front matter must be a mapping, not {type(data).__name__}')
    return data


# Front matter as pages write it: `key: a plain value` and `key: >` with the lines of a folded
# value under it. YAML reads such lines as text, but for a plain value its implicit types name
# (booleans and nulls: the others start with a digit, a sign or a dot) and for a key the same.
_SIMPLE_KEY = re.compile(r'([A-Za-z][A-Za-z0-9_]*):(?: +(.*))?')
_IMPLICIT = frozenset({'yes', 'no', 'true', 'false', 'on', 'off', 'null'})
# Every character YAML reads as printable text, but its own line breaks (NEL, U+2028, U+2029)
# and the byte order mark, without the tab and the carriage return (neither a page's front matter has).
_YAML_TEXT = re.compile(
    '[\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff\n]*'
)


def _simple_yaml(text: str) -> dict[str, object] | None:
    """What `yaml.safe_load` reads of front matter made only of `key: plain value` lines and
    `key: >` with one or more lines under it, each indented alike; None for anything else (and
    YAML reads it). A build of a page or two then loads no YAML parser (a tenth of its time)."""
    if not _YAML_TEXT.fullmatch(text):
        return None
    lines = text.split('\n')
    end = len(lines)
    while end and not lines[end - 1]:
        end -= 1
    data: dict[str, object] = {}
    i = 0
    while i < end:
        m = _SIMPLE_KEY.fullmatch(lines[i])
        if m is None or m.group(1).lower() in _IMPLICIT or m.group(2) is None:
            return None
        value, first = m.group(2).rstrip(' '), i + 1
        i = first
        while i < end and lines[i].startswith(' '):
            i += 1
        block = lines[first:i]  # the lines indented under the key
        if value == '>' and block:
            indent = len(block[0]) - len(block[0].lstrip(' '))
            if any(len(line) - len(line.lstrip(' ')) != indent or line.endswith(' ') for line in block):
                return None  # more indented, or ending with spaces: read as YAML folds it
            # Its last line break is kept (YAML's "clip"), where the text has one after it.
            data[m.group(1)] = ' '.join(line[indent:] for line in block) + ('\n' if i < len(lines) else '')
        elif (
            not block  # a plain value over two lines is YAML's to read
            and value[:1].isalpha()
            and value.lower() not in _IMPLICIT
            and ': ' not in value
            and ' #' not in value
            and not value.endswith(':')
        ):
            data[m.group(1)] = value
        else:
            return None
    return data


def _comment_anchors(
    comments: dict[int, str], header_lines: set[int], headers: dict[int, int]
) -> list[_Anchor]:
    """
    One anchor per run of consecutive prose comment lines, outside the definition headers it takes.

    A block that opens a definition's body starts at that header (`headers`), shown as its code first.
    """
    prose = [row for row in sorted(comments) if _is_prose(row, comments[row]) and row not in header_lines]
    runs = groupby(enumerate(prose), lambda pair: pair[1] - pair[0])  # consecutive rows: one difference
    return [_comment_anchor([row for _, row in run], comments, headers) for _, run in runs]


def _is_prose(row: int, comment: str) -> bool:
    """False for comments addressed to tools or to Python: they stay in the code, where they act."""
    if row == 1 and comment.startswith('#!'):
        return False
    if row <= 2 and _ENCODING.match(comment):
        return False
    return not _PRAGMA.match(comment)


def _comment_anchor(block: list[int], comments: dict[int, str], headers: dict[int, int]) -> _Anchor:
    """Markdown from a comment block: `#` and one space off each line, a lone `#` a paragraph break."""
    texts = [comments[row][1:].removeprefix(' ').rstrip() for row in block]  # deeper indents survive
    first = next((i for i, text in enumerate(texts) if text), 0)
    doc = '\n'.join(texts[first:]).strip('\n')
    return _Anchor(headers.get(block[0], block[0]), 'comment', doc, block[first], block[0], block[-1])


def _sections(anchors: list[_Anchor], lines: list[str]) -> list[SourceSection]:
    """Cut the file at the anchors; lines before the first anchor are a section of plain code."""
    count = len(lines)
    if not anchors:
        return [_section(_CODE, count, lines)] if count else []
    sections: list[SourceSection] = []
    leading = range(1, anchors[0].start)
    if any(lines[row - 1].strip() for row in leading):
        sections.append(_section(_CODE, leading[-1], lines))
        leading = range(0)
    ends = [anchor.start - 1 for anchor in anchors[1:]] + [count]
    for anchor, end in zip(anchors, ends, strict=True):
        sections.append(_section(anchor, end, lines))
    if leading:
        sections[0] = replace(sections[0], blank_lines=tuple(leading) + sections[0].blank_lines)
    return sections


# Code before any documentation, such as the imports of a file without a docstring: no
# documentation lines, and its first line of code for `doc_line` (`_section`).
_CODE = _Anchor(1, 'code', '', 0, 1, 0)


def _section(anchor: _Anchor, end: int, lines: list[str]) -> SourceSection:
    """The section of one anchor: its header, its documentation, then the code up to `end`."""
    rows = list(range(anchor.start, anchor.doc_first)) + list(range(anchor.doc_last + 1, end + 1))
    code, code_lines, blanks = _trim(rows, lines)
    return SourceSection(
        doc=anchor.doc,
        kind=anchor.kind,
        doc_line=anchor.doc_line or (code_lines[0] if code_lines else anchor.start),
        code=code,
        code_line=code_lines[0] if code_lines else 0,
        doc_lines=tuple(range(anchor.doc_first, anchor.doc_last + 1)),
        code_lines=code_lines,
        blank_lines=blanks,
    )


def _trim(rows: list[int], lines: list[str]) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """Blank lines at the edges of code only push sections apart; keep them aside, not in the code."""
    low, high = 0, len(rows)
    while low < high and not lines[rows[low] - 1].strip():
        low += 1
    while high > low and not lines[rows[high - 1] - 1].strip():
        high -= 1
    kept = tuple(rows[low:high])
    blanks = tuple(rows[:low] + rows[high:])
    return '\n'.join(lines[row - 1] for row in kept), kept, blanks
