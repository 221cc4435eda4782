"""Tests of `sitegen.render`: pages to HTML with Jinja2: a pure function of the page model, its language
and the settings."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from helpers import run


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

    from sitegen.render import _TAG, indent_width

    text = html_lib.unescape(_TAG.sub('', line)).expandtabs(4)
    assert indent_width(line) == len(text) - len(text.lstrip(' '))
