"""Translation caches: one JSON object per source file and language, keyed by English fragments.

`translate_cache/<path of the source without .py>.<lang>.json` maps each fragment's key (its HTML
with untranslatable pieces as `<span translate=no>_^_N_^_</span>`) to the translated HTML. A page
looks its fragments up here; each value it finds passes `sitegen.translation.sanitize` before it is used, and
one that cannot be used leaves the English fragment on the page, with a warning that names the
cache file, the key's line in it and the key.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from sitegen.doc import PLACEHOLDER_RE, CatalogFile, Fragment, Source, Status
from sitegen.errors import Message, Messages, display_path
from sitegen.translation.sanitize import check_text, check_value


def cache_file(cache_dir: Path, rel_in_package: str, lang: str) -> Path:
    """Where the translations of one source live: `<cache>/<path without .py or .md>.<lang>.json`."""
    stem = rel_in_package.rsplit('.', 1)[0] if rel_in_package.endswith(('.py', '.md')) else rel_in_package
    return cache_dir / f'{stem}.{lang}.json'


def find_cache_file(cache_dir: Path, rel_in_package: str, lang: str) -> tuple[Path, bool]:
    """A source's cache file, and True when it was found under another letter case.

    A folder renamed `Transformers` -> `transformers` in the sources often keeps its old spelling
    in the cache (or the other way round); on a case-sensitive file system the exact path misses,
    so each missing part of the path is looked for among its folder's entries, ignoring case.
    """
    exact = cache_file(cache_dir, rel_in_package, lang)
    if exact.exists():
        return exact, False
    found = cache_dir
    for part in exact.relative_to(cache_dir).parts:
        match = part if (found / part).exists() else _entries(found).get(part.casefold())
        if match is None:
            return exact, False
        found = found / match
    return found, True


def read_catalog_files(
    cache_root: Path, root: Path, sources: list[Source], languages: tuple[str, ...], messages: Messages
) -> dict[str, tuple[CatalogFile, ...]]:
    """Each source's cache file in each translated language, by page, read (`data` None where there
    is none); a file found under another letter case is used, with a warning."""
    shown = display_path(cache_root, root)
    out = {}
    for source in sources:
        catalogs = []
        for lang in languages:
            path, renamed = find_cache_file(cache_root, source.in_package, lang)
            data = path.read_bytes() if path.exists() else None
            if renamed:
                expected = display_path(cache_file(cache_root, source.in_package, lang), root)
                said = (
                    f'used for {source.rel}, whose cache file is {expected}: '
                    'the letter case differs; rename it to match the source'
                )
                messages.warn(display_path(path, root), 1, said, 'cache')
            catalogs.append(CatalogFile(lang, f'{shown}/{path.relative_to(cache_root).as_posix()}', data))
        out[source.page] = tuple(catalogs)
    return out


def _entries(folder: Path) -> dict[str, str]:
    """A folder's entries by their case-folded name (one spelling each, the first in order)."""
    try:
        names = sorted(p.name for p in folder.iterdir())
    except OSError:
        return {}
    return {name.casefold(): name for name in reversed(names)}


def normalise(key: str) -> str:
    """A key's identity: the same HTML is the same key, however it was written.

    Character references and the characters they stand for are one (`'`, `&#x27;`, `&#39;`), so
    are runs of white space, white space next to tags, and the quoting of attribute values
    (`translate=no`, `translate="no"`), so that caches written by other tools are found. The
    result is only ever compared, never shown.
    """
    if '&' in key:
        key = _REFERENCE.sub(_character, key)
    if '="' in key or "='" in key:
        key = _SIMPLE_VALUE.sub(r'\1=\3', key)
        if "='" in key:
            key = _SINGLE_QUOTED.sub(r'\1="\2"', key)
    # Runs of white space made one space (`str.split` and the `\s` of a pattern are the same
    # characters), then none beside a tag; as it is every key of every cache file, no pattern.
    return ' '.join(key.split()).replace(' <', '<').replace('> ', '>')


_REFERENCE = re.compile(r'&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*;?)?')
_MARKUP = {'<': '&lt;', '>': '&gt;', '&': '&amp;'}  # written as references, so no tag is made up
_SIMPLE_VALUE = re.compile(r"""(\s[\w:.-]+)\s*=\s*(["'])([\w.:-]*)\2(?=[\s/>])""")
_SINGLE_QUOTED = re.compile(r"""(\s[\w:.-]+)\s*=\s*'([^']*)'""")


