r"""
---
title: Group Normalization against Batch Normalization over Batch Sizes
summary: >
  Trains a small convolutional network on 8x8 digits with batch normalization and with group
  normalization, with batches of 32 down to 2 images, over three seeds, and compares the test error:
  Figure 1 of the group normalization paper at small scale.
---

# Group Normalization against Batch Normalization over Batch Sizes

Figure 1 of the [group normalization](index.html) paper shows the validation error of a ResNet-50 on
ImageNet against the number of images per batch, $32$, $16$, $8$, $4$ and $2$:
with [batch normalization](../batch_norm/index.html) the error rises from $23.6\%$ to $34.7\%$,
with group normalization it stays at about $24\%$.

This experiment asks the same question at the scale of a CPU: the $8 \times 8$ images of handwritten
digits of scikit-learn's `load_digits` ($1{,}797$ of them, in the package, nothing downloaded),
a [small convolutional network](#SmallCNN) of three convolutions, and batches of $32$, $8$, $4$ and $2$.
As in the paper, the number of epochs is the same for every batch size, so smaller batches take more
steps, and the learning rate is scaled linearly with the batch size,
$\eta = 0.1 \cdot \frac{B}{32}$ (SGD with momentum $0.9$).
The batches are drawn again each epoch, and the last incomplete batch of an epoch is dropped,
so that batch normalization never sees a batch smaller than $B$.
The test error is measured on a fixed test set of $360$ digits (a fifth, split once by class),
with the network in evaluation mode: batch normalization uses its running averages there.

### The command

```shell
OMP_NUM_THREADS=1 python -m labml_nn.normalization.group_norm.experiment
```

`--batch-sizes`, `--seeds`, `--epochs` and `--groups` change the sweep, `--out` where the
results go, and `--work-dir` with `--resume` continues an interrupted sweep from its checkpoints;
`--help` lists the rest.

### The result

The sweep took 38 minutes on the clock and 4 minutes of processor time,
on one thread of an AMD EPYC processor that other work shared; `results.json` has the time of each run.
The command was run with `--work-dir`, which only keeps the checkpoints of the runs:
`OMP_NUM_THREADS=1 python -m labml_nn.normalization.group_norm.experiment --work-dir /tmp/gnrun/work`.

The test error in percent, the mean over the seeds $1$, $2$ and $3$ and each seed's in brackets.
There are $360$ test digits, so one digit is $0.28$ points.

| normalization | batch 32 | batch 8 | batch 4 | batch 2 |
| --- | --- | --- | --- | --- |
| batch | 2.7 (7.2, 0.8, 0.0) | 0.6 (1.4, 0.0, 0.6) | 0.6 (0.6, 0.8, 0.3) | 1.1 (1.1, 0.8, 1.4) |
| group | 2.6 (2.2, 2.8, 2.8) | 0.6 (0.8, 0.3, 0.6) | 0.8 (0.6, 0.6, 1.4) | 0.5 (0.0, 1.1, 0.3) |

The training loss of the last epoch, the mean over the seeds, measured in training mode as the network trained:

| normalization | batch 32 | batch 8 | batch 4 | batch 2 |
| --- | --- | --- | --- | --- |
| batch | 0.007 | 0.040 | 0.067 | 0.127 |
| group | 0.038 | 0.009 | 0.027 | 0.009 |

[![Test error against the number of images per batch, for batch and group normalization](error_vs_batch_size.png)](error_vs_batch_size.png)

### What it shows

*The paper's Figure 1 does not reproduce at this scale.*
With batch normalization the mean test error is $2.7\%$ at batches of $32$, $0.6\%$ at $8$,
$0.6\%$ at $4$ and $1.1\%$ at $2$; with group normalization it is $2.6\%$,
$0.6\%$, $0.8\%$ and $0.5\%$.
At batches of $2$ batch normalization is behind, $1.1\%$ against $0.5\%$, but that is a
difference of about two digits of the test set, and the seeds overlap: from $0.8\%$ to
$1.4\%$ with batch normalization, from $0.0\%$ to $1.1\%$ with group normalization.
There is nothing like the paper's rise of eleven points.

*The small batches show in training.*
Where batch normalization does pay for small batches is its training loss, which grows as the batch shrinks,
to $0.127$ at batches of $2$ against $0.009$ with group normalization.
In training each image is normalized with the statistics of its batch, here itself and one other image,
a noisy normalization that the network fits less well; at evaluation the running averages, which each step
moves a tenth of the way towards its batch's statistics, are steadier than any one batch's,
and the network that is tested does well anyway.
On these images, with this network, that is enough.

*Batches of $32$ are the worst for both.* With the same $10$ epochs, batches of $32$ take
$440$ steps and batches of $2$ take $7{,}180$, with learning rates scaled to match,
and the networks trained with large batches are the least trained. The mean of batch normalization there
comes mostly from one seed, $7.2\%$, where the other two have $0.8\%$ and $0.0\%$: the seeds disagree.

*Where it differs from the paper.*
The paper trains a ResNet-50 on the $1.28$ million images of ImageNet, with $32$ groups,
and its batch sizes are per GPU; this is a network of three convolutions trained on $1{,}437$
images of $8 \times 8$ pixels, with $8$ groups of $2$ or $4$ channels, for $10$ epochs, tested on
$360$ digits. The task is easy, the test set small, and the budget short;
we did not find out which of these hides the effect.
"""

