"""`serve`: the live preview. Build, serve the files from memory (`sitegen.serving.server`), rebuild on
changes (`sitegen.serving.watcher`).

The site is built with the same `build()` as `build_site.py build` (its page cache makes a
rebuild cost only the pages that changed) and served from the resulting files in memory, so
`serve` never writes the output folder.
"""

from __future__ import annotations

import errno
import functools
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from sitegen.building.build import BuildResult, build
from sitegen.building.sitefiles import Kept
from sitegen.console import Progress, counted_notices, print_messages
from sitegen.errors import Messages, UsageError, display_path, plural
from sitegen.files import io_problem
from sitegen.pages.render import forget_templates
from sitegen.reading.config import SiteConfig
from sitegen.serving.server import Server, SiteState, authors_files, make_handler
from sitegen.serving.watcher import changes, snapshot_mtimes, watched_paths


def rebuild(
    config: SiteConfig,
    languages: tuple[str, ...],
    cache_dir: Path | None,
    jobs: int | None,
    state: SiteState,
    log=print,
    verbose: bool = False,
    kept: Kept | None = None,
    said: set[str] | None = None,
) -> bool:
    """Build once and publish the result; on failure keep serving the last good site. `kept`: what
    the last build of this process left to the next (its search indexes). `said`: the warnings the
    last build printed: only the others are printed, those already shown are counted (an edit's new
    warning is not lost among the hundreds a site may carry), and it then holds this build's."""
    started = time.perf_counter()
    forget_templates()
    out = config.root / config.output
    # The author's own files in the output folder (images, say) are part of the preview too.
    authors = authors_files(out)
    try:
        result: BuildResult = build(
            config,
            languages,
            cache_dir=cache_dir,
            jobs=jobs,
            progress=Progress(quiet=True),
            existing=frozenset(authors),
            kept=kept,
        )
    except Exception as e:  # a full disk, a folder removed meanwhile: a message, not a traceback
        error = f'error: {io_problem(e)}' if isinstance(e, OSError) else traceback.format_exc()
        log(error if isinstance(e, OSError) else f'build failed:\n{error}', file=sys.stderr)
        state.failed(error)
        return False
    warnings = result.messages.warnings
    shown = [m for m in warnings if str(m) not in said] if said else warnings
    print_messages(Messages(shown, [], result.messages.notices), verbose=verbose)
    repeated = len(warnings) - len(shown)
    if said is not None:
        said.clear()
        said.update(map(str, warnings))
    if not result.ok:
        errors = '\n'.join(f'error: {m}' for m in sorted(result.messages.errors))
        n = len(result.messages.errors)
        log(f'{errors}\nbuild failed with {n} errors; still serving the last good build', file=sys.stderr)
        state.failed(errors)
        return False
    state.succeeded({**authors, **result.files})
    notices = counted_notices(result.messages.notices, verbose)
    before = f'{plural(repeated, "warning")} already shown' if repeated else ''
    log(
        f'built {len(result.pages)} pages in {time.perf_counter() - started:.2f} s '
        f'({result.reused} unchanged' + ''.join(f'; {s}' for s in (before, notices) if s) + ')',
        flush=True,
    )
    return True


def watch(
    config: SiteConfig, again: Callable[[], object], stop: threading.Event, before: dict[str, int] | None
) -> None:
    """Rebuild (`again`) after each group of changes until `stop` is set.

    `before` is what the files looked like when the current build started, so that an edit made
    while it ran still triggers a rebuild.
    """
    for changed in changes(watched_paths(config), stop, before):
        shown = sorted(display_path(p, config.root) for p in changed)
        more = f' and {len(shown) - 5} more' if len(shown) > 5 else ''
        print(f'changed: {", ".join(shown[:5])}{more}', flush=True)
        again()


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
    again = functools.partial(  # each build leaves the next its search indexes and the warnings printed
        rebuild, config, languages, cache_dir, state=state, verbose=verbose, kept=Kept(), said=set()
    )
    try:
        server = Server((host, port), make_handler(state, host=host))
    except OSError as e:
        reason = e.strerror or str(e)
        in_use = e.errno in (errno.EADDRINUSE, getattr(errno, 'WSAEADDRINUSE', -1))
        hint = ' (another server uses it: stop it, or pick another --port)' if in_use else ''
        print(f'error: cannot listen on {host}:{port}: {reason}{hint}', file=sys.stderr, flush=True)
        return 1
    stop = threading.Event()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    sigterm = signal.getsignal(signal.SIGTERM)
    try:
        seen = snapshot_mtimes(watched_paths(config))
        # The first build may use a process pool; it runs before any thread is started. Requests
        # that come meanwhile wait in the listen queue.
        if not again(jobs):
            print('serving the error until the sources are fixed', file=sys.stderr, flush=True)
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, _stop_on_sigterm)
        thread.start()
        bound_host, bound_port = server.socket.getsockname()[:2]
        shown = f'[{bound_host}]' if ':' in str(bound_host) else bound_host
        print(f'serving http://{shown}:{bound_port}/ (Ctrl-C to stop)', flush=True)
        # Rebuilds run in this thread, serially: forking a pool from a threaded process is unsafe.
        watch(config, lambda: again(1), stop, seen)
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
