r"""
---
title: DDPM on Handwritten Digits
summary: >
  Trains the small U-Net of the diffusion pages as a DDPM noise predictor on scikit-learn's
  8×8 handwritten digits, with options from the command line, a seed, a checkpoint to resume from,
  a plot of the loss and a grid of samples.
---

# DDPM on Handwritten Digits

This trains the [U-Net](ddpm/unet.html) as the noise predictor $\epsilon_\theta(x_t, t)$ of
[DDPM](ddpm/index.html) with the loss $L_\text{simple}$, on the $1{,}797$ handwritten digits of
scikit-learn's [`load_digits`](https://scikit-learn.org/stable/modules/generated/sklearn.datasets.load_digits.html),
images of $8 \times 8$ pixels with values $0$ to $16$. They are inside the scikit-learn package, so
nothing is downloaded; scikit-learn is the `digits` extra: `pip install 'labml-nn[digits]'`.

A fixed fifth of the images ($360$, the same whatever the seed) is held out: the model trains on the
other $1{,}437$, and [the comparison of sampling steps](few_steps.html) measures its samples against
them and uses the held-out ones as a floor.

```shell
python -m labml_nn.diffusion.experiment --steps 3000
python -m labml_nn.diffusion.experiment --steps 6000 --resume   # 3,000 more from the checkpoint
python -m labml_nn.diffusion.experiment --help
```

Each run prints the loss every `--log-interval` steps, saves a checkpoint in `--checkpoint-dir`
every `--checkpoint-interval` steps and at the end, and writes into `--out` the loss against the steps
(`loss.png`) and a grid of samples drawn with DDPM's $T$ steps (`samples.png`).
Sampling uses an exponential moving average of the weights, as the paper does
(with a decay of $0.9999$ there, $0.995$ by default here, for a run of a few thousand steps).
"""

import argparse
import copy
import dataclasses
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Tuple

import torch
from torch import nn

from labml_nn.diffusion.ddpm import DenoiseDiffusion
from labml_nn.diffusion.ddpm.unet import UNet
from labml_nn.helpers.checkpoint import checkpoint_path, read_checkpoint, write_checkpoint
from labml_nn.helpers.cli import OptionError, add_arguments, configs_from_args, option
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError

# Images held out of training, a fifth of the $1{,}797$
HELD_OUT = 360
# The seed of the split, fixed so that every run holds out the same images
SPLIT_SEED = 0


def load_digits_split() -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    r"""
    <a id="load_digits_split"></a>

    ### The digits, split

    The training images `[1437, 1, 8, 8]` and the held-out images `[360, 1, 8, 8]`, scaled from
    $0 \dots 16$ to $-1 \dots 1$ as DDPM scales pixels, and their labels.
    """

    # scikit-learn is optional
    try:
        from sklearn.datasets import load_digits
    except ImportError:
        raise OptionError("the digits need scikit-learn: pip install 'labml-nn[digits]'") from None
    #
    digits = load_digits()
    # `[1797, 1, 8, 8]`, in $[-1, 1]$
    images = torch.tensor(digits.images, dtype=torch.float32).unsqueeze(1) / 8. - 1.
    labels = torch.tensor(digits.target, dtype=torch.long)
    # The same permutation for every run
    order = torch.randperm(len(images), generator=torch.Generator().manual_seed(SPLIT_SEED))
    train, held_out = order[HELD_OUT:], order[:HELD_OUT]
    #
    return images[train], labels[train], images[held_out], labels[held_out]


@dataclass
class Configs:
    """
    <a id="Configs"></a>

    ## Configurations

    Each is a command line option (`--n-steps`, `--channels`, ...).
    """
    # Optimisation
    steps: int = option(3000, 'optimizer steps to train to')
    batch_size: int = option(128, 'images in a batch')
    learning_rate: float = option(1e-3, 'learning rate of Adam')
    ema_decay: float = option(0.995, 'decay of the moving average of the weights that samples')
    seed: int = option(1, 'random seed of the model, the batches and the noise')
    # The diffusion
    n_steps: int = option(1000, 'diffusion steps T')
    beta_1: float = option(1e-4, 'first variance of the linear schedule')
    beta_T: float = option(0.02, 'last variance of the linear schedule')
    sigma: str = option('beta', 'variance of the reverse steps', choices=['beta', 'beta_tilde'])
    # The U-Net
    channels: str = option('16,32,32', 'channels at each resolution, from 8x8 down')
    heads: int = option(4, 'attention heads at the lowest resolution')
    dropout: float = option(0.1, 'dropout in the residual blocks')
    # Files and output
    checkpoint_dir: str = option('checkpoints/diffusion', 'folder of the checkpoint')
    checkpoint_interval: int = option(1000, 'steps between checkpoints')
    resume: bool = option(False, 'continue from the checkpoint in --checkpoint-dir')
    log_interval: int = option(250, 'steps between lines of progress')
    out: str = option('logs/diffusion', 'folder for loss.png and samples.png')
    samples: int = option(64, 'samples in samples.png (0 for none)')
    plot: bool = option(True, 'write loss.png and samples.png')


