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
"""

# ## Installation and running
#
# Install the package and its dependencies (PyTorch for the CPU) from the repository root with
#
# ```bash
# make install
# ```
#
# Then train the basic transformer; `--help` lists its settings:
#
# ```bash
# python -m labml_nn.transformers.basic.autoregressive_experiment --help
# ```
#
# ## Building these pages
#
# These pages are generated from the annotated source in `labml_nn/`. To rebuild them in every
# language, run
#
# ```bash
# make docs
# ```
#
# which sets up the project's virtual environment the first time and runs
# `.venv/bin/python build_site.py build --lang all`: every language of the configuration. `--lang zh` builds
# one of them and keeps the others as they are. `make serve` shows the pages at
# http://127.0.0.1:8000 and rebuilds them on every save.
