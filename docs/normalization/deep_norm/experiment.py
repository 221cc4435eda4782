r"""
---
title: DeepNorm against Post-LN on a Deep, Thin Character Model
summary: >
  Trains the same deep, thin transformer on Tiny Shakespeare with plain post-LN residual connections
  and with DeepNorm, over two seeds, and compares the training curves: does post-LN diverge at that depth?
---

# DeepNorm against Post-LN on a Deep, Thin Character Model

The [DeepNorm](index.html) paper shows post-LN transformers failing to train at depth
(its Table 1: with $18$ layers and more, post-LN models for translation diverge)
where DeepNorm trains up to $1{,}000$ layers.
This experiment asks the question at the scale of a CPU:
a [character model](index.html#AutoregressiveModel) of many thin layers on Tiny Shakespeare,
trained the same way twice, once with plain post-LN ($\alpha = \beta = 1$) and once with DeepNorm's
$\alpha = (2N)^{\frac{1}{4}}$ and $\beta = (8N)^{-\frac{1}{4}}$, everything else equal:
the same initial draws (before the scaling by $\beta$), the same batches, Adam with a short linear
warm-up and then a constant learning rate, no gradient clipping and no dropout.

A run *diverges* here when its training loss stops being a finite number, or when after rising it
does not come back below the loss of a uniform guess over the characters, $\ln V$;
the page also shows the gradient norm, which is where instability shows first.

### The command

```shell
OMP_NUM_THREADS=1 python -m labml_nn.normalization.deep_norm.experiment --data tiny_shakespeare.txt
```

`--layers`, `--d-model`, `--steps`, `--lr`, `--warmup` and `--seeds` change the runs, `--out` where the
results go, and `--work-dir` with `--resume` continues interrupted runs from their checkpoints;
`--help` lists the rest. The text is read from `--data`, or from the path in the `TINY_SHAKESPEARE`
environment variable.

### The result

The run took 27 minutes on the clock and 3 minutes of processor time,
on one thread of an AMD EPYC processor that other work shared.
The model has $24$ layers with $d_{model} = 32$, $4$ heads and $d_{ff} = 64$, $209{,}281$ parameters
(the same number for both), and trains on batches of $16$ windows of $32$ characters for $300$ steps,
with Adam at a learning rate of $10^{-3}$ after $30$ steps of warm-up, seeds $1$ and $2$.
The losses are cross-entropies in nats per character; a uniform guess over the $65$ characters has
$4.17$, and a model that counts which character follows which, the
[bigram baseline](../../experiments/text.html#bigram_loss), has $2.48$.

| residual | seed | α | β | diverged | final train loss | final valid loss | largest gradient norm | wall | processor |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
| post_ln | 1 | 1.00 | 1.00 | no | 3.296 | 3.391 | 5.1 | 450 s | 43 s |
| deep_norm | 1 | 2.63 | 0.27 | no | 2.493 | 2.513 | 1.4 | 402 s | 43 s |
| post_ln | 2 | 1.00 | 1.00 | no | 3.295 | 3.391 | 5.1 | 348 s | 46 s |
| deep_norm | 2 | 2.63 | 0.27 | no | 2.454 | 2.512 | 1.2 | 367 s | 40 s |

[![Training loss and gradient norm of each run against the step](training.png)](training.png)

### What it shows

*Post-LN did not diverge at this depth; it stalled.*
Neither post-LN run's loss stopped being finite or ended above the uniform guess, so by the definition above
neither diverged. But both stopped learning after about $100$ steps: their validation loss was
$3.405$ and $3.402$ at step $100$ and $3.391$ and $3.391$ at step $300$,
about where a model lands that knows how often each character occurs but not which characters come before it.
DeepNorm, with the same initial draws, the same batches and the same learning rate, kept learning,
to $2.513$ and $2.512$ at step $300$, near the bigram baseline and still falling.
The two seeds agree.

*The gradients.* At the first step the gradient norm of the post-LN model is $5.08$ and
$5.14$ (seeds $1$ and $2$), against $1.44$ and $1.17$ with DeepNorm,
whose sub-layers start with weights scaled down by $\beta$ and whose residuals are weighed up by $\alpha$.
After the warm-up the post-LN gradients shrink below DeepNorm's and stay there (right panel):
the post-LN model does not blow up, its updates become too small to leave the plateau.
This is the other face of the instability the paper describes: in a deep post-LN stack the gradient that
reaches the lower layers passes through every normalization above them, and can vanish as well as explode.

*Where it differs from the paper.*
The paper's post-LN failures are losses that blow up, in translation models hundreds of features wide,
trained for many thousand steps; this is a model $32$ features wide trained for $300$ steps on characters,
and what failed here is progress, not the loss.
We did not train longer, so we cannot say whether post-LN would leave its plateau later,
nor try other learning rates or warm-ups, nor compare with [pre-LN](../../transformers/models.html#TransformerLayer),
which the paper finds stable but less accurate than DeepNorm.
"""

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Dict, List, Optional

