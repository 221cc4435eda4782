"""
---
title: Training Plumbing
summary: >
  What the autoregressive trainer needs around its training loop: the processes and the device,
  mixed precision, checkpoints and labml tracking.
---

# Training Plumbing

The parts of the [autoregressive trainer](../experiments/nlp_autoregression.html) that are not
about learning: the processes of a distributed run and their device, mixed precision,
writing and reading checkpoints, labml tracking, what it prints and plots,
and [what a committed result records](#run_record) about the run that made it.
They are here so that the trainer's page shows the training loop.
"""

import contextlib
import os
import platform
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, ContextManager, Dict, Optional, Tuple

import torch
import torch.distributed as dist
from torch import nn

# In a notebook labml shows its output with `IPython.core.display.display`, which IPython 9 removed;
# the same function is in `IPython.display`, so give it to labml where it looks, before labml is imported
if 'IPython' in sys.modules:
    import IPython.core.display
    import IPython.display
    if not hasattr(IPython.core.display, 'display'):
        IPython.core.display.display = IPython.display.display  # type: ignore[attr-defined]

from labml import experiment, lab, logger  # noqa: E402
from labml.logger import Text

from labml_nn.helpers.cli import OptionError
from labml_nn.helpers.plot import PlotUnavailableError, plot_history

# File name of the checkpoint in the checkpoint directory
CHECKPOINT_FILE = 'checkpoint.pt'


def best_device() -> torch.device:
    """
    The best device present: CUDA, then Apple's MPS, then the CPU
    """
    if torch.cuda.is_available():
        return torch.device('cuda')
    if getattr(torch.backends, 'mps', None) is not None and torch.backends.mps.is_available():
        return torch.device('mps')
    return torch.device('cpu')


@dataclass(frozen=True)
class Processes:
    """
    The processes of a run and the device of this one
    """

    # Number of processes; $1$ when not started by `torchrun`
    world_size: int
    # Index of this process
    rank: int
    # The device of this process
    device: torch.device

    @property
    def is_master(self) -> bool:
        """
        Only the first process logs, samples and saves checkpoints
        """
        return self.rank == 0


def start_processes(device_name: str) -> Processes:
    """
    ### Distributed data parallel

    `torchrun` starts one process for each device and sets the environment variables
    `RANK`, `LOCAL_RANK` and `WORLD_SIZE`.
    Each process trains a copy of the model on its own batches, and
    [`DistributedDataParallel`](https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html)
    averages the gradients across processes in the backward pass,
    so the copies stay identical.
    """

    # Number of processes; $1$ when not started by `torchrun`
    world_size = int(os.environ.get('WORLD_SIZE', '1'))
    # Index of this process
    rank = int(os.environ.get('RANK', '0'))

    # The device, as asked or the best there is
    device = best_device() if device_name == 'auto' else torch.device(device_name)
    # Single process
    if world_size == 1:
        return Processes(world_size, rank, device)

    # Each process uses its own GPU
    if device.type == 'cuda':
        device = torch.device('cuda', int(os.environ.get('LOCAL_RANK', '0')))
        torch.cuda.set_device(device)
        dist.init_process_group('nccl')
    # Processes on the CPU talk through [gloo](https://github.com/facebookincubator/gloo)
    else:
        dist.init_process_group('gloo')
    #
    return Processes(world_size, rank, device)


def first_process_first(processes: Processes, fetch: Callable[[], Path]) -> Path:
    """
    The first process downloads the text while the others wait
    """
    if processes.is_master:
        path = fetch()
    if processes.world_size > 1:
        dist.barrier()
    if not processes.is_master:
        path = fetch()
    return path


