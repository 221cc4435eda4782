"""
---
title: Training Plots
summary: >
  Draws the training and validation loss and accuracy against steps with matplotlib,
  and says how to install it when it is missing.
---

# Training Plots

A picture of a run: the loss and the accuracy against the optimizer steps,
for the training batches and for the validation text, side by side.
The [trainer](../experiments/nlp_autoregression.html#Trainer) writes one into the run's
log folder at the end of training, and the command line draws one on request
from the history the trainer keeps in that folder.

[matplotlib](https://matplotlib.org) is optional, the `plot` extra of the package:

```shell
pip install 'labml-nn[plot]'
```

Without it, [`plot_history`](#plot_history) raises an error that says how to get it.
"""

import json
import uuid
from pathlib import Path
from typing import Any, Dict, Optional, Sequence, Tuple

# The name of the history file in a log folder
HISTORY_FILE = 'history.json'
# The name of the plot in a log folder
PLOT_FILE = 'training.png'
# What to do when matplotlib is missing
INSTALL_HINT = "plotting needs matplotlib: pip install 'labml-nn[plot]' (or pip install matplotlib)"


class PlotUnavailableError(ImportError):
    """
    Raised when matplotlib is not installed; the message says how to install it.
    """
    pass


def new_log_folder(log_dir: str, name: str, configs: Dict[str, Any]) -> Path:
    """
    <a id="new_log_folder"></a>

    ### The log folder of a run

    A new folder `log_dir/name/ID`, with an `ID` of its own, and the run's `configs` in it, as JSON
    """
    folder = Path(log_dir).resolve() / name / uuid.uuid1().hex
    folder.mkdir(parents=True)
    (folder / 'configs.json').write_text(json.dumps(configs, indent=1) + '\n')
    return folder


def write_history(folder: Path, train: Sequence[Tuple[int, float, float]],
                  valid: Sequence[Tuple[int, float, float]], baseline: Optional[float] = None):
    """
    <a id="write_history"></a>

    ### Save the history of a run

    `train` and `valid` are lists of `(step, loss, accuracy)`;
    `baseline` is a validation loss to compare with, such as a bigram model's, or `None`.
    The file is replaced whole, so a plot drawn while training runs reads a complete file.
    """

    # The history as JSON, one list of rows for each part, and the baseline if there is one
    history: Dict[str, object] = {'train': [list(r) for r in train], 'valid': [list(r) for r in valid]}
    if baseline is not None:
        history['baseline'] = baseline
    text = json.dumps(history, indent=1)
    # Write a temporary file and rename it
    tmp = folder / (HISTORY_FILE + '.tmp')
    tmp.write_text(text + '\n', encoding='utf-8')
    tmp.replace(folder / HISTORY_FILE)


def progress_line(step: int, total_steps: int, train: Optional[Tuple[float, float, float]],
                  chars_per_second: Optional[float], valid: Optional[Tuple[int, float, float]]) -> str:
    """
    <a id="progress_line"></a>

    ### A line of progress

    The step; `train`, the training loss and accuracy averaged since the last line and the learning rate;
    the throughput; and `valid`, the latest validation, with the step it was computed at,
    so that an old validation loss is not mistaken for a new one.
    """
    line = f'step {step:>{len(f"{total_steps:,}")},}'
    if train is not None:
        line += f'  train loss {train[0]:.3f}  accuracy {train[1]:.3f}  lr {train[2]:.2e}'
    if chars_per_second is not None:
        line += f'  {chars_per_second:,.0f} chars/s'
    if valid is not None:
        line += f'  | valid loss {valid[1]:.3f}  accuracy {valid[2]:.3f} (step {valid[0]:,})'
    return line


def read_history(folder: Path) -> Dict[str, Any]:
    """
    ### Read the history of a run

    The rows of `train` and `valid`, and `baseline` when the run had one.
    Raises `FileNotFoundError`, with the path, when the folder has none,
    and `ValueError` when the file is not a history.
    """

    # The file the trainer writes
    path = Path(folder) / HISTORY_FILE
    if not path.is_file():
        raise FileNotFoundError(f'{path} not found: give the log folder of a run '
                                f'(a folder under --log-dir/NAME/ that has {HISTORY_FILE})')
    # Rows back to tuples; a file that is not such a history is a `ValueError`
    try:
        history = json.loads(path.read_text(encoding='utf-8'))
        result: Dict[str, Any] = {part: [tuple(r) for r in history.get(part, [])] for part in ('train', 'valid')}
        if history.get('baseline') is not None:
            result['baseline'] = float(history['baseline'])
        return result
    except (ValueError, TypeError, AttributeError) as e:
        raise ValueError(f'{path} is not a history of (step, loss, accuracy) rows: {e}') from None


def plot_history(history: Dict[str, Any], path: Path, title: str = '') -> Path:
    """
    <a id="plot_history"></a>

    ### Draw the plot

    Two panels, the loss and the accuracy against steps,
    each with a line for training and one for validation,
    and the `baseline` validation loss, if the history has one, as a dashed line. Returns `path`.
    """

    # matplotlib is optional
    try:
        from matplotlib.figure import Figure
        from matplotlib.ticker import ScalarFormatter
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None

    # A figure of two panels side by side; `Figure` draws without a window or a display
    fig = Figure(figsize=(9, 3.4), layout='constrained')
    loss_ax, accuracy_ax = fig.subplots(1, 2)
    # A line for each part that has points
    for part, style in (('train', '-'), ('valid', 'o-')):
        rows = history.get(part, [])
        if not rows:
            continue
        steps, loss, accuracy = zip(*rows)
        loss_ax.plot(steps, loss, style, label=part, markersize=3)
        accuracy_ax.plot(steps, accuracy, style, label=part, markersize=3)
    # The baseline the validation loss should get below
    if history.get('baseline') is not None:
        loss_ax.axhline(history['baseline'], color='gray', linestyle='--', linewidth=1,
                        label=f'bigram baseline {history["baseline"]:.2f}')
    # The loss on a logarithmic scale, so that the last steps, where the loss changes little,
    # are not flattened by the first, where it falls most; ticks labelled with plain numbers
    loss_ax.set_yscale('log')
    loss_ax.yaxis.set_major_formatter(ScalarFormatter())
    loss_ax.yaxis.set_minor_formatter(ScalarFormatter())
    # Labels
    for ax, name in ((loss_ax, 'cross-entropy loss'), (accuracy_ax, 'accuracy')):
        ax.set_xlabel('step')
        ax.set_ylabel(name)
        ax.grid(alpha=0.3)
        ax.legend()
    if title:
        fig.suptitle(title)

    # Write it, without the date and the software version, so the same history gives the same file
    path = Path(path)
    fig.savefig(path, dpi=100, metadata={'Software': None})
    #
    return path


def plot_run(history: Dict[str, Any], path: Path, title: str = '') -> Optional[Path]:
    """
    <a id="plot_run"></a>

    [Draws the plot](#plot_history) and says where it is; without matplotlib it says how to get it
    and returns `None`
    """
    try:
        path = plot_history(history, path, title)
    except PlotUnavailableError as e:
        print(f'No plot: {e}')
        return None
    print(f'Plot of the loss and accuracy: {path}')
    return path
