"""Translation caches: one JSON object per source file and language, keyed by English fragments.

`translate_cache/<path of the source without .py>.<lang>.json` maps each fragment's key (its HTML
with untranslatable pieces as `<span translate=no>_^_N_^_</span>`) to the translated HTML.

A cached value is not trusted: it reaches a page only through the HTML5 sanitizer of
`sitegen.sanitize`, which also says whether it can be used at all; one that cannot puts the English
fragment on the page instead, with a warning that names the cache file, the key's line in it and
the key.

The translators' workflow (coverage, export, import, prune, machine translation) works on a build
held in memory, so that the keys it deals in are exactly the ones the pages ask for.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from sitegen.config import cache_file
from sitegen.doc import Fragment
from sitegen.errors import Message, Messages
from sitegen.sanitize import Checked, canonical_placeholders, check, check_text, check_value, is_plain

if TYPE_CHECKING:
    from sitegen.backends import Backend
    from sitegen.build import BuildResult
    from sitegen.config import SiteConfig

_SPACE = re.compile(r'\s+')
_AROUND_TAG = re.compile(r'\s*(<[^>]*>)\s*')


def normalise(key: str) -> str:
    """Whitespace that HTML does not show is not part of a key's identity."""
    return _AROUND_TAG.sub(r'\1', _SPACE.sub(' ', key)).strip()


def dump_cache(entries: dict[str, str]) -> bytes:
    """A cache file's bytes, formatted exactly as the seed caches are."""
    return json.dumps(entries, indent=1, ensure_ascii=True, sort_keys=True).encode('ascii')


def key_label(key: str, width: int = 60) -> str:
    """A key short enough for a one-line message."""
    text = ' '.join(key.split())
    return json.dumps(text if len(text) <= width else text[:width] + '…', ensure_ascii=False)


# ---------------------------------------------------------------- one cache file


@dataclass
class Catalog:
    """The entries of one cache file, looked up by normalised key."""

    file: str
    entries: dict[str, tuple[str, str]] = field(default_factory=dict)  # normalised -> (key, value)
    used: set[str] = field(default_factory=set)  # every key looked up, as the page renders it
    raw: bytes = b''
    warnings: list[Message] = field(default_factory=list)

    def lookup(self, key: str) -> str | None:
        """The value for a key; None when it is absent or still empty."""
        self.used.add(key)
        hit = self.entries.get(normalise(key))
        if hit is None or not hit[1].strip():
            return None
        return hit[1]

    def line_of(self, key: str) -> int:
        """Line of a key in the file, so that a warning points at it (1 when it cannot be found)."""
        hit = self.entries.get(normalise(key))
        original = hit[0] if hit else key
        for encoded in (
            json.dumps(original, ensure_ascii=True).encode(),
            json.dumps(original, ensure_ascii=False).encode('utf-8'),
        ):
            at = self.raw.find(encoded)
            if at >= 0:
                return self.raw.count(b'\n', 0, at) + 1
        return 1

    def message(self, key: str, text: str) -> Message:
        return Message(self.file, self.line_of(key), f'key {key_label(key)}: {text}')


def parse_catalog(name: str, data: bytes | None) -> tuple[Catalog, list[Message]]:
    """Read a cache file's bytes; a file that is not a JSON object is an error (and is ignored)."""
    catalog = Catalog(name)
    if data is None:
        return catalog, []
    obj, problem = _load_json(name, data)
    if problem:
        return catalog, [problem]
    catalog.raw = data
    for key, value in obj.items():
        if not isinstance(value, str):
            catalog.warnings.append(
                Message(
                    name, catalog.line_of(key), f'key {key_label(key)}: the value is not a string; ignored'
                )
            )
            continue
        catalog.entries[normalise(key)] = (key, value)
    return catalog, []


def _load_json(name: str, data: bytes) -> tuple[dict, Message | None]:
    try:
        obj = json.loads(data.decode('utf-8'))
    except UnicodeDecodeError as e:
        return {}, Message(name, 1, f'not UTF-8: {e}')
    except json.JSONDecodeError as e:
        return {}, Message(name, e.lineno, f'invalid JSON (line {e.lineno}, column {e.colno}): {e.msg}')
    if not isinstance(obj, dict):
        return {}, Message(name, 1, 'a translation cache must be a JSON object')
    return obj, None


# ---------------------------------------------------------------- translating a page's pieces


@dataclass(frozen=True)
class Translated:
    html: str
    status: str  # found / missing / invalid
    messages: tuple[Message, ...] = ()


