r"""
---
title: Proximal Policy Optimization (PPO)
summary: >
  An annotated PyTorch implementation of proximal policy optimization: the clipped surrogate objective,
  the clipped value loss, the entropy bonus, and several epochs of minibatches over each rollout.
---

# Proximal Policy Optimization (PPO)

This is an implementation of the paper
[Proximal Policy Optimization Algorithms](https://arxiv.org/abs/1707.06347)
by John Schulman, Filip Wolski, Prafulla Dhariwal, Alec Radford and Oleg Klimov.

A policy gradient method collects a rollout with the policy $\pi_{\theta_{old}}$, estimates the
[advantage](gae.html) $\hat A_t$ of each action, and raises the probability of the actions that did better
than average. Plain policy gradient can take only one step per rollout: after it, the samples no longer
come from the policy being trained. PPO takes many steps on the same rollout (several *epochs* of
minibatches) and keeps the new policy close to the old one by clipping its objective, a simpler
stand-in for the trust region of TRPO.

With the probability ratio $r_t(\theta) = \frac{\pi_\theta(a_t|s_t)}{\pi_{\theta_{old}}(a_t|s_t)}$,
the objective is

$$L^{CLIP}(\theta) = \mathbb{E}_t \Big[ \min \big( r_t(\theta) \hat A_t,
  \operatorname{clip}(r_t(\theta), 1 - \epsilon, 1 + \epsilon) \hat A_t \big) \Big]$$

The minimum makes it a lower bound of the unclipped objective: a ratio that moved past
$1 \pm \epsilon$ in the direction the advantage favours earns nothing more (its gradient is $0$),
while a move in the wrong direction is never clipped away.

The pages of this folder:

* [this page](#ClippedPPOLoss): the clipped objective, the [value loss](#ClippedValueFunctionLoss),
  and [the update](#ppo_update) that runs epochs of minibatches over a rollout;
* [GAE](gae.html): the advantages;
* [the experiment](experiment.html): PPO on gymnasium's CartPole-v1, over three seeds and three values of
  GAE's $\lambda$.
"""

from dataclasses import dataclass
from typing import Callable, Dict, Optional, Tuple

import torch
from torch import nn


class ClippedPPOLoss(nn.Module):
    r"""
    <a id="ClippedPPOLoss"></a>

    ## The clipped surrogate objective

    Returns $-L^{CLIP}$, the loss to minimise.
    """

    def forward(self, log_pi: torch.Tensor, sampled_log_pi: torch.Tensor,
                advantage: torch.Tensor, clip: float) -> torch.Tensor:
        r"""
        * `log_pi` is $\log \pi_\theta(a_t|s_t)$ under the policy being trained, `[batch_size]`
        * `sampled_log_pi` is $\log \pi_{\theta_{old}}(a_t|s_t)$, of the policy that took the action
        * `advantage` is $\hat A_t$
        * `clip` is $\epsilon$
        """

        # $r_t(\theta) = \frac{\pi_\theta(a_t|s_t)}{\pi_{\theta_{old}}(a_t|s_t)}$,
        # from the log-probabilities, `[batch_size]`
        ratio = torch.exp(log_pi - sampled_log_pi)
        # $\operatorname{clip}(r_t(\theta), 1 - \epsilon, 1 + \epsilon)$
        clipped_ratio = ratio.clamp(min=1.0 - clip, max=1.0 + clip)
        # $\min \big( r_t(\theta) \hat A_t, \operatorname{clip}(r_t(\theta), 1 - \epsilon, 1 + \epsilon) \hat A_t \big)$
        policy_reward = torch.min(ratio * advantage, clipped_ratio * advantage)
        # $-L^{CLIP}(\theta)$, the mean over the samples
        return -policy_reward.mean()


class ClippedValueFunctionLoss(nn.Module):
    r"""
    <a id="ClippedValueFunctionLoss"></a>

    ## The value loss

    The value function learns the return $R_t = \hat A_t + V_{\theta_{old}}(s_t)$, the target
    [GAE](gae.html) gives. The paper's loss is the squared error $(V_\theta(s_t) - R_t)^2$;
    the implementation that came with it (OpenAI's baselines) also clips the value's change as the
    objective clips the ratio's:

    $$V^{CLIP}_\theta(s_t) = V_{\theta_{old}}(s_t) + \operatorname{clip}
      \big( V_\theta(s_t) - V_{\theta_{old}}(s_t), -\epsilon, \epsilon \big)$$

    $$L^{VF}(\theta) = \frac{1}{2} \mathbb{E}_t \Big[ \max \big( (V_\theta(s_t) - R_t)^2,
      (V^{CLIP}_\theta(s_t) - R_t)^2 \big) \Big]$$

    `clip=None` gives the plain $\frac{1}{2} \mathbb{E}_t \big[ (V_\theta(s_t) - R_t)^2 \big]$.
    """

    def forward(self, value: torch.Tensor, sampled_value: torch.Tensor, sampled_return: torch.Tensor,
                clip: Optional[float]) -> torch.Tensor:
        # $(V_\theta(s_t) - R_t)^2$, `[batch_size]`
        loss = (value - sampled_return) ** 2
        if clip is not None:
            # $V^{CLIP}_\theta(s_t)$
            clipped_value = sampled_value + (value - sampled_value).clamp(min=-clip, max=clip)
            # $\max \big( (V_\theta(s_t) - R_t)^2, (V^{CLIP}_\theta(s_t) - R_t)^2 \big)$
            loss = torch.max(loss, (clipped_value - sampled_return) ** 2)
        # $L^{VF}(\theta)$
        return 0.5 * loss.mean()


