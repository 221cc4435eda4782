"""
---
title: Records of the Normalization Experiments
summary: >
  What the normalization experiments share: the record of the machine and software a run used,
  its clock and processor time, and checkpoints written so that an interrupted save keeps the last one.
---

# Records of the Normalization Experiments

The [group normalization](group_norm/experiment.html) and [DeepNorm](deep_norm/experiment.html)
experiments write their results into a JSON file beside their pages, and the pages show them.
For a reader to know what a number means, the file says how it was made:
the command, the seeds, the versions of Python, PyTorch and the other libraries,
the processor, the number of threads, and the time the run took on the clock and on the processor.
"""

import platform
import time
from pathlib import Path
from typing import Dict

import torch

from labml_nn.helpers.records import processor_name


def environment(**libraries: str) -> Dict:
    """
    <a id="environment"></a>

    ### The machine and software of a run

    `libraries` are the versions of any other libraries the experiment uses, such as scikit-learn's.
    """
    return {
        'python': platform.python_version(),
        'torch': torch.__version__,
        **libraries,
        'platform': platform.platform(),
        'processor': processor_name(),
        'torch_threads': torch.get_num_threads(),
    }


class Timer:
    """
    <a id="Timer"></a>

    ### Clock and processor time

    On a machine that other work shares, the clock time of a run depends on that work;
    the processor time this process used does less.
    """

    def __init__(self):
        self.start, self.start_cpu = time.perf_counter(), time.process_time()

    def seconds(self) -> Dict[str, float]:
        """
        The seconds since the timer started, on the clock and on the processor
        """
        return {'wall_seconds': round(time.perf_counter() - self.start, 1),
                'cpu_seconds': round(time.process_time() - self.start_cpu, 1)}


def command(module: str, argv) -> str:
    """
    The command line of a run, as it would be typed, with one thread
    """
    return ' '.join(['OMP_NUM_THREADS=1 python -m', module, *argv])


def save_checkpoint(path: Path, state: Dict):
    """
    <a id="save_checkpoint"></a>

    ### Save a checkpoint

    Writes a temporary file and renames it, so that an interrupted save leaves the last checkpoint whole.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + '.tmp')
    torch.save(state, tmp)
    tmp.replace(path)


def load_checkpoint(path: Path) -> Dict:
    """
    Read a checkpoint written by [`save_checkpoint`](#save_checkpoint)
    """
    return torch.load(path, map_location='cpu', weights_only=True)