def _judge(key: str, value: str, checked: Checked, catalog: Catalog) -> tuple[str, tuple[Message, ...]]:
    if checked.value is None:
        return 'invalid', (catalog.message(key, '; '.join(checked.problems) + '; the English text is used'),)
    if checked.repairs:
        return 'found', (catalog.message(key, '; '.join(checked.repairs) + ' (repaired)'),)
    return 'found', ()


def translate_fragment(fragment: Fragment, catalog: Catalog) -> Translated:
    key = fragment.key()
    value = catalog.lookup(key)
    if value is None:
        return Translated(fragment.html(), 'missing')
    checked = check_value(key, value)
    status, messages = _judge(key, value, checked, catalog)
    if checked.value is None:
        return Translated(fragment.html(), status, messages)
    return Translated(fragment.fill(checked.value), status, messages)


def translate_text(text: str, catalog: Catalog) -> Translated:
    value = catalog.lookup(text)
    if value is None:
        return Translated(text, 'missing')
    checked = check_text(text, value)
    status, messages = _judge(text, value, checked, catalog)
    return Translated(checked.value if checked.value is not None else text, status, messages)


# ---------------------------------------------------------------- the translators' workflow


@dataclass
class CacheUse:
    """What the pages of one build ask of one cache file."""

    path: Path  # the cache file
    name: str  # relative to the cache folder, e.g. transformers/mha.zh.json
    page: str
    lang: str
    keys: tuple[str, ...]  # every key the page looks up there
    stats: dict[str, int]


def cache_uses(result: BuildResult, config: SiteConfig, cache_dir: Path) -> list[CacheUse]:
    """Per page and language: its cache file and the keys it asks for, in page order."""
    source_dir = (config.root / config.source).resolve()
    uses = []
    for page in result.pages:
        if not page.built:
            continue  # the page failed to build: it asks for nothing we can know
        rel = page.source.path.resolve().relative_to(source_dir).as_posix()
        for lang, keys in page.used_keys.items():
            path = cache_file(cache_dir, rel, lang)
            uses.append(
                CacheUse(
                    path,
                    path.relative_to(cache_dir).as_posix(),
                    page.source.page,
                    lang,
                    keys,
                    page.translation.get(lang, {}),
                )
            )
    return uses


def read_cache(path: Path) -> tuple[dict[str, object], Message | None]:
    """A cache file's object ({} when absent), or the error that makes it unusable."""
    if not path.exists():
        return {}, None
    return _load_json(str(path), path.read_bytes())


def write_cache(path: Path, entries: dict[str, str]) -> bool:
    """Write a cache file in the seed format, only when its bytes change; True when written."""
    data = dump_cache(entries)
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix('.json.tmp')
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def pending(uses: Iterable[CacheUse]) -> dict[str, dict[str, str]]:
    """Keys still to translate (missing, empty or rejected), by cache file name."""
    out: dict[str, dict[str, str]] = {}
    for use in uses:
        entries, error = read_cache(use.path)
        if error:
            continue
        table = {normalise(k): v for k, v in entries.items() if isinstance(v, str)}
        todo = out.setdefault(use.name, {})
        for key in use.keys:
            value = table.get(normalise(key))
            if value is None or not value.strip() or check(key, value).value is None:
                todo.setdefault(key, '')
        if not todo:
            del out[use.name]
    return out


