"""The build: sources -> pages -> a complete site in a temporary folder -> swapped into place.

Work per page is a pure function of its inputs (`sitegen.page`), so it is cached by content hash in
`.build_cache/` and spread over processes. A build that finds nothing changed imports none of the
rendering libraries and writes nothing. The output folder is replaced only when the build reports
no error; a failed or interrupted build leaves it as it was.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import posixpath
import shutil
import sys
import time
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterable, Mapping

from sitegen import identifiers
from sitegen.config import SiteConfig, cache_file
from sitegen.doc import SourceFile, discover
from sitegen.errors import Messages
from sitegen.render import lang_path, page_url, template_dirs, templates_fingerprint

CACHE_VERSION = 2
PYGMENTS_LIGHT, PYGMENTS_DARK = 'default', 'github-dark'


@dataclass
class PageResult:
    """Everything the build needs from one page; pickled into the incremental cache.

    `outputs` holds the HTML right after rendering; a result read back from the cache has only
    the `digests` of its HTML, which is loaded (`PageCache.outputs`) only if a file must be written.
    """

    source: SourceFile
    outputs: dict[str, str]  # language -> HTML
    anchors: frozenset[str] = frozenset()
    links: tuple[tuple[str, int], ...] = ()  # (relative URL, source line)
    sections: int = 0
    math: int = 0
    title: str = ''
    messages: Messages = field(default_factory=Messages.empty)
    translation: dict[str, dict[str, int]] = field(default_factory=dict)
    used_keys: dict[str, tuple[str, ...]] = field(default_factory=dict)
    search: dict[str, tuple[str, list]] = field(default_factory=dict)  # language -> (title, records)
    digests: dict[str, str] = field(default_factory=dict)  # language -> sha256 of its HTML

    @property
    def built(self) -> bool:
        """False when the source could not be parsed: the page has no output."""
        return bool(self.digests or self.outputs)


@dataclass(frozen=True)
class Output:
    """One file of the site: its digest now, its bytes when (and only when) they are needed."""

    digest: str
    load: Callable[[], bytes]

    @classmethod
    def of(cls, data: bytes) -> Output:
        return cls(_sha(data), lambda: data)


@dataclass
class BuildResult:
    pages: list[PageResult]
    outputs: dict[str, Output]  # output path -> file
    messages: Messages
    seconds: float = 0.0
    reused: int = 0

    @cached_property
    def files(self) -> dict[str, bytes]:
        """Every output file's bytes (loads cached pages' HTML)."""
        return {rel: out.load() for rel, out in self.outputs.items()}

    @property
    def ok(self) -> bool:
        return not self.messages.errors

    def counts(self) -> dict[str, int]:
        return {
            'pages': len(self.pages),
            'sections': sum(p.sections for p in self.pages),
            'math': sum(p.math for p in self.pages),
        }

    def translation(self) -> dict[str, dict[str, int]]:
        total: dict[str, dict[str, int]] = {}
        for page in self.pages:
            for lang, stats in page.translation.items():
                into = total.setdefault(lang, {'found': 0, 'missing': 0, 'invalid': 0})
                for k, v in stats.items():
                    into[k] += v
        return total

    def report(self) -> dict[str, object]:
        return {
            **self.counts(),
            'warnings': [m.as_dict() for m in sorted(self.messages.warnings)],
            'errors': [m.as_dict() for m in sorted(self.messages.errors)],
            'translation': self.translation(),
            'seconds': round(self.seconds, 3),
        }


@dataclass(frozen=True)
class PageJob:
    """Everything one page's rendering reads; its hash is the page's cache key."""

    source: SourceFile
    in_package: str  # path inside the documented package, e.g. transformers/mha.py
    languages: tuple[str, ...]
    catalogs: dict[str, tuple[str, bytes | None]]  # language -> (cache file name, bytes)
    pages: frozenset[str]
    notebooks: frozenset[str]  # notebooks present in the source tree (package paths)
    xrefs: tuple[tuple[str, str], ...] = ()  # imported name -> its definition on another page
    definitions: tuple[tuple[str, int], ...] = ()  # the page's own classes and functions -> line


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------- caches


class Progress:
    """A bar on a terminal; plain lines in CI and in logs."""

    def __init__(self, quiet: bool = False) -> None:
        self.quiet = quiet
        self.tty = sys.stderr.isatty() and not os.environ.get('CI')

    def stage(self, text: str) -> None:
        if not self.quiet and not self.tty:
            print(text, file=sys.stderr, flush=True)

    def step(self, done: int, total: int, label: str) -> None:
        if self.quiet or not self.tty or total == 0:
            return
        width = 30
        filled = width * done // total
        print(
            f'\r{label} [{"#" * filled}{"." * (width - filled)}] {done}/{total}',
            end='',
            file=sys.stderr,
            flush=True,
        )
        if done == total:
            print(file=sys.stderr, flush=True)


def source_fingerprint() -> str:
    """The generator's own code: a new version invalidates every cached page."""
    h = hashlib.sha256(str(CACHE_VERSION).encode())
    for path in sorted(Path(__file__).parent.glob('*.py')):
        h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


