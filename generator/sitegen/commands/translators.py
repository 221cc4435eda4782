"""The translators' workflow: coverage, export, import, pruning and machine translation.

Each action works on a build held in memory, so that the keys it deals in are exactly the ones the
pages ask for, and checks every incoming value as the build does (`sitegen.translation.sanitize`) before it
reaches a cache file. A cache file is rewritten only when its content changes, in the seed format.
"""

from __future__ import annotations

import html
import posixpath
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from sitegen.building.build import BuildResult, build
from sitegen.errors import Message, Messages, display_path
from sitegen.files import write_atomic
from sitegen.reading.config import SiteConfig
from sitegen.translation.catalog import (
    Catalog,
    dump_cache,
    find_cache_file,
    key_label,
    normalise,
    parse_catalog,
    read_json,
)
from sitegen.translation.glossary import GLOSSARY, CacheText, check_caches, load_glossary
from sitegen.translation.sanitize import canonical_placeholders, check, is_plain

if TYPE_CHECKING:
    from sitegen.translation.backends import Backend


@dataclass
class CacheUse:
    """What the pages of one build ask of one cache file."""

    path: Path  # the cache file
    name: str  # relative to the cache folder, e.g. transformers/mha.zh.json
    page: str
    lang: str
    keys: tuple[str, ...]  # every key the page looks up there
    stats: dict[str, int]
    kept: tuple[str, ...] = ()  # entries the page shows as outdated translations of its keys


def cache_uses(result: BuildResult, cache_dir: Path) -> list[CacheUse]:
    """Per page and language: its cache file and the keys it asks for, in page order."""
    uses = []
    for page in result.pages:
        if not page.built:
            continue  # the page failed to build: it asks for nothing we can know
        for language in page.languages:
            if language.coverage is None:
                continue  # English: nothing is looked up
            path, _ = find_cache_file(cache_dir, page.source.in_package, language.lang)
            uses.append(
                CacheUse(
                    path,
                    path.relative_to(cache_dir).as_posix(),
                    page.source.page,
                    language.lang,
                    language.used_keys,
                    language.coverage.as_dict(),
                    language.kept_keys,
                )
            )
    return uses


def read_cache(path: Path, name: str | None = None) -> tuple[Catalog, Message | None]:
    """A cache file as a `Catalog` (empty when absent), or the error that makes it unusable; messages
    name it `name` (its path by default)."""
    data = path.read_bytes() if path.exists() else None
    catalog, problems = parse_catalog(name or str(path), data)
    return catalog, problems[0] if problems else None


def write_cache(path: Path, entries: dict[str, object]) -> bool:
    """Write a cache file in the seed format, only when its bytes change; True when written."""
    data = dump_cache(entries)
    if path.exists() and path.read_bytes() == data:
        return False
    write_atomic(path, data)
    return True


# An exported key that has only an outdated translation holds this object instead of `''`: the
# English it was translated from and that translation, for review. Import takes a string only.
WAS_ENGLISH, WAS_TRANSLATED = 'english before', 'translation before'


def pending(uses: Iterable[CacheUse]) -> dict[str, dict[str, object]]:
    """Keys still to translate (missing, outdated, empty or rejected), by cache file name."""
    out: dict[str, dict[str, object]] = {}
    for use in uses:
        catalog, problem = read_cache(use.path, use.name)
        if problem:
            continue
        catalog.claim(use.keys)
        todo = out.setdefault(use.name, {})
        for key in use.keys:
            hit = catalog.entries.get(normalise(key))
            value = hit[1] if hit else None
            if value is not None and value.strip() and check(key, value).value is not None:
                continue
            near = catalog.nearest(key) if value is None else None
            todo.setdefault(key, {WAS_ENGLISH: near[0], WAS_TRANSLATED: near[1]} if near else '')
        if not todo:
            del out[use.name]
    return out


def stale(uses: list[CacheUse], cache_dir: Path, languages: Iterable[str]) -> dict[Path, list[str]]:
    """Cache entries that no page asks for any more, by file (a file no page owns is all stale).

    An entry a page shows as the outdated translation of one of its keys is not stale: it goes when
    that key is translated."""
    wanted: dict[Path, set[str]] = {}
    for use in uses:
        wanted.setdefault(use.path, set()).update(normalise(k) for k in use.keys + use.kept)
    found: dict[Path, list[str]] = {}
    for lang in languages:
        for path in sorted(cache_dir.rglob(f'*.{lang}.json')):
            catalog, error = read_cache(path)
            if error:
                continue
            keys = catalog.not_wanted(wanted.get(path, set()))
            if keys:
                found[path] = keys
    return found


