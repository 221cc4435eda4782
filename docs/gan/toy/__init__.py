r"""
---
title: GAN and WGAN-GP on Mixtures of Gaussians
summary: >
  Trains a GAN with the non-saturating loss and a WGAN-GP on a ring of 8 Gaussians and a grid
  of 25 Gaussians, over three seeds, and counts the modes each covers and the share of its samples
  near a mode, with the scatter plots of the samples.
---

# GAN and WGAN-GP on Mixtures of Gaussians

The toy experiments of [WGAN-GP](../wasserstein/index.html)
([Improved Training of Wasserstein GANs](https://arxiv.org/abs/1704.00028), Gulrajani et al., 2017) train
small fully connected networks on two-dimensional mixtures of Gaussians, where one can see at a glance which
modes a generator found and how its samples spread. This page does the same with
the [GAN's non-saturating loss](../original/index.html) and with WGAN-GP, on

* `ring`: $8$ Gaussians with their centres evenly spaced on a circle of radius $\sqrt{2}$,
  standard deviation $0.02 / \sqrt{2} \approx 0.014$;
* `grid`: $25$ Gaussians with their centres at $\frac{1}{\sqrt{2}} \{-2, -1, 0, 1, 2\}^2$,
  standard deviation $0.05 / (2 \sqrt{2}) \approx 0.018$;

both generated in code, at the scales of the paper's toy code. The two methods share the networks,
the optimiser and the number of generator steps; they differ only in the losses and in $n_{critic}$.

To put numbers on the figure we count, on $2{,}500$ samples of the trained generator, with the
measures later papers on mode collapse use:

* a sample is *near a mode* (a high-quality sample) when it is within three standard deviations of the
  nearest centre;
* a mode is *covered* when at least $10$ samples are near it.

### The command

```shell
OMP_NUM_THREADS=1 python -m labml_nn.gan.toy --jobs 6
```

trains each method on each data set with seeds $1$, $2$ and $3$, six runs at a time in processes of one
thread each: networks of three hidden layers of $64$ ReLUs, noise $z \in \mathbb{R}^2$, batches of
$256$, Adam with $\alpha = 10^{-3}$, $\beta_1 = 0.5$, $\beta_2 = 0.9$ for both networks, and $2{,}000$
generator steps; the GAN's discriminator takes one step per generator step, WGAN-GP's critic
$n_{critic} = 5$ with $\lambda = 10$. It writes [`results.json`](results.json) and the scatter plots
beside this page. `--steps`, `--seeds` and `--out` change the budget, the seeds and where the files go;
`--work-dir DIR` keeps the checkpoints and `--resume` continues each run from them;
`python -m labml_nn.gan.toy --help` lists the rest.

### The result

The run took 24 minutes in all on an AMD EPYC processor whose two cores other work shared; the twelve
runs add up to 5 minutes of processor time, a GAN run $8$ to $9$ seconds and a WGAN-GP run,
with its five critic steps and the second derivative of the penalty, $42$ to $46$.
Samples of the generator are orange, the data black, and the shades are the discriminator's logit
(GAN) or the critic's value (WGAN-GP), dark where it is high.

| data | method | modes covered, seeds 1, 2, 3 | mean | near a mode, seeds 1, 2, 3 | mean |
| --- | --- | --- | --- | --- | --- |
| `ring` | GAN | 5, 8, 4 of 8 | 5.67 | 69.5, 87.2, 57.8% | 71.5% |
| `ring` | WGAN-GP | 0, 5, 8 of 8 | 4.33 | 0.0, 23.1, 45.2% | 22.8% |
| `grid` | GAN | 9, 9, 10 of 25 | 9.33 | 11.2, 16.4, 16.9% | 14.8% |
| `grid` | WGAN-GP | 0, 0, 2 of 25 | 0.67 | 1.3, 1.8, 2.5% | 1.9% |

[![Samples of the GAN and of WGAN-GP on the ring and the grid, one panel per seed, over the discriminator's logit or the critic's value](samples.png)](samples.png)

### What it shows

*At this budget the GAN does better than WGAN-GP, the reverse of the paper.*
On the ring the GAN covers $5.67$ of the $8$ modes on average and puts $71.5\%$ of its samples near
one; WGAN-GP covers $4.33$ with $22.8\%$. On the grid the GAN covers $9$ or $10$ of the $25$ modes,
all of them on the border (its samples trace the outline of the grid), and WGAN-GP at most $2$,
with under $3\%$ of its samples near any mode.

*The seeds disagree.* The GAN on the ring covers all $8$ modes with seed $2$ ($87.2\%$ near a
mode) and drops $3$ and $4$ with seeds $1$ and $3$: the mode dropping that Wasserstein GANs were meant
to avoid. WGAN-GP on the ring ranges from all $8$ modes with seed $3$ to none with seed $1$, whose
samples sit in a blob away from the modes.

*The penalty does what it is for, the generator has not caught up.*
The critics of WGAN-GP are smooth slopes, without the sharp peaks that the GAN's discriminator puts
on each mode, as in the paper's figures of critics trained with the penalty. But after
$2{,}000$ generator steps its samples are still spread between and beside the modes, and on the grid
they have not reached most of the data. We did not look into why; longer training and a lower
learning rate are the first things to try.

*Where it differs from the paper.* The paper's toy experiments use wider networks ($512$ units) and
train far longer; these runs have $64$ units and $2{,}000$ generator steps, a budget of minutes on
one thread, with the learning rate $10^{-3}$ for both methods and the paper's $\lambda = 10$, neither tuned
for WGAN-GP. The run shows what each method reaches with the same small budget of generator steps,
not what it reaches at convergence, and does not test the paper's claim there.
"""

