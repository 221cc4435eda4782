"""
GPT's plateau near the bigram baseline, measured: the first steps of the GPT page's run with one choice changed.

The GPT page's run (`bench/gpt_comparison.py`) has GPT's validation loss near the bigram baseline from step 50
to about step 250. This trains `--model gpt` of `labml_nn.transformers.basic.autoregressive_experiment` with the
page's options for `--steps` (300 by default, with the warm-up fixed at the page's 100 steps, so that the learning
rate is the page's at every step) and, for each seed, once as the page does and once for each variant:

* `no_scaled_init`: without the depth-scaled initialization, the projections into the residual stream drawn
  from N(0, 0.02^2) like the other linear layers;
* `warmup_50`, `warmup_200`: the warm-up of the Noam schedule halved or doubled;
* `lr_0.5`: the learning rate factor halved;
* `no_weight_decay`: AdamW without weight decay;
* `sinusoidal_positions`: the learned positions start from the basic transformer's sinusoidal encodings,
  scaled to the standard deviation 0.02 of the token embeddings, instead of N(0, 0.01^2), and are learned.

It writes `--out` (by default `plateau.json` beside the GPT page): the command, the versions, the processor and
threads, the seeds and steps, and for each variant and seed its options, time and validation history; and a plot
beside it (`plateau.png`).

    OMP_NUM_THREADS=1 python bench/gpt_plateau.py --data ../shared/data/tiny_shakespeare.txt
    python bench/gpt_plateau.py --steps 4 --seeds 1 --out /tmp/plateau.json -- --d-model 16 --d-ff 32

Options after `--` are passed to every run, after the others.
"""

import argparse
import contextlib
import json
import math
import os
import shlex
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / 'bench'))

import torch  # noqa: E402
from gpt_comparison import OPTIONS, run, split_passthrough  # noqa: E402

from labml_nn.helpers.records import run_record  # noqa: E402
from labml_nn.transformers.gpt import GPT, INIT_STD  # noqa: E402
from labml_nn.transformers.positional_encoding import get_positional_encoding  # noqa: E402

# The warm-up of the GPT page's run, a tenth of its 1,000 steps
WARMUP = 100


@contextlib.contextmanager
def no_scaled_init() -> Iterator[None]:
    """GPT without the depth-scaled initialization of its residual projections"""
    original = GPT._scale_residual_projections
    GPT._scale_residual_projections = lambda self, n_layers: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        GPT._scale_residual_projections = original  # type: ignore[method-assign]


@contextlib.contextmanager
def sinusoidal_positions() -> Iterator[None]:
    """GPT's learned positions initialized to sinusoidal encodings with the standard deviation of the tokens'"""
    original = GPT._scale_residual_projections

    def scale_and_set_positions(self: GPT, n_layers: int) -> None:
        original(self, n_layers)
        # `[max_len, 1, d_model]`, each feature a sine or cosine of root mean square $1/\sqrt{2}$
        pe = get_positional_encoding(self.position_embedding.shape[-1], self.max_len)
        with torch.no_grad():
            self.position_embedding.copy_(pe * INIT_STD * math.sqrt(2))

    GPT._scale_residual_projections = scale_and_set_positions  # type: ignore[method-assign]
    try:
        yield
    finally:
        GPT._scale_residual_projections = original  # type: ignore[method-assign]


# Each variant: the options it adds and the change it makes to the model while it is built
VARIANTS: dict[str, tuple[list[str], Callable[[], Any]]] = {
    'reference': ([], contextlib.nullcontext),
    'no_scaled_init': ([], no_scaled_init),
    'sinusoidal_positions': ([], sinusoidal_positions),
    'warmup_200': (['--warmup', '200'], contextlib.nullcontext),
    'lr_0.5': (['--lr', '0.5'], contextlib.nullcontext),
    'warmup_50': (['--warmup', '50'], contextlib.nullcontext),
    'no_weight_decay': (['--weight-decay', '0'], contextlib.nullcontext),
}


# What each variant changes, as the GPT page's table says it
DESCRIPTIONS = {
    'reference': "the page's run",
    'no_scaled_init': 'no depth-scaled initialization',
    'sinusoidal_positions': 'positions start sinusoidal',
    'warmup_200': 'warm-up of 200 steps',
    'lr_0.5': 'learning rate halved',
    'warmup_50': 'warm-up of 50 steps',
    'no_weight_decay': 'no weight decay',
}
# The steps of the table's columns
TABLE_STEPS = (100, 200, 300)


def markdown_table(reports: list[dict[str, Any]]) -> str:
    """The validation loss of each variant at a few steps, a column a step and seed, from one report a seed
    or one with all the seeds"""
    seeds = [(seed, r) for r in reports for seed in r['seeds']]
    names = [n for n in DESCRIPTIONS if all(str(seed) in r['variants'].get(n, {}) for seed, r in seeds)]
    head = [f'step {step:,}, seed {seed}' for seed, _ in seeds for step in TABLE_STEPS]
    lines = ['| GPT | ' + ' | '.join(head) + ' |', '|---' * (len(head) + 1) + '|']
    for name in names:
        cells = []
        for seed, r in seeds:
            valid = {s: loss for s, loss, _ in r['variants'][name][str(seed)]['valid']}
            cells += [f'{valid[step]:.3f}' for step in TABLE_STEPS]
        lines.append(f'| {DESCRIPTIONS[name]} | ' + ' | '.join(cells) + ' |')
    return '\n'.join(lines)


