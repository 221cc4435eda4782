"""`build_site.py serve`: a real server process on a free port, a fixture package edited under it."""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import signal
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

from sitegen.serving.server import inject_reload

pytestmark = pytest.mark.slow  # each test starts a server

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

# A quote too many typed on line 8: every later pair of quotes then matches off by one, and the
# tokenizer alone blames the file's last docstring (line 14). The messages name line 8.
BROKEN = MODEL.replace('    # Double it', '    """\n    # Double it') + '\n\ndef g():\n    """Later."""\n'


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


def _until(check, what: str, timeout: float = 30.0, pause=lambda: time.sleep(0.05)):
    """`check()` once it is true, asked again after each `pause` (for what a page's events record,
    Playwright's own wait: it delivers them only while it has control)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        pause()
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


def _stopped(proc: subprocess.Popen, lines: list[str], how=signal.SIGTERM) -> str:
    """Stop the server as Ctrl-C or a service manager would; its whole output once it has gone."""
    proc.send_signal(how)
    proc.wait(timeout=20)
    _until(lambda: 'stopped\n' in ''.join(lines), '"stopped"', 10)
    return ''.join(lines)


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
    assert '/__events' in page
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

    model.write_text(BROKEN)
    state = _until(lambda: (s := json.loads(_get(url + '__reload')[1]))['error'] and s, 'the error')
    assert 'error: pkg/model.py:8: ' in state['error'] and state['build'] == second['build']
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
    assert status == 404 and '/__events' in page
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
    output = _stopped(proc, lines)
    assert 'TemplateSyntaxError' in output and 'build failed' in output
    assert proc.returncode == 0 and output.endswith('stopped\n')


def test_inject_reload_puts_the_script_before_body_end():
    out = inject_reload(b'<html><body><p>x</p></body></html>', 7, 'abc')
    assert out.endswith(b'</script>\n</body></html>') and b'})("abc",7)' in out
    assert inject_reload(b'no body', 1).startswith(b'no body<script>')


# ---------------------------------------------------------------- pushed reloads


def _state(url: str) -> dict:
    return json.loads(_get(url + '__reload')[1])


class Stream:
    """`/__events` read the way a page's EventSource reads it."""

    def __init__(self, url: str, query: str = '') -> None:
        parts = urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=30)
        self.sock.sendall(f'GET /__events{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.encode())
        self.buffer = b''
        head = self._read_to(b'\r\n\r\n').decode()
        self.status = int(head.split()[1])
        self.headers = head.lower()

    def _read_to(self, end: bytes) -> bytes:
        while end not in self.buffer:
            data = self.sock.recv(65536)
            if not data:
                raise EOFError('the stream ended')
            self.buffer += data
        block, self.buffer = self.buffer.split(end, 1)
        return block

    def event(self, wanted=lambda state: True) -> dict:
        """The next message (skipping comments and the retry field) that `wanted` accepts."""
        while True:
            for line in self._read_to(b'\n\n').decode().splitlines():
                if line.startswith('data: ') and wanted(state := json.loads(line[6:])):
                    return state

    def ended(self) -> bool:
        """True once the server has closed the stream (what is left unread is dropped)."""
        try:
            while self.sock.recv(65536):
                pass
        except ConnectionResetError:
            pass
        return True

    def close(self) -> None:
        self.sock.close()


def test_event_stream_pushes_each_build_and_error(server):
    url, root, proc, _ = server
    watching = Stream(url)
    assert watching.status == 200 and 'content-type: text/event-stream' in watching.headers
    first = watching.event()
    assert first == _state(url) and first['error'] == '' and first['build'] >= 1
    # A page says which server and build it came from; told of a newer build, its stream ends.
    page = Stream(url, f'?server={first["server"]}&build={first["build"]}')
    assert page.event() == first

    model = root / 'pkg' / 'model.py'
    model.write_text(MODEL.replace('First version.', 'Second version.'))
    second = watching.event(lambda s: s['build'] > first['build'])
    assert second['error'] == '' and second['server'] == first['server']
    assert page.event()['build'] == second['build'] and page.ended()
    assert 'Second version.' in _get(url + 'model.html')[1]

    model.write_text(MODEL + '\ndef broken(:\n')
    failed = watching.event(lambda s: s['error'])
    assert 'model.py' in failed['error'] and failed['build'] == second['build']
    assert 'Second version.' in _get(url + 'model.html')[1]  # the last good site is still served

    model.write_text(MODEL.replace('First version.', 'Fixed.'))
    fixed = watching.event(lambda s: not s['error'])
    assert fixed['build'] > second['build'] and 'Fixed.' in _get(url + 'model.html')[1]
    watching.close()


def test_an_open_page_reloads_through_its_stream_and_shows_a_failed_build(tmp_path, browser):
    """In Chromium: a save reloads the page, pushed through one stream per page and no polling;
    a broken save shows the messages over the last good page; the fix reloads it."""
    from test_browser import Tab

    with start_server(tmp_path) as (url, root, proc, _):
        tab = Tab(browser, url)
        requests: list[str] = []
        tab.page.on('request', lambda r: requests.append(urlsplit(r.url).path))
        loads: list[str] = []
        tab.page.on('load', lambda p: loads.append(p.url))
        page = tab.open('model.html')
        main = page.locator('main')

        def waited() -> None:  # Playwright's wait, so that the page's events come in meanwhile
            page.wait_for_timeout(50)

        assert 'First version.' in main.text_content()
        _until(lambda: requests.count('/__events') == 1, 'the page to open its stream', pause=waited)
        page.wait_for_timeout(2000)  # the requests of these two seconds recorded, as a poll's would be
        assert requests.count('/__events') == 1 and '/__reload' not in requests  # no polling

        model = root / 'pkg' / 'model.py'
        model.write_text(MODEL.replace('First version.', 'Second version.'))
        page.wait_for_function(
            "document.querySelector('main').textContent.includes('Second version.')", timeout=60_000
        )
        # The new text can show before the page's load event and its new stream are delivered.
        _until(lambda: len(loads) == 2 and requests.count('/__events') == 2, 'the reload', pause=waited)

        model.write_text(BROKEN)
        overlay = page.locator('#build-error')
        overlay.wait_for(state='visible', timeout=60_000)
        assert 'Build failed' in overlay.text_content() and 'pkg/model.py:8: ' in overlay.text_content()
        assert 'Second version.' in main.text_content() and len(loads) == 2  # the last good page stays

        model.write_text(MODEL.replace('First version.', 'Fixed.'))
        page.wait_for_function(
            "document.querySelector('main').textContent.includes('Fixed.')", timeout=60_000
        )
        _until(lambda: len(loads) == 3, 'the fixed page to load', pause=waited)
        assert page.locator('#build-error').count() == 0
        tab.close()
        tab.check()  # no console error, and no request failed (a stream is never cut by a reload)


def test_hidden_and_temporary_files_are_ignored_and_an_editors_save_is_seen(server):
    url, root, proc, lines = server
    before = _state(url)
    pkg = root / 'pkg'
    for name in ('.model.py.swp', 'model.py~', '#model.py#', '.#model.py', '4913', 'x.tmp'):
        (pkg / name).write_text('junk')
    for folder in ('.git', '__pycache__', '.mypy_cache'):
        (pkg / folder).mkdir()
        (pkg / folder / 'model.cpython-311.pyc').write_bytes(b'\0junk')
    time.sleep(3)
    assert _state(url) == before and 'changed:' not in ''.join(lines)

    # A save the way vim makes one: a probe file, the old file kept as a backup, the new one written.
    (pkg / '4913').unlink()
    (pkg / '4913').write_text('')
    (pkg / '4913').unlink()
    (pkg / 'model.py~').unlink()
    (pkg / 'model.py').rename(pkg / 'model.py~')
    (pkg / 'model.py').write_text(MODEL.replace('First version.', 'Saved by an editor.'))
    (pkg / 'model.py~').unlink()
    _until(lambda: 'Saved by an editor.' in _get(url + 'model.html')[1], 'the saved page')
    changed = re.findall(r'^changed: (.*)$', ''.join(lines), re.M)
    assert changed and set(changed) == {'pkg/model.py'}, changed


def test_an_edit_saved_while_a_rebuild_runs_is_built_next(server):
    url, root, proc, lines = server
    model = root / 'pkg' / 'model.py'
    # A page long enough that rebuilding it takes seconds.
    slow = ''.join(
        f'\ndef f{i}(x, y=[1, 2, 3]):\n    # Step {i}\n    return {{"a": x * {i}, "b": [y, x ** 2]}}\n'
        for i in range(1500)
    )

    def count(word: str) -> int:
        return ''.join(lines).count(word)

    started, built = count('changed:'), count('built ')
    model.write_text(MODEL + slow)
    _until(lambda: count('changed:') > started, 'the long page to be seen', 60)
    began = time.monotonic()
    _until(lambda: count('built ') > built, 'the long page', 120)
    took = time.monotonic() - began  # what a rebuild of the long page takes on this machine
    _until(lambda: 'f1499' in _get(url + 'model.html')[1], 'the long page', 120)
    started, built = count('changed:'), count('built ')
    model.write_text(MODEL.replace('First version.', 'While building.') + slow)
    _until(lambda: count('changed:') > started, 'the rebuild to start', 60)
    time.sleep(took / 4)  # the rebuild has read the sources by now, and is still rendering the page
    model.write_text(MODEL.replace('First version.', 'After building.') + slow)
    assert count('built ') == built, 'the rebuild ended before the second save: nothing was tested'
    _until(lambda: 'After building.' in _get(url + 'model.html')[1], 'the second save', 120)


def test_many_idle_streams_are_held_bounded_and_end_when_the_server_stops(server):
    from sitegen.serving.server import MAX_STREAMS

    url, root, proc, lines = server
    streams = [Stream(url) for _ in range(MAX_STREAMS)]
    assert [s.status for s in streams] == [200] * MAX_STREAMS
    assert all(s.event()['build'] >= 1 for s in streams)
    extra = Stream(url)
    assert extra.status == 503 and 'retry-after' in extra.headers
    extra.close()
    # Pages and files are still served while every stream waits.
    assert _get(url + 'model.html')[0] == 200 and _get(url + 'sub/')[0] == 200

    # Closed pages free their places.
    for s in streams[:4]:
        s.close()

    def accepted() -> Stream | None:
        s = Stream(url)
        if s.status == 200:
            return s
        s.close()
        return None

    streams[:4] = [_until(accepted, 'a freed place for a stream', 30) for _ in range(4)]

    # Stopping ends every stream, and the server exits cleanly with them open.
    output = _stopped(proc, lines, signal.SIGINT)
    assert proc.returncode == 0 and 'Traceback' not in output
    assert all(s.ended() for s in streams)


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
    sock.sendall(b'GET /model.html HTTP/1.0\r\nHost: 127.0.0.1\r\n')
    time.sleep(0.5)
    _reset(sock)

    said = _until(lambda: len(w := [line for line in lines if 'went away' in line]) >= 2 and w, 'two lines')
    assert 'GET /static/big.bin' in said[0] and 'GET /model.html' in said[1], said
    assert _get(url + 'model.html')[0] == 200 and proc.poll() is None
    assert 'Traceback' not in ''.join(lines)


def test_the_listen_queue_holds_200_clients_waiting_to_be_accepted():
    from sitegen.serving.server import Server, SiteState, make_handler

    server = Server(('127.0.0.1', 0), make_handler(SiteState()))
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


def test_without_file_events_the_watcher_says_so_and_polls(tmp_path, monkeypatch, capsys):
    import watchfiles

    from sitegen.serving.watcher import changes

    real = watchfiles.watch

    def no_events(*paths, force_polling=None, **options):
        if not force_polling:
            raise OSError(28, 'OS file watch limit reached')
        return real(*paths, force_polling=force_polling, **options)

    monkeypatch.setattr(watchfiles, 'watch', no_events)
    source = tmp_path / 'pkg'
    source.mkdir()
    (source / 'model.py').write_text(MODEL)
    stop, seen = threading.Event(), []

    def watch() -> None:
        for changed in changes([source], stop):
            seen.append(changed)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        _until(lambda: seen, 'the rebuild that follows the switch to polling')
        (source / 'model.py').write_text(MODEL.replace('First version.', 'Polled.'))
        _until(lambda: any(str(source / 'model.py') in c for c in seen), 'the edit, seen by polling')
    finally:
        stop.set()
        watcher.join(timeout=10)
    assert 'looking for changes every 0.3 s' in capsys.readouterr().err
