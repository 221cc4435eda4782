"""Rendering pages in worker processes.

On a cold build the workers first read the sources for the site's first pass (titles, papers,
symbols: `siteinfo.first_read`), each its share, keeping the parses. Then each builds its share
of the pages, one page at a time as the build sends them: it parses the page (or takes the parse
it kept), typesets the formulas neither an earlier build nor any worker has typeset yet, renders
it (`page.render`) and stores it. A worker that has built its share takes the smallest pages left
of another's, so that the workers finish together whatever a page costs. Only sources, jobs,
formulas and results cross between processes, never a parsed page.

Workers are forked where the system can fork; pages are dealt out by size, and the same sources
are always dealt alike, so that a worker builds the pages it read. With one worker everything
runs in this process.
"""

from __future__ import annotations

import multiprocessing
import os
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, cast

from sitegen import page as page_module
from sitegen import parsed, siteinfo
from sitegen.cache import MathCache, PageCache
from sitegen.doc import PageJob, PageResult
from sitegen.math import Typeset
from sitegen.page import Formula

Progress = Callable[[int, int], None]
# Where rendered pages are kept (a page cache's folder) and each job's key there: whoever renders a
# page stores it, and only the rest (`without_html`) comes back, so that the HTML of every page is
# never in one process's memory, nor pickled from a worker to the build.
Store = tuple[Path, list[str]]
# Pages sent to a worker ahead of its answers: one being built while the build reads the other's.
DEPTH = 2
# Whether a worker whose share is built takes pages left of another's (parsing them anew): the
# workers then finish together, whatever a page costs to build.
TAKE_OTHERS = True


def _stored(store: Store | None, index: int, result: PageResult) -> PageResult:
    if store is None:
        return result
    PageCache(store[0]).put(store[1][index], result)
    return result.without_html()


def count(jobs: int | None, tasks: int) -> int:
    """Workers to use: `jobs` (every core when 0 or None), never more than there are tasks."""
    n = jobs if jobs and jobs > 0 else (os.cpu_count() or 1)
    return max(1, min(n, tasks))


def render_pages(
    jobs: list[PageJob],
    math: MathCache,
    workers: int,
    template_cache: Path | None = None,
    on_page: Progress = lambda done, total: None,
    store: Store | None = None,
    pool: Pool | None = None,
) -> list[PageResult]:
    """Render every job; results come back in the order of `jobs`, stored in `store` (and
    without their HTML) where one is given. `pool`: workers already started (which read the
    sources), used whatever `workers` says."""
    if pool is not None:
        return _render_in(pool, jobs, math, on_page, store)
    if workers <= 1:
        return _render_here(jobs, math, template_cache, on_page, store)
    with Pool(workers, template_cache) as started:
        return _render_in(started, jobs, math, on_page, store)


def _render_in(
    pool: Pool, jobs: list[PageJob], math: MathCache, on_page: Progress, store: Store | None
) -> list[PageResult]:
    """Each worker builds its own share of the pages (those it read), largest first, typesetting
    what formulas its pages need; a worker whose share is done takes the smallest pages left of
    the others'. There is no round to wait for: a page is sent to a worker as it finishes one
    (`DEPTH` in flight each), and the formulas a worker typesets go with its page to the build,
    which passes them on to the other workers with their next pages."""
    from collections import deque
    from multiprocessing.connection import wait

    workers = len(pool.connections)
    parsed.forget()  # the workers have the sources parsed so far; this process needs them no more
    sizes = [len(job.source.data) for job in jobs]
    queues = [deque(sorted(share, key=lambda i: -sizes[i])) for share in deal(sizes, workers)]
    learned: list[list[tuple[Formula, Typeset]]] = [[] for _ in range(workers)]
    in_flight = [0] * workers
    results: dict[int, PageResult] = {}

    def send(w: int) -> None:
        own = queues[w]
        other = max(queues, key=len) if TAKE_OTHERS else own
        if not own and not other:
            return
        i = own.popleft() if own else other.pop()
        where = store and (store[0], store[1][i])
        pool.connections[w].send(('page', (i, jobs[i], where, learned[w])))
        learned[w] = []
        in_flight[w] += 1

    for w, conn in enumerate(pool.connections):
        conn.send(('math', math.known()))
        for _ in range(DEPTH):
            send(w)
    while any(in_flight):
        for ready in wait([c for c, n in zip(pool.connections, in_flight) if n]):
            w = pool.connections.index(cast(Connection, ready))
            _, value = pool.receive(w)
            i, result, typeset = cast(tuple[int, PageResult, list[tuple[Formula, Typeset]]], value)
            results[i] = result
            in_flight[w] -= 1
            if typeset:
                math.add([f for f, _ in typeset], [t for _, t in typeset])
                for other in range(workers):
                    if other != w:
                        learned[other].extend(typeset)
            on_page(len(results), len(jobs))
            send(w)
    return [results[i] for i in range(len(jobs))]


