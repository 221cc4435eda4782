r"""
---
title: Switch Transformer Compared with the Dense Model
summary: >
  Trains the same small transformer on Tiny Shakespeare with a dense feed-forward network and with
  Switch layers of 2, 4 and 8 experts, and measures the validation loss, the experts' load with and
  without the balancing loss, and the share of dropped tokens against the capacity factor.
---

# Switch Transformer Compared with the Dense Model

This page trains the same small transformer with the dense [feed-forward network](../feed_forward.html)
and with [Switch layers](index.html) of $2$, $4$ and $8$ experts in its place, each expert a feed-forward
network of the dense model's size, so that each token goes through as much computation in every model.
It measures the validation loss, the load of the experts with and without the balancing loss, and the
share of dropped tokens as the capacity factor changes.

### The command

```shell
OMP_NUM_THREADS=1 python -m labml_nn.transformers.switch.experiment --data tiny_shakespeare.txt
```

trains each run with the [autoregressive experiment](../basic/autoregressive_experiment.html) (its
`--experts` option): $d_{model} = 64$, $4$ heads, $d_{ff} = 256$, $2$ layers, sequences of $64$ characters,
batches of $32$, 600 steps, the Noam schedule warming up for a tenth of them, dropout $0.1$,
a capacity factor of $1.25$ and a balancing loss of $\alpha = 10^{-2}$.
The runs are the dense model and $2$, $4$ and $8$ experts with seed $1$, $4$ experts without the balancing
loss, and the dense model and $4$ experts again with seed $2$.
After training, each model is measured on the same $8$ batches of the validation text, and the two 4-expert
models of seed $1$ again at capacity factors from $0.5$ to $2$ and without dropping, with no retraining.
It writes [`results.json`](results.json) and the plot beside this page.
The runs took 5 minutes of processor time in all, on one thread of an AMD EPYC processor
(56 minutes on the clock, on a machine that other work shared heavily), with torch 2.13.0.

### The result

Validation loss in nats per character; dropped is the share of the tokens that the Switch layers dropped
(the mean of the two layers) at the training capacity factor, $1.25$. The second table has the two
4-expert models of seed $1$ measured at other capacity factors.

| run | seed | parameters | validation loss | dropped | training, processor |
| --- | --- | --- | --- | --- | --- |
| dense | 1 | 104,321 | 2.136 | - | 46 s |
| 2 experts | 1 | 170,757 | 2.309 | 0.0% | 47 s |
| 4 experts | 1 | 303,369 | 2.291 | 0.1% | 51 s |
| 8 experts | 1 | 568,593 | 2.262 | 0.5% | 55 s |
| 4 experts, no balancing | 1 | 303,369 | 2.376 | 59.0% | 38 s |
| dense | 2 | 104,321 | 2.107 | - | 40 s |
| 4 experts | 2 | 303,369 | 2.143 | 0.3% | 49 s |

| capacity factor | 4 experts: dropped | loss | 4 experts, no balancing: dropped | loss |
| --- | --- | --- | --- | --- |
| 0.5 | 50.0% | 2.610 | 77.8% | 2.386 |
| 0.75 | 25.2% | 2.415 | 71.5% | 2.380 |
| 1 | 5.4% | 2.308 | 65.2% | 2.377 |
| 1.25 | 0.1% | 2.291 | 59.0% | 2.376 |
| 1.5 | 0.0% | 2.291 | 52.7% | 2.377 |
| 2 | 0.0% | 2.291 | 40.2% | 2.385 |
| no dropping | 0.0% | 2.291 | 0.0% | 2.422 |

[![Validation loss against steps and processor time, the load of the experts, and dropped tokens against the capacity factor](comparison.png)](comparison.png)

The time axis at the top right is the step times the mean processor time per step of the run, since the
clock of a shared machine says more about the other work than about the model.

### What it shows

*At this size and budget the dense model is better.* `dense`, seed 1, ends at $2.136$;
`2 experts`, seed 1, ends at $2.309$, `4 experts`, seed 1, ends at $2.291$ and
`8 experts`, seed 1, ends at $2.262$. More experts help, as in the paper, but none of the Switch models
catches up with the dense one within 600 steps, whether counted in steps or in processor time.
The seeds disagree on how far behind: with seed 2, `dense`, seed 2, ends at $2.107$ and
`4 experts`, seed 2, ends at $2.143$, only $0.036$ behind instead of $0.155$. So the gap is real in both seeds,
its size is not settled by two.
Each expert sees only its share of the tokens, and its output is scaled by a router probability that
starts near $\frac{1}{N}$, so the experts start slower than the dense network; the paper's gains are
measured over hundreds of thousands of steps, where that start does not matter.

*The compute per token is nearly the same.* The 8-expert model, with $5.5$ times the parameters, took
55 seconds of processor time for its 600 steps against 46 for the dense one: the router and the loop over
the experts.

*Without the balancing loss, the router collapses.* In the model trained without it, the first layer sends
$0.86$ of the tokens and the second $0.95$ to one expert (bottom left), and at the training capacity factor
$59\%$ of the tokens are dropped; its loss is the worst, $2.376$. With the loss, each of the four experts gets
between $0.20$ and $0.31$ of the tokens and almost nothing is dropped. The collapsed model has learned to
live with the drops: measured without dropping, its loss is worse, $2.422$.

*The capacity factor.* For the balanced 4-expert model, a capacity factor of $1.25$ drops $0.1\%$ of the
tokens, $1$ drops $5.4\%$ and costs $0.017$ of loss, and below that the drops and the loss climb quickly
($50\%$ and $2.610$ at $0.5$). The paper trains with $1$ to $1.25$; these numbers agree that little is
lost there when the load is balanced.

*Where it differs from the paper.* The paper compares Switch models with a dense T5 of the same computation
per token over hundreds of thousands of steps on C4, with up to thousands of experts on many devices, and
finds them faster to a given quality. These are 2-layer models with a 64-dimensional residual stream,
trained for 600 steps, a little more than one pass over Tiny Shakespeare, with two seeds of only the dense
and 4-expert models; they show the mechanics (routing, the balancing loss, the capacity) as the paper
describes them, not its speed-up.
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

from labml_nn.experiments.nlp_autoregression import Trainer
from labml_nn.experiments.text import get_batch
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.helpers.records import processor_name
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
        'processor': processor_name(),
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