import argparse
import json
import math
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional

import torch
from torch import nn

from labml_nn.gan.original import DiscriminatorLogitsLoss, GeneratorLogitsLoss
from labml_nn.gan.wasserstein import CriticLoss, GeneratorLoss, GradientPenalty
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.helpers.records import processor_name

# The methods and the data sets
METHODS = ['gan', 'wgan-gp']
DATASETS = ['ring', 'grid']
# The standard deviation of each Gaussian of a data set
STD = {'ring': 0.02 / math.sqrt(2), 'grid': 0.05 / (2 * math.sqrt(2))}
# A sample is near a mode within this many standard deviations of its centre
NEAR = 3.0
# and a mode is covered with at least this many samples near it
MIN_SAMPLES = 10
# The files of the result, written beside this page by default
RESULTS_FILE = 'results.json'
PLOT_FILE = 'samples.png'
HERE = Path(__file__).resolve().parent


def mode_centres(dataset: str) -> torch.Tensor:
    """
    <a id="mode_centres"></a>

    ### The centres of the Gaussians

    As in the WGAN-GP paper's toy code, scaled to about the size of the generator's noise.
    `[n_modes, 2]`
    """
    if dataset == 'ring':
        # $8$ angles $\frac{2 \pi k}{8}$ on a circle of radius $\sqrt{2}$
        angle = torch.arange(8, dtype=torch.float32) * (2 * math.pi / 8)
        return math.sqrt(2) * torch.stack([torch.cos(angle), torch.sin(angle)], dim=1)
    if dataset == 'grid':
        # $\frac{1}{\sqrt{2}} \{-2, -1, 0, 1, 2\}^2$
        v = torch.arange(-2, 3, dtype=torch.float32) / math.sqrt(2)
        return torch.cartesian_prod(v, v)
    raise ValueError(f'unknown data set {dataset}')


def sample_data(dataset: str, n: int, generator: torch.Generator) -> torch.Tensor:
    """
    <a id="sample_data"></a>

    ### A batch of data

    $n$ points, each from one of the Gaussians chosen uniformly, `[n, 2]`.
    """
    # `[n_modes, 2]`
    centres = mode_centres(dataset)
    # The mode of each point, `[n]`
    k = torch.randint(len(centres), (n,), generator=generator)
    # Centre plus Gaussian noise, `[n, 2]`
    return centres[k] + STD[dataset] * torch.randn(n, 2, generator=generator)


def mode_metrics(samples: torch.Tensor, dataset: str) -> Dict:
    """
    <a id="mode_metrics"></a>

    ### Modes covered and samples near a mode

    For samples `[n, 2]`: the number of modes covered, the share of the samples near a mode,
    and how many samples are near each mode.
    """
    # `[n_modes, 2]`
    centres = mode_centres(dataset)
    # Distance of each sample to each centre, `[n, n_modes]`
    distance = torch.cdist(samples.float(), centres)
    # The nearest centre and its distance, `[n]`
    nearest, k = distance.min(dim=1)
    # Near a mode: within $3 \sigma$, `[n]`
    near = nearest < NEAR * STD[dataset]
    # Samples near each mode, `[n_modes]`
    counts = torch.bincount(k[near], minlength=len(centres))
    #
    return {
        'modes': int((counts >= MIN_SAMPLES).sum()),
        'near_share': round(float(near.float().mean()), 4),
        'near_counts': counts.tolist(),
    }


