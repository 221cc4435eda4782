r"""
---
title: DCGAN on 8x8 Digits
summary: >
  Trains the DCGAN-style pair on scikit-learn's 8x8 digits with the non-saturating GAN loss,
  and shows a grid of generated digits with the classes a classifier of real digits sees in them.
---

# DCGAN on 8x8 Digits

Trains the [DCGAN-style generator and discriminator](index.html) on the $1{,}797$ images of
scikit-learn's `load_digits` ($8 \times 8$ pixels, $17$ grey levels, in the package; nothing is
downloaded), with the [non-saturating GAN loss](../original/index.html), one discriminator step for
each generator step.

A grid of samples shows what the generator makes; to put numbers on it, a logistic regression
trained on real digits classifies $1{,}000$ generated ones. If the generator dropped some digits
(mode collapse) those classes would be missing; if its samples were not digit-like the classifier
would seldom be confident.

### The command

```shell
OMP_NUM_THREADS=1 python -m labml_nn.gan.dcgan.experiment
```

RESULT_COMMAND

### The result

RESULT_TEXT
"""

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional

import torch

from labml_nn.gan.dcgan import Discriminator, Generator, init_weights
from labml_nn.gan.original import DiscriminatorLogitsLoss, GeneratorLogitsLoss
from labml_nn.gan.toy import environment
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError

# The files of the result, written beside this page by default
RESULTS_FILE = 'digits.json'
PLOT_FILE = 'digits.png'
HERE = Path(__file__).resolve().parent
# A class is counted as produced when at least this share of the samples is classified as it
MIN_SHARE = 0.02
# and a sample is classified confidently when the classifier gives its class at least this probability
CONFIDENT = 0.9


def load_digits_images() -> torch.Tensor:
    """
    <a id="load_digits_images"></a>

    ### The data

    The digits as images in $[-1, 1]$, `[1797, 1, 8, 8]`, and their labels `[1797]`.
    """
    from sklearn.datasets import load_digits
    digits = load_digits()
    # Grey levels $0 \dots 16$ to $[-1, 1]$
    x = torch.tensor(digits.images, dtype=torch.float32) / 8 - 1
    return x.unsqueeze(1), torch.tensor(digits.target)


def judge(x: torch.Tensor, y: torch.Tensor, seed: int):
    """
    <a id="judge"></a>

    ### The classifier of real digits

    A logistic regression on the pixels, fitted on four fifths of the digits; returns it and its
    accuracy and confident share on the other fifth.
    """
    from sklearn.linear_model import LogisticRegression
    order = torch.randperm(len(x), generator=torch.Generator().manual_seed(seed))
    n_train = len(x) * 4 // 5
    train, test = order[:n_train], order[n_train:]
    clf = LogisticRegression(max_iter=2000).fit(x[train].flatten(1).numpy(), y[train].numpy())
    proba = clf.predict_proba(x[test].flatten(1).numpy())
    accuracy = float((proba.argmax(1) == y[test].numpy()).mean())
    confident = float((proba.max(1) >= CONFIDENT).mean())
    return clf, {'accuracy': round(accuracy, 4), 'confident_share': round(confident, 4)}


def class_metrics(clf, samples: torch.Tensor) -> Dict:
    r"""
    <a id="class_metrics"></a>

    ### What the classifier sees in the samples

    The share of the samples in each class, the number of classes with at least $2\%$ of them,
    and the share classified with probability at least $0.9$.
    """
    # `[n, 10]`
    proba = clf.predict_proba(samples.flatten(1).numpy())
    shares = [float((proba.argmax(1) == c).mean()) for c in range(10)]
    return {'class_shares': [round(s, 4) for s in shares],
            'classes': sum(s >= MIN_SHARE for s in shares),
            'confident_share': round(float((proba.max(1) >= CONFIDENT).mean()), 4)}


