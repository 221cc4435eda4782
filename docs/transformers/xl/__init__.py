r"""
---
title: Transformer-XL and Relative Multi-Head Attention
summary: >
  A PyTorch implementation with explanations of the relative multi-head attention of Transformer-XL,
  with relative positional encodings, the biases u and v and the shift without a loop,
  and of the Transformer-XL model with segment-level recurrence.
---

# Transformer-XL and Relative Multi-Head Attention

This is an implementation of the attention and the model of the paper
[Transformer-XL: Attentive Language Models Beyond a Fixed-Length Context](https://arxiv.org/abs/1901.02860)
by Zihang Dai, Zhilin Yang, Yiming Yang, Jaime Carbonell, Quoc V. Le and Ruslan Salakhutdinov (2019).

The [basic transformer](../models.html#EmbeddingsWithPositionalEncoding) adds an encoding of the
*absolute* position to each token embedding.
Transformer-XL gives the embeddings no positions at all, and instead tells
[attention](../mha.html) how far each key is from the query, in the scores themselves.
With absolute encodings $U_i$ added to the embeddings $E_{x_i}$, the score between
a query at position $i$ and a key at position $j$ expands into four terms,
$$\begin{aligned}
\big(W_q (E_{x_i} + U_i)\big)^\top W_k (E_{x_j} + U_j)
&= E_{x_i}^\top W_q^\top W_k E_{x_j} + E_{x_i}^\top W_q^\top W_k U_j \\
&+ U_i^\top W_q^\top W_k E_{x_j} + U_i^\top W_q^\top W_k U_j
\end{aligned}$$
The paper replaces the absolute $U_j$ of the key with a relative encoding $R_{i-j}$ with its own
projection $W_{k,R}$, and the query's position terms $U_i^\top W_q^\top$, which should not depend on
where the query is, with two learned vectors $u$ and $v$:
$$A^{rel}_{i,j} =
\underbrace{q_i^\top k_j}_{(a)} +
\underbrace{q_i^\top W_{k,R} R_{i-j}}_{(b)} +
\underbrace{u^\top k_j}_{(c)} +
\underbrace{v^\top W_{k,R} R_{i-j}}_{(d)}$$
where $q_i = W_q E_{x_i}$ and $k_j = W_{k,E} E_{x_j}$:
(a) is content against content, (b) content against distance, (c) a global bias for the content of
the key, and (d) a global bias for the distance.
$R$ are the [sinusoidal encodings](../positional_encoding.html) of the distances, not learned.

Because the scores only depend on distances, the model can keep the hidden states of the last segment
as a *memory* and attend to them from the next segment, without positions getting confused:
the [Transformer-XL model](#TransformerXL) below does this, the *segment-level recurrence*.

### Where this differs from the paper's code

* **Pre-norm.** Each [layer](#TransformerXLLayer) normalizes the input of its attention and of its
  feed-forward network, as the [basic transformer's layers](../models.html#TransformerLayer) do;
  the paper's code normalizes after each residual addition by default (its `pre_lnorm` is off).
  The memory is normalized with the segment, by the same layer normalization.
* **$u$ and $v$ in each layer.** Every layer learns its own $u$ and $v$ (for each head); the paper's
  code shares one pair between all layers by default (unless `untie_r`).
* **Identical initial layers.** The layers are [deep copies](../utils.html#clone_module_list) of one
  layer, so they start with the same weights (and $u = v = 0$) and only training makes them differ;
  the paper's code initializes each layer on its own.
* **No adaptive softmax or embeddings**, and a linear layer to the logits with a bias, untied from the
  embeddings: the vocabularies here are a few dozen characters.

<a id="memory-result"></a>

### What the memory buys

[`bench/xl_memory.py`](https://github.com/labmlai/annotated_deep_learning_paper_implementations/blob/master/bench/xl_memory.py)
trains this model with the [experiment](../basic/autoregressive_experiment.html#TransformerXLWithMemory)
on Tiny Shakespeare, with $d_{model} = 64$, $4$ heads, $d_{ff} = 256$, $2$ layers, segments of $32$ characters,
a memory of $32$ positions and batches of $32$ consecutive segments, for $600$ steps, with seeds $1$ and $2$,
on one CPU thread (the two runs took 91 seconds of processor time in all, 18 minutes on a machine shared
with other work):

```shell
OMP_NUM_THREADS=1 python bench/xl_memory.py --data tiny_shakespeare.txt
```

It then reads the validation text cut into $32$ streams of $108$ consecutive segments, as the trainer cuts
the training text, three ways, and writes [`memory.json`](memory.json):
`memory`, each segment with the memory kept from the segment before (the paper's evaluation);
`no_memory`, each segment alone; and `window`, each segment after the $32$ characters before it, in one
window of $64$ characters without memory, counting only the loss of the segment's own characters.
The characters whose loss is counted are the same in the three. The validation loss, in nats per character:

| reading | seed 1 | seed 2 |
|---|---|---|
| `memory` | 1.926 | 1.913 |
| `no_memory` | 2.039 | 2.031 |
| `window` | 1.926 | 1.913 |

The memory lowers the loss by about a tenth of a nat, the same with both seeds.
Nearly all of the difference is at the start of each segment: at its first position the model without
memory has no context at all and loses 3.505 (seed 1), against 1.974 with the memory,
and by the last positions of the segment the two are nearly equal.
Reading the $32$ characters before the segment directly, in a longer window, gives the same loss as
the memory to the third decimal: with $2$ layers and a memory as long as the segment, the memory buys
what those $32$ characters give, at the cost of one segment, and nothing beyond them in this run,
although through the layers it could reach twice as far back. The paper's gains come from much
longer memories and contexts, on word-level text, in deeper models.

Related pages: [multi-head attention](../mha.html), which this builds on;
[rotary positional embeddings](../rope/index.html) and [attention with linear biases](../alibi/index.html),
two other ways to give attention the positions;
and [the comparison of all of them](../positions/index.html) on Tiny Shakespeare.
"""

