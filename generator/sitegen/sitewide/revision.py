"""The commit a site is built from, named in every "Report a problem" link and the page's BibTeX.

It comes from `git rev-parse HEAD` in the project folder, or from `--set commit=...`; without
git (a copy of the sources, an installed package) it is unknown and the reports leave it out.
One small file of the site names it (`COMMIT_FILE`, a script every page loads, which works from
file:// too), so that a new commit changes that file alone and no page. `check` compares the
output with a build of the commit the output names, so that committing a freshly built site does
not make it stale.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

_SHA = re.compile(r'^[0-9a-f]{7,64}$')
COMMIT_FILE = 'static/source-commit.js'  # in the site; its pages set `self.sourceCommit` from it
_SCRIPT = re.compile(r'^self\.sourceCommit = "([0-9a-f]{7,64})?";$', re.MULTILINE)


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


def commit_script(commit: str) -> bytes:
    """`COMMIT_FILE`: the commit (checked to be hexadecimal, or '' when unknown) for the pages."""
    assert valid(commit), commit
    return f'self.sourceCommit = "{commit}";\n'.encode()


def recorded_commit(output: Path) -> str | None:
    """The commit an existing output folder was built from, as its `COMMIT_FILE` names it; None when
    it names none (or there is no output, or one written before that file, which is stale anyway)."""
    try:
        script = (output / COMMIT_FILE).read_text(encoding='utf-8', errors='replace')
    except OSError:
        return None
    found = _SCRIPT.search(script)
    return (found.group(1) or '') if found else None


def valid(sha: str) -> bool:
    """A commit as `--set commit=` may give it: hexadecimal, or empty for none."""
    return not sha or bool(_SHA.match(sha))
