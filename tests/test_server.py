"""Tests of `sitegen.serving.server`: the preview's HTTP server: the site from memory, an event stream that tells
open pages to reload."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sitegen.serving import server as preview_server

PAGE = b'<!DOCTYPE html><html><body><p>Home</p></body></html>'


@contextlib.contextmanager
def serving(files: dict[str, bytes], host: str = '127.0.0.1') -> Iterator[tuple[str, int]]:
    """A server of `files` on a free port, in this process."""
    state = preview_server.SiteState()
    state.succeeded(files)
    handler = (
        preview_server.make_handler(state)
        if host == '127.0.0.1'
        else preview_server.make_handler(state, host=host)
    )
    server = preview_server.Server((host, 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[:2]
    finally:
        state.close()
        server.shutdown()
        server.server_close()


def request(address: tuple[str, int], path: str, host: str | None = '127.0.0.1') -> tuple[int, bytes]:
    """(status, body) of a GET sent as written, with the Host header given (none when None)."""
    with socket.create_connection(address, timeout=10) as sock:
        head = f'GET {path} HTTP/1.1\r\n' + (f'Host: {host}\r\n' if host is not None else '')
        sock.sendall((head + 'Connection: close\r\n\r\n').encode())
        data = b''
        while chunk := sock.recv(65536):
            data += chunk
    status_line, _, rest = data.partition(b'\r\n')
    return int(status_line.split()[1]), rest.partition(b'\r\n\r\n')[2]


SITE = {'index.html': PAGE, 'static/site.css': b'body{}', '.git/config': b'[secret]', 'a/.env': b'TOKEN=1'}


@pytest.mark.parametrize(
    'host, status',
    [
        ('127.0.0.1', 200),
        ('127.0.0.1:8000', 200),
        ('localhost:8000', 200),
        ('LOCALHOST', 200),
        ('attacker.example:8000', 421),
        ('127.0.0.1.attacker.example', 421),
        ('localhost.', 421),
        ('', 421),
    ],
)
def test_only_the_servers_own_names_are_answered(host, status):
    with serving(SITE) as address:
        code, body = request(address, '/', host)
        assert code == status
        assert (b'Home' in body) == (status == 200)
        if status != 200:
            assert request(address, '/__reload', host)[0] == status


def test_the_host_given_is_answered_too_and_ipv6_loopback():
    with serving(SITE, host='localhost') as address:
        assert request(address, '/', 'localhost:1234')[0] == 200
        assert request(address, '/', '[::1]:1234')[0] == 200
        assert request(address, '/', '[::2]:1234')[0] == 421


@pytest.mark.parametrize(
    'path', ['/.git/config', '/a/.env', '/static/../.git/config', '/%2egit/config', '/a/%2Eenv', '/.git/']
)
def test_hidden_files_are_never_served(path):
    with serving(SITE) as address:
        code, body = request(address, path)
        assert code == 404 and b'secret' not in body and b'TOKEN' not in body
        assert request(address, '/static/site.css')[0] == 200


def test_the_authors_files_are_served_only_when_they_are_regular_files_inside(tmp_path: Path):
    out = tmp_path / 'out'
    out.mkdir()
    (out / 'CNAME').write_text('docs.example.org')
    (out / 'passwd').symlink_to('/etc/passwd')
    outside = tmp_path / 'outside'
    outside.mkdir()
    (outside / 'secret.txt').write_text('secret')
    (out / 'linked').symlink_to(outside, target_is_directory=True)
    (out / '.git').mkdir()
    (out / '.git' / 'config').write_text('[core]')
    (out / 'inner.txt').symlink_to(out / 'CNAME')
    kept = preview_server.authors_files(out)
    assert kept == {'CNAME': b'docs.example.org', 'inner.txt': b'docs.example.org'}


def test_headers_sent_one_line_at_a_time_are_cut_off(monkeypatch):
    monkeypatch.setattr(preview_server, 'HEADER_SECONDS', 1.0)
    with serving(SITE) as address:
        with socket.create_connection(address, timeout=10) as sock:
            sock.sendall(b'GET / HTTP/1.1\r\n')
            started = time.monotonic()
            closed = False
            while time.monotonic() - started < 6:
                try:
                    sock.sendall(b'X-Slow: 1\r\n')
                except OSError:
                    closed = True
                    break
                sock.settimeout(0.3)
                try:
                    if sock.recv(1024) == b'':
                        closed = True
                        break
                except TimeoutError:
                    pass
                except OSError:
                    closed = True
                    break
            assert closed and time.monotonic() - started < 3
        assert request(address, '/')[0] == 200  # the server itself is fine


def test_connections_are_capped_and_the_extra_one_is_refused(monkeypatch):
    monkeypatch.setattr(preview_server, 'MAX_CONNECTIONS', 4)
    with serving(SITE) as address:
        idle = [socket.create_connection(address, timeout=10) for _ in range(4)]
        time.sleep(0.3)  # accepted: each holds a thread waiting for its request
        code, _ = request(address, '/')
        assert code == 503
        for sock in idle:
            sock.close()

        def answered() -> bool:
            return request(address, '/')[0] == 200

        deadline = time.monotonic() + 10
        while not answered():
            assert time.monotonic() < deadline, 'the closed connections never freed their places'
            time.sleep(0.1)


def _get(address: tuple[str, int], path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    import socket

    lines = [f'GET {path} HTTP/1.1', f'Host: localhost:{address[1]}', 'Connection: close']
    lines += [f'{name.replace("_", "-")}: {value}' for name, value in headers.items()]
    with socket.create_connection(address, timeout=10) as sock:
        sock.sendall(('\r\n'.join(lines) + '\r\n\r\n').encode())
        data = b''
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b'\r\n\r\n')
    status, *fields = head.decode('latin-1').split('\r\n')
    return (
        int(status.split()[1]),
        {k.lower(): v.strip() for k, _, v in (f.partition(':') for f in fields)},
        body,
    )


PREVIEW = {
    'index.html': b'<!DOCTYPE html><html><body><p>Draft</p></body></html>',
    'search-index.js': b'var index = ["draft title"];',
    'search/search-a.js': b'shard(["secret draft text"]);',
}


CROSS = {'Sec_Fetch_Site': 'cross-site', 'Sec_Fetch_Mode': 'no-cors', 'Sec_Fetch_Dest': 'script'}


@pytest.mark.parametrize(
    'path, headers, status',
    [
        ('/search-index.js', CROSS, 403),
        ('/search/search-a.js', CROSS, 403),
        ('/search-index.js', {**CROSS, 'Sec_Fetch_Site': 'same-site'}, 403),  # localhost:3000
        (
            '/__reload',
            {'Sec_Fetch_Site': 'cross-site', 'Sec_Fetch_Mode': 'cors', 'Sec_Fetch_Dest': 'empty'},
            403,
        ),
        (
            '/__events',
            {'Sec_Fetch_Site': 'cross-site', 'Sec_Fetch_Mode': 'cors', 'Sec_Fetch_Dest': 'empty'},
            403,
        ),
        ('/index.html', {**CROSS, 'Sec_Fetch_Mode': 'navigate', 'Sec_Fetch_Dest': 'iframe'}, 403),
        ('/search-index.js', {'Referer': 'https://attacker.example/page.html'}, 403),
        ('/search-index.js', {'Referer': 'http://localhost:3000/'}, 403),
        # What the preview's own pages and its reader ask for.
        ('/search-index.js', {**CROSS, 'Sec_Fetch_Site': 'same-origin'}, 200),
        (
            '/index.html',
            {'Sec_Fetch_Site': 'none', 'Sec_Fetch_Mode': 'navigate', 'Sec_Fetch_Dest': 'document'},
            200,
        ),
        (
            '/',
            {'Sec_Fetch_Site': 'cross-site', 'Sec_Fetch_Mode': 'navigate', 'Sec_Fetch_Dest': 'document'},
            200,
        ),
        ('/index.html', {'Referer': 'https://attacker.example/'}, 200),  # a link followed, older browser
        ('/search-index.js', {'Referer': 'http://localhost:{port}/index.html'}, 200),
        ('/search-index.js', {}, 200),  # curl, a test, a browser that says nothing
    ],
)
def test_another_site_cannot_load_the_previews_scripts_and_data(path, headers, status):
    with serving(PREVIEW) as address:
        headers = {k: v.format(port=address[1]) for k, v in headers.items()}
        got, fields, body = _get(address, path, **headers)
    assert got == status, body
    assert fields.get('cross-origin-resource-policy') == 'same-origin'
    if status == 403:
        assert b'draft' not in body