@dataclass
class PPOConfigs:
    """
    <a id="PPOConfigs"></a>

    ## The options of an update
    """
    # Epochs over each rollout
    epochs: int = 4
    # Minibatches in an epoch
    minibatches: int = 4
    # $\epsilon$ of the objective
    clip: float = 0.2
    # $\epsilon$ of the value loss; `None` for the plain squared error
    value_clip: Optional[float] = 0.2
    # $c_1$, the weight of the value loss
    value_coef: float = 0.5
    # $c_2$, the weight of the entropy bonus
    entropy_coef: float = 0.01
    # The largest norm of the gradient
    max_grad_norm: float = 0.5


def ppo_update(evaluate: Callable[[torch.Tensor, torch.Tensor], Tuple[torch.Tensor, torch.Tensor, torch.Tensor]],
               parameters: list, optimizer: torch.optim.Optimizer, samples: Dict[str, torch.Tensor],
               c: PPOConfigs, generator: torch.Generator) -> Dict[str, float]:
    r"""
    <a id="ppo_update"></a>

    ## The update on a rollout

    The loss the paper minimises puts the three together,

    $$\mathcal{L}(\theta) = -L^{CLIP}(\theta) + c_1 L^{VF}(\theta) - c_2 \mathbb{E}_t \Big[ S[\pi_\theta](s_t) \Big]$$

    where $S[\pi_\theta](s_t)$ is the entropy of the policy at $s_t$, a bonus that keeps it from becoming
    certain too early. It is minimised for `c.epochs` epochs, each a pass over the rollout in
    `c.minibatches` minibatches of shuffled samples.

    * `evaluate(obs, actions)` returns $\log \pi_\theta(a_t|s_t)$, the entropy and $V_\theta(s_t)$,
      each `[batch_size]`
    * `samples` holds the rollout, flattened to `[T * n_envs]`: `obs`, `actions`, `log_pi` and
      `values` (of $\theta_{old}$), `advantages` and `returns`

    Returns the losses of the last minibatch and the mean fraction of clipped ratios.
    """

    # The losses
    policy_loss_fn, value_loss_fn = ClippedPPOLoss(), ClippedValueFunctionLoss()
    # The number of samples, and of samples in a minibatch
    n = samples['advantages'].shape[0]
    size = n // c.minibatches
    clipped = []
    for _ in range(c.epochs):
        # A new order of the samples for each epoch
        order = torch.randperm(n, generator=generator)
        for start in range(0, size * c.minibatches, size):
            # The samples of this minibatch
            idx = order[start:start + size]
            mb = {k: v[idx] for k, v in samples.items()}
            # The advantages normalised over the minibatch, to mean $0$ and standard deviation $1$:
            # not in the paper, but in its implementation; it makes the size of a step independent
            # of the scale of the rewards
            adv = mb['advantages']
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            # $\log \pi_\theta(a_t|s_t)$, $S[\pi_\theta](s_t)$ and $V_\theta(s_t)$ of the policy being trained
            log_pi, entropy, value = evaluate(mb['obs'], mb['actions'])
            # $-L^{CLIP}(\theta)$
            policy_loss = policy_loss_fn(log_pi, mb['log_pi'], adv, c.clip)
            # $L^{VF}(\theta)$
            value_loss = value_loss_fn(value, mb['values'], mb['returns'], c.value_clip)
            # $\mathbb{E}_t \big[ S[\pi_\theta](s_t) \big]$
            entropy_bonus = entropy.mean()
            # $\mathcal{L}(\theta) = -L^{CLIP}(\theta) + c_1 L^{VF}(\theta) - c_2 \mathbb{E}_t [ S[\pi_\theta](s_t) ]$
            loss = policy_loss + c.value_coef * value_loss - c.entropy_coef * entropy_bonus
            # A step of gradient descent, the gradient's norm clipped
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(parameters, c.max_grad_norm)
            optimizer.step()
            # How many ratios were outside $[1 - \epsilon, 1 + \epsilon]$
            with torch.no_grad():
                clipped.append(((log_pi - mb['log_pi']).exp().sub(1).abs() > c.clip).float().mean().item())
    #
    return {'policy_loss': policy_loss.item(), 'value_loss': value_loss.item(),
            'entropy': entropy_bonus.item(), 'clip_fraction': sum(clipped) / len(clipped)}
