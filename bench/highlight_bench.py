"""
The code column's highlighting over the whole standard library: Pygments against the tokens.

    python bench/highlight_bench.py [--repeat 3] [--only PATH-PART ...]

Every `.py` file under `sysconfig.get_paths()['stdlib']` (not `site-packages`) that the parser
accepts is read and parsed once; then each round colours every file's lines with Pygments
(`highlight_lines(lines)`) and from the parser's tokens (`highlight_lines(lines, tokens)`), in
turn, and counts the CPU time of each (this process only). It prints the median of the rounds
and their spread, with how many files and lines came out byte-identical.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import sysconfig
import time
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / 'generator')]

from sitegen.pages.highlight import highlight_lines  # noqa: E402
from sitegen.reading import parse  # noqa: E402


def sources(only: list[str]) -> list[tuple[list[str], array[int]]]:
    root = Path(sysconfig.get_paths()['stdlib'])
    out = []
    for path in sorted(root.rglob('*.py')):
        if 'site-packages' in path.relative_to(root).parts or (
            only and not any(o in str(path) for o in only)
        ):
            continue
        try:
            text = parse.decode(path.read_bytes(), str(path))
            module = parse.parse_source(text, str(path))
        except parse.ParseError:
            continue
        lines = parse.source_lines(text)
        if lines:
            out.append((lines, module.tokens))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument('--repeat', type=int, default=3)
    parser.add_argument('--only', nargs='*', default=[], help='only files whose path holds one of these')
    args = parser.parse_args()
    files = sources(args.only)
    highlight_lines(files[0][0])  # Pygments' tables, compiled once
    highlight_lines(*files[0])  # and the token path's
    old_times, new_times = [], []
    identical_files = identical_lines = lines_total = 0
    for round_ in range(args.repeat):
        start = time.process_time()
        old = [highlight_lines(lines) for lines, _ in files]
        old_times.append(time.process_time() - start)
        start = time.process_time()
        new = [highlight_lines(lines, tokens) for lines, tokens in files]
        new_times.append(time.process_time() - start)
        if round_ == 0:
            for a, b in zip(old, new, strict=True):
                same = sum(x == y for x, y in zip(a, b, strict=True))
                identical_lines += same
                lines_total += len(a)
                identical_files += same == len(a)
        del old, new
    print(
        f'{len(files)} files, {lines_total} lines; byte-identical: {identical_files} files, {identical_lines} lines'
    )
    for name, times in (('pygments', old_times), ('tokens', new_times)):
        print(
            f'{name:9s} CPU {statistics.median(times):7.2f} s (spread {min(times):.2f}-{max(times):.2f}, '
            f'{args.repeat} rounds)'
        )
    print(f'ratio tokens/pygments: {statistics.median(new_times) / statistics.median(old_times):.3f}')


if __name__ == '__main__':
    main()
