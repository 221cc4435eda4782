r"""
---
title: Transformer Auto-Regression Experiment
summary: >
  This trains a simple transformer, with the multi-headed attention introduced in
  Attention Is All You Need, on character-level autoregression with Tiny Shakespeare.
---

# Transformer Auto-Regression Experiment

[![Open In Colab](static:colab-badge.svg)](colab:autoregressive_experiment.ipynb)

This trains a simple transformer introduced in [Attention Is All You Need](https://arxiv.org/abs/1706.03762)
on an NLP auto-regression task (with the Tiny Shakespeare dataset):
given the characters so far, it predicts the next one.

The model is a stack of [transformer layers](../models.html#TransformerLayer),
each with [multi-head self attention](../mha.html) and a
[position-wise feed-forward network](../feed_forward.html),
between [embeddings with positional encodings](../models.html#EmbeddingsWithPositionalEncoding)
and a [generator](../models.html#Generator) of logits.
A [causal mask](../utils.html#subsequent_mask) lets each position see only itself and the
positions before it, so the model can be trained on all positions of a sequence at once.
It is trained with the [Noam optimizer](../../optimizers/noam.html)
by the [autoregressive trainer](../../experiments/nlp_autoregression.html), which handles the
data, the training loop, sampling, checkpoints, mixed precision and distributed training.

### What the paper does, and what we do

* **Shared embeddings.** The paper shares one matrix between the token embedding and the
  projection before the softmax (section 3.4), and so do we: the [generator](../models.html#Generator)
  uses the embedding's weights (`--no-tie-embeddings` gives it a matrix of its own).
* **Embedding initialization and scale.** The embeddings are multiplied by $\sqrt{d_{model}}$, as in the paper,
  and initialized from $\mathcal{N}(0, \frac{1}{d_{model}})$, so that the scaled embeddings and the
  positional encodings start [on the same scale](../models.html#EmbeddingsWithPositionalEncoding).
* **Dropout.** As in the paper (section 5.4), on the output of every sub-layer and on the sums of the
  embeddings and the positional encodings; like the [attention module](../mha.html), also on the attention
  weights.
* **Layer normalization.** Before each sub-layer (*pre-norm*), where the paper normalized after the residual
  addition; the [models page](../models.html) says why.
* **Decoder only.** The model is a stack of self-attention layers with a causal mask, a language model,
  where the paper translated with an encoder and a decoder.
* **Warm-up.** The paper warmed up for 4,000 of 100,000 steps; a run here warms up for a tenth of its steps
  (at most 4,000) unless `--warmup` says otherwise, so that short runs reach their peak learning rate.

### Reference configuration

By default it trains on characters with
$d_{model} = 256$, $16$ heads, $d_{ff} = 1024$, $6$ layers,
sequences of $512$ characters, batches of $16$ sequences, for $32$ epochs
(about 3,900 steps), with the Noam learning rate schedule at learning rate $1.0$
and a warm-up of a tenth of the steps.

```shell
python -m labml_nn.transformers.basic.autoregressive_experiment
```

Every setting is a command line option (`--help` lists them); for example a small model
for a quick run on a CPU:

```shell
python -m labml_nn.transformers.basic.autoregressive_experiment \
    --d-model 128 --heads 4 --d-ff 512 --layers 2 --seq-len 128 --steps 1000
```

To continue a run from its checkpoint, add `--resume` (and `--steps` or `--epochs` for more).
To write text with a trained model, without training, sample from its checkpoint;
the model's options come from the checkpoint:

```shell
python -m labml_nn.transformers.basic.autoregressive_experiment --sample-only --prompt 'ROMEO:' --sample-len 300
```

To train on several GPUs (or CPU processes) with distributed data parallel, start it with `torchrun`:

```shell
torchrun --standalone --nproc_per_node 2 -m labml_nn.transformers.basic.autoregressive_experiment
```

### Attention

The layers compute attention with [a fused kernel](../mha_fast.html), which is as fast as
PyTorch's own layers. It computes the same function as the
[multi-head attention page](../mha.html) explains, with the same parameters,
but keeps no attention weights; `--attention explicit` trains with the explicit computation
of that page, whose weights are in `attn` of each layer's `self_attn` after a forward pass.
`--compile` compiles the model with `torch.compile`.

### Positions

`--positional` chooses how the model knows the positions:
`sinusoidal` (the default) and `learned` encodings are added to the embeddings;
with `relative` ([Transformer-XL](../xl/index.html)), `rotary` ([RoPE](../rope/index.html))
and `alibi` ([ALiBi](../alibi/index.html)) the embeddings have no positions, and the attention
of that page puts them into its scores, computed explicitly (`--attention` does not apply).
`--rope-share` is the share of each head's features that rotary attention rotates:
all of them by default, as in the RoFormer paper; `--rope-share 0.5` rotates half.
[The comparison](../positions/index.html) trains all five, rotary attention with all features and with half,
and measures them on longer sequences than they were trained on.
`--positional relative --memory 64` trains the [Transformer-XL model](../xl/index.html#TransformerXL)
itself, [with a memory](#TransformerXLWithMemory) of the last $64$ positions of the segment before:
the trainer then reads the text in consecutive segments (`--consecutive`) instead of random windows.

### A run you can see

At the end of training the trainer draws the training and validation loss and accuracy
against steps into the log folder of the run, `logs/autoregressive_transformer/RUN/training.png`
(with matplotlib, `pip install 'labml-nn[plot]'`).
`--plot-run logs/autoregressive_transformer/RUN` draws it on request, even while the run goes on.
This one is from the small model above (405,185 parameters), trained with the default seed, $1$,
for 1,000 steps on a CPU with one thread, as the basic transformer's run of
[the GPT page's comparison](../gpt/index.html#comparison),
in 284 seconds (195 of processor time) on a machine shared with other work:

```shell
OMP_NUM_THREADS=1 python -m labml_nn.transformers.basic.autoregressive_experiment \
    --d-model 128 --heads 4 --d-ff 512 --layers 2 --seq-len 128 --steps 1000 --valid-interval 50 \
    --device cpu
```

![Training and validation loss and accuracy of the small model over 1,000 steps](small_cpu_run.png)

The validation loss ends at $1.951$ (accuracy $0.420$), $0.53$ below the $2.482$ of the
[bigram baseline](../../experiments/text.html#bigram_loss) on the same split, the dashed line:
the model uses more than the previous character.
It starts at $8.1$, above the $\ln 65 \approx 4.17$ of a uniform guess, because with shared embeddings
the untrained model predicts the character it has just read; it unlearns that within 50 steps.
Its sample at the end, at temperature $0.8$, has the shape of a play (line breaks, capitals, short words)
and many English words, but little sense yet:

```text
It is be see prof in him,
For then you erever out brand onpery,
Fhis hear your there has some once, it sand
```

The history of this run, its command, seed and times, the versions of Python and PyTorch and the processor are in
[`small_cpu_run.json`](https://github.com/labmlai/annotated_deep_learning_paper_implementations/blob/master/labml_nn/transformers/basic/small_cpu_run.json),
which [`bench/gpt_comparison.py`](https://github.com/labmlai/annotated_deep_learning_paper_implementations/blob/master/bench/gpt_comparison.py)
writes with the comparison.

Samples print the prompt and the model's continuation under headings of their own;
`--temperature` sharpens or flattens the distribution they are drawn from,
and `--top-k` draws only from the most likely characters.

### GPT

`--model gpt` trains [GPT-2](../gpt/index.html) instead, with the same sizes, attention, dropout
and warm-up schedule: pre-norm blocks with GELU, learned positions, tied embeddings without an output bias,
and a depth-scaled initialization.
It is trained with [AdamW](../../optimizers/adamw.html), whose decoupled weight decay, `--weight-decay`,
applies only to [the weight matrices of its linear layers](../gpt/index.html#parameter_groups).
[The GPT page](../gpt/index.html#comparison) compares the two with the budget of the run above.
"""

