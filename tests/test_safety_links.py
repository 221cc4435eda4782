"""Symbolic links and special files: the build never writes through a link it did not make, and
publishes nothing from outside the source tree."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from test_site import make_project, run, snapshot

REPO = Path(__file__).resolve().parents[1]


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


# ---------------------------------------------------------------- links and special files among the sources


def build_and_read(project: Path, capsys, *args: str) -> tuple[int, str]:
    code = run(project, 'build', *args)
    err = capsys.readouterr().err
    assert 'Traceback' not in err
    return code, err


def _secret(tmp_path: Path) -> Path:
    secret = tmp_path / 'secret'
    secret.mkdir()
    (secret / 'passwords.py').write_text('"""\n# Secret page\n"""\nkey = "hunter2"\n')
    (secret / 'photo.png').write_bytes(b'\x89PNG secret')
    return secret


def test_a_source_linked_from_outside_the_tree_is_skipped_with_a_warning(project, tmp_path, capsys):
    secret = _secret(tmp_path)
    pkg = project / 'pkg'
    (pkg / 'passwd.py').symlink_to(secret / 'passwords.py')
    (pkg / 'stolen').symlink_to(secret, target_is_directory=True)
    code, err = build_and_read(project, capsys)
    assert code == 0
    assert 'pkg/passwd.py:1: a link to' in err and 'outside the source folder: skipped' in err
    assert 'pkg/stolen:1: a link to' in err
    published = snapshot(project / 'out')
    assert 'passwd.html' not in published and not any(rel.startswith('stolen') for rel in published)
    assert not any(b'hunter2' in data or b'PNG secret' in data for data in published.values())
    assert build_and_read(project, capsys, '--strict')[0] == 1  # a warning: --strict fails on it


def test_a_link_inside_the_tree_is_followed_once_and_a_loop_ends(project, capsys):
    pkg = project / 'pkg'
    (pkg / 'alias.py').symlink_to(pkg / 'sub' / 'model.py')
    (pkg / 'again').symlink_to(pkg / 'sub', target_is_directory=True)
    (pkg / 'sub' / 'up').symlink_to(pkg, target_is_directory=True)  # a loop
    code, err = build_and_read(project, capsys)
    assert code == 0
    out = project / 'out'
    assert (out / 'alias.html').read_text().count('Thing') >= 1
    assert (out / 'sub' / 'model.html').exists()
    assert 'pkg/sub/up:1: a link to' in err and 'already documented' in err


def test_a_fifo_among_the_sources_is_skipped_unopened(project, capsys):
    fifo = project / 'pkg' / 'x.py'
    os.mkfifo(fifo)
    # Opening a FIFO for reading blocks until a writer comes: a build that opened it would hang. A
    # writer that can open it (only while a reader has it open) ends that wait and tells the test.
    opened, done = [], threading.Event()

    def writer() -> None:
        while not done.wait(0.05):
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # ENXIO: nobody reads it
                continue
            opened.append(True)
            os.close(fd)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        code, err = build_and_read(project, capsys)
    finally:
        done.set()
        thread.join()
    assert not opened, 'the build opened the FIFO'
    assert code == 0 and 'pkg/x.py:1: a FIFO, not a file: skipped' in err
    assert not (project / 'out' / 'x.html').exists()


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # a build that reads /dev/zero stops


def test_a_source_linked_to_a_device_is_skipped(project):
    (project / 'pkg' / 'zero.py').symlink_to('/dev/zero')
    command = [sys.executable, str(REPO / 'build_site.py'), '--root', str(project), 'build', '--jobs', '1']
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=60, preexec_fn=_limited, env=os.environ
        )
    except subprocess.TimeoutExpired:
        pytest.fail('the build read /dev/zero for a minute')
    assert done.returncode == 0, done.stderr
    assert 'pkg/zero.py:1: a link to /dev/zero, outside the source folder' in done.stderr


def test_a_source_over_the_size_limit_is_an_error_naming_it(project, capsys):
    big = project / 'pkg' / 'big.py'
    big.write_text('x = 1\n' * 2000)  # 12,000 bytes
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text() + 'max_source_mb = 0.01\n')
    code, err = build_and_read(project, capsys)
    assert (
        code == 1 and 'pkg/big.py:1: 0.0114 MB, over the limit of 0.01 MB' in err and 'max_source_mb' in err
    )
    assert not (project / 'out').exists()
    toml.write_text(toml.read_text().replace('max_source_mb = 0.01\n', 'max_source_mb = "big"\n'))
    code, err = build_and_read(project, capsys)
    assert code == 2 and 'max_source_mb must be a positive number' in err
    toml.write_text(toml.read_text().replace('max_source_mb = "big"\n', ''))
    assert build_and_read(project, capsys)[0] == 0  # 5 MB by default


def test_an_image_linked_from_outside_the_tree_is_not_copied(project, tmp_path, capsys):
    secret = _secret(tmp_path)
    pkg = project / 'pkg'
    (pkg / 'photo.png').symlink_to(secret / 'photo.png')
    home = pkg / '__init__.py'
    home.write_text(home.read_text().replace('![diagram]', '![photo](photo.png)\n\n![diagram]'))
    code, err = build_and_read(project, capsys)
    assert "broken link 'photo.png'" in err
    assert not (project / 'out' / 'photo.png').exists()


# ---------------------------------------------------------------- addresses every page links to


@pytest.mark.parametrize(
    'value', ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'github.com/x']
)
def test_a_repository_that_is_not_a_web_address_is_an_error_naming_the_setting(project, capsys, value):
    toml = project / 'pyproject.toml'
    text = toml.read_text()
    toml.write_text(text.replace('https://github.com/example/fixture', value))
    code, err = build_and_read(project, capsys)
    assert code == 2 and '[tool.site] repository' in err and 'http:// or https://' in err
    assert not (project / 'out').exists()
    toml.write_text(text)
    code, err = build_and_read(project, capsys, '--set', f'repository={value}')
    assert code == 2 and '--set repository' in err
    assert not (project / 'out').exists()


# ---------------------------------------------------------------- a large source costs its size, not its square


def _paragraphs(count: int, linked: bool) -> str:
    if linked:
        return ''.join(f'Paragraph {i} links to [the page](index.html#p{i}).\n\n' for i in range(count))
    return ''.join(f'Paragraph {i} links to [the page] index.html#p{i}.\n\n' for i in range(count))


def _timed_build(project: Path, text: str) -> float:
    (project / 'pkg' / 'big.py').write_text(f'"""\n# Big\n\n{text}"""\nx = 1\n')
    started = time.perf_counter()
    assert run(project, 'build', '--jobs', '1', '--no-cache', '--quiet') == 0
    return time.perf_counter() - started


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


def test_a_link_left_beside_the_output_by_an_older_version_is_removed_not_followed(project, tmp_path):
    kept = tmp_path / 'kept'
    kept.mkdir()
    (kept / 'index.html').write_text('not ours')
    left = project / f'.out.tmp-{os.getpid() + 1}'
    left.symlink_to(kept, target_is_directory=True)
    assert run(project, 'build') == 0
    assert not os.path.lexists(left) and (kept / 'index.html').read_text() == 'not ours'
