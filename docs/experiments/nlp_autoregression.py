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

The model learns to predict the next character of
[Tiny Shakespeare](https://github.com/karpathy/char-rnn/tree/master/data/tinyshakespeare),
a 1.1 MB text of Shakespeare's plays.
At each position $t$ it gives a distribution $p_\theta(x_{t+1} \mid x_1, \dots, x_t)$
over the characters, and training minimises the cross-entropy loss
$$\mathcal{L} = - \frac{1}{T} \sum_{t=1}^{T} \log p_\theta(x_{t+1} \mid x_1, \dots, x_t)$$
A model that knows nothing gives every one of the $V$ characters the same probability,
a loss of $\ln V$ ($\ln 65 \approx 4.17$ for Tiny Shakespeare); one that counts which character follows which,
the [bigram baseline](#bigram_loss), gets about $2.48$.

[`Trainer.run`](#run) is the training loop, top to bottom. It keeps one record of the run,
the history of the losses and accuracies, from which the printed lines, the history file in the log folder,
the [plot](../helpers/plot.html) and the checkpoint are made.
The processes of a distributed run started with `torchrun`, mixed precision and checkpoint files
are [plumbing](../helpers/training.html) on a page of its own.
"""

import dataclasses
import json
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional, Tuple

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn

from labml_nn.helpers.cli import OptionError, option
from labml_nn.helpers.download import TINY_SHAKESPEARE_ENV, tiny_shakespeare
from labml_nn.helpers.plot import PLOT_FILE, PlotUnavailableError, plot_history, write_history
from labml_nn.helpers.training import (CHECKPOINT_FILE, autocast_dtype, read_checkpoint, start_processes,
                                       write_checkpoint)
from labml_nn.sampling import make_sampler, sample


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


class CharTokenizer:
    """
    <a id="CharTokenizer"></a>

    ## Character tokenizer

    Each distinct character of the text is a token;
    its id is its position in the sorted list of characters, `chars`, of length $V$, `n_vocab`.
    """

    def __init__(self, chars: str):
        self.chars, self.n_vocab, self.stoi = chars, len(chars), {c: i for i, c in enumerate(chars)}

    @classmethod
    def from_text(cls, text: str):
        return cls(''.join(sorted(set(text))))

    def encode(self, text: str) -> List[int]:
        # Characters the model has never seen have no id
        unknown = sorted(set(text) - set(self.stoi))
        if unknown:
            raise ValueError(f'characters not in the vocabulary: {unknown!r}')
        return [self.stoi[c] for c in text]

    def decode(self, ids: List[int]) -> str:
        return ''.join(self.chars[i] for i in ids)


def get_batch(data: torch.Tensor, seq_len: int, batch_size: int,
              generator: torch.Generator) -> Tuple[torch.Tensor, torch.Tensor]:
    """
    <a id="get_batch"></a>

    ### A batch of random windows

    `batch_size` random windows of `seq_len + 1` tokens of the 1-dimensional tensor `data`:
    the inputs are the windows without their last token, the targets without their first,
    so the target at each position is the next token; both `[seq_len, batch_size]`.
    """

    # Random start of each window, of shape `[batch_size]`
    start = torch.randint(len(data) - seq_len, (batch_size,), generator=generator)
    # Positions of the inputs, $start_b + t$, of shape `[seq_len, batch_size]`
    idx = start[None, :] + torch.arange(seq_len)[:, None]
    # Inputs and targets, shifted by one
    return data[idx], data[idx + 1]


def consecutive_batch(data: torch.Tensor, seq_len: int, batch_size: int, step: int,
                      rank: int = 0, world_size: int = 1) -> Tuple[torch.Tensor, torch.Tensor, bool]:
    """
    <a id="consecutive_batch"></a>

    ### A batch of consecutive segments

    The text is cut into `batch_size * world_size` streams of equal length, `batch_size` for each process:
    at step `step` the sequence $b$ of the batch is the `step`-th segment of `seq_len` tokens of its stream,
    so it continues the sequence $b$ of the batch before, and a model with a memory, such as
    [Transformer-XL](../transformers/xl/index.html), can be trained to use the text before its segment.
    Returns the inputs and targets, each `[seq_len, batch_size]`, and whether the streams start again
    from their beginning, when a memory of the batch before must be forgotten.
    """

    # Tokens per stream, and this process's streams, `[batch_size, length]`
    length = len(data) // (batch_size * world_size)
    streams = data[:length * batch_size * world_size].view(batch_size * world_size, length)
    streams = streams[rank * batch_size:(rank + 1) * batch_size]
    # Segments in a stream; the last token of a segment's target must be in the stream too
    segments = (length - 1) // seq_len
    if segments < 1:
        raise ValueError(f'a stream of {length} tokens is too short for segments of {seq_len}')
    # Inputs and targets of this step's segments, shifted by one, `[seq_len, batch_size]`
    start = (step % segments) * seq_len
    x = streams[:, start:start + seq_len].T.contiguous()
    y = streams[:, start + 1:start + seq_len + 1].T.contiguous()
    return x, y, start == 0


def bigram_loss(train: torch.Tensor, valid: torch.Tensor, n_vocab: int) -> float:
    r"""
    <a id="bigram_loss"></a>

    ### The bigram baseline

    The validation loss of a model that predicts each character from the one before it alone,
    by counting the pairs of the training text,
    $$p(b \mid a) = \frac{N(a, b) + 1}{N(a) + V}$$
    where $N(a, b)$ is the number of times $b$ follows $a$ in the training text,
    $N(a)$ the number of pairs that start with $a$, and the $1$ and the $V$ (add-one smoothing)
    keep the probability of a pair that never occurred above zero.
    A transformer that does not beat this has learned no more than which character tends to follow which.
    """

    # Pair counts $N(a, b)$ of the training text, `[n_vocab, n_vocab]`
    counts = torch.zeros(n_vocab, n_vocab, dtype=torch.float64)
    counts.index_put_((train[:-1], train[1:]), torch.ones(len(train) - 1, dtype=torch.float64), accumulate=True)
    # $\log p(b \mid a)$ with add-one smoothing
    log_probs = torch.log((counts + 1) / (counts.sum(dim=1, keepdim=True) + n_vocab))
    # The mean of $-\log p(x_{t+1} \mid x_t)$ over the validation text
    return float(-log_probs[valid[:-1], valid[1:]].mean())


@torch.no_grad()
def generate(model: nn.Module, prompt: List[int], length: int, seq_len: int, *, temperature: float = 0.0,
             top_k: int = 0, generator: Optional[torch.Generator] = None) -> List[int]:
    r"""
    <a id="generate"></a>

    ### Generate text

    Starting from the token ids in `prompt`, repeatedly feed the last `seq_len` tokens
    to the model and pick the next token from the logits $z$ at the last position:
    the most likely one when `temperature` $\tau$ is $0$ (greedy),
    otherwise a sample from $\mathop{softmax}(z / \tau)$, from the `top_k` most likely tokens only
    when it is more than $0$. The [sampling page](../sampling/index.html) has these samplers and others.
    """

    # The prompt as one sequence, `[prompt_len, 1]`, and the generated tokens, `[length, 1]`
    prompt_ids = torch.tensor(prompt, device=next(model.parameters()).device)[:, None]
    ids = sample(model, prompt_ids, length, seq_len, make_sampler(temperature, top_k), generator)
    return ids[:, 0].tolist()


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
        self.tokenizer = CharTokenizer(checkpoint['vocab']) if checkpoint else CharTokenizer.from_text(text)
        data = torch.tensor(self.tokenizer.encode(text), dtype=torch.long)
        n_train = int(len(data) * c.train_fraction)
        self.train_data, self.valid_data = data[:n_train], data[n_train:]
        self.bigram_valid_loss = bigram_loss(self.train_data, self.valid_data, self.tokenizer.n_vocab)
        # Characters a step processes in all processes; the steps of an epoch, which sees as many
        # characters as the training text has; and the step to stop at
        self.step_tokens = c.seq_len * c.batch_size * self.world_size
        self.steps_per_epoch = max(1, n_train // self.step_tokens)
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
            self.log_path = Path(c.log_dir).resolve() / c.name / uuid.uuid1().hex
            self.log_path.mkdir(parents=True)
            (self.log_path / 'configs.json').write_text(json.dumps(dataclasses.asdict(c), indent=1) + '\n')
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
        ### A line of progress

        The step; the training loss and accuracy averaged since the last line, which go into the history;
        the learning rate; the throughput; and the latest validation, with the step it was computed at,
        so that an old validation loss is not mistaken for a new one.
        The history is written to the log folder each time, so that a plot can be drawn while the run goes on.
        """
        loss, accuracy, n = sums
        line = f'step {self.step:>{len(f"{self.total_steps:,}")},}'
        if n:
            self.train_history.append((self.step, loss / n, accuracy / n))
            line += (f'  train loss {loss / n:.3f}  accuracy {accuracy / n:.3f}'
                     f'  lr {self.optimizer.param_groups[0]["lr"]:.2e}')
        if seconds > 0:
            line += f'  {self.step_tokens * n / seconds:,.0f} chars/s'
        if self.valid_history:
            step, loss, accuracy = self.valid_history[-1]
            line += f'  | valid loss {loss:.3f}  accuracy {accuracy:.3f} (step {step:,})'
        print(line)
        write_history(self.log_path, self.train_history, self.valid_history, self.bigram_valid_loss)

    def sample(self, prompt: Optional[str] = None, length: Optional[int] = None) -> str:
        """
        ### Sample text

        [Generates](#generate) `length` (by default `--sample-len`) characters after `prompt`
        (by default `--prompt`) and prints the prompt and the continuation, each under a heading of its own
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
        how = 'greedy' if self.c.temperature <= 0 else f'temperature {self.c.temperature:g}'
        how += f', top-k {self.c.top_k}' if self.c.temperature > 0 and self.c.top_k > 0 else ''
        print(f'Sample at step {self.step:,} ({how})\n--- prompt ---\n{prompt}\n--- continuation ---\n'
              f'{self.samples[-1][1]}\n---')
        return self.samples[-1][1]

    def plot(self) -> Optional[Path]:
        """
        Writes the [plot](../helpers/plot.html) of the history into the log folder and returns its path;
        without matplotlib it says how to get it and returns `None`
        """
        history = {'train': self.train_history, 'valid': self.valid_history, 'baseline': self.bigram_valid_loss}
        try:
            path = plot_history(history, self.log_path / PLOT_FILE, title=f'{self.c.name}, step {self.step:,}')
        except PlotUnavailableError as e:
            print(f'No plot: {e}')
            return None
        print(f'Plot of the loss and accuracy: {path}')
        return path
