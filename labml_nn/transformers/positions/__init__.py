r"""
---
title: Positions in Attention Compared
summary: >
  Trains the same small transformer on Tiny Shakespeare with sinusoidal, learned, relative,
  rotary and linear-bias positions, and compares their validation loss at the training length
  and at two and four times that length.
---

# Positions in Attention Compared

[Attention](../mha.html) by itself does not know where a token is. This page trains the same small
character-level transformer with five ways of telling it, all with the same model size, data, steps
and seed, and then measures each on sequences as long as those it was trained on, and on sequences
two and four times as long, which it has never seen:

* `sinusoidal`: [fixed sinusoidal encodings](../positional_encoding.html) added to the embeddings
  ([Attention Is All You Need](https://arxiv.org/abs/1706.03762));
* `learned`: [a learned vector for each position](../models.html#EmbeddingsWithLearnedPositionalEncoding)
  added to the embeddings;
* `relative`: [relative multi-head attention](../xl/index.html) of Transformer-XL,
  with sinusoidal encodings of the distance inside the scores, and the biases $u$ and $v$;
* `rotary`: [rotary positional embeddings](../rope/index.html) (RoPE), queries and keys rotated by
  their positions;
* `alibi`: [attention with linear biases](../alibi/index.html) (ALiBi), a penalty proportional to the
  distance, a different slope for each head.

The last three give the embeddings no positions at all.
The claim being tested is ALiBi's: a model trained on short sequences keeps its quality on longer
ones, where sinusoidal positions do not.

### The command

```shell
OMP_NUM_THREADS=1 python -m labml_nn.transformers.positions --data tiny_shakespeare.txt
```

trains each scheme with the [autoregressive experiment](../basic/autoregressive_experiment.html)
(its `--positional` option), with $d_{model} = 64$, $4$ heads, $d_{ff} = 256$, $2$ layers,
sequences of $64$ characters, batches of $32$, for $600$ steps, seed $1$, on one CPU thread,
and the experiment's other defaults (dropout $0.1$, tied embeddings, the Noam schedule warming up
for a tenth of the steps).
Then it computes the validation loss of each on $8$ batches of $32$ windows of $64$, $128$ and $256$
characters, the same windows for every scheme, and writes
[`results.json`](results.json) and the plot beside this page.
`--steps` and `--out` change the number of steps and where the files go;
`python -m labml_nn.transformers.positions --help` lists the rest.

### The result

The run took 9 minutes in all (training and evaluation) on one thread of a CPU that other work
shared, 5 minutes of it processor time for this run.
The loss is the cross-entropy in nats per character; a model that predicts each character from the one
before it alone (the [bigram baseline](../../experiments/nlp_autoregression.html#bigram_loss))
has $2.48$.

| positions | loss at 64 | loss at 128 | loss at 256 | training, wall | training, processor |
| --- | --- | --- | --- | --- | --- |
| `sinusoidal` | 2.143 | 2.407 | 2.638 | 78 s | 42 s |
| `learned` | 2.233 | 2.540 | 2.741 | 60 s | 41 s |
| `relative` | 1.938 | 1.898 | 1.925 | 146 s | 70 s |
| `rotary` | 1.972 | 1.942 | 1.982 | 157 s | 64 s |
| `alibi` | 2.119 | 2.090 | 2.117 | 80 s | 58 s |

[![Validation loss against the evaluation length, and against the position in windows of 256 characters, for each positional scheme](extrapolation.png)](extrapolation.png)

### What it shows

*Positions added to the embeddings do not extrapolate.*
The sinusoidal and the learned models get worse as the windows get longer, from $2.14$ to $2.64$ and
from $2.23$ to $2.74$. The right panel shows where: their loss jumps at position $64$, the first one
they never saw in training, and stays near $2.8$ to $2.9$ for every later position, worse than the
bigram baseline. For the learned model that is no surprise, since the vectors of positions $64$ and
beyond never received a gradient and are still the zeros they started as;
for the sinusoidal model it means that the encodings of unseen positions, although they are defined,
are not ones the layers learned to read.

*Positions in the attention do.* ALiBi keeps its loss at $2.12$, $2.09$ and $2.12$: the paper's claim
holds here. So do relative attention and rotary embeddings, whose loss stays within a few hundredths
of its value at the training length, and so stays flat along the positions of the longest windows.

*Where it differs from the papers.*
In the ALiBi paper, rotary embeddings and T5's relative bias extrapolate only partly, their perplexity
rising some way past the training length, and ALiBi is the one that keeps it.
Here, rotary and relative attention are flat up to four times the training length, and only the last
positions of the rotary model hint at a rise. The scale is very different: the paper trains
16-layer models on sequences of 512 and more words of WikiText-103 and tests them much further out,
while these are 2-layer models on 64 characters, tested at 4 times that, with a useful context of a
few dozen characters.
At the training length ALiBi is about as good as sinusoidal positions, as in the paper, but here it
trails relative and rotary attention by about $0.15$; we did not tune its slopes or look into why.
The paper's relative baseline is T5's learned bias, not the Transformer-XL attention used here.
And this is one seed and 600 steps, little more than one pass over the text:
differences of a few hundredths between the schemes are within what another seed could change,
the gap between the two groups beyond the training length is not.

The learned model has $424{,}321$ parameters against $104{,}321$ for the sinusoidal, rotary and ALiBi
models, since it keeps a vector for each of $5{,}000$ positions, and the relative model
$112{,}769$ ($W_{k,R}$, $u$ and $v$ in each layer); all have the same layers otherwise.
"""

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional

import torch
import torch.nn.functional as F

from labml_nn.experiments.nlp_autoregression import Trainer, get_batch
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.helpers.training import run_record

# The schemes compared, and the experiment's options that choose each:
# rotary attention twice, with every feature of each head rotated (the RoFormer paper's)
# and with half of them (a variant, as GPT-NeoX rotates a quarter)
SCHEME_OPTIONS = {
    'sinusoidal': ['--positional', 'sinusoidal'],
    'learned': ['--positional', 'learned'],
    'relative': ['--positional', 'relative'],
    'rotary': ['--positional', 'rotary', '--rope-share', '1'],
    'rotary_half': ['--positional', 'rotary', '--rope-share', '0.5'],
    'alibi': ['--positional', 'alibi'],
}
# Their names, in the order of the table
SCHEMES = list(SCHEME_OPTIONS)
# The files of the result, written beside this page by default
RESULTS_FILE = 'results.json'
PLOT_FILE = 'extrapolation.png'
# Where they go by default: the folder of this page
HERE = Path(__file__).resolve().parent
# The seeds of a run by default
SEEDS = [1, 2]
# Training steps by default
STEPS = 600

# The model and its training, the same for every scheme:
# small enough that each trains in one or two minutes on one CPU thread
MODEL_OPTIONS = ['--d-model', '64', '--heads', '4', '--d-ff', '256', '--layers', '2',
                 '--seq-len', '64', '--batch-size', '32']


@torch.no_grad()
def evaluate(trainer: Trainer, seq_len: int, batches: int, seed: int) -> torch.Tensor:
    """
    <a id="evaluate"></a>

    ### Validation loss at a sequence length

    The cross-entropy loss of the trained model on `batches` batches of random windows of
    `seq_len` characters of the validation text, the same windows for every model
    (they depend only on `seed`, the length and the text).
    Returns the loss at each position of the windows, averaged over the windows, `[seq_len]`;
    its mean is the validation loss at that length.
    """

    # The model, in evaluation mode (no dropout)
    model = trainer.model.eval()
    # The same windows for every model
    generator = torch.Generator().manual_seed(seed + seq_len)
    # Sum of the losses at each position, `[seq_len]`
    total = torch.zeros(seq_len, dtype=torch.float64)
    for _ in range(batches):
        # Inputs and targets, `[seq_len, batch_size]`
        x, y = get_batch(trainer.valid_data, seq_len, trainer.c.batch_size, generator)
        x, y = x.to(trainer.device), y.to(trainer.device)
        # Logits, `[seq_len, batch_size, n_vocab]`
        logits = model(x).float()
        # Loss at each position and window, `[seq_len, batch_size]`
        loss = F.cross_entropy(logits.permute(1, 2, 0), y.T, reduction='none').T
        # Add up over the windows, `[seq_len]`
        total += loss.mean(dim=1).double().cpu()
    #
    model.train()
    # `[seq_len]`
    return total / batches