import math
from typing import List, Optional, Tuple

import torch
from torch import nn

from labml_nn.transformers.feed_forward import FeedForward
from labml_nn.transformers.mha import MultiHeadAttention, PrepareForMultiHeadAttention
from labml_nn.transformers.utils import clone_module_list


def relative_positional_encoding(distances: torch.Tensor, d_model: int) -> torch.Tensor:
    r"""
    <a id="relative_positional_encoding"></a>

    ### Sinusoidal encodings of distances

    $R_\delta$ for each distance $\delta$ in `distances` (a 1-dimensional tensor, negative values allowed),
    the sines and the cosines of $\delta \cdot 10000^{-2i / d_{model}}$ side by side, as in the paper:
    $$R_\delta = \Big[\sin\big(\delta\, 10000^{-2i / d_{model}}\big)_{i},\;
    \cos\big(\delta\, 10000^{-2i / d_{model}}\big)_{i}\Big]$$
    Returns a tensor of shape `[len(distances), d_model]`.
    """

    # $10000^{-2i / d_{model}}$ for $2i = 0, 2, \dots$, of shape `[d_model / 2]`
    inv_freq = torch.exp(torch.arange(0, d_model, 2, dtype=torch.float32, device=distances.device)
                         * -(math.log(10000.0) / d_model))
    # The angles $\delta \cdot 10000^{-2i / d_{model}}$, of shape `[len(distances), d_model / 2]`
    angles = distances.to(torch.float32)[:, None] * inv_freq[None, :]
    # Sines and cosines, `[len(distances), d_model]`
    return torch.cat([angles.sin(), angles.cos()], dim=-1)


