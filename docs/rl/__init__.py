r"""
---
title: Reinforcement Learning
summary: >
  Annotated PyTorch implementations of PPO with generalized advantage estimation, and of DQN with Double
  DQN, the dueling head and prioritized replay, with experiments on gymnasium's CartPole-v1.
---

# Reinforcement Learning

In reinforcement learning an agent learns to act from the rewards its actions earn, with no labelled
answers. These pages implement two families of methods that most others build on, with their papers'
formulas beside the lines that compute them, and run them on
[gymnasium](https://gymnasium.farama.org)'s CartPole-v1, where a cart must keep a pole upright, earning a
reward of $1$ for each step it does, up to $500$ steps.

### Policy gradient

* [Proximal Policy Optimization (PPO)](ppo/index.html): the clipped surrogate objective that lets a
  policy take many gradient steps on one rollout, the clipped value loss and the entropy bonus;
* [Generalized Advantage Estimation (GAE)](ppo/gae.html): the advantages PPO weighs its actions with,
  and the $\lambda$ that trades their bias against their variance;
* [the experiment](ppo/experiment.html): PPO on CartPole over three seeds, with $\lambda$ of $0$, $0.95$
  and $1$.

### Action values

* [DQN, Double DQN and the dueling head](dqn/index.html): Q-learning with a target network, the target
  that chooses with one network and values with the other, and the head that splits $Q$ into the value
  of the state and the advantage of each action;
* [experience replay and prioritized replay](dqn/replay_buffer.html): the buffer of past transitions,
  and the sum tree and importance weights that draw the surprising ones more often;
* [the experiment](dqn/experiment.html): DQN against Double DQN on CartPole over three seeds, with the
  overestimation of their values measured, and the dueling head and prioritized replay added.

[What the experiments record](results.html) of each run, and how the curves are summarised over seeds,
has a page too.
"""
