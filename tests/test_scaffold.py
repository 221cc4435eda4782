"""Tests of `sitegen.commands.scaffold`: `annotated-site new FOLDER`: a project that builds, with one page showing
every convention."""

from __future__ import annotations

from helpers import run
from sitegen.commands.cli import main


def test_new_writes_a_project_whose_example_page_builds_with_every_convention(tmp_path, capsys):
    folder = tmp_path / 'my-notes'
    assert main(['new', str(folder)]) == 0
    table = (folder / 'pyproject.toml').read_text()
    assert '[tool.site]' in table and 'source = "my_notes"' in table
    assert run(folder, 'build') == 0, capsys.readouterr().err
    page = (folder / 'site' / 'linear.html').read_text()
    assert 'class="katex' in page and 'id="Linear"' in page  # math, an anchor
    assert 'Learning representations by back-propagating errors' in page  # the paper's card
    assert 'href="index.html"' in page
    # Nothing is overwritten: a second `new` in the same folder is refused.
    assert main(['new', str(folder)]) == 2
    assert 'already has [tool.site]' in capsys.readouterr().err


def test_new_adds_its_table_to_a_pyproject_without_one(tmp_path, capsys):
    (tmp_path / 'pyproject.toml').write_text('[project]\nname = "x"\n')
    assert main(['new', str(tmp_path), '--package', 'pages']) == 0
    text = (tmp_path / 'pyproject.toml').read_text()
    assert text.startswith('[project]\nname = "x"\n\n[tool.site]') and 'source = "pages"' in text
