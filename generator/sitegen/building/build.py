"""The build: sources -> page jobs -> pages (cached, or rendered by workers) -> the site's files.

This module only orchestrates; each stage lives in a module of its own (see the package README).
Everything happens in memory: writing the files into the output folder is `sitegen.building.output`'s job.
A cached page is used only when its entry is whole, so that writing never has to render.
A build that finds nothing changed renders nothing and imports none of Markdown, Jinja or KaTeX.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from typing import cast

from sitegen.building import workers
from sitegen.building.output import Digest, Output, page_outputs
from sitegen.building.sitefiles import Kept, site_files
from sitegen.building.uptodate import library_versions
from sitegen.building.workers import First, Workers
from sitegen.cache import BuildCache, MathCache, PageCache
from sitegen.console import Progress, counted_notices
from sitegen.doc import Coverage, PageJob, PageResult, Settings, Site, Source, is_markdown
from sitegen.errors import Message, Messages, by_kind, display_path, plural
from sitegen.pages.render import templates_fingerprint
from sitegen.reading import identifiers
from sitegen.reading.config import SiteConfig, where_to_set
from sitegen.reading.math import katex_version
from sitegen.reading.sources import discover, inside
from sitegen.sitewide import revision, siteinfo
from sitegen.sitewide.links import check_links, searched_folders
from sitegen.sitewide.papers import read_papers_file
from sitegen.sitewide.toc import reading_order
from sitegen.translation.catalog import read_catalog_files

# The most pages that workers started by the command (one, after an edit) build whatever their
# number; with more, as many workers as there are cores.
STARTED_PAGES = 4


@dataclass
class BuildResult:
    pages: list[PageResult]
    outputs: dict[str, Output]  # output path -> file
    messages: Messages
    seconds: float = 0.0
    reused: int = 0
    spill: object = field(default=None, repr=False)  # where pages wait without a cache (a temporary folder)
    digests: list[Digest] = field(default_factory=list, repr=False)  # read ahead for the write (`build`)

    @cached_property
    def files(self) -> dict[str, bytes]:
        """Every output file's bytes (loads cached pages' HTML)."""
        return {rel: out.load() for rel, out in self.outputs.items()}

    @property
    def ok(self) -> bool:
        return not self.messages.errors

    @property
    def failed_pages(self) -> list[str]:
        """The pages whose source could not be read as Python (a syntax error, say): no output."""
        return [p.source.page for p in self.pages if not p.built]

    @property
    def pages_alone_failed(self) -> bool:
        """Whether every error is one of a page that failed (its source's own): the others are
        whole, and are written (the failed pages' last output kept); the command still fails."""
        failed = {p.source.rel for p in self.pages if not p.built}
        return bool(failed) and all(m.file in failed for m in self.messages.errors)

    def counts(self) -> dict[str, int]:
        return {
            'pages': len(self.pages),
            'sections': sum(p.sections for p in self.pages),
            'math': sum(p.math for p in self.pages),
        }

    def translation(self) -> dict[str, dict[str, int]]:
        """Coverage of each translated language over every page, as counts by status."""
        total: dict[str, Coverage] = {}
        for page in self.pages:
            for language in page.languages:
                if language.coverage is not None:
                    total[language.lang] = total.get(language.lang, Coverage()) + language.coverage
        return {lang: coverage.as_dict() for lang, coverage in total.items()}

    def report(self) -> dict[str, object]:
        return {
            **self.counts(),
            'warnings': [m.as_dict() for m in sorted(self.messages.warnings)],
            'errors': [m.as_dict() for m in sorted(self.messages.errors)],
            'notices': [m.as_dict() for m in sorted(self.messages.notices)],
            'translation': self.translation(),
            'seconds': round(self.seconds, 3),
        }

    def summary(self, verbose: bool = False) -> str:
        """One line of figures; notices, listed only with `verbose`, are counted here."""
        return self.figures(verbose) + f'{self.seconds:.2f} s'

    def figures(self, verbose: bool = False) -> str:
        """The summary but its time: `28 pages, ..., 0 errors, `."""
        c = self.counts()
        notices = counted_notices(self.messages.notices, verbose)
        return (
            f'{plural(c["pages"], "page")}, {plural(c["sections"], "section")}, '
            f'{plural(c["math"], "math expression")}, '
            f'{_counted(self.messages.warnings, "warning")}, {_counted(self.messages.errors, "error")}, '
            + (f'{notices}, ' if notices else '')
        )


def _counted(messages: list[Message], label: str) -> str:
    """`12 warnings (8 link, 4 translation)`."""
    if not messages:
        return f'0 {label}s'
    kinds = ', '.join(f'{n} {kind}' for kind, n in by_kind(messages).items())
    return f'{plural(len(messages), label)} ({kinds})'


def build(
    config: SiteConfig,
    languages: tuple[str, ...] | None = None,
    *,
    cache_dir: Path | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    existing: frozenset[str] = frozenset(),
    kept: Kept | None = None,
    read_ahead: list[str] | None = None,
    started: Workers | None = None,
    out: Path | None = None,
) -> BuildResult:
    """Build every page in memory; nothing is written to the output here.

    `existing` lists the files of the output folder that the build does not own (an author's
    images, say): links to them are not broken. `kept`: what a process that builds again after each
    edit (`serve`) keeps from one build to the next (`sitegen.building.sitefiles.Kept`). `read_ahead`: files
    of the output folder whose digests the write will want (`DigestCache.unknown`); where there are
    workers, they read them while the jobs are made (`BuildResult.digests`).
    `started`: workers forked as the command started (`sitegen.building.workers`), used where they are
    enough for the work (or the pages few), closed here. `out`: the output folder as the last build
    left it, whose search files an edit's are made from (`sitegen.sitewide.search.KeptIndex`).

    The stages, each once: the sources (`discover`), the pages (`_pages`: the first pass, the
    jobs, the cache, the workers), the checks across pages (`_checks`), the site's other files
    (`_site`).
    """
    began = time.perf_counter()
    plan = _Plan(config, languages or config.languages, cache_dir, jobs, progress or Progress(quiet=True))
    sources, messages = discover(
        plan.source_dir, config.root, config.max_source_mb, config.markdown, config.exclude
    )
    pages = _pages(plan, sources, messages, started, read_ahead or [])
    del sources  # tens of megabytes on a large site: not held while the site's files are made
    assets = _checks(plan, pages, messages, existing)
    outputs = {**pages.carried, **page_outputs(pages.paths, pages.keys, pages.results, plan.cache.pages)}
    outputs.update(_site(plan, pages, assets, kept, out))
    # After the search index, which reads the changed pages' last postings.
    plan.cache.pages.prune(set(pages.results))
    return BuildResult(
        pages.ordered,
        dict(sorted(outputs.items())),
        messages,
        seconds=time.perf_counter() - began,
        reused=pages.reused,
        spill=plan.spill,
        digests=pages.digests,
    )


@dataclass
class _Plan:
    """What a build was asked for, and where it keeps what it makes: every stage reads it."""

    config: SiteConfig
    languages: tuple[str, ...]
    cache_dir: Path | None
    jobs: int | None
    progress: Progress
    source_dir: Path = field(init=False)
    cache: BuildCache = field(init=False)  # the build cache, its pages in a temporary folder without one
    spill: object = field(init=False)  # that folder (gone with the result)

    def __post_init__(self) -> None:
        self.source_dir = self.config.root / self.config.source
        # Without a cache, the pages rendered wait on disk all the same, not in memory.
        spill = tempfile.TemporaryDirectory(prefix='sitegen-pages-') if self.cache_dir is None else None
        versions = [templates_fingerprint(self.config.template_dirs()), *library_versions()]
        self.cache = BuildCache(
            self.cache_dir, katex_version(), versions, Path(spill.name) if spill else None
        )
        self.spill = spill


@dataclass
class _Pages:
    """The pages built (or found in the cache), by job key, in the site's order of sources."""

    keys: list[str]
    paths: list[str]
    results: dict[str, PageResult]
    reused: int
    settings: Settings
    site: frozenset[str]  # every page's path
    # Each page's own source, carried by the site beside its page: the same bytes, by their
    # path in the package, so that the code a reader sees can always be opened.
    carried: dict[str, Output]
    digests: list[Digest]  # of the output folder's files, read meanwhile (`BuildResult.digests`)

    @cached_property
    def ordered(self) -> list[PageResult]:
        return [self.results[key] for key in self.keys]


def _pages(
    plan: _Plan, sources: list[Source], messages: Messages, started: Workers | None, read_ahead: list[str]
) -> _Pages:
    """The first pass, the jobs, the pages the cache holds, and the others built: by the workers
    (which end here), or in this process."""
    config = plan.config
    with contextlib.ExitStack() as workers_open:
        template_cache = plan.cache.templates  # the folder of Jinja's compiled templates, made now
        if started is not None:
            workers_open.callback(started.close)
            started.warm(config.template_dirs(), template_cache, plan.cache_dir)
        math = plan.cache.math
        first = _FirstPass(sources, config.package, plan.cache)
        pool = first.read_all(plan.jobs, started, math, workers_open)
        # While the jobs are made, the workers typeset the formulas their first pass found (each
        # distinct one once) and read the output folder's files that the write will compare.
        typeset: Callable[[], None] = lambda: None
        digests: Callable[[], list[Digest]] = list
        if pool is not None:
            typeset = pool.typeset(math.missing(f for found, _ in first.found.values() for f in found), math)
            digests = pool.digests(read_ahead)
        page_jobs = _jobs(plan, sources, first, messages)
        keys = plan.cache.pages.keys(page_jobs)
        typeset()
        # The pages the cache has no entry for go to the workers first, and the others are read
        # while they render; an entry found not whole is rendered after them.
        stored = plan.cache.pages.stored()
        todo = [(key, job) for key, job in zip(keys, page_jobs) if key not in stored]
        if todo:
            pool = pool or _started_for(started, plan.jobs, len(todo))
            started = None  # the pool now, or closed
        rendering = _render(plan, todo, pool, first.found) if todo else dict
        results = {
            key: hit for key in keys if key in stored and (hit := plan.cache.pages.get(key)) is not None
        }
        again = [(key, job) for key, job in zip(keys, page_jobs) if key in stored and key not in results]
        reused = len(results)
        plan.progress.stage(
            f'{plural(len(page_jobs), "source")}, {reused} unchanged, {len(todo) + len(again)} to build'
        )
        results.update(rendering())
        if again:
            results.update(
                _render(plan, again, pool or _started_for(started, plan.jobs, len(again)), first.found)()
            )
        math.save()
        return _Pages(
            keys,
            [job.source.page for job in page_jobs],
            results,
            reused,
            page_jobs[0].settings if page_jobs else _settings(config, plan.cache.code),
            frozenset(s.page for s in sources),
            {s.in_package: Output.of(s.data) for s in sources},
            digests(),
        )


def _checks(plan: _Plan, pages: _Pages, messages: Messages, existing: frozenset[str]) -> dict[str, Path]:
    """The pages' messages, links across pages, the interface words, the site's address; the
    asset files (which links may reach) returned."""
    config = plan.config
    for r in pages.ordered:
        messages.extend(r.messages)
    assets = asset_files(config)
    check_links(
        pages.ordered,
        pages.site,
        plan.source_dir,
        messages,
        existing | frozenset(assets) | frozenset(pages.carried),  # a page's source is beside it
        searched_folders(config),
    )
    _interface_words(config, plan.languages, messages)
    if not config.url:
        line, how = where_to_set(config.root, 'url = "https://..."')
        messages.warn(
            'pyproject.toml',
            line,
            'no url in [tool.site]: the pages have no canonical links and the site no sitemap; '
            f'{how}, the address the site is published at',
        )
    if config.strict:
        messages.strict()
    return assets


def _site(
    plan: _Plan, pages: _Pages, assets: dict[str, Path], kept: Kept | None, out: Path | None
) -> dict[str, Output]:
    """The site's files besides the pages and their sources (`sitegen.building.sitefiles`)."""
    config = plan.config
    generated = plan.cache.generated
    commit = config.commit if config.commit is not None else revision.current_commit(config.root)
    files = site_files(
        pages.settings,
        plan.languages,
        pages.ordered,
        plan.source_dir,
        assets,
        generated,
        commit,
        kept,
        pages.keys,
        partial(_postings, plan.cache.pages, {}),
        config.order,
        out,
    )
    generated.save()
    return files


def asset_files(config: SiteConfig) -> dict[str, Path]:
    """The files of the asset folders, by their path in the site (their path in the project)."""
    files = {}
    for folder in config.assets:
        base = config.root / folder
        real = base.resolve()
        for path in sorted(base.rglob('*')):
            rel = path.relative_to(config.root)
            if path.is_file() and not any(p.startswith('.') for p in rel.parts) and inside(path, real):
                files[rel.as_posix()] = path
    return files


def _interface_words(config: SiteConfig, languages: tuple[str, ...], messages: Messages) -> None:
    """One warning for each language whose interface words (search, theme...) are not provided."""
    from sitegen.pages.render import interface_strings, strings_file

    words = interface_strings(config.template_dirs())
    for lang in languages:
        if lang not in words:
            messages.warn(
                display_path(strings_file(config.template_dirs()), config.root),
                1,
                f'no interface words for {lang!r}: its pages use the English ones (add "{lang}" here)',
                'translation',
            )


def _settings(config: SiteConfig, fingerprint: str) -> Settings:
    """The site's settings; `fingerprint`: the code every page depends on (`BuildCache.code`)."""
    return Settings(
        config.title,
        config.url,
        config.repository,
        config.branch,
        config.package,
        config.languages,
        config.template_dirs(),
        fingerprint,
        config.field_style,
        config.sanitize_english,
        config.issues,
        config.repository_links,
    )


class _FirstPass:
    """What every page's job needs of every source: its symbols (for links between pages) and its
    title and paper (for the pages that name it), each cached by the source's bytes.

    On a cold build that is a parse of every source before any page can be built: by the workers,
    a share each, where there are several sources to read and several cores, else here.
    """

    def __init__(self, sources: list[Source], package: str, cache: BuildCache) -> None:
        self.sources, self.cache = sources, cache
        self.modules = {s.page: identifiers.module_name(package, s.in_package) for s in sources}
        self.read: dict[str, tuple[siteinfo.PageInfo | None, identifiers.ModuleSymbols | None]] = {}
        # What the first pass found of each page it read besides: formulas (where the workers read
        # it), and its parse (pickled and compressed; where the workers read it, the file that holds it).
        self.found: dict[str, First] = {}

    def _tasks(self) -> list[siteinfo.FirstRead]:
        tasks = []
        for s in self.sources:
            module = self.modules[s.page]
            info = not self.cache.pageinfo.has(s)
            wants_symbols = not is_markdown(s.in_package) and not self.cache.symbols.has((s, module))
            if info or wants_symbols:
                tasks.append((s, info, module if wants_symbols else None))
        return tasks

    def read_all(
        self, jobs: int | None, started: Workers | None, math: MathCache, stack: contextlib.ExitStack
    ) -> Workers | None:
        """Read the sources not cached: in workers where there are several such sources and
        several cores (those `started`, where they are as many; they go on to build the pages),
        here otherwise. Returns the workers that read them, None where they were read here."""
        tasks = self._tasks()
        n = workers.count(jobs, len(tasks))  # 1 for a source or none
        if n <= 1:
            found = siteinfo.first_read(tasks)
            pool = None
        else:
            pool = started if started is not None and started.size >= n else None
            if pool is None:
                if started is not None:
                    started.close()
                pool = stack.enter_context(workers.Workers(n, math.known()))
            # The parses wait for their pages on disk, not in this process (a large site's are tens of
            # megabytes), in a temporary folder that goes when the pages are built.
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix='sitegen-parses-'))
            found = pool.first_pass(tasks, Path(folder))
        for (source, _, _), (info, symbols, formulas, parsed) in zip(tasks, found, strict=True):
            self.read[source.page] = (info, symbols)
            self.found[source.page] = (formulas, parsed)
        return pool

    def symbols(self) -> dict[str, identifiers.ModuleSymbols]:
        """Every page's definitions and imports."""
        table = {}
        for s in self.sources:
            module = self.modules[s.page]
            if is_markdown(s.in_package):
                table[s.page] = identifiers.ModuleSymbols(module, s.page)
                continue
            fresh = self.read.get(s.page, (None, None))[1]
            read = partial(
                identifiers.read_symbols,
                s.data.decode('utf-8', errors='replace'),
                module,
                s.page,
                s.in_package.endswith('__init__.py'),
            )
            make = (lambda found=fresh: found) if fresh is not None else read
            table[s.page] = cast(identifiers.ModuleSymbols, self.cache.symbols.get((s, module), make))
        self.cache.symbols.save()
        return table

    def infos(self) -> dict[str, siteinfo.PageInfo]:
        read = {page: info for page, (info, _) in self.read.items() if info is not None}
        return siteinfo.infos(self.sources, self.cache.pageinfo, read)


