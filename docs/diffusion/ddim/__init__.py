r"""
---
title: Denoising Diffusion Implicit Models (DDIM)
summary: >
  A PyTorch implementation with explanations of the DDIM sampler: a non-Markovian process with the
  same marginals as DDPM's, sampled on a sub-sequence of the time steps with the DDPM-trained model
  unchanged, deterministic when eta is zero.
---

# Denoising Diffusion Implicit Models (DDIM)

This is an implementation of the sampler of the paper
[Denoising Diffusion Implicit Models](https://arxiv.org/abs/2010.02502)
by Jiaming Song, Chenlin Meng and Stefano Ermon (2020).

[DDPM](../ddpm/index.html) samples with as many steps as it was trained with, $T = 1{,}000$ network
evaluations for one image. DDIM's observation is that the loss $L_\text{simple}$ only involves the
marginals $q(x_t|x_0)$, never the steps $q(x_t|x_{t-1})$ between them; so any other process with the
same marginals is trained by the same loss, and a model trained as a DDPM can sample through a
different process, with no retraining. DDIM chooses a family of such processes, indexed by $\sigma$,
whose reverse step is
$$\begin{aligned}
x_{t-1} = {} & \sqrt{\bar\alpha_{t-1}}
\underbrace{\Bigg(\frac{x_t - \sqrt{1 - \bar\alpha_t}\,\epsilon_\theta(x_t, t)}{\sqrt{\bar\alpha_t}}\Bigg)}_{\text{predicted } x_0} \\
& + \underbrace{\sqrt{1 - \bar\alpha_{t-1} - \sigma_t^2}\;\epsilon_\theta(x_t, t)}_{\text{direction pointing to } x_t}
+ \underbrace{\sigma_t z}_{\text{random noise}}
\end{aligned}$$
(the paper writes $\alpha_t$ for what DDPM and this site write $\bar\alpha_t$).

### From stochastic to deterministic: $\eta$

With
$$\sigma_t(\eta) = \eta \sqrt{\frac{1 - \bar\alpha_{t-1}}{1 - \bar\alpha_t}} \sqrt{1 - \frac{\bar\alpha_t}{\bar\alpha_{t-1}}}$$
$\eta = 1$ gives $\sigma_t^2 = \tilde\beta_t$, the variance of DDPM's posterior, and the step is then
DDPM's reverse step with $\sigma_t^2 = \tilde\beta_t$. $\eta = 0$ gives $\sigma_t = 0$: no noise is
added, and the sample is a deterministic function of the starting noise $x_T$ (the *implicit* model
of the title).

### Fewer steps

The same holds for a sub-sequence $\tau_1 < \tau_2 < \dots < \tau_S$ of the time steps: the step
from $\tau_i$ to $\tau_{i-1}$ is the formula above with $\bar\alpha_{\tau_i}$ and $\bar\alpha_{\tau_{i-1}}$
in place of $\bar\alpha_t$ and $\bar\alpha_{t-1}$, and $S$ can be far smaller than $T$.
The paper's claim, its Table 1, is that with $\eta = 0$ the quality of the samples barely drops
from $1{,}000$ steps to $50$ and stays fair at $10$, while with $\eta = 1$ it falls fast:
on CIFAR-10 the FID (lower is better) of $\eta = 0$ is $4.04$ with $1{,}000$ steps, $4.67$ with $50$ and
$13.36$ with $10$; that of $\eta = 1$ is $4.73$, $8.01$ and $41.07$.
[The experiment with digits](../few_steps.html) checks that claim at a small scale.

### In the code

The sub-sequence is evenly spaced (the paper spaces it so for most data sets, and quadratically
for CIFAR-10) and ends at the last step,
$\tau_i = \lfloor i T / S \rfloor$ in the paper's 1-based steps ($i = 1, \dots, S$),
so that sampling starts from pure noise whatever $S$;
`tau[i - 1]` is $\tau_i - 1$ in the code's 0-based steps, and
$\bar\alpha_{\tau_0} = 1$ before the first.
"""

from typing import Optional, Tuple

import torch

from labml_nn.diffusion.ddpm import DenoiseDiffusion, gather


def uniform_steps(n_steps: int, n_sample_steps: int) -> torch.Tensor:
    r"""
    <a id="uniform_steps"></a>

    ### The sub-sequence $\tau$

    $S$ = `n_sample_steps` evenly spaced 0-based steps out of $T$ = `n_steps`, the last being $T - 1$,
    `[n_sample_steps]`
    """
    if not 1 <= n_sample_steps <= n_steps:
        raise ValueError(f'the number of sampling steps must be in 1..{n_steps}, not {n_sample_steps}')
    # $\tau_i = \lfloor i T / S \rfloor$, 1-based, minus one
    return torch.arange(1, n_sample_steps + 1) * n_steps // n_sample_steps - 1