import argparse
import json
import sys
from pathlib import Path
from typing import Dict, List, Optional

import torch
import torch.nn.functional as F
from torch import nn

from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.normalization.batch_norm import BatchNorm
from labml_nn.normalization.group_norm import GroupNorm
from labml_nn.normalization.records import Timer, command, environment, load_checkpoint, save_checkpoint

# The files of the result, written beside this page by default
RESULTS_FILE = 'results.json'
PLOT_FILE = 'error_vs_batch_size.png'
HERE = Path(__file__).resolve().parent
# The module, for the command line
MODULE = 'labml_nn.normalization.group_norm.experiment'
# The normalizations compared
NORMS = ['batch', 'group']


class SmallCNN(nn.Module):
    r"""
    <a id="SmallCNN"></a>

    ## A small convolutional network

    Three $3 \times 3$ convolutions of $16$, $32$ and $32$ channels, each followed by the normalization
    and a ReLU, a $2 \times 2$ max-pooling after the second, then the mean over the positions and a linear
    layer to the ten classes. The convolutions have no bias: the normalization's shift $\beta$ is one.
    """

    def __init__(self, norm: str, groups: int = 8):
        """
        * `norm` is `'batch'` for [batch normalization](../batch_norm/index.html#BatchNorm)
          or `'group'` for [group normalization](index.html#GroupNorm)
        * `groups` is the number of groups $G$ of group normalization
        """
        super().__init__()

        def norm_layer(channels: int) -> nn.Module:
            if norm == 'batch':
                return BatchNorm(channels)
            if norm == 'group':
                return GroupNorm(groups, channels)
            raise ValueError(f'unknown normalization {norm!r}')

        # `[batch_size, 1, 8, 8]` to `[batch_size, 16, 8, 8]`
        self.conv1 = nn.Conv2d(1, 16, 3, padding=1, bias=False)
        self.norm1 = norm_layer(16)
        # `[batch_size, 16, 8, 8]` to `[batch_size, 32, 8, 8]`
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1, bias=False)
        self.norm2 = norm_layer(32)
        # after pooling, `[batch_size, 32, 4, 4]` to `[batch_size, 32, 4, 4]`
        self.conv3 = nn.Conv2d(32, 32, 3, padding=1, bias=False)
        self.norm3 = norm_layer(32)
        # Ten classes
        self.fc = nn.Linear(32, 10)

    def forward(self, x: torch.Tensor):
        """
        `x` are the images, `[batch_size, 1, 8, 8]`; the result is the logits, `[batch_size, 10]`.
        """
        # Convolution, normalization and ReLU, `[batch_size, 16, 8, 8]`
        x = F.relu(self.norm1(self.conv1(x)))
        # `[batch_size, 32, 8, 8]`
        x = F.relu(self.norm2(self.conv2(x)))
        # Max-pooling, `[batch_size, 32, 4, 4]`
        x = F.max_pool2d(x, 2)
        # `[batch_size, 32, 4, 4]`
        x = F.relu(self.norm3(self.conv3(x)))
        # Mean over the positions, `[batch_size, 32]`
        x = x.mean(dim=[2, 3])
        # Logits, `[batch_size, 10]`
        return self.fc(x)


