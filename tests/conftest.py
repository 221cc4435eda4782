"""Test settings and fixtures shared by every file."""

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from helpers import _git, make_project

# Locally each run explores new examples; in CI the examples are fixed, so a run that passed
# once passes again and a landing never depends on the luck of a draw.
settings.register_profile('ci', derandomize=True, print_blob=True)
if os.environ.get('CI'):
    settings.load_profile('ci')

CHROMIUM = os.environ.get('CHROMIUM') or shutil.which('chromium') or '/usr/bin/chromium'
CHROMIUM_ARGS = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
]


def _unavailable(reason: str):
    """Without a browser, browser tests are skipped on a developer's machine and fail in CI."""
    if os.environ.get('CI'):
        pytest.fail(f'{reason}: browser tests must run in CI')
    pytest.skip(reason)


@pytest.fixture(scope='session')
def browser():
    """Debian's Chromium, driven by Playwright, for the whole test session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable('playwright is not installed (pip install playwright)')
    if not Path(CHROMIUM).exists():
        _unavailable(f'no Chromium at {CHROMIUM} (apt-get install chromium)')
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope='module')
def labml_home(tmp_path_factory):
    """labml keeps a list of projects in `~/.labml`: a temporary home for a module's training runs, which
    read no `TINY_SHAKESPEARE` of the user's and use one thread (the tiny models gain nothing from more,
    and it is robust to a busy machine)."""
    import torch

    from labml_nn.helpers import download

    home = tmp_path_factory.mktemp('home')
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv('HOME', str(home))
        mp.delenv(download.TINY_SHAKESPEARE_ENV, raising=False)
        yield home
    torch.set_num_threads(threads)


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """The small project of `helpers.make_project`; a test file may define a `project` of its own."""
    from helpers import make_project

    return make_project(tmp_path / 'project')


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    root = make_project(tmp_path / 'project')
    (root / 'pkg' / 'sub' / 'other.py').write_text('"""\n# Other page\n"""\nx = 1\n')
    _git(root, 'init', '-q')
    _git(root, 'add', '.')
    _git(root, 'commit', '-qm', 'first')
    return root