def _jobs(plan: _Plan, sources: list[Source], first: _FirstPass, messages: Messages) -> list[PageJob]:
    """One job per source: the source and everything else its page reads."""
    config, languages, source_dir = plan.config, plan.languages, plan.source_dir
    settings = _settings(config, first.cache.code)
    notebooks = frozenset(p.relative_to(source_dir).as_posix() for p in source_dir.rglob('*.ipynb'))
    site = Site(frozenset(s.page for s in sources), notebooks)
    symbols = first.symbols()
    cache_root = config.root / config.cache
    translated = tuple(lang for lang in languages if lang != 'en')
    source_catalogs = read_catalog_files(cache_root, config.root, sources, translated, messages)
    # What a page shows of others: the previous and next pages in the site's reading order with
    # their titles (`sitegen.sitewide.toc`), and on the home page every page and every paper implemented.
    infos = first.infos()
    titles = siteinfo.titles(sources, infos, source_catalogs, first.cache.titles)
    listed = read_papers_file(config.root / config.papers, config.root, site.pages, messages)
    papers = siteinfo.page_papers(sources, infos, listed, messages)
    every_paper = siteinfo.paper_list(papers, titles)
    order = reading_order(site.pages, config.order)
    neighbours = siteinfo.neighbours(order, titles)
    summaries = siteinfo.titles(sources, infos, source_catalogs, first.cache.titles, 'summary')
    first.cache.titles.save()
    home_contents = siteinfo.contents(order, titles, summaries)
    by_module = identifiers.modules(symbols)
    # The site's title in each language: the home page's, where it is the site's title in English.
    home_titles = titles.get('index.html', ())
    site_titles = home_titles if dict(home_titles).get('en') == settings.title else ()
    return [
        PageJob(
            source,
            languages,
            source_catalogs[source.page],
            site,
            settings,
            tuple(identifiers.cross_links(source.page, symbols, by_module).items()),
            tuple(symbols[source.page].defined.items()),
            *neighbours[source.page],  # the previous page and the next
            papers.get(source.page),
            every_paper if source.page == 'index.html' else (),
            home_contents if source.page == 'index.html' else (),
            site_titles,
        )
        for source in sources
    ]