class MLP(nn.Module):
    """
    <a id="MLP"></a>

    ### The networks

    The generator (noise $z \\in \\mathbb{R}^2$, $z \\sim \\mathcal{N}(0, I)$, to a point) and the
    discriminator or critic (a point to a logit or a value) are both three hidden layers of ReLUs,
    as in the WGAN-GP paper's toy code, narrower here.
    """

    def __init__(self, d_in: int, d_out: int, hidden: int):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(d_in, hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, d_out))

    def forward(self, x: torch.Tensor):
        # `[batch_size, d_in]` to `[batch_size, d_out]`
        return self.net(x)


class ToyRun:
    """
    <a id="ToyRun"></a>

    ## One training run

    One method on one data set with one seed: the two networks, their Adam optimisers
    ($\\alpha = 10^{-4}, \\beta_1 = 0.5, \\beta_2 = 0.9$, the WGAN-GP paper's) and a random number
    generator of its own for the data, the noise and $\\epsilon$, so that a run resumed from its
    checkpoint continues exactly as it would have.
    """

    def __init__(self, method: str, dataset: str, seed: int, args: argparse.Namespace):
        self.method, self.dataset, self.seed, self.args = method, dataset, seed, args
        # The initial weights depend on the seed only
        torch.manual_seed(seed)
        self.generator = MLP(2, 2, args.hidden)
        self.critic = MLP(2, 1, args.hidden)
        # Adam for both
        betas = (0.5, 0.9)
        self.opt_g = torch.optim.Adam(self.generator.parameters(), lr=args.lr, betas=betas)
        self.opt_c = torch.optim.Adam(self.critic.parameters(), lr=args.lr, betas=betas)
        # The losses of the method
        self.d_loss, self.g_loss = DiscriminatorLogitsLoss(), GeneratorLogitsLoss()
        self.critic_loss, self.wgan_g_loss, self.penalty = CriticLoss(), GeneratorLoss(), GradientPenalty()
        # The run's random numbers
        self.rng = torch.Generator().manual_seed(seed)
        self.step = 0

    def noise(self, n: int) -> torch.Tensor:
        """$z \\sim \\mathcal{N}(0, I)$, `[n, 2]`"""
        return torch.randn(n, 2, generator=self.rng)

    def train_step(self) -> Dict[str, float]:
        """
        <a id="train_step"></a>

        ### A training step

        One step of the generator, after one step of the discriminator (GAN) or $n_{critic}$ steps of the
        critic (WGAN-GP, Algorithm 1 of the paper).
        """
        m = self.args.batch_size
        # The discriminator's or critic's steps
        critic_steps = self.args.n_critic if self.method == 'wgan-gp' else 1
        for _ in range(critic_steps):
            # $x \sim p_{data}$ and $\tilde{x} = G(z)$, `[m, 2]`; the generator is fixed here
            real = sample_data(self.dataset, m, self.rng)
            with torch.no_grad():
                fake = self.generator(self.noise(m))
            if self.method == 'gan':
                # $\mathcal{L}_D$ on the logits, each `[m, 1]`
                loss_c = self.d_loss(self.critic(real), self.critic(fake))
            else:
                # $\epsilon \sim U[0, 1]$, `[m]`
                eps = torch.rand(m, generator=self.rng)
                # $\mathcal{L}_f = f(\tilde{x}) - f(x) + \lambda (\Vert \nabla_{\hat{x}} f(\hat{x}) \Vert_2 - 1)^2$
                loss_c = (self.critic_loss(self.critic(real), self.critic(fake))
                          + self.args.gp_lambda * self.penalty(self.critic, real, fake, eps))
            self.opt_c.zero_grad()
            loss_c.backward()
            self.opt_c.step()

        # The generator's step, on new noise, `[m, 2]`
        fake = self.generator(self.noise(m))
        # $-\log D(G(z))$ or $-f(G(z))$
        out = self.critic(fake)
        loss_g = self.g_loss(out) if self.method == 'gan' else self.wgan_g_loss(out)
        self.opt_g.zero_grad()
        loss_g.backward()
        self.opt_g.step()
        # Only the generator's step moved the critic's gradients; clear them for the next steps
        self.opt_c.zero_grad()
        self.step += 1
        #
        return {'critic': loss_c.item(), 'generator': loss_g.item()}

    def state_dict(self) -> Dict:
        """The checkpoint: the networks, the optimisers, the step and the random state"""
        return {'generator': self.generator.state_dict(), 'critic': self.critic.state_dict(),
                'opt_g': self.opt_g.state_dict(), 'opt_c': self.opt_c.state_dict(),
                'step': self.step, 'rng': self.rng.get_state(),
                'method': self.method, 'dataset': self.dataset, 'seed': self.seed}

    def load_state_dict(self, state: Dict):
        """Continue from a checkpoint"""
        self.generator.load_state_dict(state['generator'])
        self.critic.load_state_dict(state['critic'])
        self.opt_g.load_state_dict(state['opt_g'])
        self.opt_c.load_state_dict(state['opt_c'])
        self.step = state['step']
        self.rng.set_state(state['rng'])

    @torch.no_grad()
    def samples(self, n: int) -> torch.Tensor:
        """$n$ samples of the generator, the same noise for every run of a seed, `[n, 2]`"""
        z = torch.randn(n, 2, generator=torch.Generator().manual_seed(10_000 + self.seed))
        return self.generator(z)


