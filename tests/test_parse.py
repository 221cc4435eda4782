"""
Tests of `sitegen.reading.parse`: small inputs pin each rule down, property tests and the standard library
check the invariant the renderer relies on (every source line shown exactly once, code verbatim).
"""

from __future__ import annotations

import ast
import inspect
import io
import multiprocessing
import os
import pickle
import re
import subprocess
import sys
import sysconfig
import tokenize
from pathlib import Path

import markdown
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from helpers import build_and_read, docs, literate_run, package, run, section_of
from sitegen.reading.parse import ParsedModule, ParseError, parse_file, parse_source, source_lines

ROOT = Path(__file__).resolve().parents[1]

KINDS = {'module', 'docstring', 'comment', 'code'}


def check_invariant(module: ParsedModule, text: str) -> None:
    """Every line once across doc, code and blank lines; code verbatim; sections in source order."""
    lines = source_lines(text)
    assert module.line_count == len(lines)
    seen: list[int] = []
    previous_start = 0
    for section in module.sections:
        assert section.kind in KINDS
        rows = section.doc_lines + section.code_lines + section.blank_lines
        seen += rows
        assert rows, 'a section covers at least one line'
        assert min(rows) > previous_start
        previous_start = min(rows)
        assert list(section.code_lines) == sorted(section.code_lines)
        assert section.code == '\n'.join(lines[row - 1] for row in section.code_lines)
        assert section.code_line == (section.code_lines[0] if section.code_lines else 0)
        assert '\r' not in section.code
        if section.code_lines:
            assert lines[section.code_lines[0] - 1].strip()
            assert lines[section.code_lines[-1] - 1].strip()
        assert all(not lines[row - 1].strip() for row in section.blank_lines)
        if section.doc_lines:
            assert section.doc_lines == tuple(range(section.doc_lines[0], section.doc_lines[-1] + 1))
            assert section.doc_lines[0] <= section.doc_line <= section.doc_lines[-1]
        if section.kind == 'code':
            assert section.doc == '' and section.doc_lines == ()
    assert sorted(seen) == list(range(1, len(lines) + 1))


def parse(text: str) -> ParsedModule:
    """Parse and check the invariant, so that every unit test checks it too."""
    module = parse_source(text)
    check_invariant(module, text)
    return module


def kinds(module: ParsedModule) -> list[str]:
    return [section.kind for section in module.sections]


# Section boundaries


def test_empty_file_has_no_sections():
    assert parse('').sections == ()


def test_blank_file_keeps_its_lines_as_blank():
    (section,) = parse('\n  \n\n').sections
    assert section.kind == 'code' and section.code == '' and section.blank_lines == (1, 2, 3)


def test_code_without_documentation_is_one_code_section():
    (section,) = parse('import os\n\nx = 1\n').sections
    assert (section.kind, section.code, section.code_line, section.code_lines) == (
        'code',
        'import os\n\nx = 1',
        1,
        (1, 2, 3),
    )


def test_module_docstring_then_code():
    module = parse('"""\nTitle\n"""\n\nimport os\n')
    (section,) = module.sections
    assert section.kind == 'module' and section.doc == 'Title' and section.doc_lines == (1, 2, 3)
    assert section.code == 'import os' and section.code_line == 5 and section.blank_lines == (4,)


def test_comment_blocks_split_at_blank_lines():
    module = parse('# one\n# two\nx = 1\n\n# three\ny = 2\n')
    assert [(s.doc, s.code) for s in module.sections] == [('one\ntwo', 'x = 1'), ('three', 'y = 2')]
    assert [s.doc_line for s in module.sections] == [1, 5]


def test_comment_blocks_split_without_code_between():
    module = parse('# one\n\n# two\nx = 1\n')
    assert [(s.doc, s.code) for s in module.sections] == [('one', ''), ('two', 'x = 1')]
    assert module.sections[0].code_line == 0 and module.sections[0].blank_lines == (2,)


def test_leading_blank_lines_join_the_first_section():
    module = parse('\n\n# doc\nx = 1\n')
    (section,) = module.sections
    assert section.blank_lines == (1, 2) and section.doc_lines == (3,)


def test_code_before_first_comment_is_a_code_section():
    module = parse('import os\n# doc\nx = 1\n')
    assert kinds(module) == ['code', 'comment']
    assert module.sections[0].doc_line == 1


def test_file_of_only_comments():
    module = parse('# a\n# b\n\n# c')
    assert [(s.doc, s.code) for s in module.sections] == [('a\nb', ''), ('c', '')]


def test_docstring_section_holds_decorators_and_multiline_signature():
    text = (
        '# Helpers\n'  # 1
        'x = 1\n'  # 2
        '\n'  # 3
        '@decorator(\n'  # 4
        '    a=1,\n'  # 5
        ')\n'  # 6
        '@other\n'  # 7
        'def f(a,\n'  # 8
        '      b):\n'  # 9
        '    """\n'  # 10
        '    Doc of f.\n'  # 11
        '    """\n'  # 12
        '    return a\n'  # 13
    )
    first, second = parse(text).sections
    assert first.code == 'x = 1' and first.blank_lines == (3,)
    assert second.kind == 'docstring' and second.doc == 'Doc of f.' and second.doc_line == 11
    assert second.doc_lines == (10, 11, 12)
    assert second.code_lines == (4, 5, 6, 7, 8, 9, 13)
    assert second.code == '@decorator(\n    a=1,\n)\n@other\ndef f(a,\n      b):\n    return a'


def test_comment_right_before_a_documented_def_keeps_no_code():
    first, second = parse('# About f\ndef f():\n    """Doc."""\n    pass\n').sections
    assert (first.doc, first.code, first.code_line) == ('About f', '', 0)
    assert second.code == 'def f():\n    pass' and second.code_lines == (2, 4)


def test_comments_inside_a_signature_stay_in_its_code():
    text = "def f(a,\n      # the b\n      b):\n    '''Doc.'''\n"
    (section,) = parse(text).sections
    assert section.code_lines == (1, 2, 3) and section.doc == 'Doc.'


def test_class_docstring_followed_by_comment():
    text = 'class A:\n    """Doc of A."""\n    # about x\n    x = 1\n'
    first, second = parse(text).sections
    assert (first.kind, first.doc, first.code, first.code_lines) == (
        'docstring',
        'Doc of A.',
        'class A:',
        (1,),
    )
    assert (second.kind, second.doc, second.code) == ('comment', 'about x', '    x = 1')