def wrap_model(model: nn.Module, processes: Processes, compile: bool) -> nn.Module:
    """
    The model that training steps use: the model itself, wrapped for distributed training
    and compiled when asked
    """

    # Wrap the model for distributed training
    train_model = model
    if processes.world_size > 1:
        train_model = nn.parallel.DistributedDataParallel(
            model, device_ids=[processes.device.index] if processes.device.type == 'cuda' else None)
    # Compile it with [`torch.compile`](https://pytorch.org/docs/stable/generated/torch.compile.html),
    # which traces the model once and generates fused kernels for it.
    # Only training steps use the compiled model;
    # validation and sampling use the plain one, and the parameters are the same
    if compile:
        train_model = torch.compile(train_model)
    #
    return train_model


def stop_processes(processes: Processes):
    """
    Wait until every process has finished, then shut them down together;
    a process that leaves early while the first one still samples can abort at exit
    """
    if processes.world_size > 1:
        dist.barrier()
        dist.destroy_process_group()


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
        if device.type != 'cuda':
            return None
        return torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16
    #
    if dtype == 'float32':
        return None
    #
    if dtype == 'float16' and device.type != 'cuda':
        raise OptionError(f'float16 mixed precision needs CUDA; use --dtype bfloat16 on {device.type}')
    #
    return {'bfloat16': torch.bfloat16, 'float16': torch.float16}[dtype]


def autocast(amp_dtype: Optional[torch.dtype], device: torch.device) -> ContextManager:
    """
    Context for mixed precision, if enabled
    """
    if amp_dtype is None:
        return contextlib.nullcontext()
    return torch.autocast(device_type=device.type, dtype=amp_dtype)


def checkpoint_path(checkpoint_dir: str) -> Path:
    """
    Path of the checkpoint
    """
    return Path(checkpoint_dir) / CHECKPOINT_FILE


def write_checkpoint(path: Path, state: Dict, step: int):
    """
    ### Save a checkpoint

    Writes `state` to `path`; `step` is for the message.
    """

    # The folder
    path.parent.mkdir(parents=True, exist_ok=True)
    # Write to a temporary file and rename it, so that an interrupted save
    # does not destroy the previous checkpoint
    tmp = path.with_name(path.name + '.tmp')
    torch.save(state, tmp)
    tmp.replace(path)
    #
    logger.log([('Saved checkpoint ', Text.meta), (str(path), Text.value),
                (f' at step {step:,}', Text.meta)])


def read_checkpoint(path: Path, option: str) -> Dict:
    """
    ### Load the checkpoint

    `option` is the command line option that asked for it, for the message when there is none.
    """

    # The file
    if not path.is_file():
        raise OptionError(f'{option}: there is no checkpoint at {path}')
    # Load it onto the CPU; `load_state_dict` copies to the right device
    return torch.load(path, map_location='cpu', weights_only=True)


def start_tracking(name: str, log_dir: str, configs: Dict,
                   processes: Processes) -> Tuple[ContextManager, Optional[Path]]:
    """
    ### Start labml tracking

    Only the first process tracks; labml writes its logs into `--log-dir`
    and prints the tracked values on the console.
    Returns the context of the run and its log folder.
    """

    # Other processes track nothing
    if not processes.is_master:
        return contextlib.nullcontext(), None

    # Write the logs into `--log-dir`, rather than next to the source code
    lab.configure({'path': str(Path.cwd()), 'experiments_path': str(Path(log_dir).resolve())})
    # Create the experiment; labml writes the tracked values to log files,
    # and the trainer prints its own line of progress
    experiment.create(name=name, writers={'file'}, python_file=sys.argv[0] or None)
    # The folder of this run, where labml writes and the trainer adds the history and the plot
    log_path = Path(log_dir).resolve() / name / experiment.get_uuid()
    # Record the configurations
    experiment.configs(configs)
    # Start it
    return experiment.start(), log_path