import argparse
import dataclasses
import functools
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

import torch
from torch import nn

from labml_nn.experiments.nlp_autoregression import Trainer, TrainerConfigs
from labml_nn.helpers.checkpoint import checkpoint_path, read_checkpoint
from labml_nn.helpers.cli import OptionError, add_arguments, configs_from_args, option
from labml_nn.helpers.download import DataNotFoundError
from labml_nn.helpers.plot import PLOT_FILE, PlotUnavailableError, plot_history, read_history
from labml_nn.optimizers.noam import Noam, NoamAdamW
from labml_nn.transformers.alibi import AlibiMultiHeadAttention, TokenEmbeddings
from labml_nn.transformers.feed_forward import FeedForward
from labml_nn.transformers.gpt import GPT, parameter_groups
from labml_nn.transformers.mha import MultiHeadAttention
from labml_nn.transformers.mha_fast import FastMultiHeadAttention
from labml_nn.transformers.models import (EmbeddingsWithLearnedPositionalEncoding, EmbeddingsWithPositionalEncoding,
                                          Encoder, Generator, TransformerLayer)
from labml_nn.transformers.rope import RotaryMultiHeadAttention
from labml_nn.transformers.switch import SwitchFeedForward
from labml_nn.transformers.utils import subsequent_mask
from labml_nn.transformers.xl import RelativeMultiHeadAttention, TransformerXL