def _character(m: re.Match[str]) -> str:
    written = m.group(0)
    char = html.unescape(written)
    if char == written:  # not a reference: a bare `&`
        return '&amp;' + written[1:]
    return _MARKUP.get(char, char)


def dump_cache(entries: Mapping[str, object]) -> bytes:
    """A cache file's bytes, formatted exactly as the seed caches are."""
    return json.dumps(entries, indent=1, ensure_ascii=True, sort_keys=True).encode('ascii')


_SURROGATE = re.compile('[\ud800-\udfff]')  # left alone by the JSON reader: no character


def key_label(key: str, width: int = 60) -> str:
    """A key short enough for a one-line message, control characters and lone surrogates escaped."""
    text = ' '.join(key.split())
    label = json.dumps(text if len(text) <= width else text[:width] + '…', ensure_ascii=False)
    return _SURROGATE.sub(lambda m: f'\\u{ord(m.group(0)):04x}', label)


def read_json(name: str, data: bytes, warnings: list[Message] | None = None) -> tuple[dict, Message | None]:
    """A cache (or export) file's object, or the error that makes it unusable.

    A key written twice in one object is a warning (added to `warnings`) at its second line: the
    later value is the one used, as in any JSON reader, but no longer silently.
    """
    repeated: list[str] = []
    broken: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict:
        seen: dict[str, object] = {}
        for key, value in items:
            if _SURROGATE.search(key) or (isinstance(value, str) and _SURROGATE.search(value)):
                broken.append(key)  # half of a character (`"\udfff"`): no page can show it
                continue
            if key in seen:
                repeated.append(key)
            seen[key] = value
        return seen

    try:
        obj = json.loads(data.decode('utf-8'), object_pairs_hook=pairs)
    except UnicodeDecodeError as e:
        return {}, Message(name, 1, f'not UTF-8: {e}')
    except json.JSONDecodeError as e:
        return {}, Message(name, e.lineno, f'invalid JSON (line {e.lineno}, column {e.colno}): {e.msg}')
    except RecursionError:
        return {}, Message(
            name,
            1,
            'nested too deeply to be read: a translation file is one object of "English": "translation" '
            'strings; rewrite it (translate export writes one)',
        )
    if not isinstance(obj, dict):
        return {}, Message(name, 1, 'a translation cache must be a JSON object')
    if warnings is not None:
        for key in dict.fromkeys(broken):
            said = (
                f'key {key_label(key)}: holds a lone surrogate (half of a character, as a truncating '
                'translator writes it), not text: the entry is ignored (a page shows the English)'
            )
            warnings.append(Message(name, _lines_of(data, key)[0], said))
        for key in dict.fromkeys(repeated):
            lines = _lines_of(data, key)
            where = f' (first on line {lines[0]})' if len(lines) > 1 else ''
            said = (
                f'key {key_label(key)} appears {repeated.count(key) + 1} times{where}: the last value is '
                'used; remove the others'
            )
            warnings.append(Message(name, lines[-1], said))
    return obj, None


def _spellings(key: str) -> tuple[bytes, bytes]:
    """A key as either JSON encoding writes it: escaped to ASCII, then as UTF-8."""
    # A lone surrogate (warned of) has no UTF-8: only its escaped spelling can be in the file.
    utf8 = json.dumps(key, ensure_ascii=False).encode('utf-8', 'surrogatepass')
    return json.dumps(key, ensure_ascii=True).encode(), utf8


def _lines_of(data: bytes, key: str) -> list[int]:
    """The lines where a key is written as a key (as either JSON encoding writes it); [1] if none."""
    found: set[int] = set()
    for encoded in _spellings(key):
        for m in re.finditer(re.escape(encoded) + rb'\s*:', data):
            found.add(data.count(b'\n', 0, m.start()) + 1)
    return sorted(found) or [1]


