r"""
---
title: GPT-2
summary: >
  A PyTorch implementation of the GPT-2 model, a decoder-only transformer with pre-norm blocks,
  GELU, learned positions, tied embeddings and a depth-scaled initialization,
  annotated against the basic transformer and trained with AdamW.
---

# GPT-2

This is the model of the paper
[Language Models are Unsupervised Multitask Learners](https://cdn.openai.com/better-language-models/language_models_are_unsupervised_multitask_learners.pdf)
by Alec Radford, Jeffrey Wu, Rewon Child, David Luan, Dario Amodei and Ilya Sutskever (2019),
GPT-2, which follows
[Improving Language Understanding by Generative Pre-Training](https://cdn.openai.com/research-covers/language-unsupervised/language_understanding_paper.pdf)
(GPT, 2018).
Like our [basic transformer](../basic/autoregressive_experiment.html), it is a stack of
[transformer layers](../models.html#TransformerLayer) with a causal mask, trained to predict the next token;
it is built from the same [attention](../mha_fast.html) and [feed-forward network](../feed_forward.html).
It differs in a handful of choices, each annotated below with a link to what it changes:

* **Pre-norm blocks.** GPT-2 moved the layer normalization to the input of each sub-layer
  and added one after the last block.
  Our [transformer layer](../models.html#TransformerLayer) and [encoder](../models.html#Encoder)
  already do that, so [the block](#GPTBlock) keeps their `forward`.
* **GELU** in the feed-forward network, $\mathop{GELU}(x) = x \, \Phi(x)$, instead of $\max(0, x)$.
* **Learned positions**, added to the token embeddings without scaling, instead of the
  [fixed sinusoidal encodings and the $\sqrt{d_{model}}$ factor](../models.html#EmbeddingsWithPositionalEncoding)
  of the basic transformer's default; its `--positional learned` learns them too, with the factor,
  and [the positions page](../positions/index.html) compares the schemes.
* **Tied embeddings without an output bias:** the logits are computed with the token embedding matrix
  itself, as the basic transformer's [generator](../models.html#Generator) does by default,
  but without the bias that generator adds.
* **Initialization** from $\mathcal{N}(0, 0.02^2)$, with the projections into the residual stream
  scaled down by $\frac{1}{\sqrt{2 N}}$ for $N$ layers, instead of PyTorch's defaults for the layers
  and the [$\mathcal{N}(0, \frac{1}{d_{model}})$ embeddings](../models.html#EmbeddingsWithPositionalEncoding)
  of the basic transformer.
* **AdamW**, with [decoupled weight decay](../../optimizers/adamw.html) on the weight matrices
  of the linear layers only; [the parameter groups](#parameter_groups) say which and why.

The [experiment](../basic/autoregressive_experiment.html) trains it with `--model gpt`.

## Number of parameters

With $V$ tokens in the vocabulary, a context of $T$ positions, $N$ layers,
$d = d_{model}$ and $d_{ff}$ features in the hidden layer of the feed-forward network, the model has

$$V d + T d + N \big(4 d^2 + 2 d \, d_{ff} + 9 d + d_{ff}\big) + 2 d$$

parameters: the token embeddings and the positions;
in each layer the query, key, value and output projections of attention ($4 d^2$ weights, $4 d$ biases),
the two layers of the feed-forward network ($2 d \, d_{ff}$ weights, $d_{ff} + d$ biases)
and two layer normalizations ($4 d$ gains and biases);
and the final layer normalization ($2 d$).
The output layer adds nothing, since its weights are the token embeddings and it has no bias.
The basic transformer, with its embeddings tied, has the $V$ biases of its generator more,
and no positions to learn.

<a id="comparison"></a>

## A run on a CPU

The basic transformer and GPT, trained one after the other with the budget of the basic transformer's
[committed run](../basic/autoregressive_experiment.html): $d_{model} = 128$, $4$ heads, $d_{ff} = 512$,
$2$ layers, sequences of $128$ characters in batches of $16$, $1,000$ steps, seed $1$,
on a CPU with one thread.
Both use the Noam schedule with the factor $1.0$ and the default warm-up of a tenth of the run ($100$ steps),
and the same $\beta_1 = 0.9$, $\beta_2 = 0.98$, $\epsilon = 10^{-9}$;
GPT's AdamW decays the weight matrices of its linear layers with $\lambda = 0.1$.
[`bench/gpt_comparison.py`](https://github.com/labmlai/annotated_deep_learning_paper_implementations/blob/master/bench/gpt_comparison.py)
makes the two runs, this plot and `comparison.json` beside this page
(the histories, the samples and the figures below):

```shell
OMP_NUM_THREADS=1 python bench/gpt_comparison.py --data tiny_shakespeare.txt
```

Each run is the experiment with these options, once with `--model basic` and once with `--model gpt`:

```shell
OMP_NUM_THREADS=1 python -m labml_nn.transformers.basic.autoregressive_experiment \
    --d-model 128 --heads 4 --d-ff 512 --layers 2 --seq-len 128 --steps 1000 --valid-interval 50 \
    --device cpu --seed 1 --model gpt
```

![Training and validation loss of the basic transformer and GPT over 1,000 steps](comparison.png)

| measure | basic | GPT |
|---|---|---|
| parameters | 405,185 | 421,504 |
| validation loss at step 0 | 8.12 | 4.19 |
| validation loss at step 1,000 | 1.951 | 1.902 |
| validation accuracy at step 1,000 | 42.0% | 43.4% |
| wall time (CPU time) | 284 s (195 s) | 215 s (196 s) |

The bigram baseline, a model that predicts each character from the one before it alone,
has a validation loss of 2.482.
The basic transformer's run is the [experiment page's committed run](../basic/autoregressive_experiment.html):
the script writes its history and plot beside that page too.

Two runs of the same code with the same seed give the same digits:
GPT's first $300$ steps, made again for the [plateau measurement](#plateau) below (its first row),
have the same histories to the last digit as GPT's runs on this page, with seed $1$ and with seed $2$.

The same two runs with seed $2$, `comparison_seed2.json` and `comparison_seed2.png`
beside this page, made by
`OMP_NUM_THREADS=1 python bench/gpt_comparison.py --seed 2 --data tiny_shakespeare.txt --stem comparison_seed2 --basic-out ''`,
end at 1.946 for the basic transformer and 1.912 for GPT,
0.005 and 0.010 from the losses of seed $1$.
GPT ends lower with both seeds, by 0.034 with seed $2$
and 0.049 with seed $1$,
and passes the basic transformer between steps $600$ and $650$ with seed $2$,
$150$ steps later than with seed $1$.
They took 1319 and 1591 seconds
(187 and 204 of processor time)
on a machine shared with other work.

What the difference shows:

* **The start.** GPT starts at $\ln 65 \approx 4.17$, the loss of a uniform guess:
  its small initialization gives logits near zero.
  The basic transformer starts at 8.12: its output at the start is close to the
  [scaled embedding](../models.html#EmbeddingsWithPositionalEncoding) of its input, and with the embeddings
  tied that makes it predict the character it has just read:
  given each character alone, the initial model of seed 1 predicts that same character next
  with a probability of $0.95$ on average over the 65 characters,
  which is rarely right; it unlearns that in the first $50$ steps.
  GPT's tied embeddings have the same preference, but its small embeddings make it weak
  (a probability of $0.04$ on average).
* **The plateau.** GPT is near the bigram baseline from step $50$ to about step $250$
  (a validation loss of 2.588 at step $50$, 2.461 at step $200$ and 2.453 at step $250$;
  with seed $2$ 2.458 at step $250$ and 2.445 at step $300$),
  while the basic transformer keeps descending; then its loss falls again.
  Its cause is not known: [the runs below](#plateau) change the depth-scaled initialization,
  the positions' initialization, the warm-up and the learning rate one at a time,
  and none of them removes it (the depth-scaled initialization is not its cause);
  started from sinusoidal encodings, the positions end it soonest with both seeds.
* **The end.** GPT passes the basic transformer between steps $450$ and $500$, stays ahead,
  and ends 0.05 lower.
  Over the last $300$ steps its training loss is on average $0.06$ below its validation loss,
  twice the basic transformer's gap of $0.027$: it fits the training text a little more closely.
  With seed $2$ the gaps are $0.024$ and $-0.0004$:
  GPT's is the larger by $0.030$ with seed $1$ and $0.025$ with seed $2$.
  With two seeds of a small model the difference is small, and the runs do not show
  that GPT's choices are better at this scale, only that with the same schedule and budget
  they train as well, with a different shape of the curve, at the same speed.

The samples at the last step, at temperature $0.8$, continuing the prompt `It is `:

The basic transformer:

```text
It is be see prof in him,
For then you erever out brand onpery,
Fhis hear your there has some once, it sand
The strey brans not that meventing and 'twereeld is
And what but tree murtreath is ounntry, do and
```

GPT:

```text
It is be set have in him,
For the where rive the art
We look hassed the be didisonsure out and now,
I than this stresabt, or rance be gives:
I am from been of I carreat but trear'd
And an in the that deseed
```

<a id="plateau"></a>

## The plateau, measured

An earlier version of this page put GPT's plateau down to its depth-scaled initialization, without a measurement.
[`bench/gpt_plateau.py`](https://github.com/labmlai/annotated_deep_learning_paper_implementations/blob/master/bench/gpt_plateau.py)
measures it: it trains GPT again for the first $300$ steps of the run above, with its options and its warm-up
of $100$ steps (so that the learning rate is the run's at every step),
once as the run does and once with each of these changes:

* without the [depth-scaled initialization](#GPT._scale_residual_projections): the projections
  into the residual stream are drawn from $\mathcal{N}(0, 0.02^2)$ like the other linear layers;
* the learned positions start from the basic transformer's [sinusoidal encodings](../positional_encoding.html),
  scaled to the standard deviation $0.02$ of the token embeddings, instead of $\mathcal{N}(0, 0.01^2)$,
  and are learned from there;
* a warm-up of $200$ steps;
* the learning rate halved, `--lr 0.5`.

It makes them with seed $1$ into `plateau.json` and with seed $2$ into `plateau_seed2.json`
(`--seeds 2 --out labml_nn/transformers/gpt/plateau_seed2.json`), beside this page:

```shell
OMP_NUM_THREADS=1 python bench/gpt_plateau.py --seeds 1 --variants reference no_scaled_init sinusoidal_positions warmup_200 lr_0.5 --data tiny_shakespeare.txt
```

GPT's validation loss at steps $100$, $200$ and $300$ in each run:

| GPT | step 100, seed 1 | step 200, seed 1 | step 300, seed 1 | step 100, seed 2 | step 200, seed 2 | step 300, seed 2 |
|---|---|---|---|---|---|---|
| the page's run | 2.562 | 2.461 | 2.337 | 2.567 | 2.489 | 2.445 |
| no depth-scaled initialization | 2.551 | 2.470 | 2.355 | 2.560 | 2.487 | 2.380 |
| positions start sinusoidal | 2.549 | 2.448 | 2.294 | 2.557 | 2.462 | 2.325 |
| warm-up of 200 steps | 2.548 | 2.512 | 2.379 | 2.527 | 2.501 | 2.417 |
| learning rate halved | 2.542 | 2.455 | 2.354 | 2.530 | 2.476 | 2.414 |

![GPT's validation loss over the first 300 steps with each change, seed 1](plateau.png)

![The same with seed 2](plateau_seed2.png)

None of these changes removes the plateau.
At step $200$ every run is between 2.448 and 2.512 with seed $1$
and between 2.462 and 2.501 with seed $2$,
above the basic transformer's 2.348 and 2.429 at that step.
Without the depth-scaled initialization the losses at steps $100$ and $200$ are within 0.011
of the page's run with both seeds, and at step $300$ it is behind with seed $1$ and ahead with seed $2$:
the scaling does not make the plateau.
The longer warm-up and the halved learning rate, too, are behind at step $300$ with seed $1$ and ahead with seed $2$,
by at most 0.042, less than the 0.108 between the page's runs with the two seeds.
Only the sinusoidal start of the positions is ahead at step $300$ with both seeds
(2.294 and 2.325, against 2.337 and 2.445):
the plateau ends sooner with it, but it is still there at steps $100$ to $200$.
So its cause is still not known; positions that have to be learned from nearly nothing may be part of it,
which a longer run of that change, and more seeds, would have to show.
The ten runs took 634 seconds of processor time in all
(75 minutes of wall time on a machine shared with other work).
"""

