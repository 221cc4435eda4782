r"""
---
title: Rotary Positional Embeddings (RoPE)
summary: >
  A PyTorch implementation with explanations of Rotary Positional Embeddings (RoPE):
  queries and keys are rotated by their positions, so that attention scores depend only on
  relative positions.
---

# Rotary Positional Embeddings (RoPE)

This is an implementation of the rotary positional embeddings of the paper
[RoFormer: Enhanced Transformer with Rotary Position Embedding](https://arxiv.org/abs/2104.09864)
by Jianlin Su, Yu Lu, Shengfeng Pan, Ahmed Murtadha, Bo Wen and Yunfeng Liu (2021).

[Multi-head attention](../mha.html) compares a query $q$ and a key $k$ by their dot product.
The [basic transformer](../models.html#EmbeddingsWithPositionalEncoding) puts the positions into the
embeddings; RoPE puts them into the queries and keys instead, right before the dot product, by
*rotating* them: the query at position $m$ is rotated by an angle proportional to $m$, the key at
position $n$ by an angle proportional to $n$, and the dot product of two rotated vectors only sees the
difference of the angles.

### Rotating pairs of features

The $d$ features are taken in pairs $(x^{(2i)}, x^{(2i+1)})$, $i = 0, \dots, \frac{d}{2} - 1$,
and each pair is rotated in its plane by the angle $m \theta_i$, with
$\theta_i = 10000^{-2i/d}$, the frequencies of the [sinusoidal encodings](../positional_encoding.html):
$$\mathop{RoPE}\big(x^{(2i)}_m, x^{(2i+1)}_m, m\big) =
\begin{pmatrix}
\cos m \theta_i & -\sin m \theta_i \\
\sin m \theta_i & \cos m \theta_i
\end{pmatrix}
\begin{pmatrix}
x^{(2i)}_m \\
x^{(2i+1)}_m
\end{pmatrix}$$
A rotation keeps the length of each pair, so $\lVert \mathop{RoPE}(x, m) \rVert = \lVert x \rVert$,
and at position $m = 0$ it is the identity.

### The score depends only on $m - n$

Write a pair as a complex number, $x^{(2i)} + \mathrm{i}\, x^{(2i+1)}$; the rotation is the product
with $e^{\mathrm{i} m \theta_i}$, and the dot product of two pairs is the real part of one times the
conjugate of the other. For the query $q$ at position $m$ and the key $k$ at position $n$,
$$\begin{aligned}
\Big\langle \mathop{RoPE}(q, m), \mathop{RoPE}(k, n) \Big\rangle
&= \sum_i \mathop{Re}\Big[\big(q^{(i)} e^{\mathrm{i} m \theta_i}\big)
\overline{\big(k^{(i)} e^{\mathrm{i} n \theta_i}\big)}\Big] \\
&= \sum_i \mathop{Re}\Big[q^{(i)} \overline{k^{(i)}} e^{\mathrm{i} (m - n) \theta_i}\Big] \\
&= \Big\langle \mathop{RoPE}(q, m - n), k \Big\rangle
\end{aligned}$$
where $q^{(i)} = q^{(2i)} + \mathrm{i}\, q^{(2i+1)}$.
The score is a function of the contents $q$, $k$ and of the relative position $m - n$ only:
shifting both positions by the same amount changes nothing.
Unlike [relative attention](../xl/index.html) this needs no new parameters and no matrix of
distances; and unlike [ALiBi](../alibi/index.html) it does not say that far is worse, it lets each
pair of features see the distance at its own frequency.

### Long-term decay

The paper (section 3.4.3) shows that with these $\theta_i$ the score *tends* to fall as the distance grows.
With $h_i = q^{(i)} \overline{k^{(i)}}$ and the partial sums $S_j = \sum_{i=0}^{j-1} e^{\mathrm{i} (m - n) \theta_i}$,
$S_0 = 0$ and $h_{d/2} = 0$, summing by parts (Abel's transformation) gives
$$\sum_{i=0}^{d/2-1} h_i e^{\mathrm{i} (m - n) \theta_i} = -\sum_{i=0}^{d/2-1} S_{i+1} (h_{i+1} - h_i)
\quad\text{so}\quad
\Big\lvert \sum_{i} h_i e^{\mathrm{i} (m - n) \theta_i} \Big\rvert
\le \Big(\max_i \lvert h_{i+1} - h_i \rvert\Big) \sum_{j=1}^{d/2} \lvert S_j \rvert$$
The factor $\frac{2}{d} \sum_{j=1}^{d/2} \lvert S_j \rvert$, computed by
[`long_term_decay`](#long_term_decay), falls as $\lvert m - n \rvert$ grows, from $\frac{d / 2 + 1}{2}$ at
distance $0$:

| distance | 0 | 1 | 4 | 16 | 64 | 128 | 256 |
| --- | --- | --- | --- | --- | --- | --- | --- |
| $d = 128$ | 32.50 | 31.54 | 22.60 | 15.77 | 10.09 | 9.27 | 6.54 |
| $d = 16$ | 4.50 | 4.24 | 2.56 | 1.81 | 3.63 | 1.81 | 1.80 |

It is a bound, not the score: a query and a key whose $h_i$ change little from one pair to the next
can still score high far apart. And it decays in the mean, not at every distance; with the $16$ features
of a head of [the comparison's](../positions/index.html) model it is far from monotonic
(higher at $64$ than at $16$). Features that are not rotated ([below](#partial-rotation)) add a term that
does not decay at all.

<a id="partial-rotation"></a>

### Partial rotation

The paper rotates every feature. Some models rotate only the first part of the features of each head
and leave the rest as they are (GPT-NeoX rotates a quarter); the features that are left alone can match
by content at any distance, whatever the position.
`rope_percentage` is that part, $1$ (all, the paper's) by default.
[The comparison](../positions/index.html) trains both: `rotary` rotates all features,
`rotary_half` half of them. There, on a small model, the two are as good at the training length,
but only the half-rotated one keeps its loss on sequences four times as long;
the fully rotated one gets worse than a bigram model before twice the training length.

Related pages: [multi-head attention](../mha.html), which this builds on;
[relative multi-head attention](../xl/index.html), [attention with linear biases](../alibi/index.html),
and [the comparison of all of them](../positions/index.html) on Tiny Shakespeare.
"""