def plot(report: dict[str, Any], path: Path) -> Path:
    """The validation loss of each variant against steps, one panel a seed"""
    from matplotlib.figure import Figure

    seeds = report['seeds']
    fig = Figure(figsize=(6 * len(seeds), 4), layout='constrained')
    axes = fig.subplots(1, len(seeds), squeeze=False)[0]
    for ax, seed in zip(axes, seeds):
        for name, runs in report['variants'].items():
            steps, loss, _ = zip(*runs[str(seed)]['valid'])
            style = dict(color='black', linewidth=2) if name == 'reference' else dict(linewidth=1)
            ax.plot(steps, loss, 'o-', markersize=2, label=name, **style)
        baseline = report['bigram_valid_loss']
        ax.axhline(baseline, color='gray', linestyle='--', linewidth=1, label=f'bigram {baseline:.2f}')
        ax.set_ylim(2.0, 3.0)
        ax.set_xlabel('step')
        ax.set_ylabel('validation loss')
        ax.set_title(f'GPT, seed {seed}')
        ax.grid(alpha=0.3)
    axes[-1].legend(fontsize=8)
    fig.savefig(path, dpi=100, metadata={'Software': None})
    return path


def main(argv: list[str] | None = None) -> dict[str, Any]:
    argv, extra = split_passthrough(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--steps', type=int, default=300, help='training steps of each run')
    parser.add_argument('--seeds', type=int, nargs='+', default=[1, 2], help='random seeds')
    parser.add_argument(
        '--variants', nargs='+', default=list(VARIANTS), choices=list(VARIANTS), help='variants'
    )
    parser.add_argument('--data', help='path of Tiny Shakespeare (default: the experiment downloads it)')
    parser.add_argument(
        '--out', default=str(ROOT / 'labml_nn' / 'transformers' / 'gpt' / 'plateau.json'), help='JSON file'
    )
    args = parser.parse_args(argv)

    base = OPTIONS + ['--steps', str(args.steps), '--warmup', str(WARMUP)]
    shown = base + (['--data', Path(args.data).name] if args.data else []) + extra
    command = (
        f'OMP_NUM_THREADS={os.environ.get("OMP_NUM_THREADS", "")} '
        'python -m labml_nn.transformers.basic.autoregressive_experiment '
        + ' '.join(shlex.quote(o) for o in shown)
        + ' --model gpt --seed SEED, with the options of each variant'
    )
    script = (
        'OMP_NUM_THREADS=1 python bench/gpt_plateau.py'
        + (f' --steps {args.steps}' if args.steps != 300 else '')
        + (' --seeds ' + ' '.join(map(str, args.seeds)) if args.seeds != [1, 2] else '')
        + (' --variants ' + ' '.join(args.variants) if args.variants != list(VARIANTS) else '')
        + (f' --data {Path(args.data).name}' if args.data else '')
        + (' -- ' + ' '.join(shlex.quote(o) for o in extra) if extra else '')
    )
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {
        **run_record(command),
        'made_by': script,
        'seeds': args.seeds,
        'steps': args.steps,
        'warmup': WARMUP,
        'wall_seconds': 0.0,
        'cpu_seconds': 0.0,
        'bigram_valid_loss': None,
        'variants': {},
    }
    # labml may still be writing a run's log when the folder goes: a folder left behind is no error
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as work:
        # Every variant with the first seed, then with the next
        for seed in args.seeds:
            for name in args.variants:
                added, change = VARIANTS[name]
                report['variants'].setdefault(name, {})
                options = (
                    base
                    + ['--seed', str(seed)]
                    + (['--data', args.data] if args.data else [])
                    + added
                    + extra
                )
                with change():
                    r = run('gpt', options, Path(work) / f'{name}_{seed}')
                report['bigram_valid_loss'] = r['bigram_valid_loss']
                keep = ('wall_seconds', 'cpu_seconds', 'steps', 'final_valid_loss', 'valid', 'train')
                report['variants'][name][str(seed)] = {'options': added, **{k: r[k] for k in keep}}
                report['wall_seconds'] = round(report['wall_seconds'] + r['wall_seconds'], 1)
                report['cpu_seconds'] = round(report['cpu_seconds'] + r['cpu_seconds'], 1)
                # Written after each run, so that a stopped measurement keeps the runs it made
                out.write_text(json.dumps(report, indent=1) + '\n', encoding='utf-8')
                print(
                    f'{name}, seed {seed}: ' + ', '.join(f'{s}: {v:.3f}' for s, v, _ in r['valid']),
                    flush=True,
                )
    plot(report, out.with_suffix('.png'))
    print(f'wrote {out}')
    return report


if __name__ == '__main__':
    main()
