"""The generator for a project of any author: defaults with no configuration, `new`, links that
are true, configuration that means what it says, warnings that help."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitegen.cli import main
from sitegen.config import find_package, load_config

PAGE = '''r"""
---
title: {title}
---

# {title}

Math: $\\alpha$.
"""

x = 1
'''


def package(root: Path, name: str = 'notes', files: tuple[str, ...] = ('__init__.py', 'model.py')) -> Path:
    for rel in files:
        path = root / name / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(PAGE.format(title=Path(rel).stem.replace('_', ' ').capitalize()))
    return root


def run(root: Path, *args: str) -> int:
    return main(['--root', str(root), *args])


# ---------------------------------------------------------------- 1. defaults for anyone


def test_without_configuration_the_one_package_is_the_source_and_its_name_the_title(tmp_path, capsys):
    package(tmp_path)
    (tmp_path / 'tests').mkdir()
    (tmp_path / 'tests' / '__init__.py').write_text('')
    config = load_config(tmp_path)
    assert (config.source, config.title, config.languages) == (Path('notes'), 'notes', ('en',))
    assert run(tmp_path, 'build') == 0, capsys.readouterr().err
    page = (tmp_path / 'docs' / 'model.html').read_text()
    assert '<title>Model · notes</title>' in page


def test_a_src_layout_and_several_packages_are_found_by_the_project_name(tmp_path):
    package(tmp_path / 'src', 'lib_a')
    assert find_package(tmp_path) == Path('src/lib_a')
    package(tmp_path, 'lib_b')
    assert find_package(tmp_path) is None  # two, and no name to choose by
    (tmp_path / 'pyproject.toml').write_text('[project]\nname = "lib-b"\n')
    assert find_package(tmp_path) == Path('lib_b')


def test_no_package_found_says_how_to_name_one(tmp_path, capsys):
    (tmp_path / 'loose.py').write_text('x = 1\n')
    assert run(tmp_path, 'build') == 2
    err = capsys.readouterr().err
    assert 'no package found' in err and '--source' in err and 'annotated-site new' in err
    (tmp_path / 'lib').mkdir()
    (tmp_path / 'lib' / 'a.py').write_text(PAGE.format(title='A'))
    assert run(tmp_path, 'build', '--source', str(tmp_path / 'lib')) == 0
    assert '· lib</title>' in (tmp_path / 'docs' / 'a.html').read_text()


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


# ---------------------------------------------------------------- 2. links that are true

ROOT = Path(__file__).resolve().parents[1]


def configured(root: Path, table: str) -> Path:
    (root / 'pyproject.toml').write_text('[tool.site]\nsource = "notes"\n' + table)
    return package(root, files=('__init__.py', 'model.py', 'sub/deep.py'))


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


def test_without_url_or_repository_no_address_is_guessed(tmp_path, capsys):
    configured(tmp_path, '')
    assert run(tmp_path, 'build') == 0
    err = capsys.readouterr().err
    assert err.count('no url in [tool.site]') == 1  # one warning for the site, not one a page
    out = tmp_path / 'docs'
    pages = ''.join(p.read_text() for p in out.rglob('*.html'))
    for guessed in ('example.org', 'blob/', 'github.com', 'rel="canonical"', 'og:url', 'data-report'):
        assert guessed not in pages, guessed
    assert not (out / 'sitemap.xml').exists()


def test_repository_links_are_pinned_to_the_commit_and_reports_need_a_tracker(tmp_path, capsys):
    configured(tmp_path, 'url = "https://notes.test/"\nrepository = "https://github.com/you/notes"\n')
    assert run(tmp_path, 'build') == 0, capsys.readouterr().err
    html = (tmp_path / 'docs' / 'model.html').read_text()
    # site.js puts the commit that `static/source-commit.js` names in place of `{commit}`.
    assert 'data-href="https://github.com/you/notes/blob/{commit}/notes/model.py" hidden' in html
    assert '/blob/main/' not in html and 'data-report' not in html  # no tracker is guessed
    (tmp_path / 'pyproject.toml').write_text(
        (tmp_path / 'pyproject.toml').read_text()
        + 'issues = "https://tracker.test/new"\nrepository_links = false\n'
    )
    assert run(tmp_path, 'build') == 0
    html = (tmp_path / 'docs' / 'model.html').read_text()
    assert 'data-report="https://tracker.test/new"' in html and 'repository-link' not in html


def test_this_projects_site_links_no_file_of_the_other_repository():
    config = load_config(ROOT)
    from sitegen.build import _settings

    settings = _settings(config)
    assert config.repository and settings.repository_file('labml_nn/transformers/mha.py') == ''
    assert not settings.issues and config.url.startswith('https://')
    # The notebook's Colab link (the MHA page's seed text) still comes from the repository.
    assert settings.colab_url('x.ipynb').startswith('https://colab.research.google.com/github/labmlai/')


def test_a_pages_citation_without_a_site_url_has_no_address():
    from sitegen.doc import Paper
    from sitegen.papers import page_bibtex

    paper = Paper('k', 'A paper', ('Ann Author',), 2020, arxiv='2001.00001')
    assert 'howpublished' not in page_bibtex('p', 'Page', 'Site', '', paper)
    assert '\\url{https://s.test/p.html}' in page_bibtex('p', 'Page', 'Site', 'https://s.test/p.html', paper)


# ---------------------------------------------------------------- 3. configuration means what it says


def test_the_configured_languages_are_built_by_default_and_lang_narrows_them(tmp_path, capsys):
    configured(tmp_path, 'languages = ["en", "zh"]\n')
    assert run(tmp_path, 'build') == 0
    assert (tmp_path / 'docs' / 'zh' / 'model.html').is_file()
    assert run(tmp_path, 'build', '--lang', 'en', '--out', str(tmp_path / 'en-only')) == 0
    assert (tmp_path / 'en-only' / 'model.html').is_file()
    assert not (tmp_path / 'en-only' / 'zh').exists()


def test_exclude_globs_leave_sources_out(tmp_path, capsys):
    configured(tmp_path, 'exclude = ["sub", "*_test.py"]\n')
    (tmp_path / 'notes' / 'model_test.py').write_text('x = 1\n')
    assert run(tmp_path, 'build') == 0, capsys.readouterr().err
    out = tmp_path / 'docs'
    assert (out / 'model.html').is_file()
    assert not (out / 'sub').exists() and not (out / 'model_test.html').exists()


def test_a_syntax_error_fails_its_page_alone_and_the_command(tmp_path, capsys):
    configured(tmp_path, 'url = "https://notes.test/"\n')
    assert run(tmp_path, 'build') == 0
    out = tmp_path / 'docs'
    before = (out / 'model.html').read_bytes()
    (tmp_path / 'notes' / 'model.py').write_text('"""\n# Model\n"""\nx = (\n')
    (tmp_path / 'notes' / 'sub' / 'deep.py').write_text('"""\n# Deeper\n"""\nx = 2\n')
    assert run(tmp_path, 'build') == 1
    err = capsys.readouterr().err
    assert "notes/model.py:4: '(' was never closed" in err and '1 page failed (model.html)' in err
    assert '<title>Deeper' in (out / 'sub' / 'deep.html').read_text()  # the others are built
    assert (out / 'model.html').read_bytes() == before  # the failed page keeps its last output
    # Warnings made errors (--strict) are not a page's failure: nothing is written then.
    (tmp_path / 'notes' / 'sub' / 'deep.py').write_text('"""\n# Deepest [x](missing.html)\n"""\nx = 2\n')
    assert run(tmp_path, 'build', '--strict') == 1
    assert '<title>Deeper' in (out / 'sub' / 'deep.html').read_text()


