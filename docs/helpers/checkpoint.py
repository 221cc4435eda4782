"""
---
title: Checkpoints
summary: >
  Saving a training state to a file so that an interrupted save keeps the last one, and loading it back,
  for the autoregressive trainer and the other experiments that resume.
---

# Checkpoints

A checkpoint is the state of a run, the weights, the optimizer and whatever else the run needs to continue,
in one file. The [autoregressive trainer](../experiments/nlp_autoregression.html) and the
[diffusion experiment](../diffusion/experiment.html) save theirs with [`write_checkpoint`](#write_checkpoint)
and continue from it with [`read_checkpoint`](#read_checkpoint).
"""

from pathlib import Path
from typing import Dict

import torch

from labml_nn.helpers.cli import OptionError

# File name of the checkpoint in the checkpoint directory
CHECKPOINT_FILE = 'checkpoint.pt'


def checkpoint_path(checkpoint_dir: str) -> Path:
    """Path of the checkpoint"""
    return Path(checkpoint_dir) / CHECKPOINT_FILE


def write_checkpoint(path: Path, state: Dict, step: int):
    """
    <a id="write_checkpoint"></a>

    ### Save a checkpoint

    Writes `state` to `path` through a temporary file, so that an interrupted save
    does not destroy the previous checkpoint; `step` is for the message.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + '.tmp')
    torch.save(state, tmp)
    tmp.replace(path)
    print(f'Saved checkpoint {path} at step {step:,}')


def read_checkpoint(path: Path, option: str) -> Dict:
    """
    <a id="read_checkpoint"></a>

    ### Load the checkpoint

    Onto the CPU, since `load_state_dict` copies to the right device.
    `option` is the command line option that asked for it, for the message when there is none.
    """
    if not path.is_file():
        raise OptionError(f'{option}: there is no checkpoint at {path}')
    return torch.load(path, map_location='cpu', weights_only=True)