import torch

from labml_nn.transformers.mha import MultiHeadAttention


def long_term_decay(distances: torch.Tensor, d: int, base: int = 10_000) -> torch.Tensor:
    r"""
    <a id="long_term_decay"></a>

    ### The paper's bound on the score, by distance

    $\frac{2}{d} \sum_{j=1}^{d/2} \lvert S_j \rvert$ with $S_j = \sum_{i=0}^{j-1} e^{\mathrm{i} \delta \theta_i}$
    for each distance $\delta$ in `distances`, a 1-dimensional tensor; `d` is the number of rotated features.
    Returns a tensor of the same length.
    """

    # $\theta_i = 10000^{-2i/d}$, `[d / 2]`
    theta = base ** -(torch.arange(0, d, 2, dtype=torch.float64) / d)
    # $\delta \theta_i$, `[len(distances), d / 2]`
    angles = distances.to(torch.float64)[:, None] * theta[None, :]
    # $e^{\mathrm{i} \delta \theta_i}$, and the partial sums $S_1, \dots, S_{d/2}$, `[len(distances), d / 2]`
    s = torch.polar(torch.ones_like(angles), angles).cumsum(dim=-1)
    # $\frac{2}{d} \sum_j \lvert S_j \rvert$, `[len(distances)]`
    return s.abs().mean(dim=-1)


