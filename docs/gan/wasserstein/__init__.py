r"""
---
title: Wasserstein GAN with Gradient Penalty (WGAN-GP)
summary: >
  The critic and generator losses of the Wasserstein GAN, and the gradient penalty
  on points between real and generated samples that keeps the critic 1-Lipschitz.
---

# Wasserstein GAN with Gradient Penalty (WGAN-GP)

This is the loss of
[Improved Training of Wasserstein GANs](https://arxiv.org/abs/1704.00028)
(Gulrajani, Ahmed, Arjovsky, Dumoulin and Courville, 2017), built on
[Wasserstein GAN](https://arxiv.org/abs/1701.07875) (Arjovsky, Chintala and Bottou, 2017).

### From a discriminator to a critic

The [original GAN](../original/index.html) trains a discriminator to tell data from samples;
the generator then minimises, in effect, a Jensen-Shannon divergence, which is constant (and has no
gradient) when the two distributions do not overlap.
The Wasserstein GAN minimises the earth mover's distance instead. By the Kantorovich-Rubinstein
duality

$$W(p_{data}, p_g) = \sup_{\Vert f \Vert_L \le 1}
  \mathbb{E}_{x \sim p_{data}} \big[f(x)\big] - \mathbb{E}_{\tilde{x} \sim p_g} \big[f(\tilde{x})\big]$$

the supremum over the 1-Lipschitz functions $f$. A network $f$, the *critic*, with no sigmoid at the
end, is trained to reach that supremum, and the generator to lower it.

### The gradient penalty

WGAN kept $f$ Lipschitz by clipping its weights, which the WGAN-GP paper shows leads to critics that
are too simple and to exploding or vanishing gradients. The optimal critic has gradients of norm $1$
almost everywhere on the lines between points of $p_{data}$ and $p_g$, so WGAN-GP penalises the
squared distance of the gradient norm from $1$ at random points $\hat{x}$ on such lines:

$$\mathcal{L}_f = \mathbb{E}_{\tilde{x} \sim p_g} \big[f(\tilde{x})\big] -
  \mathbb{E}_{x \sim p_{data}} \big[f(x)\big] +
  \lambda \, \mathbb{E}_{\hat{x}} \Big[\big(\Vert \nabla_{\hat{x}} f(\hat{x}) \Vert_2 - 1\big)^2\Big]$$

with $\lambda = 10$ in the paper. The critic takes $n_{critic} = 5$ steps for each step of the
generator (Algorithm 1; [the toy experiment](../toy/index.html#train_step) implements the loop),
and it has no batch normalisation, since the penalty is on the gradient of each sample's value alone.
"""

import torch
from torch import nn


class CriticLoss(nn.Module):
    r"""
    <a id="CriticLoss"></a>

    ## Critic loss

    The first two terms of $\mathcal{L}_f$, an estimate of $-W$ with the current critic:

    $$\frac{1}{m} \sum_{i=1}^m f\big(\tilde{x}^{(i)}\big) - \frac{1}{m} \sum_{i=1}^m f\big(x^{(i)}\big)$$
    """

    def forward(self, f_real: torch.Tensor, f_fake: torch.Tensor) -> torch.Tensor:
        """
        `f_real` is $f(x)$ on a batch of data, `[batch_size, 1]`, and
        `f_fake` is $f(\\tilde{x})$ on a batch of generated samples, `[batch_size, 1]`.
        """
        # $\frac{1}{m} \sum f(\tilde{x}) - \frac{1}{m} \sum f(x)$
        return f_fake.mean() - f_real.mean()


class GeneratorLoss(nn.Module):
    r"""
    <a id="GeneratorLoss"></a>

    ## Generator loss

    The generator lowers the estimate of $W$; only the term that depends on it remains:

    $$\mathcal{L}_G = -\frac{1}{m} \sum_{i=1}^m f\big(G(z^{(i)})\big)$$
    """

    def forward(self, f_fake: torch.Tensor) -> torch.Tensor:
        """
        `f_fake` is $f(G(z))$, `[batch_size, 1]`.
        """
        # $-\frac{1}{m} \sum f(G(z))$
        return -f_fake.mean()


class GradientPenalty(nn.Module):
    r"""
    <a id="GradientPenalty"></a>

    ## Gradient penalty

    $$\frac{1}{m} \sum_{i=1}^m \Big(\big\Vert \nabla_{\hat{x}} f\big(\hat{x}^{(i)}\big) \big\Vert_2 - 1\Big)^2
    \qquad \hat{x}^{(i)} = \epsilon_i x^{(i)} + (1 - \epsilon_i) \tilde{x}^{(i)}, \quad
    \epsilon_i \sim U[0, 1]$$

    without the factor $\lambda$, which the training loop applies.
    The gradient is taken with `create_graph=True`, so that the penalty itself can be
    differentiated with respect to the critic's parameters (a second derivative).
    """

    def forward(self, critic: nn.Module, real: torch.Tensor, fake: torch.Tensor,
                eps: torch.Tensor) -> torch.Tensor:
        """
        * `critic` is $f$
        * `real` is a batch of data $x$, `[batch_size, ...]`
        * `fake` is a batch of generated samples $\\tilde{x}$ of the same shape
        * `eps` is $\\epsilon$, one number in $[0, 1]$ per sample, `[batch_size]`
        """

        # $\epsilon$, shaped to broadcast over a sample, `[batch_size, 1, ...]`
        eps = eps.view(-1, *([1] * (real.dim() - 1)))
        # $\hat{x} = \epsilon x + (1 - \epsilon) \tilde{x}$, `[batch_size, ...]`;
        # the generator gets no gradient from the penalty
        x_hat = (eps * real + (1 - eps) * fake.detach()).requires_grad_(True)
        # $f(\hat{x})$, `[batch_size, 1]`
        f_hat = critic(x_hat)
        # $\nabla_{\hat{x}} f(\hat{x})$ for each sample: the gradient of the sum, since each sample's value
        # depends only on that sample, `[batch_size, ...]`
        grad, = torch.autograd.grad(f_hat.sum(), x_hat, create_graph=True)
        # $\Vert \nabla_{\hat{x}} f(\hat{x}) \Vert_2$, `[batch_size]`
        norm = grad.flatten(1).norm(2, dim=1)
        # $\frac{1}{m} \sum (\Vert \nabla_{\hat{x}} f(\hat{x}) \Vert_2 - 1)^2$
        return ((norm - 1) ** 2).mean()
