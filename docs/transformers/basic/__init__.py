"""
---
title: Basic Transformer Experiments
summary: >
  Experiments that train the basic transformer from Attention Is All You Need.
---

# Basic Transformer Experiments

* [Autoregressive experiment](autoregressive_experiment.html):
  trains a character-level language model, a stack of
  [transformer layers](../models.html#TransformerLayer) with a causal mask,
  on Tiny Shakespeare and samples text from it.
  It uses the [multi-head attention](../mha.html), the
  [Noam optimizer](../../optimizers/noam.html), and the
  [autoregressive trainer](../../experiments/nlp_autoregression.html).
"""
