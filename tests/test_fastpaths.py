"""The fast paths (`sitegen.fastpaths`): each library's own output where they may not run, the same
site either way, and pages rebuilt when a library whose output reaches them changes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sitegen import fastpaths
from sitegen.building import build as build_module
from sitegen.building import uptodate
from sitegen.reading.config import load_config

ROOT = Path(__file__).resolve().parents[1]


def _probe(env: dict[str, str]) -> list[str]:
    """Which fast paths a new process takes, with `env`."""
    code = (
        'from sitegen.pages import highlight, markup; from sitegen.reading import parse;'
        'print(highlight._FAST, markup._FAST, parse._C_TOKENIZER is not None)'
    )
    out = subprocess.run(
        [sys.executable, '-c', code],
        env={**os.environ, 'PYTHONPATH': str(ROOT / 'generator'), **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.split()


def test_the_switch_turns_every_fast_path_off():
    on = _probe({fastpaths.SWITCH: '1'})
    assert on[:2] == ['True', 'True']  # the pinned Pygments and Markdown are the verified ones
    assert on[2] == str(sys.version_info[:2] == (3, 11))
    assert _probe({fastpaths.SWITCH: '0'}) == ['False', 'False', 'False']


def test_a_fast_path_gives_way_to_a_version_it_was_not_checked_against(monkeypatch):
    monkeypatch.delenv(fastpaths.SWITCH, raising=False)
    assert fastpaths.enabled('markdown', fastpaths.VERIFIED['markdown'][0])
    assert not fastpaths.enabled('markdown', '3.5.2')
    assert not fastpaths.enabled('pygments', '2.17.2')
    assert not fastpaths.enabled('python', '3.12')


def test_library_versions_are_those_installed():
    from importlib.metadata import version

    found = dict(line.split('==', 1) for line in uptodate.library_versions())
    assert found.pop('python') == sys.version
    assert found == {name: version(name) for name in uptodate.LIBRARIES.values()}


def test_a_new_library_version_rebuilds_every_page(tmp_path: Path, monkeypatch, capsys):
    """The page cache's key holds the versions of the libraries whose output reaches a page."""
    from helpers import make_project

    project = make_project(tmp_path / 'project')
    config = load_config(project)
    cache = project / '.build_cache'
    progress = build_module.Progress()
    build_module.build(config, ('en',), jobs=1, cache_dir=cache, progress=progress)
    build_module.build(config, ('en',), jobs=1, cache_dir=cache, progress=progress)
    assert '3 sources, 3 unchanged, 0 to build' in capsys.readouterr().err
    versions = uptodate.library_versions()
    upgraded = [v.replace('Pygments==', 'Pygments==0.') for v in versions]
    monkeypatch.setattr(build_module, 'library_versions', lambda: upgraded)
    build_module.build(config, ('en',), jobs=1, cache_dir=cache, progress=progress)
    assert '3 sources, 0 unchanged, 3 to build' in capsys.readouterr().err


@pytest.mark.slow
def test_the_libraries_alone_make_the_same_site(tmp_path: Path):
    """The comparison of every fast path at once: this project's site in every language, built with
    the fast paths and without them (Pygments, Markdown and `tokenize` doing all the work), byte for byte."""
    sites = {}
    for switch in ('1', '0'):
        out = tmp_path / f'site-{switch}'
        subprocess.run(
            [
                sys.executable,
                str(ROOT / 'build_site.py'),
                'build',
                '--lang',
                'all',
                '--no-cache',
                '--out',
                str(out),
            ],
            cwd=ROOT,
            env={**os.environ, fastpaths.SWITCH: switch},
            capture_output=True,
            check=True,
        )
        sites[switch] = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob('*') if p.is_file()}
    assert sites['1'].keys() == sites['0'].keys()
    assert [rel for rel in sites['1'] if sites['1'][rel] != sites['0'][rel]] == []