@dataclass
class Merge:
    """What merging translations into the caches did."""

    written: list[str] = field(default_factory=list)  # cache files changed
    merged: int = 0
    empty: int = 0
    messages: Messages = field(default_factory=Messages.empty)


def merge(
    incoming: dict[str, dict[str, str]],
    uses: list[CacheUse],
    cache_dir: Path,
    origin: str,
    *,
    dry_run: bool = False,
) -> Merge:
    """Check each value against its key and merge those a page can use into the cache files.

    `incoming` maps a cache file name (relative to the cache folder) to {key: value}. A key must be
    one the file's page asks for; a value is checked as the build checks it, and one that needs a
    repair is stored repaired. Values that are empty stay out.
    """
    report = Merge()
    by_name = {u.name: u for u in uses}
    for name, table in incoming.items():
        use = by_name.get(name)
        if use is None:
            report.messages.error(origin, 1, f'{name}: no page of this build uses that cache file; skipped')
            continue
        catalog, error = read_cache(use.path)
        if error:
            report.messages.error(error.file, error.line, error.message + '; not merged into')
            continue
        entries = catalog.source
        keys = {normalise(k): k for k in use.keys}
        existing = catalog.spelling()
        changed = dict(entries)
        for key, value in table.items():
            where = f'{name}: key {key_label(key)}'
            # Left empty, or an outdated translation exported for review and left as it was.
            review = isinstance(value, dict) and set(value) == {WAS_ENGLISH, WAS_TRANSLATED}
            if review or (isinstance(value, str) and not value.strip()):
                report.empty += 1
                continue
            if not isinstance(value, str):
                report.messages.error(origin, 1, f'{where}: the value is not a string; not imported')
                continue
            norm = normalise(key)
            if norm not in keys:
                report.messages.error(origin, 1, f'{where}: no page asks for this key; not imported')
                continue
            checked = check(keys[norm], value)
            if checked.value is None:
                report.messages.error(origin, 1, f'{where}: {"; ".join(checked.problems)}; not imported')
                continue
            if checked.repairs:
                report.messages.warn(origin, 1, f'{where}: {"; ".join(checked.repairs)} (repaired)')
            changed[existing.get(norm, keys[norm])] = value.strip() if is_plain(key) else checked.value
            report.merged += 1
        if changed != entries and not dry_run and write_cache(use.path, changed):
            report.written.append(name)
    return report


def prune(stale_entries: dict[Path, list[str]]) -> list[tuple[Path, int]]:
    """Remove stale keys; a file left empty is deleted. Files without stale keys are not touched."""
    done = []
    for path, keys in stale_entries.items():
        catalog, error = read_cache(path)
        if error or not keys:
            continue
        entries = catalog.source
        kept = {k: v for k, v in entries.items() if k not in set(keys)}
        if kept:
            write_cache(path, kept)
        else:
            path.unlink()
        done.append((path, len(entries) - len(kept)))
    return done


def load_export(
    path: Path, warnings: list[Message] | None = None
) -> tuple[dict[str, dict[str, str]], Message | None]:
    """An export file: {cache file name: {key: value}}; anything else is an error with its place.
    A key written twice is a warning, added to `warnings`."""
    try:
        data = path.read_bytes()
    except OSError as e:
        return {}, Message(str(path), 1, f'cannot read it: {e.strerror or e}')
    obj, error = read_json(str(path), data, warnings)
    if error:
        return {}, error
    for name, table in obj.items():
        if not isinstance(table, dict):
            return {}, Message(str(path), 1, f'{name}: expected an object of key: value')
        if name.startswith('/') or '..' in name.split('/') or posixpath.normpath(name) != name:
            return {}, Message(str(path), 1, f'{name}: not a path inside the cache folder')
    return obj, None