import math
from typing import Dict, List, Optional, Type

import torch
from torch import nn

from ..feed_forward import FeedForward
from ..mha import MultiHeadAttention
from ..mha_fast import FastMultiHeadAttention
from ..models import Encoder, TransformerLayer
from ..utils import subsequent_mask

# The standard deviation of the initial weights, $0.02$
INIT_STD = 0.02


class GPTBlock(TransformerLayer):
    r"""
    <a id="GPTBlock"></a>

    ## GPT-2 block

    $$x \leftarrow x + \mathop{Dropout}\big(\mathop{Attention}(\mathop{LayerNorm}(x))\big)$$
    $$x \leftarrow x + \mathop{Dropout}\big(\mathop{FFN}(\mathop{LayerNorm}(x))\big)$$

    This is the pre-norm [transformer layer](../models.html#TransformerLayer) of the basic transformer,
    whose [`forward`](../models.html#def-TransformerLayer.forward) it inherits unchanged;
    only the sub-layers it is built with differ.
    GPT (2018) normalized after the residual addition, as the original transformer did;
    GPT-2 moved the normalization to the input of each sub-layer.
    """

    def __init__(self, d_model: int, heads: int, d_ff: int, dropout: float = 0.1,
                 attention: Type[MultiHeadAttention] = FastMultiHeadAttention):
        """
        * `d_model` is the number of features in the embeddings
        * `heads` is the number of attention heads
        * `d_ff` is the number of features in the hidden layer of the feed-forward network,
          $4 d_{model}$ in GPT-2
        * `dropout` is the dropout probability, on the attention weights, the hidden layer
          and the output of each sub-layer
        * `attention` is the attention class, the [fused kernel](../mha_fast.html) by default
          or the [explicit computation](../mha.html#MHA) that keeps the attention weights
        """
        super().__init__(d_model=d_model,
                         # Masked self attention, the same module as the basic transformer's
                         self_attn=attention(heads, d_model, dropout_prob=dropout),
                         # No source attention: it is decoder-only
                         src_attn=None,
                         # The [feed-forward network](../feed_forward.html#FFN) with
                         # $\mathop{GELU}(x) = x \, \Phi(x)$, where $\Phi$ is the cumulative
                         # distribution function of the standard normal distribution,
                         # instead of the basic transformer's default $\max(0, x)$.
                         # It is smooth, and lets small negative values through.
                         # GPT-2 uses the $\tanh$ approximation of it, which was faster to compute;
                         # we use the exact function.
                         feed_forward=FeedForward(d_model, d_ff, dropout=dropout, activation=nn.GELU()),
                         # Dropout on the output of each sub-layer, before it is added to the residual
                         dropout_prob=dropout)


