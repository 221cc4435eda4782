r"""
---
title: Positions in Attention Compared
summary: >
  Trains the same small transformer on Tiny Shakespeare with sinusoidal, learned, relative,
  rotary (all features rotated, and half of them) and linear-bias positions, with two seeds,
  and compares their validation loss at the training length and at two and four times that length.
---

# Positions in Attention Compared

[Attention](../mha.html) by itself does not know where a token is. This page trains the same small
character-level transformer with six ways of telling it, all with the same model size, data and steps,
each with two seeds, and then measures each on sequences as long as those it was trained on, and on
sequences two and four times as long, which it has never seen:

* `sinusoidal`: [fixed sinusoidal encodings](../positional_encoding.html) added to the embeddings
  ([Attention Is All You Need](https://arxiv.org/abs/1706.03762));
* `learned`: [a learned vector for each position](../models.html#EmbeddingsWithLearnedPositionalEncoding)
  added to the embeddings;
* `relative`: [relative multi-head attention](../xl/index.html) of Transformer-XL,
  with sinusoidal encodings of the distance inside the scores, and the biases $u$ and $v$;
* `rotary`: [rotary positional embeddings](../rope/index.html) (RoPE), queries and keys rotated by
  their positions, every feature of each head, as in the RoFormer paper (`--rope-share 1`);
* `rotary_half`: a variant that rotates only half of the features of each head and leaves the
  other half as they are (`--rope-share 0.5`), as some models do (GPT-NeoX rotates a quarter);
* `alibi`: [attention with linear biases](../alibi/index.html) (ALiBi), a penalty proportional to the
  distance, a different slope for each head.

The last four give the embeddings no positions at all.
The claim being tested is ALiBi's: a model trained on short sequences keeps its quality on longer
ones, where sinusoidal positions do not. ALiBi's paper claims more: that its loss on longer inputs
is *lower*, since the model can use the longer context. So the comparison also measures the loss of the
same characters read with more context before them.

### The command

```shell
OMP_NUM_THREADS=1 python -m labml_nn.transformers.positions --jobs 12 --data tiny_shakespeare.txt
```

trains each scheme with the [autoregressive experiment](../basic/autoregressive_experiment.html)
(its `--positional` and `--rope-share` options), with $d_{model} = 64$, $4$ heads, $d_{ff} = 256$, $2$ layers,
sequences of $64$ characters, batches of $32$, for $400$ steps, with seeds $1$ and $2$, each run on one CPU thread
(`--jobs 12` trains the twelve runs at the same time, in processes of their own; the results are the same
with any number of jobs), with the experiment's other defaults (dropout $0.1$, tied embeddings, the Noam
schedule warming up for a tenth of the steps).
Then it computes the validation loss of each on $8$ batches of $32$ windows of $64$, $128$ and $256$
characters, the same windows for every scheme, and the loss of the last $64$ characters of the windows of
$256$ when the model reads them alone, after the $64$ characters before them, and after all $192$,
and writes [`results.json`](results.json) and the plot beside this page.
`--steps`, `--seeds` and `--out` change the number of steps, the seeds and where the files go;
`python -m labml_nn.transformers.positions --help` lists the rest.
Each run depends only on its seed: the tests check that a run made twice gives the same digits,
and that `--jobs` does not change them.

### The result

The runs took 35 minutes, twelve at a time on a machine whose two cores other work shared, and
10 minutes of processor time in all; the wall time of each run below is that of a run sharing the
processor with eleven others, its processor time is the measure of its cost.
The loss is the cross-entropy in nats per character; a model that predicts each character from the one
before it alone (the [bigram baseline](../../experiments/text.html#bigram_loss))
has $2.482$. Each cell has the value of seed $1$, then of seed $2$.

| positions | loss at 64 | loss at 128 | loss at 256 | training, wall | training, processor |
| --- | --- | --- | --- | --- | --- |
| `sinusoidal` | 2.301 / 2.219 | 2.442 / 2.428 | 2.570 / 2.557 | 1646 / 1628 s | 31 / 30 s |
| `learned` | 2.442 / 2.377 | 2.475 / 2.432 | 2.528 / 2.477 | 1706 / 1690 s | 32 / 31 s |
| `relative` | 2.040 / 2.017 | 2.002 / 1.995 | 2.022 / 2.009 | 1996 / 1999 s | 51 / 51 s |
| `rotary` | 2.067 / 2.020 | 2.110 / 2.151 | 2.580 / 2.787 | 1939 / 1947 s | 45 / 45 s |
| `rotary_half` | 2.083 / 2.034 | 2.061 / 2.035 | 2.098 / 2.073 | 1930 / 1928 s | 45 / 44 s |
| `alibi` | 2.228 / 2.174 | 2.202 / 2.163 | 2.223 / 2.178 | 1909 / 1915 s | 42 / 42 s |

[![Validation loss against the evaluation length, and against the position in windows of 256 characters, for each positional scheme, the mean of the two seeds](extrapolation.png)](extrapolation.png)

The last $64$ characters of the windows of $256$, read alone (as in training), after the $64$ characters
before them, and after all $192$:

| positions | after 0 | after 64 | after 192 |
| --- | --- | --- | --- |
| `sinusoidal` | 2.289 / 2.199 | 2.614 / 2.628 | 2.692 / 2.635 |
| `learned` | 2.434 / 2.359 | 2.539 / 2.473 | 2.570 / 2.493 |
| `relative` | 2.020 / 1.997 | 1.998 / 1.975 | 1.998 / 1.976 |
| `rotary` | 2.044 / 1.999 | 2.199 / 2.277 | 3.089 / 3.433 |
| `rotary_half` | 2.071 / 2.021 | 2.072 / 2.028 | 2.123 / 2.074 |
| `alibi` | 2.221 / 2.155 | 2.213 / 2.149 | 2.214 / 2.151 |

### What it shows

*Positions added to the embeddings do not extrapolate.*
The sinusoidal and the learned models get worse as the windows get longer, from $2.26$ to $2.56$ and
from $2.41$ to $2.50$ (the means of the seeds). The right panel shows where: the sinusoidal model's loss
jumps at position $64$, the first one it never saw in training, and stays above the bigram baseline at
every later position; the learned model's rises there too, less sharply. The vectors of the learned
positions $64$ and beyond never received a gradient and are still the zeros they started as;
for the sinusoidal model, the encodings of unseen positions are defined, but they are not ones the layers
learned to read. Both seeds agree.

*Rotary embeddings, rotated fully as in the paper, do not extrapolate here either.*
At the training length `rotary` is as good as any scheme ($2.067$ and $2.020$), but at four times that
length it is worse than the sinusoidal model ($2.580$ and $2.787$). Its loss by position stays flat up to
about position $96$ and then climbs: from positions $112$ to $127$ it is already above the bigram baseline
($2.554$ and $2.904$), and it ends above $3$, with both seeds.
The same characters read after $192$ others lose $3.089$ and $3.433$, against $2.044$ and $1.999$ alone:
the model is hurt, not helped, by the positions it has not seen.
`rotary_half`, which leaves half of each head's features unrotated, stays nearly flat
($2.083$, $2.061$ and $2.098$ with seed $1$), only its last positions rising a little; the unrotated
features, which see no position, are what keep it usable beyond the training length.
An earlier version of this page showed only the half-rotated model, under the name `rotary`, and
concluded that rotary embeddings extrapolate: that holds for the variant, not for the paper's RoPE.

*Relative attention and ALiBi extrapolate.* Their loss at twice and four times the training length is
within a few hundredths of the loss at the training length, with both seeds, and flat along the positions
of the longest windows: ALiBi's paper's first claim holds here, for ALiBi and for Transformer-XL's
relative attention.

*More context helps little.* ALiBi's paper also claims that a model gets *better* on longer inputs,
since it can use the longer context. Here the same $64$ characters lose about the same read alone or after
$192$ others: $2.221$ and $2.214$ with seed $1$, $2.155$ and $2.151$ with seed $2$ for ALiBi, a gain of
less than a hundredth; relative attention gains about two hundredths ($2.020$ to $1.998$, $1.997$ to $1.976$),
all of it from the first $64$ characters of context, the training length.
So in this run longer inputs do ALiBi no harm, but they do not help it either: a 2-layer model trained for
$400$ steps on $64$ characters has learned to use little context, and its loss by position is flat
from the first few positions on.

*Where it differs from the papers.*
In the ALiBi paper, rotary embeddings and T5's relative bias extrapolate only partly, their perplexity
rising some way past the training length, and ALiBi is the one that keeps it; the fully rotated model here
agrees, and T5's bias was not tried. The scale is very different: the paper trains 16-layer models on
sequences of 512 and more words of WikiText-103 and tests them much further out, while these are 2-layer
models on 64 characters, tested at 4 times that, after $400$ steps, less than one pass over the text.
At the training length ALiBi is about as good as sinusoidal positions, as in the paper, but here it
trails relative and rotary attention, by $2.228$ and $2.174$ against $2.040$ and $2.017$ for relative
attention; we did not tune its slopes or look into why.
The paper's relative baseline is T5's learned bias, not the Transformer-XL attention used here.
The two seeds differ by a few hundredths at the training length, as much as some of the schemes do,
so the order of relative, rotary and half-rotated attention there is not settled by this run;
the gaps beyond the training length, and ALiBi's small gain from context, are the same with both seeds.

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

from labml_nn.experiments.nlp_autoregression import Trainer
from labml_nn.experiments.text import get_batch
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.helpers.records import run_record

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
STEPS = 400

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
    start_cpu = time.process_time()

    # The training length and the longer ones
    seq_len = trainer.c.seq_len
    lengths = [seq_len * f for f in (1, 2, 4)]
    # Loss at each position for each length, each `[length]`, timed
    start = time.perf_counter()
    per_position = {n: evaluate(trainer, n, args.eval_batches, seed) for n in lengths}
    # The last `seq_len` characters of the longest windows, after $0$, $1$ and $3$ training lengths
    context = evaluate_context(trainer, seq_len, [n - seq_len for n in lengths], args.eval_batches, seed)
    eval_seconds, eval_cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu

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
        'eval_cpu_seconds': round(eval_cpu_seconds, 1),
    }


def _train_one(job) -> Dict:
    """
    One run, `(scheme, seed, args, work)`, in a worker process of its own, on one thread
    """
    torch.set_num_threads(1)
    return train_scheme(*job)


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
    parser.add_argument('--jobs', type=int, default=1,
                        help='runs trained at the same time, each in a process of its own on one thread; '
                             'the results are the same for any number (default: 1)')
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
            + (f' --jobs {args.jobs}' if args.jobs != 1 else '')
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
        jobs = [(s, seed, args, work) for s in args.schemes for seed in args.seeds]
        # One after the other, or in `--jobs` processes
        if args.jobs > 1:
            import multiprocessing
            with multiprocessing.get_context('fork').Pool(args.jobs, maxtasksperchild=1) as pool:
                done = pool.map(_train_one, jobs, chunksize=1)
        else:
            done = [train_scheme(*job) for job in jobs]
        runs = {s: [r for job, r in zip(jobs, done) if job[0] == s] for s in args.schemes}
    # What was run, where, and what came out
    results = {
        **run_record(command(args)),
        'options': MODEL_OPTIONS,
        'seq_len': int(MODEL_OPTIONS[MODEL_OPTIONS.index('--seq-len') + 1]),
        'steps': args.steps,
        'seeds': args.seeds,
        'eval_batches': args.eval_batches,
        'bigram_valid_loss': runs[args.schemes[0]][0]['bigram_valid_loss'],
        'jobs': args.jobs,
        'wall_seconds': round(time.perf_counter() - start, 1),
        # The processor time of the runs, training and evaluation, wherever they ran
        'cpu_seconds': round(sum(r['train_cpu_seconds'] + r['eval_cpu_seconds'] for rs in runs.values() for r in rs), 1),
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