# ---------------------------------------------------------------- 4. warnings that help


def test_tex_mangled_by_a_non_raw_docstring_is_named_with_its_line_and_the_fix(tmp_path, capsys):
    package(tmp_path)
    (tmp_path / 'notes' / 'model.py').write_text(
        '"""\n# Model\n\nA \\\\frac is fine, so is $\\\\beta$.\n\n\\begin{align}\na &= \\frac{1}{2}\n\\end{align}\n"""\n'
        '\n\ndef f():\n    r"""Raw: $\\theta$ is kept."""\n    return 1\n'
    )
    assert run(tmp_path, 'build') == 0
    err = capsys.readouterr().err
    assert (
        'warning: notes/model.py:6: \\begin (and 1 more) in a docstring that is not raw: Python reads '
        '\\b as a backspace' in err
    )
    assert 'r"""..."""' in err
    assert err.count('in a docstring that is not raw') == 1  # `\\frac` (escaped) and the raw one are fine


def test_suggested_commands_run_as_printed(tmp_path, capsys, monkeypatch):
    configured(tmp_path, 'languages = ["en", "zh"]\nurl = "https://n.test/"\n')
    monkeypatch.setattr('sys.argv', ['annotated-site'])
    assert run(tmp_path, 'build') == 0
    err = capsys.readouterr().err
    hint = next(line for line in err.splitlines() if line.startswith('hint: '))
    assert 'translate export --lang zh translate-zh.json' in hint
    command = hint.split('`')[1].split()
    assert command[0] == 'annotated-site'
    monkeypatch.chdir(tmp_path)
    assert main(command[1:]) == 0  # as printed: the file it names is written
    assert (tmp_path / 'translate-zh.json').is_file()
    assert '`translate export --lang zh` lists' not in err  # the old suggestion, which needed a file


