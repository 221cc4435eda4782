"""Live preview: serve the site from memory, rebuild when a file changes, push the reload to open pages.

The site is built with the same `build()` as `build_site.py build` (its page cache makes a
rebuild cost only the pages that changed) and served from the resulting files in memory, so
`serve` never writes the output folder.

Watching. Sources, templates and translation caches are watched through the operating system's
file events (`watchfiles`: inotify on Linux, FSEvents on macOS, ReadDirectoryChangesW on
Windows). On a file system without events (some network or container mounts) set
`WATCHFILES_FORCE_POLLING=1`; where the watches cannot be set up at all, `serve` says so and polls.
Editors save in several steps (a temporary file, a backup, a rename), so the events are grouped:
a rebuild starts once no new change has come for `STEP_MS`. Hidden files and folders,
`__pycache__` and editor temporary files (`*~`, `#*#`, `*.swp`, vim's `4913`...) are ignored.
Events that arrive while a rebuild runs are kept and start the next one. The first build may fork
a process pool, so the watcher starts after it; a snapshot of modification times taken before that
build is compared once the watcher runs, so an edit made meanwhile is not missed. A watched folder
that does not exist yet (a `--templates` folder created later) is looked for once a second; when
one appears or goes, the watcher restarts and the site is rebuilt.

Reloading. Only HTML served by this server gets the reload script; built files never contain it.
A page that is visible keeps one server-sent-events stream open on `/__events` (a hidden tab
closes it and catches up when shown, so background tabs hold no connection). The stream sends the
server's state at once and after every build: the build number, the last error and an id of this
server process. A page reloads when the number or the id differs from the one it was served
with; when a rebuild fails it shows the messages over itself, the last good site stays served,
the terminal prints the same messages, and the page reloads once a build succeeds. Each stream
holds a thread; at most `MAX_STREAMS` are open at once, more are answered 503 and the page tries
again every few seconds. A stream checks every second whether its page went away and sends a
comment every `HEARTBEAT_SECONDS`, so streams of closed pages end. `/__reload` answers the same
state once, as JSON.

Serving. A thread per connection (daemon threads, so stopping never waits for a stream), at most
`MAX_CONNECTIONS` at once (more are answered 503 at once, without a thread), a listen backlog of
`LISTEN_BACKLOG`, and a client that goes away mid-request is one line on stderr, not a traceback.
A request's line and headers must arrive within `HEADER_SECONDS` in all, or the connection is
closed. The port is bound before the first build, so a bad or busy port is reported at once.

What is served. Only requests for the server's own names are answered (`127.0.0.1`, `localhost`,
`::1` and the `--host` given; any other `Host` is answered 421), so a page of another site cannot
read the preview through a name of its own that resolves here (DNS rebinding). A path with a
segment starting with `.` (`/.git/config`) is never served. The author's own files of the output
folder are served only when they are regular files inside it: a link that leads elsewhere, and
anything hidden, is left out.

Only the folders the build reads are watched, each one on its own: hidden folders are not, and a
link to a folder is followed only when it leads inside the watched folder (a link to `/usr` or `/`
costs no watch and starts no rebuild).
"""

from __future__ import annotations

import contextlib
import errno
import html
import json
import mimetypes
import posixpath
import re
import secrets
import select
import signal
import socket
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from sitegen import output
from sitegen.build import BuildResult, build
from sitegen.config import SiteConfig
from sitegen.console import Progress, counted_notices, print_messages
from sitegen.errors import Messages, UsageError, display_path
from sitegen.files import io_problem
from sitegen.render import forget_templates
from sitegen.sources import inside, tree_folders

