"""
Tests of `sitegen.reading.docstrings`: field lists become Markdown lists, checked on the HTML that
Python-Markdown makes of the result, the way a reader sees it.
"""

from __future__ import annotations

import re
import textwrap

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import literate_run, section_of
from sitegen.building.build import build
from sitegen.doc import MARKER
from sitegen.errors import UsageError
from sitegen.reading.config import load_config
from sitegen.reading.docstrings import fields_to_markdown as convert
from sitegen.reading.math import protect_math


def fields_to_markdown(text: str) -> str:
    """The tests below read Sphinx-style prose, in the `colon` style; `plain` is tested at the end."""
    return convert(text, 'colon')


def html(text: str) -> str:
    return markdown.markdown(text, extensions=['tables', 'fenced_code'])


def items(text: str) -> list[str]:
    """The inner HTML of each list item the converted text renders to."""
    return re.findall(r'<li>(.*?)</li>', html(fields_to_markdown(text)), re.S)


def test_parameters_become_one_item_each_with_the_name_as_code():
    text = 'Linear transform.\n\n:param x: the input\n:param heads: number of heads\n'
    rendered = html(fields_to_markdown(text))
    assert rendered.count('<ul>') == 1 and rendered.startswith('<p>Linear transform.</p>\n<ul>')
    assert items(text) == ['<code>x</code>: the input', '<code>heads</code>: number of heads']


def test_a_list_right_after_a_paragraph_line_gets_its_blank_line():
    text = 'Linear transform.\n:param x: the input\n:return: the output'
    assert fields_to_markdown(text) == 'Linear transform.\n\n- `x`: the input\n- **Returns:** the output'
    assert html(fields_to_markdown(text)).startswith('<p>Linear transform.</p>\n<ul>\n<li>')
    # Without the conversion, a reader gets one run-on paragraph.
    assert '<ul>' not in html(text)


@pytest.mark.parametrize(
    ('field', 'item'),
    [
        (':param x: text', '<code>x</code>: text'),
        (':parameter x: text', '<code>x</code>: text'),
        (':arg x: text', '<code>x</code>: text'),
        (':argument x: text', '<code>x</code>: text'),
        (':key x: text', '<code>x</code>: text'),
        (':keyword x: text', '<code>x</code>: text'),
        (':param int x: text', '<code>x</code> (<code>int</code>): text'),
        (':param dict(str, int) mapping: text', '<code>mapping</code> (<code>dict(str, int)</code>): text'),
        (':param *args: text', '<code>*args</code>: text'),
        (':param `x`: text', '<code>x</code>: text'),
        (':ivar x: text', '<code>x</code>: text'),
        (':cvar x: text', '<code>x</code>: text'),
        (':var x: text', '<code>x</code>: text'),
        (':type x: Optional[int]', '<strong>Type of</strong> <code>x</code>: Optional[int]'),
        (':return: text', '<strong>Returns:</strong> text'),
        (':returns: text', '<strong>Returns:</strong> text'),
        (':rtype: torch.Tensor', '<strong>Return type:</strong> torch.Tensor'),
        (':yield: text', '<strong>Yields:</strong> text'),
        (':yields: text', '<strong>Yields:</strong> text'),
        (':raises ValueError: text', '<strong>Raises</strong> <code>ValueError</code>: text'),
        (':raise ValueError: text', '<strong>Raises</strong> <code>ValueError</code>: text'),
        (':except KeyError: text', '<strong>Raises</strong> <code>KeyError</code>: text'),
        (':exception KeyError: text', '<strong>Raises</strong> <code>KeyError</code>: text'),
        (':raises: text', '<strong>Raises:</strong> text'),
        (':param x:', '<code>x</code>'),
        (':returns:', '<strong>Returns:</strong>'),
    ],
)
def test_each_kind_of_field(field, item):
    assert items(f'Doc.\n\n{field}') == [item]


def test_indented_continuation_lines_join_their_field():
    text = (
        ':param x: the input of shape\n'
        '    `[seq_len, batch_size, d_model]`\n'
        '    and more\n'
        ':return: the output,\n'
        '  normalized\n'
    )
    assert items(text) == [
        '<code>x</code>: the input of shape <code>[seq_len, batch_size, d_model]</code> and more',
        '<strong>Returns:</strong> the output, normalized',
    ]


def test_text_on_the_next_line_only():
    assert items(':return:\n    the output') == ['<strong>Returns:</strong> the output']


def test_fields_separated_by_blank_lines_are_one_tight_list():
    rendered = html(fields_to_markdown(':param a: first\n\n:param b: second\n'))
    assert rendered == '<ul>\n<li><code>a</code>: first</li>\n<li><code>b</code>: second</li>\n</ul>'


