"""How well a package written for labml's tool, with that tool's caches, reads on our pages.

Prints figures; asserts nothing (`tests/test_catalog.py` holds the thresholds:
`test_nearly_every_key_of_the_original_caches_is_found`).

    python bench/fidelity.py [--root tests/fixtures/labml_style]

For the project at `--root` (the labml-style fixture by default), built in every language:
- keys: of the fragments, titles and summaries of pages that have a cache file, how many are
  found, shown as outdated translations, missing or rejected; `found` is the share found exactly
  of those not outdated (outdated counted apart);
- entries: of the entries of the cache files, how many a page uses, exactly or as an outdated
  translation;
- raw TeX: documentation columns whose text, once formulas (KaTeX) and code are taken out, still
  holds a TeX command (`\\frac`) or a formula between dollars.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / 'generator'))

from sitegen.building.build import build  # noqa: E402
from sitegen.commands.translators import cache_uses  # noqa: E402
from sitegen.reading.config import load_config  # noqa: E402
from sitegen.translation.catalog import normalise  # noqa: E402

_DOC = re.compile(r'<div class="doc"[^>]*>(.*?)</div>\n<div class="code">', re.S)
# A TeX command, or a formula still between dollars (a lone price's dollar is not TeX).
_TEX = re.compile(r'\\[A-Za-z]+|\$[^$\n]+\$')


def raw_tex(page_html: str) -> list[str]:
    """What of a page's documentation columns looks like TeX left untypeset."""
    found = []
    for doc in _DOC.findall(page_html):
        doc = re.sub(r'<annotation[^>]*>.*?</annotation>', '', doc, flags=re.S)
        doc = re.sub(r'<(pre|code)\b.*?</\1>', '', doc, flags=re.S)
        found += _TEX.findall(html.unescape(re.sub(r'<[^>]+>', '', doc)))
    return found


def measure(root: Path) -> dict[str, object]:
    config = load_config(root)
    result = build(config, config.languages, jobs=1)
    cache_root = root / config.cache
    keys: Counter[str] = Counter()
    used: set[tuple[Path, str]] = set()
    kept: set[tuple[Path, str]] = set()
    for use in cache_uses(result, cache_root):
        if not use.path.exists():
            continue
        keys.update(use.stats)
        used.update((use.path, normalise(k)) for k in use.keys)
        kept.update((use.path, normalise(k)) for k in use.kept)
    entries: Counter[str] = Counter()
    for lang in config.languages[1:]:
        for path in sorted(cache_root.rglob(f'*.{lang}.json')):
            for key in json.loads(path.read_text(encoding='utf-8')):
                norm = (path, normalise(key))
                entries['used' if norm in used else 'outdated' if norm in kept else 'unused'] += 1
    tex = {rel: raw_tex(data.decode()) for rel, data in result.files.items() if rel.endswith('.html')}
    asked = sum(keys.values())
    return {
        'pages': len(result.pages),
        'keys': dict(keys),
        'found': keys['found'] / (asked - keys['outdated']) if asked > keys['outdated'] else 1.0,
        'found or outdated': (keys['found'] + keys['outdated']) / asked if asked else 1.0,
        'entries': dict(entries),
        'raw TeX': {rel: found for rel, found in tex.items() if found},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--root', type=Path, default=ROOT / 'tests' / 'fixtures' / 'labml_style')
    args = parser.parse_args()
    figures = measure(args.root.resolve())
    keys = figures['keys']
    print(f'{args.root}: {figures["pages"]} pages')
    print(
        f'keys of pages with a cache: {keys}; found {100 * figures["found"]:.1f}% (outdated apart), '
        f'found or shown outdated {100 * figures["found or outdated"]:.1f}%'
    )
    print(f'cache entries: {figures["entries"]}')
    print(f'raw TeX in documentation columns: {figures["raw TeX"] or "none"}')


if __name__ == '__main__':
    main()
