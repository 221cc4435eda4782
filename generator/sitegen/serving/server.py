"""The preview's HTTP server: the site from memory, and an event stream that tells open pages to reload.

Reloading. Only HTML this server serves gets the reload script (`templates/reload.js`); built files
never contain it. A visible page keeps one server-sent-events stream open on `/__events` (a hidden
tab closes it and catches up when shown). The stream sends the server's state (the build number, the
last error, an id of this process) at once and after every build: the page reloads once the number
or the id differs from its own, and shows a failed build's messages over itself while the last good
site stays served. At most `MAX_STREAMS` streams are open at once (more are answered 503, and the
page tries again); a stream checks every second whether its page went away and sends a comment every
`HEARTBEAT_SECONDS`. `/__reload` answers the same state once, as JSON.

Serving. A daemon thread per connection, at most `MAX_CONNECTIONS` at once (more are answered 503
without a thread), a listen backlog of `LISTEN_BACKLOG`; a request's line and headers must arrive
within `HEADER_SECONDS` in all; a client that goes away mid-request is one line on stderr. The port
is bound before the first build, so a bad or busy port is reported at once.

What is served. Only requests for the server's own names (`127.0.0.1`, `localhost`, `::1`, the
`--host`; any other `Host` is answered 421, against DNS rebinding), and nothing a page of another
site loads into itself (`cross_site`; `Cross-Origin-Resource-Policy: same-origin` on every answer).
A path with a segment starting with `.` (`/.git/config`) is never served; the author's own files of
the output folder only when they are regular files inside it.
"""

from __future__ import annotations

import contextlib
import email.message
import functools
import html
import json
import mimetypes
import posixpath
import secrets
import select
import socket
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from sitegen.building import output
from sitegen.reading.config import BUILTIN_TEMPLATES
from sitegen.reading.sources import inside

EVENTS_PATH = '/__events'
STATE_PATH = '/__reload'
MAX_STREAMS = 64
HEARTBEAT_SECONDS = 15.0
GONE_CHECK_SECONDS = 1.0
LISTEN_BACKLOG = 1024  # the kernel caps it at net.core.somaxconn
REQUEST_TIMEOUT_SECONDS = 60.0
HEADER_SECONDS = 10.0  # a request's line and headers must arrive within this, in all
MAX_CONNECTIONS = 256  # open connections at once (event streams included); more are answered 503
LOCAL_NAMES = ('127.0.0.1', 'localhost', '::1')

# Injected before </body> of served HTML only: EventSource reconnects by itself while the server is
# away (every `retry` ms); a stream that was refused (too many open) is retried after 5 s.
RELOAD_SCRIPT = BUILTIN_TEMPLATES / 'reload.js'


@dataclass
class SiteState:
    """What the server serves; replaced whole under the lock after each rebuild.

    Every change (a build that succeeded or failed) bumps `version` and wakes the event streams.
    """

    files: dict[str, bytes] = field(default_factory=dict)
    build: int = 0  # bumped by each successful build
    error: str = ''  # the last rebuild's failure, '' when it succeeded
    server: str = field(default_factory=lambda: secrets.token_hex(6))  # this process
    version: int = 0
    closed: bool = False
    streams: int = 0
    changed: threading.Condition = field(default_factory=threading.Condition)

    def snapshot(self) -> tuple[dict[str, bytes], int, str]:
        with self.changed:
            return self.files, self.build, self.error

    def status(self) -> dict[str, object]:
        with self.changed:
            return {'server': self.server, 'build': self.build, 'error': self.error}

    def succeeded(self, files: dict[str, bytes]) -> None:
        with self.changed:
            self.files, self.build, self.error = files, self.build + 1, ''
            self.version += 1
            self.changed.notify_all()

    def failed(self, error: str) -> None:
        with self.changed:
            self.error = error
            self.version += 1
            self.changed.notify_all()

    def close(self) -> None:
        """Ends every event stream (the server is stopping)."""
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def wait(self, seen: int, timeout: float) -> tuple[int, dict[str, object]] | None:
        """The state once its version differs from `seen` or `timeout` passed; None once closed."""
        with self.changed:
            self.changed.wait_for(lambda: self.closed or self.version != seen, timeout)
            if self.closed:
                return None
            return self.version, self.status()  # the condition's lock is re-entrant

    def open_stream(self) -> bool:
        with self.changed:
            if self.streams >= MAX_STREAMS or self.closed:
                return False
            self.streams += 1
            return True

    def close_stream(self) -> None:
        with self.changed:
            self.streams -= 1


