"""
---
title: Annotated Deep Learning Implementations
summary: >
  Simple PyTorch implementations of deep learning papers and techniques,
  each shown side by side with notes that explain it line by line.
---

# Annotated Deep Learning Implementations

This is a collection of simple [PyTorch](https://pytorch.org) implementations of
neural networks and related algorithms.
These implementations are documented with explanations:
each page shows the explanation on the left, next to the code it explains on the right,
with the math it implements and the shapes of the tensors it handles.
We believe these will help you understand these algorithms better.

The pages are generated from the source files themselves,
so the explanations are the comments and docstrings of code that runs.

## Implementations

#### [Transformers](transformers/index.html)

* [Multi-head attention](transformers/mha.html), and
  [the same attention with a fused kernel](transformers/mha_fast.html) to train with
* [Position-wise feed-forward network](transformers/feed_forward.html), with GLU variants
* [Fixed positional encodings](transformers/positional_encoding.html)
* [Transformer building blocks](transformers/models.html):
  embeddings, the transformer layer, encoder, decoder, generator and the encoder-decoder model
* [Transformer utilities](transformers/utils.html), such as the subsequent mask
* [Training a basic transformer on autoregressive language modelling](transformers/basic/autoregressive_experiment.html)

#### [Optimizers](optimizers/index.html)

* [Noam optimizer](optimizers/noam.html): Adam with the warm-up schedule of the transformer paper

#### [Experiments](experiments/index.html)

* [Autoregressive NLP models](experiments/nlp_autoregression.html): the shared training loop
  for character-level language models

#### [Helpers](helpers/index.html)

* [Command line options](helpers/cli.html), [downloading the data](helpers/download.html)
  and [training plots](helpers/plot.html): what the experiments need besides deep learning

## Installation and running

Install the package and its dependencies (PyTorch for the CPU) from the repository root with

```bash
make install
```

Then train the basic transformer; `--help` lists its settings:

```bash
python -m labml_nn.transformers.basic.autoregressive_experiment --help
```

## Building these pages

These pages are generated from the annotated source in `labml_nn/`. To rebuild them in every
language, run

```bash
make docs
```

which runs `.venv/bin/python build_site.py build --lang all` in the project's virtual environment.
`build_site.py build` without `--lang` builds the English pages only, and keeps the others as
they are. `make serve` shows the pages at http://127.0.0.1:8000 and rebuilds them on every save.
"""
