"""Tests of `sitegen.sources`: finding the sources: every `.py` file (and readme) of the documented
package, read once, with its page path."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from helpers import REPO, _secret, build_and_read, run, snapshot


def test_an_unreadable_source_is_an_error_naming_it(project, capsys, monkeypatch):
    real = Path.read_bytes

    def read_bytes(self):
        if self.name == 'model.py':
            raise PermissionError(13, 'Permission denied')
        return real(self)

    monkeypatch.setattr(Path, 'read_bytes', read_bytes)
    code, err = build_and_read(project, capsys)
    assert code == 1 and 'pkg/sub/model.py:1: cannot read' in err and 'Permission denied' in err


def test_a_source_whose_name_is_not_utf8_is_an_error_naming_it(project, capsys):
    import os

    name = os.fsencode(str(project / 'pkg')) + b'/bad\xff.py'
    with open(name, 'wb') as f:
        f.write(b'"""\n# Bad name\n"""\nx = 1\n')
    assert run(project, 'build', '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'Traceback' not in err and 'pkg/bad\\udcff.py:1: a file name that is not UTF-8' in err, err


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # a build that reads /dev/zero stops


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
