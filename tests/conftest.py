"""Test settings and fixtures shared by every file."""

import os
import shutil
import signal
from pathlib import Path

import pytest
from hypothesis import settings

# Locally each run explores new examples; in CI the examples are fixed, so a run that passed
# once passes again and a landing never depends on the luck of a draw.
settings.register_profile('ci', derandomize=True, print_blob=True)
if os.environ.get('CI'):
    settings.load_profile('ci')

# One thread a process for torch (and anything else OpenMP runs), set before torch is loaded: the
# tests' models are tiny, and two test processes and a browser share the cores. With OpenMP's
# default of a thread a core, a few steps of a tiny Transformer-XL took 109 s in the suite against
# 5 s alone, its threads waiting on each other. Commands the tests start inherit it.
os.environ.setdefault('OMP_NUM_THREADS', '1')

# The tests that press Ctrl-C on a command (SIGINT to its process group) expect it to reach the
# command, as in a terminal's foreground job. A background job (`make test &`) starts with SIGINT
# ignored, and every command it starts would inherit that and build on; a handler of this process's
# own is not inherited: the commands start with SIGINT as a terminal gives it.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

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
    """The small project, committed in a git repository of its own."""
    from helpers import make_project, run_git

    root = make_project(tmp_path / 'project')
    (root / 'pkg' / 'sub' / 'other.py').write_text('"""\n# Other page\n"""\nx = 1\n')
    run_git(root, 'init', '-q')
    run_git(root, 'add', '.')
    run_git(root, 'commit', '-qm', 'first')
    return root


@pytest.fixture()
def labml_style_project(tmp_path: Path) -> Path:
    """A copy of `tests/fixtures/labml_style`, a package written for labml's annotated-source tool."""
    from helpers import LABML_STYLE

    return Path(shutil.copytree(LABML_STYLE, tmp_path / 'lab'))


@pytest.fixture(scope='session')
def labml_style_site(tmp_path_factory) -> dict[str, str]:
    """The labml-style fixture built in English and Chinese: its files' text by site path (built once: the
    tests of several files read it)."""
    from helpers import LABML_STYLE
    from sitegen.building.build import build
    from sitegen.reading.config import load_config

    root = Path(shutil.copytree(LABML_STYLE, tmp_path_factory.mktemp('site') / 'lab'))
    result = build(load_config(root), ('en', 'zh'), jobs=1)
    assert result.ok
    return {rel: data.decode() for rel, data in result.files.items() if rel.endswith('.html')}


@pytest.fixture()
def literate_project(tmp_path: Path) -> Path:
    """A copy of `tests/fixtures/literate`, a package written for the literate tools that came before."""
    from helpers import LITERATE

    return Path(shutil.copytree(LITERATE, tmp_path / 'literate'))


@pytest.fixture(scope='session')
def mha_work(tmp_path_factory) -> Path:
    """The build cache of the builds of the MHA page: its formulas typeset once for the whole session."""
    return tmp_path_factory.mktemp('build-cache')


@pytest.fixture(scope='session')
def mha_seeded(tmp_path_factory, mha_work):
    """The project built with the MHA page's seed caches (`helpers.SEED_FILES`) in en, zh and ja (built once:
    the tests of several files read it)."""
    from helpers import run_build, seed_cache

    return run_build(seed_cache(tmp_path_factory.mktemp('seeds')), mha_work)


@pytest.fixture
def repository_copy(tmp_path) -> Path:
    """A copy of this project (its pyproject, `labml_nn`, templates) with the MHA page's seed caches."""
    from helpers import ROOT, seed_cache

    for name in ('pyproject.toml',):
        shutil.copyfile(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / 'labml_nn', tmp_path / 'labml_nn', ignore=shutil.ignore_patterns('__pycache__'))
    shutil.copytree(ROOT / 'templates', tmp_path / 'templates')
    seed_cache(tmp_path / 'translate_cache')
    return tmp_path
