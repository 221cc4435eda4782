r"""
---
title: Denoising Diffusion Probabilistic Models (DDPM)
summary: >
  A PyTorch implementation with explanations of Denoising Diffusion Probabilistic Models:
  the forward process that adds Gaussian noise, its closed form, the reverse process that removes it,
  the simplified noise-prediction loss, and sampling.
---

# Denoising Diffusion Probabilistic Models (DDPM)

This is an implementation of the paper
[Denoising Diffusion Probabilistic Models](https://arxiv.org/abs/2006.11239)
by Jonathan Ho, Ajay Jain and Pieter Abbeel (2020).

A diffusion model learns to generate images by learning to undo a process that destroys them.
The *forward process* takes an image $x_0$ and adds a little Gaussian noise at each of $T$ steps,
until $x_T$ is noise and nothing of the image is left.
The *reverse process* starts from noise $x_T \sim \mathcal{N}(0, \mathbf{I})$ and takes $T$ small
steps back, each one a Gaussian whose mean a neural network computes; after the last step,
$x_0$ is a new image.
Unlike the [transformers](../../transformers/index.html) of this site, which predict the next token,
the network here predicts the *noise* in a noisy image, and a sample is made by calling it $T$ times.

### Forward process

Each step scales the image down a little and adds noise of variance $\beta_t$:
$$q(x_t | x_{t-1}) = \mathcal{N}\big(x_t; \sqrt{1 - \beta_t} x_{t-1}, \beta_t \mathbf{I}\big)$$
With $\alpha_t = 1 - \beta_t$ and $\bar\alpha_t = \prod_{s=1}^t \alpha_s$, $t$ steps at once
have a closed form, a Gaussian whose mean is the image scaled by $\sqrt{\bar\alpha_t}$:
$$q(x_t | x_0) = \mathcal{N}\big(x_t; \sqrt{\bar\alpha_t} x_0, (1 - \bar\alpha_t) \mathbf{I}\big)$$
so a noisy image at any step is drawn in one go, $x_t = \sqrt{\bar\alpha_t} x_0 + \sqrt{1 - \bar\alpha_t}\,\epsilon$
with $\epsilon \sim \mathcal{N}(0, \mathbf{I})$. The paper's schedule is linear,
$\beta_1 = 10^{-4}$ to $\beta_T = 0.02$ with $T = 1{,}000$, so that $\bar\alpha_T \approx 4 \cdot 10^{-5}$.

### Reverse process

Given $x_0$, the step back is a Gaussian too, the *posterior* of the forward process,
$$q(x_{t-1} | x_t, x_0) = \mathcal{N}\big(x_{t-1}; \tilde\mu_t(x_t, x_0), \tilde\beta_t \mathbf{I}\big)$$
$$\tilde\mu_t(x_t, x_0) = \frac{\sqrt{\bar\alpha_{t-1}}\beta_t}{1 - \bar\alpha_t} x_0
 + \frac{\sqrt{\alpha_t}(1 - \bar\alpha_{t-1})}{1 - \bar\alpha_t} x_t
\qquad
\tilde\beta_t = \frac{1 - \bar\alpha_{t-1}}{1 - \bar\alpha_t} \beta_t$$
The model does not know $x_0$; it learns
$p_\theta(x_{t-1} | x_t) = \mathcal{N}\big(x_{t-1}; \mu_\theta(x_t, t), \sigma_t^2 \mathbf{I}\big)$
with the variance fixed, $\sigma^2_t = \beta_t$ (the paper's choice) or $\sigma^2_t = \tilde\beta_t$
(which the paper found as good). Writing $x_0$ in terms of $x_t$ and the noise $\epsilon$ that made it,
the mean becomes a function of a predicted noise $\epsilon_\theta(x_t, t)$:
$$\mu_\theta(x_t, t) = \frac{1}{\sqrt{\alpha_t}}\Big(x_t - \frac{\beta_t}{\sqrt{1-\bar\alpha_t}}\epsilon_\theta(x_t, t)\Big)$$

### Loss

The variational bound on the likelihood reduces to a sum of squared differences between noises,
and the paper drops its weights:
$$L_\text{simple}(\theta) = \mathbb{E}_{t, x_0, \epsilon} \Big[ \big\lVert \epsilon - \epsilon_\theta\big(\sqrt{\bar\alpha_t} x_0 + \sqrt{1-\bar\alpha_t}\epsilon, t\big) \big\rVert^2 \Big]$$
with $t$ uniform in $1, \dots, T$: train a network to tell the noise in a noisy image.

### In the code

Time steps are 0-based: the code's `t = 0, ..., T - 1` is the paper's $t = 1, \dots, T$,
and `alpha_bar[t]` is $\bar\alpha_{t+1}$. At the last step back (`t = 0`, the paper's $t = 1$),
$\bar\alpha_0 = 1$, so $\tilde\beta_1 = 0$ and the posterior mean is $x_0$ itself.

The noise predictor is [a small U-Net](unet.html); [the experiment](../experiment.html) trains it on
8×8 handwritten digits, and [DDIM](../ddim/index.html) samples from the same trained model
in far fewer steps.
"""