def test_an_indented_paragraph_after_a_blank_line_stays_in_its_field():
    text = ':param a: first\n\n    second paragraph\n:param b: other\n'
    rendered = html(fields_to_markdown(text))
    assert rendered.count('<li>') == 2 and '<pre>' not in rendered
    first, second = items(text)
    assert first == '\n<p><code>a</code>: first</p>\n<p>second paragraph</p>\n'
    assert second == '\n<p><code>b</code>: other</p>\n'


def test_text_after_the_list_is_its_own_paragraph():
    text = ':param x: the input\nSee the paper.'
    assert html(fields_to_markdown(text)) == (
        '<ul>\n<li><code>x</code>: the input</li>\n</ul>\n<p>See the paper.</p>'
    )


def test_math_in_field_text_is_left_to_the_math_stage():
    text = 'Doc.\n\n:param x: $x \\in \\mathbb{R}^d$, the input\n    with $\\frac{1}{2}$\n:return: $$y$$'
    protected, maths = protect_math(fields_to_markdown(text))
    assert [(m.tex, m.display) for m in maths] == [
        ('x \\in \\mathbb{R}^d', False),
        ('\\frac{1}{2}', False),
        ('y', True),
    ]
    numbers = [MARKER.findall(item) for item in re.findall(r'<li>(.*?)</li>', html(protected), re.S)]
    assert numbers == [['0', '1'], ['2']]


def test_escaped_dollar_stays_as_typed():
    assert fields_to_markdown(':param price: in \\$') == '- `price`: in \\$'


def test_other_markdown_is_untouched():
    rest = (
        '# Title\n\n'
        'A paragraph with `code`, $x$ and a [link](a.html).\n\n'
        '* a list\n* of things\n\n'
        '| a | b |\n|---|---|\n| 1 | 2 |\n'
    )
    assert fields_to_markdown(rest) == rest
    converted = html(fields_to_markdown(rest + '\n:param x: the input\n'))
    assert converted == html(rest) + '\n<ul>\n<li><code>x</code>: the input</li>\n</ul>'


def test_fields_in_fenced_code_are_left_alone():
    text = (
        'Example:\n\n```python\n:param x: in a fence\n```\n\n~~~~\n:return: too\n~~~\n:rtype: still\n~~~~\n'
    )
    assert fields_to_markdown(text) == text
    assert '<li>' not in html(fields_to_markdown(text))


def test_fields_in_an_indented_code_block_are_left_alone():
    text = 'Example:\n\n    :param x: in code\n    :return: in code\n'
    assert fields_to_markdown(text) == text
    assert '<pre><code>:param x: in code' in html(fields_to_markdown(text))


def test_a_field_after_a_fence_is_converted():
    assert items('```\ncode\n```\n:param x: y') == ['<code>x</code>: y']


@pytest.mark.parametrize(
    'text',
    [
        ':smile: an emoji',
        ':return:glued to the text',
        ':param: no name',
        ':returns int: a name where none goes',
        ':type: no name',
        ':math:`x` a role',
        'text :param x: inside a line',
        '\t:param x: a tab is code',
        '    :param x: four spaces are code',
        # Google-style sections that cannot be read as one
        'Args:\n    not an entry\n    x: y\n',
        'Args:\n    x: y\n  z: less indented than the entries\n',
        'Returns:\n',
        'Returns:\n\n    after a blank line\n',
        'Note:\n    Be careful.\n  less indented than its first line\n',
        'args:\n    x: a header is written capitalised\n',
        '    Args:\n        x: four spaces are code\n',
    ],
)
def test_lines_that_only_look_like_fields_stay(text):
    assert fields_to_markdown(text) == text


def test_output_is_deterministic_and_stable():
    text = 'Doc.\n:param a: one\n    more\n\n:param b: two\n\n    again\n:return: r\nAfter.'
    once = fields_to_markdown(text)
    assert fields_to_markdown(text) == once and fields_to_markdown(once) == once


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(':`~$\\ \t\nparmetuyx')), max_size=80))
def test_any_text_converts_without_error_and_converts_once(text):
    once = fields_to_markdown(text)
    assert fields_to_markdown(once) == once
    if not re.search(r'^ {0,3}:[A-Za-z]', text, re.M):
        assert once == text


NAMES = st.sampled_from(['x', 'heads', 'd_model', '*args'])
TEXTS = st.sampled_from(['the input', '$x^2$ squared', 'a `code` span', '$\\frac{a}{b}$ and $c$', ''])


@st.composite
def field_lists(draw) -> str:
    lines = [draw(st.sampled_from(['Doc.', 'Doc $y$.', '']))]
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(['param', 'return', 'raises', 'type']))
        name = '' if kind == 'return' else ' ' + draw(NAMES)
        lines.append(f':{kind}{name}: {draw(TEXTS)}'.rstrip())
        for _ in range(draw(st.integers(0, 2))):
            lines.append(draw(st.sampled_from(['    ', '  ', '\t'])) + draw(TEXTS))
        if draw(st.booleans()):
            lines.append('')
    lines.append(draw(st.sampled_from(['', 'After $z$.'])))
    return '\n'.join(lines)


