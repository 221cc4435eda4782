"""Live preview: serve the site from memory, rebuild when a source changes, reload open pages.

The site is built with the same `build()` as `build_site.py build` (its page cache makes a
rebuild cost only the pages that changed) and served from the resulting files in memory, so
`serve` never writes the output folder. Sources, templates and translation caches are watched by
polling their modification times: no dependency, and it works on every file system.

Only HTML served by this server gets the reload script; built files never contain it. A page
polls `/__reload`, which answers the current build number and the last error. When the number
changes the page reloads; when a rebuild fails the page shows the error over itself, the last
good site stays served, and the terminal prints the same messages.

Serving. A thread per connection (daemon threads), a listen backlog of `LISTEN_BACKLOG`, and a
client that goes away mid-request is one line on stderr, not a traceback. The port is bound before
the first build, so a bad or busy port is reported at once.
"""

from __future__ import annotations

import errno
import html
import json
import mimetypes
import posixpath
import socket
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sitegen.build import BuildResult, Progress, build
from sitegen.config import SiteConfig
from sitegen.errors import UsageError
from sitegen.render import environment, template_dirs

POLL_SECONDS = 0.4
RELOAD_PATH = '/__reload'
LISTEN_BACKLOG = 1024  # the kernel caps it at net.core.somaxconn
REQUEST_TIMEOUT_SECONDS = 60.0

# Injected before </body> of served HTML only. Polls the server; reloads on a new build, shows a
# failed build's messages in an overlay, and waits quietly while the server is away.
_RELOAD_SCRIPT = """<script>(function(v){
var box=null;function show(t){if(!box){box=document.createElement('div');box.id='build-error';
box.setAttribute('role','alert');box.style.cssText='position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;'
+'z-index:99;margin:0;padding:1rem 1.5rem;background:#2b0b0b;color:#ffd7d5;font:13px/1.5 ui-monospace,monospace;'
+'white-space:pre-wrap;border-top:3px solid #ff6b6b';document.body.appendChild(box)}box.textContent='Build failed\\n\\n'+t}
function hide(){if(box){box.remove();box=null}}
function poll(){fetch('%s?build='+v,{cache:'no-store'}).then(function(r){return r.json()}).then(function(d){
if(d.build!==v){location.reload();return}if(d.error)show(d.error);else hide();setTimeout(poll,%d)})
.catch(function(){setTimeout(poll,1500)})}setTimeout(poll,%d)})(%%d)</script>
""" % (RELOAD_PATH, int(POLL_SECONDS * 1000), int(POLL_SECONDS * 1000))


@dataclass
class SiteState:
    """What the server serves; replaced whole under the lock after each rebuild."""

    files: dict[str, bytes] = field(default_factory=dict)
    build: int = 0  # bumped by each successful build
    error: str = ''  # the last rebuild's failure, '' when it succeeded
    lock: threading.Lock = field(default_factory=threading.Lock)

    def snapshot(self) -> tuple[dict[str, bytes], int, str]:
        with self.lock:
            return self.files, self.build, self.error

    def succeeded(self, files: dict[str, bytes]) -> None:
        with self.lock:
            self.files, self.build, self.error = files, self.build + 1, ''

    def failed(self, error: str) -> None:
        with self.lock:
            self.error = error


def watched_paths(config: SiteConfig) -> list[Path]:
    """Folders whose files change the site: sources, templates, translation caches."""
    return [config.root / config.source, config.root / config.cache, *template_dirs(config)]


def snapshot_mtimes(folders: list[Path]) -> dict[str, float]:
    """(path -> mtime) of every file under the folders; hidden and cache folders skipped."""
    seen: dict[str, float] = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in folder.rglob('*'):
            parts = path.relative_to(folder).parts
            if any(p.startswith('.') or p == '__pycache__' for p in parts):
                continue
            try:
                stat = path.stat()
            except OSError:
                continue
            if path.is_file():
                seen[str(path)] = stat.st_mtime_ns
    return seen


def rebuild(
    config: SiteConfig,
    languages: tuple[str, ...],
    cache_dir: Path | None,
    jobs: int | None,
    state: SiteState,
    log=print,
) -> bool:
    """Build once and publish the result; on failure keep serving the last good site."""
    started = time.perf_counter()
    # Jinja notices edits to a template it loaded, not a new file that now overrides it.
    environment.cache_clear()
    try:
        result: BuildResult = build(
            config, languages, cache_dir=cache_dir, jobs=jobs, progress=Progress(quiet=True)
        )
    except Exception:
        error = traceback.format_exc()
        log(f'build failed:\n{error}', file=sys.stderr)
        state.failed(error)
        return False
    for m in sorted(result.messages.warnings):
        log(f'warning: {m}', file=sys.stderr)
    if not result.ok:
        errors = '\n'.join(f'error: {m}' for m in sorted(result.messages.errors))
        log(errors, file=sys.stderr)
        log(
            f'build failed with {len(result.messages.errors)} errors; still serving the last good build',
            file=sys.stderr,
        )
        state.failed(errors)
        return False
    state.succeeded(result.files)
    log(
        f'built {len(result.pages)} pages in {time.perf_counter() - started:.2f} s '
        f'({result.reused} unchanged)',
        flush=True,
    )
    return True


