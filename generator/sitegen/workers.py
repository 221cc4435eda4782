"""Rendering pages in worker processes.

On a cold build the workers first read the sources for the site's first pass (titles, papers,
symbols: `siteinfo.first_read`, and each source's formulas), keeping the parses. While the build
makes the pages' jobs, they typeset the formulas found, each distinct one once, a share each,
then read the digests of the output folder's files that the write will compare, a part at a time
to whichever is free (`Pool.before_pages`). Then each builds the pages whose sources it read, one
page at a time as the build sends them: it takes the parse it kept (or parses the page), typesets
the formulas neither an earlier build nor any worker has typeset yet, renders the page
(`page.render`) and stores it. The first pass and the pages are dealt by size and sent a task at
a time (`Pool.run`): a worker that is done with its share takes the smallest tasks left of
another's, so that the workers finish together whatever a task costs. Only sources, jobs, formulas
and results cross between processes, never a parsed page.

Workers are forked where the system can fork. With one worker everything runs in this process.
A first build's workers are forked as the command starts (`Pool(early=True)`), and load Markdown,
Pygments, KaTeX and the page's stages while the build is loaded: the build's own process loads
none of them.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from sitegen import output, parsed, siteinfo
from sitegen.cache import MathCache, PageCache
from sitegen.channel import Pipe, receive
from sitegen.doc import PageJob, PageResult
from sitegen.math import Formula, Typeset

if TYPE_CHECKING:  # `multiprocessing` is loaded when workers start: a build of a page or two has none
    from multiprocessing.connection import Connection

Progress = Callable[[int, int], None]
# Where rendered pages are kept (a page cache's folder) and each job's key there: whoever renders a
# page stores it, and only the rest (`without_html`) comes back, so that the HTML of every page is
# never in one process's memory, nor pickled from a worker to the build.
Store = tuple[Path, list[str]]
Where = tuple[Path, str]  # where one page is stored: the folder and its key
# Tasks sent to a worker ahead of its answers: one being built and the next waiting, so that a
# worker does not wait for the build between two.
DEPTH = 2
# Whether a worker whose share is built takes pages left of another's (parsing them anew): the
# workers then finish together, whatever a page costs to build.
TAKE_OTHERS = True
# Output files whose digests a worker reads at a time before the pages (`Pool.before_pages`): few
# enough that one worker does not read on alone while the other waits.
DIGESTS = 256


def _where(store: Store | None, index: int) -> Where | None:
    return (store[0], store[1][index]) if store is not None else None


def _stored(where: Where | None, result: PageResult) -> PageResult:
    """The result as it comes back: stored and without its HTML where there is a store."""
    if where is None:
        return result
    PageCache(where[0]).put(where[1], result)
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
    """Each worker builds the pages whose sources it read (the others dealt by size), largest
    first, typesetting what formulas its pages need, and takes the smallest pages left of the
    others' once its own are built (`Pool.run`). The formulas a worker typesets go with its page
    to the build, which passes them on to the other workers with their next pages."""
    workers = len(pool.connections)
    parsed.forget()  # the workers have the sources parsed so far; this process needs them no more
    learned: list[list[tuple[Formula, Typeset]]] = [[] for _ in range(workers)]

    def payload(i: int, w: int) -> tuple:
        sent, learned[w] = learned[w], []
        return (jobs[i], _where(store, i), sent)

    for conn in pool.connections:
        conn.send(('math', math.known()))
    results: dict[int, PageResult] = {}
    sizes = [len(job.source.data) for job in jobs]
    shares = pool.shares(sizes, [pool.readers.get(job.source.page) for job in jobs])
    for w, i, answer in pool.run('page', payload, shares, sizes):
        result, typeset = cast(tuple[PageResult, list[tuple[Formula, Typeset]]], answer)
        results[i] = result
        if typeset:
            math.add([f for f, _ in typeset], [t for _, t in typeset])
            for other in range(workers):
                if other != w:
                    learned[other].extend(typeset)
        on_page(len(results), len(jobs))
    return [results[i] for i in range(len(jobs))]


def _render_here(
    jobs: list[PageJob], math: MathCache, template_cache: Path | None, on_page: Progress, store: Store | None
) -> list[PageResult]:
    from sitegen import page as page_module

    prepared = [page_module.prepare(job) for job in jobs]
    parsed.forget()  # those of other pages (cached ones) too
    missing = math.missing(f for p in prepared for f in p.formulas)
    if missing:
        math.add(missing, page_module.typeset(missing))
    results = []
    for done, p in enumerate(prepared, 1):
        results.append(
            _stored(_where(store, done - 1), page_module.render(p, math.table(p.formulas), template_cache))
        )
        on_page(done, len(jobs))
    return results


# ---------------------------------------------------------------- the worker side


def serve_ahead(conn: Pipe) -> None:
    """The worker forked as a build starts (`sitegen.ahead`): once told the build's cache and
    templates, it loads the templates, the code colours' tables and the formulas typeset by earlier
    builds before the build sends it a page."""
    from sitegen.math import katex_version

    request, payload = conn.recv()
    if request != 'start':
        return
    cache_dir, template_cache, template_dirs = payload
    table = MathCache(cache_dir, katex_version()).known()
    _warm(template_dirs, template_cache)
    _serve(conn, template_cache, table)


def _serve_early(conn: Connection) -> None:
    """A worker forked as a first build starts (`Pool.early`): it loads what reading sources,
    typesetting and rendering need (the build's own process need not) while the build reads its
    configuration and sources, then answers requests."""
    from sitegen import page  # noqa: F401  Markdown, Pygments, the search and the page's stages
    from sitegen.math import katex
    from sitegen.pyhighlight import warm

    katex()
    warm()
    _serve(conn, None)


def _warm(template_dirs: tuple[Path, ...], template_cache: Path | None) -> None:
    from sitegen import page as page_module

    try:
        page_module.warm(template_dirs, template_cache)
    except Exception:  # a template that does not load: the page's render says why, as without this
        pass


def _serve(
    conn: Connection | Pipe, template_cache: Path | None, table: dict[Formula, Typeset] | None = None
) -> None:
    """A worker: answers requests until told to stop; keeps the formulas typeset so far, and the
    parses of the first pass, between them."""
    from sitegen import page as page_module

    table = table or {}  # typeset formulas: the build's, and those typeset here
    try:
        while True:
            request, payload = conn.recv()
            if request == 'stop':
                return
            try:
                if request == 'templates':  # where compiled templates are kept, and the templates
                    template_cache, template_dirs = payload
                    _warm(template_dirs, template_cache)
                elif request == 'first':  # a source's title, symbols and formulas; its parse kept here
                    info, symbols = siteinfo.first_read([payload])[0]
                    conn.send(('ok', (info, symbols, page_module.page_formulas(payload[0]))))
                elif request == 'typeset':  # formulas of the site's pages, while the build makes the jobs
                    done = page_module.typeset(payload)
                    table.update(zip(payload, done, strict=True))
                    conn.send(('ok', done))
                elif request == 'digests':  # files of the output folder, read while the build goes on
                    conn.send(('ok', output.read_digests(payload)))
                elif request == 'math':  # the formulas typeset by earlier builds
                    table = payload
                elif request == 'page':  # build one page, typesetting the formulas not known yet
                    job, where, learned = payload
                    table.update(learned)
                    p = page_module.prepare(job)
                    del job, payload
                    missing = [f for f in dict.fromkeys(p.formulas) if f not in table]
                    typeset = list(zip(missing, page_module.typeset(missing), strict=True)) if missing else []
                    table.update(typeset)
                    result = _stored(
                        where, page_module.render(p, {f: table[f] for f in p.formulas}, template_cache)
                    )
                    conn.send(('ok', (result, typeset)))
                    del p, result
            except OSError as e:  # a full disk, a cache folder removed meanwhile: said as such
                conn.send(('oserror', (e.errno, e.strerror, e.filename)))
            except Exception:
                import traceback

                conn.send(('error', traceback.format_exc()))
    except (EOFError, KeyboardInterrupt, BrokenPipeError):
        return
    finally:
        conn.close()


# Signals a worker must not take before it has made itself the build's (`end_with_build`).
_STARTING = frozenset({signal.SIGINT, signal.SIGTERM})
_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def end_with_build(build: int) -> None:
    """Make this worker the build's, whatever ends the build: Ctrl-C is the build's to answer (it
    stops its workers; a worker printing `KeyboardInterrupt` of its own is noise), and on Linux the
    kernel sends the worker SIGTERM when the build ends, even by SIGTERM or SIGKILL. Forked with
    SIGINT and SIGTERM blocked (`Pool`), it takes them only from here on."""
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith('linux'):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the pipe's end still ends an idle worker
            pass
    if os.getppid() != build:  # the build ended before the worker could ask to be told
        os._exit(0)
    if hasattr(signal, 'pthread_sigmask'):  # not on Windows, where no worker is forked
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STARTING)


def _worker(build: int, serve: Callable[..., None], args: tuple) -> None:
    """A worker process of a `Pool`: the build's (`end_with_build`), then `serve(*args)`."""
    end_with_build(build)
    serve(*args)


def _post(conn: Connection, outbox: queue.SimpleQueue) -> None:
    """Write the messages put in `outbox` to a worker, in order, until None."""
    while (message := outbox.get()) is not None:
        try:
            conn.send(message)
        except OSError:  # the worker ended: reading its answer says so
            return


class Pool:
    def __init__(self, workers: int, template_cache: Path | None, early: bool = False) -> None:
        """`workers` processes; `early`: forked as the build starts, each loading what its work
        needs meanwhile, and told the templates when the build knows them (`templates`)."""
        import multiprocessing

        method = 'fork' if 'fork' in multiprocessing.get_all_start_methods() else 'spawn'
        context: Any = multiprocessing.get_context(method)
        self.connections: list[Connection] = []
        self.processes: list[Any] = []
        self.readers: dict[str, int] = {}  # the worker that read each page's source (and kept its parse)
        # Forked with SIGINT and SIGTERM blocked: a worker takes them once it is the build's
        # (`end_with_build`); the build takes one that came meanwhile once they are forked.
        masks = hasattr(signal, 'pthread_sigmask')
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STARTING) if masks else set()
        try:
            for _ in range(workers):
                parent, child = context.Pipe()
                serve, args = (_serve_early, (child,)) if early else (_serve, (child, template_cache))
                process = context.Process(target=_worker, args=(os.getpid(), serve, args), daemon=True)
                process.start()
                child.close()
                self.connections.append(parent)
                self.processes.append(process)
        finally:
            if masks:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    def __enter__(self) -> Pool:
        return self

    def templates(self, template_cache: Path | None, template_dirs: tuple[Path, ...]) -> None:
        """Tell workers started early where compiled templates are kept, and the templates: they
        load them before they read their first source."""
        for conn in self.connections:
            conn.send(('templates', (template_cache, template_dirs)))

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers and wait for them (once)."""
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
        self.connections, self.processes = [], []

    def shares(self, sizes: list[int], readers: list[int | None]) -> list[list[int]]:
        """Each worker's tasks: those it has read before (`readers`), and the others dealt by size
        to the least loaded."""
        shares: list[list[int]] = [[] for _ in self.connections]
        loads = [0] * len(shares)
        for i, w in enumerate(readers):
            if w is not None:
                shares[w].append(i)
                loads[w] += sizes[i] + 1
        for i in sorted((i for i, w in enumerate(readers) if w is None), key=lambda i: -sizes[i]):
            w = loads.index(min(loads))
            shares[w].append(i)
            loads[w] += sizes[i] + 1
        return shares

    def run(
        self, request: str, payload: Callable[[int, int], object], shares: list[list[int]], sizes: list[int]
    ) -> Iterator[tuple[int, int, object]]:
        """Send task i to worker w as `(request, payload(i, w))`: each worker its share, largest
        first, then the smallest tasks left of the others' (`TAKE_OTHERS`), `DEPTH` in flight each,
        the next sent as one is answered, so that no worker waits while another has work. Yields
        (worker, task, answer) as answers come."""
        import threading
        from collections import deque
        from multiprocessing.connection import wait

        queues = [deque(sorted(share, key=lambda i: -sizes[i])) for share in shares]
        sent: list[deque[int]] = [deque() for _ in queues]  # answered in the order sent
        # A task larger than a pipe holds is written only as its worker reads it, once it is done
        # with the one before: each worker's tasks are written by a thread of its own, so that
        # this loop never waits on one worker while the other has answered.
        outboxes: list[queue.SimpleQueue] = [queue.SimpleQueue() for _ in queues]
        posting = [
            threading.Thread(target=_post, args=(conn, box), daemon=True)
            for conn, box in zip(self.connections, outboxes, strict=True)
        ]
        for thread in posting:
            thread.start()

        def send(w: int) -> None:
            other = max(queues, key=len) if TAKE_OTHERS else queues[w]
            if queues[w] or other:
                i = queues[w].popleft() if queues[w] else other.pop()
                outboxes[w].put((request, payload(i, w)))
                sent[w].append(i)

        try:
            for w in range(len(queues)):
                for _ in range(DEPTH):
                    send(w)
            while any(sent):
                for ready in wait([c for c, s in zip(self.connections, sent) if s]):
                    w = self.connections.index(cast('Connection', ready))
                    _, answer = self._receive(self.connections[w])
                    yield w, sent[w].popleft(), answer
                    send(w)
        finally:
            for box in outboxes:
                box.put(None)
            for thread in posting:
                thread.join(timeout=5)

    def before_pages(
        self, formulas: list[Formula], files: list[str]
    ) -> Callable[[], tuple[list[tuple[Formula, Typeset]], list[output.Digest]]]:
        """Have the workers typeset `formulas` (a share each, dealt by length; each keeps its own),
        then read the digests of `files` (`DIGESTS` at a time, each worker the next once it is
        done with the ones before: typesetting takes as long as it takes) while this process goes
        on; the function returned waits for them."""
        shares: list[list[Formula]] = [[] for _ in self.connections]
        loads = [0] * len(shares)
        for f in sorted(formulas, key=lambda f: -len(f[0])):
            w = loads.index(min(loads))
            shares[w].append(f)
            loads[w] += len(f[0]) + 16  # a formula's own cost, besides its length
        chunks = [('digests', files[i : i + DIGESTS]) for i in range(0, len(files), DIGESTS)]
        answered = self.ask([[('typeset', share)] for share in shares], chunks)

        def answers() -> tuple[list[tuple[Formula, Typeset]], list[output.Digest]]:
            found, read = answered()
            typeset = [
                pair for w, share in enumerate(shares) for pair in zip(share, found[w][0], strict=True)
            ]
            return typeset, [d for chunk in read for d in chunk]

        return answers

    def ask(
        self, requests: list[list[tuple[str, object]]], shared: Sequence[tuple[str, object]] = ()
    ) -> Callable[[], tuple[list[list[Any]], list[Any]]]:
        """Send each worker its requests, then the `shared` requests each to the first worker done
        with the ones before, and read the answers, one request after the other, in a thread a
        worker while this process goes on; the function returned waits for the answers (each
        worker's, and the shared ones in their order) or raises the first failure. A request is
        sent once the one before is answered: a worker writing a large answer is read meanwhile,
        never left waiting on a request being written."""
        import threading

        answers: list[list[Any]] = [[] for _ in requests]
        common: list[Any] = [None] * len(shared)
        left = iter(range(len(shared)))  # taken by one thread at a time (the lock)
        lock = threading.Lock()
        failures: list[BaseException] = []

        def talk(w: int) -> None:
            try:
                for message in requests[w]:
                    self.connections[w].send(message)
                    answers[w].append(self._receive(self.connections[w])[1])
                while True:
                    with lock:
                        i = next(left, None)
                    if i is None or failures:
                        return
                    self.connections[w].send(shared[i])
                    common[i] = self._receive(self.connections[w])[1]
            except BaseException as e:
                failures.append(e)

        threads = [threading.Thread(target=talk, args=(w,), daemon=True) for w in range(len(requests))]
        for thread in threads:
            thread.start()

        def wait() -> tuple[list[list[Any]], list[Any]]:
            for thread in threads:
                thread.join()
            if failures:
                raise failures[0]
            return answers, common

        return wait

    _receive = staticmethod(receive)
