"""Tests of `sitegen.files`: a file written whole or not at all, one that names its own state, and what a
failed write says."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from sitegen import files


def _leftovers(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith('.tmp'))


def test_a_file_is_replaced_whole_and_keeps_its_mode(tmp_path):
    path = tmp_path / 'cache' / 'entry.bin'
    files.write_atomic(path, b'first')  # its folder made as well
    assert path.read_bytes() == b'first'
    os.chmod(path, 0o640)
    inode = path.stat().st_ino
    files.write_atomic(path, b'second')
    assert path.read_bytes() == b'second'
    assert path.stat().st_ino != inode  # a new file renamed over the old, not the old one rewritten
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert _leftovers(path.parent) == []


def test_a_new_file_gets_the_mode_open_would_give_it(tmp_path):
    files.write_atomic(tmp_path / 'new.bin', b'x')
    with open(tmp_path / 'plain.bin', 'wb') as f:
        f.write(b'x')
    mode = stat.S_IMODE((tmp_path / 'new.bin').stat().st_mode)
    assert mode == stat.S_IMODE((tmp_path / 'plain.bin').stat().st_mode)
    mask = os.umask(0)
    os.umask(mask)
    assert mode == 0o666 & ~mask  # not the temporary file's own 0600


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary_one(tmp_path):
    path = tmp_path / 'entry.bin'
    path.write_bytes(b'kept')
    with pytest.raises(TypeError):
        files.write_atomic(path, 'not bytes')  # type: ignore[arg-type]
    assert path.read_bytes() == b'kept'
    assert _leftovers(tmp_path) == []


def test_a_failed_rename_names_the_file_it_was_writing(tmp_path, monkeypatch):
    path = tmp_path / 'entry.bin'

    def full(src, dst):
        raise OSError(errno.ENOSPC, 'No space left on device')

    monkeypatch.setattr(files.os, 'replace', full)
    with pytest.raises(OSError) as raised:
        files.write_atomic(path, b'data')
    assert raised.value.errno == errno.ENOSPC and raised.value.filename == str(path)
    assert not path.exists() and _leftovers(tmp_path) == []
    message = files.io_problem(raised.value)
    assert 'entry.bin: No space left on device; free some space' in message
    assert message.endswith('Nothing was written to the output folder')


def test_a_stamped_file_names_the_inode_and_time_that_stat_then_gives(tmp_path):
    path = tmp_path / 'page.entry'
    seen = []

    def head(inode: int, mtime_ns: int) -> bytes:
        seen.append((inode, mtime_ns))
        return f'{inode} {mtime_ns}\n'.encode()

    files.write_stamped(path, head, [b'one ', b'two'])
    state = path.stat()
    assert seen == [(state.st_ino, state.st_mtime_ns)]
    assert state.st_mtime_ns % files.STAMP_NS == 0
    assert path.read_bytes() == f'{state.st_ino} {state.st_mtime_ns}\none two'.encode()
    assert _leftovers(tmp_path) == []
