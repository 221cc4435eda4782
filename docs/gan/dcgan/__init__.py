r"""
---
title: Deep Convolutional GAN (DCGAN) for 8x8 Images
summary: >
  A DCGAN-style generator and discriminator for 8x8 grey images: strided and transposed convolutions,
  batch normalisation, ReLU in the generator and leaky ReLU in the discriminator.
---

# Deep Convolutional GAN (DCGAN) for 8x8 Images

This is a generator and a discriminator in the style of
[Unsupervised Representation Learning with Deep Convolutional Generative Adversarial Networks](https://arxiv.org/abs/1511.06434)
(Radford, Metz and Chintala, 2015), sized for the $8 \times 8$ digits of scikit-learn's `load_digits`
and trained with the [GAN losses](../original/index.html) by [the digits experiment](experiment.html).

The paper's guidelines for stable convolutional GANs, and how they appear here:

* no pooling: the discriminator downsamples with strided convolutions, the generator upsamples with
  transposed (fractionally strided) convolutions;
* batch normalisation in both networks, except at the generator's output and the discriminator's input;
* no fully connected hidden layers: the noise is projected and reshaped into the first feature map, and
  the last feature map of the discriminator is flattened into one logit;
* ReLU in the generator, $\tanh$ at its output (the images are scaled to $[-1, 1]$);
* leaky ReLU, slope $0.2$, in the discriminator;
* weights initialised from $\mathcal{N}(0, 0.02^2)$, and Adam with $\alpha = 0.0002$, $\beta_1 = 0.5$.

The paper's networks go from $4 \times 4$ to $64 \times 64$ in four transposed convolutions;
these go from $2 \times 2$ to $8 \times 8$ in two.
"""

import torch
from torch import nn


class Generator(nn.Module):
    """
    <a id="Generator"></a>

    ## Generator

    $z \\in \\mathbb{R}^{d_z}$ to an image `[1, 8, 8]` in $[-1, 1]$:
    $2 \\times 2 \\to 4 \\times 4 \\to 8 \\times 8$.
    """

    def __init__(self, d_z: int = 32, channels: int = 64):
        super().__init__()
        self.channels = channels
        # Project $z$ to the first feature map, `[batch_size, channels * 2 * 2]`
        self.project = nn.Linear(d_z, channels * 2 * 2, bias=False)
        self.bn0 = nn.BatchNorm1d(channels * 2 * 2)
        # $2 \times 2 \to 4 \times 4$: a transposed convolution with kernel $4$, stride $2$, padding $1$
        # gives $(2 - 1) \cdot 2 - 2 + 4 = 4$
        self.up1 = nn.ConvTranspose2d(channels, channels // 2, 4, 2, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels // 2)
        # $4 \times 4 \to 8 \times 8$, to one channel, no batch normalisation at the output
        self.up2 = nn.ConvTranspose2d(channels // 2, 1, 4, 2, 1)
        self.act = nn.ReLU()

    def forward(self, z: torch.Tensor):
        """
        `z` is `[batch_size, d_z]`
        """
        # `[batch_size, channels, 2, 2]`
        x = self.act(self.bn0(self.project(z))).view(-1, self.channels, 2, 2)
        # `[batch_size, channels / 2, 4, 4]`
        x = self.act(self.bn1(self.up1(x)))
        # $\tanh$, `[batch_size, 1, 8, 8]`
        return torch.tanh(self.up2(x))


class Discriminator(nn.Module):
    """
    <a id="Discriminator"></a>

    ## Discriminator

    An image `[1, 8, 8]` to a logit $\\ell$, $D(x) = \\sigma(\\ell)$:
    $8 \\times 8 \\to 4 \\times 4 \\to 2 \\times 2 \\to 1$.
    """

    def __init__(self, channels: int = 64):
        super().__init__()
        # $8 \times 8 \to 4 \times 4$, no batch normalisation at the input
        self.down1 = nn.Conv2d(1, channels // 2, 4, 2, 1)
        # $4 \times 4 \to 2 \times 2$
        self.down2 = nn.Conv2d(channels // 2, channels, 4, 2, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)
        # The flattened $2 \times 2$ map to one logit
        self.out = nn.Linear(channels * 2 * 2, 1)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x: torch.Tensor):
        """
        `x` is `[batch_size, 1, 8, 8]`
        """
        # `[batch_size, channels / 2, 4, 4]`
        x = self.act(self.down1(x))
        # `[batch_size, channels, 2, 2]`
        x = self.act(self.bn2(self.down2(x)))
        # `[batch_size, 1]`
        return self.out(x.flatten(1))


def init_weights(module: nn.Module):
    """
    <a id="init_weights"></a>

    ### Initialisation

    Convolutions and linear layers from $\\mathcal{N}(0, 0.02^2)$; batch normalisation's scale from
    $\\mathcal{N}(1, 0.02^2)$ and its shift $0$, as in the paper's code.
    Use with `model.apply(init_weights)`.
    """
    if isinstance(module, (nn.Conv2d, nn.ConvTranspose2d, nn.Linear)):
        nn.init.normal_(module.weight, 0.0, 0.02)
        if module.bias is not None:
            nn.init.zeros_(module.bias)
    elif isinstance(module, (nn.BatchNorm1d, nn.BatchNorm2d)):
        nn.init.normal_(module.weight, 1.0, 0.02)
        nn.init.zeros_(module.bias)
