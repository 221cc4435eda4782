r"""
---
title: Generalized Advantage Estimation (GAE)
summary: >
  An annotated PyTorch implementation of generalized advantage estimation, computed backwards over a
  rollout of several environments, with episode ends and time-limit truncations handled apart.
---

# Generalized Advantage Estimation (GAE)

This is an implementation of the advantage estimator of the paper
[High-Dimensional Continuous Control Using Generalized Advantage Estimation](https://arxiv.org/abs/1506.02438)
by John Schulman, Philipp Moritz, Sergey Levine, Michael Jordan and Pieter Abbeel.
[PPO](index.html) uses it to weigh the log-probabilities of the actions it took.

The advantage of an action is how much better it did than the policy does on average from that state,
$A(s_t, a_t) = Q(s_t, a_t) - V(s_t)$. With a learned value function $V$, the *temporal difference*

$$\delta_t = r_t + \gamma V(s_{t+1}) - V(s_t)$$

is an estimate of it that looks one step ahead, and the sum of $k$ of them,

$$\hat A_t^{(k)} = \sum_{l=0}^{k-1} \gamma^l \delta_{t+l} = -V(s_t) + r_t + \dots + \gamma^{k-1} r_{t+k-1} + \gamma^k V(s_{t+k})$$

is one that looks $k$ steps ahead. A short look leans on $V$, which is wrong while it is learned (bias);
a long one leans on the rewards of one trajectory, which vary from one trajectory to the next (variance).
GAE takes an exponentially weighted average of all of them,

$$\hat A_t = (1 - \lambda) \Big( \hat A_t^{(1)} + \lambda \hat A_t^{(2)} + \lambda^2 \hat A_t^{(3)} + \dots \Big)
 = \sum_{l=0}^{\infty} (\gamma \lambda)^l \delta_{t+l}$$

so that $\lambda = 0$ gives the one-step estimate $\delta_t$ and $\lambda = 1$ the return minus the value,
$\sum_l \gamma^l r_{t+l} - V(s_t)$, which is unbiased whatever $V$ is.
The [experiment](experiment.html) compares the three, $\lambda \in \{0, 0.95, 1\}$.

### Episode ends and truncations

A rollout of $T$ steps holds the end of some episodes and the start of others, and gymnasium ends an
episode in two ways: it is *terminated* when the task is over (the pole fell), and then the value of what
follows is $0$; it is *truncated* when a time limit cuts it short, and then the state it reached still has a
value, $V(s_{t+1})$ of the last observation. Either way, the sum above stops at the end of the episode:
$\hat A_t$ adds only the $\delta$ of steps of the same episode. And at the end of the rollout, the sum
stops too, with $V$ of the next observation standing for all that follows.
"""

import torch


def gae(rewards: torch.Tensor, values: torch.Tensor, next_values: torch.Tensor,
        terminated: torch.Tensor, truncated: torch.Tensor, gamma: float, lambda_: float) -> torch.Tensor:
    r"""
    <a id="gae"></a>

    ### Advantages of a rollout

    All the arguments are `[T, n_envs]`, for the $T$ steps of $n_{envs}$ environments:

    * `rewards` $r_t$, the reward of each step;
    * `values` $V(s_t)$, the value of the state each step started from;
    * `next_values` $V(s_{t+1})$, the value of the state the step reached: of the last observation of the
      episode where it ended there (gymnasium's `final_obs`), not of the first one of the next episode;
    * `terminated` and `truncated`, booleans, whether the episode ended at that step, and how.

    Returns the advantages $\hat A_t$, `[T, n_envs]`.
    """

    # Where the task is over, nothing follows: $V(s_{t+1})$ counts as $0$
    not_terminated = (~terminated).to(values.dtype)
    # Where the episode ended in either way, the sum of the next step's $\delta$ stops
    not_done = (~(terminated | truncated)).to(values.dtype)

    # $\delta_t = r_t + \gamma V(s_{t+1}) - V(s_t)$, for all the steps at once, `[T, n_envs]`
    deltas = rewards + gamma * next_values * not_terminated - values

    # The advantages, filled backwards, `[T, n_envs]`
    advantages = torch.zeros_like(values)
    # $\hat A_{t+1}$ of the step after the last: none, `[n_envs]`
    last = torch.zeros_like(values[0])
    for t in reversed(range(rewards.shape[0])):
        # $\hat A_t = \delta_t + \gamma \lambda \hat A_{t+1}$ within an episode,
        # which unrolls to $\sum_l (\gamma \lambda)^l \delta_{t+l}$; $\hat A_t = \delta_t$ at its last step
        last = deltas[t] + gamma * lambda_ * not_done[t] * last
        advantages[t] = last

    #
    return advantages
