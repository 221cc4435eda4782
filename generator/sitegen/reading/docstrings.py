"""
Docstring text conversion: the reStructuredText habits of docstrings, as the Markdown they mean.

Authors document parameters with Sphinx field lists (`:param x: the input`, `:return: ...`). Markdown
has no such thing and runs the lines together into one paragraph, so `fields_to_markdown` turns each
run of field lines into a Markdown list, one item per field. What names something (a parameter, an
exception) is inline code, what does not is a bold label:

    :param x: is the input      - `x` is the input    (also :parameter :arg :argument :key :keyword)
    :param int x: text          - `x` (`int`) text    (a type before the name)
    :ivar x: text               - `x` text            (also :cvar :var)
    :type x: text               - **Type of** `x` text
    :return: text               - **Returns:** text   (also :returns)
    :rtype: text                - **Return type:** text
    :yield: text                - **Yields:** text     (also :yields)
    :raises Error: text         - **Raises** `Error` text   (also :raise :except :exception;
                                                            without a name, **Raises:** text)

A name is followed by its text with no colon, as labml's authors write fields, as sentences
(`:param x: is the input`), and as their tool shows them, so that its translation caches match.
Sphinx-style prose (`:param x: the input`) reads better as `x`: the input: the `colon` style
(`field_style = "colon"` in `[tool.site]`) puts a colon after every name.

Google-style sections are read the same way: a header alone on its line, its entries indented
under it, each entry's further lines indented deeper. A section of names becomes the header as a bold
label over a list, with the colon the style writes; a section of text becomes a paragraph after its
label. A section with a line that is not an entry is left as it is (as Markdown reads it):

    Args:                       **Args:**
        x (int): the input      - `x` (`int`): the input
        y: the other one        - `y`: the other one
    Returns:                    **Returns:** the sum
        the sum                 (also Arguments, Parameters, Params, Keyword Args, Keyword Arguments,
                                Other Parameters, Attributes, Raises; Return, Yields, Yield)

`Example`, `Note` and `Warning` (or their plurals) are a label over their text, read as a
docstring's (a doctest in it fenced as below).

NumPy-style sections (a header over a rule of dashes) are read alike: the entries of `Parameters`,
`Other Parameters`, `Attributes`, `Returns`, `Yields`, `Receives`, `Raises` and `Warns` are `name :
type` lines, or a type alone, at the header's indentation, with their text indented under them.
Such a header is a label even where its entries cannot be read, and so are `Notes`, `Examples`,
`See Also`, `References`, `Warnings` and `Methods` (their text left as it is): Markdown would make
each a heading of the page.

    Parameters                  **Parameters:**
    ----------
    x : int                     - `x` (`int`): the input
        the input

A doctest (a line that opens with the prompt `>>> `, up to the next blank line) is fenced as Python
console code, so that Markdown shows it as typed, not as nested quotes.

A field's text is moved, never rewritten, so `$...$` math in it comes through as written. Lines
indented deeper than the field join its text with a space; a blank line followed by such lines starts
a second paragraph of the same item. Fields may be separated by blank lines and still make one list.
A blank line goes before and after the list, so that Markdown sees a list and not a paragraph.

Everything else is left as it is: lines that only look like fields (an unknown name such as
`:smile:`, `:return:` glued to its text, a field indented four spaces or more, which Markdown reads as
code) and anything inside a fenced code block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# How a field's name is followed by its text, by the name of the style.
FIELD_STYLES = {'plain': ' ', 'colon': ': '}

# `:name args: text`: the name, then anything but colons up to the marker's closing colon, which
# is followed by white space or the end of the line, as in reStructuredText.
_FIELD = re.compile(
    r'(?P<indent> {0,3}):(?P<name>[A-Za-z]+)(?P<args>[ \t]+[^:\n]*?)?[ \t]*:(?:[ \t]+(?P<text>.*))?$'
)
FENCE = re.compile(r' {0,3}(`{3,}|~{3,})')

# Fields that name a parameter or a variable.
_NAMED = frozenset({'param', 'parameter', 'arg', 'argument', 'key', 'keyword', 'ivar', 'cvar', 'var'})
_RAISES = frozenset({'raises', 'raise', 'except', 'exception'})
# Fields that name nothing: their label.
_LABELS = {
    'return': '**Returns:**',
    'returns': '**Returns:**',
    'rtype': '**Return type:**',
    'yield': '**Yields:**',
    'yields': '**Yields:**',
}

# A doctest's first line: the Python prompt.
_DOCTEST = re.compile(r' {0,3}>>>(?: |$)')
# Google-style sections: their header alone on a line.
_SECTION = re.compile(
    r'(?P<indent> {0,3})(?P<name>Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments'
    r'|Other Parameters|Attributes|Raises|Returns?|Yields?|Examples?|Notes?|Warnings?):[ \t]*$'
)
_TEXT_SECTIONS = frozenset({'Returns', 'Return', 'Yields', 'Yield'})
# Those of prose or code: the label over their text, as written under it (a doctest fenced).
_PROSE = frozenset({'Example', 'Examples', 'Note', 'Notes', 'Warning', 'Warnings'})
# NumPy-style sections: their header over a rule of dashes; their entries `name : type`, or a
# type alone, at the header's indentation (a sentence, ending with a full stop, is not one).
_NUMPY_SECTION = re.compile(
    r'(?P<indent> {0,3})(?P<name>Parameters|Other Parameters|Attributes|Raises|Warns|Returns|Yields'
    r'|Receives|Methods|See Also|Notes|Warnings|References|Examples)[ \t]*$'
)
# Those of prose or code: their header alone becomes a label (not a heading of the page).
_NUMPY_PROSE = frozenset({'Methods', 'See Also', 'Notes', 'Warnings', 'References', 'Examples'})
_RULE = re.compile('-{3,}')
_NUMPY_ENTRY = re.compile(r'(?P<name>[^:]*[^:.\s])(?:[ \t]+:[ \t]*(?P<type>[^:]*[^:\s]))?(?P<text>)$')
# An entry of a section of names: `name (type): text`.
_ENTRY = re.compile(
    r'(?P<name>\*{0,2}[A-Za-z_][\w.]*)(?:[ \t]*\((?P<type>[^()]*)\))?[ \t]*:(?:[ \t]+(?P<text>.*))?$'
)


@dataclass
class _Item:
    """One field: the start of its list item, and the paragraphs of its text as lines."""

    indent: str
    head: str
    """The name as inline code, or a bold label."""
    separator: str
    """What comes between `head` and the text: the style's after a name, `' '` after a label."""
    paragraphs: list[list[str]] = field(default_factory=list)

    def markdown(self) -> list[str]:
        first, *rest = [' '.join(lines) for lines in self.paragraphs] or ['']
        lines = [f'{self.indent}- {self.head}' + (f'{self.separator}{first}' if first else '')]
        for paragraph in rest:
            lines += ['', f'{self.indent}    {paragraph}']
        return lines


