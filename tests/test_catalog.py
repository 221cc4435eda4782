"""`sitegen.catalog`'s search for an outdated translation: the entry Python's difflib finds."""

from __future__ import annotations

import json
import random
from difflib import SequenceMatcher
from pathlib import Path

from helpers import SECTIONS, _with_chinese, _with_chinese_safety_hostile, run
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


def test_a_key_written_twice_in_a_cache_is_a_warning_naming_file_and_line(project, capsys):
    cache = _with_chinese(project)
    cache.write_text(
        '{\n "Fixture model": "甲",\n "other": "x",\n "Fixture model": "乙"\n}\n', encoding='utf-8'
    )
    assert run(project, 'build', '--lang', 'zh', '--jobs', '1') == 0
    err = capsys.readouterr().err
    assert 'translate_cache/sub/model.zh.json:4: key "Fixture model" appears 2 times (first on line 2)' in err
    assert 'Traceback' not in err


def test_a_cache_nested_100000_deep_is_a_message_naming_it_not_a_traceback(project, capsys):
    cache = _with_chinese(project)
    cache.write_text('{"a": ' + '[' * 100_000 + ']' * 100_000 + '}')
    assert run(project, 'build', '--lang', 'zh', '--jobs', '1') == 0  # the page is built in English
    err = capsys.readouterr().err
    assert (
        'translate_cache/sub/model.zh.json:1: nested too deeply to be read' in err and 'Traceback' not in err
    )
    assert (project / 'out' / 'zh' / 'sub' / 'model.html').exists()
    export = project / 'deep.json'
    export.write_text('{"sub/model.zh.json": {"a": ' + '[' * 100_000 + ']' * 100_000 + '}}')
    assert run(project, 'translate', 'import', str(export), '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'deep.json:1: nested too deeply to be read' in err and 'Traceback' not in err


def test_a_lone_surrogate_in_a_cache_is_a_warning_and_the_english_is_shown(project, capsys):
    cache = _with_chinese_safety_hostile(project, SECTIONS, {})
    cache.write_text(
        '{\n "<p>Section 1</p>\\n": "<p>\\u8bd1\\udfff</p>",\n "<p>Section 2</p>\\n": "<p>\\u8bd1\\u6587\\u4e8c</p>"\n}'
    )
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    err = capsys.readouterr().err
    assert 'Traceback' not in err
    assert 'translate_cache/hostile.zh.json:2: key "<p>Section 1</p>": holds a lone surrogate' in err
    html = (project / 'out' / 'zh' / 'hostile.html').read_text()
    assert '译文二' in html and 'Section 1' in html