def test_nested_classes_and_async_functions():
    text = (
        'class A:\n'
        '    """A."""\n'
        '    class B:\n'
        '        """B."""\n'
        '        async def g(self):\n'
        '            """G."""\n'
        '            def h():\n'
        '                """H."""\n'
        '                return 1\n'
        '            return h\n'
    )
    module = parse(text)
    assert [s.doc for s in module.sections] == ['A.', 'B.', 'G.', 'H.']
    assert module.sections[2].code == '        async def g(self):'
    assert module.sections[3].code_lines == (7, 9, 10)


def test_same_line_docstring_stays_code():
    module = parse('def f(): """doc"""\nclass A: """doc"""; x = 1\n')
    assert kinds(module) == ['code']


@pytest.mark.parametrize(
    'text',
    [
        'def f():\n    """doc"""  # note\n',
        'def f():\n    """doc"""; x = 1\n',
        'def f():\n    "a" "b"\n',
        'def f():\n    ("doc")\n',
        'def f():\n    f"doc"\n',
        'def f():\n    b"doc"\n',
        'def f():\n    rb"\\frac"\n',
        'def f():\n    fr"\\frac{x}"\n',
        'def f():\n    x = 1\n    """not first"""\n',
        'if True:\n    """in a branch"""\n',
        'x = 1\n"""not first in module"""\n',
    ],
)
def test_strings_that_are_not_movable_docstrings_stay_code(text):
    assert kinds(parse(text)) == ['code']


def test_implicitly_concatenated_multiline_docstring_stays_code():
    module = parse('def f():\n    """a"""\\\n    """b"""\n    return 1\n')
    assert kinds(module) == ['code']


# Headers follow the documentation that opens their body


def sections_of(module: ParsedModule) -> list[tuple[str, str]]:
    return [(section.doc, section.code) for section in module.sections]


def test_header_goes_with_the_comment_that_opens_its_body():
    text = (
        'class A:\n'  # 1
        '    """Doc of A."""\n'  # 2
        '    def __init__(self, d_k):\n'  # 3
        '        # Number of dimensions\n'  # 4
        '        self.d_k = d_k\n'  # 5
        '\n'  # 6
        '    def forward(self, x):\n'  # 7
        '        # Input has shape\n'  # 8
        '        head_shape = x.shape\n'  # 9
    )
    module = parse(text)
    assert sections_of(module) == [
        ('Doc of A.', 'class A:'),
        ('Number of dimensions', '    def __init__(self, d_k):\n        self.d_k = d_k'),
        ('Input has shape', '    def forward(self, x):\n        head_shape = x.shape'),
    ]
    assert module.sections[1].blank_lines == (6,)
    assert module.sections[2].code_lines == (7, 9) and module.sections[2].doc_lines == (8,)


def test_decorators_and_a_multiline_signature_go_with_the_opening_comment():
    text = (
        'x = 1\n'  # 1
        '@decorator(\n'  # 2
        '    a=1,\n'  # 3
        ')\n'  # 4
        'def f(a,\n'  # 5
        '      b):\n'  # 6
        '    # Add them\n'  # 7
        '    return a + b\n'  # 8
    )
    first, second = parse(text).sections
    assert (first.kind, first.code) == ('code', 'x = 1')
    assert (second.kind, second.doc, second.doc_line) == ('comment', 'Add them', 7)
    assert second.code_lines == (2, 3, 4, 5, 6, 8)
    assert second.code == '@decorator(\n    a=1,\n)\ndef f(a,\n      b):\n    return a + b'


def test_comments_on_parameters_take_the_header_part_by_part():
    text = (
        '# Doc\n'  # 1
        'x = 1\n'  # 2
        'def f(self, *,\n'  # 3
        '      # Number of heads\n'  # 4
        '      heads: int,\n'  # 5
        '      # Model size\n'  # 6
        '      d_model: int):\n'  # 7
        '    # Keep them\n'  # 8
        '    self.heads = heads\n'  # 9
    )
    assert sections_of(parse(text)) == [
        ('Doc', 'x = 1'),
        ('Number of heads', 'def f(self, *,\n      heads: int,'),
        ('Model size', '      d_model: int):'),
        ('Keep them', '    self.heads = heads'),
    ]


def test_comment_between_decorator_and_def_takes_the_decorator():
    text = 'x = 1\n@decorate\n# About f\ndef f():\n    return 1\n'
    assert sections_of(parse(text)) == [('', 'x = 1'), ('About f', '@decorate\ndef f():\n    return 1')]


def test_blank_lines_and_tool_comments_may_come_between_header_and_comment():
    text = (
        'x = 1\n'  # 1
        'class A:\n'  # 2
        '\n'  # 3
        '    # type: ignore\n'  # 4
        '    # About y\n'  # 5
        '    y = 2\n'  # 6
    )
    first, second = parse(text).sections
    assert first.code == 'x = 1' and second.doc == 'About y'
    assert second.code_lines == (2, 3, 4, 6)
    assert second.code == 'class A:\n\n    # type: ignore\n    y = 2'


def test_comment_right_above_a_header_keeps_it():
    text = '# About f\n\n# pragma: no cover\n@decorate\ndef f():\n    # Body\n    return 1\n'
    assert sections_of(parse(text)) == [
        ('About f', '# pragma: no cover\n@decorate\ndef f():'),
        ('Body', '    return 1'),
    ]


def test_comment_above_indented_deeper_does_not_keep_the_header():
    text = 'def g():\n    x = 1\n    # Note on x\n\ndef f():\n    # Body\n    return 1\n'
    assert sections_of(parse(text)) == [
        ('', 'def g():\n    x = 1'),
        ('Note on x', ''),
        ('Body', 'def f():\n    return 1'),
    ]


def test_class_header_goes_with_the_documentation_of_its_first_method():
    text = 'x = 1\n\nclass A:\n    def f(self):\n        # Body\n        return 1\n'
    assert sections_of(parse(text)) == [
        ('', 'x = 1'),
        ('Body', 'class A:\n    def f(self):\n        return 1'),
    ]
    text = 'x = 1\n\n@dataclass\nclass A:\n    def f(self):\n        """Doc."""\n        return 1\n'
    module = parse(text)
    assert sections_of(module) == [
        ('', 'x = 1'),
        ('Doc.', '@dataclass\nclass A:\n    def f(self):\n        return 1'),
    ]
    assert module.sections[1].code_lines == (3, 4, 5, 7)


def test_class_header_and_first_method_go_with_the_comment_between_them():
    text = 'x = 1\nclass A:\n    # About f\n    def f(self):\n        # Body\n        return 1\n'
    assert sections_of(parse(text)) == [
        ('', 'x = 1'),
        ('About f', 'class A:\n    def f(self):'),
        ('Body', '        return 1'),
    ]