def load_data() -> Dict[str, torch.Tensor]:
    r"""
    <a id="load_data"></a>

    ### The digits

    scikit-learn's $8 \times 8$ digits, with values $0$ to $16$, scaled to $[0, 1]$,
    split into $80\%$ for training and $20\%$ for testing, stratified by class, the same split every time.
    """
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split

    # The images and their labels, from the files in the package
    digits = load_digits()
    # `[1797, 1, 8, 8]` and `[1797]`
    x = torch.tensor(digits.images, dtype=torch.float32).unsqueeze(1) / 16.0
    y = torch.tensor(digits.target, dtype=torch.long)
    # The same split for every run: a fixed `random_state`, and each class split in the same proportion
    train_idx, test_idx = train_test_split(torch.arange(len(y)).numpy(), test_size=0.2,
                                           random_state=0, stratify=y.numpy())
    return {'x_train': x[train_idx], 'y_train': y[train_idx], 'x_test': x[test_idx], 'y_test': y[test_idx]}


@torch.no_grad()
def test_error(model: nn.Module, x: torch.Tensor, y: torch.Tensor) -> float:
    """
    The share of the test images the model gets wrong, in evaluation mode
    """
    # Evaluation mode: batch normalization uses its running averages
    model.eval()
    # The predicted class is the largest logit
    wrong = (model(x).argmax(dim=-1) != y).sum().item()
    model.train()
    return wrong / len(y)


def train_run(norm: str, batch_size: int, seed: int, args: argparse.Namespace,
              data: Dict[str, torch.Tensor], checkpoint: Optional[Path]) -> Dict:
    """
    <a id="train_run"></a>

    ### Train one network

    With the normalization `norm`, batches of `batch_size` and the seed `seed`, for `args.epochs` epochs.
    After each epoch it saves a checkpoint into `checkpoint`, if given; with `args.resume` it continues
    from there, and a finished run is not trained again.
    The order of the batches depends only on the seed and the epoch, so a resumed run computes exactly
    what an uninterrupted one does.
    """

    # The same initial weights for a seed, whatever ran before
    torch.manual_seed(seed)
    model = SmallCNN(norm, args.groups)
    # SGD with momentum, with the learning rate scaled linearly with the batch size,
    # $\eta = \eta_{32} \cdot \frac{B}{32}$
    lr = args.lr * batch_size / 32
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    # Steps in an epoch, dropping the last incomplete batch
    n_train = len(data['y_train'])
    steps_per_epoch = n_train // batch_size

    # Epochs done, the time they took and their mean training losses
    epoch, seconds, losses = 0, {'wall_seconds': 0.0, 'cpu_seconds': 0.0}, []
    # Continue from the checkpoint; a finished run has only its result there
    if checkpoint is not None and args.resume and checkpoint.is_file():
        state = load_checkpoint(checkpoint)
        if 'result' in state:
            return state['result']
        model.load_state_dict(state['model'])
        optimizer.load_state_dict(state['optimizer'])
        epoch, seconds, losses = state['epoch'], state['seconds'], state['losses']

    # Time this part of the run
    timer = Timer()
    while epoch < args.epochs:
        # The order of this epoch's images
        order = torch.randperm(n_train, generator=torch.Generator().manual_seed(seed * 1000 + epoch))
        # Sum of the training losses of the epoch
        total = 0.0
        for s in range(steps_per_epoch):
            # The images of this batch, `[batch_size]` indexes
            idx = order[s * batch_size:(s + 1) * batch_size]
            # Cross-entropy loss of the batch
            loss = F.cross_entropy(model(data['x_train'][idx]), data['y_train'][idx])
            # A step of SGD
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.item()
        epoch += 1
        # The mean training loss of the epoch
        losses.append(round(total / steps_per_epoch, 4))
        # Save the state after the epoch
        if checkpoint is not None:
            now = timer.seconds()
            save_checkpoint(checkpoint, {'model': model.state_dict(), 'optimizer': optimizer.state_dict(),
                                         'epoch': epoch, 'losses': losses,
                                         'seconds': {k: seconds[k] + now[k] for k in seconds}})

    # The result of the run: its test error, its training losses and its time
    now = timer.seconds()
    result = {
        'norm': norm, 'batch_size': batch_size, 'seed': seed, 'lr': lr,
        'steps': steps_per_epoch * args.epochs,
        'test_error': round(test_error(model, data['x_test'], data['y_test']), 4),
        'train_loss_by_epoch': losses,
        **{k: round(seconds[k] + now[k], 1) for k in seconds},
    }
    # A finished run keeps only its result
    if checkpoint is not None:
        save_checkpoint(checkpoint, {'result': result})
    print(f'{norm:>5} norm  batch {batch_size:>3}  seed {seed}  test error {result["test_error"]:.4f}  '
          f'final train loss {losses[-1]:.4f}  {result["wall_seconds"]:.0f} s', flush=True)
    return result


