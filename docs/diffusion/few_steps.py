r"""
---
title: Sample Quality against Sampling Steps, DDIM and DDPM on Digits
summary: >
  Reproduces the shape of DDIM's Table 1 on scikit-learn's 8×8 digits: one DDPM-trained U-Net,
  sampled with 10 to 1,000 steps with eta 0 (DDIM) and eta 1, its samples scored by a Fréchet distance
  in the features of a small digit classifier.
---

# Sample Quality against Sampling Steps

[DDIM](ddim/index.html) claims that a model trained as a [DDPM](ddpm/index.html) samples well in far
fewer steps than it was trained with, as long as the sampler is deterministic ($\eta = 0$),
while the stochastic sampler ($\eta = 1$, DDPM's reverse process) needs all of them
(Table 1 of the paper, on CIFAR-10 and CelebA). This page checks that claim on the
$8 \times 8$ handwritten digits of [the experiment](experiment.html).

### The command

```shell
OMP_NUM_THREADS=1 python -m labml_nn.diffusion.few_steps
```

trains the [U-Net](ddpm/unet.html) as a DDPM with [the experiment](experiment.html), then samples the same
trained model with each sampler and number of steps, and scores the samples.
`--train-steps`, `--sample-steps`, `--samples`, `--seeds` and `--out` change what is run and where the
files go; `python -m labml_nn.diffusion.few_steps --help` lists the rest.

### The score

The paper scores samples by the FID, the Fréchet distance between Gaussians fitted to the features of an
Inception network for the samples and for the training images,
$$d^2 = \lVert \mu_1 - \mu_2 \rVert^2 + \mathop{tr}\Big(\Sigma_1 + \Sigma_2 - 2 \big(\Sigma_1 \Sigma_2\big)^{1/2}\Big)$$
An ImageNet network means nothing for $8 \times 8$ digits, so the features here are those of
[a small digit classifier](#DigitClassifier) (the $64$ activations before its last layer) trained once on
the training split, the same classifier for every row. The distances are in its units, comparable with each
other and with the floor below, not with the paper's numbers. Each row scores as many samples as there are
held-out images, and the floor is the distance of the held-out images, real digits the model never saw, to
the training images: a sampler that reaches it makes digits as close to the training set as new real ones.

### The result

The run took 42 minutes on one thread of an AMD EPYC whose two cores other work shared,
9 minutes of it processor time: 4 for the $3{,}000$ steps of training, the rest for the classifier
and the sampling, of which the rows with $1{,}000$ steps took most
(torch 2.13.0+cpu, Python 3.11.7, scikit-learn 1.9.1).
The U-Net has $211{,}841$ parameters; it trained with batches of $128$ images, seeing each training
digit about $267$ times, and its loss $L_\text{simple}$ ended at $0.084$ on the last training batches.
The classifier gets $99.2\%$ of the $360$ held-out digits right, and the held-out digits are at
distance $13.31$ from the training digits: the floor. Each row is $360$ samples, and all the rows of a
seed start from the same noise $x_T$.

| sampler / steps | seed | 10 | 20 | 50 | 100 | 1000 |
| --- | --- | --- | --- | --- | --- | --- |
| $\eta = 0$ | 1 | 32.85 | 21.61 | 17.91 | 17.18 | 16.63 |
| $\eta = 1$ | 1 | 40.22 | 11.07 | 9.58 | 8.20 | 12.55 |
| DDPM, $\sigma_t^2 = \beta_t$ | 1 |  |  |  |  | 12.85 |
| $\eta = 0$ | 2 | 37.79 | 24.69 | 19.46 | 18.35 | 17.49 |
| $\eta = 1$ | 2 | 36.50 | 13.53 | 9.85 | 8.51 | 13.49 |
| DDPM, $\sigma_t^2 = \beta_t$ | 2 |  |  |  |  | 13.50 |

[![The Fréchet distance against the number of sampling steps for each sampler and seed, with the floor](fid.png)](fid.png)

[![The first 36 samples of each row of seed 1](samples.png)](samples.png)

[![The training loss against the steps](loss.png)](loss.png)

### What it shows

*The deterministic sampler keeps its quality down to a few dozen steps.* With $\eta = 0$ the distance
is $16.63$ with $1{,}000$ steps, $17.18$ with $100$ and $17.91$ with $50$ (seed 1; seed 2 is a little
higher all along, with the same shape), and rises only below that, to $21.61$ with $20$ and $32.85$
with $10$. The samples show why: from the same $x_T$, $\eta = 0$ gives nearly the same digit whatever the
number of steps, as the DDIM paper observes, so fewer steps change it only a little.
That half of the paper's claim holds.

*The other half does not, at this scale.* With $\eta = 1$ the stochastic sampler does not degrade
from $1{,}000$ steps to $20$: it improves, from $12.55$ to $8.20$ with $100$ steps, $9.58$ with $50$ and
$11.07$ with $20$ (seed 1; $13.49$, $8.51$, $9.85$ and $13.53$ for seed 2), better than $\eta = 0$ with any
number of steps. Only with $10$ steps does it fall, to $40.22$ and $36.50$, where $\eta = 0$ has $32.85$
and $37.79$: at $10$ steps the two seeds disagree about which sampler is better.
In the paper (CIFAR-10), $\eta = 1$ is worse than $\eta = 0$ at every number of steps.
DDPM's own sampler, $\sigma_t^2 = \beta_t$, with all $1{,}000$ steps ($12.85$ and $13.50$) is as good as
$\eta = 1$, whose variance is $\tilde\beta_t$ ($12.55$ and $13.49$), as the DDPM paper found of the two variances.

*Below the floor.* The $\eta = 1$ rows with $20$ to $100$ steps are closer to the training digits than the
held-out digits are. A model that reproduces training digits would do that, and this one saw each of
them about $267$ times; we did not check its samples for copies. The $\eta = 0$ digits look thicker and
darker than those of $\eta = 1$ in the grid, which the classifier's features may weigh; and a stochastic
step can correct an error of the noise prediction in an earlier step, where a deterministic one carries
it to the end, which matters more for a small model trained briefly than for the paper's.
We did not test these explanations.

### Where it differs from the paper

The data are $1{,}437$ grey digits of $8 \times 8$ pixels, not $50{,}000$ colour images of $32 \times 32$;
the U-Net has $211{,}841$ parameters, not $35.7$ million, trained for $3{,}000$ steps of $128$ images,
not $800{,}000$; its weights are averaged with a decay of $0.995$, not $0.9999$.
The score is a Fréchet distance in the $64$ features of a digit classifier from $360$ samples, not the FID
in the $2{,}048$ features of Inception from $50{,}000$ samples: its values cannot be compared with the paper's,
and with so few samples each carries a bias that grows as the samples get fewer, which is why every row and
the floor use $360$. The sub-sequences are evenly spaced, while the paper's CIFAR-10 runs space them
quadratically. The paper's table also runs DDPM's $\sigma_t^2 = \beta_t$ with fewer steps; here it runs
with all $1{,}000$. The predicted $x_0$ is not clipped while sampling; the samples are clamped to $[-1, 1]$
only before the classifier sees them. And there is one training run (seed 1) and two sampling seeds:
how much another training run would move these numbers, this run does not say.
"""