class DigitsRun:
    """
    <a id="DigitsRun"></a>

    ## The training run

    The two networks, Adam for each ($\\alpha = 0.0002$, $\\beta_1 = 0.5$, $\\beta_2 = 0.999$, the
    paper's), and a random number generator of the run's own for the batches and the noise.
    """

    def __init__(self, args: argparse.Namespace):
        self.args = args
        torch.manual_seed(args.seed)
        self.generator = Generator(args.d_z, args.channels)
        self.discriminator = Discriminator(args.channels)
        # $\mathcal{N}(0, 0.02^2)$
        self.generator.apply(init_weights)
        self.discriminator.apply(init_weights)
        self.opt_g = torch.optim.Adam(self.generator.parameters(), lr=args.lr, betas=(0.5, 0.999))
        self.opt_d = torch.optim.Adam(self.discriminator.parameters(), lr=args.lr, betas=(0.5, 0.999))
        self.d_loss, self.g_loss = DiscriminatorLogitsLoss(), GeneratorLogitsLoss()
        self.rng = torch.Generator().manual_seed(args.seed)
        self.step = 0

    def train_step(self, data: torch.Tensor) -> Dict[str, float]:
        """
        <a id="train_step"></a>

        ### A training step

        A step of the discriminator, then one of the generator.
        """
        m = self.args.batch_size
        # A batch of digits, `[m, 1, 8, 8]`
        real = data[torch.randint(len(data), (m,), generator=self.rng)]
        # $G(z)$, `[m, 1, 8, 8]`
        fake = self.generator(torch.randn(m, self.args.d_z, generator=self.rng))
        # $\mathcal{L}_D$; the generated batch is detached, the discriminator's step does not change $G$
        loss_d = self.d_loss(self.discriminator(real), self.discriminator(fake.detach()))
        self.opt_d.zero_grad()
        loss_d.backward()
        self.opt_d.step()
        # $-\log D(G(z))$ on the same generated batch, with the updated discriminator
        loss_g = self.g_loss(self.discriminator(fake))
        self.opt_g.zero_grad()
        loss_g.backward()
        self.opt_g.step()
        self.step += 1
        return {'discriminator': loss_d.item(), 'generator': loss_g.item()}

    def state_dict(self) -> Dict:
        """The checkpoint"""
        return {'generator': self.generator.state_dict(), 'discriminator': self.discriminator.state_dict(),
                'opt_g': self.opt_g.state_dict(), 'opt_d': self.opt_d.state_dict(),
                'step': self.step, 'rng': self.rng.get_state()}

    def load_state_dict(self, state: Dict):
        """Continue from a checkpoint"""
        self.generator.load_state_dict(state['generator'])
        self.discriminator.load_state_dict(state['discriminator'])
        self.opt_g.load_state_dict(state['opt_g'])
        self.opt_d.load_state_dict(state['opt_d'])
        self.step = state['step']
        self.rng.set_state(state['rng'])

    @torch.no_grad()
    def samples(self, n: int) -> torch.Tensor:
        """$n$ samples, `[n, 1, 8, 8]`, from the generator in evaluation mode (batch normalisation with
        its running statistics), on noise fixed by the seed"""
        self.generator.eval()
        z = torch.randn(n, self.args.d_z, generator=torch.Generator().manual_seed(10_000 + self.args.seed))
        x = self.generator(z)
        self.generator.train()
        return x