def print_start(n_params: int, n_vocab: int, steps_per_epoch: int, step: int, total_steps: int,
                processes: Processes, bigram_valid_loss: float):
    """
    What is being trained, on what, and for how long
    """
    logger.log([('Model: ', Text.meta),
                (f'{n_params:,} parameters', Text.value),
                (f', vocabulary of {n_vocab} characters', Text.meta),
                (f', {steps_per_epoch:,} steps an epoch', Text.meta),
                (f', steps {step:,} to {total_steps:,}', Text.meta),
                (f', on {processes.device}' + (f' x {processes.world_size}' if processes.world_size > 1 else ''),
                 Text.meta)])
    logger.log([('Baseline: ', Text.meta),
                (f'a bigram model has validation loss {bigram_valid_loss:.3f}', Text.value)])


def print_progress(step: int, total_steps: int, train: Optional[Tuple[float, float, float]],
                   tokens_per_sec: Optional[float], valid: Optional[Tuple[int, float, float]]):
    """
    ### A line of progress

    The step; `train`, the training loss, accuracy and learning rate; the throughput;
    and `valid`, the latest validation with the step it was computed at,
    so that an old validation loss is not mistaken for a new one.
    """

    #
    parts = [(f'step {step:>{len(f"{total_steps:,}")},}', Text.key)]
    if train is not None:
        loss, accuracy, lr = train
        parts += [('  train loss ', Text.meta), (f'{loss:.3f}', Text.value),
                  ('  accuracy ', Text.meta), (f'{accuracy:.3f}', Text.value),
                  ('  lr ', Text.meta), (f'{lr:.2e}', Text.value)]
    # Throughput
    if tokens_per_sec is not None:
        parts += [(f'  {tokens_per_sec:,.0f} chars/s', Text.meta)]
    # The latest validation, marked with its step
    if valid is not None:
        valid_step, valid_loss, valid_accuracy = valid
        parts += [('  | valid loss ', Text.meta), (f'{valid_loss:.3f}', Text.highlight),
                  ('  accuracy ', Text.meta), (f'{valid_accuracy:.3f}', Text.highlight),
                  (f' (step {valid_step:,})', Text.meta)]
    #
    logger.log(parts)


def print_sample(step: int, temperature: float, top_k: int, prompt: str, text: str):
    """
    A sample, the prompt and the continuation each under a heading of its own
    """

    # How it was sampled
    how = 'greedy' if temperature <= 0 else f'temperature {temperature:g}'
    if temperature > 0 and top_k > 0:
        how += f', top-k {top_k}'
    # Print the prompt and what the model wrote after it, each under its heading
    logger.log([(f'Sample at step {step:,} ({how})\n', Text.title),
                ('--- prompt ---\n', Text.meta), (prompt, Text.highlight),
                ('\n--- continuation ---\n', Text.meta), (text, Text.value),
                ('\n---', Text.meta)])


def plot_run(history: Dict, path: Path, title: str) -> Optional[Path]:
    """
    Draws the [plot](plot.html) of `history` into `path` and returns it;
    without matplotlib it prints how to get it and returns `None`
    """
    try:
        path = plot_history(history, path, title=title)
    except PlotUnavailableError as e:
        logger.log([(f'No plot: {e}', Text.warning)])
        return None
    #
    logger.log([('Plot of the loss and accuracy: ', Text.meta), (str(path), Text.value)])
    return path


def run_record(command: str) -> Dict:
    """
    <a id="run_record"></a>

    ### What a result file records about its run

    The `command` that made it, the versions of Python and PyTorch, the processor and the number
    of threads PyTorch used, so that a committed result says how and where it was made.
    """

    # The processor's name as Linux gives it; elsewhere what Python knows
    processor = platform.processor() or platform.machine()
    try:
        with open('/proc/cpuinfo', encoding='utf-8') as f:
            names = [line.split(':', 1)[1].strip() for line in f if line.startswith('model name')]
        processor = names[0] if names else processor
    except OSError:
        pass
    #
    return {
        'command': command,
        'python': platform.python_version(),
        'torch': torch.__version__,
        'processor': processor,
        'torch_threads': torch.get_num_threads(),
    }