def make_model(c: Configs) -> UNet:
    """
    The U-Net of the configurations
    """
    return UNet(image_channels=1, channels=[int(ch) for ch in c.channels.split(',')], heads=c.heads,
                dropout=c.dropout)


class Trainer:
    """
    <a id="Trainer"></a>

    ## Trainer
    """

    def __init__(self, c: Configs):
        self.c = c
        # The model, its moving average, and the diffusion around it
        torch.manual_seed(c.seed)
        self.model = make_model(c)
        self.ema = copy.deepcopy(self.model).eval().requires_grad_(False)
        self.diffusion = DenoiseDiffusion(self.model, c.n_steps, c.beta_1, c.beta_T, c.sigma)
        # The diffusion that samples, with the averaged weights
        self.ema_diffusion = DenoiseDiffusion(self.ema, c.n_steps, c.beta_1, c.beta_T, c.sigma)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=c.learning_rate)
        # The training images, `[1437, 1, 8, 8]`
        self.images = load_digits_split()[0]
        # Random numbers of the batches and the noise, kept in the checkpoint with the global ones
        # so that a resumed run continues as an uninterrupted one would
        self.generator = torch.Generator().manual_seed(c.seed)
        # `(step, loss)` at each logged step
        self.loss_history: List[Tuple[int, float]] = []
        self.step = 0

    def train_step(self) -> float:
        r"""
        ### One step of $L_\text{simple}$
        """

        # A random batch, `[batch_size, 1, 8, 8]`
        x0 = self.images[torch.randint(len(self.images), (self.c.batch_size,), generator=self.generator)]
        # $\lVert \epsilon - \epsilon_\theta \rVert^2$
        loss = self.diffusion.loss(x0, generator=self.generator)
        #
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        # The moving average, $\theta_\text{ema} \leftarrow d\, \theta_\text{ema} + (1 - d)\, \theta$
        with torch.no_grad():
            for p_ema, p in zip(self.ema.parameters(), self.model.parameters()):
                p_ema.lerp_(p, 1. - self.c.ema_decay)
        #
        return loss.item()

    def state(self) -> dict:
        """
        What the checkpoint keeps
        """
        return {'model': self.model.state_dict(), 'ema': self.ema.state_dict(),
                'optimizer': self.optimizer.state_dict(), 'generator': self.generator.get_state(),
                # The global random numbers, which dropout draws from
                'torch_rng': torch.get_rng_state(),
                'step': self.step, 'loss_history': self.loss_history, 'configs': dataclasses.asdict(self.c)}

    def load(self, state: dict):
        """
        Continue from a checkpoint; the model options must be the checkpoint's
        """
        for name in ('n_steps', 'beta_1', 'beta_T', 'channels', 'heads'):
            if state['configs'][name] != getattr(self.c, name):
                raise OptionError(f'--resume: the checkpoint has {name} = {state["configs"][name]}, '
                                  f'not {getattr(self.c, name)}')
        self.model.load_state_dict(state['model'])
        self.ema.load_state_dict(state['ema'])
        self.optimizer.load_state_dict(state['optimizer'])
        self.generator.set_state(state['generator'])
        torch.set_rng_state(state['torch_rng'])
        self.step = state['step']
        self.loss_history = [tuple(r) for r in state['loss_history']]

    def train(self):
        """
        ### The training loop
        """

        path = checkpoint_path(self.c.checkpoint_dir)
        if self.c.resume:
            self.load(read_checkpoint(path, '--resume'))
        n_params = sum(p.numel() for p in self.model.parameters())
        print(f'U-Net of {n_params:,} parameters, T = {self.c.n_steps}, {len(self.images):,} training images; '
              f'from step {self.step:,} to {self.c.steps:,}')
        # Loss averaged since the last line of progress
        total, count, start = 0., 0, time.perf_counter()
        self.model.train()
        while self.step < self.c.steps:
            total += self.train_step()
            count += 1
            self.step += 1
            # Progress
            if self.step % self.c.log_interval == 0 or self.step == self.c.steps:
                self.loss_history.append((self.step, total / count))
                print(f'step {self.step:6,}  loss {total / count:.4f}  {time.perf_counter() - start:6.1f} s',
                      flush=True)
                total, count = 0., 0
            # Checkpoint
            if self.step % self.c.checkpoint_interval == 0 or self.step == self.c.steps:
                write_checkpoint(path, self.state(), self.step)

    @torch.no_grad()
    def sample(self, n: int, seed: int) -> torch.Tensor:
        """
        `n` samples with DDPM's $T$ steps and the averaged weights, `[n, 1, 8, 8]`
        """
        return self.ema_diffusion.sample((n, 1, 8, 8), generator=torch.Generator().manual_seed(seed))