def authors_files(out: Path) -> dict[str, bytes]:
    """The author's files of the output folder that may be served: regular files inside it that
    are not hidden; a link that leads out of the folder is not followed."""
    kept = {}
    real = out.resolve()
    for rel in output.foreign_files(out):
        path = out / rel
        with contextlib.suppress(OSError):  # a file gone meanwhile is left out
            if not is_hidden(rel) and path.is_file() and inside(path, real):
                kept[rel] = path.read_bytes()
    return kept


def is_hidden(path: str) -> bool:
    """A path with a segment starting with `.` (`.git/config`, `a/.env`): never served."""
    return any(part.startswith('.') for part in path.split('/') if part)


def host_name(header: str | None) -> str | None:
    """The name a `Host` header asks for, without its port (`[::1]:8000` is `::1`)."""
    if header is None:
        return None
    value = header.strip().lower()
    if value.startswith('['):
        return value[1 : value.find(']')] if ']' in value else value
    return value.rsplit(':', 1)[0] if value.count(':') == 1 else value


def cross_site(headers: Mapping[str, str] | email.message.Message, document: bool) -> str:
    """Why a request comes from a page of another site ('' when it may be answered).

    A browser's Fetch Metadata says who asks: a request of this site's own pages is `same-origin`,
    one the reader typed or bookmarked `none`; a page of another site (another port of `localhost`
    is the same *site*, not the same origin) may send the reader here by a link (a navigation to a
    document) but not load the preview's scripts, data or event stream into itself. A browser
    that sends none is judged by its `Origin` or `Referer` where it sends one (a page aside:
    `document`); what it loads is kept from the other page by `Cross-Origin-Resource-Policy` too
    (`Handler._send`).
    """
    site = (headers.get('Sec-Fetch-Site') or '').strip().lower()
    if site:
        if site in ('same-origin', 'none'):
            return ''
        mode = (headers.get('Sec-Fetch-Mode') or '').strip().lower()
        dest = (headers.get('Sec-Fetch-Dest') or '').strip().lower()
        if mode == 'navigate' and dest in ('document', ''):
            return ''  # a link followed: the reader sees the page, the other site does not
        return f'Sec-Fetch-Site: {site}, Sec-Fetch-Mode: {mode or "?"}, Sec-Fetch-Dest: {dest or "?"}'
    # Without Fetch Metadata a page is still this site's business (its text is not readable from
    # another origin); its scripts and data are not, when another origin's page asks for them.
    referer, host = headers.get('Origin') or headers.get('Referer'), headers.get('Host')
    if document or not referer or not host or referer.strip().lower() == 'null':
        return ''
    origin = urlsplit(referer.strip())
    if origin.netloc.lower() != host.strip().lower():
        return f'asked by a page of {origin.scheme}://{origin.netloc}'
    return ''


