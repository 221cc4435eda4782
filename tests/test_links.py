"""Tests of `sitegen.links`: links between pages and to files: checked once every page is built, and the
files they reach."""

from __future__ import annotations

from pathlib import Path

from helpers import HOME, run


def test_a_broken_link_is_a_warning_with_file_and_line_and_fails_a_strict_build(project: Path, capsys):
    assert run(project, 'build', '--no-cache') == 0
    before = {p: p.read_bytes() for p in (project / 'out').rglob('*') if p.is_file()}
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(
        model.read_text()
        .replace('../index.html', '../index.html#nowhere')
        .replace('Back [home]', 'Back [home]')
        .replace('self.x = x', 'self.x = x  # ok')
    )
    (project / 'pkg' / '__init__.py').write_text(HOME.replace('sub/model.html)', 'sub/missing.html)'))
    capsys.readouterr()
    assert run(project, 'build', '--no-cache', '--strict') == 1
    err = capsys.readouterr().err
    assert 'error: pkg/__init__.py:9: broken link' in err and 'sub/missing.html' in err
    assert "error: pkg/sub/model.py:19: broken link '../index.html#nowhere'" in err
    after = {p: p.read_bytes() for p in (project / 'out').rglob('*') if p.is_file()}
    assert after == before
    # By default the page is written as the author wrote it, and the warning says where it looked.
    assert run(project, 'build', '--no-cache') == 0
    err = capsys.readouterr().err
    assert "warning: pkg/__init__.py:9: broken link 'sub/missing.html'" in err
    assert 'looked for pkg/sub/missing.html' in err
    assert 'href="sub/missing.html"' in (project / 'out' / 'index.html').read_text()


def test_a_link_to_a_folder_reaches_its_index_page(project: Path):
    home = project / 'pkg' / '__init__.py'
    home.write_text(HOME.replace('[its page](sub/model.html)', '[its page](sub/) and [here](./)'))
    assert run(project, 'build', '--no-cache') == 0
    (project / 'pkg' / 'sub' / '__init__.py').unlink()
    assert run(project, 'build', '--no-cache', '--strict') == 1