def _load(path: Path, version: object) -> object | None:
    """A pickle written by `_store` with the same version; anything else is discarded."""
    try:
        with path.open('rb') as f:
            stored_version, value = pickle.load(f)
        if stored_version == version:
            return value
    except FileNotFoundError:
        return None
    except Exception:
        pass
    path.unlink(missing_ok=True)
    return None


def _store(path: Path, version: object, value: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f'.{os.getpid()}.tmp')
    with tmp.open('wb') as f:
        pickle.dump((version, value), f, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)


class PageCache:
    """Rendered pages by content hash: a small `.meta` and the `.html` of every language."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def _path(self, key: str, kind: str) -> Path:
        return self.folder / 'pages' / f'{key}.{kind}'

    def get(self, key: str) -> PageResult | None:
        if self.folder is None or not self._path(key, 'html').exists():
            return None
        result = _load(self._path(key, 'meta'), (CACHE_VERSION, key))
        if not isinstance(result, PageResult):
            return None
        os.utime(self._path(key, 'meta'))  # recently used: kept longest by `prune`
        return result

    def outputs(self, key: str) -> dict[str, str] | None:
        outputs = _load(self._path(key, 'html'), (CACHE_VERSION, key))
        return outputs if isinstance(outputs, dict) else None

    def put(self, key: str, result: PageResult) -> None:
        if self.folder is None:
            return
        _store(self._path(key, 'html'), (CACHE_VERSION, key), result.outputs)
        meta = PageResult(**{**result.__dict__, 'outputs': {}})
        _store(self._path(key, 'meta'), (CACHE_VERSION, key), meta)

    def prune(self, keep: set[str], spare: int = 3) -> None:
        """Drop old pages, keeping this build's and the newest `spare` times as many others.

        The spares let builds that differ only in languages (`build` and `make docs`, say)
        alternate without each one starting cold.
        """
        folder = self.folder / 'pages' if self.folder else None
        if folder is None or not folder.exists():
            return
        others: dict[str, float] = {}
        for path in folder.iterdir():
            key = path.name.split('.')[0]
            if key not in keep:
                others[key] = max(others.get(key, 0.0), path.stat().st_mtime)
        stale = sorted(others, key=others.get, reverse=True)[spare * len(keep) :]
        for key in stale:
            for kind in ('meta', 'html'):
                self._path(key, kind).unlink(missing_ok=True)


class MathCache:
    """Typeset formulas kept across builds."""

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / 'math.pickle' if folder else None
        self.version = (CACHE_VERSION, katex_version())
        self.table = (_load(self.path, self.version) if self.path else None) or {}
        self.dirty = False

    def save(self) -> None:
        if self.path and self.dirty:
            _store(self.path, self.version, self.table)


def katex_version() -> str:
    from sitegen.math import KATEX_JS

    return _sha(KATEX_JS.read_bytes())[:16]


class KeyedCache:
    """Small values by key in one pickle (symbols of unchanged sources, generated site files)."""

    def __init__(self, folder: Path | None, name: str) -> None:
        self.path = folder / f'{name}.pickle' if folder else None
        self.old = (_load(self.path, CACHE_VERSION) if self.path else None) or {}
        self.new: dict = {}

    def get(self, key: object, make: Callable[[], object]) -> object:
        value = self.old[key] if key in self.old else make()
        self.new[key] = value
        return value

    def save(self) -> None:
        if self.path and self.new != self.old:
            _store(self.path, CACHE_VERSION, self.new)


# ---------------------------------------------------------------- building


def build(
    config: SiteConfig,
    languages: tuple[str, ...] | None = None,
    *,
    cache_dir: Path | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> BuildResult:
    """Build every page in memory; nothing is written to the output here."""
    started = time.perf_counter()
    progress = progress or Progress(quiet=True)
    languages = languages or config.languages
    source_dir = config.root / config.source
    files = discover(source_dir, config.root)
    pages = frozenset(f.page for f in files)
    in_package = {f.page: f.path.relative_to(source_dir).as_posix() for f in files}
    notebooks = frozenset(p.relative_to(source_dir).as_posix() for p in source_dir.rglob('*.ipynb'))
    sources = {f.page: f.path.read_bytes() for f in files}
    cache = PageCache(cache_dir)
    common = _sha(
        '\0'.join(
            [
                source_fingerprint(),
                katex_version(),
                templates_fingerprint(config),
                config.fingerprint(),
                str(config.strict),
                ' '.join(languages),
                '\n'.join(sorted(pages)),
                '\n'.join(sorted(notebooks)),
            ]
        ).encode()
    )

    symbols = _site_symbols(files, in_package, sources, config.package, cache_dir)
    page_jobs: list[tuple[str, PageJob]] = []
    for f in files:
        rel = in_package[f.page]
        catalogs = {}
        h = hashlib.sha256(common.encode() + sources[f.page])
        xrefs = tuple(identifiers.cross_links(f.page, symbols).items())
        h.update(repr(xrefs).encode())
        for lang in languages:
            if lang == 'en':
                continue
            path = cache_file(config.root / config.cache, rel, lang)
            data = path.read_bytes() if path.exists() else None
            catalogs[lang] = (_display_path(path, config.root), data)
            h.update(lang.encode() + b'\0' + (data if data is not None else b'\1'))
        definitions = tuple(symbols[f.page].defined.items())
        page_jobs.append(
            (h.hexdigest(), PageJob(f, rel, languages, catalogs, pages, notebooks, xrefs, definitions))
        )

    results: dict[str, PageResult] = {}
    todo: list[tuple[str, PageJob]] = []
    for key, job in page_jobs:
        hit = cache.get(key)
        if hit is not None:
            results[key] = hit
        else:
            todo.append((key, job))
    reused = len(results)
    progress.stage(f'{len(files)} sources, {reused} unchanged, {len(todo)} to build')
    if todo:
        results.update(_render_pages(todo, config, cache, cache_dir, jobs, progress))
    cache.prune(set(results))

    ordered = [results[key] for key, _ in page_jobs]
    messages = Messages.empty()
    for r in ordered:
        messages.extend(r.messages)
    _check_links(ordered, pages, source_dir, messages)
    outputs = _page_outputs(page_jobs, results, cache, config)
    outputs.update(
        _site_files(
            config, languages, ordered, source_dir, cache_dir, _sha(''.join(k for k, _ in page_jobs).encode())
        )
    )
    result = BuildResult(ordered, dict(sorted(outputs.items())), messages, reused=reused)
    result.seconds = time.perf_counter() - started
    return result


def _render_pages(
    todo: list[tuple[str, PageJob]],
    config: SiteConfig,
    cache: PageCache,
    cache_dir: Path | None,
    jobs: int | None,
    progress: Progress,
) -> dict[str, PageResult]:
    """Parse, typeset each distinct formula once, render: spread over `jobs` processes."""
    from sitegen import page as page_module

    results: dict[str, PageResult] = {}
    math_cache = MathCache(cache_dir)
    if cache_dir is not None:
        (cache_dir / 'templates').mkdir(parents=True, exist_ok=True)
        config = config.replace(template_cache=cache_dir / 'templates')
    workers = _workers(jobs, len(todo))
    with _executor(workers) as pool:
        prepared = list(
            pool.map(page_module.prepare, [job for _, job in todo], chunksize=_chunk(len(todo), workers))
        )
        wanted = [item for _, formulas, _ in prepared for item in formulas]
        missing = [item for item in dict.fromkeys(wanted) if item not in math_cache.table]
        if missing:
            progress.stage(f'typesetting {len(missing)} formulas')
            chunks = [missing[i::workers] for i in range(workers)]
            for chunk, typeset in zip(chunks, pool.map(page_module.typeset_chunk, chunks)):
                math_cache.table.update(zip(chunk, typeset))
            math_cache.dirty = True
        render_args = []
        for (key, job), (parsed, formulas, msgs) in zip(todo, prepared):
            if parsed is None:
                results[key] = PageResult(job.source, {}, messages=msgs)
                continue
            table = {item: math_cache.table[item] for item in formulas if item in math_cache.table}
            render_args.append((key, msgs, (job, parsed, config, table)))
        rendered = pool.map(
            page_module.render, [a for _, _, a in render_args], chunksize=_chunk(len(render_args), workers)
        )
        for done, ((key, msgs, _), result) in enumerate(zip(render_args, rendered), 1):
            result.messages = _merged(msgs, result.messages)
            result.digests = _digests(result)
            results[key] = result
            if cache.folder is not None:
                # Kept on disk, not in memory: a large site's HTML is read back one page at a time.
                cache.put(key, result)
                result.outputs = {}
            progress.step(done, len(render_args), 'rendering')
    math_cache.save()
    return results


def _site_symbols(
    files: list[SourceFile],
    in_package: dict[str, str],
    sources: dict[str, bytes],
    package: str,
    cache_dir: Path | None,
) -> dict[str, identifiers.ModuleSymbols]:
    """Every page's definitions and imports; unchanged sources are not parsed again."""
    cache = KeyedCache(cache_dir, 'symbols')
    table = {}
    for f in files:
        rel = in_package[f.page]
        data = sources[f.page]
        module = identifiers.module_name(package, rel)
        key = (_sha(data), module, f.page)
        table[f.page] = cache.get(
            key,
            lambda: identifiers.read_symbols(
                data.decode('utf-8', errors='replace'), module, f.page, rel.endswith('__init__.py')
            ),
        )
    cache.save()
    return table


