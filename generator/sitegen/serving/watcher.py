"""Watching the folders a build reads: sets of changed files, each once an editor's writes pause.

The folders are watched through the operating system's file events (`watchfiles`: inotify,
FSEvents, ReadDirectoryChangesW); on a file system without them (some network or container mounts)
set `WATCHFILES_FORCE_POLLING=1`, and where the watches cannot be set up `serve` says so and polls.
Editors save in several steps (a temporary file, a backup, a rename), so a rebuild starts once no
change has come for `STEP_MS`. Hidden files and folders, `__pycache__` and editors' temporary files
(`*~`, `#*#`, `*.swp`, vim's `4913`...) are ignored. Events that arrive during a rebuild start the
next one. The first build may fork a process pool, so the watcher starts after it, and compares a
snapshot of modification times taken before that build, so an edit made meanwhile is not missed.
A watched folder that does not exist yet (a `--templates` folder made later) is looked for once a
second; when one appears or goes, the watcher restarts and the site is rebuilt.

Each folder is watched on its own: hidden folders are not, and a link to a folder is followed only
when it leads inside the watched folder (a link to `/usr` or `/` costs no watch and starts no rebuild).
"""

from __future__ import annotations

import contextlib
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from sitegen.reading.config import SiteConfig
from sitegen.reading.sources import tree_folders

STEP_MS = 50  # a rebuild starts once no new change has come for this long
MAX_GROUP_MS = 1600  # ... or once changes have kept coming for this long
FOLDER_CHECK_MS = 1000  # how often a missing watched folder is looked for

# Editors' temporary and backup files, and compiled Python: never part of the site.
EDITOR_TEMP = re.compile(
    r'(~|\.sw[a-p]|\.tmp|\.bak|\.kate-swp|\.crswap|___jb_\w+___|\.py[cod])$|^#.*#$|^4913$'
)


def watched_paths(config: SiteConfig) -> list[Path]:
    """Folders whose files change the site: sources, templates, translation caches."""
    return [
        config.root / config.source,
        config.root / config.cache,
        *config.template_dirs(),
        *(config.root / folder for folder in config.assets),
    ]


def is_site_file(path: str | Path, folders: list[Path]) -> bool:
    """False for hidden files and folders, `__pycache__` and editors' temporary files."""
    p = Path(path)
    parts = next((p.relative_to(f).parts for f in folders if p.is_relative_to(f)), (p.name,))
    if any(part.startswith('.') or part == '__pycache__' for part in parts):
        return False
    return not EDITOR_TEMP.search(p.name)


def snapshot_mtimes(folders: list[Path]) -> dict[str, int]:
    """(path -> mtime) of every site file under the folders."""
    seen: dict[str, int] = {}
    for folder in folders:
        for directory in tree_folders(folder):
            try:
                entries = list(directory.iterdir())
            except OSError:
                continue
            for path in entries:
                with contextlib.suppress(OSError):  # a file gone meanwhile
                    if is_site_file(path, [folder]) and path.is_file():
                        seen[str(path)] = path.stat().st_mtime_ns
    return seen


def watched_folders(folders: list[Path]) -> list[Path]:
    """Each folder to watch (on its own, not recursively): the folders the build reads."""
    return [directory for folder in folders for directory in tree_folders(folder)]


def _differ(before: dict[str, int], after: dict[str, int]) -> set[str]:
    return set(before) ^ set(after) | {p for p in after if before.get(p) != after[p]}


def changes(
    folders: list[Path], stop: threading.Event, before: dict[str, int] | None = None
) -> Iterator[set[str]]:
    """Sets of changed site files, each once the writes have paused; ends when `stop` is set.

    `before` is a snapshot of the files taken earlier (before the first build): what changed since
    then is reported once the watcher runs. Events that come while the caller handles a set are
    kept for the next one.
    """
    import watchfiles

    present = watched_folders(folders)
    pending: set[str] = set()
    polling: bool | None = None  # None: events, unless WATCHFILES_FORCE_POLLING is set
    while not stop.is_set():
        if not present:
            stop.wait(FOLDER_CHECK_MS / 1000)
        else:
            try:
                for batch in watchfiles.watch(
                    *present,
                    watch_filter=lambda _change, path: is_site_file(path, folders),
                    step=STEP_MS,
                    debounce=MAX_GROUP_MS,
                    rust_timeout=FOLDER_CHECK_MS,
                    yield_on_timeout=True,
                    stop_event=stop,
                    ignore_permission_denied=True,
                    force_polling=polling,
                    recursive=False,
                ):
                    # The watcher runs from here on: what changed before it started is seen now.
                    changed = {path for _, path in batch} | pending
                    pending = set()
                    if before is not None:
                        changed |= _differ(before, snapshot_mtimes(folders))
                        before = None
                    if changed:
                        yield changed
                    if watched_folders(folders) != present:
                        break
            except FileNotFoundError:  # a folder went between the look and the start
                stop.wait(FOLDER_CHECK_MS / 1000)
            except OSError as e:  # no file events here (say, the system's limit on watches is reached)
                if polling:
                    raise
                print(
                    f'cannot watch files through file events ({e}); looking for changes every 0.3 s instead',
                    file=sys.stderr,
                    flush=True,
                )
                polling = True
                pending |= {str(f) for f in present}  # rebuild once: an edit may have come meanwhile
        now = watched_folders(folders)
        # Reported from inside the next watcher, so that nothing written meanwhile is missed.
        pending |= {str(f) for f in set(now) ^ set(present)}
        present = now
