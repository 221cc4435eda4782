r"""
---
title: Attention with Linear Biases (ALiBi)
summary: >
  A PyTorch implementation with explanations of Attention with Linear Biases (ALiBi):
  no positional embeddings, a penalty on the attention scores that grows linearly with distance,
  with a different slope for each head.
---

# Attention with Linear Biases (ALiBi)

This is an implementation of the attention of the paper
[Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation](https://arxiv.org/abs/2108.12409)
by Ofir Press, Noah A. Smith and Mike Lewis (2021).

ALiBi gives the token embeddings no positions at all. Instead, the
[attention](../mha.html) score of the query at position $i$ and the key at position $j \le i$
is lowered by an amount that grows linearly with their distance,
$$\mathop{softmax}\Bigg(\frac{q_i^\top k_j}{\sqrt{d_k}} - m_h \cdot (i - j)\Bigg)$$
where $m_h$ is a fixed slope for head $h$, not learned.
A head with a large slope looks at the last few tokens, a head with a small slope far back.
The paper's claim is that such a model, trained on short sequences, keeps its quality on sequences
several times longer, where sinusoidal positions do not:
every distance it meets at inference only makes a bias more negative, a situation it has seen.

### Slopes

For $n$ heads, with $n$ a power of $2$, the slopes are the geometric sequence that starts at
$2^{-8/n}$ with the same ratio,
$$m_h = 2^{-\frac{8 h}{n}}, \quad h = 1, \dots, n$$
so for $8$ heads $\frac{1}{2}, \frac{1}{4}, \dots, \frac{1}{256}$.
When $n$ is not a power of $2$, the paper takes the slopes of the largest power of $2$ below it,
$n' = 2^{\lfloor \log_2 n \rfloor}$, and fills up with every other slope of $2 n'$ heads,
the ones that fall between them: $2^{-\frac{8 (2h - 1)}{2 n'}}$ for $h = 1, \dots, n - n'$.

Related pages: [multi-head attention](../mha.html), which this builds on;
[relative multi-head attention](../xl/index.html), [rotary positional embeddings](../rope/index.html),
and [the comparison of all of them](../positions/index.html) on Tiny Shakespeare,
which tries the paper's claim.
"""

import math

import torch
from torch import nn

from labml_nn.transformers.mha import MultiHeadAttention


def get_slopes(n_heads: int) -> torch.Tensor:
    r"""
    <a id="get_slopes"></a>

    ### The slopes $m_h$

    Returns a tensor of shape `[n_heads]`.
    """

    # $n' = 2^{\lfloor \log_2 n \rfloor}$, the largest power of $2$ not above $n$
    n = 2 ** math.floor(math.log2(n_heads))
    # $m_h = 2^{-\frac{8 h}{n'}}$ for $h = 1, \dots, n'$, `[n']`
    slopes = 2.0 ** (-8.0 * torch.arange(1, n + 1, dtype=torch.float32) / n)
    # The rest, $2^{-\frac{8 (2h - 1)}{2 n'}}$ for $h = 1, \dots, n - n'$, `[n - n']`
    if n < n_heads:
        extra = 2.0 ** (-4.0 * torch.arange(1, 2 * (n_heads - n), 2, dtype=torch.float32) / n)
        slopes = torch.cat([slopes, extra])
    #
    return slopes


def get_alibi_biases(n_heads: int, seq_len_q: int, seq_len_k: int) -> torch.Tensor:
    r"""
    <a id="get_alibi_biases"></a>

    ### The biases $-m_h \cdot (i - j)$

    The queries are the last `seq_len_q` of the `seq_len_k` positions (the first keys may be a memory),
    so query $i$ is at position $i + seq\_len_k - seq\_len_q$.
    A key after the query, which a causal mask hides anyway, gets the penalty of its distance too,
    $-m_h \cdot \lvert i - j \rvert$; the paper only has keys before the query.
    Returns a tensor of shape `[seq_len_q, seq_len_k, 1, n_heads]`, broadcasting over the batch.
    """

    # Positions of the queries, `[seq_len_q, 1]`, and of the keys, `[1, seq_len_k]`
    i = torch.arange(seq_len_k - seq_len_q, seq_len_k)[:, None]
    j = torch.arange(seq_len_k)[None, :]
    # Distances $\lvert i - j \rvert$, `[seq_len_q, seq_len_k]`
    distance = (i - j).abs().to(torch.float32)
    # $-m_h \cdot \lvert i - j \rvert$, `[seq_len_q, seq_len_k, 1, n_heads]`
    return -distance[:, :, None, None] * get_slopes(n_heads)[None, None, None, :]


