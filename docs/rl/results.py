"""
---
title: Results of the Reinforcement Learning Runs
summary: >
  What the reinforcement learning experiments record of a run (versions, processor, threads, time),
  the episode return against environment steps, and its median and range over seeds.
---

# Results of the Reinforcement Learning Runs

The [PPO](ppo/experiment.html) and [DQN](dqn/experiment.html) experiments log every episode as it ends:
the environment step at which it ended and its undiscounted return. This page turns those logs into the
curves and numbers of the pages: the mean return of the episodes that ended in each window of steps,
its median and range over the seeds, and the record of where and how a run was made.
"""

import json
import os
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence

import torch

from labml_nn.helpers.records import processor_name


def run_record() -> Dict:
    """
    <a id="run_record"></a>

    ### Where a run was made

    The versions of Python, torch and gymnasium, the processor and the threads torch uses.
    """
    import gymnasium
    return {
        'python': sys.version.split()[0],
        'torch': torch.__version__,
        'gymnasium': gymnasium.__version__,
        'processor': processor_name(),
        'cpu_count': os.cpu_count(),
        'torch_threads': torch.get_num_threads(),
    }


def windowed_returns(episodes: Sequence[Sequence[float]], steps: int, window: int) -> List[Optional[float]]:
    r"""
    <a id="windowed_returns"></a>

    ### The curve of one run

    `episodes` lists `[step, return]` of each episode, the step being the count of environment steps
    (over all the environments) when it ended. Returns the mean return of the episodes that ended in each
    window of `window` steps, $(0, w], (w, 2w], \dots$ up to `steps`; `None` for a window where none ended.
    """
    # The sums and the counts of each window
    n = steps // window
    sums, counts = [0.0] * n, [0] * n
    for step, ret in episodes:
        # The window of the step: $\lceil step / w \rceil - 1$
        k = (int(step) - 1) // window
        if 0 <= k < n:
            sums[k] += ret
            counts[k] += 1
    #
    return [s / c if c else None for s, c in zip(sums, counts)]


def median_range(curves: Sequence[Sequence[Optional[float]]]) -> Dict[str, List[Optional[float]]]:
    """
    <a id="median_range"></a>

    ### Median and range over seeds

    Of curves of the same length, one a seed, at each window the median, the lowest and the highest
    of the seeds that have a value there (the median of an even count being the mean of the middle two).
    """
    out: Dict[str, List[Optional[float]]] = {'median': [], 'min': [], 'max': []}
    for values in zip(*curves):
        v = sorted(x for x in values if x is not None)
        if not v:
            out['median'].append(None), out['min'].append(None), out['max'].append(None)
            continue
        m = len(v) // 2
        out['median'].append(v[m] if len(v) % 2 else (v[m - 1] + v[m]) / 2)
        out['min'].append(v[0])
        out['max'].append(v[-1])
    return out


def mean_return(episodes: Sequence[Sequence[float]], start: int, end: int) -> Optional[float]:
    """
    <a id="mean_return"></a>

    ### Mean return between two steps

    The mean return of the episodes that ended after step `start` and at or before step `end`.
    """
    r = [ret for step, ret in episodes if start < step <= end]
    return sum(r) / len(r) if r else None


def curve_mean(curve: Sequence[Optional[float]]) -> Optional[float]:
    """
    <a id="curve_mean"></a>

    ### Mean of a curve

    The mean over the windows that have a value: the area under the curve divided by its length,
    so that each window of steps counts the same however many episodes ended in it.
    """
    v = [x for x in curve if x is not None]
    return sum(v) / len(v) if v else None


def write_json(results: Dict, path: Path) -> Path:
    """
    ### Write the results

    Written at once at the end, so that a run that fails leaves the last results as they were.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=1) + '\n', encoding='utf-8')
    return path