def test_header_without_opening_documentation_stays_with_its_body():
    text = '# Doc\nx = 1\ndef f():\n    y = 1\n    # Later\n    return y\n'
    assert sections_of(parse(text)) == [('Doc', 'x = 1\ndef f():\n    y = 1'), ('Later', '    return y')]
    text = '# Doc\nx = 1\ndef f(): return 1\n# Next\ny = 2\n'
    assert sections_of(parse(text)) == [('Doc', 'x = 1\ndef f(): return 1'), ('Next', 'y = 2')]


def test_lone_hash_opening_a_body_takes_the_header_without_words():
    text = '# Doc\nx = 1\ndef f():\n    #\n    return 1\n'
    assert sections_of(parse(text)) == [('Doc', 'x = 1'), ('', 'def f():\n    return 1')]


# Comment text


def test_same_line_comment_stays_in_code():
    (section,) = parse('x = 1  # explained\n').sections
    assert section.kind == 'code' and section.code == 'x = 1  # explained'


def test_lone_hash_starts_a_section_without_words():
    module = parse('x = 1\n#\ny = 2\n#\n#\nz = 3\n')
    assert [(s.doc, s.code) for s in module.sections] == [('', 'x = 1'), ('', 'y = 2'), ('', 'z = 3')]


def test_comment_markdown_keeps_paragraphs_and_relative_indentation():
    text = '# Intro\n#\n# * item\n#   more\n#\n#     code()\n##no space\n#\ttab\n'
    (section,) = parse(text).sections
    assert section.doc == 'Intro\n\n* item\n  more\n\n    code()\n#no space\n\ttab'


def test_edge_lone_hashes_are_trimmed_from_the_words():
    (section,) = parse('#\n#\n# words\n#\nx = 1\n').sections
    assert section.doc == 'words' and section.doc_line == 3 and section.doc_lines == (1, 2, 3, 4)


def test_indented_comments_lose_their_indentation():
    (_, section) = parse('x = 1\nif x:\n    # inside\n    y = 1\n').sections
    assert section.doc == 'inside' and section.code == '    y = 1'


@pytest.mark.parametrize(
    'text',
    [
        "x = '# not a comment'\n",
        'x = "a # b" + \'c # d\'\n',
        'x = f"{y!r} # {z:>{w}}"\n',
        'x = f\'{"#"}\'\n',
        'x = """\n# inside a string\n"""\n',
        "x = '''\n  # inside\n''' + \"#\"\n",
        "x = 'a' \\\n    '# b'\n",
        'x = r"\\" # still a string"\n',
    ],
)
def test_hash_inside_strings_is_not_a_comment(text):
    module = parse(text)
    assert kinds(module) == ['code']


def test_full_line_comment_inside_brackets_starts_a_section():
    module = parse('call(a,\n     # the b\n     b)\n')
    assert [(s.doc, s.code) for s in module.sections] == [('', 'call(a,'), ('the b', '     b)')]


def test_continuation_line_ending_in_string_with_hash():
    module = parse("x = 1 + \\\n    len('#')\n# doc\ny = 2\n")
    assert [s.code for s in module.sections] == ["x = 1 + \\\n    len('#')", 'y = 2']


@pytest.mark.parametrize(
    'line',
    [
        '# noqa',
        '# noqa: E501',
        '#NOQA',
        '# type: ignore',
        '# pragma: no cover',
        '# pylint: disable=all',
        '# fmt: off',
        '# isort: skip_file',
        '# mypy: strict',
        '# pyright: basic',
        '# ruff: noqa',
        '# flake8: noqa',
        '# Pylint: disable=x',
        '#   type: int',
    ],
)
def test_pragma_comments_stay_in_code(line):
    module = parse(f'x = 1\n{line}\ny = 2\n')
    assert kinds(module) == ['code'] and module.sections[0].code == f'x = 1\n{line}\ny = 2'


def test_pragma_between_prose_splits_the_block():
    module = parse('# a\n# fmt: off\n# b\nx = 1\n')
    assert [(s.doc, s.code) for s in module.sections] == [('a', '# fmt: off'), ('b', 'x = 1')]


def test_pragma_lookalikes_are_prose():
    module = parse('# Pragmatic choice\n# typed: yes\nx = 1\n')
    assert module.sections[0].doc == 'Pragmatic choice\ntyped: yes'


def test_shebang_and_encoding_stay_in_code():
    text = '#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# Prose\n"""Doc."""\n'
    module = parse(text)
    assert [(s.kind, s.doc, s.code) for s in module.sections] == [
        ('code', '', '#!/usr/bin/env python3\n# -*- coding: utf-8 -*-'),
        ('comment', 'Prose', ''),
        ('module', 'Doc.', ''),
    ]


def test_encoding_on_line_one():
    module = parse('# vim: set fileencoding=latin-1 :\n# Prose\nx = 1\n')
    assert kinds(module) == ['code', 'comment']


def test_shebang_and_encoding_elsewhere_are_prose():
    module = parse('x = 1\n\n#!not a shebang\n# coding: utf-8\ny = 2\n')
    assert module.sections[1].doc == '!not a shebang\ncoding: utf-8'


# Docstring text


def test_docstring_is_cleaned_like_inspect_cleandoc():
    value = '\n\n    First\n      indented\n\n    last\n    '
    (section,) = parse(f'def f():\n    """{value}"""\n').sections
    assert section.doc == inspect.cleandoc(value)
    assert section.doc_line == 4


def test_raw_docstring_keeps_backslashes():
    module = parse('def f():\n    r"""$\\frac{a}{b}$"""\n')
    assert module.sections[0].doc == '$\\frac{a}{b}$' and module.warnings == ()


def test_plain_docstring_reads_as_typed():
    module = parse('def f():\n    """$\\frac{1}{2}$ and $\\theta$"""\n')
    assert module.sections[0].doc == '$\\frac{1}{2}$ and $\\theta$'
    # What Python makes of it (a form feed, a tab) is what help() shows: a warning says so.
    ((line, warning),) = module.warnings
    assert line == 2 and warning.startswith('\\frac (and 1 more) in a docstring that is not raw')


@pytest.mark.parametrize('letter', list('ftbrvan0'))
def test_escape_sequences_in_a_plain_docstring_stay_backslash_and_letter(letter):
    (section,) = parse(f'def f():\n    """$\\{letter}{{}}$ text"""\n').sections
    assert section.doc == f'$\\{letter}{{}}$ text'


