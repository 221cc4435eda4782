"""Translation caches: one JSON object per source file and language, keyed by English fragments.

`translate_cache/<path of the source without .py>.<lang>.json` maps each fragment's key (its HTML
with untranslatable pieces as `<span translate=no>_^_N_^_</span>`) to the translated HTML.

A cached value is not trusted: before it reaches a page its placeholders must match its key's, its
HTML must balance and it must carry no script. A stray end tag is dropped (the one repair with a
single obvious answer); anything else puts the English fragment on the page instead. Either way a
warning names the cache file, the key's line in it and the key.

The translators' workflow (coverage, export, import, prune, machine translation) works on a build
held in memory, so that the keys it deals in are exactly the ones the pages ask for.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from sitegen.config import cache_file
from sitegen.errors import Message, Messages
from sitegen.doc import PLACEHOLDER, PLACEHOLDER_RE, Fragment

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


# ---------------------------------------------------------------- checking a value

VOID = frozenset('area base br col embed hr img input link meta param source track wbr'.split())
# Elements that load or run something; a value may carry them only where its key does.
ACTIVE = frozenset('iframe frame frameset object embed applet base meta link style form template'.split())
URL_ATTRS = frozenset(
    'href src action formaction xlink:href srcset poster data background lowsrc dynsrc cite longdesc'.split()
)
_LOOSE_PLACEHOLDER = re.compile(
    r'<span\s+translate\s*=\s*(["\']?)no\1\s*>\s*_\^_\s*(\d+)\s*_\^_\s*</span\s*>', re.I
)
_BARE_MARK = re.compile(r'_\^_\s*\d+\s*_\^_')
_END_TAG = re.compile(r'</[^>]*>')
_RAW_TAG = re.compile(r'<[^>]*>')
_CONTROL = re.compile(r'[\x00-\x20\x7f]+')
_SCHEME = re.compile(r'^(javascript|vbscript|data:text/html)', re.I)


class _Scan(HTMLParser):
    """One pass over a value: balance, placeholders the parser sees as elements, and script.

    Two faults have one answer, the one every browser gives: an end tag that closes nothing is
    dropped, and a link opened inside a link closes the outer one first (an outer link left
    with nothing in it is dropped instead). They are recorded as edits; anything else that does
    not balance is recorded as a problem.
    """

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer('\n', text)]
        self.stack: list[tuple[str, int, int]] = []  # (tag, start, end of its start tag)
        self.edits: list[tuple[int, int, str, str]] = []  # (start, end, replacement, what)
        self.misnested: list[tuple[str, str]] = []  # (element left open, end tag closing past it)
        self.tags: Counter[str] = Counter()
        self.placeholders = 0
        self.script: list[str] = []
        self.feed(text)
        self.close()

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.line_starts[line - 1] + col

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._element(tag, attrs)
        if tag in VOID:
            return
        start = self._offset()
        end = start + len(self.get_starttag_text() or '')
        if tag == 'a' and self.stack and self.stack[-1][0] == 'a':
            _, outer_start, outer_end = self.stack.pop()
            if self.text[outer_end:start].strip():
                self.edits.append(
                    (start, start, '</a>', 'link opened inside a link: the outer one closed first')
                )
            else:
                self.edits.append((outer_start, outer_end, '', 'empty link around another link removed'))
        self.stack.append((tag, start, end))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._element(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        open_tags = [t for t, _, _ in self.stack]
        if tag in open_tags:
            while self.stack[-1][0] != tag:
                self.misnested.append((self.stack.pop()[0], tag))
            self.stack.pop()
            return
        start = self._offset()
        m = _END_TAG.match(self.text, start)
        self.edits.append((start, m.end() if m else start, '', f'stray end tag </{tag}> removed'))

    @property
    def unclosed(self) -> list[str]:
        return [t for t, _, _ in self.stack]

    def balanced(self) -> bool:
        return not (self.edits or self.misnested or self.stack)

    def repaired(self) -> str:
        text = self.text
        for start, end, replacement, _ in sorted(self.edits, reverse=True):
            text = text[:start] + replacement + text[end:]
        return text

    def _element(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        if tag == 'script':
            self.script.append('a <script> element')
        if tag == 'span' and [(k, (v or '').lower()) for k, v in attrs] == [('translate', 'no')]:
            self.placeholders += 1
        for name, value in attrs:
            if name.startswith('on'):
                self.script.append(f'an event handler attribute {name}=')
            elif name in URL_ATTRS or name == 'style':
                url = _CONTROL.sub('', html.unescape(value or '')).lower()
                if _SCHEME.match(url) or (name == 'style' and ('javascript:' in url or 'expression(' in url)):
                    self.script.append(f'a script URL in {name}=')


def _script_in_raw_tags(text: str) -> list[str]:
    """A second look at the raw tags, for what a lenient parser might read differently."""
    found = []
    for m in _RAW_TAG.finditer(text):
        tag = _CONTROL.sub('', html.unescape(m.group(0))).lower()
        if tag.startswith('<script'):
            found.append('a <script> element')
        elif re.search(r'[\s/"\']on[a-z]+\s*=', html.unescape(m.group(0)), re.I):
            found.append('an event handler attribute')
        elif 'javascript:' in tag or 'vbscript:' in tag:
            found.append('a script URL')
    return found


@dataclass(frozen=True)
class Checked:
    """A value after checking: the value to use (None: use the English) and what was wrong."""

    value: str | None
    problems: tuple[str, ...] = ()  # why the value was rejected
    repairs: tuple[str, ...] = ()  # what was changed to make it usable


def canonical_placeholders(value: str) -> str:
    """Placeholders as the cache format writes them, whatever quoting or spacing they came back in."""
    return _LOOSE_PLACEHOLDER.sub(lambda m: PLACEHOLDER.format(int(m.group(2))), value)


def check_value(key: str, value: str) -> Checked:
    """Whether a translated fragment can replace its key on a page, and how, if it needs repair."""
    value = canonical_placeholders(value)
    problems: list[str] = []
    wanted = Counter(PLACEHOLDER_RE.findall(key))
    got = Counter(PLACEHOLDER_RE.findall(value))
    for n in sorted(set(wanted) | set(got), key=int):
        if got[n] < wanted[n]:
            problems.append(f'placeholder _^_{n}_^_ is missing')
        elif n not in wanted:
            problems.append(f'placeholder _^_{n}_^_ is not in the English')
        elif got[n] > wanted[n]:
            problems.append(f'placeholder _^_{n}_^_ is repeated')
    if len(_BARE_MARK.findall(value)) != sum(got.values()):
        problems.append('a placeholder lost its <span translate=no>')

    scan = _Scan(value)
    scripts = list(dict.fromkeys(scan.script or _script_in_raw_tags(value)))
    problems.extend(f'carries {s}' for s in scripts)
    if scan.placeholders != sum(got.values()):
        problems.append('a placeholder sits inside a tag')
    key_scan = _Scan(key)
    for tag in sorted(ACTIVE):
        if scan.tags[tag] > key_scan.tags[tag]:
            problems.append(f'carries a <{tag}> element')

    repairs: list[str] = []
    if key_scan.balanced():
        for open_tag, closing in scan.misnested:
            problems.append(f'unbalanced HTML: <{open_tag}> is closed by </{closing}>')
        for tag in scan.unclosed:
            problems.append(f'unbalanced HTML: <{tag}> is never closed')
        if scan.edits and not problems:
            value = scan.repaired()
            repairs.extend(what for _, _, _, what in sorted(scan.edits))
            if not _Scan(value).balanced():  # a repair must leave nothing to repair
                problems.append('unbalanced HTML that has no single repair')
        elif scan.edits:
            problems.extend(
                f'unbalanced HTML: {what.replace(" removed", "")}'
                for *_, what in scan.edits
                if what.startswith('stray')
            )
    if problems:
        return Checked(None, tuple(dict.fromkeys(problems)))
    return Checked(value, (), tuple(repairs))


def check_text(key: str, value: str) -> Checked:
    """A plain-text value (a title or summary): no markup where the English has none."""
    if re.search(r'<[a-zA-Z/!?]', value) and not re.search(r'<[a-zA-Z/!?]', key):
        return Checked(None, ('carries HTML in a plain-text entry',))
    return Checked(' '.join(value.split()))


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
            plain = not PLACEHOLDER_RE.search(key) and not re.search(r'<[a-zA-Z/]', key)
            if (
                value is None
                or not value.strip()
                or (check_text(key, value) if plain else check_value(key, value)).value is None
            ):
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


def _is_plain(key: str) -> bool:
    return not PLACEHOLDER_RE.search(key) and not re.search(r'<[a-zA-Z/!?]', key)


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
            checked = check_text(key, value) if _is_plain(key) else check_value(keys[norm], value)
            if checked.value is None:
                report.messages.error(origin, 1, f'{where}: {"; ".join(checked.problems)}; not imported')
                continue
            if checked.repairs:
                report.messages.warn(origin, 1, f'{where}: {"; ".join(checked.repairs)} (repaired)')
            stored = checked.value if not _is_plain(key) else value.strip()
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
            sent = [html.escape(k, quote=False) if _is_plain(k) else k for k in chunk]
            got = backend.translate(sent, lang)
            if len(got) != len(chunk):
                raise ValueError(f'the backend returned {len(got)} translations for {len(chunk)} fragments')
            for key, value in zip(chunk, got):
                filled[key] = html.unescape(value) if _is_plain(key) else canonical_placeholders(value)
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