def stale(uses: list[CacheUse], cache_dir: Path, languages: Iterable[str]) -> dict[Path, list[str]]:
    """Cache entries that no page asks for any more, by file (a file no page owns is all stale)."""
    wanted: dict[Path, set[str]] = {}
    for use in uses:
        wanted.setdefault(use.path, set()).update(normalise(k) for k in use.keys)
    found: dict[Path, list[str]] = {}
    for lang in languages:
        for path in sorted(cache_dir.rglob(f'*.{lang}.json')):
            entries, error = read_cache(path)
            if error:
                continue
            keys = [k for k in entries if normalise(k) not in wanted.get(path, set())]
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
    repair is stored repaired. Values that are empty stay out. A cache file is rewritten only
    when its content changes, in the seed format.
    """
    report = Merge()
    by_name = {u.name: u for u in uses}
    for name, table in incoming.items():
        use = by_name.get(name)
        if use is None:
            report.messages.error(origin, 1, f'{name}: no page of this build uses that cache file; skipped')
            continue
        entries, error = read_cache(use.path)
        if error:
            report.messages.error(error.file, error.line, error.message + '; not merged into')
            continue
        keys = {normalise(k): k for k in use.keys}
        existing = {normalise(k): k for k in entries}
        changed = dict(entries)
        for key, value in table.items():
            where = f'{name}: key {key_label(key)}'
            if not isinstance(value, str):
                report.messages.error(origin, 1, f'{where}: the value is not a string; not imported')
                continue
            if not value.strip():
                report.empty += 1
                continue
            norm = normalise(key)
            if norm not in keys:
                report.messages.error(origin, 1, f'{where}: no page asks for this key; not imported')
                continue
            checked = check_text(key, value) if is_plain(key) else check_value(keys[norm], value)
            if checked.value is None:
                report.messages.error(origin, 1, f'{where}: {"; ".join(checked.problems)}; not imported')
                continue
            if checked.repairs:
                report.messages.warn(origin, 1, f'{where}: {"; ".join(checked.repairs)} (repaired)')
            stored = checked.value if not is_plain(key) else value.strip()
            changed[existing.get(norm, keys[norm])] = stored
            report.merged += 1
        if changed != entries and not dry_run:
            if write_cache(use.path, changed):
                report.written.append(name)
    return report


def prune(stale_entries: dict[Path, list[str]]) -> list[tuple[Path, int]]:
    """Remove stale keys; a file left empty is deleted. Files without stale keys are not touched."""
    done = []
    for path, keys in stale_entries.items():
        entries, error = read_cache(path)
        if error or not keys:
            continue
        kept = {k: v for k, v in entries.items() if k not in set(keys)}
        if kept:
            write_cache(path, kept)
        else:
            path.unlink()
        done.append((path, len(entries) - len(kept)))
    return done


def load_export(path: Path) -> tuple[dict[str, dict[str, str]], Message | None]:
    """An export file: {cache file name: {key: value}}; anything else is an error with its place."""
    obj, error = _load_json(str(path), path.read_bytes())
    if error:
        return {}, error
    for name, table in obj.items():
        if not isinstance(table, dict):
            return {}, Message(str(path), 1, f'{name}: expected an object of key: value')
        if name.startswith('/') or '..' in name.split('/') or posixpath.normpath(name) != name:
            return {}, Message(str(path), 1, f'{name}: not a path inside the cache folder')
    return obj, None


def machine_translate(
    backend: Backend, todo: dict[str, dict[str, str]], lang_of: dict[str, str], batch: int = 32
) -> dict[str, dict[str, str]]:
    """Fill pending keys through a machine-translation backend; the caller checks and merges."""
    out: dict[str, dict[str, str]] = {}
    for name, table in todo.items():
        keys = list(table)
        lang = lang_of[name]
        filled: dict[str, str] = {}
        for i in range(0, len(keys), batch):
            chunk = keys[i : i + batch]
            sent = [html.escape(k, quote=False) if is_plain(k) else k for k in chunk]
            got = backend.translate(sent, lang)
            if len(got) != len(chunk):
                raise ValueError(f'the backend returned {len(got)} translations for {len(chunk)} fragments')
            for key, value in zip(chunk, got):
                filled[key] = html.unescape(value) if is_plain(key) else canonical_placeholders(value)
        out[name] = filled
    return out


def first(todo: dict[str, dict[str, str]], limit: int) -> dict[str, dict[str, str]]:
    """At most `limit` pending keys, in file order."""
    out: dict[str, dict[str, str]] = {}
    for name, table in todo.items():
        for key, value in table.items():
            if limit <= 0:
                return out
            out.setdefault(name, {})[key] = value
            limit -= 1
    return out


def coverage_table(uses: list[CacheUse], languages: tuple[str, ...]) -> str:
    """Pages by languages: translated fragments of all, with totals; rejected ones noted."""
    rows: dict[str, dict[str, dict[str, int]]] = {}
    for use in uses:
        rows.setdefault(use.page, {})[use.lang] = use.stats
    totals = {lang: Counter() for lang in languages}

    def cell(stats: dict[str, int]) -> str:
        total = sum(stats.values())
        text = f'{stats.get("found", 0)}/{total} {100 * stats.get("found", 0) / total if total else 100:.0f}%'
        return text + (f' ({stats["invalid"]} rejected)' if stats.get('invalid') else '')

    lines = []
    for page, by_lang in rows.items():
        cells = []
        for lang in languages:
            stats = by_lang.get(lang, {})
            totals[lang].update(stats)
            cells.append(cell(stats))
        lines.append((page, cells))
    lines.append(('total', [cell(dict(totals[lang])) for lang in languages]))
    width = max(len(p) for p, _ in lines + [('page', [])])
    cols = [max(len(c[i]) for _, c in lines + [('', list(languages))]) for i in range(len(languages))]
    out = ['  '.join([f'{"page":<{width}}'] + [f'{l:<{w}}' for l, w in zip(languages, cols)]).rstrip()]
    for page, cells in lines:
        out.append('  '.join([f'{page:<{width}}'] + [f'{c:<{w}}' for c, w in zip(cells, cols)]).rstrip())
    return '\n'.join(out)
