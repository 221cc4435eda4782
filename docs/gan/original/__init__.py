r"""
---
title: Generative Adversarial Networks
summary: >
  The losses of a generative adversarial network, the discriminator's and the generator's,
  written from the paper's minimax game, with the non-saturating generator loss.
---

# Generative Adversarial Networks

This is the loss of
[Generative Adversarial Networks](https://arxiv.org/abs/1406.2661)
(Goodfellow, Pouget-Abadie, Mirza, Xu, Warde-Farley, Ozair, Courville and Bengio, 2014).

A generator $G$ maps noise $z \sim p_z$ to a sample $G(z)$, and a discriminator $D$ gives the
probability $D(x)$ that $x$ came from the data rather than from $G$.
The two play the minimax game

$$\min_G \max_D V(D, G) =
 \mathbb{E}_{x \sim p_{data}} \big[\log D(x)\big] +
 \mathbb{E}_{z \sim p_z} \big[\log \big(1 - D(G(z))\big)\big]$$

For a fixed $G$ the best discriminator is $D^*(x) = \frac{p_{data}(x)}{p_{data}(x) + p_g(x)}$,
and with it $V$ is $-\log 4 + 2 \cdot \mathrm{JSD}(p_{data} \Vert p_g)$, so the game's minimum is at
$p_g = p_{data}$.

### The non-saturating generator loss

Early in training $D$ rejects the generated samples easily, $D(G(z)) \approx 0$, where
$\log \big(1 - D(G(z))\big)$ is flat and gives $G$ almost no gradient.
The paper therefore trains $G$ to maximise $\log D(G(z))$ instead, the same fixed point with
strong gradients early on. This page has both; the experiments use the non-saturating one.

### Logits

$D$ ends in a sigmoid, $D(x) = \sigma\big(\ell(x)\big)$, and the losses take the logits $\ell$.
Since $-\log \sigma(\ell) = \mathrm{softplus}(-\ell)$ and
$-\log \big(1 - \sigma(\ell)\big) = \mathrm{softplus}(\ell)$, with
$\mathrm{softplus}(\ell) = \log(1 + e^\ell)$, they are computed without ever forming a
probability that rounds to $0$ or $1$.

[WGAN-GP](../wasserstein/index.html) replaces these losses by a critic's Wasserstein estimate;
the [DCGAN](../dcgan/index.html) pair is trained with the losses of this page;
[the toy experiment](../toy/index.html) compares the two.
"""

import torch
import torch.nn.functional as F
from torch import nn


class DiscriminatorLogitsLoss(nn.Module):
    r"""
    <a id="DiscriminatorLogitsLoss"></a>

    ## Discriminator loss

    $D$ ascends $V(D, G)$, that is, it descends

    $$\mathcal{L}_D = -\frac{1}{m} \sum_{i=1}^m \Big[\log D\big(x^{(i)}\big) +
      \log \Big(1 - D\big(G(z^{(i)})\big)\Big)\Big]$$

    the binary cross-entropy with label $1$ for the data and $0$ for the generated samples.
    """

    def forward(self, logits_real: torch.Tensor, logits_fake: torch.Tensor) -> torch.Tensor:
        """
        `logits_real` are $\\ell(x)$ on a batch of data, `[batch_size, 1]`, and
        `logits_fake` are $\\ell(G(z))$ on a batch of generated samples, `[batch_size, 1]`.
        """
        # $-\log D(x) = \mathrm{softplus}\big(-\ell(x)\big)$, averaged over the batch
        loss_real = F.softplus(-logits_real).mean()
        # $-\log \big(1 - D(G(z))\big) = \mathrm{softplus}\big(\ell(G(z))\big)$, averaged over the batch
        loss_fake = F.softplus(logits_fake).mean()
        # $\mathcal{L}_D$
        return loss_real + loss_fake


class GeneratorLogitsLoss(nn.Module):
    r"""
    <a id="GeneratorLogitsLoss"></a>

    ## Generator loss

    The non-saturating loss the paper trains with, $G$ maximises $\log D(G(z))$:

    $$\mathcal{L}_G = -\frac{1}{m} \sum_{i=1}^m \log D\big(G(z^{(i)})\big)$$

    With `saturating=True` it is the loss of the minimax game itself,

    $$\mathcal{L}_G^{minimax} = \frac{1}{m} \sum_{i=1}^m \log \Big(1 - D\big(G(z^{(i)})\big)\Big)$$

    whose gradient vanishes where $D(G(z)) \to 0$.
    """

    def __init__(self, saturating: bool = False):
        super().__init__()
        self.saturating = saturating

    def forward(self, logits_fake: torch.Tensor) -> torch.Tensor:
        """
        `logits_fake` are $\\ell(G(z))$ on a batch of generated samples, `[batch_size, 1]`.
        """
        if self.saturating:
            # $\log \big(1 - D(G(z))\big) = -\mathrm{softplus}\big(\ell(G(z))\big)$
            return -F.softplus(logits_fake).mean()
        # $-\log D(G(z)) = \mathrm{softplus}\big(-\ell(G(z))\big)$
        return F.softplus(-logits_fake).mean()
