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

* [Adam](adam.html): moving averages of the gradient and of its square, with bias correction,
  and the AMSGrad variant, written out line by line and equal to `torch.optim.Adam`.
* [AdamW](adamw.html): Adam with decoupled weight decay, and how it differs from
  $L_2$ regularization in Adam; [GPT](../transformers/gpt/index.html) trains with it.
* [Noam](noam.html): the Adam optimizer with the learning-rate schedule of the paper
  [Attention Is All You Need](https://arxiv.org/abs/1706.03762),
  used to train the [transformers](../transformers/index.html);
  the schedule can be [mixed into](noam.html#NoamSchedule) either of the optimizers above.
"""