def fields_to_markdown(text: str, style: str = 'plain') -> str:
    """
    `text` with each run of Sphinx field lines turned into a Markdown list (see the module docstring).

    Meant for docstring Markdown as the parser gives it, before math is protected: the math stays
    where it was, inside the field's text. Text without field lines is returned unchanged.
    """
    if ':' not in text and '---' not in text and '>>>' not in text:  # no field, section or doctest
        return text
    lines = text.split('\n')
    out: list[str] = []
    fence = ''
    i = 0
    while i < len(lines):
        line = lines[i]
        items: list[_Item] = []
        if fence:
            fence = '' if closes_fence(line, fence) else fence
        elif opening := FENCE.match(line):
            fence = opening.group(1)
        elif _DOCTEST.match(line):  # a doctest, to the next blank line: Python console code
            end = next((j for j in range(i, len(lines)) if not lines[j].strip()), len(lines))
            fence = '~~~' if any('```' in row for row in lines[i:end]) else '```'
            code = [row[min(indentation(line), indentation(row)) :] for row in lines[i:end]]
            _append_block(out, [f'{fence}pycon', *code, fence], lines, end)
            i = end
            continue
        elif section := _section(lines, i, style):
            block, i = section
            _append_block(out, block, lines, i)
            continue
        else:
            items, i = _field_list(lines, i, FIELD_STYLES[style])
        if not items:
            out.append(line)
            i += 1
            continue
        _append_block(out, _list(items), lines, i)
    return '\n'.join(out)


