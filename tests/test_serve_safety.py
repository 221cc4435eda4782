"""What the preview server shows, to whom, and for how long: hostile-but-fair clients and folders."""

from __future__ import annotations

import contextlib
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sitegen import server as preview_server
from sitegen import watcher
from sitegen.config import BUILTIN_TEMPLATES, SiteConfig

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


def test_only_the_folders_the_build_reads_are_watched(tmp_path: Path):
    root = tmp_path / 'project'
    (root / 'pkg' / 'sub').mkdir(parents=True)
    (root / 'pkg' / '.git' / 'objects').mkdir(parents=True)
    (root / 'pkg' / '__pycache__').mkdir()
    (root / 'pkg' / 'usr').symlink_to('/usr', target_is_directory=True)
    (root / 'pkg' / 'everything').symlink_to('/', target_is_directory=True)
    (root / 'pkg' / 'again').symlink_to(root / 'pkg', target_is_directory=True)  # a loop
    (root / 'pkg' / 'sub' / 'up').symlink_to(root / 'pkg' / 'sub', target_is_directory=True)
    config = SiteConfig(root=root, source=Path('pkg'), cache=Path('translate_cache'))
    folders = watcher.watched_folders(watcher.watched_paths(config))
    shown = sorted(p.relative_to(root).as_posix() for p in folders if p.is_relative_to(root))
    assert shown == ['pkg', 'pkg/sub']
    assert all(p.is_relative_to(root) or p.is_relative_to(BUILTIN_TEMPLATES) for p in folders)
    assert len(folders) < 20


@pytest.mark.skipif(sys.platform != 'linux', reason='inotify')
def test_a_link_to_the_whole_file_system_costs_no_watch_and_no_rebuild(tmp_path: Path):
    root = tmp_path / 'project'
    (root / 'pkg').mkdir(parents=True)
    (root / 'pkg' / 'everything').symlink_to(tmp_path / 'elsewhere', target_is_directory=True)
    (tmp_path / 'elsewhere').mkdir()
    config = SiteConfig(root=root, source=Path('pkg'), cache=Path('translate_cache'))
    stop = threading.Event()
    seen: list[set[str]] = []

    def run() -> None:
        for changed in watcher.changes(watcher.watched_paths(config), stop):
            seen.append(changed)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    time.sleep(1.5)
    for i in range(5):
        (tmp_path / 'elsewhere' / f'noise{i}.py').write_text('x = 1\n')
        time.sleep(0.1)
    time.sleep(2)
    stop.set()
    thread.join(10)
    assert seen == []
