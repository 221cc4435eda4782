"""
The basic transformer against GPT-2, trained with the same budget on a CPU.

Trains `--model basic` and then `--model gpt` of `labml_nn.transformers.basic.autoregressive_experiment`
one after the other, with the same options (by default those of the basic transformer's committed run),
and writes into `--out` (by default the GPT page's folder):

* `comparison.json`: the command, the options, the seed and steps, the versions of Python and PyTorch, the
  processor and threads, the time of both runs, and for each model its number of parameters, wall and CPU time,
  training and validation history, final validation loss and the sample it wrote at the end;
* `comparison.png`: the training and validation loss of both against steps;

and, with `--basic-out` (by default the basic transformer's folder), the basic transformer's run as that page
shows it: `small_cpu_run.json` (its command, the versions, processor and threads, seed, steps, times, history
and sample) and `small_cpu_run.png`, its plot.

    OMP_NUM_THREADS=1 python bench/gpt_comparison.py --data ../shared/data/tiny_shakespeare.txt
    python bench/gpt_comparison.py --steps 20 --out /tmp/cmp -- --d-model 32 --seq-len 32

Options after `--` are passed to both runs, after the defaults, so they override them.
"""

import argparse
import json
import os
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from labml_nn.helpers.records import run_record  # noqa: E402
from labml_nn.transformers.basic import autoregressive_experiment  # noqa: E402

# The budget of the basic transformer's committed run
OPTIONS = [
    '--d-model',
    '128',
    '--heads',
    '4',
    '--d-ff',
    '512',
    '--layers',
    '2',
    '--seq-len',
    '128',
    '--valid-interval',
    '50',
    '--device',
    'cpu',
]
# The models compared, in the order they are trained
MODELS = ('basic', 'gpt')
# The files written into `--out`
JSON_FILE = 'comparison.json'
PLOT_FILE = 'comparison.png'
# The basic transformer's run, written beside its page
BASIC_JSON_FILE = 'small_cpu_run.json'
BASIC_PLOT_FILE = 'small_cpu_run.png'


def run(model: str, options: list[str], work: Path) -> dict[str, Any]:
    """One training run of `model`, its logs and checkpoint under `work`; its figures"""
    argv = options + [
        '--model',
        model,
        '--log-dir',
        str(work / model / 'logs'),
        '--checkpoint-dir',
        str(work / model / 'checkpoints'),
        '--no-plot',
    ]
    start, cpu = time.perf_counter(), time.process_time()
    trainer = autoregressive_experiment.main(argv)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert trainer is not None
    step, sample = trainer.samples[-1]
    return {
        'parameters': sum(p.numel() for p in trainer.model.parameters()),
        'wall_seconds': round(wall, 1),
        # The CPU time of this process, which other programs on a shared machine do not inflate
        'cpu_seconds': round(cpu, 1),
        'steps': trainer.step,
        'final_valid_loss': trainer.valid_history[-1][1],
        'final_valid_accuracy': trainer.valid_history[-1][2],
        'bigram_valid_loss': trainer.bigram_valid_loss,
        'train': [list(r) for r in trainer.train_history],
        'valid': [list(r) for r in trainer.valid_history],
        'sample_prompt': trainer.c.prompt,
        'sample': sample,
    }


def plot(results: dict[str, dict[str, Any]], path: Path, title: str) -> Path:
    """The training loss (lines) and validation loss (points) of each model against steps"""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 4), layout='constrained')
    ax = fig.subplots()
    for (name, r), color in zip(results.items(), ('tab:blue', 'tab:orange')):
        steps, loss, _ = zip(*r['train'])
        ax.plot(steps, loss, '-', color=color, alpha=0.5, linewidth=1, label=f'{name}, train')
        steps, loss, _ = zip(*r['valid'])
        ax.plot(steps, loss, 'o-', color=color, markersize=3, label=f'{name}, validation')
    # The bigram baseline, the same validation text for both
    baseline = next(iter(results.values()))['bigram_valid_loss']
    ax.axhline(baseline, color='gray', linestyle='--', linewidth=1, label=f'bigram baseline {baseline:.2f}')
    ax.set_xlabel('step')
    ax.set_ylabel('cross-entropy loss')
    ax.set_ylim(top=min(4.5, ax.get_ylim()[1]))
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title(title)
    # Without the date and the software version, so the same results give the same file
    fig.savefig(path, dpi=100, metadata={'Software': None})
    return path


def markdown_table(report: dict[str, Any]) -> str:
    """The GPT page's table of a comparison: size, first and last validation, time, a column a model"""
    models = report['models']
    steps = f'{report["steps"]:,}'

    def row(measure: str, cell) -> str:
        return f'| {measure} | ' + ' | '.join(cell(r) for r in models.values()) + ' |'

    return '\n'.join(
        [
            '| measure | ' + ' | '.join({'gpt': 'GPT'}.get(m, m) for m in models) + ' |',
            '|---' * (len(models) + 1) + '|',
            row('parameters', lambda r: f'{r["parameters"]:,}'),
            row('validation loss at step 0', lambda r: f'{r["valid"][0][1]:.2f}'),
            row(f'validation loss at step {steps}', lambda r: f'{r["final_valid_loss"]:.3f}'),
            row(f'validation accuracy at step {steps}', lambda r: f'{100 * r["final_valid_accuracy"]:.1f}%'),
            row('wall time (CPU time)', lambda r: f'{r["wall_seconds"]:.0f} s ({r["cpu_seconds"]:.0f} s)'),
        ]
    )