class Handler(BaseHTTPRequestHandler):
    """Answers from the site in memory; `make_handler` binds it to a server's state."""

    state: SiteState
    server_version = 'sitegen'
    timeout = REQUEST_TIMEOUT_SECONDS
    names: frozenset[str] = frozenset(LOCAL_NAMES)  # the host names this server answers for

    def handle_one_request(self) -> None:
        # A client that sends its headers slowly (one line now and then) is cut off once the
        # time for all of them has passed, however often it sends.
        timer = self._headers_timer = threading.Timer(HEADER_SECONDS, self._too_slow)
        timer.daemon = True
        timer.start()
        try:
            super().handle_one_request()
        finally:
            timer.cancel()

    def parse_request(self) -> bool:
        parsed = super().parse_request()
        self._headers_timer.cancel()
        return parsed

    def _too_slow(self) -> None:
        self._say(f'sent no complete request within {HEADER_SECONDS:g} s: closed')
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)

    def _say(self, what: str) -> None:
        """A line on stderr about this client."""
        host, port = self.client_address[:2]
        print(f'{host}:{port} {what}', file=sys.stderr, flush=True)

    def handle(self) -> None:
        try:
            super().handle()
        except (ConnectionError, TimeoutError) as e:
            # A closed tab or an impatient client: worth a line, not a traceback.
            what = getattr(self, 'requestline', '')
            during = f' during "{what}"' if what else ''
            self._say(f'went away{during} ({_REASONS.get(type(e), type(e).__name__)})')

    def do_GET(self) -> None:
        self._respond(head=False)

    def do_HEAD(self) -> None:
        self._respond(head=True)

    def _respond(self, head: bool) -> None:
        name = host_name(self.headers.get('Host'))
        if name is not None and name not in self.names:
            # Another site's name that resolves here (DNS rebinding): not this server's business.
            body = f'This server answers only for {", ".join(sorted(self.names))}.\n'.encode()
            return self._send(HTTPStatus.MISDIRECTED_REQUEST, 'text/plain; charset=utf-8', body, head)
        url = urlsplit(self.path)
        refused = cross_site(self.headers, url.path.endswith(('/', '.html')))
        if refused:
            body = f'Not served to another site: {refused}.\n'.encode()
            return self._send(HTTPStatus.FORBIDDEN, 'text/plain; charset=utf-8', body, head)
        if url.path == EVENTS_PATH:
            return self._events(head, parse_qs(url.query))
        if url.path == STATE_PATH:
            body = json.dumps(self.state.status()).encode()
            return self._send(HTTPStatus.OK, 'application/json', body, head)
        files, number, _ = self.state.snapshot()
        path = posixpath.normpath(unquote(url.path)).lstrip('/')
        if path in ('', '.'):
            path = 'index.html'
        if is_hidden(unquote(url.path)) or is_hidden(path):
            path = ''  # never served, whatever the site holds
        if path not in files and f'{path}/index.html' in files:
            if not url.path.endswith('/'):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header('Location', url.path + '/')
                self.end_headers()
                return
            path += '/index.html'
        data = files.get(path) if path else None
        if data is None:
            # Before the first good build every page is missing: show why, and reload when fixed.
            page = (
                f'<!DOCTYPE html><meta charset="utf-8"><title>Not found</title>'
                f'<body><p>Not found: /{html.escape(path)}</p></body>'
            ).encode()
            page = inject_reload(page, number, self.state.server)
            return self._send(HTTPStatus.NOT_FOUND, 'text/html; charset=utf-8', page, head)
        kind = mimetypes.guess_type(path)[0] or 'application/octet-stream'
        if path.endswith('.html'):
            data = inject_reload(data, number, self.state.server)
            kind = 'text/html; charset=utf-8'
        elif kind.startswith('text/') or kind in ('application/javascript', 'text/javascript'):
            kind += '; charset=utf-8'
        self._send(HTTPStatus.OK, kind, data, head)

    def _send(self, status: HTTPStatus, kind: str, body: bytes, head: bool, retry: str = '') -> None:
        self.send_response(status)
        if retry:
            self.send_header('Retry-After', retry)
        self.send_header('Content-Type', kind)
        self.send_header('Content-Length', str(len(body)))
        self.send_header('Cache-Control', 'no-store')
        # A browser that sends no Fetch Metadata still keeps another origin from reading what
        # its page loads from here (`<script src=".../search-index.js">`), and guesses no type.
        self.send_header('Cross-Origin-Resource-Policy', 'same-origin')
        self.send_header('X-Content-Type-Options', 'nosniff')
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _events(self, head: bool, query: dict[str, list[str]]) -> None:
        """One page's stream: the state now and after every build, until the page goes.

        A page names the server and build it was served from; once the state differs, the
        stream ends after saying so, and the page reloads when it has ended (a page that
        reloaded with its stream still open would abort a request).
        """
        page = (query.get('server', [''])[0], query.get('build', [''])[0])
        self.close_connection = True
        if not self.state.open_stream():
            body = b'Too many pages are listening; this one will try again.\n'
            return self._send(HTTPStatus.SERVICE_UNAVAILABLE, 'text/plain; charset=utf-8', body, head, '5')
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header('Content-Type', 'text/event-stream; charset=utf-8')
            self.send_header('Cache-Control', 'no-store')
            self.end_headers()
            if head:
                return
            self.wfile.write(b'retry: 1000\n\n')
            seen, written = -1, time.monotonic()
            while True:
                now = self.state.wait(seen, GONE_CHECK_SECONDS)
                if now is None:
                    return  # stopping
                version, status = now
                if version != seen:
                    self.wfile.write(b'data: ' + json.dumps(status).encode() + b'\n\n')
                    seen, written = version, time.monotonic()
                    if page != ('', '') and page != (status['server'], str(status['build'])):
                        return
                elif self._client_gone():
                    return
                elif time.monotonic() - written >= HEARTBEAT_SECONDS:
                    self.wfile.write(b': still here\n\n')
                    written = time.monotonic()
        except (ConnectionError, TimeoutError):
            pass  # the page closed its stream: the usual end of one, not worth a line
        finally:
            self.state.close_stream()

    def _client_gone(self) -> bool:
        """True once the page closed the connection (it sends nothing after its request)."""
        try:
            readable = select.select([self.connection], [], [], 0)[0]
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b''
        except (OSError, ValueError):
            return True

    def log_message(self, format: str, *args) -> None:
        pass  # a request is no line of the terminal's