import argparse
import json
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

from labml_nn.diffusion import experiment
from labml_nn.diffusion.ddim import DDIMSampler
from labml_nn.diffusion.experiment import image_grid, load_digits_split
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.helpers.records import processor_name

# The files of the result, written beside this page by default
RESULTS_FILE = 'results.json'
PLOT_FILE = 'fid.png'
SAMPLES_FILE = 'samples.png'
LOSS_FILE = 'loss.png'
# Where they go by default: the folder of this page
HERE = Path(__file__).resolve().parent


class DigitClassifier(nn.Module):
    r"""
    <a id="DigitClassifier"></a>

    ## The digit classifier

    Two $3 \times 3$ convolutions, a $2 \times 2$ max-pooling, and two linear layers; the $64$ features
    before the last layer are the space of the Fréchet distance.
    """

    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 64, 3, padding=1),
                                  nn.ReLU(), nn.MaxPool2d(2), nn.Flatten())
        self.features = nn.Sequential(nn.Linear(64 * 4 * 4, 64), nn.ReLU())
        self.head = nn.Linear(64, 10)

    def embed(self, x: torch.Tensor) -> torch.Tensor:
        """
        The features of images `[n, 1, 8, 8]` in $[-1, 1]$, `[n, 64]`
        """
        return self.features(self.conv(x))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # Logits, `[n, 10]`
        return self.head(self.embed(x))


def train_classifier(images: torch.Tensor, labels: torch.Tensor, epochs: int, seed: int) -> DigitClassifier:
    """
    ### Train the classifier

    Adam with mini-batches of $64$ on the training images, for `epochs` passes
    """
    torch.manual_seed(seed)
    model = DigitClassifier()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    generator = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        for batch in torch.randperm(len(images), generator=generator).split(64):
            loss = F.cross_entropy(model(images[batch]), labels[batch])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    #
    return model.eval()


