"""`build_site.py serve`: a real server process on a free port, a fixture package edited under it."""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

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


def _head(url: str) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method='HEAD'), timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def _until(check, what: str, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f'timed out waiting for {what}')


def _serve_command(root: Path, *args: str) -> list[str]:
    return [sys.executable, str(ROOT / 'build_site.py'), '--root', str(root), 'serve', *args]


def _write_fixture(root: Path) -> None:
    (root / 'pyproject.toml').write_text(PYPROJECT)
    (root / 'pkg').mkdir()
    (root / 'pkg' / '__init__.py').write_text('"""\n# Home\n"""\n')
    (root / 'pkg' / 'model.py').write_text(MODEL)
    (root / 'pkg' / 'sub').mkdir()
    (root / 'pkg' / 'sub' / '__init__.py').write_text('"""\n# Sub\n"""\n')


@contextlib.contextmanager
def start_server(tmp_path: Path):
    """`serve --port 0` on a fixture package in `tmp_path`: (URL, root, process, output lines).

    The output lines keep growing while the server runs (a thread reads them)."""
    _write_fixture(tmp_path)
    env = {**os.environ, 'PYTHONUNBUFFERED': '1'}
    proc = subprocess.Popen(
        _serve_command(tmp_path, '--port', '0', '--jobs', '1', '--templates', str(tmp_path / 'tpl')),
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []

    def read() -> None:
        for line in proc.stdout:
            lines.append(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        found = _until(
            lambda: re.search(r'serving (http://\S+)', ''.join(lines)) or proc.poll() is not None,
            'the server to start',
            timeout=90,
        )
        assert found is not True and proc.poll() is None, 'server did not start:\n' + ''.join(lines)
        yield found.group(1), tmp_path, proc, lines
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        reader.join(timeout=10)
        # pytest shows this for a failing test only: what the server said while it ran.
        print('--- server output ---\n' + ''.join(lines))


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
    proc.wait(timeout=20)
    time.sleep(0.5)
    output = ''.join(lines)
    assert 'TemplateSyntaxError' in output and 'build failed' in output


def test_inject_reload_puts_the_script_before_body_end():
    out = inject_reload(b'<html><body><p>x</p></body></html>', 7)
    assert out.endswith(b'</script>\n</body></html>') and b'})(7)' in out
    assert inject_reload(b'no body', 1).startswith(b'no body<script>')


def _state(url: str) -> dict:
    return json.loads(_get(url + '__reload')[1])


# ---------------------------------------------------------------- the server itself


def _reset(sock: socket.socket) -> None:
    """Close as a crashed or killed client does: a reset, not an orderly close."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0))
    sock.close()


def test_a_client_that_goes_away_is_one_line_not_a_traceback(server):
    url, root, proc, lines = server
    static = root / 'tpl' / 'static'
    static.mkdir(parents=True)
    (static / 'big.bin').write_bytes(os.urandom(32 << 20))  # more than the kernel buffers
    _until(lambda: _head(url + 'static/big.bin') == 200, 'the big file to be served')
    address = (urlsplit(url).hostname, urlsplit(url).port)

    # Gone in the middle of the response.
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(address)
    sock.sendall(b'GET /static/big.bin HTTP/1.0\r\n\r\n')
    assert sock.recv(1024).startswith(b'HTTP/1.0 200')
    time.sleep(0.5)
    _reset(sock)
    # Gone in the middle of the request.
    sock = socket.create_connection(address)
    sock.sendall(b'GET /model.html HTTP/1.0\r\nHost: x\r\n')
    time.sleep(0.5)
    _reset(sock)

    said = _until(lambda: len(w := [line for line in lines if 'went away' in line]) >= 2 and w, 'two lines')
    assert 'GET /static/big.bin' in said[0] and 'GET /model.html' in said[1], said
    assert _get(url + 'model.html')[0] == 200 and proc.poll() is None
    assert 'Traceback' not in ''.join(lines)


def test_the_listen_queue_holds_200_clients_waiting_to_be_accepted():
    from sitegen.web import SiteState, _Server, make_handler

    server = _Server(('127.0.0.1', 0), make_handler(SiteState()))
    clients: list[socket.socket] = []
    try:
        # Nobody accepts: every connection the kernel completes waits in the listen queue.
        for _ in range(200):
            c = socket.socket()
            c.setblocking(False)
            c.connect_ex(server.server_address[:2])
            clients.append(c)
        somaxconn = int(Path('/proc/sys/net/core/somaxconn').read_text())
        expected = min(200, somaxconn + 1)

        def connected() -> int:
            ready = select.select([], clients, [], 0.5)[1]
            return len([c for c in ready if c.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0])

        _until(lambda: connected() >= expected, f'{expected} connections', 10)
    finally:
        for c in clients:
            c.close()
        server.server_close()


@pytest.mark.parametrize('port', ['99999', '-1'])
def test_a_port_out_of_range_is_a_usage_error(tmp_path, port):
    _write_fixture(tmp_path)
    r = subprocess.run(_serve_command(tmp_path, '--port', port), capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    assert f'--port {port}' in r.stderr and '65535' in r.stderr
    assert 'Traceback' not in r.stdout + r.stderr and 'built' not in r.stdout


def test_a_port_in_use_is_an_error_said_before_building(tmp_path):
    _write_fixture(tmp_path)
    with socket.socket() as taken:
        taken.bind(('127.0.0.1', 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run(
            _serve_command(tmp_path, '--port', str(port)), capture_output=True, text=True, timeout=120
        )
    assert r.returncode == 1, r.stdout + r.stderr
    assert f'127.0.0.1:{port}' in r.stderr and 'in use' in r.stderr.lower()
    assert 'Traceback' not in r.stdout + r.stderr and 'built' not in r.stdout