from typing import Optional, Tuple

import torch
import torch.nn.functional as F
from torch import nn


def linear_beta_schedule(n_steps: int = 1000, beta_1: float = 1e-4, beta_T: float = 0.02) -> torch.Tensor:
    r"""
    <a id="linear_beta_schedule"></a>

    ### Linear variance schedule

    $\beta_1, \dots, \beta_T$ evenly spaced from `beta_1` to `beta_T`, `[n_steps]`, in double precision
    so that the products $\bar\alpha_t$ of a thousand factors stay exact.
    """
    return torch.linspace(beta_1, beta_T, n_steps, dtype=torch.float64)


def gather(values: torch.Tensor, t: torch.Tensor, like: torch.Tensor) -> torch.Tensor:
    """
    The values of a schedule, `[n_steps]`, at the time steps `t`, `[batch_size]`, as a float tensor
    shaped `[batch_size, 1, 1, 1]` to multiply images of the dtype and device of `like`
    """
    return values.to(like.device)[t].to(like.dtype).view(-1, *([1] * (like.dim() - 1)))


class DenoiseDiffusion:
    r"""
    <a id="DenoiseDiffusion"></a>

    ## Denoising diffusion

    The schedule, the forward process, the loss and the sampler around a noise predictor
    $\epsilon_\theta(x_t, t)$, `eps_model`, which takes images `[batch_size, channels, height, width]`
    and time steps `[batch_size]` and returns a tensor of the shape of the images.
    """

    def __init__(self, eps_model: nn.Module, n_steps: int = 1000, beta_1: float = 1e-4, beta_T: float = 0.02,
                 sigma: str = 'beta'):
        r"""
        * `eps_model` is $\epsilon_\theta(x_t, t)$
        * `n_steps` is $T$
        * `beta_1` and `beta_T` are the ends of the linear schedule
        * `sigma` is the variance of the reverse steps: `'beta'` for $\sigma_t^2 = \beta_t$,
          `'beta_tilde'` for $\sigma_t^2 = \tilde\beta_t$
        """
        if sigma not in ('beta', 'beta_tilde'):
            raise ValueError(f"sigma must be 'beta' or 'beta_tilde', not {sigma!r}")
        self.eps_model = eps_model
        self.n_steps = n_steps
        self.sigma = sigma
        # $\beta_t$, `[n_steps]`
        self.beta = linear_beta_schedule(n_steps, beta_1, beta_T)
        # $\alpha_t = 1 - \beta_t$
        self.alpha = 1. - self.beta
        # $\bar\alpha_t = \prod_{s=1}^t \alpha_s$
        self.alpha_bar = torch.cumprod(self.alpha, dim=0)
        # $\bar\alpha_{t-1}$, with $\bar\alpha_0 = 1$
        self.alpha_bar_prev = torch.cat([self.alpha_bar.new_ones(1), self.alpha_bar[:-1]])
        # $\tilde\beta_t = \frac{1 - \bar\alpha_{t-1}}{1 - \bar\alpha_t} \beta_t$, zero at the paper's $t = 1$
        self.beta_tilde = (1. - self.alpha_bar_prev) / (1. - self.alpha_bar) * self.beta
        # $\sigma_t^2$
        self.sigma2 = self.beta if sigma == 'beta' else self.beta_tilde

    def q_xt_x0(self, x0: torch.Tensor, t: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        r"""
        <a id="q_xt_x0"></a>

        #### The closed form $q(x_t|x_0)$

        Its mean and variance for images `x0`, `[batch_size, channels, height, width]`,
        at the time steps `t`, `[batch_size]`
        """

        # $\sqrt{\bar\alpha_t} x_0$
        mean = gather(self.alpha_bar, t, x0).sqrt() * x0
        # $(1 - \bar\alpha_t)$, `[batch_size, 1, 1, 1]`
        var = 1. - gather(self.alpha_bar, t, x0)
        #
        return mean, var

    def q_sample(self, x0: torch.Tensor, t: torch.Tensor, eps: Optional[torch.Tensor] = None) -> torch.Tensor:
        r"""
        <a id="q_sample"></a>

        #### Draw $x_t \sim q(x_t|x_0)$

        $x_t = \sqrt{\bar\alpha_t} x_0 + \sqrt{1 - \bar\alpha_t}\,\epsilon$, with the noise `eps` if it is given
        """

        # $\epsilon \sim \mathcal{N}(0, \mathbf{I})$
        if eps is None:
            eps = torch.randn_like(x0)
        #
        mean, var = self.q_xt_x0(x0, t)
        # $\sqrt{\bar\alpha_t} x_0 + \sqrt{1 - \bar\alpha_t}\,\epsilon$
        return mean + var.sqrt() * eps

    def q_posterior(self, x0: torch.Tensor, xt: torch.Tensor, t: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        r"""
        <a id="q_posterior"></a>

        #### The posterior $q(x_{t-1}|x_t, x_0)$

        Its mean $\tilde\mu_t(x_t, x_0)$ and variance $\tilde\beta_t$
        """

        # $\frac{\sqrt{\bar\alpha_{t-1}}\beta_t}{1 - \bar\alpha_t}$
        coef_x0 = gather(self.alpha_bar_prev.sqrt() * self.beta / (1. - self.alpha_bar), t, x0)
        # $\frac{\sqrt{\alpha_t}(1 - \bar\alpha_{t-1})}{1 - \bar\alpha_t}$
        coef_xt = gather(self.alpha.sqrt() * (1. - self.alpha_bar_prev) / (1. - self.alpha_bar), t, x0)
        # $\tilde\mu_t(x_t, x_0)$
        mean = coef_x0 * x0 + coef_xt * xt
        #
        return mean, gather(self.beta_tilde, t, x0)

    def p_mean(self, xt: torch.Tensor, t: torch.Tensor, eps: Optional[torch.Tensor] = None) -> torch.Tensor:
        r"""
        <a id="p_mean"></a>

        #### The mean of a reverse step

        $\mu_\theta(x_t, t) = \frac{1}{\sqrt{\alpha_t}}\Big(x_t - \frac{\beta_t}{\sqrt{1-\bar\alpha_t}}\epsilon_\theta(x_t, t)\Big)$,
        with the predicted noise `eps` if it is already computed
        """

        # $\epsilon_\theta(x_t, t)$
        if eps is None:
            eps = self.eps_model(xt, t)
        # $\frac{\beta_t}{\sqrt{1-\bar\alpha_t}}$
        eps_coef = gather(self.beta / (1. - self.alpha_bar).sqrt(), t, xt)
        # $\frac{1}{\sqrt{\alpha_t}}\Big(x_t - \frac{\beta_t}{\sqrt{1-\bar\alpha_t}}\epsilon_\theta\Big)$
        return (xt - eps_coef * eps) / gather(self.alpha, t, xt).sqrt()

    def p_sample(self, xt: torch.Tensor, t: torch.Tensor, generator: Optional[torch.Generator] = None) -> torch.Tensor:
        r"""
        <a id="p_sample"></a>

        #### Draw $x_{t-1} \sim p_\theta(x_{t-1}|x_t)$

        $x_{t-1} = \mu_\theta(x_t, t) + \sigma_t z$, $z \sim \mathcal{N}(0, \mathbf{I})$
        """

        # $\mu_\theta(x_t, t)$
        mean = self.p_mean(xt, t)
        # $z \sim \mathcal{N}(0, \mathbf{I})$
        z = torch.randn(xt.shape, generator=generator, device=xt.device, dtype=xt.dtype)
        # $\sigma_t$, `[batch_size, 1, 1, 1]`
        sigma = gather(self.sigma2, t, xt).sqrt()
        # No noise at the last step back (the paper's $t = 1$): its output is the sample
        sigma = torch.where((t == 0).view_as(sigma), 0., sigma)
        #
        return mean + sigma * z

    @torch.no_grad()
    def sample(self, shape: Tuple[int, ...], generator: Optional[torch.Generator] = None,
               device: Optional[torch.device] = None, x_T: Optional[torch.Tensor] = None) -> torch.Tensor:
        r"""
        <a id="sample"></a>

        #### Sampling

        Start from $x_T \sim \mathcal{N}(0, \mathbf{I})$ (or the given `x_T`) and take all $T$ steps back,
        `[shape]`
        """

        # $x_T$
        x = torch.randn(shape, generator=generator, device=device) if x_T is None else x_T
        # $t = T, \dots, 1$
        for step in reversed(range(self.n_steps)):
            t = torch.full((shape[0],), step, dtype=torch.long, device=x.device)
            x = self.p_sample(x, t, generator)
        #
        return x

    def loss(self, x0: torch.Tensor, t: Optional[torch.Tensor] = None, eps: Optional[torch.Tensor] = None,
             generator: Optional[torch.Generator] = None) -> torch.Tensor:
        r"""
        <a id="loss"></a>

        #### Simplified loss

        $$L_\text{simple}(\theta) = \mathbb{E}_{t, x_0, \epsilon} \Big[ \big\lVert \epsilon - \epsilon_\theta\big(\sqrt{\bar\alpha_t} x_0 + \sqrt{1-\bar\alpha_t}\epsilon, t\big) \big\rVert^2 \Big]$$

        averaged over the pixels, for images `x0` with random `t` and `eps` unless they are given
        """

        # $t \sim \mathcal{U}\{1, \dots, T\}$, `[batch_size]`
        if t is None:
            t = torch.randint(0, self.n_steps, (x0.shape[0],), generator=generator, device=x0.device)
        # $\epsilon \sim \mathcal{N}(0, \mathbf{I})$
        if eps is None:
            eps = torch.randn(x0.shape, generator=generator, device=x0.device, dtype=x0.dtype)
        # $x_t = \sqrt{\bar\alpha_t} x_0 + \sqrt{1-\bar\alpha_t}\epsilon$
        xt = self.q_sample(x0, t, eps)
        # $\epsilon_\theta(x_t, t)$
        eps_theta = self.eps_model(xt, t)
        # $\lVert \epsilon - \epsilon_\theta \rVert^2$
        return F.mse_loss(eps_theta, eps)
