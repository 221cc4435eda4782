"""
---
title: Experiments
summary: >
  Reusable training code for the experiments that go with the annotated implementations.
---

# Experiments

Training code that several implementations share, so that each experiment only needs to
describe its model.

* [Character-level autoregressive training](nlp_autoregression.html):
  a training and validation loop, checkpoints, mixed precision and distributed data parallel training.
  The [basic transformer experiment](../transformers/basic/autoregressive_experiment.html) uses it.
* [Character-level text](text.html): a tokenizer, batches of
  [Tiny Shakespeare](https://github.com/karpathy/char-rnn/tree/master/data/tinyshakespeare),
  the bigram baseline and text sampling, for the trainer and for the experiments that train their own way.
"""
