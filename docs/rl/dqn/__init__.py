r"""
---
title: Deep Q-Networks (DQN), Double DQN and the Dueling Head
summary: >
  An annotated PyTorch implementation of deep Q-learning with a target network, the Double DQN target
  and the dueling network head.
---

# Deep Q-Networks (DQN), Double DQN and the Dueling Head

This page implements the learning of action values from three papers:

* [Human-level control through deep reinforcement learning](https://www.nature.com/articles/nature14236)
  by Volodymyr Mnih, Koray Kavukcuoglu, David Silver and others (Nature, 2015): DQN, Q-learning with a
  neural network, a *target network* and *experience replay*;
* [Deep Reinforcement Learning with Double Q-learning](https://arxiv.org/abs/1509.06461)
  by Hado van Hasselt, Arthur Guez and David Silver: the Double DQN target;
* [Dueling Network Architectures for Deep Reinforcement Learning](https://arxiv.org/abs/1511.06581)
  by Ziyu Wang, Tom Schaul, Matteo Hessel, Hado van Hasselt, Marc Lanctot and Nando de Freitas:
  the dueling head.

The fourth, [prioritized experience replay](replay_buffer.html), has a page of its own, and
[the experiment](experiment.html) runs them on gymnasium's CartPole-v1.

Where [PPO](../ppo/index.html) learns a policy directly, DQN learns $Q(s, a)$, the expected discounted
return of taking action $a$ in state $s$ and acting well afterwards, and acts greedily on it
(with $\epsilon$-greedy exploration). The optimal $Q$ satisfies the Bellman equation
$Q^*(s, a) = \mathbb{E} \big[ r + \gamma \max_{a'} Q^*(s', a') \big]$, and DQN regresses
$Q(s, a; \theta)$ onto the right-hand side computed with a copy of the network, $\theta^-$, that is
updated only every few thousand steps, so that the target does not move with every step.
The transitions $(s, a, r, s')$ come from a *replay buffer* of past experience, which breaks the
correlation between consecutive samples.

### Double DQN

The target $\max_{a'} Q(s', a'; \theta^-)$ uses the same values both to choose the action and to value it.
Where the values are noisy, the maximum of the noisy values is larger than the maximum of their means,
and Q-learning *overestimates*. Double DQN chooses with the online network and values with the target
network:

$$y = r + \gamma \, Q\big(s', \operatorname*{argmax}_{a'} Q(s', a'; \theta); \theta^-\big)$$

[The experiment](experiment.html) measures the overestimation of both.
"""

from typing import Tuple

import torch
from torch import nn


class QNetwork(nn.Module):
    r"""
    <a id="QNetwork"></a>

    ## The action-value network

    A small network of two hidden layers with ReLU activations, and a head that gives $Q(s, a)$ of each
    action: a linear layer, or the [dueling head](#DuelingHead).
    """

    def __init__(self, n_obs: int, n_actions: int, hidden: int, dueling: bool = False):
        super().__init__()
        # The features of a state
        self.body = nn.Sequential(nn.Linear(n_obs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        # The head
        self.head = DuelingHead(hidden, n_actions) if dueling else nn.Linear(hidden, n_actions)

    def forward(self, obs: torch.Tensor) -> torch.Tensor:
        # $Q(s, \cdot)$, `[batch_size, n_actions]`, of observations `[batch_size, n_obs]`
        return self.head(self.body(obs))


class DuelingHead(nn.Module):
    r"""
    <a id="DuelingHead"></a>

    ## The dueling head

    The dueling network splits $Q$ into the value of the state and the advantage of each action,
    $Q(s, a) = V(s) + A(s, a)$, two streams on top of the same features. Many states are ones where the
    action matters little; the value stream learns about them from every action taken there.

    The split is not unique: adding a constant to $V$ and subtracting it from $A$ gives the same $Q$.
    The paper pins it by subtracting the mean advantage,

    $$Q(s, a) = V(s) + \Big( A(s, a) - \frac{1}{|\mathcal{A}|} \sum_{a'} A(s, a') \Big)$$

    so that the advantages of a state sum to zero. (Subtracting the maximum instead would make $V$ the
    value of the best action; the paper found the mean more stable.)
    """

    def __init__(self, hidden: int, n_actions: int):
        super().__init__()
        # $V(s)$: one number
        self.value = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))
        # $A(s, \cdot)$: one for each action
        self.advantage = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, n_actions))

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        # $V(s)$, `[batch_size, 1]`
        value = self.value(h)
        # $A(s, a)$, `[batch_size, n_actions]`
        advantage = self.advantage(h)
        # $V(s) + A(s, a) - \frac{1}{|\mathcal{A}|} \sum_{a'} A(s, a')$, `[batch_size, n_actions]`
        return value + advantage - advantage.mean(dim=-1, keepdim=True)


