"""
Tests of the code column's colours from the parser's tokens (`sitegen.pages.pyhighlight`).

Pygments' `PythonLexer` and `HtmlFormatter`, run here on their own, are the reference: the HTML of
every line must be the same, byte for byte. Small sources pin down each rule of the lexer that a
token's class depends on; the standard library checks everything else.
"""

from __future__ import annotations

import multiprocessing
import os
import sysconfig
from pathlib import Path

import pytest
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from sitegen.pages import highlight as highlight_module
from sitegen.pages.highlight import highlight_lines
from sitegen.pages.pyhighlight import highlight_tokens
from sitegen.reading.parse import ParseError, decode, parse_source, source_lines

SOURCES = {
    'docstrings': (
        'def f():\n    \n    """Doc, after a line of spaces."""\n    return 1\n\n\n'
        'class A:\n    r"""raw"""\n    b\'\'\'bytes\'\'\'.decode()\n'
        'x = (\n   \n    """first on its line"""\n)\ny = """a""" + """b"""\n'
        '"""an escaped quote: \\""" ends it for Pygments"""\n'
        "'''one''' if x else '''two'''\n"
        'x = 1 + \\\n"""after a continuation"""\n'
    ),
    'soft keywords': (
        'match command.split():\n    case [action]:\n        pass\n'
        '    case Point(x=_, y=0) | _:\n        pass\n    case "a_":\n        pass\n'
        '    case x if x_:\n        pass\n    case _:\n        pass\n'
        'match = 1\nmatch(x)\ncase, y = 1, 2\nre.match(p, s)\n'
    ),
    'keywords that change state': (
        'def g():\n    yield from range(3)\n    yield  from x\n'
        '    raise ValueError from None\n    raise E from e.args\n'
        'import os, sys as system\nimport a.b.c  # a comment\n'
        'from . import (x,\n    y)\nfrom ..m import n as o\nfrom __future__ import annotations\n'
        'class B(A, metaclass=M):\n    def __init__(self): pass\n    def \\\n  h(self): pass\n'
        'lazy import os\nlazy from x import y\nlazy = 1\n'
    ),
    'decorators and operators': (
        '@property\n@functools.lru_cache(maxsize=None)\ndef f(a, *b, **c) -> None: ...\n'
        'm = a @b\nm = a @ b\nm @= a\nx = a if a <= b != c else a >> 2 // 3 ** 4\n'
        'y = [x for x in z if x is not None and x not in w or not x]\nif (n := 10) > 5: pass\n'
    ),
    'numbers': ('x = [1, 1_000, 0x_ff, 0XAB, 0o17, 0b1, 1.5, .5, 1., 1e5, 1E-5j, 1j, 1.5j, 10if 0 else 1]\n'),
    'strings': (
        "s = 'a%sb%(name)d %-5.2f {0} {x.y[1]!r:>10} {} {{}} \\n \\x41 \\N{DASH} \\u1234 \\' \\\\'\n"
        "b = b'\\x00 \\u1234' rb'\\d' br\"%s\" R'\\'' u'x' U\"y\"\n"
        'f = f\'{x!r} {{}} {y:{w}} {"q"} {a["k"]} {x=}\' rf\'\\d{x}\' F"{lambda: 1}" fR\'{x}\\n\'\n'
        'g = f"""\n{a}\n  {b +\n c}\n"""\n'
        "t = '''\nline %s\n{0}\n'''\n"
        "e = 'unfinished \\\n  on the next line'\n"
    ),
    'whitespace': 'x = 1 + \\\n    2\n\x0c\ndef f():\n\tpass\n\n  \n\t\n',
    'names': (
        'café = 1\nπ = café * 2\nx\U000e0100 = 4\nprint(π, self.print, cls, x.self, NotImplemented, Ellipsis)\n'
        'x.__init__, __name__, x.__doc__, len, ValueError, e.ValueError, super().__new__(cls)\n'
        'async def f():\n    async for x in y:\n        await z\n    async with a as b: pass\n'
        'lambda: True and False or None\nassert x, "message"\ndel x; global y; nonlocal z\n'
        'try: pass\nexcept* E: pass\nfinally: pass\nwhile 1: break\nfor x in y: continue\n'
    ),
    'comments': '#!/usr/bin/env python\n# -*- coding: utf-8 -*-\nx = 1  # trailing <&> "quoted"\n#\n',
    'markup in the source': 'a = "<b>&amp;</b>" if x < y and y > z else x & y\n',
    'no line end at the end': 'x = 1',
    'not quite Python': 'x = $a ? b\nprint "python 2"\nexec "code"\n',
}