@pytest.mark.parametrize(
    ('typed', 'doc'),
    [
        ('a \\\\ b', 'a \\\\ b'),  # `\\` is two backslashes, as in a LaTeX line break
        ('costs \\$5', 'costs \\$5'),  # the math stage reads `\$` as a literal dollar
        ('write \\"""doc\\""" here', 'write \\"""doc\\""" here'),
        ("it\\'s", "it\\'s"),
        ('\\u00e9 \\N{BULLET}', '\\u00e9 \\N{BULLET}'),
    ],
)
def test_backslashes_stay_as_typed(typed, doc):
    (section,) = parse(f'def f():\n    """{typed}"""\n').sections
    assert section.doc == doc


def test_single_quoted_escapes_stay_as_typed():
    (section,) = parse("def f():\n    u'it\\'s \\theta'\n").sections
    assert section.doc == "it\\'s \\theta"


def test_line_continuation_in_a_docstring_stays_and_keeps_line_numbers():
    text = 'def f():\n    """\n    First \\\n    second\n    """\n'
    (section,) = parse(text).sections
    assert section.doc == 'First \\\nsecond' and section.doc_line == 3


def test_escaped_newlines_do_not_shift_the_doc_line():
    # Evaluated, the `\n` escapes would be line breaks and cleaning would count them as source lines.
    text = 'def f():\n    """\\n\n\n    \\n\\nText\n    """\n'
    (section,) = parse(text).sections
    assert section.doc == '\\n\n\n\\n\\nText' and section.doc_line == 2


def test_single_quoted_and_unicode_prefixed_docstrings():
    module = parse("def f():\n    u'Doc.'\nclass A:\n    'Other.'\n")
    assert [s.doc for s in module.sections] == ['Doc.', 'Other.']


def test_empty_docstring_is_a_section_without_words():
    (section,) = parse('def f():\n    """"""\n').sections
    assert section.kind == 'docstring' and section.doc == ''


# Front matter

FRONT = (
    '"""\n'
    '---\n'
    'title:  Multi-Headed Attention \n'
    'summary: >\n'
    '  A summary\n'
    '  in two lines.\n'
    '---\n'
    '\n'
    '# Heading\n'
    '"""\n'
    'x = 1\n'
)


def test_front_matter_is_parsed_and_removed():
    module = parse(FRONT)
    assert module.front_matter == {'title': 'Multi-Headed Attention', 'summary': 'A summary in two lines.'}
    (section,) = module.sections
    assert section.doc == '# Heading' and section.doc_line == 9 and section.doc_lines == tuple(range(1, 11))


def test_front_matter_in_a_raw_docstring_on_its_first_line():
    module = parse('r"""---\ntitle: T\n---\nText \\(x\\)\n"""\n')
    assert module.front_matter == {'title': 'T'} and module.sections[0].doc == 'Text \\(x\\)'


def test_no_front_matter():
    assert parse('"""Title"""\n').front_matter == {}


def test_empty_front_matter_is_an_empty_mapping():
    module = parse('"""\n---\n---\nText\n"""\n')
    assert module.front_matter == {} and module.sections[0].doc == 'Text'


def test_unclosed_front_matter_is_markdown_with_a_warning():
    module = parse('"""\n---\ntitle: x\n"""\n')
    assert module.front_matter == {} and module.sections[0].doc == '---\ntitle: x'
    assert module.warnings[0][0] == 2


def test_front_matter_only_in_the_module_docstring():
    module = parse('def f():\n    """\n    ---\n    title: x\n    ---\n    """\n')
    assert module.front_matter == {} and module.sections[0].doc.startswith('---')


def test_invalid_yaml_names_its_source_line():
    with pytest.raises(ParseError) as caught:
        parse_source('"""\n---\ntitle: ok\nsummary: [unclosed\n---\n"""\n', 'm.py')
    assert caught.value.path == 'm.py' and caught.value.line in (4, 5)
    assert str(caught.value).startswith(f'm.py:{caught.value.line}: invalid YAML front matter')


def test_yaml_error_line_after_a_bad_mapping():
    with pytest.raises(ParseError) as caught:
        parse_source('"""\n---\ntitle: a\n  b: c\n---\n"""\n')
    assert caught.value.line == 4


def test_front_matter_must_be_a_mapping():
    with pytest.raises(ParseError) as caught:
        parse_source('"""\n---\n- a\n- b\n---\n"""\n', 'm.py')
    assert caught.value.line == 3 and 'mapping' in caught.value.message


def test_front_matter_with_an_impossible_date():
    with pytest.raises(ParseError):
        parse_source('"""\n---\ndate: 2021-13-45\n---\n"""\n')


# Front matter that `sitegen.reading.parse` reads without a YAML parser, where it reads the same.
_KEYS = ['title', 'summary', 'a_b', 'x1', 'Yes', 'on', 'NULL', 'ключ', '1a', 'a-b', '-a']
_VALUES = [
    'Attention (MHA)',
    'a, b [c] {d}',
    'GPT-2',
    'Ünï 日本語',
    "it's",
    'a  b',
    'a ',
    '',
    'Yes',
    'off',
    'Null',
    'null value',
    '~',
    '1.5',
    '0x1F',
    '2021-01-01',
    '.inf',
    '<<',
    '=',
    'a: b',
    'a:b',
    'a #b',
    'a#b',
    'a:',
    '"q"',
    "'q'",
    '-a',
    '? a',
    '%a',
    '@a',
    '`a`',
    '!a',
    '&a',
    '*a',
    '|',
    '>',
    '>-',
    '>+',
    '>2',
    'a\tb',
    '\ta',
    'a\u2028b',
    'a\x85b',
    'a\ufeffb',
    'a\x07b',
    'a\rb',
    '#a',
    '[a]',
]
_ENTRIES = st.builds(
    lambda key, sep, value, block: '\n'.join([f'{key}:{sep}{value}', *block]),
    st.sampled_from(['title', 'summary', *_KEYS]),
    st.sampled_from([' ', ' ', '', '  ']),
    st.sampled_from(['>', *_VALUES]),
    st.lists(
        st.builds(
            lambda indent, value: indent + value,
            st.sampled_from(['  ', '  ', ' ', '   ', '\t']),
            st.sampled_from(_VALUES),
        ),
        max_size=3,
    ),
)


def _same_as_yaml(text: str) -> bool:
    """Whether `sitegen.reading.parse` reads `text` without YAML (True), as YAML does (or the test fails)."""
    import yaml

    from sitegen.reading.parse import _simple_yaml

    fast = _simple_yaml(text)
    if fast is not None:
        assert fast == (yaml.safe_load(text) or {}), text
    return fast is not None


