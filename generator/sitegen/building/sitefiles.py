"""The files of the site besides its pages: static files, linked assets, search indexes, sitemap,
the site menu's list of pages."""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import re
import sys
from collections.abc import Callable, Sequence
from functools import partial
from html import escape
from pathlib import Path
from typing import TypeVar, cast

from sitegen.building.output import Output
from sitegen.cache import KeyedCache
from sitegen.doc import PageResult, Settings, lang_path
from sitegen.reading.config import BUILTIN_TEMPLATES
from sitegen.sitewide import revision
from sitegen.sitewide import search as search_index
from sitegen.sitewide.links import assets
from sitegen.sitewide.toc import depth, reading_order

MENU_FILE = 'menu.js'  # in each language's root folder
T = TypeVar('T')


def site_files(
    settings: Settings,
    languages: tuple[str, ...],
    results: list[PageResult],
    source_dir: Path,
    asset_files: dict[str, Path],
    generated: KeyedCache,
    commit: str = '',
    kept: Kept | None = None,
    ids: Sequence[str] = (),
    previous: Callable[[str, str], str | None] = lambda id, lang: None,
    order: tuple[str, ...] = (),
    out: Path | None = None,
) -> dict[str, Output]:
    """Every file besides the pages, by its path in the site.

    `generated` keeps what takes time to make (the Pygments colours) between builds, and each
    language's search index as the last build made it. `commit` (the commit built, '' when
    unknown) is named by one file, which every page loads. `kept` holds each language's search
    index as the last build of this process made it (`serve`), `ids` each result's identity (the
    digest of its job), `previous(id, lang)` the search postings of a result the last build made,
    `out` the output folder as the last build left it: only what changed is made again, from the
    search files there.
    """
    files = _copied_files(settings, results, source_dir, asset_files, generated)
    files.update(menus(results, languages, order))
    files[revision.COMMIT_FILE] = revision.commit_script(commit)
    if settings.url:  # a sitemap lists absolute addresses
        files['sitemap.xml'] = sitemap(settings, results).encode()
    files['.nojekyll'] = b''
    outputs = _search_outputs(languages, results, generated, kept, ids, previous, out)
    return {**outputs, **{rel: Output.of(data) for rel, data in files.items()}}


def _copied_files(
    settings: Settings,
    results: list[PageResult],
    source_dir: Path,
    asset_files: dict[str, Path],
    generated: KeyedCache,
) -> dict[str, bytes]:
    """The files the pages link to, the asset folders, the templates' static files and the code's colours."""
    files: dict[str, bytes] = {}
    pages = frozenset(r.source.page for r in results)
    # Linked files exist once, at the site's root; translated pages link up to them.
    for asset in assets(results, pages, source_dir):
        files[asset] = (source_dir / asset).read_bytes()
    for rel, path in asset_files.items():  # the asset folders, mirrored whole
        files[rel] = path.read_bytes()
    for folder in reversed(settings.template_dirs):
        static = folder / 'static'
        if static.is_dir():
            for path in sorted(static.rglob('*')):
                if path.is_file():
                    data = path.read_bytes()
                    files['static/' + path.relative_to(static).as_posix()] = (
                        compact(path.name, data) if folder == BUILTIN_TEMPLATES else data
                    )
    # Browsers ask for /favicon.ico by themselves where a page names no icon (a served file's view).
    if 'static/favicon.ico' in files:
        files['favicon.ico'] = files['static/favicon.ico']
    import pygments  # the package alone, not its lexers: cheap enough for a build with nothing to do

    # Keyed by the generator's own code too: the colours are chosen in `sitegen.sitewide.codestyle`.
    pygments_key = ('pygments', pygments.__version__, settings.fingerprint)
    files['static/pygments.css'] = generated.get(pygments_key, _pygments_css)  # type: ignore[assignment]
    return files


def _search_outputs(
    languages: tuple[str, ...],
    results: list[PageResult],
    generated: KeyedCache,
    kept: Kept | None,
    ids: Sequence[str],
    previous: Callable[[str, str], str | None],
    out: Path | None,
) -> dict[str, Output]:
    """Each language's search index files (`site_files` says what the arguments are)."""
    # Each page's postings are made with the page (in its worker) and kept with it in the cache;
    # only joining them is done for the site, and only where an edit changed them. A language's
    # index of which nothing is kept (a first build) is joined whole: all but the first such in a
    # process of its own, meanwhile (`apart`).
    indexes: list[tuple[str, search_index.KeptIndex, Callable[[], IndexFiles]]] = []
    joined_whole = False  # the first index joined whole is joined here, after the others have started
    for lang in languages:
        shown = [
            (i, r.source.page, page) for i, r in enumerate(results) if (page := r.language(lang)) is not None
        ]
        pages_index = [(path, page.title, list(page.search)) for _, path, page in shown]
        postings = [page.postings for _, _, page in shown]
        shown_ids = [ids[i] for i, _, _ in shown] if ids else [''] * len(shown)
        if kept is not None:
            index = kept.setdefault(lang, search_index.KeptIndex())
        else:  # as the last build made it
            index = search_index.KeptIndex.kept(generated.last(('search', lang)))
        last = lambda id, lang=lang: previous(id, lang)  # the postings a page had in the last build
        written = partial(_written, out / lang_path(lang, '')) if out else lambda rel: None
        made = partial(_index_files, index, pages_index, postings, shown_ids, last, written)
        whole = kept is None and not index.digests
        indexes.append((lang, index, _apart(made) if whole and joined_whole else made))
        joined_whole = joined_whole or whole
    outputs: dict[str, Output] = {}
    for lang, index, index_files in indexes:
        made_files, state = index_files()
        for rel, text, digest in made_files:
            load = partial(_made, index, rel) if text is None else partial(bytes, text)
            outputs[lang_path(lang, rel)] = Output(digest, load)
        if kept is None:
            generated.put(('search', lang), state)
    return outputs