def pygments_lines(lines: list[str]) -> list[str]:
    """What Pygments writes for the code column, one entry per line."""
    lexer = PythonLexer(stripnl=False, stripall=False, ensurenl=True)
    out = highlight('\n'.join(lines) + '\n', lexer, HtmlFormatter(nowrap=True)).split('\n')
    assert len(out) == len(lines) + 1
    return out[:-1]


def token_lines(text: str) -> list[str] | None:
    """The code column from the parser's tokens."""
    module = parse_source(text)
    lines = source_lines(text)
    return highlight_tokens('\n'.join(lines) + '\n', module.tokens)


@pytest.mark.parametrize('name', sorted(SOURCES))
def test_same_html_as_pygments(name):
    text = SOURCES[name]
    lines = source_lines(text)
    assert token_lines(text) == pygments_lines(lines)


@pytest.mark.parametrize('join_after', [0, 10**9], ids=['joined', 'rule by rule'])
def test_a_state_matched_rule_by_rule_or_joined_colours_as_pygments(monkeypatch, join_after):
    """A state's rules are tried one by one (as Pygments tries them) until the state has been used
    often enough to pay for compiling them joined; either way the lines are Pygments' own."""
    from sitegen.pages import pyhighlight

    monkeypatch.setattr(pyhighlight, '_JOIN_AFTER', join_after)
    pyhighlight._tables.cache_clear()
    try:
        for name, text in sorted(SOURCES.items()):
            assert token_lines(text) == pygments_lines(source_lines(text)), name
        states = [rules for plain in (True, False) for rules in pyhighlight._tables(plain).states.values()]
        assert states and all(rules.ready == (join_after == 0) for rules in states)
    finally:
        pyhighlight._tables.cache_clear()


def test_the_code_column_is_not_lexed_again(monkeypatch):
    text = SOURCES['strings'] + SOURCES['keywords that change state']
    module = parse_source(text)
    lines = source_lines(text)
    expected = pygments_lines(lines)

    def refuse(*args: object, **kwargs: object) -> str:
        raise AssertionError('Pygments lexed a Python source that was already tokenized')

    monkeypatch.setattr(highlight_module, 'highlight', refuse)
    assert highlight_module.highlight_lines(lines, module.tokens) == expected


def test_without_tokens_pygments_colours_the_lines():
    lines = source_lines(SOURCES['names'])
    assert highlight_module.highlight_lines(lines) == pygments_lines(lines)
    assert highlight_module.highlight_lines([]) == []


def test_the_lexer_compiled_as_it_is_used_reads_ascii_and_other_text_as_pygments():
    """The lexer's rules are compiled where first used, and on ASCII text the identifier classes
    are their ASCII part (`pyhighlight._Match`): the code column lexed without tokens and inline
    code read as Pygments' own lexer reads them, ASCII or not."""
    import re

    from pygments import unistring

    assert ''.join(c for c in map(chr, range(128)) if re.match(f'[{unistring.xid_start}]', c)) == (
        'ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz'
    )
    assert ''.join(c for c in map(chr, range(128)) if re.match(f'[{unistring.xid_continue}]', c)) == (
        '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz'
    )
    for name, text in sorted(SOURCES.items()):
        lines = source_lines(text)
        assert highlight_module.highlight_lines(lines) == pygments_lines(lines), name
    snippets = [
        'x',
        'd_model',
        'nn.Linear(d_model, heads * d_k)',
        'print',
        'self.softmax',
        'import torch',
        'from torch import nn',
        'def f',
        'class A(B)',
        '@decorator',
        'match',
        'case _',
        '"a string"',
        "f'{x!r}'",
        'x[i, j] @ w',
        '0x1F + 1e-9j',
        'π',
        'café = 1',
        'x\U000e0100',
        '注意力 = 1',
        '$x$',
    ]
    lexer = PythonLexer(stripnl=False, ensurenl=False)
    for code in snippets:
        expected = highlight(code, lexer, HtmlFormatter(nowrap=True)).rstrip('\n')
        assert highlight_module.highlight_inline(code) == f'<code class="highlight">{expected}</code>', code