@settings(max_examples=3000, deadline=None)
@given(
    st.lists(st.one_of(_ENTRIES, st.sampled_from(['', '  ', '# a comment', '---'])), max_size=4),
    st.booleans(),
)
def test_front_matter_read_without_yaml_is_what_yaml_reads(entries, newline):
    _same_as_yaml('\n'.join(entries) + ('\n' if newline else ''))


@pytest.mark.parametrize('value', [*_VALUES, *_KEYS])
def test_each_kind_of_value_is_read_as_yaml_reads_it(value):
    texts = (
        f'title: {value}',
        f'summary: >\n  {value}',
        f'summary: >\n  {value}\n  {value}\nb: c',
        f'{value}: a',
    )
    for text in texts:
        _same_as_yaml(text)
        _same_as_yaml(text + '\n')
    assert _same_as_yaml('title: A title\nsummary: >\n  Two lines\n  of summary.')


def test_the_front_matter_of_this_sites_pages_is_read_without_yaml():
    """Every page of `labml_nn` that has front matter has the kind read without a YAML parser."""
    import yaml

    from sitegen.reading.parse import _simple_yaml

    found = 0
    for path in sorted((Path(__file__).parents[1] / 'labml_nn').rglob('*.py')):
        module = parse(path.read_text(encoding='utf-8'))
        if module.front_matter:
            text = path.read_text(encoding='utf-8').split('---\n')[1]
            assert _simple_yaml(text) == yaml.safe_load(text), path
            found += 1
    assert found >= 20
    # A build of one such page loads no YAML parser.
    probe = 'import sys; from sitegen.reading.parse import parse_file; parse_file(sys.argv[1]); print("yaml" in sys.modules)'
    page = Path(__file__).parents[1] / 'labml_nn' / 'transformers' / 'mha.py'
    loaded = subprocess.run(
        [sys.executable, '-c', probe, str(page)], capture_output=True, text=True, check=True
    )
    assert loaded.stdout == 'False\n'


# Line endings and odd characters


def test_line_numbers_equal_the_sources():
    text = 'import os\n\n\n# Doc\n\n\nx = 1\n\n\ny = 2\n'
    _, section = parse(text).sections
    assert section.code_line == 7 and section.code_lines == (7, 8, 9, 10) and section.blank_lines == (5, 6)


@pytest.mark.parametrize('newline', ['\r\n', '\r'])
def test_crlf_and_cr_line_endings(newline):
    text = newline.join(['# Doc', 'x = 1', '', 'def f():', '    """F."""', '    return 1', ''])
    module = parse(text)
    assert [(s.doc, s.code) for s in module.sections] == [('Doc', 'x = 1'), ('F.', 'def f():\n    return 1')]
    assert source_lines(text) == text.splitlines()


def test_no_trailing_newline():
    module = parse('# Doc\nx = 1')
    assert module.sections[0].code == 'x = 1' and module.line_count == 2


def test_byte_order_mark_is_dropped():
    module = parse('\ufeff"""Doc."""\nx = 1\n')
    assert module.sections[0].kind == 'module' and module.sections[0].code == 'x = 1'


def test_lone_surrogates_fall_back_to_comments():
    module = parse("# Doc \ud800\nx = '\udfff'\n")
    assert module.sections[0].doc == 'Doc \ud800' and module.warnings


def test_only_one_byte_order_mark_is_dropped():
    module = parse('\ufeff\ufeffx = 1\n')
    assert module.sections[0].code == '\ufeffx = 1'


def test_form_feed_does_not_shift_line_numbers():
    text = 'x = 1\n\x0c\n# Doc\ny = 2\n'
    module = parse(text)
    assert len(text.splitlines()) == 5 and module.line_count == 4
    assert module.sections[1].doc_lines == (3,) and module.sections[1].code_line == 4
    assert module.sections[0].blank_lines == (2,)


def test_tabs_are_kept_verbatim():
    module = parse('if x:\n\ty = 1\t# c\n')
    assert module.sections[0].code == 'if x:\n\ty = 1\t# c'


# Errors


@pytest.mark.parametrize(
    ('text', 'line'),
    [
        ('x = 1\ny = """never closed\n\nz\n', 2),
        ("x = 1\ny = 'never closed\n", 2),
        ('if x:\n    a = 1\n  b = 2\n', 3),
        ('x = 1\ny = call(1,\n  2\n', 2),
        ('x = [\n  (1,\n  2\n', 2),
        ('x = 1\ny = 1 + \\\n', 2),
        ('x = 1\ny\0 = 2\n', 2),
    ],
)
def test_text_tokenize_rejects_raises_parse_error_at_its_line(text, line):
    with pytest.raises(ParseError) as caught:
        parse_source(text, 'bad.py')
    error = caught.value
    assert (error.path, error.line) == ('bad.py', line)
    assert str(error) == f'bad.py:{line}: {error.message}'


MHA = Path(__file__).resolve().parents[1] / 'labml_nn' / 'transformers' / 'mha.py'


@pytest.mark.parametrize(
    ('typed', 'says'),
    [
        ('    """', 'a quote too many or too few?'),  # every later pair of quotes matches off by one
        ('    )', "unmatched ')'"),  # the tokenizer alone blamed a dedent 70 lines below
        ('    x = [1,', "'[' was never closed"),
        ("    x = 'abc", 'unterminated string literal'),
    ],
)
def test_an_error_typed_on_line_70_of_the_attention_page_is_named_at_line_70(typed, says):
    lines = source_lines(MHA.read_text(encoding='utf-8'))
    lines.insert(69, typed)
    with pytest.raises(ParseError) as caught:
        parse_source('\n'.join(lines) + '\n', 'mha.py')
    assert caught.value.line == 70 and says in caught.value.message
    assert str(caught.value).startswith('mha.py:70: ')


def test_a_quote_too_many_names_the_string_and_the_line_python_stops_at():
    text = 'def f():\n    """\n    """F."""\n    return 1\n\n\ndef g():\n    """G."""\n'
    with pytest.raises(ParseError) as caught:
        parse_source(text, 'm.py')
    assert caught.value.line == 2
    assert caught.value.message.startswith('invalid syntax on line 3, after a string that opens here')


def test_a_syntax_error_after_a_good_docstring_is_named_where_it_is():
    # A string right before the mistake is not blamed when the quotes pair up.
    text = 'def f():\n    """Doc\n    more."""\n    x = (\n'
    with pytest.raises(ParseError) as caught:
        parse_source(text, 'm.py')
    assert caught.value.line == 4 and "'(' was never closed" in caught.value.message