def frechet_distance(a: np.ndarray, b: np.ndarray) -> float:
    r"""
    <a id="frechet_distance"></a>

    ### Fréchet distance

    $d^2 = \lVert \mu_a - \mu_b \rVert^2 + \mathop{tr}\big(\Sigma_a + \Sigma_b - 2 (\Sigma_a \Sigma_b)^{1/2}\big)$
    between Gaussians fitted to the features `a`, `[n_a, d]`, and `b`, `[n_b, d]`.
    $\Sigma_a \Sigma_b$ is not symmetric, but it has the eigenvalues of the symmetric
    $\Sigma_a^{1/2} \Sigma_b \Sigma_a^{1/2}$, so the trace of its square root is the sum of their square roots.
    """
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    # $\mu$ and $\Sigma$ of each
    mu_a, mu_b = a.mean(axis=0), b.mean(axis=0)
    cov_a, cov_b = np.cov(a, rowvar=False), np.cov(b, rowvar=False)
    # $\Sigma_a^{1/2}$ from the eigenvectors of $\Sigma_a$
    w, v = np.linalg.eigh(cov_a)
    sqrt_a = (v * np.sqrt(w.clip(min=0.))) @ v.T
    # $\mathop{tr} (\Sigma_a \Sigma_b)^{1/2} = \sum_i \sqrt{\lambda_i}$, $\lambda_i$ the eigenvalues of
    # $\Sigma_a^{1/2} \Sigma_b \Sigma_a^{1/2}$
    tr_sqrt = np.sqrt(np.linalg.eigvalsh(sqrt_a @ cov_b @ sqrt_a).clip(min=0.)).sum()
    #
    return float(((mu_a - mu_b) ** 2).sum() + np.trace(cov_a) + np.trace(cov_b) - 2. * tr_sqrt)


@torch.no_grad()
def features(classifier: DigitClassifier, images: torch.Tensor) -> np.ndarray:
    """
    The classifier's features of images, clamped to the pixel range first, `[n, 64]`
    """
    return classifier.embed(images.clamp(-1., 1.)).double().numpy()


