"""Rendering pages in worker processes, each distinct formula typeset once.

On a cold build the workers first read the sources for the site's first pass (titles, papers,
symbols: `siteinfo.first_read`), each its share, keeping the parses. Then a build renders in three
rounds. Each worker parses its share of the pages (or takes the parse it kept) and lists their
formulas (`page.prepare`): a page without formulas is rendered at once, the others kept in its own
memory; the build typesets the formulas no earlier build has typeset, spread over the same
workers; each worker then renders its kept pages with the typeset formulas they need
(`page.render`). Only sources, jobs, formulas and results cross between processes, never a
parsed page.

Workers are forked where the system can fork; pages are dealt out by size so that the workers
finish together, and the same sources are always dealt alike, so that a worker builds the pages
it read. With one worker everything runs in this process.
"""

from __future__ import annotations

import multiprocessing
import os
import traceback
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, cast

from sitegen import page as page_module
from sitegen import parsed, siteinfo
from sitegen.cache import MathCache, PageCache
from sitegen.doc import PageJob, PageResult

Progress = Callable[[int, int], None]
# Where rendered pages are kept (a page cache's folder) and each job's key there: whoever renders a
# page stores it, and only the rest (`without_html`) comes back, so that the HTML of every page is
# never in one process's memory, nor pickled from a worker to the build.
Store = tuple[Path, list[str]]


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
    workers = len(pool.connections)
    parsed.forget()  # the workers have the sources parsed so far; this process needs them no more
    shares = deal([len(job.source.data) for job in jobs], workers)
    results: dict[int, PageResult] = {}

    def arrived(pages: Iterator[tuple[int, int, PageResult]]) -> None:
        for worker, position, result in pages:
            results[shares[worker][position]] = result
            on_page(len(results), len(jobs))

    # A page without formulas is rendered as soon as it is prepared; the others wait for theirs.
    lists: dict[int, object] = {}
    payloads = [
        (store and (store[0], [store[1][i] for i in share]), [jobs[i] for i in share]) for share in shares
    ]
    arrived(pool.stream_all('prepare', payloads, lists))
    by_job: dict[int, list[tuple[str, bool]]] = {}
    for worker, share in enumerate(shares):
        for i, formulas in zip(share, cast(list, lists[worker]), strict=True):
            if formulas is not None:
                by_job[i] = formulas
    missing = math.missing(f for i in sorted(by_job) for f in by_job[i])
    if missing:
        chunks = [missing[w::workers] for w in range(workers)]
        for chunk, typeset in zip(chunks, pool.ask_all('typeset', chunks)):
            math.add(chunk, typeset)
    arrived(
        pool.stream_all('render', [[math.table(by_job[i]) for i in share if i in by_job] for share in shares])
    )
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
    prepared: list[tuple[int, page_module.Prepared]] = []  # (its place in the share, the page)
    store: Store | None = None  # where this worker's pages are stored, by place in its share
    try:
        while True:
            request, payload = conn.recv()
            if request == 'stop':
                return
            try:
                if request == 'first':  # the sources' titles and symbols; their parses kept here
                    conn.send(('ok', siteinfo.first_read(payload)))
                elif request == 'prepare':
                    # Each job (its source's bytes) is let go once prepared; a page without formulas
                    # is rendered at once, the others kept (with their lines) for their formulas.
                    store, payload = payload
                    parsed.keep_only({job.source.rel for job in payload})  # the others' are theirs
                    todo, payload, prepared = list(reversed(payload)), None, []
                    lists: list[list[tuple[str, bool]] | None] = []
                    while todo:
                        p = page_module.prepare(todo.pop())
                        if p.formulas:
                            prepared.append((len(lists), p))
                            lists.append(p.formulas)
                        else:
                            result = _stored(store, len(lists), page_module.render(p, {}, template_cache))
                            conn.send(('page', (len(lists), result)))
                            lists.append(None)
                        del p
                    parsed.forget()
                    conn.send(('ok', lists))
                elif request == 'typeset':
                    conn.send(('ok', page_module.typeset(payload)))
                elif request == 'render':
                    # Each prepared page is let go once rendered, so memory falls as the round goes.
                    pending: list[tuple[int, page_module.Prepared] | None] = list(prepared)
                    prepared = []
                    if len(payload) != len(pending):
                        raise ValueError(f'{len(payload)} tables for {len(pending)} prepared pages')
                    for n, table in enumerate(payload):
                        waiting, pending[n] = pending[n], None
                        assert waiting is not None
                        position, p = waiting
                        result = _stored(store, position, page_module.render(p, table, template_cache))
                        conn.send(('page', (position, result)))
                        del p, waiting
                    conn.send(('ok', None))
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

    def stream_all(
        self, request: str, payloads: list, answers: dict[int, object] | None = None
    ) -> Iterator[tuple[int, int, PageResult]]:
        """Send each worker its payload; yield (worker, position, page) as pages arrive. Each
        worker's last answer goes into `answers`, by worker."""
        from multiprocessing.connection import wait

        for conn, payload in zip(self.connections, payloads, strict=True):
            conn.send((request, payload))
        pending = dict(enumerate(self.connections))
        while pending:
            for ready in wait(list(pending.values())):
                worker = next(w for w, c in pending.items() if c is ready)
                kind, value = self._receive(pending[worker])
                if kind == 'page':
                    position, result = cast(tuple[int, PageResult], value)
                    yield worker, position, result
                else:
                    del pending[worker]
                    if answers is not None:
                        answers[worker] = value

    def _answer(self, conn: Connection) -> object:
        kind, value = self._receive(conn)
        return value

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