def _list(items: list[_Item]) -> list[str]:
    """The items as a Markdown list: loose (blank lines between them) where one has paragraphs."""
    out: list[str] = []
    loose = any(len(item.paragraphs) > 1 for item in items)
    for number, item in enumerate(items):
        if loose and number:
            out.append('')
        out += item.markdown()
    return out


def _append_block(out: list[str], block: list[str], lines: list[str], i: int) -> None:
    """`block` added to `out` with a blank line before and after it, so that Markdown sees a block
    of its own; `lines[i]` is what follows it."""
    if out and out[-1].strip():
        out.append('')
    out += block
    if i < len(lines) and lines[i].strip():
        out.append('')


def closes_fence(line: str, fence: str) -> bool:
    """True when `line` closes a fenced block opened with `fence` (same character, as long or longer)."""
    stripped = line.strip()
    return stripped.startswith(fence) and not stripped.strip(fence[0])


def _section(lines: list[str], i: int, style: str) -> tuple[list[str], int] | None:
    """The Markdown of the Google- or NumPy-style section whose header is line `i`, and the index
    of the first line after it; None where there is no such section. A Google-style one with a line
    that is not an entry is left as it is; of a NumPy-style one, the header becomes a label all the
    same (not a heading of the page)."""
    if google := _SECTION.match(lines[i]):
        indent, name, start = google.group('indent'), google.group('name'), i + 1
        end = start  # the lines after the header indented deeper, and blank lines between
        while (j := _filled(lines, end)) < len(lines) and indentation(lines[j]) > len(indent):
            end = j + 1
        entry, text_only = _ENTRY, name in _TEXT_SECTIONS
        if name in _PROSE:
            prose = _prose(lines[start:end], indent, name, style)
            return None if prose is None else (prose, end)
    elif numpy := _numpy_header(lines, i):
        indent, name, start = numpy.group('indent'), numpy.group('name'), i + 2
        end = next((j for j in range(start, len(lines) - 1) if _ruled(lines, j)), len(lines))
        while end > start and not lines[end - 1].strip():
            end -= 1
        entry, text_only = _NUMPY_ENTRY, False
    else:
        return None
    label = f'{indent}**{name}:**'
    items = None
    if end > start and lines[start].strip() and name not in _NUMPY_PROSE:
        items = _entries(lines[start:end], indentation(lines[start]), indent, entry, text_only)
    if items is None:
        return None if google else ([label], start)
    if text_only:
        first, *rest = [' '.join(paragraph) for paragraph in items[0].paragraphs]
        return [f'{label} {first}', *(line for p in rest for line in ('', f'{indent}{p}'))], end
    return [label, '', *_list(items)], end


def _prose(body: list[str], indent: str, name: str, style: str) -> list[str] | None:
    """A Google-style section of prose or code: its label over its text, which is read as a
    docstring's (a doctest in it fenced); None where it is not indented under the label."""
    if not body or not body[0].strip():
        return None
    depth = indentation(body[0])
    if any(line.strip() and indentation(line) < depth for line in body):
        return None
    text = fields_to_markdown('\n'.join(line[depth:] for line in body), style)
    return [f'{indent}**{name}:**', '', *(indent + line if line else line for line in text.split('\n'))]


def _numpy_header(lines: list[str], i: int) -> re.Match[str] | None:
    """The header of a NumPy-style section at line `i`: a known name over a rule of dashes."""
    header = _NUMPY_SECTION.match(lines[i])
    return header if header and i + 1 < len(lines) and _ruled(lines, i) else None