class AutoregressiveTransformer(nn.Module):
    """
    <a id="AutoregressiveTransformer"></a>

    ## Auto-regressive model

    Embeddings with positional encodings, then a transformer
    [encoder](../models.html#Encoder) with a causal mask,
    then a [generator](../models.html#Generator) that gives the logits of the next token.
    """

    def __init__(self, src_embed: nn.Module, encoder: Encoder, generator: Generator):
        """
        * `src_embed` is the token embedding module (with the positional encodings)
        * `encoder` is the transformer encoder
        * `generator` is the final fully connected layer that gives the logits
        """
        super().__init__()
        #
        self.src_embed = src_embed
        self.encoder = encoder
        self.generator = generator
        # The mask is created on the first call and whenever the sequence length changes
        self.mask: Optional[torch.Tensor] = None

    def forward(self, x: torch.Tensor):
        """
        `x` has the token ids, of shape `[seq_len, batch_size]`.
        Returns the logits of the next token at each position,
        of shape `[seq_len, batch_size, n_vocab]`.
        """

        # Create the subsequent mask, of shape `[seq_len, seq_len, 1]`,
        # so that each position only sees itself and the positions before it
        if self.mask is None or self.mask.size(0) != len(x) or self.mask.device != x.device:
            self.mask = subsequent_mask(len(x)).to(x.device)
        # Token embeddings with positional encodings, `[seq_len, batch_size, d_model]`
        x = self.src_embed(x)
        # Transformer encoder with the causal mask
        x = self.encoder(x, self.mask)
        # Logits, `[seq_len, batch_size, n_vocab]`
        return self.generator(x)


class TransformerXLWithMemory(nn.Module):
    """
    <a id="TransformerXLWithMemory"></a>

    ## Transformer-XL that keeps its memory

    The [Transformer-XL model](../xl/index.html#TransformerXL), which returns its memory with the logits,
    made to keep the memory between calls while it trains, so that the
    [trainer](../../experiments/nlp_autoregression.html#Trainer), which gives it
    [consecutive segments](../../experiments/text.html#consecutive_batch),
    trains it with memory: each segment attends to the last `mem_len` positions of the one before,
    with gradients stopped there.
    The trainer calls `reset_memory` when the segments start again from the beginning of the text.
    Validation and sampling read windows that do not follow one another, so in evaluation mode
    the model uses no memory; [the Transformer-XL page](../xl/index.html#memory-result) measures
    what the memory buys on consecutive segments of the validation text.
    """

    def __init__(self, xl: TransformerXL):
        """
        `xl` is the Transformer-XL model, with `mem_len` $> 0$
        """
        super().__init__()
        #
        self.xl = xl
        # The memory of each layer from the last training segment, `[mem_len, batch_size, d_model]`
        self.mems: Optional[List[torch.Tensor]] = None

    def reset_memory(self):
        """
        Forget the memory
        """
        self.mems = None

    def forward(self, x: torch.Tensor):
        """
        `x` has the token ids of a segment, `[seq_len, batch_size]`; the logits have shape
        `[seq_len, batch_size, n_vocab]`.
        """
        # In evaluation mode, no memory
        if not self.training:
            return self.xl(x)[0]
        # Attend to the memory of the last segment and keep the new one, detached, for the next
        logits, self.mems = self.xl(x, self.mems)
        #
        return logits


