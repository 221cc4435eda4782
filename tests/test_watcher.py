"""Tests of `sitegen.serving.watcher`: watching the folders a build reads: sets of changed files, each once an
editor's writes pause."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from sitegen.reading.config import BUILTIN_TEMPLATES, SiteConfig
from sitegen.serving import watcher


def test_only_the_folders_the_build_reads_are_watched(tmp_path: Path):
    root = tmp_path / 'project'
    (root / 'pkg' / 'sub').mkdir(parents=True)
    (root / 'pkg' / '.git' / 'objects').mkdir(parents=True)
    (root / 'pkg' / '__pycache__').mkdir()
    (root / 'pkg' / 'usr').symlink_to('/usr', target_is_directory=True)
    (root / 'pkg' / 'everything').symlink_to('/', target_is_directory=True)
    (root / 'pkg' / 'again').symlink_to(root / 'pkg', target_is_directory=True)  # a loop
    (root / 'pkg' / 'sub' / 'up').symlink_to(root / 'pkg' / 'sub', target_is_directory=True)
    config = SiteConfig(root=root, source=Path('pkg'), cache=Path('translate_cache'))
    folders = watcher.watched_folders(watcher.watched_paths(config))
    shown = sorted(p.relative_to(root).as_posix() for p in folders if p.is_relative_to(root))
    assert shown == ['pkg', 'pkg/sub']
    assert all(p.is_relative_to(root) or p.is_relative_to(BUILTIN_TEMPLATES) for p in folders)
    assert len(folders) < 20


@pytest.mark.skipif(sys.platform != 'linux', reason='inotify')
def test_a_link_to_the_whole_file_system_costs_no_watch_and_no_rebuild(tmp_path: Path):
    root = tmp_path / 'project'
    (root / 'pkg').mkdir(parents=True)
    (root / 'pkg' / 'everything').symlink_to(tmp_path / 'elsewhere', target_is_directory=True)
    (tmp_path / 'elsewhere').mkdir()
    config = SiteConfig(root=root, source=Path('pkg'), cache=Path('translate_cache'))
    stop = threading.Event()
    seen: list[set[str]] = []

    def run() -> None:
        for changed in watcher.changes(watcher.watched_paths(config), stop):
            seen.append(changed)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    time.sleep(1.5)
    for i in range(5):
        (tmp_path / 'elsewhere' / f'noise{i}.py').write_text('x = 1\n')
        time.sleep(0.1)
    time.sleep(2)
    stop.set()
    thread.join(10)
    assert seen == []