def write_plot(samples: torch.Tensor, labels: List[int], path: Path, title: str) -> Path:
    """
    <a id="write_plot"></a>

    ### The grid of digits

    The first $100$ samples, each with the class the classifier gives it.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None
    fig = Figure(figsize=(7, 7.6), layout='constrained')
    axes = fig.subplots(10, 10)
    for i, ax in enumerate(axes.flat):
        ax.imshow(samples[i, 0].numpy(), cmap='gray_r', vmin=-1, vmax=1)
        ax.set_xticks([]), ax.set_yticks([])
        ax.set_title(str(labels[i]), fontsize=7, pad=1)
    fig.suptitle(title, fontsize=10)
    path = Path(path)
    fig.savefig(path, dpi=80, metadata={'Software': None})
    return path


def build_parser() -> argparse.ArgumentParser:
    """
    ### Command line options
    """
    p = argparse.ArgumentParser(prog='python -m labml_nn.gan.dcgan.experiment',
                                description='Train the DCGAN-style pair on the 8x8 digits of scikit-learn.')
    p.add_argument('--seeds', nargs='+', type=int, default=[1], help='seeds, a run each (default: 1)')
    p.add_argument('--steps', type=int, default=STEPS, help=f'training steps (default: {STEPS})')
    p.add_argument('--batch-size', type=int, default=64, help='batch size (default: 64)')
    p.add_argument('--lr', type=float, default=2e-4, help='learning rate of Adam (default: 2e-4)')
    p.add_argument('--d-z', type=int, default=32, help='size of the noise (default: 32)')
    p.add_argument('--channels', type=int, default=64, help='channels of the widest layer (default: 64)')
    p.add_argument('--eval-samples', type=int, default=1000, help='samples classified (default: 1000)')
    p.add_argument('--log-interval', type=int, default=250, help='steps between progress lines (default: 250)')
    p.add_argument('--checkpoint-interval', type=int, default=500, help='steps between checkpoints (default: 500)')
    p.add_argument('--work-dir', help='folder for the checkpoints (default: a temporary folder, removed at the end)')
    p.add_argument('--resume', action='store_true', help='continue each run from its checkpoint in --work-dir')
    p.add_argument('--out', default=str(HERE), help=f'folder for {RESULTS_FILE} and {PLOT_FILE} '
                                                    '(default: beside this page)')
    p.add_argument('--no-plot', action='store_true', help='do not draw the grid of digits')
    return p


# The committed run's steps
STEPS = 3000


def train(seed: int, args: argparse.Namespace, work: Path, data: torch.Tensor):
    """
    <a id="train"></a>

    ### Train one seed

    Resumes from the checkpoint in `work` with `--resume`; writes it every `--checkpoint-interval`
    steps and at the end.
    """
    run = DigitsRun(argparse.Namespace(**{**vars(args), 'seed': seed}))
    checkpoint = work / f'dcgan_digits_{seed}.pt'
    if args.resume and checkpoint.is_file():
        run.load_state_dict(torch.load(checkpoint, weights_only=True))
        print(f'seed {seed}: resumed at step {run.step}')
    start, start_cpu = time.perf_counter(), time.process_time()
    while run.step < args.steps:
        losses = run.train_step(data)
        if run.step % args.log_interval == 0 or run.step == args.steps:
            print(f'seed {seed} step {run.step}: discriminator {losses["discriminator"]:.4f} '
                  f'generator {losses["generator"]:.4f}', flush=True)
        if run.step % args.checkpoint_interval == 0 or run.step == args.steps:
            work.mkdir(parents=True, exist_ok=True)
            torch.save(run.state_dict(), checkpoint)
    return run, time.perf_counter() - start, time.process_time() - start_cpu


def main(argv: Optional[List[str]] = None) -> Dict:
    """
    <a id="main"></a>

    ### Run the experiment

    Trains a run for each seed, classifies its samples, and writes the results and the grid of the
    first seed's samples.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.steps < 1 or args.eval_samples < 100:
        parser.error('--steps must be at least 1 and --eval-samples at least 100')
    if args.resume and not args.work_dir:
        parser.error('--resume needs --work-dir, where the checkpoints are')
    torch.set_num_threads(int(os.environ.get('OMP_NUM_THREADS', '1')))
    start, start_cpu = time.perf_counter(), time.process_time()
    data, labels = load_digits_images()
    # The classifier, fitted once, on the first seed's split
    clf, real = judge(data, labels, args.seeds[0])
    runs, first = [], None
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.work_dir or tmp)
        for seed in args.seeds:
            run, seconds, cpu_seconds = train(seed, args, work, data)
            samples = run.samples(args.eval_samples)
            runs.append({'seed': seed, 'steps': run.step, **class_metrics(clf, samples),
                         'train_seconds': round(seconds, 1), 'train_cpu_seconds': round(cpu_seconds, 1)})
            first = samples if first is None else first
    defaults = {a.dest: a.default for a in parser._actions}
    given = [f'--{k.replace("_", "-")} {" ".join(map(str, v)) if isinstance(v, list) else v}'
             for k, v in vars(args).items()
             if k not in ('out', 'work_dir', 'resume', 'no_plot', 'log_interval', 'checkpoint_interval')
             and v != defaults[k]]
    results = {
        'command': ' '.join(['OMP_NUM_THREADS=1 python -m labml_nn.gan.dcgan.experiment', *given]),
        'options': {k: v for k, v in vars(args).items() if k not in ('out', 'work_dir', 'resume', 'no_plot')},
        'min_share': MIN_SHARE, 'confident': CONFIDENT,
        'parameters': {'generator': sum(p.numel() for p in run.generator.parameters()),
                       'discriminator': sum(p.numel() for p in run.discriminator.parameters())},
        **environment(),
        'wall_seconds': round(time.perf_counter() - start, 1),
        'cpu_seconds': round(time.process_time() - start_cpu, 1),
        'real': real,
        'runs': runs,
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / RESULTS_FILE
    path.write_text(json.dumps(results, indent=1) + '\n', encoding='utf-8')
    print(f'Wrote {path}')
    if not args.no_plot:
        try:
            predicted = clf.predict(first[:100].flatten(1).numpy()).tolist()
            title = f'DCGAN on 8x8 digits, seed {args.seeds[0]}, step {args.steps}: class the classifier gives'
            print(f'Wrote {write_plot(first, predicted, out / PLOT_FILE, title)}')
        except PlotUnavailableError as e:
            print(f'No plot: {e}', file=sys.stderr)
    print(markdown_table(results))
    return results


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ### The table of this page

    Made from the results; the tests check that the page shows the committed results.
    """
    rows = ['| samples | classes with at least 2% | classified with probability at least 0.9 | training, wall |',
            '| --- | --- | --- | --- |']
    for r in results['runs']:
        rows.append(f'| generated, seed {r["seed"]} | {r["classes"]}/10 | {100 * r["confident_share"]:.1f}% | '
                    f'{r["train_seconds"]:.0f} s |')
    rows.append(f'| real, held out | 10/10 | {100 * results["real"]["confident_share"]:.1f}% | |')
    return '\n'.join(rows)


if __name__ == '__main__':
    main()
