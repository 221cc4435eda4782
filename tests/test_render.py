"""Tests of `sitegen.pages.render`: pages to HTML with Jinja2: a pure function of the page model, its language
and the settings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from helpers import FORMULAS, configured, page_of, run
from sitegen.doc import SectionView
from sitegen.pages import mathcolor, render
from sitegen.pages.render import text_length
from sitegen.reading.math import katex


def test_a_page_without_code_reads_as_one_column(project: Path):
    assert run(project, 'build') == 0
    assert 'class="page prose"' in (project / 'out' / 'sub' / 'index.html').read_text()
    assert 'class="page"' in (project / 'out' / 'sub' / 'model.html').read_text()


@given(
    st.lists(
        st.sampled_from(
            [' ', '  ', '\t', '&amp;', '&#32;', '&nbsp;', '<span class="k">', '</span>', '<', '>', 'x', 'if']
        ),
        max_size=8,
    ).map(''.join)
)
def test_a_code_lines_indentation_is_read_as_the_text_without_its_tags_shows_it(line):
    """The columns of leading spaces of a highlighted line, read at once where the line begins with
    spaces and text: those of its text with the tags taken out, entities read and tabs expanded."""
    import html as html_lib

    from sitegen.pages.render import _TAG, indent_width

    text = html_lib.unescape(_TAG.sub('', line)).expandtabs(4)
    assert indent_width(line) == len(text) - len(text.lstrip(' '))


def test_each_page_carries_its_own_source_linked_as_source_with_line_anchors(tmp_path, capsys):
    configured(tmp_path, 'languages = ["en", "zh"]\n')
    assert run(tmp_path, 'build') == 0, capsys.readouterr().err
    out = tmp_path / 'docs'
    for rel in ('__init__.py', 'model.py', 'sub/deep.py'):
        assert (out / rel).read_bytes() == (tmp_path / 'notes' / rel).read_bytes()
    assert (
        '<a class="source-link" href="deep.py" type="text/plain">Source</a>'
        in (out / 'sub/deep.html').read_text()
    )
    zh = (out / 'zh' / 'sub' / 'deep.html').read_text()
    assert 'href="../../sub/deep.py"' in zh  # translated pages link the one copy
    assert '<span class="line" id="L11" data-n="11">' in (out / 'model.html').read_text()


def test_the_interface_speaks_the_page_language(mha_seeded):
    en, zh, ja = page_of(mha_seeded, 'en'), page_of(mha_seeded, 'zh'), page_of(mha_seeded, 'ja')
    assert '>Source<' in en
    assert '>源代码<' in zh and '>Source<' not in zh
    assert '>ソースコード<' in ja and 'placeholder="検索"' in ja
    assert 'aria-label="链接到第 1 节"' in zh


DOCS = Path(__file__).resolve().parents[1] / 'docs'


@pytest.mark.parametrize(
    'html',
    [
        'Main &raquo;\t<em>About</em>',
        '<p>a  <b>b</b>\n c &lt;d&gt; &amp;amp; &#32; e</p>',
        'x <!-- a <b>comment</b> --> y',
        'x <!-- never closed <b>b</b> y',
        'x <b unclosed y',
        'a > b < c',
        '',
    ],
)
def test_the_text_length_is_what_striptags_gives(html):
    assert text_length(html) == len(Markup(html).striptags())


def test_the_text_length_of_every_section_of_real_pages_is_what_striptags_gives():
    sections = []
    for page in ('transformers/mha.html', 'zh/diffusion/ddpm/index.html', 'ja/optimizers/adam.html'):
        html = (DOCS / page).read_text(encoding='utf-8')
        sections += re.findall(r'<div class="doc"[^>]*>(.*?)</div>\n<div class="code">', html, flags=re.S)
    assert len(sections) > 60 and any('class="katex' in s for s in sections)
    for doc in sections:
        assert text_length(doc) == len(Markup(doc).striptags())


def typeset(tex: str, display: bool = False) -> str:
    return katex().typeset(tex, display).html


def sections(texts: list[str]) -> list[SectionView]:
    return [SectionView(i, 'comment', doc, None, ()) for i, doc in enumerate(texts)]


def page_in(lang: str) -> list[SectionView]:
    """One page's sections in a language: the same formulas, the words around them the language's."""
    f = [typeset(t, display=i == 0) for i, t in enumerate(FORMULAS)]
    words = {
        'en': ('<p>Attention is</p>', '<p>scaled by {1} so that <em>{2}</em> keeps its size; then {3}.</p>'),
        'zh': ('<p>注意力是</p>', '<p>用 {1} 缩放，使 <em>{2}</em> 的大小不变；然后 {3}。</p>'),
        'ja': ('<h2>アテンション</h2>', '<p>{1} でスケールし、<em>{2}</em> の大きさを保つ。次に {3}</p>'),
    }[lang]
    return sections(
        [
            words[0] + f[0],
            '<p>No formula here.</p>',
            words[1].format(*f),
            '',
        ]
    )


def direct(page: list[SectionView]) -> list[str]:
    return [s.doc for s in mathcolor.colour_sections(page)]


def test_a_page_is_coloured_once_for_all_its_languages_as_each_would_be_alone(monkeypatch):
    expected = {lang: direct(page_in(lang)) for lang in ('en', 'zh', 'ja')}
    assert any('data-mc=' in doc for doc in expected['en'])  # something to colour
    calls = []
    colour = mathcolor.colour_formulas
    monkeypatch.setattr(mathcolor, 'colour_formulas', lambda f: calls.append(1) or colour(f))
    monkeypatch.setattr(mathcolor, 'colour_sections', lambda s: calls.append('whole'))
    colours = render.FormulaColours()
    for lang in ('en', 'zh', 'ja'):
        assert [s.doc for s in colours(page_in(lang))] == expected[lang]
    assert calls == [1]  # the formulas alone, once for all three languages


def test_a_language_whose_formulas_differ_is_coloured_apart():
    en = page_in('en')
    # A translation that leaves a formula out, and one that gives them in another order.
    fewer = sections([en[0].doc, en[2].doc.split('<em>')[0] + '</p>', '', ''])
    f1, f2 = typeset(FORMULAS[1]), typeset(FORMULAS[2])
    swapped = sections([en[0].doc, f'<p>{f2} and {f1}</p>', '', ''])
    colours = render.FormulaColours()
    for page in (en, fewer, swapped, en):
        assert [s.doc for s in colours(page)] == direct(page)


@pytest.mark.parametrize(
    'doc',
    [
        '<p>text only</p>',
        '<span class="katex-html" aria-hidden="true"><span class="base">x',  # never closed
        '<span class="katex-html" aria-hidden="true">\0</span>',  # holds a NUL
        # A formula the colouring cannot read (an element left open in it): the section's later
        # formulas are not read either, as when the page is coloured whole.
        f'<p>{typeset(FORMULAS[2])[:-14]}<b>x</span></span> and {typeset(FORMULAS[1])} {typeset(FORMULAS[2])}</p>',
        # An element named `spanner` in a formula: read as when the page is coloured whole (where
        # the colouring cannot read the formula, nor the next).
        f'<p>{mathcolor.VISIBLE}<spanner>{typeset(FORMULAS[3])}</span> text </span> {typeset(FORMULAS[1])}</p>',
    ],
)
def test_text_without_whole_formulas_is_coloured_as_it_is(doc):
    page = sections([doc, page_in('en')[2].doc, page_in('en')[0].doc])
    assert [s.doc for s in render.FormulaColours()(page)] == direct(page)


def test_each_formula_is_cut_out_whole():
    f = typeset(FORMULAS[0], display=True)
    doc = f'<p>a</p>{f}<p>b <span>c</span></p>'
    pieces = render._split_formulas(doc, {})
    assert pieces is not None and ''.join(pieces) == doc
    assert len(pieces) == 3 and pieces[1].startswith('<span class="katex-html"')
    # The visible half ends where its own end tag is: the rest of the formula is text around it.
    assert pieces[1].count('<span') == pieces[1].count('</span>')
    assert pieces[2].endswith('<p>b <span>c</span></p>')


def test_formulas_that_start_alike_are_told_apart():
    long = r'a + b + c + d + e + f + g + h + i + j + k'
    first, second, third = typeset(long + ' + x'), typeset(long + ' + y'), typeset(long)
    docs = [f'<p>{first} then {second}</p>', f'<p>{third}, {second} and {first}</p>']
    seen: dict[str, list[str]] = {}
    for doc in docs + docs:
        pieces = render._split_formulas(doc, seen)
        assert pieces is not None and ''.join(pieces) == doc
        for formula in pieces[1::2]:
            assert render._visible_half(formula, 0) == formula
    assert len(seen) == 1 and len(next(iter(seen.values()))) == 3  # one start, three formulas