def _page_outputs(
    page_jobs: list[tuple[str, PageJob]], results: dict[str, PageResult], cache: PageCache, config: SiteConfig
) -> dict[str, Output]:
    outputs: dict[str, Output] = {}
    for key, job in page_jobs:
        r = results[key]
        for lang, digest in r.digests.items():
            if r.outputs:
                data = r.outputs[lang].encode()
                load = lambda data=data: data
            else:
                load = lambda key=key, job=job, lang=lang, digest=digest: _cached_html(
                    cache, key, job, config, lang, digest
                )
            outputs[lang_path(lang, job.source.page)] = Output(digest, load)
    return outputs


def _cached_html(
    cache: PageCache, key: str, job: PageJob, config: SiteConfig, lang: str, digest: str
) -> bytes:
    """A cached page's HTML; rendered again if the cache lost it or it does not match its digest."""
    outputs = cache.outputs(key)
    data = outputs[lang].encode() if outputs and lang in outputs else b''
    if _sha(data) != digest:
        from sitegen import page as page_module

        parsed, formulas, _ = page_module.prepare(job)
        result = page_module.render((job, parsed, config, {}))
        cache.put(key, PageResult(**{**result.__dict__, 'digests': _digests(result)}))
        data = result.outputs[lang].encode()
    return data