@dataclass
class Configs(TrainerConfigs):
    """
    <a id="Configs"></a>

    ## Configurations

    The model and optimizer settings, added to the
    [trainer configurations](../../experiments/nlp_autoregression.html#TrainerConfigs).
    """

    # Name of the experiment in the logs
    name: str = option('autoregressive_transformer', 'name of the experiment in the logs')
    # The model: this page's transformer, or [GPT-2](../gpt/index.html) with the same sizes
    model: str = option('basic', 'model: basic (the transformer of this page) or gpt (GPT-2, trained with AdamW)',
                        choices=['basic', 'gpt'])
    # Number of features in the embeddings, $d_{model}$
    d_model: int = option(256, 'features in the token embeddings, d_model')
    # Number of attention heads
    heads: int = option(16, 'attention heads')
    # Number of features in the hidden layer of the feed-forward networks, $d_{ff}$
    d_ff: int = option(1024, 'features in the hidden layer of the feed-forward networks, d_ff')
    # Number of transformer layers
    layers: int = option(6, 'transformer layers')
    # Dropout probability, applied as in the paper (section 5.4): to the output of each sub-layer
    # before it is added to the residual, and to the sums of the embeddings and the positional encodings;
    # and, as the [attention module](../mha.html) does, to the attention weights
    dropout: float = option(0.1, 'dropout probability')
    # Share one matrix between the token embeddings and the generator's projection,
    # as the paper does (section 3.4)
    tie_embeddings: bool = option(True, 'share the weights of the token embeddings and the output projection')
    # The attention: the [fused kernel](../mha_fast.html) by default,
    # or the [explicit computation](../mha.html) that keeps the attention weights
    attention: str = option('fast', 'attention: fast (a fused kernel) or explicit '
                                    '(the einsum code of the MHA page, which keeps the attention weights)',
                            choices=['fast', 'explicit'])
    # How the model knows the positions: encodings added to the embeddings, or positions inside
    # the attention scores ([compared here](../positions/index.html))
    positional: str = option('sinusoidal', 'positions: sinusoidal or learned (added to the embeddings), or '
                                           'relative, rotary or alibi (in the attention scores)',
                             choices=['sinusoidal', 'learned', 'relative', 'rotary', 'alibi'])
    # With `--positional rotary`, the share of each head's features that [RoPE](../rope/index.html) rotates:
    # all of them, $1$, as in the RoFormer paper, or a part, such as GPT-NeoX's $0.25$
    rope_share: float = option(1.0, 'with --positional rotary, the share of the features of each head that are '
                                    'rotated (1: all, as in the RoFormer paper)')
    # Positions each layer of the [Transformer-XL model](../xl/index.html#TransformerXL) remembers from the
    # last segment; more than $0$ trains that model, with `--positional relative`,
    # [with memory](#TransformerXLWithMemory) on consecutive segments
    memory: int = option(0, 'with --positional relative, train the Transformer-XL model with a memory of this many '
                            'positions from the last segment, on consecutive segments (0: no memory)')
    # Learning rate factor of the Noam schedule
    lr: float = option(1.0, 'learning rate factor of the Noam schedule')
    # Warm-up steps of the Noam schedule; $0$ chooses a tenth of the steps of the run, at most the paper's 4,000.
    # A warm-up as long as the run would keep the learning rate rising until training ends.
    # The reference run has about 3,900 steps, so it warms up for 390, where the learning rate peaks at
    # $1.0 \cdot 256^{-0.5} \cdot 390^{-0.5} \approx 3.2 \times 10^{-3}$, and then decays
    warmup: int = option(0, 'warm-up steps of the Noam schedule (0: a tenth of the steps, at most 4000)')
    # The decoupled weight decay $\lambda$ of [AdamW](../../optimizers/adamw.html) with `--model gpt`,
    # on the weight matrices of the linear layers; $0.1$ as in GPT-3 and most GPT-2 reproductions
    weight_decay: float = option(0.1, 'weight decay of AdamW for --model gpt, on the weight matrices '
                                      'of its linear layers')
    # Experts of a [Switch Transformer](../switch/index.html) in each layer, in place of the feed-forward
    # network; each is a feed-forward network of `d_ff` features, and a token goes through one of them
    experts: int = option(0, 'replace the feed-forward network of each layer by a Switch layer with this many '
                             'experts, each with d_ff hidden features (0: the dense network)')
    # The [capacity factor](../switch/index.html#SwitchFeedForward) of the Switch layers
    capacity_factor: float = option(1.25, 'with --experts, each expert takes at most capacity factor x '
                                          'tokens / experts tokens of a batch; the rest are dropped')
    # $\alpha$ of the Switch [load-balancing loss](../switch/index.html), added to the training loss
    balance_loss: float = option(0.01, 'with --experts, weight of the load-balancing loss (0: none)')


