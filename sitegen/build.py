"""The build: sources -> pages -> a complete site in a temporary folder -> swapped into place.

Work per page is a pure function of its inputs, so it is cached by content hash in
`.build_cache/` and spread over processes. The output folder is replaced only when the build
reports no error; a failed or interrupted build leaves it as it was.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import posixpath
import re
import shutil
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from sitegen import identifiers, parse
from sitegen import search as search_index
from sitegen.config import SiteConfig
from sitegen.doc import CodeLine, Page, Section, SourceFile, discover, relative_url, summary_from, title_from
from sitegen.errors import Message, Messages
from sitegen.highlight import highlight_lines, stylesheet
from sitegen.markup import Fragment, LinkContext, render_markdown
from sitegen.math import Math, Typeset, katex, protect_math
from sitegen.render import SectionView, lang_path, page_url, render_page, template_dirs, templates_fingerprint
from sitegen.translate import Catalog, cache_file, parse_catalog, translate_fragment, translate_text

CACHE_VERSION = 1
PYGMENTS_LIGHT, PYGMENTS_DARK = 'default', 'github-dark'


@dataclass
class PageResult:
    """Everything the build needs from one page; pickled into the incremental cache."""
    source: SourceFile
    outputs: dict[str, str]                       # language -> HTML
    anchors: frozenset[str] = frozenset()
    links: tuple[tuple[str, int], ...] = ()       # (relative URL, source line)
    sections: int = 0
    math: int = 0
    title: str = ''
    messages: Messages = field(default_factory=Messages.empty)
    translation: dict[str, dict[str, int]] = field(default_factory=dict)
    used_keys: dict[str, tuple[str, ...]] = field(default_factory=dict)
    search: dict[str, tuple[str, list[search_index.Record]]] = field(default_factory=dict)  # language -> (title, records)


@dataclass
class BuildResult:
    pages: list[PageResult]
    files: dict[str, bytes]                       # output path -> bytes
    messages: Messages
    seconds: float = 0.0
    reused: int = 0

    @property
    def ok(self) -> bool:
        return not self.messages.errors

    def counts(self) -> dict[str, int]:
        return {'pages': len(self.pages), 'sections': sum(p.sections for p in self.pages),
                'math': sum(p.math for p in self.pages)}

    def translation(self) -> dict[str, dict[str, int]]:
        total: dict[str, dict[str, int]] = {}
        for page in self.pages:
            for lang, stats in page.translation.items():
                into = total.setdefault(lang, {'found': 0, 'missing': 0, 'invalid': 0})
                for k, v in stats.items():
                    into[k] += v
        return total

    def report(self) -> dict[str, object]:
        return {**self.counts(),
                'warnings': [m.as_dict() for m in sorted(self.messages.warnings)],
                'errors': [m.as_dict() for m in sorted(self.messages.errors)],
                'translation': self.translation(),
                'seconds': round(self.seconds, 3)}


# ---------------------------------------------------------------- one page

@dataclass(frozen=True)
class PageJob:
    source: SourceFile
    in_package: str                      # path inside the documented package, e.g. transformers/mha.py
    languages: tuple[str, ...]
    catalogs: dict[str, tuple[str, bytes | None]]   # language -> (cache file name, bytes)
    pages: frozenset[str]
    notebooks: frozenset[str]           # notebooks present in the source tree (package paths)
    xrefs: tuple[tuple[str, str], ...] = ()   # imported name -> its definition on another page


def prepare(job: PageJob) -> tuple[parse.ParsedModule | None, list[tuple[str, bool]], Messages]:
    """Parse one source and list its formulas, so that each distinct one is typeset once."""
    messages = Messages.empty()
    try:
        parsed = parse.parse_file(job.source.path)
    except parse.ParseError as e:
        messages.error(job.source.rel, e.line, e.message)
        return None, [], messages
    for line, text in parsed.warnings:
        messages.warn(job.source.rel, line, text)
    formulas = []
    for s in parsed.sections:
        if s.doc:
            formulas.extend((m.tex, m.display) for m in protect_math(s.doc)[1])
    return parsed, formulas, messages


def build_page(job: PageJob, parsed: parse.ParsedModule, config: SiteConfig,
               math: dict[tuple[str, bool], Typeset]) -> PageResult:
    """Render one parsed source in every language asked for."""
    messages = Messages.empty()
    rel = job.source.rel
    text = _read_source(job.source.path)
    lines = parse.source_lines(text)
    definitions = identifiers.definition_lines(text)
    code_html = identifiers.link_names(
        identifiers.anchor_definitions(highlight_lines(list(lines)), definitions), dict(job.xrefs))

    def typeset(tex: str, display: bool) -> Typeset:
        found = math.get((tex, display))
        return found if found is not None else katex().typeset(tex, display)

    def colab(target: str) -> str:
        path = posixpath.normpath(posixpath.join(posixpath.dirname(job.in_package), target))
        if path not in job.notebooks:
            messages.error(rel, 0, f'colab link to missing notebook {target!r}')
        repo_path = posixpath.join(posixpath.dirname(rel), target)
        return config.colab_url(posixpath.normpath(repo_path))

    static_prefix = relative_url(job.source.page, 'static/x')[:-1]
    sections: list[Section] = []
    links: list[tuple[str, int]] = []
    math_count = 0
    for index, s in enumerate(parsed.sections):
        fragment = None
        if s.doc.strip():
            fragment = render_markdown(s.doc, typeset, LinkContext(static_prefix, colab))
            for formula, error in fragment.math_errors:
                line = _locate(formula.tex, s, lines)
                (messages.error if config.strict else messages.warn)(rel, line, f'KaTeX: {error}')
            links.extend((url, _locate(url, s, lines)) for url in fragment.links)
            math_count += sum(1 for _ in protect_math(s.doc)[1])
        code = tuple(CodeLine(n, code_html[n - 1]) for n in s.code_lines)
        sections.append(Section(index, s.kind, fragment, code, s.doc_line))
    # Colab errors were recorded without a line: give them the line of the link.
    messages.errors = [_with_line(m, 'colab link', parsed, lines) for m in messages.errors]

    module_doc = parsed.sections[0].doc if parsed.sections and parsed.sections[0].kind == 'module' else ''
    first_doc = sections[0].doc if sections and sections[0].kind == 'module' else None
    title = title_from(parsed.front_matter, module_doc, job.source.rel.rsplit('/', 1)[-1])
    summary = summary_from(parsed.front_matter, first_doc)
    page = Page(job.source, title, summary, tuple(sections), math_count)

    outputs: dict[str, str] = {}
    translation: dict[str, dict[str, int]] = {}
    used: dict[str, tuple[str, ...]] = {}
    search: dict[str, tuple[str, list[search_index.Record]]] = {}
    for lang in job.languages:
        views, page_title, page_summary, stats, catalog = _language_views(
            page, lang, job.catalogs.get(lang), messages)
        outputs[lang] = render_page(page, config, lang, views, page_title, page_summary, job.pages)
        search[lang] = (page_title, search_index.page_records(views, page_title))
        if lang != 'en':
            translation[lang] = stats
            used[lang] = tuple(sorted(catalog.used))
    anchors = page.anchors | {identifiers.ANCHOR_PREFIX + name for name in definitions}
    return PageResult(job.source, outputs, anchors, tuple(links), len(sections), math_count,
                      title, messages, translation, used, search)


def _language_views(page: Page, lang: str, catalog_file: tuple[str, bytes | None] | None,
                    messages: Messages):
    """Sections, title and summary of a page in one language, with coverage counts."""
    stats = {'found': 0, 'missing': 0, 'invalid': 0}
    if lang == 'en':
        views = [SectionView(s.index, s.kind, s.doc.html() if s.doc else '', None, s.code)
                 for s in page.sections]
        return views, page.title, page.summary, stats, Catalog('')
    name, data = catalog_file or ('', None)
    catalog, problems = parse_catalog(name, data)
    for m in problems:
        messages.error(m.file, m.line, f'{m.message}; the page is built in English')
    for m in catalog.warnings:
        messages.warn(m.file, m.line, m.message)
    seen: dict[str, str] = {}

    def count(key: str, result) -> None:
        """Each distinct key counts (and warns) once, however often the page repeats it."""
        if key not in seen:
            seen[key] = result.status
            stats[result.status] += 1
            for m in result.messages:
                messages.warn(m.file, m.line, m.message)

    views = []
    for s in page.sections:
        if not s.doc:
            views.append(SectionView(s.index, s.kind, '', None, s.code))
            continue
        result = translate_fragment(s.doc, catalog)
        count(s.doc.key(), result)
        views.append(SectionView(s.index, s.kind, _rebase_static(result.html, page.source.page, lang),
                                 None if result.status == 'found' else 'en', s.code))
    title = translate_text(page.title, catalog)
    count(page.title, title)
    summary = page.summary
    if page.summary:
        translated = translate_text(page.summary, catalog)
        count(page.summary, translated)
        summary = translated.html
    return views, title.html, summary, stats, catalog


def _rebase_static(html: str, page: str, lang: str) -> str:
    """Fragments link to `static/` relative to the English page; a translated page sits deeper."""
    here = relative_url(page, 'static/x')[:-1]
    there = relative_url(lang_path(lang, page), 'static/x')[:-1]
    return re.sub(r'\b(src|href)="' + re.escape(here), lambda m: f'{m.group(1)}="{there}', html)


def _read_source(path: Path) -> str:
    import io
    import tokenize
    data = path.read_bytes()
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return data.decode(encoding)


def _locate(needle: str, section: parse.Section, lines: list[str]) -> int:
    """Source line of a piece of a section's documentation (its first line as a fallback)."""
    first = needle.strip().splitlines()[0] if needle.strip() else ''
    for n in section.doc_lines:
        if first and first in lines[n - 1]:
            return n
    return section.doc_line