def image_grid(images: torch.Tensor, columns: int) -> torch.Tensor:
    """
    <a id="image_grid"></a>

    Images `[n, 1, height, width]` in $[-1, 1]$ as one grid, `[rows * (height + 1) - 1, columns * (width + 1) - 1]`,
    in $[0, 1]$, a pixel of white between images
    """
    n, _, h, w = images.shape
    rows = -(-n // columns)
    grid = torch.ones(rows * (h + 1) - 1, columns * (w + 1) - 1)
    for k, image in enumerate(images.clamp(-1., 1.)):
        r, col = divmod(k, columns)
        # Ink dark on white: the digits have high values where there is ink
        grid[r * (h + 1):r * (h + 1) + h, col * (w + 1):col * (w + 1) + w] = (1. - image[0]) / 2.
    return grid


def write_plots(trainer: Trainer, out: Path) -> List[Path]:
    """
    ### The loss and the samples

    Writes `loss.png` and, with `--samples`, `samples.png` into `out`; returns their paths.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None
    out.mkdir(parents=True, exist_ok=True)
    # The loss against the steps
    fig = Figure(figsize=(5, 3.2), layout='constrained')
    ax = fig.subplots()
    steps, losses = zip(*trainer.loss_history)
    ax.plot(steps, losses)
    ax.set_xlabel('step')
    ax.set_ylabel(r'$L_\mathrm{simple}$ (training batches)')
    ax.set_yscale('log')
    ax.grid(alpha=0.3)
    paths = [out / 'loss.png']
    fig.savefig(paths[0], dpi=100, metadata={'Software': None})
    # A grid of samples
    if trainer.c.samples > 0:
        fig = Figure(figsize=(4, 4), layout='constrained')
        ax = fig.subplots()
        ax.imshow(image_grid(trainer.sample(trainer.c.samples, trainer.c.seed), 8).numpy(), cmap='gray', vmin=0, vmax=1)
        ax.set_axis_off()
        ax.set_title(f'DDPM, T = {trainer.c.n_steps}, step {trainer.step:,}')
        paths.append(out / 'samples.png')
        fig.savefig(paths[1], dpi=100, metadata={'Software': None})
    return paths


def build_parser() -> argparse.ArgumentParser:
    """
    ### Command line options
    """
    parser = argparse.ArgumentParser(prog='python -m labml_nn.diffusion.experiment',
                                     description='Train a DDPM on the 8x8 handwritten digits of scikit-learn.')
    add_arguments(parser, Configs)
    return parser


def main(argv: Optional[List[str]] = None) -> Trainer:
    """
    <a id="main"></a>

    ### Train

    Returns the trainer, with the trained model.
    """
    parser = build_parser()
    c = configs_from_args(Configs, parser.parse_args(argv))
    try:
        trainer = Trainer(c)
        trainer.train()
    except OptionError as e:
        parser.exit(2, f'{parser.prog}: error: {e}\n')
    if c.plot:
        try:
            for path in write_plots(trainer, Path(c.out)):
                print(f'Wrote {path}')
        except PlotUnavailableError as e:
            print(f'No plot: {e}', file=sys.stderr)
    #
    return trainer


#
if __name__ == '__main__':
    main()