def summary(results: Dict) -> List[Dict]:
    """
    <a id="summary"></a>

    ### Mean and spread over the seeds

    For each normalization and batch size, the mean test error over the seeds, the smallest and
    the largest, in percent.
    """
    rows = []
    for norm in results['norms']:
        for b in results['batch_sizes']:
            errors = [100 * r['test_error'] for r in results['runs'] if r['norm'] == norm and r['batch_size'] == b]
            rows.append({'norm': norm, 'batch_size': b, 'mean': sum(errors) / len(errors),
                         'min': min(errors), 'max': max(errors), 'errors': errors})
    return rows


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ### The table of this page

    The test error in percent for each batch size: the mean over the seeds, and each seed's in brackets.
    The tests check that the page shows the committed results.
    """
    rows = summary(results)
    header = ['| normalization | ' + ' | '.join(f'batch {b}' for b in results['batch_sizes']) + ' |',
              '| --- ' * (len(results['batch_sizes']) + 1) + '|']
    lines = []
    for norm in results['norms']:
        cells = []
        for r in rows:
            if r['norm'] == norm:
                each = ', '.join(f'{e:.1f}' for e in r['errors'])
                cells.append(f'{r["mean"]:.1f} ({each})')
        lines.append(f'| {norm} | ' + ' | '.join(cells) + ' |')
    return '\n'.join(header + lines)


def train_loss_table(results: Dict) -> str:
    """
    <a id="train_loss_table"></a>

    ### The training loss

    The mean training loss of the last epoch for each batch size, averaged over the seeds:
    the loss the network had in training mode, where batch normalization uses the batch's statistics.
    """
    header = ['| normalization | ' + ' | '.join(f'batch {b}' for b in results['batch_sizes']) + ' |',
              '| --- ' * (len(results['batch_sizes']) + 1) + '|']
    lines = []
    for norm in results['norms']:
        cells = []
        for b in results['batch_sizes']:
            # The last epoch's loss of each seed
            last = [r['train_loss_by_epoch'][-1] for r in results['runs']
                    if r['norm'] == norm and r['batch_size'] == b]
            cells.append(f'{sum(last) / len(last):.3f}')
        lines.append(f'| {norm} | ' + ' | '.join(cells) + ' |')
    return '\n'.join(header + lines)


def write_plot(results: Dict, path: Path) -> Path:
    """
    <a id="write_plot"></a>

    ### Draw the result

    The test error against the batch size, a line through the means and a dot for each seed,
    as in the paper's Figure 1. Returns `path`.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None

    fig = Figure(figsize=(6, 4), layout='constrained')
    ax = fig.subplots()
    rows = summary(results)
    for norm, color in zip(results['norms'], ['tab:blue', 'tab:orange']):
        mine = [r for r in rows if r['norm'] == norm]
        sizes = [r['batch_size'] for r in mine]
        ax.plot(sizes, [r['mean'] for r in mine], 'o-', color=color, label=f'{norm} norm')
        for r in mine:
            ax.scatter([r['batch_size']] * len(r['errors']), r['errors'], color=color, alpha=0.35, s=14)
    ax.set_xscale('log', base=2)
    ax.set_xticks(results['batch_sizes'], [str(b) for b in results['batch_sizes']])
    ax.invert_xaxis()
    ax.set_xlabel('images per batch')
    ax.set_ylabel('test error (%)')
    ax.grid(alpha=0.3)
    ax.legend()
    fig.suptitle(f'8x8 digits, {results["epochs"]} epochs, seeds {", ".join(map(str, results["seeds"]))}')
    path = Path(path)
    fig.savefig(path, dpi=100, metadata={'Software': None})
    return path