@dataclass
class Catalog:
    """The entries of one cache file, looked up by normalised key."""

    file: str
    entries: dict[str, tuple[str, str]] = field(default_factory=dict)  # normalised -> (key, value)
    source: dict[str, object] = field(default_factory=dict)  # the file's object as written, for rewriting it
    normalised: dict[str, str] = field(default_factory=dict)  # every key as the file writes it -> normalised
    used: set[str] = field(default_factory=set)  # every key looked up, as the page renders it
    raw: bytes = b''
    warnings: list[Message] = field(default_factory=list)
    claimed: set[str] = field(default_factory=set)  # normalised keys the page asks for
    outdated: set[str] = field(default_factory=set)  # keys shown as outdated translations of others
    # Keys normalised already (a page's own, made once for all its languages): key -> `normalise(key)`.
    known: Mapping[str, str] = field(default_factory=dict, repr=False)
    _comparable: dict[str, str] = field(default_factory=dict, repr=False)  # entry -> `comparable` text

    def normalise(self, key: str) -> str:
        """`normalise(key)`, looked up where the key is known."""
        found = self.known.get(key)
        return normalise(key) if found is None else found

    def lookup(self, key: str) -> str | None:
        """The value for a key; None when it is absent or still empty."""
        self.used.add(key)
        hit = self.entries.get(self.normalise(key))
        if hit is None or not hit[1].strip():
            return None
        return hit[1]

    def not_wanted(self, wanted: set[str]) -> list[str]:
        """Keys of the file, as it writes them and in its order, whose normalised form is not in `wanted`."""
        return [key for key, norm in self.normalised.items() if norm not in wanted]

    def spelling(self) -> dict[str, str]:
        """Normalised key -> the key as the file writes it (the last, where two are one key)."""
        return {norm: key for key, norm in self.normalised.items()}

    def claim(self, keys: Iterable[str]) -> None:
        """Keys the page asks for: an entry one of them finds is no other fragment's older English."""
        self.claimed.update(self.normalise(k) for k in keys)

    def nearest(self, key: str) -> tuple[str, str] | None:
        """`(its key, value)` of the entry whose English is nearly `key`'s, or None (see `similarity`).

        Only entries with a translation, not claimed by another of the page's keys and with the same
        placeholders as `key` are candidates: the value is filled with this fragment's pieces.
        """
        wanted = _placeholders(key)
        text = comparable(key)
        best: tuple[float, str, str] | None = None
        for norm, (original, value) in self.entries.items():
            if norm in self.claimed or not value.strip() or _placeholders(original) != wanted:
                continue
            if norm not in self._comparable:
                self._comparable[norm] = comparable(original)
            score = similarity(text, self._comparable[norm], OUTDATED_THRESHOLD)
            if score >= OUTDATED_THRESHOLD and (best is None or score > best[0]):
                best = (score, original, value)
        return (best[1], best[2]) if best else None

    def line_of(self, key: str) -> int:
        """Line of a key in the file, so that a warning points at it (1 when it cannot be found)."""
        hit = self.entries.get(normalise(key))
        original = hit[0] if hit else key
        for encoded in _spellings(original):
            at = self.raw.find(encoded)
            if at >= 0:
                return self.raw.count(b'\n', 0, at) + 1
        return 1

    def message(self, key: str, text: str) -> Message:
        return Message(self.file, self.line_of(key), f'key {key_label(key)}: {text}')


def parse_catalog(
    name: str, data: bytes | None, known: Mapping[str, str] | None = None
) -> tuple[Catalog, list[Message]]:
    """Read a cache file's bytes; a file that is not a JSON object is an error (and is ignored).
    `known`: keys normalised already (`Catalog.known`), which the file's keys mostly are."""
    catalog = Catalog(name, known=known or {})
    if data is None:
        return catalog, []
    obj, problem = read_json(name, data, catalog.warnings)
    if problem:
        return catalog, [problem]
    catalog.raw = data
    catalog.source = obj
    for key, value in obj.items():
        norm = catalog.normalised[key] = catalog.normalise(key)
        if not isinstance(value, str):
            catalog.warnings.append(catalog.message(key, 'the value is not a string; ignored'))
            continue
        catalog.entries[norm] = (key, value)
    return catalog, []


# ---------------------------------------------------------------- English that changed a little

# The least `similarity` at which an entry's English counts as an older version of a key's.
# Measured with `bench/outdated.py` on this project's caches: a typo fixed scores 0.92 or more in
# 467 of 495 keys (the rest are keys of one to three words), a changed link target 1.0 (targets are
# not compared), the long paragraphs the history edited 0.93 to 1.0; two different keys of one
# cache file (9940 pairs with the same placeholders) at most 0.905 ("FFN with GELU gate" against
# "FFN with ReLU gate"). At 0.92 no unrelated pair is taken.
OUTDATED_THRESHOLD = 0.92

_TAG = re.compile(r'<[^>]*>')
_NUMBERS = re.compile(r'_\^_(\d+)_\^_')


def comparable(key: str) -> str:
    """A key's words as a reader sees them: tags (and link targets) dropped, white space single,
    each placeholder a token of its own."""
    text = PLACEHOLDER_RE.sub(lambda m: f' \ue000{m.group(1)} ', normalise(key))
    return ' '.join(html.unescape(_TAG.sub(' ', text)).split())


