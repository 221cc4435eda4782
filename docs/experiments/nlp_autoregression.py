r"""
---
title: Character-level Autoregressive Training
summary: >
  Reusable PyTorch training code for character-level autoregressive language models
  on Tiny Shakespeare: data, training and validation loop, sampling, checkpoints,
  mixed precision and distributed data parallel training.
---

# Character-level Autoregressive Training

This is the training code shared by the autoregressive NLP experiments, such as the
[basic transformer experiment](../transformers/basic/autoregressive_experiment.html).
An experiment only supplies a model, which maps token ids of shape `[seq_len, batch_size]`
to logits of shape `[seq_len, batch_size, n_vocab]`, and an optimizer;
everything else is here.

The model learns to predict the next character of [the text](text.html),
minimising the cross-entropy loss
$$\mathcal{L} = - \frac{1}{T} \sum_{t=1}^{T} \log p_\theta(x_{t+1} \mid x_1, \dots, x_t)$$

[`Trainer.run`](#run) is the training loop, top to bottom. It keeps one record of the run,
the history of the losses and accuracies, from which the printed lines, the history file in the log folder,
the [plot](../helpers/plot.html) and the checkpoint are made.
The tokenizer, the batches and the sampling are on [a page of their own](text.html);
the processes of a distributed run started with `torchrun` and mixed precision
are [plumbing](../helpers/training.html), and checkpoint files are [a page](../helpers/checkpoint.html) too.
"""

import dataclasses
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional, Tuple

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn

from labml_nn.experiments.text import (CharTokenizer, bigram_loss, char_data, consecutive_batch, generate, get_batch,
                                      show_sample)
from labml_nn.helpers.checkpoint import CHECKPOINT_FILE, read_checkpoint, write_checkpoint
from labml_nn.helpers.cli import OptionError, option
from labml_nn.helpers.download import TINY_SHAKESPEARE_ENV, tiny_shakespeare
from labml_nn.helpers.plot import PLOT_FILE, new_log_folder, plot_run, progress_line, write_history
from labml_nn.helpers.training import autocast_dtype, start_processes


@dataclass
class TrainerConfigs:
    """
    <a id="TrainerConfigs"></a>

    ## Trainer configurations

    Each field is a command line option (`seq_len` is `--seq-len`), documented by its help text.
    The defaults are the reference configuration of the
    [basic transformer experiment](../transformers/basic/autoregressive_experiment.html).
    """

    name: str = option('nlp_autoregression', 'name of the experiment in the logs')
    data: Optional[str] = option(None, f'path of a local copy of Tiny Shakespeare (default: the environment '
                                       f'variable {TINY_SHAKESPEARE_ENV}, or download it into --data-dir)')
    data_dir: str = option('data', 'directory to download Tiny Shakespeare into')
    train_fraction: float = option(0.9, 'fraction of the text used for training, the rest is for validation')
    seq_len: int = option(512, 'characters in a training sequence (the context length)')
    batch_size: int = option(16, 'sequences in a batch, per process')
    epochs: int = option(32, 'epochs to train; an epoch sees as many characters as the training text has')
    steps: int = option(0, 'stop after this many optimizer steps in total (0: train for --epochs)')
    grad_clip: float = option(1.0, 'clip the gradient norm to this (0: no clipping)')
    log_interval: int = option(10, 'steps between printing the training loss and accuracy')
    consecutive: bool = option(False, 'train on consecutive segments: each sequence of a batch continues where '
                                      'the same sequence of the last batch ended (for a model with a memory)')
    valid_interval: int = option(0, 'steps between validations (0: once an epoch)')
    valid_batches: int = option(16, 'batches used to estimate the validation loss')
    sample_interval: int = option(0, 'steps between text samples (0: once an epoch)')
    prompt: str = option('It is ', 'text to start the samples with')
    sample_len: int = option(200, 'characters to generate in a sample')
    temperature: float = option(0.8, 'sampling temperature (0: greedy, always the most likely character)')
    top_k: int = option(0, 'sample only from the k most likely characters (0: from all of them)')
    checkpoint_interval: int = option(0, 'steps between checkpoints (0: once an epoch); one is also saved at the end')
    checkpoint_dir: str = option('checkpoints', 'directory for the checkpoint')
    resume: bool = option(False, 'continue from the checkpoint in --checkpoint-dir')
    log_dir: str = option('logs', 'directory for the logs: the configurations, the history and the plot of each run')
    device: str = option('auto', 'device to train on: auto (cuda, then mps, then cpu), cpu, cuda, cuda:1, mps...')
    dtype: str = option('float32', 'precision: float32, or mixed precision with bfloat16 or float16 '
                                   '(auto: bfloat16 or float16 on CUDA, float32 elsewhere)',
                        choices=['float32', 'bfloat16', 'float16', 'auto'])
    compile: bool = option(False, 'compile the model with torch.compile; the first steps take longer')
    plot: bool = option(True, 'write a plot of the loss and accuracy into the log folder at the end '
                              '(needs matplotlib)')
    seed: int = option(1, 'random seed')


