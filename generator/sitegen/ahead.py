"""A worker forked as a build starts, for a build that renders a page or two (an edit's).

Rendering a page first needs what no earlier step of a build loads: Markdown, Jinja2 and the
templates, Pygments and its tables, the formulas typeset so far. For a build after an edit, which
renders one page, loading them is a third of the command's time. A worker forked as the command
starts to build (`Ahead`) loads them, with the build itself, while the command loads the build and
reads the sources and the caches; the build then sends it the pages to render, one at a time, and
it answers as the build's other workers do (`sitegen.workers`). A build with more pages to render
stops it and starts its workers as before.

Only for the command's own process (`sitegen.cli.run`), where the system forks and nothing else
runs in the process: a program that builds in its own process renders there. This module loads
nothing the build has not loaded already; the worker loads the rest.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from sitegen.channel import Pipe, WorkerEnded, receive

if TYPE_CHECKING:
    from sitegen.cache import MathCache
    from sitegen.doc import PageJob, PageResult

# The most pages a build sends the worker; with more, the build's own workers render them.
PAGES = 4


class Ahead:
    """The worker, from `start` until `close`; `stop` says it is not needed (it ends once loaded)."""

    def __init__(self, pid: int, conn: Pipe) -> None:
        self.pid: int | None = pid
        self.conn: Pipe | None = conn

    @classmethod
    def start(cls) -> Ahead | None:
        """Fork the worker, before the build is loaded (None where the system does not fork, or
        another thread runs); it loads the build and waits for `begin`."""
        threading = sys.modules.get('threading')
        if not sys.platform.startswith('linux') or (threading is not None and threading.active_count() > 1):
            return None
        fds: list[int] = []
        build = os.getpid()
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            fds += os.pipe()
            fds += os.pipe()
            pid = os.fork()
        except OSError:  # no process or descriptor to spare: the build renders its pages itself
            for fd in fds:
                os.close(fd)
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            return None
        down, up = fds[:2], fds[2:]
        if pid == 0:  # the worker: it never returns into the build
            code = 0
            try:
                os.close(down[1])
                os.close(up[0])
                from sitegen import workers

                workers.end_with_build(build)  # it ends with the build, whatever ends that
                workers.serve_ahead(Pipe(down[0], up[1]))
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        os.close(down[0])
        os.close(up[1])
        return cls(pid, Pipe(up[0], down[1]))

    def begin(self, cache_dir: Path, template_cache: Path, template_dirs: tuple[Path, ...]) -> None:
        """Tell the worker the build's cache, where its compiled templates are kept, and its
        templates: it loads them and the formulas typeset so far, then waits for pages."""
        if self.conn is not None:
            try:
                self.conn.send(('start', (cache_dir, template_cache, template_dirs)))
            except OSError:  # it has ended: the build renders its pages itself
                self.stop()

    @property
    def ready(self) -> bool:
        return self.conn is not None

    def render(
        self,
        jobs: list[PageJob],
        math: MathCache,
        store: tuple[Path, list[str]],
        on_page: Callable[[int, int], None],
    ) -> list[PageResult]:
        """Render `jobs` in the worker, storing each page where `store` says (its folder, each
        job's key there); the formulas it typeset are added to `math`. `WorkerEnded` where it
        ended before it answered."""
        assert self.conn is not None
        results = []
        for i, job in enumerate(jobs):
            try:
                self.conn.send(('page', (job, (store[0], store[1][i]), [])))
            except BrokenPipeError:
                raise WorkerEnded('a worker process ended unexpectedly') from None
            result, typeset = cast(tuple, receive(self.conn)[1])
            if typeset:
                math.add([f for f, _ in typeset], [t for _, t in typeset])
            results.append(result)
            on_page(i + 1, len(jobs))
        return results

    def stop(self) -> None:
        """Tell the worker to end (once it has loaded what it was loading); it is not waited for."""
        if self.conn is not None:
            try:
                self.conn.send(('stop', None))
            except OSError:  # it has ended already
                pass
            self.conn.close()
            self.conn = None

    def close(self) -> None:
        """Stop the worker and wait for it to end."""
        self.stop()
        if self.pid is not None:
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
            self.pid = None