@torch.no_grad()
def evaluate_context(trainer: Trainer, seq_len: int, contexts: List[int], batches: int, seed: int) -> Dict[int, float]:
    r"""
    <a id="evaluate_context"></a>

    ### The same characters with more context before them

    The loss of the last `seq_len` characters of the windows of
    [`evaluate`](#evaluate) at the longest length, $seq\_len + \max(contexts)$,
    when the model reads them with `c` characters of the window before them, for each `c` in `contexts`:
    with `c = 0` it sees them alone, as in a training sequence;
    with the largest `c` it reads the whole window, and the loss is that of the window's last positions.
    The characters to predict are the same for every `c`, so only the context before them differs.
    Returns the loss for each `c`.
    """

    # The model, in evaluation mode (no dropout)
    model = trainer.model.eval()
    # The windows that `evaluate` reads at the longest length
    longest = seq_len + max(contexts)
    generator = torch.Generator().manual_seed(seed + longest)
    # Sum of the losses for each context
    total = {c: 0.0 for c in contexts}
    for _ in range(batches):
        # Inputs and targets, `[longest, batch_size]`
        x, y = get_batch(trainer.valid_data, longest, trainer.c.batch_size, generator)
        x, y = x.to(trainer.device), y.to(trainer.device)
        for c in contexts:
            # The last `seq_len + c` characters of the window; logits of the last `seq_len`,
            # `[seq_len, batch_size, n_vocab]`
            logits = model(x[-(seq_len + c):])[-seq_len:].float()
            # Loss of the same targets whatever `c`, `[seq_len, batch_size]`
            total[c] += float(F.cross_entropy(logits.permute(1, 2, 0), y[-seq_len:].T))
    #
    model.train()
    return {c: total[c] / batches for c in contexts}


def train_scheme(scheme: str, seed: int, args: argparse.Namespace, work: Path) -> Dict:
    """
    <a id="train_scheme"></a>

    ### Train and measure one scheme with one seed

    Trains with the [experiment](../basic/autoregressive_experiment.html), keeping its checkpoints
    and logs in `work`, and evaluates at $1$, $2$ and $4$ times the training length,
    and the last training length of the longest windows with $0$, $1$ and $3$ training lengths before it.
    """

    # Import here: the experiment imports the pages of the schemes
    from labml_nn.transformers.basic import autoregressive_experiment

    # The options of the run: the same for every scheme but those that choose it
    argv = (MODEL_OPTIONS + SCHEME_OPTIONS[scheme]
            + ['--steps', str(args.steps), '--seed', str(seed),
               '--valid-interval', str(args.steps), '--sample-interval', str(args.steps),
               '--checkpoint-interval', str(args.steps), '--valid-batches', '4', '--no-plot', '--device', 'cpu',
               '--name', f'positions_{scheme}_{seed}',
               '--checkpoint-dir', str(work / f'{scheme}_{seed}' / 'checkpoints'), '--log-dir', str(work / 'logs')]
            + (['--data', args.data] if args.data else []))
    # Train, timed by the clock and by the processor time this process used
    start, start_cpu = time.perf_counter(), time.process_time()
    trainer = autoregressive_experiment.main(argv)
    train_seconds, train_cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu

    # The training length and the longer ones
    seq_len = trainer.c.seq_len
    lengths = [seq_len * f for f in (1, 2, 4)]
    # Loss at each position for each length, each `[length]`, timed
    start = time.perf_counter()
    per_position = {n: evaluate(trainer, n, args.eval_batches, seed) for n in lengths}
    # The last `seq_len` characters of the longest windows, after $0$, $1$ and $3$ training lengths
    context = evaluate_context(trainer, seq_len, [n - seq_len for n in lengths], args.eval_batches, seed)
    eval_seconds = time.perf_counter() - start

    # The longest windows, averaged over buckets of 16 positions for the plot
    longest = per_position[lengths[-1]]
    bucket = 16
    #
    return {
        'seed': seed,
        'loss': {str(n): round(float(v.mean()), 4) for n, v in per_position.items()},
        f'loss_by_position_{lengths[-1]}': [round(float(v), 4) for v in longest.view(-1, bucket).mean(dim=1)],
        'position_bucket': bucket,
        f'loss_last_{seq_len}_after': {str(c): round(v, 4) for c, v in context.items()},
        'bigram_valid_loss': round(trainer.bigram_valid_loss, 4),
        'parameters': sum(p.numel() for p in trainer.model.parameters()),
        'train_seconds': round(train_seconds, 1),
        'train_cpu_seconds': round(train_cpu_seconds, 1),
        'eval_seconds': round(eval_seconds, 1),
    }