def write_basic_run(report: dict[str, Any], command: str, out: Path) -> None:
    """The basic transformer's run, with what the report records about the runs, as its page shows it"""
    from labml_nn.helpers.plot import plot_history

    basic = report['models']['basic']
    record = {
        **{k: report[k] for k in ('python', 'torch', 'processor', 'torch_threads', 'seed')},
        'command': command,
        'made_by': report['script'],
        'options': report['options'],
        'steps': basic['steps'],
        'wall_seconds': basic['wall_seconds'],
        'cpu_seconds': basic['cpu_seconds'],
        'parameters': basic['parameters'],
        'sample_prompt': basic['sample_prompt'],
        'sample': basic['sample'],
        'train': basic['train'],
        'valid': basic['valid'],
        'baseline': basic['bigram_valid_loss'],
    }
    out.mkdir(parents=True, exist_ok=True)
    (out / BASIC_JSON_FILE).write_text(json.dumps(record, indent=1) + '\n', encoding='utf-8')
    plot_history(record, out / BASIC_PLOT_FILE, title='autoregressive_transformer')


def split_passthrough(argv: list[str]) -> tuple[list[str], list[str]]:
    """(this script's arguments, those after `--`, passed to every run)"""
    if '--' not in argv:
        return argv, []
    i = argv.index('--')
    return argv[:i], argv[i + 1 :]


def main(argv: list[str] | None = None) -> dict[str, Any]:
    argv, extra = split_passthrough(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--steps', type=int, default=1000, help='training steps of each run')
    parser.add_argument('--seed', type=int, default=1, help='random seed of both runs')
    parser.add_argument('--data', help='path of Tiny Shakespeare (default: the experiment downloads it)')
    parser.add_argument(
        '--basic-out',
        default=str(ROOT / 'labml_nn' / 'transformers' / 'basic'),
        help='folder for small_cpu_run.json and small_cpu_run.png, the basic run; "" writes none',
    )
    parser.add_argument(
        '--out',
        default=str(ROOT / 'labml_nn' / 'transformers' / 'gpt'),
        help='folder for comparison.json and comparison.png',
    )
    parser.add_argument(
        '--stem',
        default=Path(JSON_FILE).stem,
        help='name of the two files in --out without their suffix, such as comparison_seed2 for another seed',
    )
    args = parser.parse_args(argv)

    options = OPTIONS + ['--steps', str(args.steps), '--seed', str(args.seed)]
    if args.data:
        options += ['--data', args.data]
    options += extra
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    json_file, plot_file = f'{args.stem}.json', f'{args.stem}.png'
    # labml may still be writing a run's log when the folder goes: a folder left behind is no error
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as work:
        results = {m: run(m, options, Path(work)) for m in MODELS}

    # The command that reproduces it, with the data file by name only
    shown = [('--data', Path(args.data).name)] if args.data else []
    command = (
        f'OMP_NUM_THREADS={os.environ.get("OMP_NUM_THREADS", "")} '
        'python -m labml_nn.transformers.basic.autoregressive_experiment '
        + ' '.join(
            shlex.quote(o)
            for o in OPTIONS
            + ['--steps', str(args.steps), '--seed', str(args.seed)]
            + [x for pair in shown for x in pair]
            + extra
        )
        + ' --model {basic,gpt}'
    )
    # The command of this script that makes the files
    script = (
        'OMP_NUM_THREADS=1 python bench/gpt_comparison.py'
        + (f' --steps {args.steps}' if args.steps != 1000 else '')
        + (f' --seed {args.seed}' if args.seed != 1 else '')
        + (f' --data {Path(args.data).name}' if args.data else '')
        + (f' --stem {args.stem}' if args.stem != Path(JSON_FILE).stem else '')
        + (f' --basic-out {shlex.quote(args.basic_out)}' if not args.basic_out else '')
        + (' -- ' + ' '.join(shlex.quote(o) for o in extra) if extra else '')
    )
    report = {
        **run_record(command),
        'script': script,
        'options': options,
        'seed': args.seed,
        'steps': args.steps,
        'wall_seconds': round(sum(r['wall_seconds'] for r in results.values()), 1),
        'cpu_seconds': round(sum(r['cpu_seconds'] for r in results.values()), 1),
        'models': results,
    }
    (out / json_file).write_text(json.dumps(report, indent=1) + '\n', encoding='utf-8')
    plot(
        results,
        out / plot_file,
        f'basic transformer and GPT, {args.steps:,} steps on a CPU'
        + (f', seed {args.seed}' if args.seed != 1 else ''),
    )
    if args.basic_out and 'basic' in results:
        write_basic_run(report, command.replace(' --model {basic,gpt}', ''), Path(args.basic_out))

    # A summary to read
    print(command)
    for name, r in results.items():
        print(
            f'{name:>6}: {r["parameters"]:,} parameters, {r["wall_seconds"]:.0f} s ({r["cpu_seconds"]:.0f} s CPU), '
            f'validation loss {r["final_valid_loss"]:.3f}, accuracy {r["final_valid_accuracy"]:.3f}'
        )
        print(f'        sample: {r["sample_prompt"]}{r["sample"]!r}')
    print(f'wrote {out / json_file} and {out / plot_file}')
    return report


if __name__ == '__main__':
    main()