def test_counts_are_said_in_the_singular_and_the_plural(tmp_path, capsys):
    from sitegen.errors import plural

    assert (plural(1, 'page'), plural(2, 'page'), plural(1, 'entry', 'entries')) == (
        '1 page',
        '2 pages',
        '1 entry',
    )
    (tmp_path / 'pyproject.toml').write_text('[tool.site]\nsource = "notes"\n')
    package(tmp_path, files=('__init__.py',))
    assert run(tmp_path, 'build') == 0
    out = capsys.readouterr()
    assert '1 page, 1 section, 1 math expression, 1 warning (1 other), 0 errors' in out.out
    assert out.err.startswith('1 source, 0 unchanged')


def test_a_readme_beside_a_documented_init_is_no_second_page_and_a_warning_says_which_wins(tmp_path, capsys):
    configured(tmp_path, 'url = "https://n.test/"\n')
    (tmp_path / 'notes' / 'README.md').write_text('# Init\n\nThe same subject again.\n')
    assert run(tmp_path, 'build') == 0
    err = capsys.readouterr().err
    assert (
        'warning: notes/README.md:1: not a page: the docstring of notes/__init__.py is the index page' in err
    )
    assert not (tmp_path / 'docs' / 'README.html').exists()
    assert '<title>init · notes' in (tmp_path / 'docs' / 'index.html').read_text()  # the docstring's
    # Left out on purpose: no warning.
    (tmp_path / 'pyproject.toml').write_text(
        (tmp_path / 'pyproject.toml').read_text() + 'exclude = ["README.md"]\n'
    )
    assert run(tmp_path, 'build') == 0
    assert 'README.md' not in capsys.readouterr().err


def test_a_paper_known_by_its_address_alone_is_cited_as_misc():
    from sitegen.doc import Paper
    from sitegen.papers import paper_bibtex

    entry = paper_bibtex(Paper('k', 'A note', ('Ann Author',), 2020, url='https://notes.test/a'))
    assert entry.startswith('@misc{') and 'journal' not in entry
    assert paper_bibtex(Paper('k', 'A', ('B C',), 2020, doi='10.1/x', venue='Nature')).startswith('@article{')


# ---------------------------------------------------------------- 6. two commands


def test_a_fresh_clone_needs_make_docs_and_make_test_alone(tmp_path):
    import shutil
    import subprocess

    if not shutil.which('make'):
        pytest.skip('no make')
    readme = (ROOT / 'README.md').read_text()
    first = readme.split('```sh\n', 1)[1].split('```', 1)[0].splitlines()
    assert readme.index('```sh') < readme.index('\n## ') and [line.split()[:2] for line in first] == [
        ['make', 'docs'],
        ['make', 'test'],
    ]
    venv = tmp_path / 'venv'  # as on a fresh clone: none yet

    def planned(target: str) -> str:
        done = subprocess.run(
            ['make', '-n', target, f'VENV={venv}'], cwd=ROOT, capture_output=True, text=True, check=True
        )
        return done.stdout

    docs = planned('docs')
    assert docs.index('-m venv') < docs.index('--group docs') < docs.index('build_site.py build --lang all')
    assert 'torch' not in docs  # building the site needs no torch
    test = planned('test')
    assert test.index('torch==2.13.0') < test.index('--group test') < test.index('-m pytest')
    assert 'fonts-noto-cjk' in test  # the browser tests' Chinese and Japanese glyphs
    # Once set up, the set-up is not done again.
    venv.mkdir()
    for stamp in ('.ready-docs', '.ready-test'):
        (venv / stamp).touch()
    assert '-m venv' not in planned('docs') and '-m venv' not in planned('test')


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