def mean_over_seeds(runs: List[Dict], key: str) -> Dict[str, float]:
    """
    The mean over the seeds' runs of a measure kept by length, such as `loss`
    """
    return {n: round(sum(r[key][n] for r in runs) / len(runs), 4) for n in runs[0][key]}


def write_plot(results: Dict, path: Path) -> Path:
    """
    <a id="write_plot"></a>

    ### Draw the result

    Left, the validation loss of each scheme against the length of the windows;
    right, the loss against the position in the longest windows, where the training length
    is marked; both the mean over the seeds. Returns `path`.
    """

    # matplotlib is optional
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None

    #
    fig = Figure(figsize=(10, 3.8), layout='constrained')
    by_length, by_position = fig.subplots(1, 2)
    seq_len = results['seq_len']
    for r in results['schemes']:
        runs = r['runs']
        # Loss against the length of the windows
        lengths = sorted(int(n) for n in r['loss'])
        by_length.plot(lengths, [r['loss'][str(n)] for n in lengths], 'o-', label=r['scheme'])
        # Loss against the position, at the middle of each bucket, the mean of the seeds
        key = f'loss_by_position_{lengths[-1]}'
        losses = [sum(v) / len(runs) for v in zip(*(run[key] for run in runs))]
        b = runs[0]['position_bucket']
        by_position.plot([b * k + b / 2 for k in range(len(losses))], losses, label=r['scheme'])
    # Axes
    by_length.set_xscale('log', base=2)
    by_length.set_xticks(lengths, [str(n) for n in lengths])
    by_length.set_xlabel('evaluation length (characters)')
    by_length.set_ylabel('validation loss')
    by_position.axvline(seq_len, color='gray', linestyle=':', label=f'training length {seq_len}')
    by_position.axhline(results['bigram_valid_loss'], color='black', linestyle='--', linewidth=0.8,
                        label='bigram baseline')
    by_position.set_xlabel(f'position in windows of {lengths[-1]} characters')
    by_position.set_ylabel('validation loss')
    for ax in (by_length, by_position):
        ax.grid(alpha=0.3)
        ax.legend(fontsize='small')
    seeds = ' and '.join(str(s) for s in results['seeds'])
    fig.suptitle(f'Trained on {seq_len} characters for {results["steps"]} steps; mean of seeds {seeds}')
    # Without the date and the software version, so the same results give the same file
    path = Path(path)
    fig.savefig(path, dpi=100, metadata={'Software': None})
    #
    return path