def auxiliary_loss(model: nn.Module):
    """
    <a id="auxiliary_loss"></a>

    The sum of the `aux_loss` that the modules of `model` left in the last forward pass, or $0$
    """
    losses = [m.aux_loss for m in model.modules() if getattr(m, 'aux_loss', None) is not None]
    return sum(losses) if losses else 0.


class Trainer:
    """
    <a id="Trainer"></a>

    ## Trainer

    * `make_model(n_vocab)` creates the model
    * `make_optimizer(model, total_steps)` creates the optimizer for a run of `total_steps`,
      which a learning rate schedule may follow
    * `sample_only` makes a trainer that only samples from the checkpoint, without reading the data
    """

    def __init__(self, c: TrainerConfigs, make_model: Callable[[int], nn.Module],
                 make_optimizer: Callable[[nn.Module, int], torch.optim.Optimizer], sample_only: bool = False):
        self.c = c
        # The record of the run: `(step, loss, accuracy)` of each validation, and of the training batches
        # averaged between printed lines; and the samples, `(step, text)`
        self.valid_history: List[Tuple[int, float, float]] = []
        self.train_history: List[Tuple[int, float, float]] = []
        self.samples: List[Tuple[int, str]] = []
        self.step, self.log_path, self.checkpoint_path = 0, None, Path(c.checkpoint_dir) / CHECKPOINT_FILE
        # The processes of a [distributed run](../helpers/training.html), and the device of this one;
        # only the first process prints, samples and saves
        self.world_size, self.rank, self.device = start_processes(c.device)
        self.is_master = self.rank == 0
        # Mixed precision data type, or `None`, and the same initial weights in every process
        self.amp_dtype = autocast_dtype(c.dtype, self.device)
        torch.manual_seed(c.seed)

        # The checkpoint to continue or to sample from; a sampler needs only its model and its vocabulary
        checkpoint = None
        if c.resume or sample_only:
            checkpoint = read_checkpoint(self.checkpoint_path, '--sample-only' if sample_only else '--resume')
        if sample_only:
            self.tokenizer, self.step = CharTokenizer(checkpoint['vocab']), checkpoint['step']
            self.model = make_model(self.tokenizer.n_vocab).to(self.device)
            self.model.load_state_dict(checkpoint['model'])
            try:
                self.tokenizer.encode(c.prompt)
            except ValueError as e:
                raise OptionError(f'--prompt: {e}') from None
            return
        # The text, which the first process downloads while the others wait
        if self.world_size > 1 and not self.is_master:
            dist.barrier()
        text = tiny_shakespeare(c.data, c.data_dir).read_text(encoding='utf-8')
        if self.world_size > 1 and self.is_master:
            dist.barrier()
        # The vocabulary of the text or of the checkpoint, and the token ids of the text split in two,
        # the first 90% for training by default
        self.tokenizer, self.train_data, self.valid_data = char_data(text, c.train_fraction,
                                                                     checkpoint['vocab'] if checkpoint else None)
        self.bigram_valid_loss = bigram_loss(self.train_data, self.valid_data, self.tokenizer.n_vocab)
        # Characters a step processes in all processes; the steps of an epoch, which sees as many
        # characters as the training text has; and the step to stop at
        self.step_tokens = c.seq_len * c.batch_size * self.world_size
        self.steps_per_epoch = max(1, len(self.train_data) // self.step_tokens)
        self.total_steps = c.epochs * self.steps_per_epoch
        if c.steps > 0:
            self.total_steps = min(self.total_steps, c.steps)

        # The model; then dropout draws different random numbers in each process
        self.model = make_model(self.tokenizer.n_vocab).to(self.device)
        torch.manual_seed(c.seed + 1 + self.rank)
        # The optimizer, and loss scaling, only needed with `float16`
        self.optimizer = make_optimizer(self.model, self.total_steps)
        self.scaler = torch.amp.GradScaler(self.device.type, enabled=self.amp_dtype == torch.float16)
        # Continue the states, the step count and the history of the checkpoint; a run saved without
        # `float16` has no loss scale, and the scaler then starts from its initial one
        if checkpoint:
            self.model.load_state_dict(checkpoint['model'])
            self.optimizer.load_state_dict(checkpoint['optimizer'])
            if checkpoint['scaler'] or not self.scaler.is_enabled():
                self.scaler.load_state_dict(checkpoint['scaler'])
            self.step = checkpoint['step']
            self.train_history = [tuple(r) for r in checkpoint.get('train_history', [])]
            self.valid_history = [tuple(r) for r in checkpoint.get('valid_history', [])]

        # The model that trains: in `DistributedDataParallel`, which averages the gradients of the processes
        # in the backward pass so that their copies stay the same, and compiled with `--compile`;
        # validation and sampling use the plain model, which has the same parameters
        self.train_model = self.model
        if self.world_size > 1:
            self.train_model = nn.parallel.DistributedDataParallel(
                self.model, device_ids=[self.device.index] if self.device.type == 'cuda' else None)
        if c.compile:
            self.train_model = torch.compile(self.train_model)

    def loss_and_accuracy(self, model: nn.Module, x: torch.Tensor, y: torch.Tensor):
        """
        ### Loss and accuracy of a batch

        Of inputs `x` and targets `y`, `[seq_len, batch_size]`, with mixed precision if enabled
        """
        x, y = x.to(self.device), y.to(self.device)
        # Logits, `[seq_len, batch_size, n_vocab]`
        with torch.autocast(self.device.type, dtype=self.amp_dtype, enabled=self.amp_dtype is not None):
            logits = model(x)
        # Cross-entropy loss in `float32`, averaged over all positions, and the fraction of positions
        # where the most likely character is the right one
        loss = F.cross_entropy(logits.float().view(-1, logits.shape[-1]), y.view(-1))
        return loss, (logits.argmax(dim=-1) == y).float().mean()

    def run(self):
        """
        <a id="run"></a>

        ### Train

        Validate where the loss starts, then train step by step, validating, printing, sampling and saving
        at their intervals ($0$: once an epoch), and end with a sample and a plot.
        """

        c = self.c
        valid_every, sample_every, save_every = (n or self.steps_per_epoch for n in
                                                 (c.valid_interval, c.sample_interval, c.checkpoint_interval))
        # Random generator for the training batches, different for each process and
        # reseeded on resume so that a resumed run does not repeat the batches it has seen
        generator = torch.Generator().manual_seed(c.seed + 7919 * self.step + self.rank)
        # Sums of the training losses, accuracies and steps since the last printed line, and their time
        sums, seconds = [0., 0., 0], 0.
        # A log folder for the run, with its configurations; what is being trained, on what and for how long
        if self.is_master:
            self.log_path = new_log_folder(c.log_dir, c.name, dataclasses.asdict(c))
            processes = f' x {self.world_size}' if self.world_size > 1 else ''
            print(f'Model: {sum(p.numel() for p in self.model.parameters()):,} parameters, vocabulary of '
                  f'{self.tokenizer.n_vocab} characters, {self.steps_per_epoch:,} steps an epoch, '
                  f'steps {self.step:,} to {self.total_steps:,}, on {self.device}{processes}')
            print(f'Baseline: a bigram model has validation loss {self.bigram_valid_loss:.3f}')
        # Validate before training, to see where the loss starts
        if self.step == 0:
            self.validate()
            if self.is_master:
                self.log_progress(sums, seconds)

        while self.step < self.total_steps:
            # A batch of the training text: consecutive segments, where a model with a memory
            # forgets it when the streams start again; or random windows
            if c.consecutive:
                x, y, again = consecutive_batch(self.train_data, c.seq_len, c.batch_size, self.step,
                                                self.rank, self.world_size)
                if again and hasattr(self.model, 'reset_memory'):
                    self.model.reset_memory()
            else:
                x, y = get_batch(self.train_data, c.seq_len, c.batch_size, generator)
            start = time.perf_counter()
            # Forward pass, loss and accuracy
            loss, accuracy = self.loss_and_accuracy(self.train_model, x, y)
            # Backward pass; with `float16` the loss is scaled up so that small gradients do not underflow.
            # Modules that leave an [auxiliary loss](#auxiliary_loss), such as the
            # [load-balancing loss of a Switch layer](../transformers/switch/index.html), add it to the
            # loss that is minimized; the loss that is recorded stays the cross-entropy
            self.optimizer.zero_grad(set_to_none=True)
            self.scaler.scale(loss + auxiliary_loss(self.model)).backward()
            # Clip the gradients to a maximum norm, after undoing the loss scaling,
            # so that a rare large gradient does not throw training off
            if c.grad_clip > 0:
                self.scaler.unscale_(self.optimizer)
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm=c.grad_clip)
            # Update the parameters (the scaler skips the update if gradients overflowed)
            self.scaler.step(self.optimizer)
            self.scaler.update()
            self.step += 1
            if self.is_master:
                sums = [a + b for a, b in zip(sums, (loss.item(), accuracy.item(), 1))]
            seconds += time.perf_counter() - start

            # Validate, print, sample and save at their intervals, and all but the sample after the last step
            is_last = self.step == self.total_steps
            is_valid = self.step % valid_every == 0 or is_last
            if is_valid:
                self.validate()
            if self.is_master and (self.step % c.log_interval == 0 or is_valid):
                self.log_progress(sums, seconds)
                sums, seconds = [0., 0., 0], 0.
            if self.is_master and self.step % sample_every == 0 and not is_last:
                self.sample()
            if self.is_master and (self.step % save_every == 0 or is_last):
                write_checkpoint(self.checkpoint_path, {
                    'model': self.model.state_dict(), 'optimizer': self.optimizer.state_dict(),
                    'scaler': self.scaler.state_dict(), 'step': self.step, 'vocab': self.tokenizer.chars,
                    'configs': dataclasses.asdict(c),
                    'train_history': self.train_history, 'valid_history': self.valid_history}, self.step)

        # A sample and a plot at the end
        if self.is_master:
            self.sample()
            if c.plot:
                self.plot()
        # Wait until every process has finished, then shut them down together;
        # a process that leaves early while the first one still samples can abort at exit
        if self.world_size > 1:
            dist.barrier()
            dist.destroy_process_group()
        return self

    @torch.no_grad()
    def validate(self):
        """
        ### Validation

        The loss and accuracy on `--valid-batches` random batches of the validation text,
        the same batches each time so that the numbers are comparable
        """
        self.model.eval()
        # The same batches each time, different for each process
        generator = torch.Generator().manual_seed(self.c.seed + 1000 + self.rank)
        # Sums of the losses and accuracies, and the number of batches, of all processes
        totals = torch.zeros(3, device=self.device)
        for _ in range(self.c.valid_batches):
            x, y = get_batch(self.valid_data, self.c.seq_len, self.c.batch_size, generator)
            loss, accuracy = self.loss_and_accuracy(self.model, x, y)
            totals += torch.stack([loss, accuracy, torch.ones_like(loss)])
        if self.world_size > 1:
            dist.all_reduce(totals)
        self.valid_history.append((self.step, *(totals[:2] / totals[2]).tolist()))
        self.model.train()

    def log_progress(self, sums: List[float], seconds: float):
        """
        ### Progress

        Adds the training loss and accuracy averaged since the last line to the history, prints
        [a line of progress](../helpers/plot.html#progress_line), and writes the history to the log folder
        each time, so that a plot can be drawn while the run goes on.
        """
        loss, accuracy, n = sums
        if n:
            self.train_history.append((self.step, loss / n, accuracy / n))
        train = (loss / n, accuracy / n, self.optimizer.param_groups[0]['lr']) if n else None
        print(progress_line(self.step, self.total_steps, train, self.step_tokens * n / seconds if seconds > 0 else None,
                            self.valid_history[-1] if self.valid_history else None))
        write_history(self.log_path, self.train_history, self.valid_history, self.bigram_valid_loss)

    def sample(self, prompt: Optional[str] = None, length: Optional[int] = None) -> str:
        """
        ### Sample text

        [Generates](text.html#generate) `length` (by default `--sample-len`) characters after `prompt`
        (by default `--prompt`) and [prints](text.html#show_sample) the prompt and the continuation
        """
        prompt = self.c.prompt if prompt is None else prompt
        # A random generator of its own, so that sampling does not change the training batches
        generator = torch.Generator().manual_seed(self.c.seed + self.step)
        self.model.eval()
        with torch.autocast(self.device.type, dtype=self.amp_dtype, enabled=self.amp_dtype is not None):
            ids = generate(self.model, self.tokenizer.encode(prompt), length or self.c.sample_len, self.c.seq_len,
                           temperature=self.c.temperature, top_k=self.c.top_k, generator=generator)
        self.model.train()
        self.samples.append((self.step, self.tokenizer.decode(ids)))
        show_sample(self.step, prompt, self.samples[-1][1], self.c.temperature, self.c.top_k)
        return self.samples[-1][1]

    def plot(self) -> Optional[Path]:
        """
        Writes the [plot](../helpers/plot.html) of the history into the log folder and returns its path;
        without matplotlib it says how to get it and returns `None`
        """
        history = {'train': self.train_history, 'valid': self.valid_history, 'baseline': self.bigram_valid_loss}
        return plot_run(history, self.log_path / PLOT_FILE, title=f'{self.c.name}, step {self.step:,}')