def _with_line(m: Message, needle: str, parsed, lines) -> Message:
    if m.line:
        return m
    target = m.message.split("'")[1] if "'" in m.message else ''
    for s in parsed.sections:
        for n in s.doc_lines:
            if target and 'colab:' in lines[n - 1] and target in lines[n - 1]:
                return Message(m.file, n, m.message)
    return Message(m.file, 1, m.message)


# ---------------------------------------------------------------- the site

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
        print(f'\r{label} [{"#" * filled}{"." * (width - filled)}] {done}/{total}', end='',
              file=sys.stderr, flush=True)
        if done == total:
            print(file=sys.stderr, flush=True)


def source_fingerprint() -> str:
    """The generator's own code: a new version invalidates every cached page."""
    h = hashlib.sha256(str(CACHE_VERSION).encode())
    for path in sorted(Path(__file__).parent.glob('*.py')):
        h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


class PageCache:
    """Rendered pages by content hash; anything unreadable is discarded, never trusted."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path:
        return self.folder / 'pages' / f'{key}.pickle'

    def get(self, key: str) -> PageResult | None:
        if self.folder is None:
            return None
        path = self._path(key)
        try:
            with path.open('rb') as f:
                version, stored_key, result = pickle.load(f)
            if version == CACHE_VERSION and stored_key == key and isinstance(result, PageResult):
                return result
        except FileNotFoundError:
            return None
        except Exception:
            pass
        path.unlink(missing_ok=True)
        return None

    def put(self, key: str, result: PageResult) -> None:
        if self.folder is None:
            return
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f'.{os.getpid()}.tmp')
        with tmp.open('wb') as f:
            pickle.dump((CACHE_VERSION, key, result), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)

    def prune(self, keep: set[str]) -> None:
        if self.folder is None or not (self.folder / 'pages').exists():
            return
        for path in (self.folder / 'pages').glob('*.pickle'):
            if path.stem not in keep:
                path.unlink(missing_ok=True)


class MathCache:
    """Typeset formulas kept across builds, in one pickle."""

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / 'math.pickle' if folder else None
        self.table: dict[tuple[str, bool], Typeset] = {}
        if self.path and self.path.exists():
            try:
                with self.path.open('rb') as f:
                    version, table = pickle.load(f)
                if version == (CACHE_VERSION, katex_version()):
                    self.table = table
            except Exception:
                self.table = {}
        self.dirty = False

    def save(self) -> None:
        if self.path and self.dirty:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(f'.{os.getpid()}.tmp')
            with tmp.open('wb') as f:
                pickle.dump(((CACHE_VERSION, katex_version()), self.table), f)
            os.replace(tmp, self.path)


def katex_version() -> str:
    from sitegen.math import KATEX_JS
    return hashlib.sha256(KATEX_JS.read_bytes()).hexdigest()[:16]


def _typeset_chunk(items: list[tuple[str, bool]]) -> list[Typeset]:
    engine = katex()
    return [engine.typeset(tex, display) for tex, display in items]


def _prepare_and_key(job: PageJob) -> tuple:
    return prepare(job)


def _render(args: tuple) -> PageResult:
    job, parsed, config, math = args
    return build_page(job, parsed, config, math)


def build(config: SiteConfig, languages: tuple[str, ...] | None = None, *,
          cache_dir: Path | None = None, jobs: int | None = None,
          progress: Progress | None = None) -> BuildResult:
    """Build every page in memory; nothing is written to the output here."""
    started = time.perf_counter()
    progress = progress or Progress(quiet=True)
    languages = languages or config.languages
    source_dir = config.root / config.source
    files = discover(source_dir, config.root)
    pages = frozenset(f.page for f in files)
    in_package = {f.page: f.path.relative_to(source_dir).as_posix() for f in files}
    notebooks = frozenset(p.relative_to(source_dir).as_posix() for p in source_dir.rglob('*.ipynb'))
    cache = PageCache(cache_dir)
    math_cache = MathCache(cache_dir)
    common = hashlib.sha256('\0'.join([
        source_fingerprint(), templates_fingerprint(config), config.fingerprint(),
        str(config.strict), ' '.join(languages), '\n'.join(sorted(pages)),
        '\n'.join(sorted(notebooks))]).encode()).hexdigest()

    symbols = identifiers.site_symbols([(f.path, in_package[f.page], f.page) for f in files], config.package)
    page_jobs: list[tuple[str, PageJob]] = []
    for f in files:
        rel = in_package[f.page]
        catalogs = {}
        h = hashlib.sha256(common.encode() + f.path.read_bytes())
        xrefs = tuple(identifiers.cross_links(f.page, symbols).items())
        h.update(repr(xrefs).encode())
        for lang in languages:
            if lang == 'en':
                continue
            path = cache_file(config.root / config.cache, rel, lang)
            data = path.read_bytes() if path.exists() else None
            name = _display_path(path, config.root)
            catalogs[lang] = (name, data)
            h.update(lang.encode() + b'\0' + (data if data is not None else b'\1'))
        page_jobs.append((h.hexdigest(), PageJob(f, rel, languages, catalogs, pages, notebooks, xrefs)))

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

    messages = Messages.empty()
    if todo:
        workers = _workers(jobs, len(todo))
        with _executor(workers) as pool:
            prepared = list(pool.map(prepare, [job for _, job in todo], chunksize=_chunk(len(todo), workers)))
            wanted = [item for _, formulas, _ in prepared for item in formulas]
            missing = [item for item in dict.fromkeys(wanted) if item not in math_cache.table]
            if missing:
                progress.stage(f'typesetting {len(missing)} formulas')
                chunks = [missing[i::workers] for i in range(workers)]
                for chunk, typeset in zip(chunks, pool.map(_typeset_chunk, chunks)):
                    math_cache.table.update(zip(chunk, typeset))
                math_cache.dirty = True
            render_args = []
            for (key, job), (parsed, formulas, msgs) in zip(todo, prepared):
                if parsed is None:
                    results[key] = PageResult(job.source, {}, messages=msgs)
                    continue
                table = {item: math_cache.table[item] for item in formulas if item in math_cache.table}
                render_args.append((key, msgs, (job, parsed, config, table)))
            done = 0
            rendered = pool.map(_render, [a for _, _, a in render_args], chunksize=_chunk(len(render_args), workers))
            for (key, msgs, _), result in zip(render_args, rendered):
                result.messages = _merged(msgs, result.messages)
                results[key] = result
                cache.put(key, result)
                done += 1
                progress.step(done, len(render_args), 'rendering')
        math_cache.save()
    cache.prune(set(results))

    ordered = [results[key] for key, _ in page_jobs]
    for r in ordered:
        messages.extend(r.messages)
    _check_links(ordered, pages, source_dir, messages)
    files_out = _site_files(config, languages, ordered, source_dir)
    result = BuildResult(ordered, files_out, messages, reused=reused)
    result.seconds = time.perf_counter() - started
    return result


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


class _Serial(Executor):
    """Runs in this process: one worker needs no pool, and starts faster."""

    def map(self, fn: Callable, *iterables: Iterable, timeout=None, chunksize: int = 1):
        return list(map(fn, *iterables))


def _executor(workers: int) -> Executor:
    if workers <= 1:
        return _Serial()
    import multiprocessing
    method = 'fork' if 'fork' in multiprocessing.get_all_start_methods() else None
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method))


def _check_links(results: list[PageResult], pages: frozenset[str], source_dir: Path,
                 messages: Messages) -> None:
    """Every relative link must reach a page (and its anchor) or a file that is copied along."""
    anchors = {r.source.page: r.anchors for r in results if r.outputs}
    for r in results:
        for url, line in r.links:
            path, _, fragment = url.partition('#')
            path = path.split('?')[0]
            if not path:
                target = r.source.page
            else:
                target = posixpath.normpath(posixpath.join(posixpath.dirname(r.source.page), path))
            if target.endswith('/') or target in ('.', ''):
                target = posixpath.join(target, 'index.html')
            if target in pages:
                if fragment and target in anchors and fragment not in anchors[target]:
                    messages.error(r.source.rel, line, f'broken link {url!r}: no anchor #{fragment} in {target}')
                elif target not in anchors and target in pages:
                    pass  # the target failed to build; its own error says why
            elif target.startswith('..') or not (source_dir / target).is_file() or target.endswith('.py'):
                messages.error(r.source.rel, line, f'broken link {url!r}: no page or file {target}')


def _assets(results: list[PageResult], pages: frozenset[str], source_dir: Path) -> list[str]:
    """Files of the source tree that pages link to (images, notebooks), copied along."""
    found = set()
    for r in results:
        for url, _ in r.links:
            path = url.partition('#')[0].split('?')[0]
            if not path:
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(r.source.page), path))
            if target not in pages and not target.startswith('..') and not target.endswith('.py') \
                    and (source_dir / target).is_file():
                found.add(target)
    return sorted(found)


def _site_files(config: SiteConfig, languages: tuple[str, ...], results: list[PageResult],
                source_dir: Path) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    pages = frozenset(r.source.page for r in results)
    for r in results:
        for lang, html in r.outputs.items():
            files[lang_path(lang, r.source.page)] = html.encode('utf-8')
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
    files['static/pygments.css'] = _pygments_css().encode()
    for lang in languages:
        pages_index = [(r.source.page, *r.search[lang]) for r in results if lang in r.search]
        files[lang_path(lang, search_index.INDEX_FILE)] = search_index.index_script(pages_index).encode()
    files['sitemap.xml'] = _sitemap(config, results).encode()
    files['.nojekyll'] = b''
    return files


def _pygments_css() -> str:
    light = stylesheet(PYGMENTS_LIGHT, ['.highlight', '.code'])
    dark = stylesheet(PYGMENTS_DARK, ':root[data-theme="dark"] :is(.highlight, .code)')
    auto = stylesheet(PYGMENTS_DARK, ':root:not([data-theme="light"]) :is(.highlight, .code)')
    # Backgrounds come from the site's own colours, so both themes keep one look.
    strip = lambda css: '\n'.join(l for l in css.splitlines()
                                   if not l.startswith('pre ') and ' .err' not in l
                                   and ('background' not in l or '.hll' in l))
    return (f'/* Generated from Pygments styles {PYGMENTS_LIGHT} and {PYGMENTS_DARK}. */\n'
            f'{strip(light)}\n{strip(dark)}\n@media (prefers-color-scheme: dark) {{\n{strip(auto)}\n}}\n')


def _sitemap(config: SiteConfig, results: list[PageResult]) -> str:
    from xml.sax.saxutils import escape
    urls = []
    for r in results:
        for lang in config.languages:
            if r.outputs or not r.messages.errors:
                urls.append(page_url(config, lang, r.source.page))
    body = ''.join(f'  <url><loc>{escape(u)}</loc></url>\n' for u in sorted(set(urls)))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + body + '</urlset>\n')


# ---------------------------------------------------------------- writing

def write_site(files: dict[str, bytes], out: Path, languages: tuple[str, ...],
               all_languages: tuple[str, ...]) -> None:
    """Write into a temporary sibling folder, then swap it in; the old output survives a failure.

    Building only some languages keeps the other languages' pages from the previous output.
    """
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.parent / f'.{out.name}.tmp-{os.getpid()}'
    old = out.parent / f'.{out.name}.old-{os.getpid()}'
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        for rel, data in files.items():
            path = tmp / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        if out.is_dir():
            _keep_other_languages(out, tmp, files, languages, all_languages)
        if out.exists():
            os.replace(out, old)
        os.replace(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)


def _keep_other_languages(out: Path, tmp: Path, files: dict[str, bytes],
                          languages: tuple[str, ...], all_languages: tuple[str, ...]) -> None:
    others = set(all_languages) - set(languages)
    if not others:
        return
    for path in out.rglob('*'):
        if not path.is_file():
            continue
        rel = path.relative_to(out).as_posix()
        first = rel.split('/', 1)[0]
        lang = first if first in all_languages and first != 'en' and '/' in rel else 'en'
        if lang in others and rel not in files:
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def read_tree(folder: Path) -> dict[str, bytes]:
    if not folder.is_dir():
        return {}
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob('*')) if p.is_file()}
