"""
---
title: Run Records
summary: >
  What a committed result records about the run that made it: the command, the versions of Python
  and PyTorch, the processor and the number of threads.
---

# Run Records

A result committed beside a page, such as the
[comparison of position encodings](../transformers/positions/index.html), says how and where it was made,
so that a reader knows what its numbers mean and can make them again:
[`run_record`](#run_record) gives the command, the versions, the [processor](#processor_name)
and the number of threads, and an experiment writes them into its result file.
The experiments whose result files have fields of their own, such as the
[reinforcement learning runs](../rl/results.html), take only the processor's name from here.
"""

import platform
from pathlib import Path
from typing import Dict

import torch


def processor_name() -> str:
    """
    <a id="processor_name"></a>

    ### The processor

    The model name from `/proc/cpuinfo` where there is one, else what `platform` says.
    """
    try:
        for line in Path('/proc/cpuinfo').read_text(encoding='utf-8').splitlines():
            if line.startswith('model name'):
                return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def run_record(command: str) -> Dict:
    """
    <a id="run_record"></a>

    ### What a result file records about its run

    The `command` that made it, the versions of Python and PyTorch, the processor and the number
    of threads PyTorch used, so that a committed result says how and where it was made.
    """
    return {'command': command, 'python': platform.python_version(), 'torch': torch.__version__,
            'processor': processor_name(), 'torch_threads': torch.get_num_threads()}