def shift_relative_scores(scores: torch.Tensor, seq_len_k: int) -> torch.Tensor:
    r"""
    <a id="shift_relative_scores"></a>

    ### From relative to absolute key positions without a loop

    `scores` has shape `[seq_len_q, seq_len_q + seq_len_k - 1, batch_size, heads]`:
    the score of query $i$ against each distance, where column $r$ is the distance
    $\delta_r = seq\_len_k - 1 - r$, from the largest down to $-(seq\_len_q - 1)$.
    Query $i$ and key $j$ are $\delta = i + m - j$ apart, where $m = seq\_len_k - seq\_len_q$ is the
    length of the memory, so they are in column $r = j - i + seq\_len_q - 1$.
    Each row must move left by $seq\_len_q - 1 - i$ columns, a different amount for each row.

    With one column of zeros appended, rows are $L = seq\_len_q + seq\_len_k$ long and element
    $(i, r)$ sits at $i L + r$ in the flattened matrix.
    We want $(i, j + seq\_len_q - 1 - i)$, which is at $i (L - 1) + j + seq\_len_q - 1$:
    reading the flat matrix from offset $seq\_len_q - 1$ in rows of $L - 1$ puts it at row $i$,
    column $j$. The first $seq\_len_k$ columns of those rows are the result, and the column
    of zeros never lands among them.

    Returns a tensor of shape `[seq_len_q, seq_len_k, batch_size, heads]`.
    """

    # `[seq_len_q, seq_len_q + seq_len_k - 1, batch_size, heads]`
    seq_len_q, n_rel, *rest = scores.shape
    # Append a column of zeros, `[seq_len_q, L, batch_size, heads]`
    zeros = scores.new_zeros(seq_len_q, 1, *rest)
    padded = torch.cat([scores, zeros], dim=1)
    # Rows of length $L$
    row = n_rel + 1
    # Flatten the first two dimensions, `[seq_len_q * L, batch_size, heads]`
    flat = padded.reshape(seq_len_q * row, *rest)
    # Read from offset $seq\_len_q - 1$ in rows of $L - 1$, `[seq_len_q, L - 1, batch_size, heads]`
    shifted = flat[seq_len_q - 1:seq_len_q - 1 + seq_len_q * (row - 1)].view(seq_len_q, row - 1, *rest)
    # The first `seq_len_k` columns, `[seq_len_q, seq_len_k, batch_size, heads]`
    return shifted[:, :seq_len_k]


class RelativeMultiHeadAttention(MultiHeadAttention):
    r"""
    <a id="RelativeMHA"></a>

    ## Relative Multi-Head Attention

    A subclass of [`MultiHeadAttention`](../mha.html#MHA) that only replaces
    [`get_scores`](../mha.html#MHA), with the four terms of $A^{rel}_{i,j}$.
    The key and value may be longer than the query: the first
    $m = seq\_len_k - seq\_len_q$ of them are the memory, the positions before the query's segment.
    The [forward pass](../mha.html#MHA) then scales the scores by $\frac{1}{\sqrt{d_k}}$,
    masks them and takes the softmax, as it does for plain attention.
    """

    def __init__(self, heads: int, d_model: int, dropout_prob: float = 0.1, bias: bool = True):
        """
        * `heads` is the number of heads.
        * `d_model` is the number of features in the `query`, `key` and `value` vectors.
        """
        super().__init__(heads, d_model, dropout_prob, bias=bias)
        # Number of features of the relative encodings $R$
        self.d_model = d_model
        # $W_{k,R}$, the projection of the relative encodings into the heads, without a bias
        self.pos_key = PrepareForMultiHeadAttention(d_model, heads, self.d_k, bias=False)
        # $u$, the bias for the content of the key, one vector for each head, `[heads, d_k]`
        self.u = nn.Parameter(torch.zeros(heads, self.d_k))
        # $v$, the bias for the distance, `[heads, d_k]`
        self.v = nn.Parameter(torch.zeros(heads, self.d_k))

    def get_scores(self, query: torch.Tensor, key: torch.Tensor):
        r"""
        ### Relative scores

        `query` has shape `[seq_len_q, batch_size, heads, d_k]` and `key`
        `[seq_len_k, batch_size, heads, d_k]`; the result has shape
        `[seq_len_q, seq_len_k, batch_size, heads]`.
        """

        #
        seq_len_q, seq_len_k = query.shape[0], key.shape[0]
        # The distances $\delta_r = seq\_len_k - 1 - r$, from $seq\_len_k - 1$ down to $-(seq\_len_q - 1)$,
        # of shape `[seq_len_q + seq_len_k - 1]`
        distances = torch.arange(seq_len_k - 1, -seq_len_q, -1, device=query.device)
        # $R_{\delta}$, `[seq_len_q + seq_len_k - 1, d_model]`
        r = relative_positional_encoding(distances, self.d_model).to(query.dtype)
        # $W_{k,R} R_{\delta}$, `[seq_len_q + seq_len_k - 1, heads, d_k]`
        r_key = self.pos_key(r)

        # $(a) + (c) = (q_i + u)^\top k_j$, `[seq_len_q, seq_len_k, batch_size, heads]`
        ac = torch.einsum('ibhd,jbhd->ijbh', query + self.u, key)
        # $(b) + (d) = (q_i + v)^\top W_{k,R} R_{\delta}$ against every distance,
        # `[seq_len_q, seq_len_q + seq_len_k - 1, batch_size, heads]`
        bd = torch.einsum('ibhd,rhd->irbh', query + self.v, r_key)
        # Pick the distance $i + m - j$ for each key $j$, `[seq_len_q, seq_len_k, batch_size, heads]`
        bd = shift_relative_scores(bd, seq_len_k)

        # $A^{rel}_{i,j}$, `[seq_len_q, seq_len_k, batch_size, heads]`
        return ac + bd


