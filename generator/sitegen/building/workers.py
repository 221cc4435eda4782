"""The build's worker processes: one `concurrent.futures.ProcessPoolExecutor`.

Each worker is forked where the system forks, and loads what a page's build needs before its first
task (`_start`): the page's stages, Markdown, Pygments and its tables, and KaTeX where it will
typeset much (a cold build; otherwise at its first formula). A page is one task (`_page`): the
worker parses the page's source (or takes the first pass's parse of it), typesets the formulas it
does not know yet (those typeset by earlier builds came with the fork, or with `warm`; those the
first pass found come with the page; those it typesets it keeps for its next pages), renders the
page in every language, stores it in the page cache, and sends back the result without its HTML
(never pickled, never all in one process's memory) with the formulas it typeset. Pages are
submitted largest first and the executor gives each worker the next as it finishes one, so that
the workers finish together.

A cold build's first pass (titles, symbols, and each source's formulas) is shared out the same way,
in chunks (`Workers.first_pass`), each source's parse left in a file for its page (`_first`); then,
while the build makes the jobs, the workers typeset the formulas it found, each distinct one once
(`Workers.typeset`: on the labml-style package, where pages share formulas, each worker
typesetting its own pages' would typeset most of them twice), and read the digests of the output
folder's files (`Workers.digests`).

With one worker, or a page or two without workers started before, the pages are built in this
process (`render_pages`). The command forks its workers as it starts (`sitegen.commands.cli`), once the
modules both use are loaded, so that they load their own while the build loads its own and reads the
sources. Pages the cache has no entry for are sent to the workers before the build reads the cached
ones.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
from collections.abc import Callable, Mapping
from concurrent.futures import Future, as_completed
from pathlib import Path
from typing import TYPE_CHECKING

# What the build and its workers both use is loaded before the command forks them; what only the
# workers use (the page's stages, Markdown, Pygments, Jinja) and what only the build does (writing
# the output, say) is loaded after, by each beside the other.
from sitegen.cache import BuildCache, MathCache, PageCache, sha256
from sitegen.doc import PageJob, PageResult
from sitegen.sitewide import siteinfo

if TYPE_CHECKING:
    from sitegen.building import output
    from sitegen.reading.math import Formula, Typeset
    from sitegen.sitewide.siteinfo import Formulas

Progress = Callable[[int, int], None]
First = tuple['Formulas', bytes | Path | None]  # what the first pass found of a page: formulas, parse
_NONE: First = ((), None)
# Where rendered pages are kept (a page cache's folder) and each job's key there.
Store = tuple[Path, list[str]]
Where = tuple[Path, str]  # where one page is stored: the folder and its key
# Sources of the first pass (at most), and output files whose digests are read, in a task: enough
# that a task is worth its messages, few enough that the workers finish together.
CHUNK = 16
DIGESTS = 256
FORMULAS = 64  # formulas typeset in a task

_table: dict = {}  # in a worker: the formulas typeset so far (by earlier builds, and by this worker)
_PR_SET_PDEATHSIG = 1  # linux/prctl.h
# Signals a worker takes only once it is the build's (`_start`).
_STARTING = frozenset({signal.SIGINT, signal.SIGTERM})


# Rendering makes millions of small objects (tokens, sections, strings) that live until a page is
# done: at Python's default (a collection every 700 new objects) the collector takes 5 to 6% of a
# cold build's processor time and finds next to nothing; at one every 10,000, 1.5%. Only where pages
# are rendered (the workers, or the build's process when it renders them itself): the build's
# process keeps the site's sources and results, and would hold more garbage at its peak.
COLLECT_EVERY = (10_000, 10, 10)


def count(jobs: int | None, tasks: int) -> int:
    """Workers to use: `jobs` (every core when 0 or None), never more than there are tasks."""
    n = jobs if jobs and jobs > 0 else (os.cpu_count() or 1)
    return max(1, min(n, tasks))


def _stored(where: Where, result: PageResult) -> PageResult:
    """The result as it comes back: stored, and without its HTML."""
    PageCache(where[0]).put(where[1], result)
    return result.without_html()


def render_pages(
    jobs: list[PageJob],
    math: MathCache,
    workers: int,
    template_cache: Path | None,
    on_page: Progress,
    store: Store,
    first: Mapping[str, First],
    pool: Workers | None = None,
) -> Callable[[], list[PageResult]]:
    """Render every job: the function returned gives the results in the order of `jobs`, stored in
    `store` (and without their HTML). `first`: what the first pass found of a page (by path), its
    formulas (sent typeset with the page) and its parse. `pool`: workers already started, used
    whatever `workers` says, and sent the jobs now (the build reads its cache while they render);
    otherwise the pages are rendered when the function is called, here or in workers forked then."""
    if pool is not None:
        return pool.render(jobs, math, template_cache, on_page, store, first)

    def render() -> list[PageResult]:
        if workers <= 1:
            before = gc.get_threshold()
            gc.set_threshold(*COLLECT_EVERY)  # while the pages are rendered here, then as it was
            try:
                return _render_here(jobs, math, template_cache, on_page, store, first)
            finally:
                gc.set_threshold(*before)
        with Workers(workers, math.known()) as started:
            return started.render(jobs, math, template_cache, on_page, store, first)()

    return render


def _render_here(
    jobs: list[PageJob],
    math: MathCache,
    template_cache: Path | None,
    on_page: Progress,
    store: Store,
    first: Mapping[str, First],
) -> list[PageResult]:
    from sitegen.pages import page as page_module

    prepared = [page_module.prepare(job, _parsed(first.get(job.source.page, _NONE)[1])) for job in jobs]
    missing = math.missing(f for p in prepared for f in p.formulas)
    if missing:
        math.add(missing, page_module.typeset(missing))
    results = []
    for done, p in enumerate(prepared, 1):
        where = (store[0], store[1][done - 1])
        results.append(_stored(where, page_module.render(p, math.table(p.formulas), template_cache)))
        on_page(done, len(jobs))
    return results


class Workers:
    """`size` worker processes, forked at once (they load their libraries while this process goes
    on), until `close`. `typesetting`: whether they will typeset much (a cold build's), and load
    KaTeX as they start; a page or two after an edit seldom has a formula not typeset before."""

    def __init__(self, size: int, known: dict | None = None, typesetting: bool = True) -> None:
        import multiprocessing  # not loaded by a build without workers
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context('fork') if sys.platform.startswith('linux') else None
        self.size = size
        self.executor = ProcessPoolExecutor(
            size, mp_context=context, initializer=_start, initargs=(os.getpid(), known or {}, typesetting)
        )
        # Forked now, with SIGINT and SIGTERM blocked until each worker is the build's (`_start`).
        masks = hasattr(signal, 'pthread_sigmask')
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STARTING) if masks else set()
        try:
            self.executor.submit(int)
        except OSError:  # no process to spare
            self.executor.shutdown(wait=False)
            raise
        finally:
            if masks:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def warm(
        self, template_dirs: tuple[Path, ...], template_cache: Path | None, cache_dir: Path | None
    ) -> None:
        """Have the workers load the templates and the formulas typeset by earlier builds before
        the build sends them a page."""
        from concurrent.futures.process import BrokenProcessPool

        with contextlib.suppress(BrokenProcessPool):  # a worker that ended: the pages are built here
            for _ in range(self.size):
                self.executor.submit(_warm, template_dirs, template_cache, cache_dir)

    def close(self) -> None:
        """Stop the workers (what is left to do is dropped) and wait for them."""
        self.executor.shutdown(wait=True, cancel_futures=True)

    def first_pass(self, tasks: list[siteinfo.FirstRead], folder: Path) -> list[siteinfo.FirstFound]:
        """`siteinfo.first_read(tasks)` with each source's formulas, read by the workers a chunk at
        a time; each parse is left in a file of `folder`, named in its place."""
        order = sorted(range(len(tasks)), key=lambda i: -len(tasks[i][0].data))
        size = max(1, min(CHUNK, len(tasks) // (4 * self.size)))  # several chunks a worker
        chunks = [order[i : i + size] for i in range(0, len(order), size)]
        futures = [self.executor.submit(_first, [tasks[i] for i in chunk], folder) for chunk in chunks]
        found: list[siteinfo.FirstFound] = [(None, None, (), None)] * len(tasks)
        for chunk, future in zip(chunks, futures, strict=True):
            for i, read in zip(chunk, future.result(), strict=True):
                found[i] = read
        return found

    def typeset(self, formulas: list[Formula], math: MathCache) -> Callable[[], None]:
        """Typeset `formulas` in the workers (a chunk at a time; each keeps those it typeset) while
        this process goes on; the function returned waits for them and adds them to `math`."""
        chunks = [formulas[i : i + FORMULAS] for i in range(0, len(formulas), FORMULAS)]
        futures = [self.executor.submit(_typeset, chunk) for chunk in chunks]

        def done() -> None:
            for chunk, future in zip(chunks, futures, strict=True):
                math.add(chunk, future.result())

        return done

    def digests(self, files: list[str]) -> Callable[[], list[output.Digest]]:
        """Read the digests of `files` in the workers while this process goes on; the function
        returned waits for them."""
        futures = [
            self.executor.submit(_digests, files[i : i + DIGESTS]) for i in range(0, len(files), DIGESTS)
        ]
        return lambda: [d for future in futures for d in future.result()]

    def render(
        self,
        jobs: list[PageJob],
        math: MathCache,
        template_cache: Path | None,
        on_page: Progress,
        store: Store,
        first: Mapping[str, First],
    ) -> Callable[[], list[PageResult]]:
        """Each page a task, sent now, the largest first, with its formulas typeset and its parse
        where the first pass found them; the function returned waits for them (in the order of
        `jobs`), and adds the formulas a worker typeset to `math`."""
        futures: dict[Future, int] = {}
        for i in sorted(range(len(jobs)), key=lambda i: -len(jobs[i].source.data)):
            where = (store[0], store[1][i])
            formulas, read = first.get(jobs[i].source.page, _NONE)
            future = self.executor.submit(_page, jobs[i], where, template_cache, math.table(formulas), read)
            futures[future] = i

        def done() -> list[PageResult]:
            results: dict[int, PageResult] = {}
            try:
                for future in as_completed(futures):
                    result, typeset = future.result()
                    if typeset:
                        math.add([f for f, _ in typeset], [t for _, t in typeset])
                    results[futures[future]] = result
                    on_page(len(results), len(jobs))
            finally:
                for future in futures:
                    future.cancel()
            return [results[i] for i in range(len(jobs))]

        return done


# ---------------------------------------------------------------- in a worker


def _start(build: int, known: dict, typesetting: bool) -> None:
    """A worker's start: it is the build's (Ctrl-C is the build's to answer, and on Linux the
    kernel ends the worker when the build ends, however it ends), then it loads what a page needs
    (KaTeX at its first formula where it is not `typesetting`)."""
    global _table
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith('linux'):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        if os.getppid() != build:  # the build ended before the worker could ask to be told
            os._exit(0)
    if hasattr(signal, 'pthread_sigmask'):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STARTING)
    gc.set_threshold(*COLLECT_EVERY)  # the worker is the build's until it ends
    from sitegen.pages import page  # noqa: F401  Markdown, Pygments, the search and the page's stages
    from sitegen.pages.pyhighlight import warm
    from sitegen.reading.math import katex

    if typesetting:
        katex()
    warm()
    _table = known


def _warm(template_dirs: tuple[Path, ...], template_cache: Path | None, cache_dir: Path | None) -> None:
    from sitegen.pages import page as page_module
    from sitegen.reading.math import katex_version

    if cache_dir is not None and not _table:
        _table.update(BuildCache(cache_dir, katex_version()).math.known())
    with contextlib.suppress(Exception):  # a template that does not load: the page's render says why
        page_module.warm(template_dirs, template_cache)


def _first(tasks: list[siteinfo.FirstRead], folder: Path) -> list[siteinfo.FirstFound]:
    found = siteinfo.first_read(tasks, formulas=True)
    for at, ((source, _, _), (info, symbols, formulas, parsed)) in enumerate(zip(tasks, found, strict=True)):
        if isinstance(parsed, bytes):
            path = folder / sha256(source.page.encode())
            path.write_bytes(parsed)
            found[at] = (info, symbols, formulas, path)
    return found


def _parsed(read: bytes | Path | None) -> bytes | None:
    """The first pass's parse of a page, from the file it waits in where it does (None where the
    file has gone: the page parses its source)."""
    if isinstance(read, Path):
        try:
            return read.read_bytes()
        except OSError:
            return None
    return read


def _digests(files: list[str]) -> list[output.Digest]:
    from sitegen.building import output

    return output.read_digests(files)


def _typeset(formulas: list[Formula]) -> list[Typeset]:
    from sitegen.pages import page as page_module

    done = page_module.typeset(formulas)
    _table.update(zip(formulas, done, strict=True))
    return done


def _page(
    job: PageJob, where: Where, template_cache: Path | None, known: dict, read: bytes | Path | None
) -> tuple[PageResult, list]:
    """Build one page: parse (`read`: the first pass's parse, or its file), typeset the formulas
    not known yet (`known`: typeset already), render, store."""
    from sitegen.pages import page as page_module

    _table.update(known)
    p = page_module.prepare(job, _parsed(read))
    del job
    missing = [f for f in dict.fromkeys(p.formulas) if f not in _table]
    typeset: list[tuple[Formula, Typeset]] = []
    if missing:
        typeset = list(zip(missing, page_module.typeset(missing), strict=True))
        _table.update(typeset)
    result = _stored(where, page_module.render(p, {f: _table[f] for f in p.formulas}, template_cache))
    return result, typeset
