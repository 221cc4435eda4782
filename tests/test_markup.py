"""Documentation rendering: math protection, KaTeX, fragments and their cache keys."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import run, section_of
from sitegen.pages.language import url_resolver
from sitegen.pages.markup import render_markdown
from sitegen.reading.math import katex, protect_math
from sitegen.translation.catalog import normalise

ROOT = Path(__file__).resolve().parents[1]

RESOLVE = url_resolver('sub/page.html', 'en', frozenset())  # static: is ../static/ from here


def render(text: str):
    return render_markdown(
        protect_math(text),
        lambda tex, display: katex().typeset(tex, display),
        lambda target: f'https://colab.example/{target}',
    )


def test_inline_and_display_math_are_found_outside_code():
    text, found = protect_math('a $x^2$ b\n\n$$\\frac{1}{2}$$\n\n`$not$` and\n```\n$no$\n```\n')
    assert [(m.tex, m.display) for m in found] == [('x^2', False), ('\\frac{1}{2}', True)]
    assert '`$not$`' in text and '$no$' in text


def test_dollar_amounts_and_escaped_dollars_stay_text():
    text, found = protect_math(r'costs $5 and $10, or \$3')
    assert found == []
    fragment = render(r'costs $5 and $10, or \$3')
    assert fragment.html(RESOLVE) == '<p>costs $5 and $10, or $3</p>\n'


def test_math_is_typeset_with_mathml_for_screen_readers():
    html = render('Scale by $\\frac{1}{\\sqrt{d_k}}$.').html(RESOLVE)
    assert 'class="katex"' in html and '<math' in html and 'annotation encoding="application/x-tex"' in html


def test_invalid_latex_is_reported_and_shown_as_an_error():
    fragment = render('bad $\\frac{1}{$ here')
    ((formula, message),) = fragment.math_errors
    assert formula.tex == '\\frac{1}{'
    assert 'KaTeX parse error' in message
    assert 'class="math-error"' in fragment.html(RESOLVE)


def test_key_numbers_placeholders_in_order_of_appearance_and_fill_restores_them():
    fragment = render('Shape `[seq_len, d]` for $Q$ and ![alt](static:img.svg) then `x`')
    key = fragment.key(RESOLVE)
    assert key.count('<span translate=no>') == 4
    for i in range(4):
        assert f'_^_{i}_^_' in key
    assert key.index('_^_0_^_') < key.index('_^_1_^_') < key.index('_^_2_^_') < key.index('_^_3_^_')
    # A translation may reorder placeholders; each comes back as the original piece.
    translated = '<p>' + ' '.join(f'<span translate=no>_^_{i}_^_</span>' for i in (3, 2, 1, 0)) + '</p>'
    filled = fragment.fill(translated, RESOLVE, RESOLVE)
    assert filled.index('class="katex"') < filled.index('<code class="highlight"><span class="p">[')
    assert 'src="../static/img.svg"' in filled


def test_inline_code_is_highlighted_and_escaped():
    html = render('Use `a < b and "</code>"`').html(RESOLVE)
    assert '<code class="highlight">' in html
    assert '&lt;' in html and '</code>"' not in html


def test_links_are_collected_and_special_schemes_resolved():
    fragment = render('[m](models.html#Encoder) [w](https://x.org) [c](colab:nb.ipynb) <a id="Here"></a>')
    assert fragment.links == ('models.html#Encoder',)
    assert 'href="https://colab.example/nb.ipynb"' in fragment.html(RESOLVE)
    assert fragment.anchors == ('Here',)


@pytest.mark.parametrize(
    'a, b',
    [
        ('<p> <a id="MHA"></a></p>\n<h2>X</h2>', '<p><a id="MHA"></a></p><h2>X</h2>'),
        ('<p>Linear transform </p>\n', '<p>Linear transform</p>'),
        ('<ul><li>a\n b</li></ul>', '<ul>\n<li>a b</li>\n</ul>\n'),
        # Character references and the characters they stand for, as other tools write them.
        ("<p>It's</p>", '<p>It&#x27;s</p>'),
        ("<p>It's</p>", '<p>It&#39;s</p>'),
        ('<p>"a" &amp; b</p>', '<p>&quot;a&quot; &#38; b</p>'),
        ('<p>A & B</p>', '<p>A &amp; B</p>'),
        # Attribute quoting.
        ('<span translate=no>_^_0_^_</span>', '<span translate="no">_^_0_^_</span>'),
        ('<a href="x.html">x</a>', "<a href='x.html'>x</a>"),
        ('<a href="x.html?a=1&amp;b=2">x</a>', "<a href='x.html?a=1&b=2'>x</a>"),
    ],
)
def test_normalised_keys_ignore_how_the_same_html_is_written(a, b):
    assert normalise(a) == normalise(b)


@pytest.mark.parametrize(
    'a, b',
    [
        ('<p>a b</p>', '<p>ab</p>'),
        ('<p>1 &lt; 2</p>', '<p>1 &gt; 2</p>'),
        ('<p>&lt;b&gt;x&lt;/b&gt;</p>', '<p><b>x</b></p>'),
        ('<a href="x.html">x</a>', '<a href="y.html">x</a>'),
    ],
)
def test_different_html_stays_a_different_key(a, b):
    assert normalise(a) != normalise(b)


def test_punctuation_touching_inline_math_is_held_on_its_line_in_every_language():
    from sitegen.doc import CLOSE, OPEN, Fragment

    math, code = '<span class="katex">x</span>', '<code class="highlight">y</code>'
    fragment = Fragment(f'<p>a ({OPEN}0{CLOSE}), {OPEN}1{CLOSE}, ({OPEN}0{CLOSE} b</p>\n', (math, code))
    assert fragment.html(str) == (
        f'<p>a <span class="nowrap">({math})</span>, {code}, <span class="nowrap">({math}</span> b</p>\n'
    )
    # The key a translator sees has no trace of it; the translated page has it around its own marks.
    assert 'nowrap' not in fragment.key(str)
    value = '<p>甲（<span translate=no>_^_0_^_</span>）、<span translate=no>_^_1_^_</span>。</p>'
    assert fragment.fill(value, str, str) == f'<p>甲<span class="nowrap">（{math}）</span>、{code}。</p>'


def _texts(seed: int, count: int) -> list[str]:
    """Comment-like texts made of words, punctuation, digits, dashes, spaces, line breaks, code,
    links, headings and math, the pieces that decide whether Markdown sees a paragraph, a list, a
    heading, a link or a code block."""
    import random

    rng = random.Random(seed)
    pieces = (
        'word Word naïve 42 3. - -- --- , . ; : ( ) ? / 1. = * _ __ # ## ####### > snake_case _private trailing_'
        ' `x` `a_b` `<T>&` ` `` [ ] ( ) [link](a.html) [a `b`](c/d_e.html#f) [x](<y>) [x]( y) ![i](p.png)'
    ).split()
    pieces += [
        ' ',
        '  ',
        '    ',
        "'",
        '"',
        '\n',
        '\n',
        '\n\n',
        '\n\n\n',
        '1. ',
        '- ',
        '\n# ',
        '\n## ',
        '# ',
        ' #',
    ]
    pieces += ['\ue0000\ue001', '\ue002', '<a id="a_b"></a>', '\n<a id="x"></a>\n', '<a id="x">', '\t', '\\']
    pieces += [
        '\n* ',
        '\n- ',
        '\n+ ',
        '\n*  ',
        '\n  ',
        '\n   ',
        '\n ',
        '\n* - ',
        '\n* 1. ',
        '\n- - -',
        '\n* * *',
    ]
    return [''.join(rng.choice(pieces) for _ in range(rng.randint(1, 30))) for _ in range(count)]


def test_simple_text_is_rendered_as_markdown_renders_it():
    """Text taken as paragraphs and headings with code, links and math, without Markdown, gives
    what Markdown gives, byte for byte; text that could be anything else (a list, a quote, code,
    emphasis, raw HTML) goes to Markdown. Random texts, and every text of labml_nn."""
    from sitegen.pages import markup
    from sitegen.reading import parse

    def markdown(text: str) -> str:
        markup._md.reset()
        return markup._md.convert(text)

    texts = (
        _texts(7, 40000)
        + _markdown_texts(11, 4000)
        + ['A sentence.\nAnother line.\n\nA second paragraph (with a/b: "quoted").']
    )
    for path in sorted((ROOT / 'labml_nn').rglob('*.py')):
        texts += [protect_math(s.doc).text for s in parse.parse_source(path.read_text(), str(path)).sections]
    taken: list[str] = []
    for text in texts:
        mine = markup._simple(text)
        if mine is not None:
            taken.append(mine)
            assert mine == markdown(text), repr(text)
    # Enough such text, of every kind, for this to test something.
    for kind in ('<p>', '<h1>', '<h2>', '<code>', '<a href', '<a id', '\ue000', '\ue002', '<li>'):
        assert sum(kind in html for html in taken) > 50, kind
    for other in [
        'Heading\n---',
        'a\n\n    code',
        'hard break  \nnext',
        '*em*',
        'a ``b``',
        '* a\n\n* b',
        '* a\nlazy',
    ]:
        assert markup._simple(other) is None


def _markdown_texts(seed: int, count: int) -> list[str]:
    """Texts made of every piece of Markdown's inline and block syntax, alone and side by side."""
    import random

    rng = random.Random(seed)
    pieces = [
        *'word Word 42 1. - + * ** _ __ ___ __init__ __x__ snake_case # > | --- === ( ) [ ] ! < > & ` ``'.split(),
        *[
            '[link](x.html)',
            '[a `b` c](y.html "t")',
            '![img](a.png)',
            '[ref][1]',
            '\n[1]: z.html',
            '<b>',
            '</b>',
        ],
        *[
            '<http://e.org/a>',
            '<a@b.c>',
            '&amp;',
            '&#38;',
            '\\*',
            '\\`',
            '\\\\',
            '\x02',
            '\x03',
            '\ue0000\ue001',
        ],
        *[
            ' ',
            '  ',
            '    ',
            '\t',
            '\n',
            '\n',
            '  \n',
            '\r\n',
            '\n\n',
            '\n```\n',
            '\n| a | b |\n|---|---|\n| 1 | 2 |\n',
        ],
    ]
    return [''.join(rng.choice(pieces) for _ in range(rng.randint(1, 24))) for _ in range(count)]