def _ruled(lines: list[str], i: int) -> bool:
    """True when line `i` is over a rule of dashes as indented as itself (any section's header)."""
    line, rule = lines[i], lines[i + 1]
    return (
        bool(line.strip()) and indentation(rule) == indentation(line) and bool(_RULE.fullmatch(rule.strip()))
    )


def _entries(
    body: list[str], depth: int, indent: str, entry: re.Pattern[str], text_only: bool
) -> list[_Item] | None:
    """A section's entries (lines at `depth` that `entry` matches), each with the lines indented
    deeper under it as its text; a section of text (`text_only`) as one item. None where a line is
    less indented, or a line at `depth` is not an entry."""
    items: list[_Item] = []
    blank = False
    for line in body:
        text = line.strip()
        if not text:
            blank = True
            continue
        if indentation(line) < depth:
            return None
        if indentation(line) == depth and not text_only:
            if (found := entry.match(text)) is None:
                return None
            kind, text = found.group('type'), found.group('text')
            head = _code(found.group('name')) + (f' ({_code(kind)})' if kind else '')
            items.append(_Item(indent, head, ': ', [[text.strip()]] if text else []))
        elif blank or not items or not items[-1].paragraphs:
            items = items or [_Item(indent, '', ' ')]
            items[-1].paragraphs.append([text])
        else:
            items[-1].paragraphs[-1].append(text)
        blank = False
    return items


def _field_list(lines: list[str], i: int, after_name: str) -> tuple[list[_Item], int]:
    """The field list starting at line `i` (`[]` if none) and the index of the first line after it."""
    items: list[_Item] = []
    while i < len(lines) and (item := _field(lines[i], after_name)) is not None:
        depth = len(item.indent)
        i += 1
        # Lines indented deeper than the field are its text; after blank lines, a new paragraph.
        while i < len(lines):
            j = _filled(lines, i)
            if j == len(lines) or indentation(lines[j]) <= depth:
                break
            if j > i or not item.paragraphs:
                item.paragraphs.append([])
            item.paragraphs[-1].append(lines[j].strip())
            i = j + 1
        items.append(item)
        j = _filled(lines, i)  # blank lines between fields keep the list going
        if j == len(lines) or _field(lines[j]) is None:
            break
        i = j
    return items, i


def _filled(lines: list[str], i: int) -> int:
    """The index of the first line from `i` on that is not blank (`len(lines)` if none)."""
    return next((j for j in range(i, len(lines)) if lines[j].strip()), len(lines))


def _field(line: str, after_name: str = ': ') -> _Item | None:
    """The list item a field line starts, or None when the line is not a field this module knows;
    `after_name` goes between a name and the field's text."""
    match = _FIELD.match(line)
    if match is None:
        return None
    name = match.group('name').lower()
    args = (match.group('args') or '').split()
    if name in _NAMED:
        if not args:
            return None
        head, separator = _code(args[-1]), after_name
        if len(args) > 1:
            head += f' ({_code(" ".join(args[:-1]))})'
    elif name == 'type' and len(args) == 1:
        head, separator = f'**Type of** {_code(args[0])}', after_name
    elif name in _RAISES:
        head, separator = (
            (f'**Raises** {_code(" ".join(args))}', after_name) if args else ('**Raises:**', ' ')
        )
    elif name in _LABELS and not args:
        head, separator = _LABELS[name], ' '
    else:
        return None
    text = (match.group('text') or '').strip()
    return _Item(match.group('indent'), head, separator, [[text]] if text else [])


def _code(name: str) -> str:
    """Inline code for a name or a type, written with enough backticks for the text it holds."""
    name = name.strip('`') or name
    run = max((len(m) for m in re.findall('`+', name)), default=0)
    ticks = '`' * (run + 1)
    pad = ' ' if name.startswith('`') or name.endswith('`') else ''
    return f'{ticks}{pad}{name}{pad}{ticks}'


def indentation(line: str) -> int:
    """How many white-space characters open `line`."""
    return len(line) - len(line.lstrip())