import torch
import torch.nn.functional as F

from labml_nn.experiments.text import CharTokenizer, bigram_loss, get_batch
from labml_nn.helpers.download import tiny_shakespeare
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.normalization.deep_norm import AutoregressiveModel
from labml_nn.normalization.records import Timer, command, environment, load_checkpoint, save_checkpoint

# The files of the result, written beside this page by default
RESULTS_FILE = 'results.json'
PLOT_FILE = 'training.png'
HERE = Path(__file__).resolve().parent
# The module, for the command line
MODULE = 'labml_nn.normalization.deep_norm.experiment'
# The two residual connections compared
VARIANTS = ['post_ln', 'deep_norm']


def load_text(data: Optional[str]) -> Dict:
    r"""
    <a id="load_text"></a>

    ### The text

    Tiny Shakespeare, [found](../../helpers/download.html) from `--data` or the `TINY_SHAKESPEARE`
    variable, as character ids, the first $90\%$ for training and the rest for validation,
    as in the [autoregressive trainer](../../experiments/nlp_autoregression.html).
    """
    # The text, and its characters as the vocabulary
    text = tiny_shakespeare(data).read_text(encoding='utf-8')
    tokenizer = CharTokenizer.from_text(text)
    ids = torch.tensor(tokenizer.encode(text), dtype=torch.long)
    # The first 90% for training
    n_train = int(len(ids) * 0.9)
    return {'train': ids[:n_train], 'valid': ids[n_train:], 'n_vocab': tokenizer.n_vocab}


@torch.no_grad()
def valid_loss(model: AutoregressiveModel, data: Dict, args: argparse.Namespace) -> float:
    """
    The loss on `args.valid_batches` batches of the validation text, the same windows for every run
    """
    # The same windows every time
    generator = torch.Generator().manual_seed(12345)
    total = 0.0
    for _ in range(args.valid_batches):
        # `[seq_len, batch_size]`
        x, y = get_batch(data['valid'], args.seq_len, args.batch_size, generator)
        total += F.cross_entropy(model(x).reshape(-1, data['n_vocab']), y.reshape(-1)).item()
    return total / args.valid_batches


def learning_rate(step: int, args: argparse.Namespace) -> float:
    """
    Linear warm-up for `args.warmup` steps, then constant
    """
    return args.lr * min(1.0, (step + 1) / max(1, args.warmup))