EVENTS_PATH = '/__events'
STATE_PATH = '/__reload'
STEP_MS = 50  # a rebuild starts once no new change has come for this long
MAX_GROUP_MS = 1600  # ... or once changes have kept coming for this long
FOLDER_CHECK_MS = 1000  # how often a missing watched folder is looked for
MAX_STREAMS = 64
HEARTBEAT_SECONDS = 15.0
GONE_CHECK_SECONDS = 1.0
LISTEN_BACKLOG = 1024  # the kernel caps it at net.core.somaxconn
REQUEST_TIMEOUT_SECONDS = 60.0
HEADER_SECONDS = 10.0  # a request's line and headers must arrive within this, in all
MAX_CONNECTIONS = 256  # open connections at once (event streams included); more are answered 503
LOCAL_NAMES = ('127.0.0.1', 'localhost', '::1')

# Editors' temporary and backup files, and compiled Python: never part of the site.
EDITOR_TEMP = re.compile(
    r'(~|\.sw[a-p]|\.tmp|\.bak|\.kate-swp|\.crswap|___jb_\w+___|\.py[cod])$|^#.*#$|^4913$'
)

# Injected before </body> of served HTML only. A visible page listens on /__events; it reloads on a
# new build or a restarted server, shows a failed build's messages in an overlay, and closes the
# stream while hidden. EventSource reconnects by itself while the server is away (every `retry`
# ms); a stream that was refused (too many open) is retried here after 5 s.
_RELOAD_SCRIPT = """<script>(function(server,build){
var box=null,es=null,timer=0,stale=false;function show(t){if(!box){box=document.createElement('div');box.id='build-error';
box.setAttribute('role','alert');box.style.cssText='position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;'
+'z-index:99;margin:0;padding:1rem 1.5rem;background:#2b0b0b;color:#ffd7d5;font:13px/1.5 ui-monospace,monospace;'
+'white-space:pre-wrap;border-top:3px solid #ff6b6b';document.body.appendChild(box)}box.textContent='Build failed\\n\\n'+t}
function hide(){if(box){box.remove();box=null}}
function reload(){clearTimeout(timer);if(es){es.close();es=null}location.reload()}
function open(){if(es||stale||document.visibilityState==='hidden')return;
es=new EventSource('@EVENTS@?server='+server+'&build='+build);
es.onmessage=function(e){var d=JSON.parse(e.data);if(d.server!==server||d.build!==build){stale=true;timer=setTimeout(reload,1000)}
else if(d.error)show(d.error);else hide()};
es.onerror=function(){if(stale)reload();else if(es&&es.readyState===2){es=null;timer=setTimeout(open,5000)}}}
document.addEventListener('visibilitychange',function(){if(document.visibilityState!=='hidden')open();
else if(es){clearTimeout(timer);es.close();es=null}});addEventListener('pageshow',open);open()})(@SERVER@,@BUILD@)</script>
""".replace('@EVENTS@', EVENTS_PATH)


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
            return self.version, {'server': self.server, 'build': self.build, 'error': self.error}

    def open_stream(self) -> bool:
        with self.changed:
            if self.streams >= MAX_STREAMS or self.closed:
                return False
            self.streams += 1
            return True

    def close_stream(self) -> None:
        with self.changed:
            self.streams -= 1


def watched_paths(config: SiteConfig) -> list[Path]:
    """Folders whose files change the site: sources, templates, translation caches."""
    return [
        config.root / config.source,
        config.root / config.cache,
        *config.template_dirs(),
        *(config.root / folder for folder in config.assets),
    ]


def is_site_file(path: str | Path, folders: list[Path]) -> bool:
    """False for hidden files and folders, `__pycache__` and editors' temporary files."""
    p = Path(path)
    parts: tuple[str, ...] = (p.name,)
    for folder in folders:
        if p.is_relative_to(folder):
            parts = p.relative_to(folder).parts
            break
    if any(part.startswith('.') or part == '__pycache__' for part in parts):
        return False
    return not EDITOR_TEMP.search(p.name)


def snapshot_mtimes(folders: list[Path]) -> dict[str, int]:
    """(path -> mtime) of every site file under the folders."""
    seen: dict[str, int] = {}
    for folder in folders:
        for directory in tree_folders(folder):
            try:
                entries = list(directory.iterdir())
            except OSError:
                continue
            for path in entries:
                if not is_site_file(path, [folder]):
                    continue
                try:
                    stat = path.stat()
                except OSError:
                    continue
                if path.is_file():
                    seen[str(path)] = stat.st_mtime_ns
    return seen


