"""Hostile but fair use: the output folder is owned file by file, and nothing else is ever lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from sitegen import output
from sitegen.cli import main
from test_site import make_project

REPO = Path(__file__).resolve().parents[1]


def run(root: Path, *args: str) -> int:
    return main(['--root', str(root), *args])


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under a folder (hidden ones included), by relative path."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob('*')) if p.is_file()
    }


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / 'project')


# ---------------------------------------------------------------- folders that are never an output


@pytest.mark.parametrize(
    'out, what',
    [
        ('pkg', 'is the source folder'),
        ('.', 'is the project root'),
        ('..', 'contains the project root'),
        ('translate_cache', 'is the translation cache'),
        ('.build_cache', 'is the build cache'),
        ('/', 'root of the file system'),
    ],
)
def test_an_output_folder_that_is_or_holds_the_project_is_refused(project: Path, capsys, out, what):
    (project / 'translate_cache').mkdir()
    (project / 'translate_cache' / 'keep.zh.json').write_text('{}')
    run(project, 'build')  # makes .build_cache/ too
    parent = project.parent
    before = snapshot(parent)
    assert run(project, 'build', '--out', str(out if out.startswith('/') else project / out)) == 2
    err = capsys.readouterr().err
    assert what in err and 'choose a folder of its own' in err
    assert snapshot(parent) == before


def test_the_home_folder_and_the_templates_are_refused(project: Path, capsys, monkeypatch):
    monkeypatch.setenv('HOME', str(project.parent))
    assert run(project, 'build', '--out', str(project.parent)) == 2
    assert 'home folder' in capsys.readouterr().err
    templates = project / 'mytemplates'
    templates.mkdir()
    (templates / 'page.html').write_text('{% extends "frame.html" %}')
    assert run(project, 'build', '--templates', str(templates), '--out', str(templates)) == 2
    assert 'is the templates' in capsys.readouterr().err
    assert (templates / 'page.html').exists()


def test_a_file_at_the_output_path_is_an_error_and_is_left_alone(project: Path, capsys):
    (project / 'out').write_text('my notes')
    assert run(project, 'build') == 2
    assert 'is a file, not a folder' in capsys.readouterr().err
    assert (project / 'out').read_text() == 'my notes'


# ---------------------------------------------------------------- what the build owns


def test_files_the_build_did_not_write_are_kept_byte_for_byte(project: Path, capsys):
    assert run(project, 'build') == 0
    out = project / 'out'
    assert (out / output.MANIFEST).is_file()
    (out / 'CNAME').write_text('docs.example.org\n')
    (out / 'images').mkdir()
    (out / 'images' / 'photo.png').write_bytes(b'\x89PNG not really')
    (out / 'empty-folder').mkdir()
    # A page links to the author's image: the link checker sees it.
    home = project / 'pkg' / '__init__.py'
    home.write_text(home.read_text().replace('![diagram]', '![photo](images/photo.png)\n\n![diagram]'))
    assert run(project, 'build') == 0
    assert 'broken link' not in capsys.readouterr().err
    assert (out / 'CNAME').read_text() == 'docs.example.org\n'
    assert (out / 'images' / 'photo.png').read_bytes() == b'\x89PNG not really'
    assert (out / 'empty-folder').is_dir()
    assert 'images/photo.png' in (out / 'index.html').read_text()
    assert run(project, 'check') == 0
    # The author's file where the build would write one is kept, with a warning naming it.
    manifest = output.read_manifest(out)
    manifest.pop('.nojekyll')  # as if the author had put it there before the build ever ran
    (out / output.MANIFEST).write_bytes(output.manifest_bytes(manifest))
    (out / '.nojekyll').write_text('# mine\n')
    capsys.readouterr()
    assert run(project, 'build') == 0
    assert 'out/.nojekyll:1: a file the build does not own' in capsys.readouterr().err
    assert (out / '.nojekyll').read_text() == '# mine\n'
    assert run(project, 'build', '--adopt') == 0
    assert (out / '.nojekyll').read_text() == ''


def test_a_folder_the_build_never_wrote_is_refused_unless_adopted(project: Path, capsys):
    out = project / 'out'
    out.mkdir()
    (out / 'index.html').write_text('another tool')
    (out / 'notes.txt').write_text('unrelated')
    assert run(project, 'build') == 2
    assert '--adopt' in capsys.readouterr().err
    assert snapshot(out) == {'index.html': b'another tool', 'notes.txt': b'unrelated'}
    assert run(project, 'check') == 1
    assert 'build into it once with --adopt' in capsys.readouterr().err
    assert run(project, 'build', '--adopt') == 0
    assert (out / 'notes.txt').read_text() == 'unrelated'
    assert 'Fixture home' in (out / 'index.html').read_text()
    assert run(project, 'build') == 0 and run(project, 'check') == 0
    assert (out / 'notes.txt').read_text() == 'unrelated'


def test_an_empty_folder_needs_no_adoption(project: Path):
    (project / 'out').mkdir()
    assert run(project, 'build') == 0


def test_a_page_the_sources_no_longer_make_is_removed(project: Path):
    assert run(project, 'build') == 0
    (project / 'pkg' / 'sub' / 'model.py').unlink()
    home = project / 'pkg' / '__init__.py'
    home.write_text(
        home.read_text().replace('sub/model.html#Thing', 'sub/index.html').replace('sub/model.html', 'sub/')
    )
    assert run(project, 'build') == 0
    assert not (project / 'out' / 'sub' / 'model.html').exists()


# ---------------------------------------------------------------- interruptions and concurrency


def test_sigint_during_the_write_says_what_is_on_disk(project: Path, capsys, monkeypatch):
    assert run(project, 'build') == 0
    before = snapshot(project / 'out')
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    monkeypatch.setattr(output, '_swap', lambda *a: (_ for _ in ()).throw(KeyboardInterrupt))
    assert run(project, 'build') == 130
    assert 'out holds the previous output, as it was' in capsys.readouterr().err
    assert snapshot(project / 'out') == before
    monkeypatch.undo()

    real_rmtree = output.shutil.rmtree
    calls = []

    def interrupt_after_swap(path, *args, **kwargs):
        calls.append(path)
        real_rmtree(path, *args, **kwargs)
        if len(calls) == 2:  # the first clears a stale temporary folder; the second runs after the swap
            raise KeyboardInterrupt

    monkeypatch.setattr(output.shutil, 'rmtree', interrupt_after_swap)
    assert run(project, 'build') == 130
    assert 'out holds the new build' in capsys.readouterr().err
    monkeypatch.undo()
    assert 'Keep' in (project / 'out' / 'sub' / 'model.html').read_text()
    assert run(project, 'check') == 0


KILLER = textwrap.dedent(
    """
    import os, signal, sys
    from sitegen import output
    from sitegen.cli import main
    point = sys.argv[1]
    real_rename, real_write = os.rename, output.Path.write_bytes
    def rename(src, dst):
        real_rename(src, dst)
        if point == 'between-renames' and '.old-' in str(dst):
            os.kill(os.getpid(), signal.SIGKILL)
    def write_bytes(self, data):
        if point == 'while-writing' and '.tmp-' in str(self):
            os.kill(os.getpid(), signal.SIGKILL)
        return real_write(self, data)
    def exchange(a, b):
        done = real_exchange(a, b)
        if point == 'after-exchange':
            os.kill(os.getpid(), signal.SIGKILL)
        return done
    real_exchange = output._exchange
    output.os.rename = rename
    output.Path.write_bytes = write_bytes
    output._exchange = exchange
    sys.exit(main(['--root', sys.argv[2], 'build']))
    """
)


@pytest.mark.parametrize('point', ['while-writing', 'between-renames', 'after-exchange'])
def test_sigkill_at_any_point_leaves_the_old_or_the_new_output(project: Path, tmp_path: Path, point):
    assert run(project, 'build') == 0
    before = snapshot(project / 'out')
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    env = {**os.environ, 'PYTHONPATH': f'{REPO}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'}
    if point == 'between-renames':
        env['SITEGEN_NO_EXCHANGE'] = '1'  # the two-rename swap of systems without an exchange
    script = tmp_path / 'killer.py'
    script.write_text(KILLER)
    done = subprocess.run([sys.executable, str(script), point, str(project)], env=env, cwd=project)
    assert done.returncode == -signal.SIGKILL
    # The next command puts things right before anything else, and then the output is whole.
    assert run(project, 'check') in (0, 1)
    after = snapshot(project / 'out')
    if point == 'after-exchange':
        assert 'Keep' in after['sub/model.html'].decode()
    else:
        assert after == before
    assert not [p.name for p in project.iterdir() if p.name.startswith('.out.')]
    assert run(project, 'build') == 0 and run(project, 'check') == 0


def test_two_builds_into_one_folder_take_turns(project: Path):
    assert run(project, 'build') == 0
    env = {**os.environ, 'PYTHONPATH': f'{REPO}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'}
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    held = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with output.lock(project / 'out'):
            held.set()
            release.wait(60)

    holder = threading.Thread(target=hold)
    holder.start()
    held.wait(10)
    proc = subprocess.Popen(
        [sys.executable, str(REPO / 'build_site.py'), 'build'],
        cwd=project,
        env=env,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    lines: list[str] = []
    waiting = threading.Event()

    def read() -> None:
        for line in proc.stderr:
            lines.append(line)
            if 'waiting for another build' in line:
                waiting.set()

    reader = threading.Thread(target=read)
    reader.start()
    try:
        assert waiting.wait(60), ''.join(lines)
        time.sleep(0.5)
        assert proc.poll() is None
        assert 'Keep' not in (project / 'out' / 'sub' / 'model.html').read_text()
    finally:
        release.set()
        holder.join()
    assert proc.wait(60) == 0, ''.join(lines)
    reader.join()
    assert 'Keep' in (project / 'out' / 'sub' / 'model.html').read_text()
