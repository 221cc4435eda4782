"""Processor seconds of each stage of one cold `--jobs 1` build of the translated corpus (the labml-style
package in English, Chinese and Japanese, as `build_bench.py --corpus translated` makes it), each stage's
function timed by a wrapper (no profiler, so no profiler's overhead). Prints figures; asserts nothing.

    python bench/stage_times.py [--root CHECKOUT] [MODULE FUNCTION ...]

With `--root`, another checkout's generator is timed; MODULE FUNCTION pairs (e.g. `sitegen.pages.page
render`, `sitegen.pages.render FormulaColours.__call__`) replace the default stages. A function called
inside another of the same name is counted once.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAGES = [
    'sitegen.pages.page render',
    'sitegen.pages.page model',
    'sitegen.pages.page typeset',
    'sitegen.pages.render FormulaColours.__call__',
    'sitegen.pages.mathcolor _formula_rows',  # a formula's tree and rows, each distinct one once
    'sitegen.sitewide.search page_postings',
    'sitegen.sitewide.search page_records',
    'sitegen.sitewide.search _plain_text',  # a section's text without its formulas
    'sitegen.sitewide.search _formula_text',  # a formula's text, each distinct one once
    'sitegen.sitewide.siteinfo first_read',
    'sitegen.reading.parse parse_source',
    'sitegen.reading.parse parse_source_and_tree',
    'sitegen.building.sitefiles site_files',
]


def timed(module: str, attr: str, totals: dict[str, float]) -> None:
    """Replace `module.attr` (`Class.method` too) by a wrapper that adds its processor time to `totals`."""
    owner: object = importlib.import_module(module)
    *classes, name = attr.split('.')
    for cls in classes:
        owner = getattr(owner, cls)
    function = getattr(owner, name)
    label, depth = f'{module.rsplit(".", 1)[-1]}.{attr}', [0]

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        if depth[0]:
            return function(*args, **kwargs)
        depth[0] += 1
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            depth[0] -= 1
            totals[label] = totals.get(label, 0.0) + time.process_time() - start

    setattr(owner, name, wrapper)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--root', type=Path, default=ROOT, help='the checkout whose generator is timed')
    parser.add_argument('stages', nargs='*', help='MODULE FUNCTION pairs, each one argument')
    args = parser.parse_args()
    sys.path[:0] = [str(args.root / 'generator'), str(ROOT / 'bench')]
    import build_bench

    totals: dict[str, float] = {}
    for stage in args.stages or STAGES:
        timed(*stage.split(), totals)
    from sitegen.building.build import build
    from sitegen.reading.config import load_config

    with tempfile.TemporaryDirectory() as where:
        project = build_bench.make_labml(Path(where), ('en', 'zh', 'ja'), translated=True)
        start = time.process_time()
        build(load_config(project), ('en', 'zh', 'ja'), jobs=1, cache_dir=Path(where) / 'cache')
        total = time.process_time() - start
    print(f'{total:7.2f} s  the whole build (processor time)')
    for label, seconds in sorted(totals.items(), key=lambda item: -item[1]):
        print(f'{seconds:7.2f} s  {100 * seconds / total:4.1f}%  {label}')


if __name__ == '__main__':
    main()