def _render_here(
    jobs: list[PageJob], math: MathCache, template_cache: Path | None, on_page: Progress, store: Store | None
) -> list[PageResult]:
    prepared = [page_module.prepare(job) for job in jobs]
    parsed.forget()  # those of other pages (cached ones) too
    missing = math.missing(f for p in prepared for f in p.formulas)
    if missing:
        math.add(missing, page_module.typeset(missing))
    results = []
    for done, p in enumerate(prepared, 1):
        results.append(
            _stored(store, done - 1, page_module.render(p, math.table(p.formulas), template_cache))
        )
        on_page(done, len(jobs))
    return results


def deal(sizes: list[int], workers: int) -> list[list[int]]:
    """Indexes per worker of tasks of these sizes (sources' bytes), largest first to the least
    loaded worker: the same sizes are always dealt alike."""
    shares: list[list[int]] = [[] for _ in range(workers)]
    loads = [0] * workers
    for i in sorted(range(len(sizes)), key=lambda i: -sizes[i]):
        w = loads.index(min(loads))
        shares[w].append(i)
        loads[w] += sizes[i] + 1
    for share in shares:
        share.sort()
    return shares


# ---------------------------------------------------------------- the worker side


def _serve(conn: Connection, template_cache: Path | None) -> None:
    """A worker: answers requests until told to stop; keeps its prepared pages between them."""
    table: dict[Formula, Typeset] = {}  # typeset formulas: the build's, and those typeset here
    try:
        while True:
            request, payload = conn.recv()
            if request == 'stop':
                return
            try:
                if request == 'first':  # the sources' titles and symbols; their parses kept here
                    conn.send(('ok', siteinfo.first_read(payload)))
                elif request == 'math':  # the formulas typeset by earlier builds
                    table = payload
                elif request == 'page':  # build one page, typesetting the formulas not known yet
                    i, job, where, learned = payload
                    table.update(learned)
                    p = page_module.prepare(job)
                    del job, payload
                    missing = [f for f in dict.fromkeys(p.formulas) if f not in table]
                    typeset = list(zip(missing, page_module.typeset(missing), strict=True))
                    table.update(typeset)
                    result = page_module.render(p, {f: table[f] for f in p.formulas}, template_cache)
                    if where is not None:
                        PageCache(where[0]).put(where[1], result)
                        result = result.without_html()
                    conn.send(('page', (i, result, typeset)))
                    del p, result
            except OSError as e:  # a full disk, a cache folder removed meanwhile: said as such
                conn.send(('oserror', (e.errno, e.strerror, e.filename)))
            except Exception:
                conn.send(('error', traceback.format_exc()))
    except (EOFError, KeyboardInterrupt, BrokenPipeError):
        return
    finally:
        conn.close()


class WorkerError(RuntimeError):
    """A worker failed: the message is its traceback."""


class Pool:
    def __init__(self, workers: int, template_cache: Path | None) -> None:
        method = 'fork' if 'fork' in multiprocessing.get_all_start_methods() else 'spawn'
        context: Any = multiprocessing.get_context(method)
        self.connections: list[Connection] = []
        self.processes: list[Any] = []
        for _ in range(workers):
            parent, child = context.Pipe()
            process = context.Process(target=_serve, args=(child, template_cache), daemon=True)
            process.start()
            child.close()
            self.connections.append(parent)
            self.processes.append(process)

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        for conn in self.connections:
            try:
                conn.send(('stop', None))
            except (BrokenPipeError, OSError):
                pass
            conn.close()
        for process in self.processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()

    def ask_all(self, request: str, payloads: list) -> list:
        """Send each worker its payload; their answers, in worker order."""
        for conn, payload in zip(self.connections, payloads, strict=True):
            conn.send((request, payload))
        return [self._answer(conn) for conn in self.connections]

    def _answer(self, conn: Connection) -> object:
        kind, value = self._receive(conn)
        return value

    def receive(self, worker: int) -> tuple[str, object]:
        return self._receive(self.connections[worker])

    @staticmethod
    def _receive(conn: Connection) -> tuple[str, object]:
        try:
            kind, value = conn.recv()
        except EOFError:
            raise WorkerError('a worker process ended unexpectedly') from None
        if kind == 'error':
            raise WorkerError(str(value))
        if kind == 'oserror':
            raise OSError(*cast(tuple[int, str, str], value))
        return kind, value
