"""
---
title: Helpers
summary: >
  Code the experiments need that is not about deep learning:
  command line options, downloading the data, plotting the training curves,
  the plumbing of the trainer and the Colab notebook.
---

# Helpers

Code the [experiments](../experiments/index.html) need that is not about deep learning,
kept here so that the pages about models and training show only models and training.

* [Command line options from dataclasses](cli.html): each configuration value is an option
* [Tiny Shakespeare](download.html): find a local copy of the text or download it
* [Training plots](plot.html): the loss and accuracy against steps, drawn with matplotlib
* [Training plumbing](training.html): the processes and the device, mixed precision, checkpoints
  and labml tracking, around the trainer's loop
* [Colab notebook](notebook.html): writes the notebook of the transformer experiment from its options
"""