class DDIMSampler:
    r"""
    <a id="DDIMSampler"></a>

    ## DDIM sampler

    Samples with the noise predictor of a trained [`DenoiseDiffusion`](../ddpm/index.html#DenoiseDiffusion),
    its schedule $\bar\alpha_t$ unchanged, on $S$ = `n_sample_steps` steps with the given $\eta$.
    """

    def __init__(self, diffusion: DenoiseDiffusion, n_sample_steps: int, eta: float = 0.):
        self.diffusion = diffusion
        self.eta = eta
        # $\tau_1, \dots, \tau_S$, 0-based, `[S]`
        self.tau = uniform_steps(diffusion.n_steps, n_sample_steps)
        # $\bar\alpha_{\tau_i}$, `[S]`
        self.alpha_bar = diffusion.alpha_bar[self.tau]
        # $\bar\alpha_{\tau_{i-1}}$, with $\bar\alpha_{\tau_0} = 1$
        self.alpha_bar_prev = torch.cat([self.alpha_bar.new_ones(1), self.alpha_bar[:-1]])
        # $\sigma_{\tau_i}(\eta) = \eta \sqrt{\frac{1 - \bar\alpha_{\tau_{i-1}}}{1 - \bar\alpha_{\tau_i}}}
        # \sqrt{1 - \frac{\bar\alpha_{\tau_i}}{\bar\alpha_{\tau_{i-1}}}}$
        self.sigma = (eta * ((1. - self.alpha_bar_prev) / (1. - self.alpha_bar)).sqrt()
                      * (1. - self.alpha_bar / self.alpha_bar_prev).sqrt())

    def step(self, xt: torch.Tensor, i: int, z: Optional[torch.Tensor] = None,
             eps: Optional[torch.Tensor] = None) -> Tuple[torch.Tensor, torch.Tensor]:
        r"""
        <a id="step"></a>

        ### One step, from $x_{\tau_i}$ to $x_{\tau_{i-1}}$

        `i` is the 0-based index in the sub-sequence; `z` is the noise $z$ (drawn by the caller) and
        `eps` the predicted noise, if it is already computed. Returns $x_{\tau_{i-1}}$ and the
        predicted $x_0$.
        """

        # The time step $\tau_i$ for every image, `[batch_size]`
        t = torch.full((xt.shape[0],), int(self.tau[i]), dtype=torch.long, device=xt.device)
        # $\epsilon_\theta(x_{\tau_i}, \tau_i)$
        if eps is None:
            eps = self.diffusion.eps_model(xt, t)
        # $\bar\alpha_{\tau_i}$, $\bar\alpha_{\tau_{i-1}}$ and $\sigma_{\tau_i}$, as scalars of the images' dtype
        index = torch.tensor([i])
        alpha_bar, alpha_bar_prev, sigma = (gather(v, index, xt) for v in
                                            (self.alpha_bar, self.alpha_bar_prev, self.sigma))
        # Predicted $x_0 = \frac{x_{\tau_i} - \sqrt{1 - \bar\alpha_{\tau_i}}\,\epsilon_\theta}{\sqrt{\bar\alpha_{\tau_i}}}$
        x0 = (xt - (1. - alpha_bar).sqrt() * eps) / alpha_bar.sqrt()
        # Direction pointing to $x_t$: $\sqrt{1 - \bar\alpha_{\tau_{i-1}} - \sigma_{\tau_i}^2}\;\epsilon_\theta$
        direction = (1. - alpha_bar_prev - sigma ** 2).clamp(min=0.).sqrt() * eps
        # $x_{\tau_{i-1}} = \sqrt{\bar\alpha_{\tau_{i-1}}}\, x_0 + \text{direction} + \sigma_{\tau_i} z$
        x_prev = alpha_bar_prev.sqrt() * x0 + direction
        if z is not None:
            x_prev = x_prev + sigma * z
        #
        return x_prev, x0

    @torch.no_grad()
    def sample(self, shape: Tuple[int, ...], generator: Optional[torch.Generator] = None,
               device: Optional[torch.device] = None, x_T: Optional[torch.Tensor] = None) -> torch.Tensor:
        r"""
        <a id="sample"></a>

        ### Sampling

        From $x_{\tau_S} = x_T \sim \mathcal{N}(0, \mathbf{I})$ (or the given `x_T`) through the $S$ steps,
        `[shape]`
        """

        # $x_T$
        x = torch.randn(shape, generator=generator, device=device) if x_T is None else x_T
        # $i = S, \dots, 1$
        for i in reversed(range(len(self.tau))):
            # $z \sim \mathcal{N}(0, \mathbf{I})$, unless $\eta = 0$ (no noise, and no draw)
            z = torch.randn(x.shape, generator=generator, device=x.device) if self.eta > 0 else None
            x, _ = self.step(x, i, z)
        #
        return x
