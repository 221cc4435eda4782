"""
---
title: Experiments
summary: >
  Reusable training code for the experiments that go with the annotated implementations.
---

# Experiments

Training code that several implementations share, so that each experiment only needs to
describe its model.

* [Character-level autoregressive text](nlp_autoregression.html):
  a tokenizer, data loaders, a training and validation loop, text sampling,
  checkpoints, mixed precision and distributed data parallel training,
  on [Tiny Shakespeare](https://github.com/karpathy/char-rnn/tree/master/data/tinyshakespeare).
  The [basic transformer experiment](../transformers/basic/autoregressive_experiment.html) uses it.
"""