def machine_translate(
    backend: Backend, todo: dict[str, dict[str, object]], lang_of: dict[str, str], batch: int = 32
) -> dict[str, dict[str, str]]:
    """Fill pending keys through a machine-translation backend; the caller checks and merges."""
    out: dict[str, dict[str, str]] = {}
    for name, table in todo.items():
        keys = list(table)
        filled: dict[str, str] = {}
        for i in range(0, len(keys), batch):
            chunk = keys[i : i + batch]
            sent = [html.escape(k, quote=False) if is_plain(k) else k for k in chunk]
            got = backend.translate(sent, lang_of[name])
            if len(got) != len(chunk):
                raise ValueError(f'the backend returned {len(got)} translations for {len(chunk)} fragments')
            for key, value in zip(chunk, got):
                filled[key] = html.unescape(value) if is_plain(key) else canonical_placeholders(value)
        out[name] = filled
    return out


def first(todo: dict[str, dict[str, object]], limit: int) -> dict[str, dict[str, object]]:
    """At most `limit` pending keys, in file order."""
    out: dict[str, dict[str, object]] = {}
    pairs = ((name, key, value) for name, table in todo.items() for key, value in table.items())
    for name, key, value in islice(pairs, max(limit, 0)):
        out.setdefault(name, {})[key] = value
    return out


def coverage_table(uses: list[CacheUse], languages: tuple[str, ...]) -> str:
    """Pages by languages: translated fragments of all, with totals; rejected ones noted."""
    rows: dict[str, dict[str, dict[str, int]]] = {}
    for use in uses:
        rows.setdefault(use.page, {})[use.lang] = use.stats
    totals: dict[str, Counter[str]] = {lang: Counter() for lang in languages}

    def cell(stats: dict[str, int]) -> str:
        total = sum(stats.values())
        text = f'{stats.get("found", 0)}/{total} {100 * stats.get("found", 0) / total if total else 100:.0f}%'
        notes = [
            f'{stats[k]} {label}'
            for k, label in (('outdated', 'outdated'), ('invalid', 'rejected'))
            if stats.get(k)
        ]
        return text + (f' ({", ".join(notes)})' if notes else '')

    lines = [('page', list(languages))]
    for page, by_lang in rows.items():
        for lang in languages:
            totals[lang].update(by_lang.get(lang, {}))
        lines.append((page, [cell(by_lang.get(lang, {})) for lang in languages]))
    lines.append(('total', [cell(dict(totals[lang])) for lang in languages]))
    width = max(len(p) for p, _ in lines)
    cols = [max(len(c[i]) for _, c in lines) for i in range(len(languages))]
    return '\n'.join(
        '  '.join([f'{p:<{width}}', *(f'{c:<{w}}' for c, w in zip(cells, cols))]).rstrip()
        for p, cells in lines
    )


# ---------------------------------------------------------------- a session of the command


@dataclass
class Session:
    """A build of the translated languages, and what its pages ask of the caches."""

    config: SiteConfig
    languages: tuple[str, ...]
    cache_root: Path
    result: BuildResult
    uses: list[CacheUse]
    stale: dict[Path, list[str]]
    failed: list[str]  # sources that did not build: what they ask for is unknown

    def shown(self, path: Path) -> str:
        return display_path(path, self.config.root)


def open_session(
    config: SiteConfig, languages: tuple[str, ...], build_cache: Path | None, jobs: int
) -> Session:
    """Build the pages in memory, and find what they ask of the caches."""
    cache_root = config.root / config.cache
    result = build(config, languages, cache_dir=build_cache, jobs=jobs)
    uses = cache_uses(result, cache_root)
    failed = [p.source.rel for p in result.pages if not p.built]
    stale_entries = {} if failed else stale(uses, cache_root, languages)
    return Session(config, languages, cache_root, result, uses, stale_entries, failed)


def glossary_messages(session: Session) -> Messages:
    """The glossary's own problems (errors) and what it finds in the caches the pages use."""
    path = session.cache_root / GLOSSARY
    glossary, problems = load_glossary(path, session.shown(path), session.languages)
    found = check_caches(
        glossary,
        (
            CacheText(use.name, session.shown(use.path), use.lang, use.path.read_bytes())
            for use in {use.path: use for use in session.uses}.values()
            if use.path.is_file()
        ),
    )
    found.errors.extend(problems)
    return found