@torch.no_grad()
def q_target(online: nn.Module, target: nn.Module, reward: torch.Tensor, next_obs: torch.Tensor,
             terminated: torch.Tensor, gamma: float, double: bool) -> torch.Tensor:
    r"""
    <a id="q_target"></a>

    ## The target

    * `reward` $r$, `[batch_size]`
    * `next_obs` $s'$, `[batch_size, n_obs]`: the observation the step reached, the last one of the
      episode where it ended there
    * `terminated`, `[batch_size]`, where the task was over: nothing follows, $y = r$.
      A truncated episode (a time limit) is not over, and its target bootstraps as any other.

    DQN's target is $y = r + \gamma \max_{a'} Q(s', a'; \theta^-)$;
    Double DQN's (`double=True`) is $y = r + \gamma \, Q\big(s', \operatorname*{argmax}_{a'} Q(s', a'; \theta); \theta^-\big)$.
    """
    # $Q(s', \cdot; \theta^-)$, `[batch_size, n_actions]`
    next_q_target = target(next_obs)
    if double:
        # $\operatorname*{argmax}_{a'} Q(s', a'; \theta)$, chosen by the online network, `[batch_size, 1]`
        best = online(next_obs).argmax(dim=-1, keepdim=True)
        # $Q\big(s', \operatorname*{argmax}_{a'} Q(s', a'; \theta); \theta^-\big)$, valued by the target network
        next_value = next_q_target.gather(-1, best).squeeze(-1)
    else:
        # $\max_{a'} Q(s', a'; \theta^-)$, chosen and valued by the target network
        next_value = next_q_target.max(dim=-1).values
    # $y = r + \gamma (1 - \text{terminated}) \cdot \text{next value}$, `[batch_size]`
    return reward + gamma * (~terminated).to(reward.dtype) * next_value


def q_loss(online: nn.Module, obs: torch.Tensor, action: torch.Tensor, y: torch.Tensor,
           weights: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    r"""
    <a id="q_loss"></a>

    ## The loss

    The Huber loss of the temporal-difference error $\delta = y - Q(s, a; \theta)$: its square for
    $|\delta| \le 1$ and linear beyond, which is what DQN's clipping of the error to $[-1, 1]$ amounts to.
    Each sample is weighted by `weights`, the importance weights of
    [prioritized replay](replay_buffer.html#importance_weights) (ones for uniform replay).

    Returns the loss and $|\delta|$ of each sample, `[batch_size]`, the new priorities.
    """
    # $Q(s, a; \theta)$ of the actions taken, `[batch_size]`
    q = online(obs).gather(-1, action.unsqueeze(-1)).squeeze(-1)
    # $\delta = y - Q(s, a; \theta)$
    td_error = y - q
    # $\frac{1}{N} \sum_i w_i \operatorname{Huber}(\delta_i)$
    loss = (weights * nn.functional.smooth_l1_loss(q, y, reduction='none')).mean()
    #
    return loss, td_error.detach().abs()