class TransformerXLLayer(nn.Module):
    """
    <a id="TransformerXLLayer"></a>

    ## Transformer-XL layer

    A pre-norm [transformer layer](../models.html#TransformerLayer) whose self attention also reads
    the memory: the inputs this layer had in the previous segment.
    """

    def __init__(self, *, d_model: int, self_attn: RelativeMultiHeadAttention, feed_forward: FeedForward,
                 dropout_prob: float):
        """
        * `d_model` is the token embedding size
        * `self_attn` is the [relative attention](#RelativeMHA)
        * `feed_forward` is the feed-forward network
        * `dropout_prob` is the dropout probability after the attention and the feed-forward network
        """
        super().__init__()
        #
        self.size = d_model
        self.self_attn = self_attn
        self.feed_forward = feed_forward
        self.dropout = nn.Dropout(dropout_prob)
        # Layer normalizations before the attention and before the feed-forward network
        self.norm_self_attn = nn.LayerNorm([d_model])
        self.norm_ff = nn.LayerNorm([d_model])

    def forward(self, *, x: torch.Tensor, mem: Optional[torch.Tensor], mask: torch.Tensor):
        """
        * `x` is the input of the segment, `[seq_len, batch_size, d_model]`
        * `mem` is the memory, `[mem_len, batch_size, d_model]`, or `None`
        * `mask` is `[seq_len, mem_len + seq_len, batch_size or 1]`
        """

        # Normalize the input, `[seq_len, batch_size, d_model]`
        z = self.norm_self_attn(x)
        # The keys and values are the memory followed by the segment,
        # `[mem_len + seq_len, batch_size, d_model]`, normalized the same way
        m_z = z if mem is None else torch.cat([self.norm_self_attn(mem), z], dim=0)
        # Attention from the segment to the memory and the segment, `[seq_len, batch_size, d_model]`
        x = x + self.dropout(self.self_attn(query=z, key=m_z, value=m_z, mask=mask))
        # Feed-forward network, `[seq_len, batch_size, d_model]`
        x = x + self.dropout(self.feed_forward(self.norm_ff(x)))
        # `[seq_len, batch_size, d_model]`
        return x


