"""Tests of `sitegen.pages.page`: one page: a source parsed, its formulas listed, then rendered in every
language."""

from __future__ import annotations

from pathlib import Path

from helpers import HOME, configured, run


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


def test_a_colab_link_without_a_repository_links_the_notebook_itself_with_a_warning(tmp_path, capsys):
    configured(tmp_path, 'url = "https://n.test/"\nlanguages = ["en", "zh"]\n')
    (tmp_path / 'notes' / 'sub' / 'run.ipynb').write_text('{"cells": []}\n')
    (tmp_path / 'notes' / 'sub' / 'deep.py').write_text(
        '"""\n# Deep\n\n[![Open In Colab](static:colab-badge.svg)](colab:run.ipynb)\n"""\n'
    )
    assert run(tmp_path, 'build', '--lang', 'en') == 0
    err = capsys.readouterr().err
    assert "notes/sub/deep.py:4: colab link to 'run.ipynb' without a repository" in err
    out = tmp_path / 'docs'
    assert '<a href="run.ipynb">' in (out / 'sub' / 'deep.html').read_text()
    assert (out / 'sub' / 'run.ipynb').is_file()
    assert 'colab.research.google.com' not in (out / 'sub' / 'deep.html').read_text()