def test_tokens_are_offsets_into_the_lines():
    text = 'x = "a"\r\n# c\rdef f(): pass\n'
    module = parse_source(text)
    joined = '\n'.join(source_lines(text)) + '\n'
    pieces = [joined[module.tokens[i + 1] : module.tokens[i + 2]] for i in range(0, len(module.tokens), 3)]
    assert pieces == ['x', '=', '"a"', '# c', 'def', 'f', '(', ')', ':', 'pass']


def stdlib_files() -> list[Path]:
    root = Path(sysconfig.get_paths()['stdlib'])
    return sorted(path for path in root.rglob('*.py') if 'site-packages' not in path.relative_to(root).parts)


def compare_file(path: Path) -> tuple[str, int, int, list[str]]:
    """`(outcome, lines, identical lines, first differences)` for one file, in a worker process."""
    try:
        text = decode(path.read_bytes(), str(path))
        module = parse_source(text, str(path))
    except ParseError:
        return 'refused', 0, 0, []
    lines = source_lines(text)
    if not lines:
        return 'empty', 0, 0, []
    expected = pygments_lines(lines)
    got = highlight_tokens('\n'.join(lines) + '\n', module.tokens)
    if got is None:
        return 'declined', len(lines), 0, [str(path)]
    same = sum(a == b for a, b in zip(got, expected, strict=True))
    differences = [
        f'{path}:{n}: {lines[n - 1]!r}\n  pygments: {a}\n  tokens:   {b}'
        for n, (a, b) in enumerate(zip(expected, got, strict=True), 1)
        if a != b
    ]
    return 'compared', len(lines), same, differences[:3]


@pytest.mark.slow
def test_every_standard_library_file_is_coloured_as_pygments_does(record_property):
    files = stdlib_files()
    workers = min(os.cpu_count() or 1, 4)
    if workers > 1 and 'fork' in multiprocessing.get_all_start_methods():
        with multiprocessing.get_context('fork').Pool(workers) as pool:
            results = pool.map(compare_file, files, chunksize=8)
    else:
        results = [compare_file(path) for path in files]
    compared = [r for r in results if r[0] == 'compared']
    declined = [r[3][0] for r in results if r[0] == 'declined']
    lines = sum(r[1] for r in compared)
    identical = sum(r[2] for r in compared)
    files_identical = sum(r[1] == r[2] for r in compared)
    record_property('stdlib_files_identical', files_identical)
    print(
        f'\n{len(compared)} standard library files compared, {files_identical} byte-identical; '
        f'{identical} of {lines} lines identical; {len(declined)} left to Pygments'
    )
    assert len(compared) > 1500
    assert not declined, declined[:10]
    differences = [d for r in compared for d in r[3]]
    assert not differences, '\n'.join(differences[:10])


def test_highlighting_keeps_one_line_per_source_line_and_escapes():
    text = 'x = "</code><b>"  # <i>\n\fdef f():\n    """a\nb"""\n'
    lines = source_lines(text)
    html = highlight_lines(lines)
    assert len(html) == len(lines) == 4
    assert '<b>' not in ''.join(html) and '&lt;/code&gt;&lt;b&gt;' in html[0]
    assert html[3].endswith('</span>')  # a string spanning lines is closed on each line