class AlibiMultiHeadAttention(MultiHeadAttention):
    r"""
    <a id="AlibiMHA"></a>

    ## Attention with linear biases

    A subclass of [`MultiHeadAttention`](../mha.html#MHA) that only replaces
    [`get_scores`](../mha.html#MHA), adding the biases to $q_i^\top k_j$.
    The [forward pass](../mha.html#MHA) multiplies the scores by $\frac{1}{\sqrt{d_k}}$ after
    `get_scores`, so the biases are divided by that scale here, and after the scaling the score is
    $\frac{q_i^\top k_j}{\sqrt{d_k}} - m_h \cdot (i - j)$, as in the paper.
    """

    def __init__(self, heads: int, d_model: int, dropout_prob: float = 0.1, bias: bool = True):
        """
        * `heads` is the number of heads.
        * `d_model` is the number of features in the `query`, `key` and `value` vectors.
        """
        super().__init__(heads, d_model, dropout_prob, bias=bias)
        # The biases, computed for the sequence lengths of the first call and recomputed when they change.
        # A buffer, so that `.to(device)` moves them with the module; not saved with the model
        # (`persistent=False`), since they are fixed
        self.register_buffer('alibi_biases', None, persistent=False)

    def get_scores(self, query: torch.Tensor, key: torch.Tensor):
        r"""
        ### Scores with linear biases

        `query` has shape `[seq_len_q, batch_size, heads, d_k]` and `key`
        `[seq_len_k, batch_size, heads, d_k]`; the result has shape
        `[seq_len_q, seq_len_k, batch_size, heads]`.
        """

        # The biases for these lengths, `[seq_len_q, seq_len_k, 1, heads]`, on the device of the query;
        # kept in `float32` even if the module was converted to a lower precision,
        # where a distance of a thousand times a slope would be rounded
        shape = (query.shape[0], key.shape[0])
        biases = self.alibi_biases
        if (biases is None or biases.shape[:2] != shape or biases.device != query.device
                or biases.dtype != torch.float32):
            self.alibi_biases = get_alibi_biases(self.heads, *shape).to(query.device)
        # $q_i^\top k_j$, `[seq_len_q, seq_len_k, batch_size, heads]`
        scores = torch.einsum('ibhd,jbhd->ijbh', query, key)
        # $q_i^\top k_j - \sqrt{d_k} \cdot m_h \cdot (i - j)$, which the scaling turns into the paper's score,
        # `[seq_len_q, seq_len_k, batch_size, heads]`
        return scores + self.alibi_biases.to(scores.dtype) / self.scale


class TokenEmbeddings(nn.Module):
    r"""
    <a id="TokenEmbeddings"></a>

    ## Token embeddings without positions

    $$\mathop{Dropout}\big(\mathop{Embed}(x_p) \sqrt{d_{model}}\big)$$

    The embeddings of ALiBi, and of the other schemes that put the positions into attention
    ([relative](../xl/index.html#RelativeMHA) and [rotary](../rope/index.html#RotaryMHA)):
    the [embeddings of the basic transformer](../models.html#EmbeddingsWithPositionalEncoding),
    initialized and scaled the same way, without the positional encodings. Any sequence length works.
    """

    def __init__(self, d_model: int, n_vocab: int, dropout_prob: float = 0.0):
        """
        * `d_model` is the number of features in an embedding
        * `n_vocab` is the size of the vocabulary
        * `dropout_prob` is the dropout probability applied to the embeddings
        """
        super().__init__()
        # Token embeddings, with the name they have in the basic transformer's embeddings,
        # initialized from $\mathcal{N}(0, \frac{1}{d_{model}})$
        self.linear = nn.Embedding(n_vocab, d_model)
        nn.init.normal_(self.linear.weight, std=d_model ** -0.5)
        # Dropout
        self.dropout = nn.Dropout(dropout_prob)
        #
        self.d_model = d_model

    def forward(self, x: torch.Tensor):
        """
        `x` holds token indexes of shape `[seq_len, batch_size]`;
        the result has shape `[seq_len, batch_size, d_model]`.
        """
        #
        return self.dropout(self.linear(x) * math.sqrt(self.d_model))
