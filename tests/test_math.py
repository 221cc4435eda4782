"""Tests of `sitegen.reading.math`: math: find `$...$` / `$$...$$` in Markdown before Markdown sees it, and typeset
it with KaTeX."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import literate_run, load, raw_tex, run, section_of, tex_of
from sitegen.building import build as build_module
from sitegen.building.build import build
from sitegen.reading.config import load_config
from sitegen.reading.math import protect_math


def test_invalid_latex_is_a_warning_and_an_error_when_strict(project: Path, capsys):
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Store $\\frac{x$'))
    assert run(project, 'build', '--no-cache') == 0
    err = capsys.readouterr().err
    assert 'warning: pkg/sub/model.py:23: KaTeX: KaTeX parse error' in err
    assert 'class="math-error"' in (project / 'out' / 'sub' / 'model.html').read_text()
    assert run(project, 'build', '--no-cache', '--strict') == 1
    assert 'error: pkg/sub/model.py:23: KaTeX' in capsys.readouterr().err


def test_each_distinct_formula_is_typeset_once_per_build_and_cached_across_builds(project: Path, monkeypatch):
    from sitegen.reading.math import KaTeX

    calls: list[tuple[str, bool]] = []
    real = KaTeX.typeset

    def counting(self, tex, display):
        calls.append((tex, display))
        return real(self, tex, display)

    monkeypatch.setattr(KaTeX, 'typeset', counting)
    # The same formula on two pages and twice on one page.
    (project / 'pkg' / 'sub' / 'other.py').write_text('# $x$ and again $x$, and $\\alpha + \\beta$\nx = 1\n')
    cache = project / '.build_cache'
    build_module.build(load(project), ('en',), jobs=1, cache_dir=cache)
    assert sorted(calls) == sorted(set(calls)) and ('x', False) in calls and len(calls) == 3
    calls.clear()
    (project / 'pkg' / 'sub' / 'other.py').write_text('# $x$ once more\nx = 2\n')
    build_module.build(load(project), ('en',), jobs=1, cache_dir=cache)
    assert calls == []


def test_an_environment_standing_alone_is_display_math_written_out_whole():
    text = 'Each feature:\n\n\\begin{align}\nx_1 &= a_i \\\\\ny_2 &= b_i\n\\end{align}\n\nThen more.'
    protected = protect_math(text)
    # The formula is the lines from `\begin` to `\end`, cut out of the text another way.
    lines = text.split('\n')
    assert [(m.tex, m.display) for m in protected.formulas] == [('\n'.join(lines[2:6]), True)]
    assert '\\begin' not in protected.text and '_' not in protected.text
    # Indented in a comment, nested, starred, or in a list of environments: still one formula each.
    for env in (
        'align*',
        'aligned',
        'equation',
        'equation*',
        'gather',
        'gather*',
        'split',
        'cases',
        'matrix',
    ):
        tex = f'\\begin{{{env}}} a \\\\ \\begin{{{env}}} b \\end{{{env}}} \\end{{{env}}}'
        assert [m.tex for m in protect_math(f'Text\n  {tex}\nmore').formulas] == [tex]


@pytest.mark.parametrize(
    'text',
    [
        'In a sentence \\begin{align} x \\end{align} is not alone',
        '\\begin{align} x \\end{align} and text after it',
        '\\begin{align}\nx\n\nz\n\\end{align}',  # a blank line ends it
        '\\begin{align}\nnever closed',
        '\\begin{itemize}\n\\end{itemize}',  # not math
        '```\n\\begin{align}\nx\n\\end{align}\n```',  # in a code block
    ],
)
def test_an_environment_that_does_not_stand_alone_is_left_as_text(text):
    assert protect_math(text).formulas == []


@pytest.mark.parametrize(
    ('text', 'formulas'),
    [
        ('the number of features $ H $ here', ['H']),
        ('$ \\epsilon $ and $x$', ['\\epsilon', 'x']),
        ('$ a_1 + b_2 $', ['a_1 + b_2']),
        ('costs $5 and $6 now', []),  # the closing dollar before a digit: two prices
        ('a $ spread\nover two lines $', []),  # spaced math stays on one line
        ('just $ $ spaces', []),
        ('pay $ in `code $` ', []),
    ],
)
def test_inline_math_with_spaces_inside_is_math_on_one_line(text, formulas):
    assert [m.tex for m in protect_math(text).formulas] == formulas


def test_no_formula_of_the_fixture_is_left_as_tex_or_turned_into_emphasis(labml_style_site):
    for rel, page in labml_style_site.items():
        assert raw_tex(page) == [], rel
        assert '<em>' not in page and 'math-error' not in page, rel
    layer = labml_style_site['norms/layer_norm.html']
    assert '\\begin{align}\n\\mathbb{E}[x] &amp;= \\frac{1}{H} \\sum_{i=1}^H x_i \\\\' in layer
    assert tex_of(section_of(labml_style_site['optim.html'], 'Clip a gradient'))[1].startswith(
        '\\begin{equation}'
    )


def test_docstrings_that_are_not_raw_typeset_their_formulas(literate_project):
    assert literate_run(literate_project) == 0
    home = (literate_project / 'site' / 'index.html').read_text()
    model = (literate_project / 'site' / 'model.html').read_text()
    for page in (home, model):
        assert 'math-error' not in page
    assert '<annotation encoding="application/x-tex">\\frac{1}{\\sqrt{d_k}}</annotation>' in home
    assert '\\theta_t = \\theta_{t-1} - \\alpha \\nabla_\\theta' in home
    assert '\\beta_1, \\beta_2' in home and '\\vec{v} \\cdot \\vec{w}' in home
    assert 'A price is $5, not math.' in home
    assert '\\theta \\leftarrow \\theta - \\alpha \\nabla_\\theta \\mathcal{L}' in model
    assert not re.search('[\x07\x08\x0b\x0c]', home + model)  # no escape became a control character
    result = build(load_config(literate_project), ('en',), jobs=1)
    assert sum(p.math for p in result.pages) == 13
