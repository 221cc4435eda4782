"""Tests of `sitegen.pages.render`: pages to HTML with Jinja2: a pure function of the page model, its language
and the settings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from helpers import configured, page_of, run
from sitegen.pages.render import text_length


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
