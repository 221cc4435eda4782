"""Tests of `sitegen.sitewide.revision`: the commit a site is built from, named in every "Report a problem" link and
the page's BibTeX."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import configured, make_project, run, run_git


def test_pages_say_where_problems_are_reported_and_the_commit_built(repo: Path):
    commit = run_git(repo, 'rev-parse', 'HEAD')
    assert run(repo, 'build') == 0
    html = (repo / 'out' / 'sub' / 'model.html').read_text()
    # site.js makes each section's link from these (checked in test_browser.py).
    article = re.search(r'<article [^>]*>', html).group(0)
    data = dict(re.findall(r'data-(\w+)="([^"]*)"', article))
    assert data == {
        'report': 'https://github.com/example/fixture/issues/new',
        'page': 'sub/model.html',
        'url': 'https://example.org/site/sub/model.html',
    }
    # The commit is in one file every page loads, not in the pages.
    assert (repo / 'out' / 'static' / 'source-commit.js').read_text() == f'self.sourceCommit = "{commit}";\n'
    assert '<script src="../static/source-commit.js" defer></script>' in html and commit not in html


def test_a_new_commit_rewrites_the_commit_file_and_no_page(repo: Path):
    assert run(repo, 'build') == 0
    out = repo / 'out'
    pages = {p: p.read_bytes() for p in out.rglob('*.html')}
    run_git(repo, 'commit', '-q', '--allow-empty', '-m', 'second')
    assert run(repo, 'build') == 0
    assert {p: p.read_bytes() for p in out.rglob('*.html')} == pages
    assert run_git(repo, 'rev-parse', 'HEAD') in (out / 'static' / 'source-commit.js').read_text()


def test_check_compares_with_the_commit_the_output_was_built_from(repo: Path, capsys):
    assert run(repo, 'build') == 0
    built = run_git(repo, 'rev-parse', 'HEAD')
    # Committing the built site (or anything else) does not make it stale...
    run_git(repo, 'commit', '-q', '--allow-empty', '-m', 'second')
    assert run(repo, 'check') == 0
    # ...a build of another commit is what it is compared with only when asked for.
    assert run(repo, 'check', '--set', f'commit={run_git(repo, "rev-parse", "HEAD")}') == 1
    assert 'stale' in capsys.readouterr().err
    # The same commit builds the same bytes.
    before = (repo / 'out' / 'sub' / 'model.html').read_bytes()
    assert run(repo, 'build', '--no-cache', '--set', f'commit={built}') == 0
    assert (repo / 'out' / 'sub' / 'model.html').read_bytes() == before


def test_without_git_the_commit_is_left_out_and_check_still_passes(tmp_path: Path, capsys):
    root = make_project(tmp_path / 'plain')
    assert run(root, 'build', '--set', 'commit=') == 0
    html = (root / 'out' / 'sub' / 'model.html').read_text()
    assert (root / 'out' / 'static' / 'source-commit.js').read_text() == 'self.sourceCommit = "";\n'
    assert 'source-commit.js' in html
    assert run(root, 'check') == 0
    assert run(root, 'build', '--set', 'commit=not-a-commit') == 2
    assert 'commit=not-a-commit' in capsys.readouterr().err


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