def watched_folders(folders: list[Path]) -> list[Path]:
    """Each folder to watch (on its own, not recursively): the folders the build reads."""
    return [directory for folder in folders for directory in tree_folders(folder)]


def _differ(before: dict[str, int], after: dict[str, int]) -> set[str]:
    return set(before) ^ set(after) | {p for p in after if before.get(p) != after[p]}


def changes(
    folders: list[Path], stop: threading.Event, before: dict[str, int] | None = None
) -> Iterator[set[str]]:
    """Sets of changed site files, each once the writes have paused; ends when `stop` is set.

    `before` is a snapshot of the files taken earlier (before the first build): what changed since
    then is reported once the watcher runs. Events that come while the caller handles a set are
    kept for the next one.
    """
    import watchfiles

    def accept(_change: watchfiles.Change, path: str) -> bool:
        return is_site_file(path, folders)

    present = watched_folders(folders)
    pending: set[str] = set()
    polling: bool | None = None  # None: events, unless WATCHFILES_FORCE_POLLING is set
    while not stop.is_set():
        if not present:
            stop.wait(FOLDER_CHECK_MS / 1000)
        else:
            try:
                for batch in watchfiles.watch(
                    *present,
                    watch_filter=accept,
                    step=STEP_MS,
                    debounce=MAX_GROUP_MS,
                    rust_timeout=FOLDER_CHECK_MS,
                    yield_on_timeout=True,
                    stop_event=stop,
                    ignore_permission_denied=True,
                    force_polling=polling,
                    recursive=False,
                ):
                    # The watcher runs from here on: what changed before it started is seen now.
                    changed = {path for _, path in batch} | pending
                    pending = set()
                    if before is not None:
                        changed |= _differ(before, snapshot_mtimes(folders))
                        before = None
                    if changed:
                        yield changed
                    if watched_folders(folders) != present:
                        break
            except FileNotFoundError:  # a folder went between the look and the start
                stop.wait(FOLDER_CHECK_MS / 1000)
            except OSError as e:  # no file events here (say, the system's limit on watches is reached)
                if polling:
                    raise
                print(
                    f'cannot watch files through file events ({e}); looking for changes every 0.3 s instead',
                    file=sys.stderr,
                    flush=True,
                )
                polling = True
                pending |= {str(f) for f in present}  # rebuild once: an edit may have come meanwhile
        now = watched_folders(folders)
        # Reported from inside the next watcher, so that nothing written meanwhile is missed.
        pending |= {str(f) for f in set(now) ^ set(present)}
        present = now


def rebuild(
    config: SiteConfig,
    languages: tuple[str, ...],
    cache_dir: Path | None,
    jobs: int | None,
    state: SiteState,
    log=print,
    verbose: bool = False,
) -> bool:
    """Build once and publish the result; on failure keep serving the last good site."""
    started = time.perf_counter()
    forget_templates()
    out = config.root / config.output
    # The author's own files in the output folder (images, say) are part of the preview too.
    kept = authors_files(out)
    try:
        result: BuildResult = build(
            config,
            languages,
            cache_dir=cache_dir,
            jobs=jobs,
            progress=Progress(quiet=True),
            existing=frozenset(kept),
        )
    except OSError as e:  # a full disk, a folder removed meanwhile: a message, not a traceback
        error = f'error: {io_problem(e)}'
        log(error, file=sys.stderr)
        state.failed(error)
        return False
    except Exception:
        error = traceback.format_exc()
        log(f'build failed:\n{error}', file=sys.stderr)
        state.failed(error)
        return False
    print_messages(Messages(result.messages.warnings, [], result.messages.notices), verbose=verbose)
    if not result.ok:
        errors = '\n'.join(f'error: {m}' for m in sorted(result.messages.errors))
        log(errors, file=sys.stderr)
        log(
            f'build failed with {len(result.messages.errors)} errors; still serving the last good build',
            file=sys.stderr,
        )
        state.failed(errors)
        return False
    state.succeeded({**kept, **result.files})
    notices = counted_notices(result.messages.notices, verbose)
    log(
        f'built {len(result.pages)} pages in {time.perf_counter() - started:.2f} s '
        f'({result.reused} unchanged' + (f'; {notices}' if notices else '') + ')',
        flush=True,
    )
    return True