def make_handler(state: SiteState, quiet: bool = True) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = 'sitegen'
        timeout = REQUEST_TIMEOUT_SECONDS

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
            url = urlsplit(self.path)
            files, number, error = state.snapshot()
            if url.path == RELOAD_PATH:
                body = json.dumps({'build': number, 'error': error}).encode()
                return self._send(HTTPStatus.OK, 'application/json', body, head)
            path = posixpath.normpath(unquote(url.path)).lstrip('/')
            if path in ('', '.'):
                path = 'index.html'
            if path not in files and f'{path}/index.html' in files:
                if not url.path.endswith('/'):
                    self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                    self.send_header('Location', url.path + '/')
                    self.end_headers()
                    return
                path += '/index.html'
            data = files.get(path)
            if data is None:
                # Before the first good build every page is missing: show why, and reload when fixed.
                page = (
                    f'<!DOCTYPE html><meta charset="utf-8"><title>Not found</title>'
                    f'<body><p>Not found: /{html.escape(path)}</p></body>'
                ).encode()
                return self._send(
                    HTTPStatus.NOT_FOUND, 'text/html; charset=utf-8', inject_reload(page, number), head
                )
            kind = mimetypes.guess_type(path)[0] or 'application/octet-stream'
            if path.endswith('.html'):
                data = inject_reload(data, number)
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

        def log_message(self, format: str, *args) -> None:
            if not quiet:
                super().log_message(format, *args)

    return Handler


def _reason(e: BaseException) -> str:
    if isinstance(e, BrokenPipeError):
        return 'connection closed'
    if isinstance(e, ConnectionResetError):
        return 'connection reset'
    if isinstance(e, TimeoutError):
        return 'timed out'
    return type(e).__name__


def inject_reload(html: bytes, number: int) -> bytes:
    script = (_RELOAD_SCRIPT % number).encode()
    at = html.rfind(b'</body>')
    return html + script if at < 0 else html[:at] + script + html[at:]


def watch(
    config: SiteConfig,
    languages: tuple[str, ...],
    cache_dir: Path | None,
    jobs: int | None,
    state: SiteState,
    stop: threading.Event,
    last: dict[str, float] | None = None,
) -> None:
    """Poll the watched folders; rebuild after a change, once the files stop changing.

    `last` is what the files looked like when the current build started, so that an edit made
    while it ran, or before this loop's first look, still triggers a rebuild.
    """
    folders = watched_paths(config)
    last = snapshot_mtimes(folders) if last is None else last
    while not stop.wait(POLL_SECONDS):
        now = snapshot_mtimes(folders)
        if now == last:
            continue
        # An editor may write in several steps: wait until two looks agree.
        while not stop.wait(0.1):
            again = snapshot_mtimes(folders)
            if again == now:
                break
            now = again
        changed = sorted(set(now) ^ set(last) | {p for p in now if last.get(p) != now[p]})
        last = now
        print(
            f'changed: {", ".join(_short(p, config.root) for p in changed[:5])}'
            + (f' and {len(changed) - 5} more' if len(changed) > 5 else ''),
            flush=True,
        )
        rebuild(config, languages, cache_dir, jobs, state)


def _short(path: str, root: Path) -> str:
    try:
        return Path(path).relative_to(root).as_posix()
    except ValueError:
        return path


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = LISTEN_BACKLOG

    def __init__(self, address: tuple[str, int], handler) -> None:
        if ':' in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, handler)


def serve(
    config: SiteConfig,
    languages: tuple[str, ...],
    host: str,
    port: int,
    cache_dir: Path | None,
    jobs: int | None,
) -> int:
    """Build, serve on host:port and rebuild on changes until interrupted."""
    if not 0 <= port <= 65535:
        raise UsageError(f'--port {port}: a port is a number from 1 to 65535, or 0 for any free port')
    state = SiteState()
    try:
        server = _Server((host, port), make_handler(state))
    except OSError as e:
        reason = e.strerror or str(e)
        hint = ' (another server uses it: stop it, or pick another --port)' if _in_use(e) else ''
        print(f'error: cannot listen on {host}:{port}: {reason}{hint}', file=sys.stderr, flush=True)
        return 1
    stop = threading.Event()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    try:
        seen = snapshot_mtimes(watched_paths(config))
        # The first build may use a process pool; it runs before any thread is started. Requests
        # that come meanwhile wait in the listen queue.
        if not rebuild(config, languages, cache_dir, jobs, state):
            print('serving the error until the sources are fixed', file=sys.stderr, flush=True)
        thread.start()
        bound_host, bound_port = server.socket.getsockname()[:2]
        shown = f'[{bound_host}]' if ':' in str(bound_host) else bound_host
        print(f'serving http://{shown}:{bound_port}/ (Ctrl-C to stop)', flush=True)
        # Rebuilds run in this thread, serially: forking a pool from a threaded process is unsafe.
        watch(config, languages, cache_dir, 1, state, stop, seen)
    except KeyboardInterrupt:
        print('stopped', flush=True)
    finally:
        stop.set()
        if thread.is_alive():
            server.shutdown()
        server.server_close()
    return 0


def _in_use(e: OSError) -> bool:
    return e.errno in (errno.EADDRINUSE, getattr(errno, 'WSAEADDRINUSE', -1))