def _started_for(started: Workers | None, jobs: int | None, pages: int) -> Workers | None:
    """The workers the command started, where they are enough for `pages` pages (or these are few:
    a page or two after an edit); closed and None otherwise."""
    if started is None:
        return None
    if pages <= STARTED_PAGES or started.size >= workers.count(jobs, pages):
        return started
    started.close()
    return None


def _render(
    plan: _Plan, todo: list[tuple[str, PageJob]], pool: Workers | None, first: Mapping[str, First]
) -> Callable[[], dict[str, PageResult]]:
    """Render the pages no cache holds, keep them in the cache, and say how far it got: sent to
    `pool` now, waited for by the function returned (which renders them where there is no `pool`)."""
    # Each page is kept on disk by whoever renders it, not in memory: a large site's HTML is read
    # back one page at a time when it is written.
    store = (plan.cache.pages.folder, [key for key, _ in todo])  # the build cache, or a temporary folder
    math, template_cache = plan.cache.math, plan.cache.templates
    on_page = lambda done, total: plan.progress.step(done, total, 'rendering')
    pages = [job for _, job in todo]

    def recover(e: Exception) -> Callable[[], list[PageResult]]:
        """The worker started for a page or two ended (killed): the pages are built here."""
        from concurrent.futures.process import BrokenProcessPool

        if pool is None or len(todo) > STARTED_PAGES or not isinstance(e, BrokenProcessPool):
            raise e
        return workers.render_pages(pages, math, 1, template_cache, on_page, store, first)

    try:
        rendering = workers.render_pages(
            pages, math, workers.count(plan.jobs, len(todo)), template_cache, on_page, store, first, pool
        )
    except Exception as e:
        rendering = recover(e)

    def done() -> dict[str, PageResult]:
        try:
            rendered = rendering()
        except Exception as e:
            rendered = recover(e)()
        return {key: result for (key, _), result in zip(todo, rendered, strict=True)}

    return done


def _postings(cache: PageCache, read: dict[str, PageResult | None], key: str, lang: str) -> str | None:
    """A page's search postings in one language, as the build of `key` made them (if still cached);
    `read` keeps the results read for the other languages."""
    if key not in read:
        read[key] = cache.get(key)
    result = read[key]
    page = result.language(lang) if result is not None else None
    return page.postings if page is not None else None
