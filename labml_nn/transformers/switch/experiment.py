r"""
---
title: Switch Transformer Compared with the Dense Model
summary: >
  Trains the same small transformer on Tiny Shakespeare with a dense feed-forward network and with
  Switch layers of 2, 4 and 8 experts, and measures the validation loss, the experts' load with and
  without the balancing loss, and the share of dropped tokens against the capacity factor.
---

# Switch Transformer Compared with the Dense Model

RESULTS

"""

import argparse
import dataclasses
import json
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional

import torch

from labml_nn.experiments.nlp_autoregression import Trainer, get_batch
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.transformers.switch import switch_layers

# The files of the result, written beside this page by default
RESULTS_FILE = 'results.json'
PLOT_FILE = 'comparison.png'
HERE = Path(__file__).resolve().parent

# The model and its training, the same for every run
MODEL_OPTIONS = ['--d-model', '64', '--heads', '4', '--d-ff', '256', '--layers', '2',
                 '--seq-len', '64', '--batch-size', '32']


@dataclasses.dataclass(frozen=True)
class Run:
    """
    A run of the comparison: its name, the number of experts ($0$ for the dense model),
    $\\alpha$ of the balancing loss and the seed
    """
    name: str
    experts: int
    balance_loss: float
    seed: int


# The runs: the dense model and 2, 4 and 8 experts with the balancing loss, 4 experts without it,
# and a second seed of the dense model and of 4 experts
RUNS = [Run('dense', 0, 0.01, 1), Run('2 experts', 2, 0.01, 1), Run('4 experts', 4, 0.01, 1),
        Run('8 experts', 8, 0.01, 1), Run('4 experts, no balancing', 4, 0.0, 1),
        Run('dense', 0, 0.01, 2), Run('4 experts', 4, 0.01, 2)]
# The seed of the validation windows of the measures, the same for every run
EVAL_SEED = 1000
# The capacity factors at which the trained 4-expert models are measured; `None` is no dropping
CAPACITY_FACTORS = [0.5, 0.75, 1.0, 1.25, 1.5, 2.0, None]


@torch.no_grad()
def measure(trainer: Trainer, batches: int, seed: int, capacity_factor: Optional[float] = None) -> Dict:
    """
    <a id="measure"></a>

    ### Loss, load and dropped tokens

    The validation loss of the trained model on `batches` batches of the validation text, the same
    for every run, and for a Switch model the share of the tokens that each layer routes to each expert
    and the share it drops, at `capacity_factor`: that of the training when `None`,
    and no dropping when `float('inf')`.
    """

    #
    model = trainer.model.eval()
    layers = switch_layers(model)
    # Set the capacity factor to measure at, and remember the trained one
    trained = [(m.capacity_factor, m.drop_tokens) for m in layers]
    if capacity_factor is not None:
        for m in layers:
            m.capacity_factor, m.drop_tokens = capacity_factor, capacity_factor != float('inf')
    # The same windows for every run
    generator = torch.Generator().manual_seed(seed)
    loss_sum, counts, dropped, tokens = 0., [0] * len(layers), [0] * len(layers), 0
    for _ in range(batches):
        x, y = get_batch(trainer.valid_data, trainer.c.seq_len, trainer.c.batch_size, generator)
        loss, _ = trainer.loss_and_accuracy(model, x, y)
        loss_sum += float(loss)
        tokens += x.numel()
        # Tokens per expert and dropped tokens of each layer
        for k, m in enumerate(layers):
            counts[k] = counts[k] + m.counts
            dropped[k] += m.dropped
    # Back to the trained capacity
    for m, (f, d) in zip(layers, trained):
        m.capacity_factor, m.drop_tokens = f, d
    model.train()
    #
    return {'loss': round(loss_sum / batches, 4),
            'load': [[round(float(n) / tokens, 4) for n in c] for c in counts] if layers else [],
            'dropped': [round(d / tokens, 4) for d in dropped]}