def test_python2_source_keeps_comments_and_warns():
    text = '"""Module."""\n# Doc\nprint "hello"\ndef f():\n    """F."""\n'
    module = parse(text)
    assert [(s.kind, s.doc) for s in module.sections] == [('code', ''), ('comment', 'Doc')]
    assert module.sections[1].code == 'print "hello"\ndef f():\n    """F."""'
    ((line, message),) = module.warnings
    assert line == 3 and 'not valid Python 3' in message


def test_stray_characters_fall_back_or_are_refused():
    # Python 3.11's tokenizer lets `$` through as an error token; later ones may refuse it.
    try:
        module = parse('# Doc\nx = $y\n')
    except ParseError as error:
        assert error.line == 2
    else:
        assert kinds(module) == ['comment'] and module.warnings[0][0] == 2


def test_parse_error_survives_pickling():
    error = pickle.loads(pickle.dumps(ParseError('m.py', 3, 'bad')))
    assert (error.path, error.line, error.message, str(error)) == ('m.py', 3, 'bad', 'm.py:3: bad')


# Files


def test_parse_file_uses_the_declared_encoding(tmp_path):
    path = tmp_path / 'latin.py'
    path.write_bytes(b'# -*- coding: latin-1 -*-\n# Caf\xe9\nx = 1\n')
    module = parse_file(path)
    assert module.path == str(path) and module.sections[1].doc == 'Café'


def test_parse_file_with_bom_and_crlf(tmp_path):
    path = tmp_path / 'bom.py'
    path.write_bytes(b'\xef\xbb\xbf"""Doc."""\r\nx = 1\r\n')
    (section,) = parse_file(path).sections
    assert (section.kind, section.doc, section.code) == ('module', 'Doc.', 'x = 1')


def test_parse_file_unknown_encoding_is_an_error_at_line_one(tmp_path):
    path = tmp_path / 'bad.py'
    path.write_bytes(b'# coding: no-such-codec\nx = 1\n')
    with pytest.raises(ParseError) as caught:
        parse_file(path)
    assert caught.value.line == 1 and caught.value.path == str(path)


def test_parse_file_undecodable_bytes_name_their_line(tmp_path):
    path = tmp_path / 'bad.py'
    path.write_bytes(b"x = 1\ny = '\xff'\n")
    with pytest.raises(ParseError) as caught:
        parse_file(path)
    assert caught.value.line == 2


# Properties


def parse_or_error(text: str) -> ParsedModule | None:
    """The parser may refuse text, but only with `ParseError`; what it accepts must hold the invariant."""
    try:
        module = parse_source(text)
    except ParseError as error:
        assert 1 <= error.line <= max(1, len(source_lines(text)))
        return None
    check_invariant(module, text)
    return module


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_arbitrary_text_holds_the_invariant(text):
    parse_or_error(text)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list('#\'"\\ \t\n\r\x0c()[]:=@abdefrx\ufeff\ud800\x00')), max_size=60)
)
def test_punctuation_soup_holds_the_invariant(text):
    parse_or_error(text)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_source_lines_agree_with_splitlines_on_ordinary_text(text):
    if not any(separator in text for separator in '\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029'):
        assert source_lines(text) == text.removeprefix('\ufeff').splitlines()


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('ab \t\n\\ft$')), max_size=40))
def test_docstring_cleaning_matches_cleandoc(value):
    # The typed text is cleaned, backslashes and all (the `z` keeps a backslash off the quotes).
    lines = (value + 'z').expandtabs().split('\n')
    inner = [len(line) - len(line.lstrip()) for line in lines[1:-1] if line.strip()]
    # A last line less indented than all the others is the one place it differs (see below).
    assume(not inner or len(lines[-1]) - len(lines[-1].lstrip()) >= min(inner))
    module = parse_or_error(f'def f():\n    """{value}z"""\n')
    assert module is not None
    assert module.sections[0].doc == inspect.cleandoc(value + 'z')


def test_a_last_line_typed_less_indented_does_not_make_the_rest_code():
    source = (
        'def variance(x):\n'
        '    """\n'
        '        The variance over the features,\n'
        '        $Var[x]$, of\n'
        '          a list,\n'
        '    where the mean is given."""\n'
        '    return x\n'
    )
    doc = parse_source(source).sections[0].doc
    # cleandoc takes the last line's indentation as the margin: every other line would be code.
    assert inspect.cleandoc(source.split('"""')[1]).split('\n')[0].startswith('    The variance')
    assert doc == 'The variance over the features,\n$Var[x]$, of\n  a list,\nwhere the mean is given.'
    html = markdown.markdown(doc)
    assert '<pre>' not in html and html.startswith('<p>The variance')


# Python-like sources: markers in the text say where each line must end up.

WORDS = st.sampled_from(['alpha', 'beta #', "'q'", '"dq"', '`code`', '$x^2$', '* item', '  indented', '#'])
PROSE = st.builds(lambda words: 'PROSE ' + ' '.join(words), st.lists(WORDS, max_size=3))
PRAGMAS = st.sampled_from(
    ['# noqa', '# type: ignore', '# pragma: no cover', '# fmt: off', '# pylint: disable=x']
)
STRING_LINES = st.sampled_from(
    [
        ["s = 'NOTCOMMENT # x'"],
        ['s = f"{a!r} # NOTCOMMENT {b:>{c}}"'],
        ["s = '''", '# NOTCOMMENT', "'''"],
        ['s = ("NOTCOMMENT #" +', '     "#")'],
        ["s = 'NOTCOMMENT' \\", "    '#'"],
    ]
)
CODE_LINES = st.sampled_from([['x = 1'], ['y = x  # trailing PROSE'], ['pass'], ['z = [1,', '     2]']])


@st.composite
def docstring_lines(draw, indent: str) -> list[str]:
    """A docstring (marked DOCSTRING) or a literal that must stay code (marked CODESTRING)."""
    choice = draw(st.integers(0, 5))
    if choice == 0:
        return [f'{indent}"""DOCSTRING one line."""']
    if choice == 1:
        return [
            f'{indent}{draw(st.sampled_from(["r", ""]))}"""',
            f'{indent}DOCSTRING $\\frac{{a}}{{b}}$',
            f'{indent}# DOCSTRING not a comment',
            f'{indent}"""',
        ]
    if choice == 2:
        return [f"{indent}'''DOCSTRING", '', f"{indent}    DOCSTRING indented'''"]
    if choice == 3:
        return [f'{indent}"CODESTRING" "concatenated"']
    if choice == 4:
        return [f'{indent}"""CODESTRING"""  # trailing']
    return [f'{indent}f"CODESTRING"']