def _deep_list(depth: int) -> str:
    return ''.join('    ' * i + '- item\n' for i in range(depth))


@pytest.fixture
def python_recursion_limit():
    """Python's own recursion limit, which a build process has: an earlier test that compiled a
    model may have raised this process's (torch's compiler does), and then nothing runs out."""
    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    yield
    sys.setrecursionlimit(limit)


def _render_seconds(text: str) -> float:
    """The fastest of three renders of `text`: a machine busy with other work (tests run in parallel)
    only ever adds to one."""
    import time

    from sitegen.pages.markup import render_markdown
    from sitegen.reading.math import protect_math

    best = float('inf')
    for _ in range(3):
        start = time.perf_counter()
        render_markdown(protect_math(text), lambda tex, display: None, lambda target: target)
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize('text', [_deep_list(250), '1. ' * 3000 + 'x\n'])
def test_a_list_nested_hundreds_deep_is_an_error_naming_file_and_line(
    project, capsys, text, python_recursion_limit
):
    (project / 'pkg' / 'deep.py').write_text('x = 1\n\n\ndef f():\n    """\n' + text + '    """\n')
    assert run(project, 'build', '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'Traceback' not in err and 'RecursionError' not in err
    assert re.search(r'error: pkg/deep\.py:6: the documentation nests lists or quotes too deeply', err), err
    # Every other page was built and checked: their problems are reported too.
    (project / 'pkg' / 'other.py').write_text('"""\n# Other\n\n[gone](nowhere.html)\n"""\n')
    assert run(project, 'build', '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'pkg/deep.py:6' in err and "pkg/other.py:4: broken link 'nowhere.html'" in err


@pytest.mark.parametrize('unit', ['[', '![', '[(', '[`', '[a](', '[a](<', '[a][', '[a](((('])
def test_runs_of_link_openings_cost_linear_time(unit):
    small, large = _render_seconds(unit * (2000 // len(unit))), _render_seconds(unit * (8000 // len(unit)))
    # Four times the text: about four times the time (the square would be sixteen), and little at all.
    assert large < 2.0 and large < 8 * small + 0.2, (small, large)


def test_links_still_read_as_markdown_reads_them(python_recursion_limit):
    from sitegen.pages.markup import render_markdown
    from sitegen.reading.math import protect_math

    def html(text: str) -> str:
        fragment = render_markdown(protect_math(text), lambda tex, display: None, lambda target: target)
        return fragment.html(lambda url: url)

    # After a text Markdown gave up on, in the same process, as a worker goes on to its next page.
    with pytest.raises(RecursionError):
        html(_deep_list(250))
    assert html('[a [b] c](x.html)') == '<p><a href="x.html">a [b] c</a></p>\n'
    assert html('[[a]](x.html) [b]') == '<p><a href="x.html">[a]</a> [b]</p>\n'
    assert html('[a](x.html "title (t)")') == '<p><a href="x.html" title="title (t)">a</a></p>\n'
    assert html('[a](y(1).html) [b](<z.html>)') == '<p><a href="y(1).html">a</a> <a href="z.html">b</a></p>\n'
    assert (
        html('![i](d.svg) [[x] and [y](q.html)')
        == '<p><img alt="i" src="d.svg"> [[x] and <a href="q.html">y</a></p>\n'
    )


def test_a_dunder_name_in_a_comment_stays_as_typed(labml_style_site):
    comment = section_of(labml_style_site['norms/layer_norm.html'], 'normalizes one sample')
    assert 'Here __call__ normalizes one sample' in comment and '<strong>call</strong>' not in comment