class RotaryPositionalEmbeddings(torch.nn.Module):
    r"""
    <a id="RotaryPositionalEmbeddings"></a>

    ## RoPE module

    Rotates the first `d` features of each vector by its position.
    """

    def __init__(self, d: int, base: int = 10_000):
        r"""
        * `d` is the number of features to rotate; it must be even
        * `base` is the $10000$ in $\theta_i = 10000^{-2i/d}$
        """
        super().__init__()
        # The features are rotated in pairs
        if d % 2 != 0:
            raise ValueError(f'RoPE rotates pairs of features; the number of features to rotate, {d}, is odd')
        #
        self.d = d
        self.base = base

    def forward(self, x: torch.Tensor, offset: int = 0):
        r"""
        * `x` has shape `[seq_len, batch_size, heads, d_k]`, with $d_k \ge d$
        * `offset` is the position of the first vector, $m$ of `x[0]`

        Returns a tensor of the same shape, with the first `d` features of each vector rotated.
        """

        #
        seq_len = x.shape[0]
        # $\theta_i = 10000^{-2i/d}$ for $i = 0, \dots, \frac{d}{2} - 1$, `[d / 2]`.
        # The angles are computed in double precision on the CPU, whatever the precision of `x`:
        # in `float32` the angle of position $4000$ would be off by about $2 \cdot 10^{-4}$
        theta = self.base ** -(torch.arange(0, self.d, 2, dtype=torch.float64) / self.d)
        # Positions $m$, `[seq_len]`
        m = torch.arange(offset, offset + seq_len, dtype=torch.float64)
        # The angles $m \theta_i$, `[seq_len, 1, 1, d / 2]`, broadcasting over the batch and the heads
        angles = (m[:, None] * theta[None, :])[:, None, None, :]
        # $\cos m \theta_i$ and $\sin m \theta_i$, `[seq_len, 1, 1, d / 2]`,
        # on the device and in the precision of `x`
        cos = angles.cos().to(x.device, x.dtype)
        sin = angles.sin().to(x.device, x.dtype)

        # The features to rotate, `[seq_len, batch_size, heads, d]`, and the ones to pass through,
        # `[seq_len, batch_size, heads, d_k - d]`
        x_rope, x_pass = x[..., :self.d], x[..., self.d:]
        # The pairs, $x^{(2i)}$ and $x^{(2i+1)}$, each `[seq_len, batch_size, heads, d / 2]`
        x_even, x_odd = x_rope[..., 0::2], x_rope[..., 1::2]
        # The rotation, each `[seq_len, batch_size, heads, d / 2]`,
        # $\big(x^{(2i)} \cos m \theta_i - x^{(2i+1)} \sin m \theta_i,\;
        # x^{(2i)} \sin m \theta_i + x^{(2i+1)} \cos m \theta_i\big)$
        rotated_even = x_even * cos - x_odd * sin
        rotated_odd = x_even * sin + x_odd * cos
        # Interleave the pairs again, `[seq_len, batch_size, heads, d]`
        rotated = torch.stack([rotated_even, rotated_odd], dim=-1).flatten(-2)

        # `[seq_len, batch_size, heads, d_k]`
        return torch.cat([rotated, x_pass], dim=-1)


class RotaryMultiHeadAttention(MultiHeadAttention):
    """
    <a id="RotaryMHA"></a>

    ## Multi-head attention with rotary positional embeddings

    A subclass of [`MultiHeadAttention`](../mha.html#MHA) that only replaces
    [`get_scores`](../mha.html#MHA): the queries and the keys are rotated before their dot products.
    The values are not rotated; positions only decide how much each value counts.
    """

    def __init__(self, heads: int, d_model: int, dropout_prob: float = 0.1, bias: bool = True,
                 rope_percentage: float = 1.0):
        """
        * `heads` is the number of heads.
        * `d_model` is the number of features in the `query`, `key` and `value` vectors.
        * `rope_percentage` is the fraction of the features of each head to rotate,
          all of them ($1$) as in the paper by default
        """
        super().__init__(heads, d_model, dropout_prob, bias=bias)
        # The number of features to rotate, rounded down to an even number
        d_rope = int(self.d_k * rope_percentage) // 2 * 2
        # The same rotation for queries and keys
        self.rope = RotaryPositionalEmbeddings(d_rope)

    def get_scores(self, query: torch.Tensor, key: torch.Tensor):
        r"""
        ### Scores of the rotated queries and keys

        `query` has shape `[seq_len_q, batch_size, heads, d_k]` and `key`
        `[seq_len_k, batch_size, heads, d_k]`.
        When the keys are longer (a memory before the queries), the queries are the last positions.
        """

        # The first query is at position $seq\_len_k - seq\_len_q$
        offset = key.shape[0] - query.shape[0]
        # $\big\langle \mathop{RoPE}(q, m), \mathop{RoPE}(k, n) \big\rangle$,
        # `[seq_len_q, seq_len_k, batch_size, heads]`
        return torch.einsum('ibhd,jbhd->ijbh', self.rope(query, offset), self.rope(key))