def train(method: str, dataset: str, seed: int, args: argparse.Namespace, work: Path) -> Dict:
    """
    <a id="train"></a>

    ### Train and measure one run

    Trains for `args.steps` generator steps, resuming from the run's checkpoint in `work`
    with `--resume`, writes the checkpoint every `--checkpoint-interval` steps and at the end,
    and measures the samples. Returns the run's results; the samples and the critic's values
    on a grid of points, for the plot, are under the keys that start with `_`.
    """
    run = ToyRun(method, dataset, seed, args)
    checkpoint = work / f'{method}_{dataset}_{seed}.pt'
    if args.resume and checkpoint.is_file():
        run.load_state_dict(torch.load(checkpoint, weights_only=True))
        print(f'{method} {dataset} seed {seed}: resumed at step {run.step}')
    # Timed by the clock and by the processor
    start, start_cpu = time.perf_counter(), time.process_time()
    while run.step < args.steps:
        losses = run.train_step()
        if run.step % args.log_interval == 0 or run.step == args.steps:
            print(f'{method} {dataset} seed {seed} step {run.step}: '
                  f'critic {losses["critic"]:.4f} generator {losses["generator"]:.4f}', flush=True)
        if run.step % args.checkpoint_interval == 0 or run.step == args.steps:
            work.mkdir(parents=True, exist_ok=True)
            torch.save(run.state_dict(), checkpoint)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu
    # The samples and their measures
    samples = run.samples(args.eval_samples)
    metrics = mode_metrics(samples, dataset)
    print(f'{method} {dataset} seed {seed}: {metrics["modes"]} modes covered, '
          f'{100 * metrics["near_share"]:.1f}% of the samples near a mode, {seconds:.0f} s', flush=True)
    # The critic's value (or the discriminator's logit) on a grid over the plot, `[grid, grid]`
    lim = 2.0
    axis = torch.linspace(-lim, lim, 80)
    with torch.no_grad():
        values = run.critic(torch.cartesian_prod(axis, axis)).view(80, 80)
    #
    return {'method': method, 'dataset': dataset, 'seed': seed, 'steps': run.step,
            **metrics,
            'train_seconds': round(seconds, 1), 'train_cpu_seconds': round(cpu_seconds, 1),
            '_samples': samples, '_values': values, '_axis': axis}