@st.composite
def definition(draw, indent: str, depth: int) -> list[str]:
    """A class or function with decorators, maybe a multi-line signature, a docstring and a body."""
    lines = []
    for _ in range(draw(st.integers(0, 2))):
        if draw(st.booleans()):
            lines += [f'{indent}@decorate(', f'{indent}    a=1,  # PROSE', f'{indent})']
        else:
            lines.append(f'{indent}@decorate')
    keyword = draw(st.sampled_from(['def', 'async def', 'class']))
    if keyword == 'class' or draw(st.booleans()):
        lines.append(f'{indent}{keyword} Name(a):' if keyword == 'class' else f'{indent}{keyword} f(a):')
    else:
        lines += [f'{indent}{keyword} f(a,', f'{indent}      # HEADER', f'{indent}      b):']
    inner = indent + '    '
    if draw(st.booleans()):
        lines.append(f'{inner}# HEADER')
    if draw(st.integers(0, 3)):
        lines += draw(docstring_lines(inner))
    lines += draw(body(inner, depth + 1))
    lines.append(f'{inner}pass')
    return lines


@st.composite
def body(draw, indent: str, depth: int) -> list[str]:
    """A run of statements, comments and blank lines at one indentation."""
    pieces = [
        PROSE.map(lambda text: [f'{indent}# {text}']),
        st.just([f'{indent}#']),
        PRAGMAS.map(lambda text: [indent + text]),
        st.sampled_from([[''], ['   '], ['\x0c']]),
        STRING_LINES.map(lambda lines: [indent + lines[0]] + [indent + line for line in lines[1:]]),
        CODE_LINES.map(lambda lines: [indent + line for line in lines]),
        st.just([f'{indent}if x:', f'{indent}    """CODESTRING in a branch"""']),
    ]
    if depth < 3:
        pieces += [definition(indent, depth)] * 3
    lines: list[str] = []
    for piece in draw(st.lists(st.one_of(pieces), max_size=6)):
        lines += piece
    return lines


@st.composite
def python_sources(draw) -> tuple[str, bool]:
    """A source and whether it was left intact (markers are only promises for intact sources)."""
    lines = []
    if draw(st.booleans()):
        lines.append('#!/usr/bin/env python')
    if draw(st.booleans()):
        lines.append('# -*- coding: utf-8 -*-')
    if draw(st.booleans()):
        front = ['---', 'title: T', '---', ''] if draw(st.booleans()) else []
        lines += ['"""'] + front + ['DOCSTRING module', '"""']
    lines += draw(body('', 0))
    intact = draw(st.integers(0, 2)) != 0
    if not intact and lines:
        index = draw(st.integers(0, len(lines) - 1))
        mutation = draw(st.sampled_from(['drop', 'cut', 'indent']))
        if mutation == 'drop':
            del lines[index]
        elif mutation == 'cut':
            lines[index] = lines[index][: draw(st.integers(0, len(lines[index])))]
        else:
            lines[index] = '  ' + lines[index]
    newline = draw(st.sampled_from(['\n', '\n', '\r\n', '\r']))
    text = newline.join(lines) + (newline if draw(st.booleans()) else '')
    if draw(st.integers(0, 9)) == 0:
        text = '\ufeff' + text
    return text, intact


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(python_sources())
def test_python_like_sources_hold_the_invariant(case):
    text, intact = case
    module = parse_or_error(text)
    if module is None or not intact:
        return
    lines = source_lines(text)
    assert not [w for w in module.warnings if 'in a docstring that is not raw' not in w[1]]
    ast.parse(text.lstrip('\ufeff'))
    doc_rows = {row for section in module.sections for row in section.doc_lines}
    code_rows = {row for section in module.sections for row in section.code_lines}
    for row, line in enumerate(lines, start=1):
        tool_comment = line.lstrip().startswith(('# noqa', '# type:', '#!'))
        if 'NOTCOMMENT' in line or 'CODESTRING' in line or tool_comment:
            assert row in code_rows, (row, line)
        elif 'DOCSTRING' in line or line.lstrip().startswith('# PROSE'):
            assert row in doc_rows, (row, line)
    # With or without an `r` prefix, the math reads as typed.
    docs = '\n'.join(section.doc for section in module.sections)
    assert docs.count('DOCSTRING $\\frac{a}{b}$') == text.count('DOCSTRING $\\frac{a}{b}$')
    check_headers(module, lines, ast.parse(text.lstrip('\ufeff')))


def check_headers(module: ParsedModule, lines: list[str], tree: ast.Module) -> None:
    """
    A header is shown beside the documentation that opens its body, or a comment right above it.

    Documentation opening the body: the docstring, or else the first prose comment after the header's
    first line and before the body's first statement.
    """
    section_of = {row: i for i, s in enumerate(module.sections) for row in s.doc_lines + s.code_lines}

    def is_prose(row: int) -> bool:
        text = lines[row - 1].strip()
        tool = text.startswith(('#!', '# -*- coding', '# noqa', '# type:', '# pragma', '# fmt', '# pylint'))
        return text.startswith('#') and not tool

    def indent(row: int) -> int:
        return len(lines[row - 1]) - len(lines[row - 1].lstrip())

    def comment_above(start: int) -> int | None:
        row = start - 1
        while row and (
            not lines[row - 1].strip() or (lines[row - 1].lstrip()[:1] == '#' and not is_prose(row))
        ):
            row -= 1
        return row if row and is_prose(row) and indent(row) <= indent(start) else None

    for node in ast.walk(tree):
        if not isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        start = min([node.lineno] + [d.lineno for d in node.decorator_list])
        first = node.body[0]
        body = min([first.lineno] + [d.lineno for d in getattr(first, 'decorator_list', [])])
        docstring = isinstance(first, ast.Expr) and body in module.sections[section_of[body]].doc_lines
        if docstring:
            opening = body
        else:
            prose = next((row for row in range(start + 1, body) if is_prose(row)), None)
            if prose is None:
                continue
            opening = comment_above(start) or prose
        assert section_of[start] == section_of[opening], (start, opening, lines[start - 1])


# The standard library


def stdlib_files() -> list[Path]:
    root = Path(sysconfig.get_paths()['stdlib'])
    return sorted(path for path in root.rglob('*.py') if 'site-packages' not in path.relative_to(root).parts)


def check_file(path: Path) -> tuple[str, str]:
    """`('ok' | 'comments only' | 'refused' | 'failed', detail)` for one file; runs in a worker process."""
    try:
        module = parse_file(path)
    except ParseError as error:
        return 'refused', str(error)
    except Exception as error:  # noqa: BLE001 - anything else is the failure being looked for
        return 'failed', f'{path}: {type(error).__name__}: {error}'
    data = path.read_bytes()
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    try:
        check_invariant(module, data.decode(encoding))
    except AssertionError as error:
        return 'failed', f'{path}: invariant broken: {error}'
    if any('not valid Python 3' in message for _, message in module.warnings):
        return 'comments only', str(path)
    return 'ok', str(path)


