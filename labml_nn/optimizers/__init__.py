"""
---
title: Optimizers
summary: >
  Optimizers and learning-rate schedules, implemented in PyTorch with explanations.
---

# Optimizers

An optimizer turns gradients into parameter updates.
How large a step to take, the learning rate, often changes during training:
a transformer is usually trained with a short *warm-up*, where the learning rate rises from zero,
followed by a slow decay.

* [Noam](noam.html): the Adam optimizer with the learning-rate schedule of the paper
  [Attention Is All You Need](https://arxiv.org/abs/1706.03762),
  used to train the [transformers](../transformers/index.html).
"""