def summary(runs: List[Dict]) -> List[Dict]:
    """
    <a id="summary"></a>

    ### Over the seeds

    For each data set and method: the modes covered and the share near a mode of each seed,
    and their means.
    """
    rows = []
    for dataset in DATASETS:
        for method in METHODS:
            rs = [r for r in runs if r['dataset'] == dataset and r['method'] == method]
            if not rs:
                continue
            rows.append({'dataset': dataset, 'method': method,
                         'seeds': [r['seed'] for r in rs],
                         'modes': [r['modes'] for r in rs],
                         'n_modes': len(mode_centres(dataset)),
                         'near_share': [r['near_share'] for r in rs],
                         'mean_modes': round(sum(r['modes'] for r in rs) / len(rs), 2),
                         'mean_near_share': round(sum(r['near_share'] for r in rs) / len(rs), 4),
                         'train_seconds': round(sum(r['train_seconds'] for r in rs), 1)})
    return rows


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ### The table of this page

    Made from the results; the tests check that the page shows the committed results.
    """
    # The seeds, the same for every row
    seeds = 'seeds ' + ', '.join(str(seed) for seed in results['summary'][0]['seeds'])
    rows = [f'| data | method | modes covered, {seeds} | mean | near a mode, {seeds} | mean |',
            '| --- | --- | --- | --- | --- | --- |']
    for s in results['summary']:
        modes = ', '.join(str(m) for m in s['modes']) + f' of {s["n_modes"]}'
        near = ', '.join(f'{100 * v:.1f}' for v in s['near_share']) + '%'
        rows.append(f'| `{s["dataset"]}` | {s["method"].upper()} | {modes} | {s["mean_modes"]:.2f} | '
                    f'{near} | {100 * s["mean_near_share"]:.1f}% |')
    return '\n'.join(rows)


def write_plot(runs: List[Dict], path: Path) -> Path:
    """
    <a id="write_plot"></a>

    ### The scatter plots

    A row for each data set and method, a column for each seed: the generator's samples (orange)
    over the data (black), on the critic's value or the discriminator's logit (shades).
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None
    rows = [(d, m) for d in DATASETS for m in METHODS if any(r['dataset'] == d and r['method'] == m for r in runs)]
    seeds = sorted({r['seed'] for r in runs})
    fig = Figure(figsize=(2.6 * len(seeds), 2.6 * len(rows)), layout='constrained')
    axes = fig.subplots(len(rows), len(seeds), squeeze=False)
    for i, (dataset, method) in enumerate(rows):
        data = sample_data(dataset, 1000, torch.Generator().manual_seed(0))
        for j, seed in enumerate(seeds):
            ax = axes[i][j]
            r = next(r for r in runs if (r['dataset'], r['method'], r['seed']) == (dataset, method, seed))
            axis = r['_axis'].numpy()
            ax.contourf(axis, axis, r['_values'].T.numpy(), levels=20, cmap='Blues', alpha=0.6)
            ax.scatter(data[:, 0], data[:, 1], s=1, c='black')
            s = r['_samples'][:1000]
            ax.scatter(s[:, 0], s[:, 1], s=1, c='tab:orange', alpha=0.6)
            ax.set_xlim(axis[0], axis[-1]), ax.set_ylim(axis[0], axis[-1])
            ax.set_xticks([]), ax.set_yticks([])
            ax.set_title(f'{method.upper()} {dataset}, seed {seed}: {r["modes"]} modes, '
                         f'{100 * r["near_share"]:.0f}%', fontsize=8)
    path = Path(path)
    fig.savefig(path, dpi=80, metadata={'Software': None})
    return path


def environment() -> Dict:
    """
    <a id="environment"></a>

    ### What the run ran on

    The versions, the processor and the threads, for the results file.
    """
    return {'torch': torch.__version__, 'python': platform.python_version(),
            'processor': processor_name(), 'torch_threads': torch.get_num_threads(),
            'omp_num_threads': os.environ.get('OMP_NUM_THREADS')}


def build_parser() -> argparse.ArgumentParser:
    """
    <a id="build_parser"></a>

    ### Command line options
    """
    p = argparse.ArgumentParser(
        prog='python -m labml_nn.gan.toy',
        description='Train a GAN (non-saturating loss) and a WGAN-GP on a ring of 8 and a grid of 25 '
                    'Gaussians with several seeds, and count the modes covered and the samples near a mode.')
    p.add_argument('--methods', nargs='+', choices=METHODS, default=METHODS, help='methods (default: both)')
    p.add_argument('--datasets', nargs='+', choices=DATASETS, default=DATASETS, help='data sets (default: both)')
    p.add_argument('--seeds', nargs='+', type=int, default=[1, 2, 3], help='seeds (default: 1 2 3)')
    p.add_argument('--steps', type=int, default=STEPS, help=f'generator steps of each run (default: {STEPS})')
    p.add_argument('--hidden', type=int, default=HIDDEN, help=f'width of the hidden layers (default: {HIDDEN})')
    p.add_argument('--batch-size', type=int, default=256, help='batch size (default: 256)')
    p.add_argument('--lr', type=float, default=LR, help=f'learning rate of Adam (default: {LR})')
    p.add_argument('--n-critic', type=int, default=5, help='critic steps per generator step of WGAN-GP (default: 5)')
    p.add_argument('--gp-lambda', type=float, default=GP_LAMBDA,
                   help=f'weight of the gradient penalty (default: {GP_LAMBDA})')
    p.add_argument('--eval-samples', type=int, default=2500, help='samples measured per run (default: 2500)')
    p.add_argument('--log-interval', type=int, default=500, help='steps between progress lines (default: 500)')
    p.add_argument('--checkpoint-interval', type=int, default=500,
                   help='steps between checkpoints (default: 500)')
    p.add_argument('--jobs', type=int, default=1, help='runs trained at once, in processes of one thread '
                                                        'each (default: 1)')
    p.add_argument('--work-dir', help='folder for the checkpoints (default: a temporary folder, removed at the end)')
    p.add_argument('--resume', action='store_true', help='continue each run from its checkpoint in --work-dir')
    p.add_argument('--out', default=str(HERE), help=f'folder for {RESULTS_FILE} and {PLOT_FILE} '
                                                    '(default: beside this page)')
    p.add_argument('--no-plot', action='store_true', help='do not draw the scatter plots')
    return p