@pytest.mark.slow
def test_every_standard_library_file(record_property):
    files = stdlib_files()
    workers = min(os.cpu_count() or 1, 4)
    if workers > 1 and 'fork' in multiprocessing.get_all_start_methods():
        with multiprocessing.get_context('fork').Pool(workers) as pool:
            results = pool.map(check_file, files, chunksize=8)
    else:
        results = [check_file(path) for path in files]
    outcomes: dict[str, list[str]] = {}
    for outcome, detail in results:
        outcomes.setdefault(outcome, []).append(detail)
    checked = len(outcomes.get('ok', [])) + len(outcomes.get('comments only', []))
    refused = outcomes.get('refused', [])
    record_property('stdlib_files_checked', checked)
    print(
        f'\n{checked} standard library files checked '
        f'({len(outcomes.get("comments only", []))} as comments only), {len(refused)} refused'
    )
    assert not outcomes.get('failed'), '\n'.join(outcomes['failed'][:10])
    assert checked > 500
    assert len(refused) < 20, '\n'.join(refused)


_TRICKY = [
    'x = "héllo"  # cömment\nif x:\n    y = (1,  # in brackets\n      2)  # c2\n\n# full line\n',
    '"""doc"""#comment right after\n"""doc"""  # after spaces\n"""doc"""\n',
    'def f():\n    """Docstring."""\n    return (  # a\n        1  # b\n    )\n',
    'async def f():\n    await x  # await\n\tpass\n',
    'x = 1 + \\\n    2  # continued\ny = "a" \\\n    "b"\n',
    'x = """a\nmulti-liné\nstring"""  # after\n\f# a form feed\n',
    "s = f'{x!r:>{w}}' + rb'\\x00' + u'ü'  # prefixes\n",
    '# only a comment, no newline at the end',
    '"""A module docstring with no newline at the end"""',
    'class A:\n    pass\n        # comment deeper than the code\n# and shallower\n',
    'λ = 1\nπ_2 = λ  # ünïcode names\n',
    'x󠄀 = 4  # a name tokenize reads otherwise\n',
    'a = [\n    1,\n\n    # blank line above\n]\n',
    '@decorator  # on a decorator\ndef g(): ...\n',
    'x = 1_000 + 0x_ff + 1e-3j + .5 + 5.  # numbers\n',
]


@pytest.mark.skipif(
    sys.version_info[:2] != (3, 11), reason="CPython's tokenizer is read only where tokenize is slow"
)
def test_valid_python_is_read_by_the_c_tokenizer_as_tokenize_reads_it():
    """The comments, docstring candidates and token spans read from CPython's own tokenizer (and
    the comments between its tokens) are those `tokenize` gives, for every source of the project,
    the standard library's and made-up tricky ones; a name `tokenize` reads otherwise is left to it."""
    from sitegen.reading import parse

    texts = _TRICKY + [p.read_text() for p in sorted(ROOT.rglob('*.py')) if '.venv' not in p.parts]
    texts += [p.read_text() for p in sorted(Path(sysconfig.get_paths()['stdlib']).glob('*.py'))[:200]]
    read = 0
    for text in texts:
        text = parse._normalize(text)
        lines = parse._split(text)
        if '\0' in text or parse._syntax_tree(text, []) is None:
            continue
        fast = parse._valid_tokens(text, lines)
        if fast is None:
            assert '󠄀' in text  # the one name tokenize reads otherwise
            continue
        read += 1
        slow = parse._scan_tokens(text, lines, 'x.py')
        assert (fast.comments, fast.strings, list(fast.spans)) == (
            slow.comments,
            slow.strings,
            list(slow.spans),
        ), text[:200]
    assert read > 300


def test_a_deeply_nested_expression_is_shown_with_a_warning(project, capsys):
    (project / 'pkg' / 'deep.py').write_text('"""# Deep"""\nx = ' + '+'.join(['1'] * 20000) + '\n')
    code, err = build_and_read(project, capsys)
    assert code == 0 and 'pkg/deep.py:1: cannot build a syntax tree (RecursionError)' in err
    assert (project / 'out' / 'deep.html').exists()


def test_a_docstring_whose_last_line_is_outdented_is_text_not_code(labml_style_site):
    variance = section_of(labml_style_site['norms/layer_norm.html'], 'The variance over the features')
    doc = docs(variance)[0]
    assert (
        '<pre' not in doc
        and '<p>The variance over the features,' in doc
        and 'where the mean is given.</p>' in doc
    )


def test_the_title_comes_from_a_docstring_after_shebang_and_coding_lines(labml_style_site):
    assert (
        labml_style_site['norms/layer_norm.py'.replace('.py', '.html')].count('<title>Layer Normalization · ')
        == 1
    )


def test_definitions_sit_with_the_comment_that_documents_them(literate_project):
    assert literate_run(literate_project) == 0
    model = (literate_project / 'site' / 'model.html').read_text()
    scale = section_of(model, 'keeps the dot products from growing')
    assert re.findall(r'data-n="(\d+)"', scale)[:4] == ['35', '36', '37', '38']  # decorator and signature
    assert '@staticmethod' in scale
    call = section_of(model, 'Dot products of the query with every key')
    assert re.findall(r'data-n="(\d+)"', call) == ['42', '44']
    attention = section_of(model, '<h2>Attention</h2>')
    assert 'def-Attention.scale' not in attention and 'def-Attention.__call__' not in attention


def test_tex_mangled_by_a_non_raw_docstring_is_named_with_its_line_and_the_fix(tmp_path, capsys):
    package(tmp_path)
    (tmp_path / 'notes' / 'model.py').write_text(
        '"""\n# Model\n\nA \\\\frac is fine, so is $\\\\beta$.\n\n\\begin{align}\na &= \\frac{1}{2}\n\\end{align}\n"""\n'
        '\n\ndef f():\n    r"""Raw: $\\theta$ is kept."""\n    return 1\n'
    )
    assert run(tmp_path, 'build') == 0
    err = capsys.readouterr().err
    assert (
        'warning: notes/model.py:6: \\begin (and 1 more) in a docstring that is not raw: Python reads '
        '\\b as a backspace' in err
    )
    assert 'r"""..."""' in err
    assert err.count('in a docstring that is not raw') == 1  # `\\frac` (escaped) and the raw one are fine
