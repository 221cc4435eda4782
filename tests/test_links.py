"""Tests of `sitegen.sitewide.links`: links between pages and to files: checked once every page is built, and the
files they reach."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from helpers import HOME, build_and_read, run, secret_folder


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


def test_a_link_to_a_pages_source_reaches_the_copy_beside_its_page(project: Path, capsys):
    """Each page's source is published beside it (`model.py` next to `model.html`): a link to it
    works on the site, so it is no broken link; one to a file that is no page's source still is."""
    home = project / 'pkg' / '__init__.py'
    home.write_text(
        HOME.replace('[its page](sub/model.html)', '[its code](sub/model.py), [none](sub/gone.py)')
    )
    code, err = build_and_read(project, capsys, '--no-cache')
    assert code == 0 and "broken link 'sub/model.py'" not in err
    assert "warning: pkg/__init__.py:9: broken link 'sub/gone.py'" in err
    assert (project / 'out' / 'sub' / 'model.py').read_bytes() == (
        project / 'pkg' / 'sub' / 'model.py'
    ).read_bytes()
    assert 'href="sub/model.py"' in (project / 'out' / 'index.html').read_text()


def _paragraphs(count: int, linked: bool) -> str:
    if linked:
        return ''.join(f'Paragraph {i} links to [the page](index.html#p{i}).\n\n' for i in range(count))
    return ''.join(f'Paragraph {i} links to [the page] index.html#p{i}.\n\n' for i in range(count))


def _timed_build(project: Path, text: str) -> float:
    (project / 'pkg' / 'big.py').write_text(f'"""\n# Big\n\n{text}"""\nx = 1\n')
    started = time.perf_counter()
    assert run(project, 'build', '--jobs', '1', '--no-cache', '--quiet') == 0
    return time.perf_counter() - started


def test_an_image_linked_from_outside_the_tree_is_not_copied(project, tmp_path, capsys):
    secret = secret_folder(tmp_path)
    pkg = project / 'pkg'
    (pkg / 'photo.png').symlink_to(secret / 'photo.png')
    home = pkg / '__init__.py'
    home.write_text(home.read_text().replace('![diagram]', '![photo](photo.png)\n\n![diagram]'))
    code, err = build_and_read(project, capsys)
    assert "broken link 'photo.png'" in err
    assert not (project / 'out' / 'photo.png').exists()


def test_a_missing_image_that_links_to_itself_is_one_warning(project, capsys):
    """`[![plot](plot.png)](plot.png)`: the image and its link name one missing file on one line."""
    home = project / 'pkg' / '__init__.py'
    home.write_text(home.read_text().replace('![diagram]', '[![plot](plot.png)](plot.png)\n\n![diagram]'))
    code, err = build_and_read(project, capsys)
    assert err.count("broken link 'plot.png'") == 1, err


@pytest.mark.slow
def test_the_links_of_a_long_docstring_are_placed_in_one_pass(project, capsys):
    """7,000 links in one docstring: placing each on its line used to scan the text once per link."""
    plain = _timed_build(project, _paragraphs(7000, linked=False))
    linked = _timed_build(project, _paragraphs(7000, linked=True))
    assert linked < 2 * plain + 1, (linked, plain)


def test_each_link_of_a_section_is_reported_at_its_own_line(project, capsys):
    text = ''.join(f'Paragraph {i} links to [a page](missing{i}.html).\n\n' for i in range(50))
    text += 'Again [the first](missing0.html), and [a new one](missing-last.html).\n'
    (project / 'pkg' / 'big.py').write_text(f'"""\n# Big\n\n{text}"""\nx = 1\n')
    run(project, 'build', '--jobs', '1')
    err = capsys.readouterr().err
    source = (project / 'pkg' / 'big.py').read_text().splitlines()
    expected = {
        f'missing{i}.html': source.index(f'Paragraph {i} links to [a page](missing{i}.html).') + 1
        for i in range(50)
    }
    expected['missing-last.html'] = len(source) - 2
    for target, line in expected.items():
        assert f'pkg/big.py:{line}: broken link {target!r}' in err, target