# The attention classes, by the value of the `attention` option.
# Both compute the same function with the same parameters, so a checkpoint of one loads into the other.
ATTENTION = {
    # [Multi-head attention with a fused kernel](../mha_fast.html#FastMHA), to train with
    'fast': FastMultiHeadAttention,
    # [Multi-head attention computed step by step](../mha.html#MHA), which keeps the weights in `attn`
    'explicit': MultiHeadAttention,
}


# The embeddings and the attention of each value of the `positional` option
POSITIONAL = {
    # [Fixed sinusoidal encodings](../models.html#EmbeddingsWithPositionalEncoding) added to the embeddings
    'sinusoidal': (EmbeddingsWithPositionalEncoding, None),
    # [Learned encodings](../models.html#EmbeddingsWithLearnedPositionalEncoding) added to the embeddings
    'learned': (EmbeddingsWithLearnedPositionalEncoding, None),
    # No positions in the embeddings; [relative attention](../xl/index.html#RelativeMHA)
    'relative': (TokenEmbeddings, RelativeMultiHeadAttention),
    # No positions in the embeddings; [rotary attention](../rope/index.html#RotaryMHA)
    'rotary': (TokenEmbeddings, RotaryMultiHeadAttention),
    # No positions in the embeddings; [attention with linear biases](../alibi/index.html#AlibiMHA)
    'alibi': (TokenEmbeddings, AlibiMultiHeadAttention),
}


def make_model(c: Configs, n_vocab: int) -> nn.Module:
    """
    ### Create the model

    The attention is the class that `c.attention` names in `ATTENTION`:
    `Configs(attention='explicit')` builds the model with the explicit attention.
    With `c.positional` set to `relative`, `rotary` or `alibi` it is the attention of that scheme,
    which computes its scores explicitly, and the embeddings have no positions.
    """

    # The heads split the $d_{model}$ features between them
    if c.d_model % c.heads != 0:
        raise OptionError(f'--d-model {c.d_model} is not divisible by --heads {c.heads}')
    # [GPT-2](../gpt/index.html#GPT) with the same sizes, dropout and the attention that `c.attention` names;
    # its learned positions cover the `seq_len` characters of a training sequence
    if c.model == 'gpt':
        # It always ties its embeddings, and has learned positions of its own
        if not c.tie_embeddings:
            raise OptionError('--model gpt always ties its embeddings; --no-tie-embeddings is for --model basic')
        if c.positional != 'sinusoidal':
            raise OptionError('--model gpt has learned positions of its own; --positional is for --model basic')
        if c.experts > 0:
            raise OptionError('--experts is for --model basic')
        return GPT(n_vocab, c.d_model, c.layers, c.heads, d_ff=c.d_ff, max_len=c.seq_len, dropout=c.dropout,
                   attention=ATTENTION[c.attention])
    # The [Transformer-XL model](../xl/index.html#TransformerXL) with a memory
    if c.memory > 0:
        if c.model != 'basic' or c.positional != 'relative':
            raise OptionError('--memory is for --positional relative (the Transformer-XL model)')
        if not c.consecutive:
            raise OptionError('--memory needs --consecutive: the memory must come from the text just before')
        return TransformerXLWithMemory(TransformerXL(n_vocab=n_vocab, d_model=c.d_model, heads=c.heads, d_ff=c.d_ff,
                                                     n_layers=c.layers, dropout_prob=c.dropout, mem_len=c.memory))
    # The embeddings and the attention class of the positional scheme
    embeddings, attention = POSITIONAL[c.positional]
    # For positions in the embeddings, the attention that `c.attention` names
    attention = attention or ATTENTION[c.attention]
    # Rotary attention rotates the share `c.rope_share` of each head's features
    if c.positional == 'rotary':
        if not 0 < c.rope_share <= 1:
            raise OptionError(f'--rope-share {c.rope_share} is not a share of the features, in (0, 1]')
        attention = functools.partial(attention, rope_percentage=c.rope_share)
    # A transformer layer; the [encoder](../models.html#Encoder) makes `c.layers` copies of it
    layer = TransformerLayer(d_model=c.d_model,
                             # Self attention, no source attention since there is no decoder
                             self_attn=attention(c.heads, c.d_model, dropout_prob=c.dropout),
                             src_attn=None,
                             # Position-wise feed-forward network, or a Switch layer of `c.experts` of them
                             feed_forward=make_feed_forward(c),
                             dropout_prob=c.dropout)
    # Token embeddings, with positional encodings unless the attention has the positions, and dropout
    embed = embeddings(c.d_model, n_vocab, dropout_prob=c.dropout)
    #
    return AutoregressiveTransformer(
        embed,
        # Stack of `c.layers` transformer layers
        Encoder(layer, c.layers),
        # Logits over the vocabulary, with the embedding matrix as the projection when tied
        Generator(n_vocab, c.d_model, embed.linear if c.tie_embeddings else None))


