"""
---
title: Helpers
summary: >
  Code the experiments need that is not about deep learning:
  command line options, downloading the data, plotting the training curves,
  the plumbing of the trainer, checkpoints, run records and the Colab notebook.
---

# Helpers

Code the [experiments](../experiments/index.html) need that is not about deep learning,
kept here so that the pages about models and training show only models and training.

* [Command line options from dataclasses](cli.html): each configuration value is an option
* [Tiny Shakespeare](download.html): find a local copy of the text or download it
* [Training plots](plot.html): the loss and accuracy against steps, drawn with matplotlib,
  the log folder of a run and its lines of progress
* [Training plumbing](training.html): the processes and the device, and mixed precision,
  around the trainer's loop
* [Checkpoints](checkpoint.html): save a training state so that an interrupted save keeps the last one,
  and load it back
* [Run records](records.html): what a committed result records about the run that made it
* [Colab notebook](notebook.html): writes the notebook of the transformer experiment from its options
"""

import sys

# In a notebook labml shows its output with `IPython.core.display.display`, which IPython 9 removed;
# the same function is in `IPython.display`. The experiments import these helpers before any model
# (whose modules import labml), so this gives labml the function where it looks before labml is loaded
if 'IPython' in sys.modules:
    import IPython.core.display
    import IPython.display
    if not hasattr(IPython.core.display, 'display'):
        IPython.core.display.display = IPython.display.display  # type: ignore[attr-defined]