def make_handler(state: SiteState, host: str = '127.0.0.1') -> type[BaseHTTPRequestHandler]:
    """The request handler of one server: `Handler` bound to what that server serves, answering
    for the local names and for `host` (the address it listens on)."""
    names = frozenset({*LOCAL_NAMES, host_name(host) or host})
    return type('BoundHandler', (Handler,), {'state': state, 'names': names})


_REASONS = {
    BrokenPipeError: 'connection closed',
    ConnectionResetError: 'connection reset',
    TimeoutError: 'timed out',
}


@functools.cache
def reload_script() -> str:
    """The reload script as a page's `<script>` element, `@SERVER@` and `@BUILD@` still to fill."""
    script = RELOAD_SCRIPT.read_text(encoding='utf-8').removesuffix('\n')
    return f'<script>{script}</script>\n'.replace('@EVENTS@', EVENTS_PATH)


def inject_reload(html: bytes, number: int, server: str = '') -> bytes:
    script = reload_script().replace('@SERVER@', json.dumps(server)).replace('@BUILD@', str(number))
    at = html.rfind(b'</body>')
    encoded = script.encode()
    return html + encoded if at < 0 else html[:at] + encoded + html[at:]


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = LISTEN_BACKLOG

    def __init__(self, address: tuple[str, int], handler) -> None:
        if ':' in address[0]:
            self.address_family = socket.AF_INET6
        self._places = threading.BoundedSemaphore(MAX_CONNECTIONS)  # one for each open connection
        super().__init__(address, handler)

    def process_request(self, request, client_address) -> None:
        if self._places.acquire(blocking=False):
            super().process_request(request, client_address)
            return
        # Refused without a thread: the answer fits in the socket's buffer.
        with contextlib.suppress(OSError):
            request.sendall(
                b'HTTP/1.0 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\n'
                b'Connection: close\r\n\r\n'
            )
        self.shutdown_request(request)

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._places.release()
