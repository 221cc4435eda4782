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
a loss of $\ln V$ ($\ln 65 \approx 4.17$ for Tiny Shakespeare).
An untrained model can start above that: with the embedding matrix shared by the output,
each character's vector is also its own output vector, so at first the model predicts, confidently,
the character it has just read.
A model that counts which character follows which, the [bigram baseline](#bigram_loss), gets about $2.48$;
the trainer prints it, and plots it, so that a run can be seen to learn more than that.

The trainer

* reads a local copy of the data, or [downloads](../helpers/download.html) it,
* builds a character vocabulary and splits the text into training and validation parts,
* samples random windows of text as batches,
* trains with gradient clipping and optional mixed precision, and optionally a compiled model,
* tracks the loss and accuracy with [labml](https://github.com/labmlai/labml) and shows them on the console,
* [plots](../helpers/plot.html) them at the end of training,
* samples text from a prompt as it trains,
* saves checkpoints and resumes from them,
* and runs with distributed data parallel when started with `torchrun`.

All the settings are plain values in [`TrainerConfigs`](#TrainerConfigs),
each of which is a [command line option](../helpers/cli.html).
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

# The [plumbing](../helpers/training.html) comes before labml: in a notebook it mends what labml looks for
from labml_nn.helpers.training import (CHECKPOINT_FILE, autocast, autocast_dtype, first_process_first, plot_run,
                                       print_progress, print_sample, print_start, read_checkpoint,
                                       start_processes, start_tracking, stop_processes, wrap_model,
                                       write_checkpoint)

from labml import tracker  # noqa: E402

from labml_nn.helpers.cli import OptionError, option
from labml_nn.helpers.download import TINY_SHAKESPEARE_ENV, tiny_shakespeare
from labml_nn.helpers.plot import PLOT_FILE, write_history
from labml_nn.sampling import make_sampler, sample


@dataclass
class TrainerConfigs:
    """
    <a id="TrainerConfigs"></a>

    ## Trainer configurations

    Each field is a plain value, and each is a command line option: `seq_len` is `--seq-len`.
    The defaults are the reference configuration of the
    [basic transformer experiment](../transformers/basic/autoregressive_experiment.html).
    """

    # Name of the experiment, used for the labml logs
    name: str = option('nlp_autoregression', 'name of the experiment in the logs')
    # Path of a local copy of the text
    data: Optional[str] = option(None, f'path of a local copy of Tiny Shakespeare (default: the environment '
                                       f'variable {TINY_SHAKESPEARE_ENV}, or download it into --data-dir)')
    # Where the text is downloaded to
    data_dir: str = option('data', 'directory to download Tiny Shakespeare into')
    # Fraction of the text used for training; the rest is for validation
    train_fraction: float = option(0.9, 'fraction of the text used for training, the rest is for validation')
    # Number of characters in a training sequence
    seq_len: int = option(512, 'characters in a training sequence (the context length)')
    # Number of sequences in a batch (per process, when distributed)
    batch_size: int = option(16, 'sequences in a batch, per process')
    # Number of epochs; an epoch is as many characters as there are in the training text
    epochs: int = option(32, 'epochs to train; an epoch sees as many characters as the training text has')
    # Stop after this many steps in total, if it comes before the end of the epochs
    steps: int = option(0, 'stop after this many optimizer steps in total (0: train for --epochs)')
    # Clip the gradient norm to this
    grad_clip: float = option(1.0, 'clip the gradient norm to this (0: no clipping)')
    # Steps between saving the training loss
    log_interval: int = option(10, 'steps between printing the training loss and accuracy')
    # Train on consecutive segments instead of random windows
    consecutive: bool = option(False, 'train on consecutive segments: each sequence of a batch continues where '
                                      'the same sequence of the last batch ended (for a model with a memory)')
    # Steps between validations
    valid_interval: int = option(0, 'steps between validations (0: once an epoch)')
    # Batches in a validation
    valid_batches: int = option(16, 'batches used to estimate the validation loss')
    # Steps between text samples
    sample_interval: int = option(0, 'steps between text samples (0: once an epoch)')
    # Prompt to sample from
    prompt: str = option('It is ', 'text to start the samples with')
    # Number of characters to sample
    sample_len: int = option(200, 'characters to generate in a sample')
    # Sampling temperature
    temperature: float = option(0.8, 'sampling temperature (0: greedy, always the most likely character)')
    # Sample only from the $k$ most likely characters
    top_k: int = option(0, 'sample only from the k most likely characters (0: from all of them)')
    # Steps between checkpoints
    checkpoint_interval: int = option(0, 'steps between checkpoints (0: once an epoch); one is also saved at the end')
    # Where checkpoints go
    checkpoint_dir: str = option('checkpoints', 'directory for the checkpoint')
    # Whether to continue from the checkpoint
    resume: bool = option(False, 'continue from the checkpoint in --checkpoint-dir')
    # Where labml writes its logs
    log_dir: str = option('logs', 'directory for the labml logs')
    # Device
    device: str = option('auto', 'device to train on: auto (cuda, then mps, then cpu), cpu, cuda, cuda:1, mps...')
    # Precision
    dtype: str = option('float32', 'precision: float32, or mixed precision with bfloat16 or float16 '
                                   '(auto: bfloat16 or float16 on CUDA, float32 elsewhere)',
                        choices=['float32', 'bfloat16', 'float16', 'auto'])
    # Compile the model
    compile: bool = option(False, 'compile the model with torch.compile; the first steps take longer')
    # Plot the loss and accuracy at the end
    plot: bool = option(True, 'write a plot of the loss and accuracy into the log folder at the end '
                              '(needs matplotlib)')
    # Random seed
    seed: int = option(1, 'random seed')


class CharTokenizer:
    """
    <a id="CharTokenizer"></a>

    ## Character tokenizer

    Each distinct character of the text is a token;
    its id is its position in the sorted list of characters.
    """

    def __init__(self, chars: str):
        """
        `chars` is the vocabulary, a string of distinct characters.
        """
        # The vocabulary, id to character
        self.chars = chars
        # Character to id
        self.stoi = {c: i for i, c in enumerate(chars)}

    @classmethod
    def from_text(cls, text: str):
        """
        Build the vocabulary from the characters of a text
        """
        return cls(''.join(sorted(set(text))))

    @property
    def n_vocab(self):
        """
        Size of the vocabulary, $V$
        """
        return len(self.chars)

    def encode(self, text: str) -> List[int]:
        """
        Text to a list of token ids
        """
        # Characters the model has never seen have no id
        unknown = sorted(set(text) - set(self.stoi))
        if unknown:
            raise ValueError(f'characters not in the vocabulary: {unknown!r}')
        #
        return [self.stoi[c] for c in text]

    def decode(self, ids: List[int]) -> str:
        """
        Token ids back to text
        """
        return ''.join(self.chars[i] for i in ids)


def get_batch(data: torch.Tensor, seq_len: int, batch_size: int,
              generator: torch.Generator) -> Tuple[torch.Tensor, torch.Tensor]:
    """
    <a id="get_batch"></a>

    ### A batch of random windows

    Picks `batch_size` random windows of `seq_len + 1` tokens from the 1-dimensional
    tensor `data`.
    The input is each window without its last token, and the target is the window
    without its first token, so the target at each position is the next token.
    Both have shape `[seq_len, batch_size]`, the layout the
    [transformer models](../transformers/models.html) use.
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

    The text is cut into `batch_size * world_size` streams of equal length, the same for every process,
    and each process reads `batch_size` of them, segment after segment:
    at step `step` the sequence $b$ of the batch is the `step`-th segment of `seq_len` tokens of its stream,
    so it continues the sequence $b$ of the batch before.
    A model with a memory, such as [Transformer-XL](../transformers/xl/index.html), then attends to the text
    before its segment, and can be trained to use it.
    After the last whole segment the streams start again from their beginning.

    Returns the inputs and targets, each `[seq_len, batch_size]`, and whether this batch starts the streams
    again, when a memory of the batch before must be forgotten.
    """

    # Tokens per stream; every stream of every process has as many, `[streams, length]`
    length = len(data) // (batch_size * world_size)
    streams = data[:length * batch_size * world_size].view(batch_size * world_size, length)
    # This process's streams, `[batch_size, length]`
    streams = streams[rank * batch_size:(rank + 1) * batch_size]
    # Segments in a stream; the last token of a segment's target must be in the stream too
    segments = (length - 1) // seq_len
    if segments < 1:
        raise ValueError(f'a stream of {length} tokens is too short for segments of {seq_len}')
    # Where this step's segments start
    k = step % segments
    start = k * seq_len
    # Inputs and targets, shifted by one, `[seq_len, batch_size]`
    x = streams[:, start:start + seq_len].T.contiguous()
    y = streams[:, start + 1:start + seq_len + 1].T.contiguous()
    #
    return x, y, k == 0


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
    A transformer that does not beat this has learned no more than which character tends to follow which;
    each point below it is context from further back.
    """

    # Pair counts $N(a, b)$ of the training text, `[n_vocab, n_vocab]`
    counts = torch.zeros(n_vocab, n_vocab, dtype=torch.float64)
    counts.index_put_((train[:-1], train[1:]), torch.ones(len(train) - 1, dtype=torch.float64), accumulate=True)
    # $\log p(b \mid a)$ with add-one smoothing
    log_probs = torch.log((counts + 1) / (counts.sum(dim=1, keepdim=True) + n_vocab))
    # The mean of $-\log p(x_{t+1} \mid x_t)$ over the validation text
    return float(-log_probs[valid[:-1], valid[1:]].mean())


@torch.no_grad()
def generate(model: nn.Module, prompt: List[int], length: int, seq_len: int, *,
             temperature: float = 0.0, top_k: int = 0,
             generator: Optional[torch.Generator] = None) -> List[int]:
    r"""
    <a id="generate"></a>

    ### Generate text

    Starting from the token ids in `prompt`, repeatedly feed the last `seq_len` tokens
    to the model and pick the next token from the logits $z$ at the last position:
    the most likely one when `temperature` $\tau$ is $0$ (greedy),
    otherwise a sample from $\mathop{softmax}(z / \tau)$.
    A temperature below $1$ makes the distribution sharper, above $1$ flatter.
    With `top_k` $k > 0$ the sample is drawn from the $k$ most likely tokens only,
    their probabilities renormalized, so that the long tail of unlikely tokens,
    each rare but many together, cannot derail the text.
    The tokens are picked by a [sampler](../sampling/index.html#make_sampler) of the
    [sampling page](../sampling/index.html), which has the other ways of decoding too.
    """

    # Device of the model
    device = next(model.parameters()).device
    # The [sampler](../sampling/index.html#make_sampler) of these options
    sampler = make_sampler(temperature, top_k)
    # The prompt as one sequence, `[prompt_len, 1]`, and the written tokens, `[length, 1]`
    ids = sample(model, torch.tensor(prompt, device=device)[:, None], length, seq_len, sampler, generator)
    # The generated tokens, without the prompt
    return ids[:, 0].tolist()


def auxiliary_loss(model: nn.Module):
    """
    <a id="auxiliary_loss"></a>

    ### Auxiliary losses

    The sum of the `aux_loss` that the modules of `model` left in the last forward pass, or $0$
    """
    losses = [m.aux_loss for m in model.modules() if getattr(m, 'aux_loss', None) is not None]
    return sum(losses) if losses else 0.


@dataclass
class Schedule:
    """
    <a id="Schedule"></a>

    ### When things happen

    The number of steps to train, and the steps between validations, samples and checkpoints.
    """

    # Characters processed in a step by all processes
    step_tokens: int
    # Steps in an epoch, that is, to see as many characters as the training text has
    steps_per_epoch: int
    # The step to stop at
    total_steps: int
    # Steps between validations, samples and checkpoints
    valid_interval: int
    sample_interval: int
    checkpoint_interval: int


def make_schedule(c: TrainerConfigs, n_train: int, world_size: int) -> Schedule:
    """
    ### Plan the run

    `n_train` is the number of characters in the training text, and `world_size` the number of processes.
    """

    # Characters processed in a step by all processes
    step_tokens = c.seq_len * c.batch_size * world_size
    # Steps in an epoch, that is, to see as many characters as the training text has
    steps_per_epoch = max(1, n_train // step_tokens)
    # Total steps
    total_steps = c.epochs * steps_per_epoch
    if c.steps > 0:
        total_steps = min(total_steps, c.steps)
    # Intervals, with $0$ meaning once an epoch
    return Schedule(step_tokens=step_tokens, steps_per_epoch=steps_per_epoch, total_steps=total_steps,
                    valid_interval=c.valid_interval or steps_per_epoch,
                    sample_interval=c.sample_interval or steps_per_epoch,
                    checkpoint_interval=c.checkpoint_interval or steps_per_epoch)


class Trainer:
    """
    <a id="Trainer"></a>

    ## Trainer

    Trains a model on character-level autoregression.
    [`run`](#run) is the whole run; the methods before it are its steps.
    What surrounds the loop, the processes, mixed precision, checkpoints and tracking,
    is [plumbing](../helpers/training.html) on a page of its own.
    """

    def __init__(self, c: TrainerConfigs,
                 make_model: Callable[[int], nn.Module],
                 make_optimizer: Callable[[nn.Module, int], torch.optim.Optimizer],
                 sample_only: bool = False):
        """
        * `c` are the configurations
        * `make_model(n_vocab)` creates the model; it maps token ids of shape `[seq_len, batch_size]`
          to logits of shape `[seq_len, batch_size, n_vocab]`
        * `make_optimizer(model, total_steps)` creates the optimizer; `total_steps` is the length of the run,
          which a learning rate schedule may follow
        * `sample_only` makes a trainer that only [samples from the checkpoint](#sample_checkpoint)

        All the state of the run is made here: the processes and the device, the data,
        the plan of the run, the model and the optimizer, continued from the checkpoint when resuming.
        """
        self.c = c
        # Results of the validations, `(step, loss, accuracy)`
        self.valid_history: List[Tuple[int, float, float]] = []
        # Training loss and accuracy averaged between printed lines, `(step, loss, accuracy)`
        self.train_history: List[Tuple[int, float, float]] = []
        # Generated samples, `(step, text)`
        self.samples: List[Tuple[int, str]] = []
        # The number of optimizer steps taken
        self.step = 0
        # The log folder of this run, once tracking has started
        self.log_path: Optional[Path] = None
        # Where the checkpoint is
        self.checkpoint_path = Path(c.checkpoint_dir) / CHECKPOINT_FILE

        # The processes of a [distributed run](../helpers/training.html) and the device
        self.processes = start_processes(c.device)
        self.device, self.rank = self.processes.device, self.processes.rank
        self.world_size = self.processes.world_size
        # Only the first process logs, samples and saves checkpoints
        self.is_master = self.processes.is_master
        # Mixed precision data type, or `None`
        self.amp_dtype = autocast_dtype(c.dtype, self.device)

        # A sampler needs only the model and the vocabulary of the checkpoint, not the data
        if sample_only:
            self.init_sampler(make_model)
            return

        # The same initial weights everywhere
        torch.manual_seed(c.seed)

        # The checkpoint to continue from
        checkpoint = read_checkpoint(self.checkpoint_path, '--resume') if c.resume else None
        # Read the text; the first process downloads it while the others wait
        path = first_process_first(self.processes, lambda: tiny_shakespeare(c.data, c.data_dir))
        text = path.read_text(encoding='utf-8')
        # Build the vocabulary from the text, unless it comes from the checkpoint
        self.tokenizer = CharTokenizer(checkpoint['vocab']) if checkpoint else CharTokenizer.from_text(text)
        # Token ids of the whole text, a 1-dimensional tensor
        data = torch.tensor(self.tokenizer.encode(text), dtype=torch.long)
        # Split into training and validation parts, the first 90% for training by default
        n_train = int(len(data) * c.train_fraction)
        self.train_data = data[:n_train]
        self.valid_data = data[n_train:]
        # The loss a bigram model gets on the same validation text, to compare with
        self.bigram_valid_loss = bigram_loss(self.train_data, self.valid_data, self.tokenizer.n_vocab)

        # How many steps, and when to validate, sample and save
        self.schedule = make_schedule(c, n_train, self.world_size)

        # Create the model and move it to the device
        self.model = make_model(self.tokenizer.n_vocab).to(self.device)
        # The initial weights are the same in every process, but dropout should draw
        # different random numbers in each: reseed with the rank
        torch.manual_seed(c.seed + 1 + self.rank)
        # Create the optimizer, for a run of `total_steps`
        self.optimizer = make_optimizer(self.model, self.schedule.total_steps)
        # Loss scaling, only needed with `float16`
        self.scaler = torch.amp.GradScaler(self.device.type, enabled=self.amp_dtype == torch.float16)
        # Load the states from the checkpoint and continue the step count and the history
        if checkpoint:
            self.model.load_state_dict(checkpoint['model'])
            self.optimizer.load_state_dict(checkpoint['optimizer'])
            # A run saved without `float16` has no loss scale to continue from;
            # the scaler then starts from its initial scale
            if checkpoint['scaler'] or not self.scaler.is_enabled():
                self.scaler.load_state_dict(checkpoint['scaler'])
            self.step = checkpoint['step']
            self.train_history = [tuple(r) for r in checkpoint.get('train_history', [])]
            self.valid_history = [tuple(r) for r in checkpoint.get('valid_history', [])]

        # The model that trains: wrapped for distributed training, and compiled with `--compile`
        self.train_model = wrap_model(self.model, self.processes, c.compile)

    def init_sampler(self, make_model: Callable[[int], nn.Module]):
        """
        The model and the vocabulary of the checkpoint in `--checkpoint-dir`, and its step count
        """

        # The checkpoint, its vocabulary and its step count
        checkpoint = read_checkpoint(self.checkpoint_path, '--sample-only')
        self.tokenizer = CharTokenizer(checkpoint['vocab'])
        self.step = checkpoint['step']
        # The model with the trained weights
        self.model = make_model(self.tokenizer.n_vocab).to(self.device)
        self.model.load_state_dict(checkpoint['model'])
        # A prompt may only use the characters of the vocabulary
        try:
            self.tokenizer.encode(self.c.prompt)
        except ValueError as e:
            raise OptionError(f'--prompt: {e}') from None

    def loss_and_accuracy(self, model: nn.Module, x: torch.Tensor, y: torch.Tensor):
        """
        ### Loss and accuracy of a batch

        `x` and `y` are the inputs and targets of shape `[seq_len, batch_size]`.
        """

        # Move to the device
        x, y = x.to(self.device), y.to(self.device)
        # Forward pass, with mixed precision if enabled;
        # the logits have shape `[seq_len, batch_size, n_vocab]`
        with autocast(self.amp_dtype, self.device):
            logits = model(x)
        # Cross-entropy loss in `float32`, averaged over all positions
        loss = F.cross_entropy(logits.float().view(-1, logits.shape[-1]), y.view(-1))
        # Fraction of positions where the most likely character is the right one
        accuracy = (logits.argmax(dim=-1) == y).float().mean()
        #
        return loss, accuracy

    @torch.no_grad()
    def validate(self):
        """
        ### Validation

        Estimates the loss and accuracy on `valid_batches` random batches of the validation text.
        The batches are the same at each validation, so the numbers are comparable.
        """

        #
        self.model.eval()
        # The same batches each time, different for each process
        generator = torch.Generator().manual_seed(self.c.seed + 1000 + self.rank)
        # Sums of the losses and accuracies, and the number of batches
        totals = torch.zeros(3, device=self.device)
        for _ in range(self.c.valid_batches):
            x, y = get_batch(self.valid_data, self.c.seq_len, self.c.batch_size, generator)
            loss, accuracy = self.loss_and_accuracy(self.model, x, y)
            totals += torch.stack([loss, accuracy, torch.ones_like(loss)])
        # Add up the sums of all processes
        if self.world_size > 1:
            dist.all_reduce(totals)
        # Averages
        loss, accuracy = (totals[:2] / totals[2]).tolist()
        #
        self.model.train()

        # Track them; they are printed with the next line of training results
        self.valid_history.append((self.step, loss, accuracy))
        if self.is_master:
            tracker.add({'loss.valid': loss, 'accuracy.valid': accuracy})

    def sample(self, prompt: Optional[str] = None, length: Optional[int] = None) -> str:
        """
        ### Sample text

        Generates text from `prompt` (by default `--prompt`) and prints the prompt and
        the continuation, each under a heading of its own, so that the two cannot be confused
        even without colors.
        """

        # Defaults
        prompt = self.c.prompt if prompt is None else prompt
        length = self.c.sample_len if length is None else length
        #
        self.model.eval()
        # A separate random generator, so that sampling does not change the training batches
        generator = torch.Generator().manual_seed(self.c.seed + self.step)
        # Generate, with mixed precision if enabled
        with autocast(self.amp_dtype, self.device):
            ids = generate(self.model, self.tokenizer.encode(prompt), length, self.c.seq_len,
                           temperature=self.c.temperature, top_k=self.c.top_k, generator=generator)
        #
        self.model.train()

        # The text
        text = self.tokenizer.decode(ids)
        self.samples.append((self.step, text))
        # Print it
        print_sample(self.step, self.c.temperature, self.c.top_k, prompt, text)
        #
        return text

    def sample_checkpoint(self) -> str:
        """
        <a id="sample_checkpoint"></a>

        ### Sample from a checkpoint

        Prints a continuation of `--prompt` with the model and the vocabulary of the checkpoint
        in `--checkpoint-dir`, which a trainer made with `sample_only` has loaded,
        without reading the data or training.
        The configurations must describe the model the checkpoint holds;
        the experiment's `--sample-only` takes them from the checkpoint.
        """

        #
        return self.sample()

    def save_checkpoint(self):
        """
        ### Save a checkpoint

        The model, the optimizer (with its step count, which the learning rate schedule needs),
        the loss scaler, the step, the vocabulary and the history of the losses and accuracies.
        """

        # What to save
        state = {
            'model': self.model.state_dict(),
            'optimizer': self.optimizer.state_dict(),
            'scaler': self.scaler.state_dict(),
            'step': self.step,
            'vocab': self.tokenizer.chars,
            'configs': dataclasses.asdict(self.c),
            'train_history': self.train_history,
            'valid_history': self.valid_history,
        }
        # [Write it](../helpers/training.html) without destroying the previous checkpoint
        write_checkpoint(self.checkpoint_path, state, self.step)

    def train_step(self, x: torch.Tensor, y: torch.Tensor):
        """
        ### A training step

        Forward and backward passes and an optimizer update on a batch.
        """

        # Loss and accuracy; `self.train_model` is the model, wrapped in
        # `DistributedDataParallel` when distributed and compiled with `--compile`
        loss, accuracy = self.loss_and_accuracy(self.train_model, x, y)
        # Clear the gradients of the last step
        self.optimizer.zero_grad(set_to_none=True)
        # Backward pass; with `float16` the loss is scaled up so that small gradients do not underflow.
        # Modules that leave an auxiliary loss in `aux_loss`, such as the
        # [load-balancing loss of a Switch layer](../transformers/switch/index.html), add it to the
        # loss that is minimized; the loss that is tracked stays the cross-entropy
        self.scaler.scale(loss + auxiliary_loss(self.model)).backward()
        # Clip the gradients to a maximum norm, after undoing the loss scaling,
        # so that a rare large gradient does not throw training off
        if self.c.grad_clip > 0:
            self.scaler.unscale_(self.optimizer)
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm=self.c.grad_clip)
        # Update the parameters (the scaler skips the update if gradients overflowed)
        self.scaler.step(self.optimizer)
        self.scaler.update()
        #
        self.step += 1

        # Track the loss and accuracy; labml averages them until the next `tracker.save`,
        # and so does the trainer for its own history
        if self.is_master:
            loss, accuracy = loss.item(), accuracy.item()
            tracker.add({'loss.train': loss, 'accuracy.train': accuracy})
            self.train_sums = [a + b for a, b in zip(self.train_sums, (loss, accuracy, 1))]
            # The learning rate of this step, which a schedule changes from step to step
            self.lr = self.optimizer.param_groups[0]['lr']
            tracker.add('lr', self.lr)

    def log_start(self):
        """
        What is being trained, on what, and for how long
        """
        s = self.schedule
        print_start(sum(p.numel() for p in self.model.parameters()), self.tokenizer.n_vocab, s.steps_per_epoch,
                    self.step, s.total_steps, self.processes, self.bigram_valid_loss)

    def log_progress(self):
        """
        ### Print the progress

        One line: the step, the training loss and accuracy averaged since the last line,
        the learning rate, the throughput in characters per second,
        and the latest validation results with the step they were computed at,
        so that an old validation loss is not mistaken for a new one.
        They go into the history, which is written to the log folder each time,
        so that a plot can be drawn while the run goes on.
        """

        # Averages of the training loss and accuracy since the last line
        loss, accuracy, n = self.train_sums
        if n:
            self.train_history.append((self.step, loss / n, accuracy / n))
        # Throughput
        tokens_per_sec = self.schedule.step_tokens * n / self.train_time if self.train_time > 0 else None
        if tokens_per_sec is not None:
            tracker.add('tokens_per_sec', tokens_per_sec)
        # [Print the line](../helpers/training.html), with the latest validation
        print_progress(self.step, self.schedule.total_steps, (loss / n, accuracy / n, self.lr) if n else None,
                       tokens_per_sec, self.valid_history[-1] if self.valid_history else None)
        # Save to the log files and reset
        tracker.save(self.step)
        self.train_sums, self.train_time = [0., 0., 0], 0.
        # Save the history
        write_history(self.log_path, self.train_history, self.valid_history, self.bigram_valid_loss)

    def after_step(self):
        """
        ### After a step

        Validate, print, sample and save, each at its own interval,
        and all of them (but the sample) after the last step.
        """

        #
        s = self.schedule
        # Whether this is the last step
        is_last = self.step == s.total_steps
        # Validate
        is_valid = self.step % s.valid_interval == 0 or is_last
        if is_valid:
            self.validate()
        # Print the progress, and the validation results if there are new ones
        if self.is_master and (self.step % self.c.log_interval == 0 or is_valid):
            self.log_progress()
        # Sample text (not at the last step: that comes after the loop)
        if self.is_master and self.step % s.sample_interval == 0 and not is_last:
            self.sample()
        # Save a checkpoint
        if self.is_master and (self.step % s.checkpoint_interval == 0 or is_last):
            self.save_checkpoint()

    def plot(self) -> Optional[Path]:
        """
        ### Plot the run

        Writes the [plot](../helpers/plot.html) of the loss and accuracy into the log folder
        and returns its path; without matplotlib it prints how to get it and returns `None`.
        """

        # The run must have started
        if self.log_path is None:
            raise RuntimeError('the run has no log folder yet')
        # Draw it
        return plot_run({'train': self.train_history, 'valid': self.valid_history,
                         'baseline': self.bigram_valid_loss},
                        self.log_path / PLOT_FILE, title=f'{self.c.name}, step {self.step:,}')

    def run(self):
        """
        <a id="run"></a>

        ### Train

        The whole run: validate where the loss starts,
        then train step by step, validating, printing, sampling and saving at their intervals,
        and end with a sample and a plot.
        """

        # Random generator for the training batches, different for each process and
        # reseeded on resume so that a resumed run does not repeat the batches it has seen
        generator = torch.Generator().manual_seed(self.c.seed + 7919 * self.step + self.rank)
        # Sums of the training losses, accuracies and steps since the last printed line,
        # and the time spent training
        self.train_sums, self.train_time = [0., 0., 0], 0.

        #
        tracking, self.log_path = start_tracking(self.c.name, self.c.log_dir, dataclasses.asdict(self.c),
                                                 self.processes)
        with tracking:
            # Continue the step count of labml, and say what is being trained
            if self.is_master:
                tracker.set_global_step(self.step)
                self.log_start()

            # Validate before training, to see where the loss starts
            if self.step == 0:
                self.validate()
                if self.is_master:
                    self.log_progress()

            # Training loop
            while self.step < self.schedule.total_steps:
                # A batch of the training text: consecutive segments, where a model with a memory
                # forgets it when the streams start again; or random windows
                if self.c.consecutive:
                    x, y, again = consecutive_batch(self.train_data, self.c.seq_len, self.c.batch_size, self.step,
                                                    self.rank, self.world_size)
                    if again and hasattr(self.model, 'reset_memory'):
                        self.model.reset_memory()
                else:
                    x, y = get_batch(self.train_data, self.c.seq_len, self.c.batch_size, generator)
                # Train on it, timed
                start = time.perf_counter()
                self.train_step(x, y)
                self.train_time += time.perf_counter() - start
                # Validate, print, sample and save when it is time
                self.after_step()

            # A sample and a plot at the end
            if self.is_master:
                self.sample()
                if self.c.plot:
                    self.plot()

        # Wait until every process has finished, then shut them down together
        stop_processes(self.processes)

        #
        return self
