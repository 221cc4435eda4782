"""Tests of `sitegen.page`: one page: a source parsed, its formulas listed, then rendered in every
language."""

from __future__ import annotations

from pathlib import Path

from helpers import HOME, run


def test_a_colab_link_to_a_missing_notebook_is_a_warning_at_its_line(project: Path, capsys):
    home = project / 'pkg' / '__init__.py'
    home.write_text(
        HOME.replace(
            '![diagram](sub/diagram.svg)', '[![Open In Colab](static:colab-badge.svg)](colab:sub/train.ipynb)'
        )
    )
    assert run(project, 'build', '--no-cache', '--strict') == 1
    assert (
        "error: pkg/__init__.py:12: colab link to missing notebook 'sub/train.ipynb'"
        in capsys.readouterr().err
    )
    (project / 'pkg' / 'sub' / 'train.ipynb').write_text('{}')
    assert run(project, 'build', '--no-cache') == 0
    html = (project / 'out' / 'index.html').read_text()
    assert (
        'href="https://colab.research.google.com/github/example/fixture/blob/main/pkg/sub/train.ipynb"'
        in html
    )
    assert (
        'src="static/colab-badge.svg"' in html and (project / 'out' / 'static' / 'colab-badge.svg').exists()
    )