class GPT(nn.Module):
    r"""
    <a id="GPT"></a>

    ## GPT-2 model

    It maps token ids of shape `[seq_len, batch_size]` to logits of shape
    `[seq_len, batch_size, n_vocab]`, like the
    [basic model](../basic/autoregressive_experiment.html#AutoregressiveTransformer).
    """

    def __init__(self, n_vocab: int, d_model: int, n_layers: int, heads: int,
                 d_ff: Optional[int] = None, max_len: int = 1024, dropout: float = 0.1,
                 attention: Type[MultiHeadAttention] = FastMultiHeadAttention):
        """
        * `n_vocab` is the size of the vocabulary
        * `d_model` is the number of features in the embeddings
        * `n_layers` is the number of blocks
        * `heads` is the number of attention heads
        * `d_ff` is the number of features in the hidden layer of the feed-forward networks,
          $4 d_{model}$ when not given
        * `max_len` is the number of positions, the longest sequence the model takes ($1024$ in GPT-2)
        * `dropout` is the dropout probability
        * `attention` is the attention class
        """
        super().__init__()
        # $4 d_{model}$ by default
        d_ff = d_ff if d_ff is not None else 4 * d_model
        # The number of positions
        self.max_len = max_len
        # Token embeddings, $W_e$ of shape `[n_vocab, d_model]`
        self.token_embedding = nn.Embedding(n_vocab, d_model)
        # Learned positions $W_p$, of shape `[max_len, 1, d_model]`.
        # The basic transformer adds [fixed sinusoidal encodings](../positional_encoding.html)
        # instead; learned ones exist only for the `max_len` positions seen in training,
        # which a model with a fixed context does not mind
        self.position_embedding = nn.Parameter(torch.zeros(max_len, 1, d_model))
        # Dropout on the sum of the embeddings, as the basic transformer's embeddings have too
        self.dropout = nn.Dropout(dropout)
        # $N$ blocks and a final layer normalization: our [encoder](../models.html#Encoder)
        # is that stack, with a layer normalization after the last layer as GPT-2 added
        self.blocks = Encoder(GPTBlock(d_model, heads, d_ff, dropout=dropout, attention=attention), n_layers)
        # The output layer, without a bias;
        # the basic transformer's [generator](../models.html#Generator) adds one
        self.readout = nn.Linear(d_model, n_vocab, bias=False)
        # Tie its weights to the token embeddings: both are the same `[n_vocab, d_model]` tensor $W_e$,
        # so the logits are $h W_e^\top$, the dot products of the output $h$ with each token's embedding.
        # A token that is embedded close to the output is predicted; $V d$ fewer parameters,
        # and the rows of rare tokens get gradients from both ends.
        # The basic transformer ties them too, unless `--no-tie-embeddings`
        self.readout.weight = self.token_embedding.weight
        # The causal mask, created on the first call and when the sequence length changes
        self.mask: Optional[torch.Tensor] = None
        # Initialize the weights
        self.apply(self._init_weights)
        # Scale the projections into the residual stream
        self._scale_residual_projections(n_layers)

    @staticmethod
    def _init_weights(module: nn.Module):
        r"""
        ### Initialization

        GPT draws the weights of linear layers and embeddings from $\mathcal{N}(0, 0.02^2)$
        and sets the biases to $0$; the basic transformer keeps PyTorch's defaults for linear layers,
        uniform in $\pm \frac{1}{\sqrt{fan_{in}}}$, and draws its embeddings from
        $\mathcal{N}(0, \frac{1}{d_{model}})$ to scale them up by $\sqrt{d_{model}}$.
        Layer normalizations keep their gain of $1$ and bias of $0$.
        The learned positions are drawn from $\mathcal{N}(0, 0.01^2)$, as GPT-2's code does.
        """
        # Linear layers: $\mathcal{N}(0, 0.02^2)$ weights, zero biases
        if isinstance(module, nn.Linear):
            nn.init.normal_(module.weight, mean=0.0, std=INIT_STD)
            if module.bias is not None:
                nn.init.zeros_(module.bias)
        # Token embeddings: $\mathcal{N}(0, 0.02^2)$, which are the output weights too
        elif isinstance(module, nn.Embedding):
            nn.init.normal_(module.weight, mean=0.0, std=INIT_STD)
        # The positions, $\mathcal{N}(0, 0.01^2)$
        elif isinstance(module, GPT):
            nn.init.normal_(module.position_embedding, mean=0.0, std=0.01)

    def _scale_residual_projections(self, n_layers: int):
        r"""
        ### Depth-scaled initialization

        Each block adds to the residual stream twice, the output projection of attention
        and the second layer of the feed-forward network: $2N$ terms in all.
        If they are roughly independent, the variance of their sum grows with $2N$;
        GPT-2 draws the weights of these projections from
        $\mathcal{N}\big(0, (0.02 / \sqrt{2N})^2\big)$,
        so that the sum at the top has about the variance of one term, however deep the stack.
        """
        # The standard deviation $\frac{0.02}{\sqrt{2N}}$
        std = INIT_STD / math.sqrt(2 * n_layers)
        # For each block
        for block in self.blocks.layers:
            # The output projection of attention, $W^O$
            nn.init.normal_(block.self_attn.output.weight, mean=0.0, std=std)
            # The second layer of the feed-forward network, $W_2$
            nn.init.normal_(block.feed_forward.layer2.weight, mean=0.0, std=std)

    def forward(self, x: torch.Tensor):
        """
        `x` has the token ids, of shape `[seq_len, batch_size]`.
        Returns the logits of the next token at each position,
        of shape `[seq_len, batch_size, n_vocab]`.
        """

        # The positions exist only up to `max_len`
        seq_len = x.shape[0]
        if seq_len > self.max_len:
            raise ValueError(f'sequence length {seq_len} is longer than max_len {self.max_len} '
                             f'of the learned positions')
        # The [subsequent mask](../utils.html#subsequent_mask), `[seq_len, seq_len, 1]`,
        # which the fused attention recognizes and applies without reading
        if self.mask is None or self.mask.size(0) != seq_len or self.mask.device != x.device:
            self.mask = subsequent_mask(seq_len).to(x.device)
        # $h_0 = W_e[x] + W_p[:seq\_len]$, `[seq_len, batch_size, d_model]`, with dropout.
        # The basic transformer [multiplies](../models.html#def-EmbeddingsWithPositionalEncoding.forward)
        # its embeddings by $\sqrt{d_{model}}$, to bring them to the scale of the fixed encodings in $[-1, 1]$;
        # here both are learned, start on a similar small scale, and are added as they are
        h = self.dropout(self.token_embedding(x) + self.position_embedding[:seq_len])
        # $N$ blocks and the final layer normalization
        h = self.blocks(h, self.mask)
        # Logits $h_N W_e^\top$, `[seq_len, batch_size, n_vocab]`
        return self.readout(h)


