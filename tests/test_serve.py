"""`build_site.py serve`: a real server process on a free port, a fixture package edited under it."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from sitegen.web import inject_reload

ROOT = Path(__file__).resolve().parents[1]

PYPROJECT = """
[tool.site]
title = "Served"
url = "https://example.org/"
repository = "https://github.com/example/served"
source = "pkg"
output = "out"
languages = ["en"]
"""

MODEL = '''"""
# The model

First version.
"""

def f(x):
    # Double it
    return 2 * x
'''


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def _until(check, what: str, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f'timed out waiting for {what}')


@contextlib.contextmanager
def start_server(tmp_path: Path):
    """`serve --port 0` on a fixture package in `tmp_path`: (URL, root, process, output lines)."""
    (tmp_path / 'pyproject.toml').write_text(PYPROJECT)
    (tmp_path / 'pkg').mkdir()
    (tmp_path / 'pkg' / '__init__.py').write_text('"""\n# Home\n"""\n')
    (tmp_path / 'pkg' / 'model.py').write_text(MODEL)
    (tmp_path / 'pkg' / 'sub').mkdir()
    (tmp_path / 'pkg' / 'sub' / '__init__.py').write_text('"""\n# Sub\n"""\n')
    env = {**os.environ, 'PYTHONUNBUFFERED': '1'}
    proc = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / 'build_site.py'),
            '--root',
            str(tmp_path),
            'serve',
            '--port',
            '0',
            '--jobs',
            '1',
            '--templates',
            str(tmp_path / 'tpl'),
        ],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 60
        url = None
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            m = re.search(r'serving (http://\S+)', line)
            url = m.group(1) if m else None
        assert url, 'server did not start:\n' + ''.join(lines)
        yield url, tmp_path, proc, lines
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        if proc.stdout:
            # pytest shows this for a failing test only: what the server said while it ran.
            print('--- server output ---\n' + ''.join(lines) + proc.stdout.read())
            proc.stdout.close()


@pytest.fixture
def server(tmp_path: Path):
    with start_server(tmp_path) as running:
        yield running


def test_serve_rebuilds_reloads_and_survives_errors(server):
    url, root, proc, _ = server
    assert url.startswith('http://127.0.0.1:')
    status, page = _get(url + 'model.html')
    assert status == 200 and 'First version.' in page
    # The reload hook is in served pages only, never in the built files.
    assert '/__reload' in page
    status, home = _get(url)
    assert status == 200 and '<h1>Home</h1>' in home
    assert _get(url + 'sub/')[0] == 200 and _get(url + 'sub')[0] == 200  # redirected to sub/
    first = json.loads(_get(url + '__reload')[1])
    assert first['error'] == ''

    model = root / 'pkg' / 'model.py'
    model.write_text(MODEL.replace('First version.', 'Second version.'))
    _until(lambda: 'Second version.' in _get(url + 'model.html')[1], 'the edited page')
    second = json.loads(_get(url + '__reload')[1])
    assert second['build'] > first['build'] and second['error'] == ''

    model.write_text(MODEL + '\ndef broken(:\n')
    state = _until(lambda: (s := json.loads(_get(url + '__reload')[1]))['error'] and s, 'the error')
    assert 'model.py' in state['error'] and state['build'] == second['build']
    # Still up, still serving the last good page.
    status, page = _get(url + 'model.html')
    assert status == 200 and 'Second version.' in page
    assert proc.poll() is None

    model.write_text(MODEL.replace('First version.', 'Fixed.'))
    _until(lambda: 'Fixed.' in _get(url + 'model.html')[1], 'the fixed page')
    assert json.loads(_get(url + '__reload')[1])['error'] == ''


def test_template_error_is_shown_and_a_missing_page_still_reloads(server):
    url, root, proc, lines = server
    status, page = _get(url + 'nowhere.html')
    assert status == 404 and '/__reload' in page
    templates = root / 'tpl'
    (templates / 'static').mkdir(parents=True)
    (templates / 'static' / 'extra.css').write_text('p { color: red }')
    _until(lambda: _get(url + 'static/extra.css')[0] == 200, 'a new static file')

    (templates / 'page.html').write_text('{% extends "frame.html" %}{% block content %}')
    state = _until(lambda: (s := json.loads(_get(url + '__reload')[1]))['error'] and s, 'the error')
    assert 'TemplateSyntaxError' in state['error']
    assert _get(url + 'model.html')[0] == 200 and proc.poll() is None

    (templates / 'page.html').unlink()
    _until(lambda: not json.loads(_get(url + '__reload')[1])['error'], 'recovery')
    proc.terminate()
    output = ''.join(lines) + proc.stdout.read()
    assert 'TemplateSyntaxError' in output and 'build failed' in output


def test_inject_reload_puts_the_script_before_body_end():
    out = inject_reload(b'<html><body><p>x</p></body></html>', 7)
    assert out.endswith(b'</script>\n</body></html>') and b'})(7)' in out
    assert inject_reload(b'no body', 1).startswith(b'no body<script>')