def memory_mask(seq_len: int, mem_len: int, device: Optional[torch.device] = None) -> torch.Tensor:
    r"""
    <a id="memory_mask"></a>

    ### Causal mask with a memory

    Query $i$ of the segment is at position $m + i$ after $m$ = `mem_len` remembered positions,
    so it may attend to keys $j \le m + i$.
    Returns a boolean tensor of shape `[seq_len, mem_len + seq_len, 1]`.
    """
    # Query positions $m + i$, `[seq_len, 1]`, and key positions $j$, `[1, mem_len + seq_len]`
    i = torch.arange(seq_len, device=device)[:, None] + mem_len
    j = torch.arange(mem_len + seq_len, device=device)[None, :]
    # `[seq_len, mem_len + seq_len, 1]`
    return (j <= i).unsqueeze(-1)


class TransformerXL(nn.Module):
    """
    <a id="TransformerXL"></a>

    ## Transformer-XL model

    Token embeddings without positions, a stack of [Transformer-XL layers](#TransformerXLLayer),
    a final layer normalization and a linear layer to the logits.

    With `mem_len` $> 0$ the model carries a memory from one segment to the next: the input of each
    layer for the last `mem_len` positions. Gradients stop at the memory (it is detached), so training
    cost stays that of one segment while each layer sees up to `mem_len` positions further back, and
    information travels `n_layers` times that far.
    """

    def __init__(self, *, n_vocab: int, d_model: int, heads: int, d_ff: int, n_layers: int,
                 dropout_prob: float = 0.1, mem_len: int = 0):
        """
        * `n_vocab` is the size of the vocabulary
        * `d_model`, `heads`, `d_ff` and `n_layers` are the sizes of the layers
        * `mem_len` is the number of positions to remember
        """
        super().__init__()
        # Token embeddings, no positions, initialized from $\mathcal{N}(0, \frac{1}{d_{model}})$
        # as in the [basic transformer](../models.html#EmbeddingsWithPositionalEncoding)
        self.embed = nn.Embedding(n_vocab, d_model)
        nn.init.normal_(self.embed.weight, std=d_model ** -0.5)
        #
        self.d_model = d_model
        # The layers
        layer = TransformerXLLayer(d_model=d_model,
                                   self_attn=RelativeMultiHeadAttention(heads, d_model, dropout_prob),
                                   feed_forward=FeedForward(d_model, d_ff, dropout_prob),
                                   dropout_prob=dropout_prob)
        self.layers = clone_module_list(layer, n_layers)
        # Final normalization and the logits
        self.norm = nn.LayerNorm([d_model])
        self.generator = nn.Linear(d_model, n_vocab)
        #
        self.mem_len = mem_len

    def forward(self, x: torch.Tensor, mems: Optional[List[torch.Tensor]] = None
                ) -> Tuple[torch.Tensor, List[torch.Tensor]]:
        """
        * `x` are the token ids of the segment, `[seq_len, batch_size]`
        * `mems` is the memory of each layer, each `[mem_len, batch_size, d_model]`, or `None`

        Returns the logits `[seq_len, batch_size, n_vocab]` and the memory for the next segment.
        """

        #
        seq_len = x.shape[0]
        # Length of the memory we have
        mem_len = 0 if not mems else mems[0].shape[0]
        # Causal mask over the memory and the segment, `[seq_len, mem_len + seq_len, 1]`
        mask = memory_mask(seq_len, mem_len, x.device)
        # Token embeddings, `[seq_len, batch_size, d_model]`
        h = self.embed(x) * math.sqrt(self.d_model)
        # The memory for the next segment
        new_mems = []
        #
        for n, layer in enumerate(self.layers):
            # Remember the last `mem_len` inputs of this layer, previous memory included,
            # with the gradients stopped: `[min(mem_len, ...), batch_size, d_model]`
            if self.mem_len > 0:
                seen = h if not mems else torch.cat([mems[n], h], dim=0)
                new_mems.append(seen[-self.mem_len:].detach())
            # The layer, `[seq_len, batch_size, d_model]`
            h = layer(x=h, mem=mems[n] if mems else None, mask=mask)
        # Logits, `[seq_len, batch_size, n_vocab]`
        return self.generator(self.norm(h)), new_mems
