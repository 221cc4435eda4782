"""The commit a site is built from, named in every "Report a problem" link.

It comes from `git rev-parse HEAD` in the project folder, or from `--set commit=...`; without
git (a copy of the sources, an installed package) it is unknown and the reports leave it out.
`check` compares the output with a build of the commit the output names, so that committing a
freshly built site does not make it stale.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

_SHA = re.compile(r'^[0-9a-f]{7,64}$')
_META = re.compile(r'<meta name="source-commit" content="([0-9a-f]{7,64})?">')


def current_commit(root: Path) -> str:
    """The commit checked out in `root`'s repository; '' without git or outside a repository."""
    try:
        done = subprocess.run(
            ['git', 'rev-parse', 'HEAD'], cwd=root, capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return ''
    sha = done.stdout.strip()
    return sha if done.returncode == 0 and _SHA.match(sha) else ''


def recorded_commit(output: Path) -> str | None:
    """The commit an existing output folder was built from, as its home page names it; None when
    it names none (or there is no output)."""
    try:
        head = (output / 'index.html').read_text(encoding='utf-8', errors='replace')[:8192]
    except OSError:
        return None
    m = _META.search(head)
    return (m.group(1) or '') if m else None


def valid(sha: str) -> bool:
    """A commit as `--set commit=` may give it: hexadecimal, or empty for none."""
    return not sha or bool(_SHA.match(sha))