def similarity(a: str, b: str, floor: float = 0.0) -> float:
    """`difflib`'s ratio of two comparable texts (0 to 1); 0 when its cheap bounds are below `floor`.

    Computed by `cydifflib`, difflib's algorithm in C++ with the same results: Python's own takes
    tens of milliseconds for two long paragraphs, and a translated page's missing keys ask for many."""
    from cydifflib import SequenceMatcher

    matcher = SequenceMatcher(None, a, b, autojunk=False)
    if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
        return 0.0
    return matcher.ratio()


def _placeholders(key: str) -> list[str]:
    """The placeholders of a key, as a sorted list (a multiset)."""
    return sorted(_NUMBERS.findall(key))


_HREF = re.compile(r'\b(href|src)=(?:"([^"]*)"|\'([^\']*)\'|([^\s>]+))')


def _moved_links(old_key: str, key: str, value: str) -> str | None:
    """An older translation with its links where the key now has them; None when the links of
    the two keys do not pair up one to one, in order."""
    before = [m.group(2) or m.group(3) or m.group(4) or '' for m in _HREF.finditer(old_key)]
    after = [m.group(2) or m.group(3) or m.group(4) or '' for m in _HREF.finditer(key)]
    if len(before) != len(after):
        return None
    for old, new in zip(before, after):
        value = value.replace(f'="{old}"', f'="{new}"')
    return value


# ---------------------------------------------------------------- translating a page's pieces


@dataclass(frozen=True)
class Translated:
    html: str
    status: Status
    problem: Message | None = None  # why the value was not used
    repair: Message | None = None  # what was repaired to use it
    key: str = ''  # the key it was looked up by
    was: str = ''  # for an outdated translation, the English it was made for (its key in the cache)
    entry: Message | None = None  # for an outdated translation, where its entry is


def translate_fragment(
    fragment: Fragment,
    catalog: Catalog,
    english: Callable[[str], str],
    resolve: Callable[[str], str],
    key: str | None = None,
) -> Translated:
    """A fragment in the catalog's language; `english` and `resolve` place its URLs on the
    English page (as its key has them) and on the translated one. `key`: its key, where made already."""
    key = fragment.key(english) if key is None else key
    value = catalog.lookup(key)
    if value is None:
        return _outdated(fragment, catalog, key, english, resolve)
    checked = check_value(key, value)
    if checked.value is None:
        return Translated(
            fragment.html(resolve), 'invalid', _rejected(catalog, key, checked.problems), key=key
        )
    filled = fragment.fill(checked.value, english, resolve)
    return Translated(filled, 'found', None, _repaired(catalog, key, checked.repairs), key)


def _outdated(
    fragment: Fragment,
    catalog: Catalog,
    key: str,
    english: Callable[[str], str],
    resolve: Callable[[str], str],
) -> Translated:
    """A missing key: the translation of nearly the same English, if the cache has a usable one."""
    missing = Translated(fragment.html(resolve), 'missing', key=key)
    near = catalog.nearest(key)
    if near is None:
        return missing
    was, value = near
    moved = _moved_links(was, key, value)
    checked = check_value(key, moved) if moved is not None else None
    if checked is None or checked.value is None:
        return missing
    filled = fragment.fill(checked.value, english, resolve)
    catalog.outdated.add(was)
    catalog.claimed.add(normalise(was))  # an older text of one fragment only
    where = Message(catalog.file, catalog.line_of(was), f'key {key_label(was)}')
    return Translated(filled, 'outdated', None, _repaired(catalog, was, checked.repairs), key, was, where)


def translate_text(text: str, catalog: Catalog) -> Translated:
    """A page's title or summary in the catalog's language."""
    value = catalog.lookup(text)
    if value is None:
        return Translated(text, 'missing')
    checked = check_text(text, value)
    if checked.value is None:
        return Translated(text, 'invalid', _rejected(catalog, text, checked.problems))
    return Translated(checked.value, 'found', None, _repaired(catalog, text, checked.repairs))


def _rejected(catalog: Catalog, key: str, problems: tuple[str, ...]) -> Message:
    return catalog.message(key, f'{"; ".join(problems)}; the English text is used until the value is fixed')


def _repaired(catalog: Catalog, key: str, repairs: tuple[str, ...]) -> Message | None:
    return catalog.message(key, '; '.join(repairs) + ' (repaired)') if repairs else None