def make_feed_forward(c: Configs) -> nn.Module:
    """
    The [feed-forward network](../feed_forward.html) of a layer, or with `c.experts` $> 0$
    a [Switch layer](../switch/index.html#SwitchFeedForward) with that many of them as experts
    """
    # Dense
    if c.experts <= 0:
        return FeedForward(c.d_model, c.d_ff, dropout=c.dropout)
    # Switch
    return SwitchFeedForward([FeedForward(c.d_model, c.d_ff, dropout=c.dropout) for _ in range(c.experts)],
                             c.d_model, capacity_factor=c.capacity_factor, balance_loss=c.balance_loss)


def make_optimizer(c: Configs, model: nn.Module, total_steps: int) -> torch.optim.Optimizer:
    r"""
    ### Create the optimizer

    [Noam](../../optimizers/noam.html) is Adam with the learning rate schedule of the paper,
    $$\alpha \cdot d_{model}^{-0.5} \cdot \min(step^{-0.5}, step \cdot warmup^{-1.5})$$
    which rises linearly for `warmup` steps and then decays as $\frac{1}{\sqrt{step}}$.
    `total_steps` is the length of the run, which the warm-up follows unless `c.warmup` is set.
    """
    # GPT: [our AdamW](../../optimizers/adamw.html) with the same schedule, betas and $\epsilon$,
    # decaying only the weights that [its parameter groups](../gpt/index.html#parameter_groups) decay
    if c.model == 'gpt':
        return NoamAdamW(parameter_groups(model, c.weight_decay), lr=c.lr, betas=(0.9, 0.98), eps=1e-9,
                         warmup=c.warmup or default_warmup(total_steps), d_model=c.d_model)
    #
    return Noam(model.parameters(), lr=c.lr, betas=(0.9, 0.98), eps=1e-9,
                warmup=c.warmup or default_warmup(total_steps), d_model=c.d_model)


