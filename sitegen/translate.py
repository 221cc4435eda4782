"""Translation caches: one JSON object per source file and language, keyed by English fragments.

`translate_cache/<path of the source without .py>.<lang>.json` maps each fragment's key (its HTML
with untranslatable pieces as `<span translate=no>_^_N_^_</span>`) to the translated HTML.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from sitegen.errors import Message
from sitegen.markup import Fragment

_SPACE = re.compile(r'\s+')
_AROUND_TAG = re.compile(r'\s*(<[^>]*>)\s*')


def normalise(key: str) -> str:
    """Whitespace that HTML does not show is not part of a key's identity."""
    return _AROUND_TAG.sub(r'\1', _SPACE.sub(' ', key)).strip()


def cache_file(cache_dir: Path, rel_in_package: str, lang: str) -> Path:
    return cache_dir / f'{rel_in_package[:-len(".py")]}.{lang}.json'


@dataclass
class Catalog:
    """The entries of one cache file, looked up by normalised key."""
    file: str
    entries: dict[str, tuple[str, str]] = field(default_factory=dict)  # normalised -> (key, value)
    used: set[str] = field(default_factory=set)

    def lookup(self, key: str) -> str | None:
        norm = normalise(key)
        hit = self.entries.get(norm)
        if hit is None:
            return None
        self.used.add(norm)
        return hit[1]


def parse_catalog(name: str, data: bytes | None) -> tuple[Catalog, list[Message]]:
    """Read a cache file's bytes; a file that is not a JSON object of strings is an error."""
    catalog = Catalog(name)
    if data is None:
        return catalog, []
    try:
        obj = json.loads(data.decode('utf-8'))
    except UnicodeDecodeError as e:
        return catalog, [Message(name, 1, f'not UTF-8: {e}')]
    except json.JSONDecodeError as e:
        return catalog, [Message(name, e.lineno, f'invalid JSON (line {e.lineno}, column {e.colno}): {e.msg}')]
    if not isinstance(obj, dict):
        return catalog, [Message(name, 1, 'a translation cache must be a JSON object')]
    for key, value in obj.items():
        if isinstance(value, str) and value.strip():
            catalog.entries[normalise(key)] = (key, value)
    return catalog, []


@dataclass(frozen=True)
class Translated:
    html: str
    status: str          # found / missing / invalid
    messages: tuple[Message, ...] = ()


def translate_fragment(fragment: Fragment, catalog: Catalog) -> Translated:
    value = catalog.lookup(fragment.key())
    if value is None:
        return Translated(fragment.html(), 'missing')
    return Translated(fragment.fill(value), 'found')


def translate_text(text: str, catalog: Catalog) -> Translated:
    value = catalog.lookup(text)
    if value is None:
        return Translated(text, 'missing')
    return Translated(value.strip(), 'found')