def authors_files(out: Path) -> dict[str, bytes]:
    """The author's files of the output folder that may be served: regular files inside it that
    are not hidden; a link that leads out of the folder is not followed."""
    kept = {}
    real = out.resolve()
    for rel in output.foreign_files(out):
        path = out / rel
        if is_hidden(rel) or not path.is_file() or not inside(path, real):
            continue
        try:
            kept[rel] = path.read_bytes()
        except OSError:
            continue
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


class Handler(BaseHTTPRequestHandler):
    """Answers from the site in memory; `make_handler` binds it to a server's state."""

    state: SiteState
    quiet: bool = True
    server_version = 'sitegen'
    timeout = REQUEST_TIMEOUT_SECONDS
    names: frozenset[str] = frozenset(LOCAL_NAMES)  # the host names this server answers for

    def handle_one_request(self) -> None:
        # A client that sends its headers slowly (one line now and then) is cut off once the
        # time for all of them has passed, however often it sends.
        timer = threading.Timer(HEADER_SECONDS, self._too_slow)
        timer.daemon = True
        self._headers_timer = timer
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
        print(
            f'{self.client_address[0]}:{self.client_address[1]} sent no complete request within '
            f'{HEADER_SECONDS:g} s: closed',
            file=sys.stderr,
            flush=True,
        )
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def handle(self) -> None:
        try:
            super().handle()
        except (ConnectionError, TimeoutError) as e:
            # A closed tab or an impatient client: worth a line, not a traceback.
            what = getattr(self, 'requestline', '')
            host, port = self.client_address[:2]
            print(
                f'{host}:{port} went away' + (f' during "{what}"' if what else '') + f' ({_reason(e)})',
                file=sys.stderr,
                flush=True,
            )

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
            return self._send(
                HTTPStatus.NOT_FOUND,
                'text/html; charset=utf-8',
                inject_reload(page, number, self.state.server),
                head,
            )
        kind = mimetypes.guess_type(path)[0] or 'application/octet-stream'
        if path.endswith('.html'):
            data = inject_reload(data, number, self.state.server)
            kind = 'text/html; charset=utf-8'
        elif kind.startswith('text/') or kind in ('application/javascript', 'text/javascript'):
            kind += '; charset=utf-8'
        self._send(HTTPStatus.OK, kind, data, head)

    def _send(self, status: HTTPStatus, kind: str, body: bytes, head: bool) -> None:
        self.send_response(status)
        self.send_header('Content-Type', kind)
        self.send_header('Content-Length', str(len(body)))
        self.send_header('Cache-Control', 'no-store')
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
            self.send_response(HTTPStatus.SERVICE_UNAVAILABLE)
            self.send_header('Retry-After', '5')
            self.send_header('Content-Type', 'text/plain; charset=utf-8')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            if not head:
                self.wfile.write(body)
            return
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
        if not self.quiet:
            super().log_message(format, *args)


def make_handler(
    state: SiteState, quiet: bool = True, host: str = '127.0.0.1'
) -> type[BaseHTTPRequestHandler]:
    """The request handler of one server: `Handler` bound to what that server serves, answering
    for the local names and for `host` (the address it listens on)."""
    names = frozenset({*LOCAL_NAMES, host_name(host) or host})
    return type('BoundHandler', (Handler,), {'state': state, 'quiet': quiet, 'names': names})


def _reason(e: BaseException) -> str:
    if isinstance(e, BrokenPipeError):
        return 'connection closed'
    if isinstance(e, ConnectionResetError):
        return 'connection reset'
    if isinstance(e, TimeoutError):
        return 'timed out'
    return type(e).__name__


