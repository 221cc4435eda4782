"""Edits of our site one after another, each checkout in turn: wall seconds of `build` after an edit of
`mha.py`, as an author saving a file again and again sees them. Prints figures; asserts nothing.

    python bench/edit_bench.py --rounds 30 --roots BASE NEW

Each checkout builds a copy of the site of its own (so that one checkout's build cache and output
never meet another's), twice first; then in every round each checkout builds the same new edit in
turn. `build_bench.py --corpus site` times the first edit after a cold build and a no-op instead.
Printed: each checkout's median and quartiles, and in how many rounds the last checkout was faster
than the first, by how much at the median (a pair a round: the machine's load moves both alike).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from build_bench import ROOT, _env, _load, ours, site_copy

EDITED = Path('labml_nn') / 'transformers' / 'mha.py'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--rounds', type=int, default=20)
    parser.add_argument('--roots', nargs='+', type=Path, default=[ROOT], help='checkouts to compare')
    args = parser.parse_args()
    print(f'Python {sys.version.split()[0]}; load average at the start {_load()}')
    with tempfile.TemporaryDirectory() as name:
        projects = [site_copy(Path(name) / str(i)) for i in range(len(args.roots))]
        original = (projects[0] / EDITED).read_text(encoding='utf-8')
        commands = [ours(p, '--lang', 'all', root=r) for p, r in zip(projects, args.roots, strict=True)]
        for command, project, root in zip(commands, projects, args.roots, strict=True):
            for _ in range(2):
                subprocess.run(command, cwd=project, env=_env(root), capture_output=True, check=True)
        walls: list[list[float]] = [[] for _ in args.roots]
        for i in range(args.rounds):
            edit = original + f'\n# An edit for the benchmark.\nEDITED = {i}\n'
            for at, (command, project, root) in enumerate(zip(commands, projects, args.roots, strict=True)):
                (project / EDITED).write_text(edit, encoding='utf-8')
                start = time.perf_counter()
                subprocess.run(command, cwd=project, env=_env(root), capture_output=True)
                walls[at].append(time.perf_counter() - start)
    for root, times in zip(args.roots, walls, strict=True):
        q1, median, q3 = statistics.quantiles(times, n=4)
        print(f'{str(root):40} median {median:.3f} s (quartiles {q1:.3f}-{q3:.3f}), {len(times)} edits')
    if len(args.roots) > 1:
        gains = [a - b for a, b in zip(walls[0], walls[-1], strict=True)]
        faster = sum(g > 0 for g in gains)
        print(
            f'{args.roots[-1]} faster than {args.roots[0]} in {faster} of {len(gains)} rounds, '
            f'by {statistics.median(gains) * 1000:.0f} ms at the median'
        )


if __name__ == '__main__':
    main()
