"""
---
title: Helpers
summary: >
  Code the experiments need that is not about deep learning:
  command line options, downloading the data and plotting the training curves.
---

# Helpers

Code the [experiments](../experiments/index.html) need that is not about deep learning,
kept here so that the pages about models and training show only models and training.

* [Command line options from dataclasses](cli.html): each configuration value is an option
* [Tiny Shakespeare](download.html): find a local copy of the text or download it
* [Training plots](plot.html): the loss and accuracy against steps, drawn with matplotlib
"""