def _digests(result: PageResult) -> dict[str, str]:
    return {lang: _sha(html.encode()) for lang, html in result.outputs.items()}


def _merged(a: Messages, b: Messages) -> Messages:
    out = Messages.empty()
    out.extend(a)
    out.extend(b)
    return out


def _display_path(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def _workers(jobs: int | None, tasks: int) -> int:
    n = jobs if jobs and jobs > 0 else (os.cpu_count() or 1)
    return max(1, min(n, tasks))


def _chunk(tasks: int, workers: int) -> int:
    return max(1, tasks // (workers * 4))


class _Serial:
    """Runs in this process: one worker needs no pool, and starts faster."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Callable, *iterables: Iterable, chunksize: int = 1) -> list:
        return list(map(fn, *iterables))


def _executor(workers: int):
    """A pool of `workers` processes (forked where the system can), or `_Serial` for one."""
    if workers <= 1:
        return _Serial()
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = 'fork' if 'fork' in multiprocessing.get_all_start_methods() else None
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method))


def _link_target(page: str, url: str) -> tuple[str, str]:
    """(site path, fragment) a relative link on `page` points at; a folder means its index."""
    path, _, fragment = url.partition('#')
    path = path.split('?')[0]
    if not path:
        return page, fragment
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    if path.endswith('/') or target == '.':
        target = posixpath.normpath(posixpath.join(target, 'index.html'))
    return target, fragment


def _is_asset(target: str, pages: frozenset[str], source_dir: Path) -> bool:
    """A file of the source tree (an image, a notebook) that is copied along with the pages."""
    return (
        target not in pages
        and not target.startswith('..')
        and not target.endswith('.py')
        and (source_dir / target).is_file()
    )


def _check_links(
    results: list[PageResult], pages: frozenset[str], source_dir: Path, messages: Messages
) -> None:
    """Every relative link must reach a page (and its anchor) or a file that is copied along."""
    anchors = {r.source.page: r.anchors for r in results if r.built}
    for r in results:
        for url, line in r.links:
            target, fragment = _link_target(r.source.page, url)
            if target in pages:
                # A target that failed to build has no anchors; its own error says why.
                if fragment and target in anchors and fragment not in anchors[target]:
                    messages.error(
                        r.source.rel, line, f'broken link {url!r}: no anchor #{fragment} in {target}'
                    )
            elif not _is_asset(target, pages, source_dir):
                messages.error(r.source.rel, line, f'broken link {url!r}: no page or file {target}')


def _assets(results: list[PageResult], pages: frozenset[str], source_dir: Path) -> list[str]:
    """Files of the source tree that pages link to, copied along."""
    targets = {_link_target(r.source.page, url)[0] for r in results for url, _ in r.links}
    return sorted(t for t in targets if _is_asset(t, pages, source_dir))


def _site_files(
    config: SiteConfig,
    languages: tuple[str, ...],
    results: list[PageResult],
    source_dir: Path,
    cache_dir: Path | None,
    pages_key: str,
) -> dict[str, Output]:
    """Everything besides the pages: static files, assets, search indexes, sitemap."""
    files: dict[str, bytes] = {}
    pages = frozenset(r.source.page for r in results)
    for asset in _assets(results, pages, source_dir):
        data = (source_dir / asset).read_bytes()
        for lang in languages:
            files[lang_path(lang, asset)] = data
    for folder in reversed(template_dirs(config)):
        static = folder / 'static'
        if static.is_dir():
            for path in sorted(static.rglob('*')):
                if path.is_file():
                    files['static/' + path.relative_to(static).as_posix()] = path.read_bytes()
    # Browsers ask for /favicon.ico by themselves where a page names no icon (a served file's view).
    if 'static/favicon.ico' in files:
        files['favicon.ico'] = files['static/favicon.ico']
    generated = KeyedCache(cache_dir, 'generated')
    files['static/pygments.css'] = generated.get(('pygments', _pygments_version()), _pygments_css)
    from sitegen import search as search_index

    for lang in languages:

        def index(lang: str = lang) -> bytes:
            pages_index = [(r.source.page, *r.search[lang]) for r in results if lang in r.search]
            return search_index.index_script(pages_index).encode()

        files[lang_path(lang, search_index.INDEX_FILE)] = generated.get(('search', lang, pages_key), index)
    generated.save()
    files['sitemap.xml'] = _sitemap(config, results).encode()
    files['.nojekyll'] = b''
    return {rel: Output.of(data) for rel, data in files.items()}


def _pygments_version() -> str:
    import pygments

    return pygments.__version__


def _pygments_css() -> bytes:
    from sitegen.highlight import stylesheet

    light = stylesheet(PYGMENTS_LIGHT, ['.highlight', '.code'])
    dark = stylesheet(PYGMENTS_DARK, ':root[data-theme="dark"] :is(.highlight, .code)')
    auto = stylesheet(PYGMENTS_DARK, ':root:not([data-theme="light"]) :is(.highlight, .code)')
    # Backgrounds come from the site's own colours, so both themes keep one look.
    strip = lambda css: '\n'.join(
        l
        for l in css.splitlines()
        if not l.startswith('pre ') and ' .err' not in l and ('background' not in l or '.hll' in l)
    )
    return (
        f'/* Generated from Pygments styles {PYGMENTS_LIGHT} and {PYGMENTS_DARK}. */\n'
        f'{strip(light)}\n{strip(dark)}\n@media (prefers-color-scheme: dark) {{\n{strip(auto)}\n}}\n'
    ).encode()


def _sitemap(config: SiteConfig, results: list[PageResult]) -> str:
    from html import escape

    urls = []
    for r in results:
        for lang in config.languages:
            if r.built:
                urls.append(page_url(config, lang, r.source.page))
    body = ''.join(f'  <url><loc>{escape(u)}</loc></url>\n' for u in sorted(set(urls)))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + body + '</urlset>\n'
    )


# ---------------------------------------------------------------- writing


def write_site(
    files: Mapping[str, Output | bytes],
    out: Path,
    languages: tuple[str, ...],
    all_languages: tuple[str, ...],
    manifest: Path | None = None,
) -> bool:
    """Put the site in place: a temporary sibling folder swapped in, so a failure leaves the old one.

    With a `manifest` (what the last build wrote, with sizes and modification times), files that
    are already in place are hard-linked rather than written, and when nothing differs nothing is
    touched at all. Building only some languages keeps the other languages' pages. Returns whether
    the output changed.
    """
    out = out.resolve()
    plan = {rel: f if isinstance(f, Output) else Output.of(f) for rel, f in files.items()}
    intact = _intact_files(out, manifest)
    keep = _other_languages(out, plan, languages, all_languages)
    if (
        out.is_dir()
        and set(intact) == set(plan) | set(keep)
        and all(intact.get(rel) == f.digest for rel, f in plan.items())
        and _tree_files(out) == set(intact)
    ):
        return False
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.parent / f'.{out.name}.tmp-{os.getpid()}'
    old = out.parent / f'.{out.name}.old-{os.getpid()}'
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        for rel, f in plan.items():
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if intact.get(rel) != f.digest or not _link(out / rel, target):
                target.write_bytes(f.load())
        for rel in keep:
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if not _link(out / rel, target):
                shutil.copy2(out / rel, target)
        if out.exists():
            os.replace(out, old)
        os.replace(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
    if manifest is not None:
        digests = {**{rel: intact.get(rel) for rel in keep}, **{rel: f.digest for rel, f in plan.items()}}
        _store(
            manifest, CACHE_VERSION, (str(out), {rel: (_stat(out / rel), d) for rel, d in digests.items()})
        )
    return True


def _stat(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns


def _link(source: Path, target: Path) -> bool:
    try:
        os.link(source, target)
        return True
    except OSError:
        return False


def _tree_files(folder: Path) -> set[str]:
    found = set()
    for dirpath, _, names in os.walk(folder):
        base = os.path.relpath(dirpath, folder)
        for name in names:
            found.add(name if base == '.' else f'{base}/{name}'.replace(os.sep, '/'))
    return found


def _intact_files(out: Path, manifest: Path | None) -> dict[str, str]:
    """Digest of each output file that is exactly as the last build wrote it (same size and time)."""
    if manifest is None or not out.is_dir():
        return {}
    stored = _load(manifest, CACHE_VERSION)
    if not stored or stored[0] != str(out):
        return {}
    intact = {}
    for rel, (stat, digest) in stored[1].items():
        try:
            if digest and _stat(out / rel) == stat:
                intact[rel] = digest
        except OSError:
            pass
    return intact


def _other_languages(
    out: Path, plan: Mapping[str, Output], languages: tuple[str, ...], all_languages: tuple[str, ...]
) -> list[str]:
    """Files of the current output that belong to languages this build leaves alone."""
    others = set(all_languages) - set(languages)
    if not others or not out.is_dir():
        return []
    keep = []
    for rel in sorted(_tree_files(out)):
        first = rel.split('/', 1)[0]
        lang = first if first in all_languages and first != 'en' and '/' in rel else 'en'
        if lang in others and rel not in plan:
            keep.append(rel)
    return keep


def read_tree(folder: Path) -> dict[str, bytes]:
    if not folder.is_dir():
        return {}
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob('*')) if p.is_file()
    }
