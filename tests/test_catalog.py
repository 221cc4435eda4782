"""`sitegen.catalog`'s search for an outdated translation: the entry Python's difflib finds."""

from __future__ import annotations

import json
import random
from difflib import SequenceMatcher
from pathlib import Path

from sitegen import catalog
from sitegen.catalog import OUTDATED_THRESHOLD, Catalog, comparable, normalise

ROOT = Path(__file__).resolve().parents[1]


def _nearest_by_difflib(cat: Catalog, key: str) -> tuple[str, str] | None:
    """The search written with Python's own difflib, every candidate compared."""
    wanted = catalog._placeholders(key)
    best = None
    for norm, (original, value) in cat.entries.items():
        if norm in cat.claimed or not value.strip() or catalog._placeholders(original) != wanted:
            continue
        score = SequenceMatcher(None, comparable(key), comparable(original), autojunk=False).ratio()
        if score >= OUTDATED_THRESHOLD and (best is None or score > best[0]):
            best = (score, original, value)
    return (best[1], best[2]) if best else None


def _edited(key: str, rng: random.Random) -> str:
    """A key as its English may change: two letters of a word swapped, a word dropped or added."""
    words = key.split(' ')
    i = rng.randrange(len(words))
    kind = rng.randrange(3)
    if kind == 0 and len(words[i]) > 3 and '<' not in words[i]:
        w = words[i]
        words[i] = w[0] + w[2] + w[1] + w[3:]
    elif kind == 1 and len(words) > 1:
        del words[i]
    else:
        words.insert(i, rng.choice(['the', 'each', 'new', 'its']))
    return ' '.join(words)


def test_outdated_translations_found_are_those_difflib_finds_alone():
    """For every cache of the project, each key edited as English is (and each key of another
    file), the entry found is the one a comparison of every candidate with difflib finds."""
    rng = random.Random(5)
    files = sorted((ROOT / 'translate_cache').rglob('*.zh.json'))
    found = 0
    for path in files:
        entries = json.loads(path.read_text(encoding='utf-8'))
        cat = Catalog(path.name)
        for key, value in entries.items():
            cat.entries[normalise(key)] = (key, value)
        others = json.loads(rng.choice(files).read_text(encoding='utf-8'))
        for key in [_edited(k, rng) for k in entries] + list(others)[:20]:
            near = cat.nearest(key)
            assert near == _nearest_by_difflib(cat, key), key
            found += near is not None
    assert found > 200  # enough edits were near enough for this to test something
