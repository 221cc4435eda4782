"""Rendering a page's HTML from its templates (`sitegen.render`)."""

import re
from pathlib import Path

import pytest
from markupsafe import Markup

from sitegen.render import text_length

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
