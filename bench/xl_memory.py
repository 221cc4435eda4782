"""
What Transformer-XL's memory buys: a small model trained with memory on consecutive segments, then measured
on consecutive segments of the validation text three ways.

For each seed it trains the Transformer-XL model of `labml_nn.transformers.xl` with the experiment
(`--positional relative --memory M`, segments of `S` characters) and computes its loss on the validation
text cut into consecutive segments, as the trainer cuts the training text:

* `memory`: each segment attends to the memory the model kept from the segment before (the paper's
  evaluation), the memory carried from the first segment of each stream to the last;
* `no_memory`: each segment alone, the same model with no memory;
* `window`: each segment read after the `M` characters before it, in one window of `S + M` characters
  without memory, and only the loss of the segment's own characters counted: the context the memory
  stands for, recomputed.

The characters whose loss is counted are the same in the three. It writes `memory.json` into `--out`
(by default the Transformer-XL page's folder): the command, the versions, the processor, and for each seed
the three losses, the loss by position in the segment, and the training time.

    OMP_NUM_THREADS=1 python bench/xl_memory.py --data tiny_shakespeare.txt
"""

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from labml_nn.experiments.text import consecutive_batch  # noqa: E402
from labml_nn.helpers.records import run_record  # noqa: E402
from labml_nn.transformers.basic import autoregressive_experiment  # noqa: E402
from labml_nn.transformers.xl import TransformerXL  # noqa: E402

# The model and its training: the size of the positions comparison, with segments of 32 and a memory of 32
OPTIONS = ['--d-model', '64', '--heads', '4', '--d-ff', '256', '--layers', '2', '--seq-len', '32',
           '--batch-size', '32', '--positional', 'relative', '--memory', '32', '--device', 'cpu']  # fmt: skip
JSON_FILE = 'memory.json'
MODES = ('memory', 'no_memory', 'window')


@torch.no_grad()
def evaluate(
    xl: TransformerXL, data: torch.Tensor, seq_len: int, mem_len: int, batch_size: int
) -> dict[str, Any]:
    """The loss of the three readings on every consecutive segment of `data`, and by position in the segment"""
    xl.eval()
    total = {m: torch.zeros(seq_len, dtype=torch.float64) for m in MODES}
    # The memory, the last `mem_len` characters before the segment, and the segment's number
    mems, past, step = None, data[:0, None].expand(0, batch_size), 0
    while True:
        # The next segment of each of the `batch_size` streams, `[seq_len, batch_size]`
        x, y, again = consecutive_batch(data, seq_len, batch_size, step)
        if again and step > 0:
            break
        # Read with the memory of the segment before, and keep the new memory
        logits, mems = xl(x, mems)
        losses = {'memory': logits}
        # Alone
        losses['no_memory'] = xl(x)[0]
        # After the last `mem_len` characters before it, without memory
        losses['window'] = xl(torch.cat([past, x]))[0][-seq_len:]
        for m, out in losses.items():
            # Loss at each position of the segment, averaged over the streams, `[seq_len]`
            total[m] += F.cross_entropy(out.permute(1, 2, 0), y.T, reduction='none').mean(dim=0).double()
        past, step = torch.cat([past, x])[-mem_len:], step + 1
    return {
        'segments': step,
        'loss': {m: round(float(t.mean() / step), 4) for m, t in total.items()},
        'loss_by_position': {m: [round(float(v), 4) for v in t / step] for m, t in total.items()},
    }


def run(seed: int, options: list[str], work: Path) -> dict[str, Any]:
    """Train with `seed` and measure"""
    argv = options + ['--seed', str(seed), '--log-dir', str(work / f'logs_{seed}'),
                      '--checkpoint-dir', str(work / f'checkpoints_{seed}'), '--no-plot']  # fmt: skip
    start, cpu = time.perf_counter(), time.process_time()
    trainer = autoregressive_experiment.main(argv)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert trainer is not None
    c = trainer.c
    result = evaluate(trainer.model.xl, trainer.valid_data, c.seq_len, c.memory, c.batch_size)
    return {
        'seed': seed,
        **result,
        'bigram_valid_loss': round(trainer.bigram_valid_loss, 4),
        'train_wall_seconds': round(wall, 1),
        'train_cpu_seconds': round(cpu, 1),
    }


def markdown_table(report: dict[str, Any]) -> str:
    """The loss of each reading for each seed, as the Transformer-XL page shows it"""
    runs = report['runs']
    rows = [
        '| reading | ' + ' | '.join(f'seed {r["seed"]}' for r in runs) + ' |',
        '|---' * (len(runs) + 1) + '|',
    ]
    for m in MODES:
        rows.append(f'| `{m}` | ' + ' | '.join(f'{r["loss"][m]:.3f}' for r in runs) + ' |')
    return '\n'.join(rows)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--steps', type=int, default=600, help='training steps of each run (default: 600)')
    parser.add_argument('--seeds', type=int, nargs='+', default=[1, 2], help='random seeds (default: 1 2)')
    parser.add_argument('--data', help='path of Tiny Shakespeare (default: the experiment finds it)')
    parser.add_argument('--out', default=str(ROOT / 'labml_nn' / 'transformers' / 'xl'),
                        help=f'folder for {JSON_FILE}')  # fmt: skip
    parser.add_argument('--options', nargs=argparse.REMAINDER, default=[],
                        help='more options for every run, after the defaults')  # fmt: skip
    args = parser.parse_args(argv)

    options = OPTIONS + ['--steps', str(args.steps), '--valid-interval', str(args.steps)] + args.options
    if args.data:
        options += ['--data', args.data]
    start, cpu = time.perf_counter(), time.process_time()
    with tempfile.TemporaryDirectory() as work:
        runs = [run(seed, options, Path(work)) for seed in args.seeds]
    command = (
        'OMP_NUM_THREADS=1 python bench/xl_memory.py'
        + (f' --steps {args.steps}' if args.steps != 600 else '')
        + (' --seeds ' + ' '.join(map(str, args.seeds)) if args.seeds != [1, 2] else '')
        + (' --data tiny_shakespeare.txt' if args.data else '')
        + (' --options ' + ' '.join(args.options) if args.options else '')
    )
    report = {
        **run_record(command),
        'options': OPTIONS,
        'steps': args.steps,
        'seeds': args.seeds,
        'wall_seconds': round(time.perf_counter() - start, 1),
        'cpu_seconds': round(time.process_time() - cpu, 1),
        'runs': runs,
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / JSON_FILE).write_text(json.dumps(report, indent=1) + '\n', encoding='utf-8')
    print(markdown_table(report))
    print(f'wrote {out / JSON_FILE}')
    return report


if __name__ == '__main__':
    main()
