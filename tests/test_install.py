"""The generator installs for a project of any author: one pip install gives the `annotated-site`
command, with its templates and static files inside what pip installed, and no torch."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow  # builds and installs the distribution

PYPROJECT = """
[project]
name = "someone-elses-project"
version = "1.0"

[tool.site]
title = "Someone else's notes"
url = "https://notes.example.org/"
repository = "https://github.com/someone/notes"
source = "notes"
output = "public"
"""

HOME = '''"""
# Notes

The [model](model.html) computes $\\\\sigma(x) = \\\\frac{1}{1 + e^{-x}}$.
"""
'''

MODEL = '''"""
# A model
"""

import math


def sigmoid(x):
    # The logistic function
    return 1 / (1 + math.exp(-x))
'''


@pytest.fixture(scope='module')
def installed(tmp_path_factory) -> Path:
    """The distribution built from `generator/` and installed on its own into a folder."""
    work = tmp_path_factory.mktemp('install')
    source = shutil.copytree(
        REPO / 'generator', work / 'generator', ignore=shutil.ignore_patterns('build', '*.egg-info')
    )
    target = work / 'site-packages'
    subprocess.run(
        [
            sys.executable,
            '-m',
            'pip',
            'install',
            '--quiet',
            '--no-deps',
            '--no-build-isolation',
            '--target',
            str(target),
            str(source),
        ],
        check=True,
    )
    return target


def command(installed: Path, *args: str, cwd: Path, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, 'PYTHONPATH': str(installed)}
    return subprocess.run(
        [str(installed / 'bin' / 'annotated-site'), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        **kwargs,
    )


def test_the_distribution_needs_no_torch_and_carries_its_templates(installed):
    metadata = next(installed.glob('annotated_site-*.dist-info')) / 'METADATA'
    requires = [line for line in metadata.read_text().splitlines() if line.startswith('Requires-Dist:')]
    assert requires and not any('torch' in r or 'labml' in r for r in requires)
    assert (installed / 'sitegen' / 'templates' / 'page.html').is_file()
    assert (installed / 'sitegen' / 'templates' / 'static' / 'katex' / 'katex.min.css').is_file()
    # The complete default look, without this repository's own `templates/` folder.
    for name in ('frame.html', 'strings.json', 'reload.js', 'static/site.css', 'static/site.js'):
        assert (installed / 'sitegen' / 'templates' / name).is_file(), name
    for name in ('favicon.svg', 'favicon.ico', 'colab-badge.svg'):
        assert (installed / 'sitegen' / 'templates' / 'static' / name).is_file(), name
    assert (installed / 'sitegen' / 'vendor' / 'katex' / 'katex.min.js').is_file()


def test_the_installed_command_builds_checks_and_serves_another_project(installed, tmp_path):
    project = tmp_path / 'notes-project'
    (project / 'notes').mkdir(parents=True)
    (project / 'pyproject.toml').write_text(PYPROJECT)
    (project / 'notes' / '__init__.py').write_text(HOME)
    (project / 'notes' / 'model.py').write_text(MODEL)

    version = command(installed, '--version', cwd=project)
    assert version.returncode == 0 and version.stdout.strip() == 'annotated-site 0.2.0'
    where = subprocess.run(
        [sys.executable, '-c', 'import sitegen; print(sitegen.__file__)'],
        env={**os.environ, 'PYTHONPATH': str(installed)},
        capture_output=True,
        text=True,
        cwd=project,
    )
    assert where.stdout.startswith(str(installed))  # the installed copy, not this checkout

    built = command(installed, 'build', '--strict', cwd=project)
    assert built.returncode == 0, built.stderr
    page = (project / 'public' / 'model.html').read_text()
    assert 'The logistic function' in page and 'data-n="10"' in page
    assert 'class="katex"' in (project / 'public' / 'index.html').read_text()
    assert (project / 'public' / 'static' / 'site.css').is_file()
    assert 'https://github.com/someone/notes/blob/{commit}/notes/model.py' in page  # site.js pins it
    assert (project / 'public' / 'model.py').read_bytes() == (project / 'notes' / 'model.py').read_bytes()
    checked = command(installed, 'check', '--strict', cwd=project)
    assert checked.returncode == 0, checked.stderr

    env = {**os.environ, 'PYTHONPATH': str(installed), 'PYTHONUNBUFFERED': '1'}
    proc = subprocess.Popen(
        [str(installed / 'bin' / 'annotated-site'), 'serve', '--port', '0', '--jobs', '1'],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        url = None
        deadline = time.monotonic() + 60
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if line.startswith('serving '):
                url = line.split()[1]
        assert url, 'serve did not start'
        for _ in range(100):
            try:
                with urllib.request.urlopen(url + 'model.html', timeout=5) as response:
                    body = response.read().decode()
                break
            except OSError:
                time.sleep(0.2)
        assert 'The logistic function' in body
    finally:
        proc.terminate()
        proc.wait(10)