def default_warmup(total_steps: int) -> int:
    """
    A tenth of the steps, at least one and at most the paper's 4,000
    """
    return max(1, min(4000, total_steps // 10))


def build_parser() -> argparse.ArgumentParser:
    """
    ### Command line options

    One option for each of the [configurations](#Configs), the model's first.
    The Colab notebook is written from the same options.
    """

    #
    parser = argparse.ArgumentParser(
        prog='python -m labml_nn.transformers.basic.autoregressive_experiment',
        description='Train a transformer on character-level autoregression with Tiny Shakespeare.')
    # Options of the model and the optimizer
    model_fields = [f.name for f in dataclasses.fields(Configs)
                    if f.name not in {g.name for g in dataclasses.fields(TrainerConfigs)}]
    add_arguments(parser.add_argument_group('model and optimizer'), Configs, model_fields)
    # Options of the trainer
    add_arguments(parser.add_argument_group('training'), Configs,
                  [f.name for f in dataclasses.fields(TrainerConfigs)])
    # Rewriting the notebook instead of training
    notebook = parser.add_argument_group('notebook')
    notebook.add_argument('--write-notebook', action='store_true',
                          help='rewrite autoregressive_experiment.ipynb from these options and exit')
    notebook.add_argument('--check-notebook', action='store_true',
                          help='exit with an error if autoregressive_experiment.ipynb is not up to date')
    # Sampling from a checkpoint instead of training
    sample = parser.add_argument_group('sample')
    sample.add_argument('--sample-only', action='store_true',
                        help='load the checkpoint in --checkpoint-dir, print a continuation of --prompt '
                             '(--sample-len characters, with --temperature and --top-k) and exit; '
                             'the model options are those the checkpoint was trained with')
    # Drawing the plot of a run instead of training
    plot = parser.add_argument_group('plot')
    plot.add_argument('--plot-run', metavar='LOG_FOLDER',
                      help='draw the loss and accuracy of the run in LOG_FOLDER (a folder under '
                           '--log-dir/NAME/), even while it trains, into LOG_FOLDER/training.png and exit')
    #
    return parser


def main(argv: Optional[List[str]] = None) -> Optional[Trainer]:
    """
    ### Run the experiment

    `argv` are the command line options (`sys.argv[1:]` by default).
    Returns the [trainer](../../experiments/nlp_autoregression.html#Trainer),
    which has the validation results and the samples.
    """

    # Parse the options
    args = build_parser().parse_args(argv)

    # Write or check the notebook
    if args.write_notebook or args.check_notebook:
        from labml_nn.helpers import notebook
        sys.exit(notebook.main(build_parser(), check=args.check_notebook))

    # Draw the plot of a run from the history in its log folder
    if args.plot_run:
        folder = Path(args.plot_run)
        try:
            path = plot_history(read_history(folder), folder / PLOT_FILE, title=folder.parent.name)
        except (OSError, ValueError, PlotUnavailableError) as e:
            sys.exit(f'error: {args.plot_run}: {e}')
        print(f'Wrote {path}')
        return None

    # The configurations
    c = configs_from_args(Configs, args)
    # A memory reads consecutive segments
    if c.memory > 0:
        c = dataclasses.replace(c, consecutive=True)
    # Train, or sample from a checkpoint; a missing data file or checkpoint,
    # or an option the run cannot use, ends with a message that says what to do
    try:
        if args.sample_only:
            c = checkpoint_configs(c)
        # The trainer, with the model and optimizer of these configurations
        trainer = Trainer(c, lambda n_vocab: make_model(c, n_vocab),
                          lambda model, total_steps: make_optimizer(c, model, total_steps),
                          sample_only=args.sample_only)
        if args.sample_only:
            trainer.sample()
            return trainer
        return trainer.run()
    except (DataNotFoundError, OptionError) as e:
        sys.exit(f'error: {e}')


# What `--sample-only` takes from the command line; every other option comes from the checkpoint
SAMPLING_OPTIONS = {'prompt', 'sample_len', 'temperature', 'top_k', 'seed', 'device', 'dtype', 'checkpoint_dir'}


def checkpoint_configs(c: Configs) -> Configs:
    """
    ### The configurations of a checkpoint

    The configurations the checkpoint in `c.checkpoint_dir` was trained with,
    but for the sampling options of `c`, so that `--sample-only` needs no model options.
    """

    # The checkpoint's configurations
    saved = read_checkpoint(checkpoint_path(c.checkpoint_dir), '--sample-only').get('configs', {})
    # A rotary checkpoint from before `--rope-share` rotated half of each head's features
    if saved.get('positional') == 'rotary':
        saved.setdefault('rope_share', 0.5)
    # The saved values of the fields this version still has
    names = {f.name for f in dataclasses.fields(Configs)} - SAMPLING_OPTIONS
    return dataclasses.replace(c, **{k: v for k, v in saved.items() if k in names})


#
if __name__ == '__main__':
    main()
