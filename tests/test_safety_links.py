"""Symbolic links and special files: the build never writes through a link it did not make, and
publishes nothing from outside the source tree."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sitegen.cli import main
from test_site import make_project


def run(root: Path, *args: str) -> int:
    return main(['--root', str(root), *args])


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob('*')) if p.is_file()
    }


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / 'project')


# ---------------------------------------------------------------- links in the output folder


def _elsewhere(tmp_path: Path) -> Path:
    """A folder outside the project whose files nobody may overwrite."""
    other = tmp_path / 'other'
    other.mkdir()
    (other / 'site.css').write_text("/* not the build's */")
    (other / 'notes.txt').write_text('mine')
    return other


def test_a_folder_of_the_output_replaced_by_a_link_is_an_error_naming_it(project, tmp_path, capsys):
    assert run(project, 'build') == 0
    out = project / 'out'
    static = next(p for p in out.iterdir() if p.is_dir() and any(p.glob('*.css')))
    rel = static.name
    other = _elsewhere(tmp_path)
    (other / next(static.glob('*.css')).name).write_text("/* not the build's */")
    before = snapshot(other)
    import shutil

    shutil.rmtree(static)
    static.symlink_to(other, target_is_directory=True)
    capsys.readouterr()
    assert run(project, 'build') == 1
    err = capsys.readouterr().err
    assert f'out/{rel}' in err and 'symbolic link' in err and '--adopt' in err and 'Traceback' not in err
    assert snapshot(other) == before and static.is_symlink()
    # Under --adopt the link is replaced by the build's own folder; the other folder is untouched.
    assert run(project, 'build', '--adopt') == 0
    assert snapshot(other) == before
    assert not static.is_symlink() and static.is_dir() and any(static.glob('*.css'))
    assert run(project, 'check') == 0


def test_a_link_at_a_file_the_build_writes_is_an_error_and_adopt_replaces_it(project, tmp_path, capsys):
    assert run(project, 'build') == 0
    out = project / 'out'
    other = _elsewhere(tmp_path)
    (out / 'index.html').unlink()
    (out / 'index.html').symlink_to(other / 'notes.txt')
    assert run(project, 'build') == 1
    assert 'out/index.html' in capsys.readouterr().err
    assert (other / 'notes.txt').read_text() == 'mine'
    assert run(project, 'build', '--adopt') == 0
    assert not (out / 'index.html').is_symlink() and 'Fixture home' in (out / 'index.html').read_text()
    assert (other / 'notes.txt').read_text() == 'mine'


def test_an_output_folder_that_is_a_link_is_built_into_its_target(project, tmp_path):
    target = tmp_path / 'real-site'
    target.mkdir()
    link = project / 'out'
    link.symlink_to(target, target_is_directory=True)
    assert run(project, 'build') == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert (target / 'index.html').is_file()
    (project / 'pkg' / 'sub' / 'model.py').write_text('"""\n# Changed model\n"""\nx = 1\n')
    assert run(project, 'build') == 0
    assert link.is_symlink() and 'Changed model' in (target / 'sub' / 'model.html').read_text()
    leftovers = [
        p.name for p in [*project.iterdir(), *tmp_path.iterdir()] if '.tmp-' in p.name or '.old-' in p.name
    ]
    assert leftovers == []
    assert run(project, 'check') == 0