def parameter_groups(model: nn.Module, weight_decay: float) -> List[Dict]:
    r"""
    <a id="parameter_groups"></a>

    ## Parameter groups for AdamW

    [AdamW](../../optimizers/adamw.html) shrinks the weights it decays toward zero by
    $1 - \alpha \lambda$ every step. That is a prior that the weights should be small,
    and it suits the weight matrices of the linear layers
    (the attention projections and the feed-forward layers),
    where large weights make the output sensitive to small changes of the input.
    The other parameters get no decay:

    * **Biases** shift the output; pulling them toward $0$ does not make the model simpler,
      and there are few of them.
    * **Layer normalization gains and biases** set the scale of the normalized features;
      decaying the gains toward $0$ would shrink the features it was meant to normalize.
    * **Token embeddings and positions** are looked up, one row at a time: a row gets gradients
      only when its token (or position) is in the batch, but would decay every step,
      so rare tokens would be pulled to zero between their appearances.
      The output layer is tied to the token embeddings, so that matrix does not decay either.

    Returns two groups for `torch.optim` or our optimizers, the first with `weight_decay` and
    the second with $0$, covering every parameter of the model once.
    """

    # The embedding matrices, tied or not, by identity
    embeddings = {id(m.weight) for m in model.modules() if isinstance(m, nn.Embedding)}
    # The weight matrices of linear layers, unless they are embeddings
    decay = {id(m.weight): m.weight for m in model.modules()
             if isinstance(m, nn.Linear) and id(m.weight) not in embeddings}
    # Everything else: biases, layer normalizations, embeddings, positions.
    # `parameters()` lists a shared tensor once
    no_decay = [p for p in model.parameters() if id(p) not in decay]
    #
    return [{'params': list(decay.values()), 'weight_decay': weight_decay},
            {'params': no_decay, 'weight_decay': 0.0}]