@settings(max_examples=300, deadline=None)
@given(field_lists())
def test_formulas_survive_the_conversion(text):
    before = [m.tex for m in protect_math(text)[1]]
    after = [m.tex for m in protect_math(fields_to_markdown(text))[1]]
    assert after == before
    assert html(fields_to_markdown(text)).count('<ul>') == 1


def test_the_default_style_reads_a_field_as_a_sentence_about_its_name():
    text = ':param x: is the input\n:param int n: is how many\n:raises ValueError: when it is empty\n:return: the sum'
    assert html(convert(text)) == (
        '<ul>\n<li><code>x</code> is the input</li>\n<li><code>n</code> (<code>int</code>) is how many</li>\n'
        '<li><strong>Raises</strong> <code>ValueError</code> when it is empty</li>\n'
        '<li><strong>Returns:</strong> the sum</li>\n</ul>'
    )
    assert convert(text, 'colon').startswith('- `x`: is the input')


def test_fields_read_as_sentences_about_their_names(labml_style_site):
    items = re.findall(r'<li>(.*?)</li>', section_of(labml_style_site['optim.html'], 'One step</h'), re.S)
    names = ['theta', 'velocity', 'g', 'alpha', 'mu']
    assert [re.sub('<[^>]+>', '', i).split(' ', 1)[0] for i in items] == names
    assert all(re.match(r'<code class="highlight">.*?</code> is the ', i) for i in items)
    assert not any('</code>:' in i for i in items)


def test_the_colon_style_is_a_setting(labml_style_project):
    config = labml_style_project / 'pyproject.toml'
    config.write_text(config.read_text() + 'field_style = "colon"\n')
    result = build(load_config(labml_style_project), ('en',), jobs=1)
    page = result.files['optim.html'].decode()
    assert '</code>: is the gradient' in page
    config.write_text(config.read_text().replace('"colon"', '"colons"'))
    with pytest.raises(UsageError, match="field_style must be one of 'plain', 'colon', not 'colons'"):
        load_config(labml_style_project)


def test_field_lists_read_as_lists_with_names_as_code(literate_project):
    assert literate_run(literate_project) == 0
    model = (literate_project / 'site' / 'model.html').read_text()
    attention = section_of(model, '<h2>Attention</h2>')
    items = re.findall(r'<li>(.*?)</li>', attention, re.S)
    assert len(items) == 5
    assert re.match(r'<code class="highlight">.*d_model.*</code>: the number of features', items[0])
    assert 'which is split between the heads' in items[0]  # the continuation line joined its field
    assert items[3] == '<strong>Returns:</strong> nothing; this is a constructor'
    assert items[4].startswith('<strong>Raises</strong> <code class="highlight">')
    assert 'class="katex"' in items[2]  # math inside a field is typeset


GOOGLE = """Add two numbers.

Args:
    x (int): the first,
        on two lines.
    *args: more of them.

Returns:
    The sum.

    Or its first term.
Raises:
    ValueError: when empty.
After."""


def test_google_sections_become_a_labelled_list_or_a_labelled_paragraph():
    once = convert(GOOGLE)
    assert html(once) == (
        '<p>Add two numbers.</p>\n<p><strong>Args:</strong></p>\n<ul>\n'
        '<li><code>x</code> (<code>int</code>): the first, on two lines.</li>\n'
        '<li><code>*args</code>: more of them.</li>\n</ul>\n'
        '<p><strong>Returns:</strong> The sum.</p>\n<p>Or its first term.</p>\n'
        '<p><strong>Raises:</strong></p>\n<ul>\n<li><code>ValueError</code>: when empty.</li>\n</ul>\n'
        '<p>After.</p>'
    )
    assert convert(once) == once
    assert convert(GOOGLE, 'colon') == once  # the colon is the author's own


def test_an_entry_with_a_paragraph_of_its_own_makes_the_list_loose():
    text = 'Args:\n  x: one\n  y: two\n\n    and more about y.\n'
    assert re.findall(r'<li>(.*?)</li>', html(convert(text)), re.S) == [
        '\n<p><code>x</code>: one</p>\n',
        '\n<p><code>y</code>: two</p>\n<p>and more about y.</p>\n',
    ]