# The committed run's budget: generator steps, width, penalty weight and learning rate
STEPS = 2000
HIDDEN = 64
GP_LAMBDA = 10.0
LR = 1e-3


def main(argv: Optional[List[str]] = None) -> Dict:
    """
    <a id="main"></a>

    ### Run the comparison

    Every method on every data set with every seed, then the results, the table and the plot.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.steps < 1 or args.eval_samples < 1 or args.jobs < 1:
        parser.error('--steps, --eval-samples and --jobs must be at least 1')
    if args.resume and not args.work_dir:
        parser.error('--resume needs --work-dir, where the checkpoints are')
    torch.set_num_threads(int(os.environ.get('OMP_NUM_THREADS', '1')))
    start, start_cpu = time.perf_counter(), time.process_time()
    cpu_children = os.times().children_user + os.times().children_system
    # Every run, in the order of the table
    todo = [(m, d, s) for d in args.datasets for m in args.methods for s in args.seeds]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.work_dir or tmp)
        if args.jobs == 1:
            runs = [train(m, d, s, args, work) for m, d, s in todo]
        else:
            # Runs in parallel processes of one thread each; a run depends only on its seed, so the results
            # are those of one process
            import multiprocessing
            with multiprocessing.get_context('spawn').Pool(args.jobs) as pool:
                runs = pool.starmap(train, [(m, d, s, args, work) for m, d, s in todo])
    defaults = {a.dest: a.default for a in parser._actions}
    given = [f'--{k.replace("_", "-")} {" ".join(map(str, v)) if isinstance(v, list) else v}'
             for k, v in vars(args).items()
             if k not in ('out', 'work_dir', 'resume', 'no_plot', 'log_interval', 'checkpoint_interval')
             and v != defaults[k]]
    results = {
        'command': ' '.join(['OMP_NUM_THREADS=1 python -m labml_nn.gan.toy', *given]),
        'options': {k: v for k, v in vars(args).items() if k not in ('out', 'work_dir', 'resume', 'no_plot')},
        'near_std': NEAR, 'min_samples': MIN_SAMPLES,
        **environment(),
        'wall_seconds': round(time.perf_counter() - start, 1),
        # This process's processor time, and that of the parallel processes, if any, and the sum of the runs'
        'cpu_seconds': round(time.process_time() - start_cpu, 1),
        'cpu_seconds_children': round(os.times().children_user + os.times().children_system - cpu_children, 1),
        'train_cpu_seconds': round(sum(r['train_cpu_seconds'] for r in runs), 1),
        'jobs': args.jobs,
        'summary': summary(runs),
        'runs': [{k: v for k, v in r.items() if not k.startswith('_')} for r in runs],
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / RESULTS_FILE
    path.write_text(json.dumps(results, indent=1) + '\n', encoding='utf-8')
    print(f'Wrote {path}')
    if not args.no_plot:
        try:
            print(f'Wrote {write_plot(runs, out / PLOT_FILE)}')
        except PlotUnavailableError as e:
            print(f'No plot: {e}', file=sys.stderr)
    print(markdown_table(results))
    print(f'Wall time: {results["wall_seconds"] / 60:.1f} minutes, '
          f'processor time: {results["cpu_seconds"] / 60:.1f} minutes')
    return results