def inject_reload(html: bytes, number: int, server: str = '') -> bytes:
    script = _RELOAD_SCRIPT.replace('@SERVER@', json.dumps(server)).replace('@BUILD@', str(number))
    at = html.rfind(b'</body>')
    encoded = script.encode()
    return html + encoded if at < 0 else html[:at] + encoded + html[at:]


def watch(
    config: SiteConfig,
    languages: tuple[str, ...],
    cache_dir: Path | None,
    jobs: int | None,
    state: SiteState,
    stop: threading.Event,
    before: dict[str, int] | None = None,
    verbose: bool = False,
) -> None:
    """Rebuild after each group of changes until `stop` is set.

    `before` is what the files looked like when the current build started, so that an edit made
    while it ran still triggers a rebuild.
    """
    for changed in changes(watched_paths(config), stop, before):
        shown = sorted(display_path(p, config.root) for p in changed)
        print(
            f'changed: {", ".join(shown[:5])}' + (f' and {len(shown) - 5} more' if len(shown) > 5 else ''),
            flush=True,
        )
        rebuild(config, languages, cache_dir, jobs, state, verbose=verbose)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = LISTEN_BACKLOG

    def __init__(self, address: tuple[str, int], handler) -> None:
        if ':' in address[0]:
            self.address_family = socket.AF_INET6
        self.connections = 0
        self._counting = threading.Lock()
        super().__init__(address, handler)

    def process_request(self, request, client_address) -> None:
        with self._counting:
            full = self.connections >= MAX_CONNECTIONS
            if not full:
                self.connections += 1
        if not full:
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
            with self._counting:
                self.connections -= 1


def _stop_on_sigterm(signum, frame) -> None:
    raise KeyboardInterrupt


def serve(
    config: SiteConfig,
    languages: tuple[str, ...],
    host: str,
    port: int,
    cache_dir: Path | None,
    jobs: int | None,
    verbose: bool = False,
) -> int:
    """Build, serve on host:port and rebuild on changes until interrupted (Ctrl-C or SIGTERM)."""
    if not 0 <= port <= 65535:
        raise UsageError(f'--port {port}: a port is a number from 1 to 65535, or 0 for any free port')
    try:
        import watchfiles  # noqa: F401
    except ImportError:
        print(
            'error: serve watches files with the watchfiles package: pip install --group docs',
            file=sys.stderr,
        )
        return 1
    state = SiteState()
    try:
        server = _Server((host, port), make_handler(state, host=host))
    except OSError as e:
        reason = e.strerror or str(e)
        hint = ' (another server uses it: stop it, or pick another --port)' if _in_use(e) else ''
        print(f'error: cannot listen on {host}:{port}: {reason}{hint}', file=sys.stderr, flush=True)
        return 1
    stop = threading.Event()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    sigterm = signal.getsignal(signal.SIGTERM)
    try:
        seen = snapshot_mtimes(watched_paths(config))
        # The first build may use a process pool; it runs before any thread is started. Requests
        # that come meanwhile wait in the listen queue.
        if not rebuild(config, languages, cache_dir, jobs, state, verbose=verbose):
            print('serving the error until the sources are fixed', file=sys.stderr, flush=True)
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, _stop_on_sigterm)
        thread.start()
        bound_host, bound_port = server.socket.getsockname()[:2]
        shown = f'[{bound_host}]' if ':' in str(bound_host) else bound_host
        print(f'serving http://{shown}:{bound_port}/ (Ctrl-C to stop)', flush=True)
        # Rebuilds run in this thread, serially: forking a pool from a threaded process is unsafe.
        watch(config, languages, cache_dir, 1, state, stop, seen, verbose)
    except KeyboardInterrupt:
        print('stopped', flush=True)
    finally:
        stop.set()
        state.close()
        if thread.is_alive():
            server.shutdown()
        server.server_close()
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, sigterm)
    return 0


def _in_use(e: OSError) -> bool:
    return e.errno in (errno.EADDRINUSE, getattr(errno, 'WSAEADDRINUSE', -1))