def test_google_examples_and_notes_are_a_label_over_their_text():
    text = 'Add.\n\nExample:\n    >>> add(1, 2)\n    3\n\n    More text.\nAfter.'
    assert html(convert(text)) == (
        '<p>Add.</p>\n<p><strong>Example:</strong></p>\n'
        '<pre><code class="language-pycon">&gt;&gt;&gt; add(1, 2)\n3\n</code></pre>\n<p>More text.</p>\n<p>After.</p>'
    )
    assert convert(convert(text)) == convert(text)
    # Its text is read in the page's field style.
    assert '<code>x</code>: the input' in html(convert('Note:\n    :param x: the input\n', 'colon'))


def add_section(project, name: str, docstring: str) -> str:
    """The section of `add`, whose docstring is `docstring`, on the page of a new source `name`."""
    (project / 'pkg' / 'sub' / f'{name}.py').write_text(
        f'"""\n# {name}\n"""\n\n\ndef add(x, y):\n    """\n{textwrap.indent(docstring, "    ")}    """\n'
        '    return x + y\n'
    )
    page = build(load_config(project), ('en',), jobs=1).files[f'sub/{name}.html'].decode()
    return section_of(page, '<p>Add.</p>')


def test_a_google_docstring_reads_as_lists_on_its_page(project):
    docstring = 'Add.\n\nArgs:\n    x (int): the first\n    y: the second\n\nReturns:\n    The sum.\n'
    add = add_section(project, 'google', docstring)
    assert '<p><strong>Args:</strong></p>' in add and '<p><strong>Returns:</strong> The sum.</p>' in add
    items = re.findall(r'<li>(.*?)</li>', add, re.S)
    assert [re.sub('<[^>]+>', '', i) for i in items] == ['x (int): the first', 'y: the second']


NUMPY = """Add two numbers.

Parameters
----------
x : int
    The first,
    on two lines.
*args
    More of them.

Returns
-------
int
    The sum.

Notes
-----
Some notes."""


def test_numpy_sections_become_labelled_lists():
    once = convert(NUMPY)
    assert html(once) == (
        '<p>Add two numbers.</p>\n<p><strong>Parameters:</strong></p>\n<ul>\n'
        '<li><code>x</code> (<code>int</code>): The first, on two lines.</li>\n'
        '<li><code>*args</code>: More of them.</li>\n</ul>\n'
        '<p><strong>Returns:</strong></p>\n<ul>\n<li><code>int</code>: The sum.</li>\n</ul>\n'
        '<p><strong>Notes:</strong></p>\n<p>Some notes.</p>'
    )
    assert convert(once) == once


@pytest.mark.parametrize(
    'text',
    [
        'Parameters\n----------\nx : int\n    The input.\n\nA sentence that is no entry.',
        'Parameters\n---\n  x : less indented than the header would need\n y : int\n',
        'Returns\n-------\n',
        'Examples\n--------\n>>> add(1, 2)\n3',
    ],
)
def test_a_numpy_header_is_a_label_where_its_entries_cannot_be_read(text):
    header = text.split('\n', 1)[0]
    rendered = html(convert(text))
    assert '<h2>' not in rendered and f'<strong>{header}:</strong>' in rendered


def test_a_heading_of_another_name_stays_a_heading():
    text = 'Summary\n-------\nText.\n'
    assert convert(text) == text and '<h2>Summary</h2>' in html(text)


def test_a_numpy_docstring_reads_as_lists_on_its_page(project):
    docstring = (
        'Add.\n\nParameters\n----------\nx : int\n    the first\ny : int\n    the second\n\n'
        'Returns\n-------\nint\n    The sum.\n'
    )
    add = add_section(project, 'numpy_style', docstring)
    assert '<h2' not in add and '<p><strong>Parameters:</strong></p>' in add
    items = re.findall(r'<li>(.*?)</li>', add, re.S)
    assert [re.sub('<[^>]+>', '', i) for i in items] == [
        'x (int): the first',
        'y (int): the second',
        'int: The sum.',
    ]


def test_a_doctest_is_python_console_code_not_nested_quotes():
    text = 'Examples\n--------\n>>> add(1, 2)\n3\n>>> add(\n...     1, 2)\n3\n\nAfter.'
    assert html(convert(text)) == (
        '<p><strong>Examples:</strong></p>\n<pre><code class="language-pycon">&gt;&gt;&gt; add(1, 2)\n3\n'
        '&gt;&gt;&gt; add(\n...     1, 2)\n3\n</code></pre>\n<p>After.</p>'
    )
    assert convert(convert(text)) == convert(text)
    for stays in ('>>>no space', 'Example:\n\n    >>> four spaces are code already\n', 'a >>> b'):
        assert convert(stays) == stays


def test_a_doctest_on_its_page_is_highlighted_as_a_console(project):
    add = add_section(project, 'doctest_style', 'Add.\n\n>>> add(1, 2)\n3\n')
    assert '<blockquote>' not in add
    assert '<span class="gp">&gt;&gt;&gt; </span>' in add and '<span class="go">3</span>' in add