def train_run(run: Run, args: argparse.Namespace, work: Path) -> Dict:
    """
    <a id="train_run"></a>

    ### Train and measure one run

    Trains with the [experiment](../basic/autoregressive_experiment.html) (its `--experts` option)
    and measures the trained model.
    """

    # Import here: the experiment imports this package
    from labml_nn.transformers.basic import autoregressive_experiment

    # The options of the run
    folder = work / f'{run.experts}-{run.balance_loss}-{run.seed}'
    argv = (MODEL_OPTIONS
            + ['--experts', str(run.experts), '--balance-loss', str(run.balance_loss),
               '--steps', str(args.steps), '--seed', str(run.seed),
               '--valid-interval', str(args.valid_interval), '--valid-batches', str(args.eval_batches),
               '--sample-interval', str(args.steps), '--checkpoint-interval', str(args.steps),
               '--log-interval', str(args.valid_interval), '--no-plot', '--device', 'cpu',
               '--name', 'switch', '--checkpoint-dir', str(folder / 'checkpoints'), '--log-dir', str(work / 'logs')]
            + (['--data', args.data] if args.data else []))
    # Train, timed by the clock and by the processor time this process used
    start, start_cpu = time.perf_counter(), time.process_time()
    trainer = autoregressive_experiment.main(argv)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu

    #
    result = {
        'name': run.name, 'experts': run.experts, 'balance_loss': run.balance_loss, 'seed': run.seed,
        'parameters': sum(p.numel() for p in trainer.model.parameters()),
        'valid_history': [[s, round(loss, 4)] for s, loss, _ in trainer.valid_history],
        'train_seconds': round(seconds, 1), 'train_cpu_seconds': round(cpu_seconds, 1),
        'final': measure(trainer, args.eval_batches, EVAL_SEED),
    }
    # Dropped tokens and loss against the capacity factor, for the 4-expert models of the first seed
    if run.experts == 4 and run.seed == 1:
        result['capacity'] = [{'capacity_factor': f,
                               **measure(trainer, args.eval_batches, EVAL_SEED,
                                         float('inf') if f is None else f)}
                              for f in CAPACITY_FACTORS]
    return result