IndexFiles = tuple[list[tuple[str, bytes | None, str]], object]


def _index_files(
    index: search_index.KeptIndex,
    pages: list[tuple[str, str, list[search_index.Record]]],
    postings: list[str],
    ids: Sequence[str],
    last: Callable[[str], str | None],
    written: Callable[[str], str | None],
) -> IndexFiles:
    """A language's search files (file, bytes or None where made when needed, digest), and the
    state of its index to keep."""
    files = [
        (rel, None if text is None else text.encode(), digest)
        for rel, text, digest in index.files(pages, postings, ids, last, written)
    ]
    return files, index.state()


def _written(folder: Path, rel: str) -> str | None:
    """The text of a search file in a language's folder of the output, where it is one."""
    path = folder / rel
    with contextlib.suppress(OSError, UnicodeDecodeError):
        if path.is_file():  # not a device or a pipe left there
            return path.read_text(encoding='utf-8')
    return None


def _made(index: search_index.KeptIndex, rel: str) -> bytes:
    """A search file's bytes, made when the write needs them."""
    return index.make(rel).encode()


# What a process that builds again and again keeps of the last build: each language's search index.
Kept = dict[str, search_index.KeptIndex]


def compact(name: str, data: bytes) -> bytes:
    """The generator's own `site.js` or `site.css` as pages load it: without its comments, its
    lines' indentation and its empty lines (a third of its bytes, loaded by every page). Only whole
    lines are dropped and only their leading blanks, so a script keeps every line break that its
    meaning may depend on. Sound because neither file has a string or template that spans lines
    (`tests/test_sitefiles.py` checks); a project's own static files are copied as they are."""
    if name == 'site.js':
        lines = (line.lstrip() for line in data.decode().splitlines())
        return ''.join(f'{line}\n' for line in lines if line and not line.startswith('//')).encode()
    if name == 'site.css':
        text = re.sub(r'/\*.*?\*/', '', data.decode(), flags=re.S)
        return ''.join(f'{line.strip()}\n' for line in text.splitlines() if line.strip()).encode()
    return data


def _pygments_css() -> bytes:
    from sitegen.sitewide.codestyle import stylesheet

    return stylesheet()


def sitemap(settings: Settings, results: list[PageResult]) -> str:
    urls = {settings.page_url(lang, r.source.page) for r in results if r.built for lang in settings.languages}
    body = ''.join(f'  <url><loc>{escape(u)}</loc></url>\n' for u in sorted(urls))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + body + '</urlset>\n'
    )


def menus(results: list[PageResult], languages: tuple[str, ...], order: tuple[str, ...]) -> dict[str, bytes]:
    """Each language's `menu.js`, which the site menu of every page loads when it is opened (site.js):
    every page in reading order (`sitegen.sitewide.toc.reading_order`) as [URL from the language's root, title, depth].
    One file, not a list in every page: a title changed rewrites it alone."""
    by_page = {r.source.page: r for r in results}
    pages = reading_order(frozenset(by_page), order)
    out = {}
    for lang in languages:
        entries = [
            [page, shown.title, depth(page)]
            for page in pages
            if (shown := by_page[page].language(lang)) is not None
        ]
        text = json.dumps(entries, ensure_ascii=False, separators=(',', ':')).replace('</', '<\\/')
        out[lang_path(lang, MENU_FILE)] = f'window.siteMenu={text};\n'.encode()
    return out


def _apart(call: Callable[[], T]) -> Callable[[], T]:
    """`call()` in a process forked for it while this one goes on; the function returned waits for
    its answer. Only where the system forks and no other thread runs (a thread may hold a lock the
    child would need); otherwise, or where the process fails, the call is made here, when asked.
    A bare fork and a pipe: a `multiprocessing` process cost 2.6 CPU seconds more on a first build
    of the labml-style package in three languages (17.4 s), where two languages' indexes are joined
    so."""
    threading = sys.modules.get('threading')
    if not sys.platform.startswith('linux') or (threading is not None and threading.active_count() > 1):
        return call
    try:
        reading, writing = os.pipe()
        pid = os.fork()
    except OSError:  # no process or descriptor to spare: made here
        return call
    if pid == 0:  # the child: it never returns
        code = 1
        try:
            os.close(reading)
            with os.fdopen(writing, 'wb') as out:
                pickle.dump(call(), out, protocol=pickle.HIGHEST_PROTOCOL)
            code = 0
        finally:
            os._exit(code)
    os.close(writing)

    def result() -> T:
        with os.fdopen(reading, 'rb') as answer:
            data = answer.read()
        os.waitpid(pid, 0)
        try:
            return cast(T, pickle.loads(data))
        except Exception:  # it failed: made here
            return call()

    return result