def row_name(row: Dict) -> str:
    """
    The sampler of a row, as the table writes it
    """
    return r'DDPM, $\sigma_t^2 = \beta_t$' if row['sampler'] == 'ddpm' else f'$\\eta = {row["eta"]:g}$'


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ### The table of this page

    A row for each sampler and seed, a column for each number of steps $S$; the tests check that the page
    shows the committed results.
    """
    steps = results['sample_steps']
    rows = ['| sampler / steps | seed | ' + ' | '.join(f'{s}' for s in steps) + ' |',
            '| --- ' * (len(steps) + 2) + '|']
    # The rows of the results, grouped by sampler and seed
    keys = []
    for r in results['rows']:
        key = (r['sampler'], r['eta'], r['seed'])
        if key not in keys:
            keys.append(key)
    for sampler, eta, seed in keys:
        by_steps = {r['steps']: r['fid'] for r in results['rows'] if (r['sampler'], r['eta'], r['seed']) == (sampler, eta, seed)}
        cells = ' | '.join(f'{by_steps[s]:.2f}' if s in by_steps else '' for s in steps)
        rows.append(f'| {row_name({"sampler": sampler, "eta": eta})} | {seed} | {cells} |')
    #
    return '\n'.join(rows)


def write_plots(results: Dict, grids: Dict[str, torch.Tensor], out: Path) -> List[Path]:
    """
    ### The plots

    The Fréchet distance against the number of steps, the samples of each row, and the training loss
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None
    out.mkdir(parents=True, exist_ok=True)
    paths = []

    # The distance against the steps, a line for each $\eta$ and seed
    fig = Figure(figsize=(6, 3.8), layout='constrained')
    ax = fig.subplots()
    for (eta, color) in ((0., 'C0'), (1., 'C3')):
        for k, seed in enumerate(results['seeds']):
            rows = [r for r in results['rows'] if r['sampler'] == 'ddim' and r['eta'] == eta and r['seed'] == seed]
            ax.plot([r['steps'] for r in rows], [r['fid'] for r in rows], 'o-' if k == 0 else 's--', color=color,
                    label=f'η = {eta:g}, seed {seed}', alpha=1. if k == 0 else 0.6)
    for k, r in enumerate(r for r in results['rows'] if r['sampler'] == 'ddpm'):
        ax.plot([r['steps']], [r['fid']], 'k^', label='DDPM, σ² = β' if k == 0 else None)
    ax.axhline(results['floor'], color='gray', linestyle=':', label='held-out digits (floor)')
    ax.set_xscale('log')
    ax.set_yscale('log')
    ax.set_xticks(results['sample_steps'], [str(s) for s in results['sample_steps']])
    ax.set_xlabel('sampling steps S')
    ax.set_ylabel('Fréchet distance to the training digits')
    ax.grid(alpha=0.3)
    ax.legend(fontsize='small')
    paths.append(out / PLOT_FILE)
    fig.savefig(paths[-1], dpi=100, metadata={'Software': None})

    # The samples of each row, from the same starting noise
    names = list(grids)
    columns = len(results['sample_steps'])
    rows = -(-len(names) // columns)
    fig = Figure(figsize=(2.2 * columns, 2.45 * rows), layout='constrained')
    axes = fig.subplots(rows, columns, squeeze=False)
    for ax in axes.flat:
        ax.set_axis_off()
    for ax, name in zip(axes.flat, names):
        ax.imshow(grids[name].numpy(), cmap='gray', vmin=0, vmax=1)
        ax.set_title(name, fontsize='small')
    paths.append(out / SAMPLES_FILE)
    fig.savefig(paths[-1], dpi=100, metadata={'Software': None})

    # The training loss
    fig = Figure(figsize=(5, 3.2), layout='constrained')
    ax = fig.subplots()
    steps, losses = zip(*results['loss_history'])
    ax.plot(steps, losses)
    ax.set_xlabel('training step')
    ax.set_ylabel('$L_\\mathrm{simple}$ (training batches)')
    ax.set_yscale('log')
    ax.grid(alpha=0.3)
    paths.append(out / LOSS_FILE)
    fig.savefig(paths[-1], dpi=100, metadata={'Software': None})
    #
    return paths


def build_parser() -> argparse.ArgumentParser:
    """
    ### Command line options
    """
    parser = argparse.ArgumentParser(
        prog='python -m labml_nn.diffusion.few_steps',
        description='Train a DDPM on the digits, sample it with DDIM (eta 0) and eta 1 at several numbers of '
                    'steps, and score the samples with a Frechet distance in the features of a digit classifier.')
    parser.add_argument('--train-steps', type=int, default=3000, help='training steps of the DDPM (default: 3000)')
    parser.add_argument('--n-steps', type=int, default=1000, help='diffusion steps T (default: 1000)')
    parser.add_argument('--sample-steps', type=int, nargs='+', default=[10, 20, 50, 100],
                        help='numbers of sampling steps S below T; T itself is always sampled (default: 10 20 50 100)')
    parser.add_argument('--samples', type=int, default=experiment.HELD_OUT,
                        help=f'samples for each row (default: {experiment.HELD_OUT}, as many as held-out images)')
    parser.add_argument('--seed', type=int, default=1, help='seed of the training and the classifier (default: 1)')
    parser.add_argument('--seeds', type=int, nargs='+', default=[1, 2], help='seeds of the sampling (default: 1 2)')
    parser.add_argument('--classifier-epochs', type=int, default=20, help='epochs of the classifier (default: 20)')
    parser.add_argument('--out', default=str(HERE), help='folder for the results and the plots (default: beside this page)')
    parser.add_argument('--work-dir', help='folder for the checkpoint (default: a temporary folder, removed at the end)')
    parser.add_argument('--grid', type=int, default=36, help='samples shown for each row (default: 36)')
    return parser


def main(argv: Optional[List[str]] = None) -> Dict:
    """
    <a id="main"></a>

    ### Run the comparison

    Trains, samples and scores, then writes the results and the plots. Returns the results.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.train_steps < 1 or args.samples < 2 or any(not 1 <= s < args.n_steps for s in args.sample_steps):
        parser.error(f'--train-steps must be at least 1, --samples at least 2, and --sample-steps in 1..{args.n_steps - 1}')
    out = Path(args.out)
    start, start_cpu = time.perf_counter(), time.process_time()

    # Train the DDPM, with the experiment's other defaults
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.work_dir or tmp)
        trainer = experiment.main(['--steps', str(args.train_steps), '--n-steps', str(args.n_steps),
                                   '--seed', str(args.seed), '--checkpoint-dir', str(work / 'checkpoints'),
                                   '--checkpoint-interval', str(args.train_steps), '--no-plot'])
    train_seconds, train_cpu = time.perf_counter() - start, time.process_time() - start_cpu
    # The sampling diffusion, with the averaged weights
    diffusion = trainer.ema_diffusion

    # The classifier, trained once, its accuracy on the held-out digits
    train_images, train_labels, held_images, held_labels = load_digits_split()
    classifier = train_classifier(train_images, train_labels, args.classifier_epochs, args.seed)
    with torch.no_grad():
        accuracy = (classifier(held_images).argmax(dim=1) == held_labels).float().mean().item()
    train_features = features(classifier, train_images)
    # The floor: the held-out digits against the training digits
    floor = frechet_distance(features(classifier, held_images), train_features)
    print(f'Classifier accuracy on the held-out digits {accuracy:.4f}, floor {floor:.3f}')

    # Each sampler, number of steps and seed
    sample_steps = sorted(set(args.sample_steps)) + [args.n_steps]
    runs = [('ddim', eta, s) for eta in (0., 1.) for s in sample_steps] + [('ddpm', 1., args.n_steps)]
    rows, grids = [], {}
    for seed in args.seeds:
        for sampler, eta, s in runs:
            # The same starting noise $x_T$ for every row of a seed
            generator = torch.Generator().manual_seed(seed)
            x_T = torch.randn((args.samples, 1, 8, 8), generator=generator)
            row_start = time.process_time()
            if sampler == 'ddim':
                x = DDIMSampler(diffusion, s, eta).sample(x_T.shape, generator=generator, x_T=x_T)
            else:
                x = diffusion.sample(x_T.shape, generator=generator, x_T=x_T)
            fid = frechet_distance(features(classifier, x), train_features)
            row = {'sampler': sampler, 'eta': eta, 'steps': s, 'seed': seed, 'fid': round(fid, 4),
                   'cpu_seconds': round(time.process_time() - row_start, 1)}
            rows.append(row)
            print(f'{row_name(row)}, S = {s}, seed {seed}: Frechet distance {fid:.3f}, {row["cpu_seconds"]} s', flush=True)
            if seed == args.seeds[0]:
                name = ('DDPM σ² = β' if sampler == 'ddpm' else f'η = {eta:g}') + f', S = {s}'
                grids[name] = image_grid(x[:args.grid], int(args.grid ** 0.5))

    # What was run and what came out
    import sklearn
    defaults = build_parser().parse_args([])
    results = {
        'command': 'OMP_NUM_THREADS=1 python -m labml_nn.diffusion.few_steps' + ''.join(
            f' --{name.replace("_", "-")} {" ".join(map(str, v)) if isinstance(v, list) else v}'
            for name, v in vars(args).items() if name not in ('out', 'work_dir') and v != getattr(defaults, name)),
        'train_steps': args.train_steps,
        'n_steps': args.n_steps,
        'sample_steps': sample_steps,
        'samples': args.samples,
        'seed': args.seed,
        'seeds': args.seeds,
        'parameters': sum(p.numel() for p in trainer.model.parameters()),
        'experiment_configs': {k: v for k, v in vars(trainer.c).items() if k not in ('checkpoint_dir', 'out')},
        'final_loss': round(trainer.loss_history[-1][1], 4),
        'loss_history': [[s, round(v, 4)] for s, v in trainer.loss_history],
        'classifier_epochs': args.classifier_epochs,
        'classifier_accuracy': round(accuracy, 4),
        'held_out': len(held_images),
        'training_images': len(train_images),
        'floor': round(floor, 4),
        'rows': rows,
        'train_seconds': round(train_seconds, 1),
        'train_cpu_seconds': round(train_cpu, 1),
        'wall_seconds': round(time.perf_counter() - start, 1),
        'cpu_seconds': round(time.process_time() - start_cpu, 1),
        'torch_threads': torch.get_num_threads(),
        'torch': torch.__version__,
        'python': platform.python_version(),
        'numpy': np.__version__,
        'scikit_learn': sklearn.__version__,
        'processor': processor_name(),
    }
    # The results, written only now, so that a run that fails leaves the last results as they were
    out.mkdir(parents=True, exist_ok=True)
    path = out / RESULTS_FILE
    path.write_text(json.dumps(results, indent=1, ensure_ascii=False) + '\n', encoding='utf-8')
    print(f'Wrote {path}')
    try:
        for p in write_plots(results, grids, out):
            print(f'Wrote {p}')
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
