"""How alike is an edited English fragment to its older version, and how alike are unrelated ones?

Prints figures; asserts nothing. The threshold of `sitegen.translation.catalog.OUTDATED_THRESHOLD` comes from
these figures.

    python bench/outdated.py

Two populations of pairs of cache keys, compared as `sitegen.translation.catalog.similarity` compares them
(`comparable`: tags and link targets dropped, placeholders as tokens):

- edits: every key the project's history replaced. For each commit that changed a cache file, a
  key removed from the file is paired with the most similar key added to it in the same commit;
  pairs with the same placeholders whose words are mostly shared are the real edits (a typo, a
  word, a link). The labml-style fixture's outdated entries are added to them.
  Synthetic edits of the current keys are measured too: a typo fixed (two letters of one word
  swapped back) and a link's target changed.
- unrelated: every two different keys of one cache file (as it is now) with the same placeholders:
  sentences of one page on the same subject, the hardest case for a threshold.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / 'generator'))

from sitegen.translation.catalog import OUTDATED_THRESHOLD, _placeholders, comparable, similarity  # noqa: E402


def git(*args: str) -> str:
    return subprocess.run(['git', '-C', str(ROOT), *args], capture_output=True, text=True, check=True).stdout


def keys_at(commit: str, path: str) -> set[str]:
    try:
        return set(json.loads(git('show', f'{commit}:{path}')))
    except (subprocess.CalledProcessError, json.JSONDecodeError):
        return set()


def history_edits() -> list[tuple[float, str, str]]:
    """(similarity, old, new) of each key the history replaced by its most similar new key."""
    pairs = []
    for commit in git('log', '--format=%H', '--', 'translate_cache').split():
        changed = git('diff-tree', '--no-commit-id', '--name-only', '-r', commit, '--', 'translate_cache')
        for path in changed.split():
            if not path.endswith('.zh.json'):
                continue
            before, after = keys_at(f'{commit}^', path), keys_at(commit, path)
            removed, added = before - after, after - before
            for old in removed:
                candidates = [new for new in added if _placeholders(new) == _placeholders(old)]
                if not candidates:
                    continue
                score, new = max((similarity(comparable(old), comparable(new)), new) for new in candidates)
                pairs.append((score, old, new))
    return pairs


def fixture_edits() -> list[tuple[float, str, str]]:
    """The labml-style fixture's outdated entries against the keys its pages now ask for."""
    path = ROOT / 'tests' / 'fixtures' / 'labml_style' / 'edits.json'
    edits = json.loads(path.read_text()) if path.exists() else []
    return [(similarity(comparable(old), comparable(new)), old, new) for old, new in edits]


def current_keys() -> list[str]:
    keys = []
    for path in sorted((ROOT / 'translate_cache').rglob('*.zh.json')):
        keys += list(json.loads(path.read_text()))
    return keys


def typo_fixes(keys: list[str]) -> list[tuple[float, str, str]]:
    """Each key with a typo in one word (two letters of a word of 4 or more swapped), then fixed."""
    rnd = random.Random(0)
    pairs = []
    for key in keys:
        words = comparable(key).split()
        long = [i for i, w in enumerate(words) if w.isalpha() and len(w) >= 4]
        if not long:
            continue
        i = rnd.choice(long)
        j = rnd.randrange(len(words[i]) - 1)
        w = words[i]
        typo = ' '.join(words[:i] + [w[:j] + w[j + 1] + w[j] + w[j + 2 :]] + words[i + 1 :])
        pairs.append((similarity(typo, comparable(key)), typo, comparable(key)))
    return pairs


def link_changes(keys: list[str]) -> list[tuple[float, str, str]]:
    """Each key with a link, its first link's target changed."""
    pairs = []
    for key in keys:
        moved = re.sub(r'href="[^"]*"', 'href="elsewhere.html#moved"', key, count=1)
        if moved != key:
            pairs.append((similarity(comparable(moved), comparable(key)), moved, key))
    return pairs


def unrelated() -> list[float]:
    scores = []
    for path in sorted((ROOT / 'translate_cache').rglob('*.zh.json')):
        keys = list(json.loads(path.read_text()))
        for a, b in combinations(keys, 2):
            if _placeholders(a) == _placeholders(b):
                scores.append(similarity(comparable(a), comparable(b)))
    return scores


def quantiles(values: list[float]) -> str:
    values = sorted(values)
    if not values:
        return 'none'
    at = [values[min(len(values) - 1, int(q * len(values)))] for q in (0.0, 0.5, 0.9, 0.99)]
    return f'n={len(values)} min={at[0]:.3f} median={at[1]:.3f} p90={at[2]:.3f} p99={at[3]:.3f} max={values[-1]:.3f}'


def main() -> None:
    keys = current_keys()
    populations = {
        'history': history_edits(),
        'fixture': fixture_edits(),
        'typo': typo_fixes(keys),
        'link': link_changes(keys),
    }
    others = unrelated()
    for name, pairs in populations.items():
        print(f'{name + ":":<10}', quantiles([s for s, _, _ in pairs]))
    print(f'{"unrelated:":<10}', quantiles(others))
    for score, old, new in sorted(populations['history'], reverse=True)[:8]:
        print(f'  history {score:.3f}: {comparable(old)[:60]!r} -> {comparable(new)[:60]!r}')
    print('threshold  ' + '  '.join(f'{name:>12}' for name in populations) + '     unrelated')
    for threshold in (0.8, 0.85, 0.88, 0.9, 0.92, 0.95):
        found = [f'{sum(s >= threshold for s, _, _ in p)}/{len(p)}' for p in populations.values()]
        wrong = f'{sum(s >= threshold for s in others)}/{len(others)}'
        mark = '  <- OUTDATED_THRESHOLD' if threshold == OUTDATED_THRESHOLD else ''
        print(f'{threshold:9.2f}  ' + '  '.join(f'{f:>12}' for f in found) + f'  {wrong:>12}{mark}')


if __name__ == '__main__':
    main()
