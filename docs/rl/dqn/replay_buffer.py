r"""
---
title: Experience Replay and Prioritized Experience Replay
summary: >
  An annotated implementation of the replay buffer of DQN and of prioritized experience replay:
  the sum tree that samples in proportion to priorities, and the importance weights that correct for it.
---

# Experience Replay and Prioritized Experience Replay

[DQN](index.html) learns from transitions $(s, a, r, s')$ drawn from a buffer of the last $N$ it saw.
The [uniform buffer](#ReplayBuffer) draws each with the same probability. Prioritized replay, from the paper
[Prioritized Experience Replay](https://arxiv.org/abs/1511.05952) by Tom Schaul, John Quan,
Ioannis Antonoglou and David Silver, draws more often those the network predicts worst, the ones with a
large temporal-difference error $\delta_i$, since there is more to learn from them.

A transition's *priority* is $p_i = (|\delta_i| + \varepsilon)^\alpha$ and it is drawn with probability

$$P(i) = \frac{p_i}{\sum_k p_k}$$

$\alpha$ says how much the priorities count: $\alpha = 0$ is uniform replay. A new transition, whose error
is not known yet, gets the largest priority so far, so that it is drawn at least once.

Drawing in proportion to priorities changes the distribution the expected loss is taken over, which
biases the values learned. Importance weights undo it:

$$w_i = \Big( \frac{1}{N} \cdot \frac{1}{P(i)} \Big)^\beta$$

with $\beta$ annealed from a start value to $1$ (full correction) by the end of training, and divided
by their maximum so that they only ever scale the steps down.

To draw from $P(i)$ and change priorities among $N$ transitions in $O(\log N)$ steps, the priorities sit in
the leaves of a [sum tree](#SumTree).
"""

from typing import Dict, Tuple

import numpy as np


class ReplayBuffer:
    """
    <a id="ReplayBuffer"></a>

    ## The uniform replay buffer

    A ring of the last `capacity` transitions, in arrays; the oldest is overwritten first.
    """

    def __init__(self, capacity: int, n_obs: int, seed: int):
        self.capacity = capacity
        self.obs = np.zeros((capacity, n_obs), dtype=np.float32)
        self.action = np.zeros(capacity, dtype=np.int64)
        self.reward = np.zeros(capacity, dtype=np.float32)
        self.next_obs = np.zeros((capacity, n_obs), dtype=np.float32)
        self.terminated = np.zeros(capacity, dtype=bool)
        # Where the next transition goes, and how many there are
        self.next, self.size = 0, 0
        self.rng = np.random.default_rng(seed)

    def add(self, obs, action, reward, next_obs, terminated) -> np.ndarray:
        """
        Adds a batch of transitions, one from each environment; returns where they went.
        """
        idx = (self.next + np.arange(len(action))) % self.capacity
        self.obs[idx], self.action[idx], self.reward[idx] = obs, action, reward
        self.next_obs[idx], self.terminated[idx] = next_obs, terminated
        self.next = (self.next + len(action)) % self.capacity
        self.size = min(self.size + len(action), self.capacity)
        return idx

    def transitions(self, idx: np.ndarray) -> Dict[str, np.ndarray]:
        """The transitions at `idx`"""
        return {'obs': self.obs[idx], 'action': self.action[idx], 'reward': self.reward[idx],
                'next_obs': self.next_obs[idx], 'terminated': self.terminated[idx]}

    def sample(self, batch_size: int, beta: float) -> Tuple[np.ndarray, Dict[str, np.ndarray], np.ndarray]:
        """
        Draws `batch_size` transitions uniformly, with replacement; returns their places, the transitions
        and weights of $1$ (`beta` is there for the prioritized buffer's sake).
        """
        idx = self.rng.integers(0, self.size, batch_size)
        return idx, self.transitions(idx), np.ones(batch_size, dtype=np.float32)

    def update_priorities(self, idx: np.ndarray, td_error: np.ndarray):
        """Uniform replay has no priorities"""