def write_plot(results: Dict, path: Path) -> Path:
    """
    <a id="write_plot"></a>

    ### Draw the result

    The validation loss against the steps and against the processor time;
    the load of each expert of the 4-expert models with and without the balancing loss;
    the share of dropped tokens against the capacity factor.
    """

    # matplotlib is optional
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None

    #
    fig = Figure(figsize=(11, 7.5), layout='constrained')
    (by_step, by_time), (load, drop) = fig.subplots(2, 2)
    colors = {0: 'black', 2: 'tab:blue', 4: 'tab:orange', 8: 'tab:green'}
    for r in results['runs']:
        steps = [s for s, _ in r['valid_history']]
        losses = [v for _, v in r['valid_history']]
        style = '-' if r['balance_loss'] > 0 or r['experts'] == 0 else '--'
        color = colors.get(r['experts'], 'gray') if style == '-' else 'tab:red'
        label = f'{r["name"]}, seed {r["seed"]}'
        alpha = 1.0 if r['seed'] == 1 else 0.5
        by_step.plot(steps, losses, style, color=color, alpha=alpha, label=label)
        # Processor time at each validation, as the step times the mean time of a step
        per_step = r['train_cpu_seconds'] / results['steps']
        by_time.plot([s * per_step for s in steps], losses, style, color=color, alpha=alpha, label=label)
    for ax, x in ((by_step, 'step'), (by_time, 'processor time (s), step x mean time per step')):
        ax.set_xlabel(x)
        ax.set_ylabel('validation loss')
        ax.set_ylim(top=2.8)
        ax.grid(alpha=0.3)
    by_step.legend(fontsize='small')
    # The load of each expert in each layer, for the two 4-expert models of seed 1
    fours = [r for r in results['runs'] if r['experts'] == 4 and r['seed'] == 1]
    width = 0.8 / (2 * len(fours))
    for j, r in enumerate(fours):
        for layer, shares in enumerate(r['final']['load']):
            offset = (2 * j + layer) * width
            load.bar([i + offset for i in range(len(shares))], shares, width=width,
                     label=f'{r["name"]}, layer {layer + 1}')
    load.axhline(0.25, color='gray', linestyle=':')
    load.set_xticks([i + 0.4 - width / 2 for i in range(4)], [f'expert {i + 1}' for i in range(4)])
    load.set_ylabel('share of the tokens')
    load.legend(fontsize='small')
    # Dropped tokens (mean of the layers) against the capacity factor
    for r in fours:
        points = [(c['capacity_factor'], sum(c['dropped']) / len(c['dropped'])) for c in r['capacity']
                  if c['capacity_factor'] is not None]
        drop.plot([f for f, _ in points], [d for _, d in points], 'o-', label=r['name'])
    drop.set_xlabel('capacity factor')
    drop.set_ylabel('share of the tokens dropped')
    drop.grid(alpha=0.3)
    drop.legend(fontsize='small')
    fig.suptitle(f'Tiny Shakespeare, {results["steps"]} steps, d_model 64, 2 layers')
    # Without the date and the software version, so the same results give the same file
    path = Path(path)
    fig.savefig(path, dpi=90, metadata={'Software': None})
    #
    return path


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ### The tables of this page

    The runs, and the loss and dropped tokens against the capacity factor,
    made from the results; the tests check that the page shows the committed results.
    """

    #
    rows = ['| run | seed | parameters | validation loss | dropped | training, processor |',
            '| --- | --- | --- | --- | --- | --- |']
    for r in results['runs']:
        dropped = r['final']['dropped']
        drop = f'{100 * sum(dropped) / len(dropped):.1f}%' if dropped else '-'
        rows.append(f'| {r["name"]} | {r["seed"]} | {r["parameters"]:,} | {r["final"]["loss"]:.3f} | {drop} '
                    f'| {r["train_cpu_seconds"]:.0f} s |')
    # Against the capacity factor
    fours = [r for r in results['runs'] if 'capacity' in r]
    rows += ['', '| capacity factor | ' + ' | '.join(f'{r["name"]}: dropped | loss' for r in fours) + ' |',
             '| --- ' * (1 + 2 * len(fours)) + '|']
    for k, c in enumerate(fours[0]['capacity']):
        f = 'no dropping' if c['capacity_factor'] is None else f'{c["capacity_factor"]:g}'
        cells = []
        for r in fours:
            m = r['capacity'][k]
            cells.append(f'{100 * sum(m["dropped"]) / len(m["dropped"]):.1f}% | {m["loss"]:.3f}')
        rows.append(f'| {f} | ' + ' | '.join(cells) + ' |')
    #
    return '\n'.join(rows)


def processor() -> str:
    """
    The processor's model name
    """
    try:
        for line in Path('/proc/cpuinfo').read_text().splitlines():
            if line.startswith('model name'):
                return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def build_parser() -> argparse.ArgumentParser:
    """
    ### Command line options
    """
    parser = argparse.ArgumentParser(
        prog='python -m labml_nn.transformers.switch.experiment',
        description='Train the same small transformer dense and with Switch layers of 2, 4 and 8 experts, '
                    'and measure the loss, the load of the experts and the dropped tokens.')
    parser.add_argument('--data', help='path of a local copy of Tiny Shakespeare '
                                       '(default: the TINY_SHAKESPEARE environment variable, or download it)')
    parser.add_argument('--steps', type=int, default=600, help='training steps of each run (default: 600)')
    parser.add_argument('--valid-interval', type=int, default=50, help='steps between validations (default: 50)')
    parser.add_argument('--eval-batches', type=int, default=8,
                        help='batches of the validation text for each measure (default: 8)')
    parser.add_argument('--runs', type=int, nargs='+', help='the runs to do, by their index in RUNS (default: all)')
    parser.add_argument('--out', default=str(HERE),
                        help=f'folder for {RESULTS_FILE} and {PLOT_FILE} (default: beside this page)')
    parser.add_argument('--work-dir', help='folder for the checkpoints and logs of the runs '
                                           '(default: a temporary folder, removed at the end)')
    return parser


def main(argv: Optional[List[str]] = None) -> Dict:
    """
    <a id="main"></a>

    ### Run the comparison

    Trains and measures each run in turn, then writes the results and the plot. Returns the results.
    """

    #
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.steps < 1 or args.eval_batches < 1 or args.valid_interval < 1:
        parser.error('--steps, --valid-interval and --eval-batches must be at least 1')
    runs = [RUNS[i] for i in args.runs] if args.runs else RUNS
    torch.set_num_threads(1)
    start, start_cpu = time.perf_counter(), time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.work_dir or tmp)
        results_runs = [train_run(r, args, work) for r in runs]
    #
    results = {
        'command': 'OMP_NUM_THREADS=1 python -m labml_nn.transformers.switch.experiment'
                   + (f' --steps {args.steps}' if args.steps != 600 else ''),
        'options': MODEL_OPTIONS,
        'steps': args.steps,
        'valid_interval': args.valid_interval,
        'eval_batches': args.eval_batches,
        'torch_threads': torch.get_num_threads(),
        'torch': torch.__version__,
        'python': platform.python_version(),
        'processor': processor(),
        'wall_seconds': round(time.perf_counter() - start, 1),
        'cpu_seconds': round(time.process_time() - start_cpu, 1),
        'runs': results_runs,
    }
    # Written only now, so that a run that fails leaves the last results as they were
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / RESULTS_FILE
    path.write_text(json.dumps(results, indent=1) + '\n', encoding='utf-8')
    print(f'Wrote {path}')
    try:
        print(f'Wrote {write_plot(results, out / PLOT_FILE)}')
    except PlotUnavailableError as e:
        print(f'No plot: {e}', file=sys.stderr)
    print(markdown_table(results))
    print(f'Wall time: {results["wall_seconds"] / 60:.1f} minutes, '
          f'processor time: {results["cpu_seconds"] / 60:.1f} minutes')
    #
    return results


#
if __name__ == '__main__':
    main()