def train_run(variant: str, seed: int, args: argparse.Namespace, data: Dict,
              checkpoint: Optional[Path]) -> Dict:
    """
    <a id="train_run"></a>

    ### Train one model

    `variant` is `'post_ln'` or `'deep_norm'`. It saves a checkpoint every `args.checkpoint_interval`
    steps into `checkpoint`, if given, with the model, the optimizer, the state of the batch sampler and
    the history; with `args.resume` it continues from there, and computes exactly what an uninterrupted
    run does.
    """

    # The same initial draws for both variants of a seed
    torch.manual_seed(seed)
    model = AutoregressiveModel(data['n_vocab'], d_model=args.d_model, heads=args.heads, d_ff=args.d_ff,
                                n_layers=args.layers, deep_norm=variant == 'deep_norm')
    # Adam, with $\beta_2 = 0.98$ as in the transformer papers
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr, betas=(0.9, 0.98))
    # The batches of a seed, the same for both variants
    generator = torch.Generator().manual_seed(seed)
    # Steps done, their time, and the history: the loss and gradient norm of each step, the validations
    step, seconds = 0, {'wall_seconds': 0.0, 'cpu_seconds': 0.0}
    history: Dict[str, List] = {'train_loss': [], 'grad_norm': [], 'valid': []}

    # Continue from the checkpoint
    if checkpoint is not None and args.resume and checkpoint.is_file():
        state = load_checkpoint(checkpoint)
        if 'result' in state:
            return state['result']
        model.load_state_dict(state['model'])
        optimizer.load_state_dict(state['optimizer'])
        generator.set_state(state['generator'])
        step, seconds, history = state['step'], state['seconds'], state['history']

    # Time this part of the run, and stop at a loss that is not a finite number
    timer = Timer()
    finite = True
    while step < args.steps and finite:
        # The learning rate of this step
        for group in optimizer.param_groups:
            group['lr'] = learning_rate(step, args)
        # Inputs and targets, `[seq_len, batch_size]`
        x, y = get_batch(data['train'], args.seq_len, args.batch_size, generator)
        # Cross-entropy loss of the next character
        loss = F.cross_entropy(model(x).reshape(-1, data['n_vocab']), y.reshape(-1))
        # Gradients
        optimizer.zero_grad()
        loss.backward()
        # The norm of the whole gradient, $\lVert \nabla \mathcal{L} \rVert_2$, recorded, not clipped
        grad_norm = torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters() if p.grad is not None))
        # A step of Adam
        optimizer.step()
        step += 1
        # Record the step
        history['train_loss'].append(round(loss.item(), 4))
        history['grad_norm'].append(round(grad_norm.item(), 4))
        finite = math.isfinite(loss.item())
        # Validation
        if finite and (step % args.valid_interval == 0 or step == args.steps):
            history['valid'].append([step, round(valid_loss(model, data, args), 4)])
            print(f'{variant:>9}  seed {seed}  step {step:>4}  train loss {loss.item():.3f}  '
                  f'grad norm {grad_norm.item():.2f}  valid loss {history["valid"][-1][1]:.3f}', flush=True)
        # Checkpoint
        if checkpoint is not None and step % args.checkpoint_interval == 0:
            now = timer.seconds()
            save_checkpoint(checkpoint, {'model': model.state_dict(), 'optimizer': optimizer.state_dict(),
                                         'generator': generator.get_state(), 'step': step, 'history': history,
                                         'seconds': {k: seconds[k] + now[k] for k in seconds}})

    # The result of the run
    now = timer.seconds()
    losses = history['train_loss']
    # The mean training loss of the last tenth of the steps
    tail = losses[-max(1, len(losses) // 10):]
    result = {
        'variant': variant, 'seed': seed, 'alpha': model.alpha, 'beta': model.beta,
        'steps': len(losses),
        'nonfinite_at_step': None if finite else len(losses),
        'final_train_loss': round(sum(tail) / len(tail), 4),
        'max_train_loss_after_warmup': max(losses[args.warmup:] or losses),
        'final_valid_loss': history['valid'][-1][1] if history['valid'] else None,
        'max_grad_norm': max(history['grad_norm']),
        **history,
        **{k: round(seconds[k] + now[k], 1) for k in seconds},
    }
    # Diverged: the loss is not finite, or it ends above a uniform guess
    result['diverged'] = (not finite) or result['final_train_loss'] > math.log(data['n_vocab'])
    # A finished run keeps only its result
    if checkpoint is not None:
        save_checkpoint(checkpoint, {'result': result})
    return result


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ### The table of this page

    For each run: whether it diverged, the training loss of the last tenth of the steps, the final
    validation loss, the largest gradient norm and the time. The tests check that the page shows
    the committed results.
    """
    rows = ['| residual | seed | α | β | diverged | final train loss | final valid loss '
            '| largest gradient norm | wall | processor |',
            '| --- ' * 10 + '|']
    for r in results['runs']:
        valid = '-' if r['final_valid_loss'] is None else f'{r["final_valid_loss"]:.3f}'
        rows.append(f'| {r["variant"]} | {r["seed"]} | {r["alpha"]:.2f} | {r["beta"]:.2f} '
                    f'| {"yes" if r["diverged"] else "no"} | {r["final_train_loss"]:.3f} | {valid} '
                    f'| {r["max_grad_norm"]:.1f} | {r["wall_seconds"]:.0f} s | {r["cpu_seconds"]:.0f} s |')
    return '\n'.join(rows)


def smooth(values: List[float], window: int) -> List[float]:
    """
    The running mean over `window` steps, for the plot
    """
    out, total = [], 0.0
    for i, v in enumerate(values):
        total += v
        if i >= window:
            total -= values[i - window]
        out.append(total / min(i + 1, window))
    return out


def write_plot(results: Dict, path: Path) -> Path:
    r"""
    <a id="write_plot"></a>

    ### Draw the result

    Left, the training loss of each run (a running mean over $10$ steps) and the validation losses;
    right, the gradient norm, on a logarithmic scale. Returns `path`.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None

    fig = Figure(figsize=(10, 3.8), layout='constrained')
    loss_ax, grad_ax = fig.subplots(1, 2)
    colors = {'post_ln': 'tab:red', 'deep_norm': 'tab:blue'}
    styles = ['-', '--', ':', '-.']
    seeds = sorted({r['seed'] for r in results['runs']})
    for r in results['runs']:
        style = styles[seeds.index(r['seed']) % len(styles)]
        label = f'{r["variant"]}, seed {r["seed"]}'
        steps = list(range(1, len(r['train_loss']) + 1))
        loss_ax.plot(steps, smooth(r['train_loss'], 10), style, color=colors[r['variant']], label=label)
        if r['valid']:
            vs, vl = zip(*r['valid'])
            loss_ax.plot(vs, vl, 'o', color=colors[r['variant']], markersize=4)
        grad_ax.plot(steps, smooth(r['grad_norm'], 10), style, color=colors[r['variant']], label=label)
    loss_ax.axhline(results['uniform_loss'], color='gray', linestyle=':', linewidth=1,
                    label=f'uniform guess {results["uniform_loss"]:.2f}')
    loss_ax.axhline(results['bigram_loss'], color='gray', linestyle='--', linewidth=1,
                    label=f'bigram baseline {results["bigram_loss"]:.2f}')
    loss_ax.set_xlabel('step')
    loss_ax.set_ylabel('loss (lines: training; dots: validation)')
    grad_ax.set_yscale('log')
    grad_ax.set_xlabel('step')
    grad_ax.set_ylabel('gradient norm')
    for ax in (loss_ax, grad_ax):
        ax.grid(alpha=0.3)
        ax.legend(fontsize='small')
    fig.suptitle(f'{results["layers"]} layers of width {results["d_model"]}, lr {results["lr"]:g}')
    path = Path(path)
    fig.savefig(path, dpi=100, metadata={'Software': None})
    return path


def build_parser() -> argparse.ArgumentParser:
    """
    ### Command line options
    """
    parser = argparse.ArgumentParser(
        prog=f'python -m {MODULE}',
        description='Train a deep, thin character transformer on Tiny Shakespeare with post-LN and with '
                    'DeepNorm, and compare the training curves.')
    parser.add_argument('--data', help='path of a local copy of Tiny Shakespeare '
                                       '(default: the TINY_SHAKESPEARE environment variable, or download it)')
    parser.add_argument('--layers', type=int, default=24, help='number of layers N (default: 24)')
    parser.add_argument('--d-model', type=int, default=32, help='width of the model (default: 32)')
    parser.add_argument('--heads', type=int, default=4, help='attention heads (default: 4)')
    parser.add_argument('--d-ff', type=int, default=64, help='width of the feed-forward layers (default: 64)')
    parser.add_argument('--seq-len', type=int, default=32, help='characters in a window (default: 32)')
    parser.add_argument('--batch-size', type=int, default=16, help='windows in a batch (default: 16)')
    parser.add_argument('--steps', type=int, default=300, help='training steps of each run (default: 300)')
    parser.add_argument('--lr', type=float, default=1e-3, help='learning rate after warm-up (default: 1e-3)')
    parser.add_argument('--warmup', type=int, default=30, help='steps of linear warm-up (default: 30)')
    parser.add_argument('--seeds', type=int, nargs='+', default=[1, 2], help='random seeds (default: 1 2)')
    parser.add_argument('--variants', nargs='+', choices=VARIANTS, default=VARIANTS,
                        help='residual connections to train (default: both)')
    parser.add_argument('--valid-interval', type=int, default=50, help='steps between validations (default: 50)')
    parser.add_argument('--valid-batches', type=int, default=4, help='batches of a validation (default: 4)')
    parser.add_argument('--checkpoint-interval', type=int, default=50,
                        help='steps between checkpoints, with --work-dir (default: 50)')
    parser.add_argument('--out', default=str(HERE),
                        help=f'folder for {RESULTS_FILE} and {PLOT_FILE} (default: beside this page)')
    parser.add_argument('--work-dir', help='folder for the checkpoints of the runs (default: none are kept)')
    parser.add_argument('--resume', action='store_true', help='continue from the checkpoints in --work-dir')
    return parser


def main(argv: Optional[List[str]] = None) -> Dict:
    """
    <a id="main"></a>

    ### Run the comparison

    Trains each variant with each seed, then writes the results and the plot. Returns the results.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if min(args.steps, args.layers, args.valid_interval, args.valid_batches, args.checkpoint_interval) < 1:
        parser.error('--steps, --layers, --valid-interval, --valid-batches and --checkpoint-interval '
                     'must be at least 1')
    if args.resume and not args.work_dir:
        parser.error('--resume needs --work-dir')
    # The clock and processor time of the whole comparison
    timer = Timer()
    # The text; a missing file is an error message, not a traceback
    try:
        data = load_text(args.data)
    except FileNotFoundError as e:
        parser.exit(1, f'{parser.prog}: error: {e}\n')
    # The checkpoints, if kept
    work = Path(args.work_dir) if args.work_dir else None
    # Both variants for each seed
    runs = [train_run(v, seed, args, data, work / f'{v}_{seed}.pt' if work else None)
            for seed in args.seeds for v in args.variants]

    # The command as it would be typed, with the data file by its name
    shown = list(argv)
    if '--data' in shown:
        shown[shown.index('--data') + 1] = Path(shown[shown.index('--data') + 1]).name
    shown = [a for a in shown if a != '--resume']
    if '--work-dir' in shown:
        i = shown.index('--work-dir')
        del shown[i:i + 2]
    # What was run, on what, and what came out
    results = {
        'command': command(MODULE, shown),
        **{k: getattr(args, k) for k in ('layers', 'd_model', 'heads', 'd_ff', 'seq_len', 'batch_size', 'steps',
                                         'lr', 'warmup', 'seeds', 'valid_batches')},
        'n_vocab': data['n_vocab'],
        'uniform_loss': round(math.log(data['n_vocab']), 4),
        'bigram_loss': round(bigram_loss(data['train'], data['valid'], data['n_vocab']), 4),
        'parameters': sum(p.numel() for p in AutoregressiveModel(
            data['n_vocab'], d_model=args.d_model, heads=args.heads, d_ff=args.d_ff, n_layers=args.layers).parameters()),
        **environment(),
        **timer.seconds(),
        'runs': runs,
    }
    # The results, written only now, so that a comparison that fails leaves the last results as they were
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / RESULTS_FILE
    path.write_text(json.dumps(results, indent=1) + '\n', encoding='utf-8')
    print(f'Wrote {path}')
    # The plot, if matplotlib is there
    try:
        print(f'Wrote {write_plot(results, out / PLOT_FILE)}')
    except PlotUnavailableError as e:
        print(f'No plot: {e}', file=sys.stderr)
    # The table, as on this page
    print(markdown_table(results))
    print(f'Wall time: {results["wall_seconds"] / 60:.1f} minutes, '
          f'processor time: {results["cpu_seconds"] / 60:.1f} minutes')
    return results


if __name__ == '__main__':
    main()