def _seeds_cell(runs: List[Dict], key: str, n: str) -> str:
    """A table cell: the value of each seed, in the order of the seeds"""
    return ' / '.join(f'{r[key][n]:.3f}' for r in runs)


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ### The tables of this page

    The table of the loss at each length, made from the results; each cell has the value of
    each seed, in the order of the seeds. The tests check that the page shows the committed results.
    """

    # The lengths, in order
    lengths = sorted(int(n) for n in results['schemes'][0]['loss'])
    # Header
    rows = ['| positions | ' + ' | '.join(f'loss at {n}' for n in lengths)
            + ' | training, wall | training, processor |',
            '| --- ' * (len(lengths) + 3) + '|']
    # A row for each scheme
    for r in results['schemes']:
        runs = r['runs']
        losses = ' | '.join(_seeds_cell(runs, 'loss', str(n)) for n in lengths)
        times = ' / '.join(f'{run["train_seconds"]:.0f}' for run in runs) + ' s | ' \
            + ' / '.join(f'{run["train_cpu_seconds"]:.0f}' for run in runs) + ' s'
        rows.append(f'| `{r["scheme"]}` | {losses} | {times} |')
    #
    return '\n'.join(rows)


def context_table(results: Dict) -> str:
    """
    <a id="context_table"></a>

    The table of the loss of the same characters, the last training length of the longest windows,
    read with more and more context before them; each cell has the value of each seed.
    """

    # The contexts, in order, and the name of the measure
    seq_len = results['seq_len']
    key = f'loss_last_{seq_len}_after'
    contexts = sorted(int(c) for c in results['schemes'][0]['runs'][0][key])
    # Header
    rows = ['| positions | ' + ' | '.join(f'after {c}' for c in contexts) + ' |',
            '| --- ' * (len(contexts) + 1) + '|']
    # A row for each scheme
    for r in results['schemes']:
        cells = ' | '.join(_seeds_cell(r['runs'], key, str(c)) for c in contexts)
        rows.append(f'| `{r["scheme"]}` | {cells} |')
    #
    return '\n'.join(rows)


def build_parser() -> argparse.ArgumentParser:
    """
    ### Command line options
    """
    parser = argparse.ArgumentParser(
        prog='python -m labml_nn.transformers.positions',
        description='Train the same small transformer with each positional scheme and compare the '
                    'validation loss at the training length and at 2x and 4x that length.')
    parser.add_argument('--data', help='path of a local copy of Tiny Shakespeare '
                                       '(default: the TINY_SHAKESPEARE environment variable, or download it)')
    parser.add_argument('--steps', type=int, default=STEPS,
                        help=f'training steps for each scheme (default: {STEPS})')
    parser.add_argument('--seeds', type=int, nargs='+', default=SEEDS,
                        help='random seeds; each scheme trains once with each (default: '
                             + ' '.join(str(s) for s in SEEDS) + ')')
    parser.add_argument('--eval-batches', type=int, default=8,
                        help='batches of windows for the loss at each length (default: 8)')
    parser.add_argument('--schemes', nargs='+', choices=SCHEMES, default=SCHEMES,
                        help='the schemes to train (default: all)')
    parser.add_argument('--out', default=str(HERE),
                        help=f'folder for {RESULTS_FILE} and {PLOT_FILE} (default: beside this page)')
    parser.add_argument('--work-dir', help='folder for the checkpoints and logs of the runs '
                                           '(default: a temporary folder, removed at the end)')
    return parser


def command(args: argparse.Namespace) -> str:
    """
    The command line of a run, as the page shows it: the options that differ from their defaults
    """
    return ('OMP_NUM_THREADS=1 python -m labml_nn.transformers.positions'
            + (f' --steps {args.steps}' if args.steps != STEPS else '')
            + (' --seeds ' + ' '.join(str(s) for s in args.seeds) if args.seeds != SEEDS else '')
            + (' --schemes ' + ' '.join(args.schemes) if args.schemes != SCHEMES else '')
            + (f' --eval-batches {args.eval_batches}' if args.eval_batches != 8 else '')
            + (' --data tiny_shakespeare.txt' if args.data else ''))


def main(argv: Optional[List[str]] = None) -> Dict:
    """
    <a id="main"></a>

    ### Run the comparison

    Trains and measures each scheme with each seed in turn, then writes the results and the plot.
    Returns the results.
    """

    # The options; a run needs at least one step and one batch to measure
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.steps < 1 or args.eval_batches < 1:
        parser.error('--steps and --eval-batches must be at least 1')
    out = Path(args.out)
    start, start_cpu = time.perf_counter(), time.process_time()
    # The runs' checkpoints and logs, in a temporary folder unless one is given
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.work_dir or tmp)
        runs = {s: [train_scheme(s, seed, args, work) for seed in args.seeds] for s in args.schemes}
    # What was run, where, and what came out
    results = {
        **run_record(command(args)),
        'options': MODEL_OPTIONS,
        'seq_len': int(MODEL_OPTIONS[MODEL_OPTIONS.index('--seq-len') + 1]),
        'steps': args.steps,
        'seeds': args.seeds,
        'eval_batches': args.eval_batches,
        'bigram_valid_loss': runs[args.schemes[0]][0]['bigram_valid_loss'],
        'wall_seconds': round(time.perf_counter() - start, 1),
        'cpu_seconds': round(time.process_time() - start_cpu, 1),
        'schemes': [{'scheme': s, 'options': SCHEME_OPTIONS[s], 'parameters': r[0]['parameters'],
                     'loss': mean_over_seeds(r, 'loss'), 'runs': r} for s, r in runs.items()],
    }
    # The table, as JSON, written only now, so that a run that fails leaves the last results as they were
    out.mkdir(parents=True, exist_ok=True)
    path = out / RESULTS_FILE
    path.write_text(json.dumps(results, indent=1) + '\n', encoding='utf-8')
    print(f'Wrote {path}')
    # The plot, if matplotlib is there
    try:
        print(f'Wrote {write_plot(results, out / PLOT_FILE)}')
    except PlotUnavailableError as e:
        print(f'No plot: {e}', file=sys.stderr)
    # The tables, as on this page
    print(markdown_table(results))
    print(context_table(results))
    print(f'Wall time: {results["wall_seconds"] / 60:.1f} minutes, '
          f'processor time: {results["cpu_seconds"] / 60:.1f} minutes')
    #
    return results