def build_parser() -> argparse.ArgumentParser:
    """
    ### Command line options
    """
    parser = argparse.ArgumentParser(
        prog=f'python -m {MODULE}',
        description='Train a small CNN on 8x8 digits with batch normalization and with group normalization '
                    'at several batch sizes and seeds, and compare the test error.')
    parser.add_argument('--batch-sizes', type=int, nargs='+', default=[32, 8, 4, 2],
                        help='images per batch (default: 32 8 4 2)')
    parser.add_argument('--seeds', type=int, nargs='+', default=[1, 2, 3], help='random seeds (default: 1 2 3)')
    parser.add_argument('--epochs', type=int, default=10, help='epochs for every batch size (default: 10)')
    parser.add_argument('--lr', type=float, default=0.1,
                        help='learning rate at a batch of 32, scaled linearly with the batch size (default: 0.1)')
    parser.add_argument('--groups', type=int, default=8, help='groups of group normalization (default: 8)')
    parser.add_argument('--norms', nargs='+', choices=NORMS, default=NORMS,
                        help='normalizations to train (default: both)')
    parser.add_argument('--out', default=str(HERE),
                        help=f'folder for {RESULTS_FILE} and {PLOT_FILE} (default: beside this page)')
    parser.add_argument('--work-dir', help='folder for the checkpoints of the runs (default: none are kept)')
    parser.add_argument('--resume', action='store_true',
                        help='continue from the checkpoints in --work-dir; finished runs are not trained again')
    return parser


def main(argv: Optional[List[str]] = None) -> Dict:
    """
    <a id="main"></a>

    ### Run the sweep

    Trains every normalization at every batch size with every seed, then writes the results and the plot.
    Returns the results.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.epochs < 1 or min(args.batch_sizes) < 2:
        parser.error('--epochs must be at least 1 and every batch size at least 2')
    if args.resume and not args.work_dir:
        parser.error('--resume needs --work-dir')
    # The clock and processor time of the whole sweep
    timer = Timer()
    data = load_data()
    # The checkpoints, if kept
    work = Path(args.work_dir) if args.work_dir else None
    # Every normalization, batch size and seed
    runs = []
    for norm in args.norms:
        for b in args.batch_sizes:
            for seed in args.seeds:
                checkpoint = work / f'{norm}_{b}_{seed}.pt' if work else None
                runs.append(train_run(norm, b, seed, args, data, checkpoint))

    # The command as it would be typed, without the options that only keep and find the checkpoints
    shown = [a for a in argv if a != '--resume']
    if '--work-dir' in shown:
        i = shown.index('--work-dir')
        del shown[i:i + 2]
    # What was run, on what, and what came out
    import sklearn
    results = {
        'command': command(MODULE, shown),
        'norms': args.norms, 'batch_sizes': args.batch_sizes, 'seeds': args.seeds, 'epochs': args.epochs,
        'lr_at_32': args.lr, 'groups': args.groups,
        'n_train': len(data['y_train']), 'n_test': len(data['y_test']),
        **environment(scikit_learn=sklearn.__version__),
        **timer.seconds(),
        'runs': runs,
    }
    # The results, written only now, so that a sweep that fails leaves the last results as they were
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
    print(train_loss_table(results))
    print(f'Wall time: {results["wall_seconds"] / 60:.1f} minutes, '
          f'processor time: {results["cpu_seconds"] / 60:.1f} minutes')
    return results


if __name__ == '__main__':
    main()
