"""
---
title: Training Plumbing
summary: >
  What the autoregressive trainer needs around its training loop: the processes and the device,
  and mixed precision.
---

# Training Plumbing

The parts of the [autoregressive trainer](../experiments/nlp_autoregression.html) that are not
about learning: the processes and the device, and mixed precision.
[Checkpoints](checkpoint.html) are on a page of their own.
"""

import os
from typing import Optional, Tuple

import torch
import torch.distributed as dist

from labml_nn.helpers.cli import OptionError


def best_device() -> torch.device:
    """
    The best device present: CUDA, then Apple's MPS, then the CPU
    """
    mps = getattr(torch.backends, 'mps', None) is not None and torch.backends.mps.is_available()
    return torch.device('cuda' if torch.cuda.is_available() else 'mps' if mps else 'cpu')


def start_processes(device_name: str) -> Tuple[int, int, torch.device]:
    """
    ### Distributed data parallel

    `torchrun` starts one process for each device and sets the environment variables
    `RANK`, `LOCAL_RANK` and `WORLD_SIZE`.
    Returns the number of processes, the index of this one and its device.
    """

    world_size, rank = int(os.environ.get('WORLD_SIZE', '1')), int(os.environ.get('RANK', '0'))
    device = best_device() if device_name == 'auto' else torch.device(device_name)
    # Each process uses its own GPU; processes on the CPU talk through
    # [gloo](https://github.com/facebookincubator/gloo)
    if world_size > 1 and device.type == 'cuda':
        device = torch.device('cuda', int(os.environ.get('LOCAL_RANK', '0')))
        torch.cuda.set_device(device)
        dist.init_process_group('nccl')
    elif world_size > 1:
        dist.init_process_group('gloo')
    return world_size, rank, device


def autocast_dtype(dtype: str, device: torch.device) -> Optional[torch.dtype]:
    """
    ### Mixed precision

    The data type for `torch.autocast`, or `None` to train in `float32`.
    With mixed precision, matrix multiplications run in 16 bits while
    the weights, the optimizer and numerically sensitive operations such as softmax stay in `float32`.
    `float16` works on CUDA only and needs loss scaling; `bfloat16` has the range of `float32`
    and needs none.
    """

    # `auto` picks `bfloat16` on GPUs that support it, `float16` on older ones,
    # and full precision elsewhere
    if dtype == 'auto':
        dtype = 'float32' if device.type != 'cuda' else 'bfloat16' if torch.cuda.is_bf16_supported() else 'float16'
    if dtype == 'float16' and device.type != 'cuda':
        raise OptionError(f'float16 mixed precision needs CUDA; use --dtype bfloat16 on {device.type}')
    return {'float32': None, 'bfloat16': torch.bfloat16, 'float16': torch.float16}[dtype]