class SumTree:
    r"""
    <a id="SumTree"></a>

    ## The sum tree

    A binary tree whose leaves hold the priorities $p_0, \dots, p_{N-1}$ and whose every other node holds
    the sum of its two children, so the root holds $\sum_k p_k$. It is kept in one array: the root is
    at $1$, the children of node $j$ at $2j$ and $2j + 1$, and the leaves at $M, \dots, 2M - 1$, with $M$
    the capacity rounded up to a power of two so that all the leaves are on the same level, in order.

    Changing a priority changes the sums of its $\log_2 M$ ancestors. Drawing a transition in proportion to
    the priorities is finding the leaf $i$ where a number $u$ uniform in $[0, \sum_k p_k)$ falls among the
    prefix sums, $\sum_{k < i} p_k \le u < \sum_{k \le i} p_k$: from the root, go left if $u$ is below the
    left child's sum, else subtract that sum and go right. Both are done for a whole batch at once.
    """

    def __init__(self, capacity: int):
        # $M$, the capacity rounded up to a power of two
        self.leaves = 1 << max(0, int(capacity - 1).bit_length())
        # The depth of the leaves, $\log_2 M$
        self.depth = self.leaves.bit_length() - 1
        # The nodes; index $0$ is not used
        self.tree = np.zeros(2 * self.leaves, dtype=np.float64)

    def total(self) -> float:
        # $\sum_k p_k$, at the root
        return float(self.tree[1])

    def get(self, idx: np.ndarray) -> np.ndarray:
        # $p_i$ of the leaves `idx`
        return self.tree[self.leaves + np.asarray(idx)]

    def set(self, idx: np.ndarray, priority: np.ndarray):
        # The leaves
        node = self.leaves + np.asarray(idx)
        self.tree[node] = priority
        # Each level of ancestors in turn: a node's sum is computed again from its two children,
        # which is right even where two leaves of the batch share an ancestor
        for _ in range(self.depth):
            node = node // 2
            self.tree[node] = self.tree[2 * node] + self.tree[2 * node + 1]

    def find(self, u: np.ndarray) -> np.ndarray:
        r"""
        <a id="find"></a>

        The leaves $i$ with $\sum_{k < i} p_k \le u < \sum_{k \le i} p_k$, for values `u` in
        $[0, \sum_k p_k)$, `[batch_size]`.
        """
        u = np.array(u, dtype=np.float64)
        # All start at the root
        node = np.ones(len(u), dtype=np.int64)
        for _ in range(self.depth):
            left = self.tree[2 * node]
            # Right where $u$ is at or past the left child's sum (and the right child is not empty,
            # which rounding could otherwise reach)
            right = (u >= left) & (self.tree[2 * node + 1] > 0)
            u = np.where(right, u - left, u)
            node = 2 * node + right
        #
        return node - self.leaves


class PrioritizedReplayBuffer(ReplayBuffer):
    r"""
    <a id="PrioritizedReplayBuffer"></a>

    ## The prioritized replay buffer

    The [uniform buffer](#ReplayBuffer) with a [sum tree](#SumTree) of the priorities $p_i$.
    """

    def __init__(self, capacity: int, n_obs: int, seed: int, alpha: float, epsilon: float = 1e-6):
        super().__init__(capacity, n_obs, seed)
        # $\alpha$ and $\varepsilon$ of $p_i = (|\delta_i| + \varepsilon)^\alpha$
        self.alpha, self.epsilon = alpha, epsilon
        self.tree = SumTree(capacity)
        # The largest priority so far, given to new transitions
        self.max_priority = 1.0

    def add(self, obs, action, reward, next_obs, terminated) -> np.ndarray:
        idx = super().add(obs, action, reward, next_obs, terminated)
        # New transitions get the largest priority so far
        self.tree.set(idx, np.full(len(idx), self.max_priority))
        return idx

    def sample(self, batch_size: int, beta: float) -> Tuple[np.ndarray, Dict[str, np.ndarray], np.ndarray]:
        r"""
        Draws `batch_size` transitions with probabilities $P(i)$, one from each of `batch_size` equal
        segments of $[0, \sum_k p_k)$ as in the paper, so that a batch spreads over the whole range.
        Returns their places, the transitions and their [importance weights](#importance_weights).
        """
        total = self.tree.total()
        # $u_j$ uniform in the $j$-th segment $\big[ \frac{j}{B} \sum_k p_k, \frac{j + 1}{B} \sum_k p_k \big)$
        u = (np.arange(batch_size) + self.rng.random(batch_size)) * (total / batch_size)
        idx = self.tree.find(np.minimum(u, np.nextafter(total, 0)))
        # $P(i) = p_i / \sum_k p_k$
        probability = self.tree.get(idx) / total
        return idx, self.transitions(idx), importance_weights(probability, self.size, beta)

    def update_priorities(self, idx: np.ndarray, td_error: np.ndarray):
        # $p_i = (|\delta_i| + \varepsilon)^\alpha$
        priority = (np.abs(td_error) + self.epsilon) ** self.alpha
        self.tree.set(idx, priority)
        self.max_priority = max(self.max_priority, float(priority.max()))


def importance_weights(probability: np.ndarray, n: int, beta: float) -> np.ndarray:
    r"""
    <a id="importance_weights"></a>

    ## The importance weights

    $w_i = \big( \frac{1}{N} \cdot \frac{1}{P(i)} \big)^\beta$ for the probabilities $P(i)$ of the drawn
    transitions, with $N$ the transitions in the buffer, divided by the largest weight of the batch.
    (The paper divides by $\max_i w_i$; some implementations take the largest over the whole buffer, from
    the smallest priority; over the batch is the simpler reading.)
    """
    # $w_i = (N \cdot P(i))^{-\beta}$
    w = (n * probability) ** (-beta)
    # $w_i / \max_j w_j$
    return (w / w.max()).astype(np.float32)
