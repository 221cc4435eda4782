r"""
---
title: Multi-Headed Attention with a Fused Kernel
summary: >
  Multi-headed attention that computes the same function as the annotated einsum implementation,
  with PyTorch's fused scaled_dot_product_attention: as fast as PyTorch's own layers,
  but without the attention weights.
---

# Multi-Headed Attention with a Fused Kernel

The [multi-headed attention page](mha.html) computes attention step by step,
$$\mathop{Attention}(Q, K, V) = \underset{seq}{\mathop{softmax}}\Bigg(\frac{Q K^\top}{\sqrt{d_k}}\Bigg)V$$
with each intermediate result a tensor of its own:
the scores $\frac{Q K^\top}{\sqrt{d_k}}$, the masked scores, the softmax and its dropout
each have shape `[seq_len, seq_len, batch_size, heads]`, and they are kept for the backward pass.
In the reference configuration of the [experiment](basic/autoregressive_experiment.html)
($512$ characters, batches of $16$, $16$ heads) each of them has $67$ million numbers,
$256$ MiB in `float32`, in each of the $6$ layers.
That is the code to read; this page is the code to train with.

[`torch.nn.functional.scaled_dot_product_attention`](https://pytorch.org/docs/stable/generated/torch.nn.functional.scaled_dot_product_attention.html)
computes the same function in one fused kernel
(FlashAttention on recent GPUs, a blocked kernel on CPUs).
It goes through the keys a block at a time, keeping for each query a running maximum and
a running sum of the exponentials (an *online softmax*), so the `[seq_len, seq_len]`
matrix never exists in memory; the backward pass recomputes the blocks it needs.
With a causal mask it skips the blocks above the diagonal, about half the work.
The CPU kernel has no dropout: when training with dropout on a CPU, PyTorch computes the
weights explicitly instead, in C++ and in the layout its matrix multiplications prefer,
which is still faster than the einsum code, and is what PyTorch's own layers do too.

What it does not keep are the attention weights: there is no `attn` to look at or to log.
When you want them, use [`MultiHeadAttention`](mha.html#MHA)
(`--attention explicit` in the experiment).

The class below is a subclass of [`MultiHeadAttention`](mha.html#MHA) that only replaces `forward`,
so it has the same projections with the same parameter names,
and a state dict saved from one loads into the other.
"""

from typing import Optional

import torch
import torch.nn.functional as F

from .mha import MultiHeadAttention


def is_causal_mask(mask: torch.Tensor, seq_len_q: int, seq_len_k: int) -> bool:
    """
    <a id="is_causal_mask"></a>

    ### Is this the causal mask?

    Whether `mask` is the [subsequent mask](utils.html#subsequent_mask),
    of shape `[seq_len, seq_len, 1]` and `True` on and below the diagonal.
    The fused kernel applies that mask itself, without reading it, when called with `is_causal=True`.
    PyTorch's own `nn.TransformerEncoder` recognizes causal masks the same way.

    Under [`torch.compile`](https://pytorch.org/docs/stable/generated/torch.compile.html)
    the answer is always `False`: reading the mask's values to decide would break the compiled graph
    in every layer, so the compiled model passes the mask to the kernel as it is, which gives the same result.
    """

    # Do not look at the values while compiling
    if torch.compiler.is_compiling():
        return False

    # It must be square and the same for the whole batch
    if seq_len_q != seq_len_k or tuple(mask.shape) != (seq_len_q, seq_len_k, 1):
        return False
    # A lower triangular matrix of `True`, the diagonal included, `[seq_len, seq_len]`
    causal = torch.ones(seq_len_q, seq_len_k, dtype=torch.bool, device=mask.device).tril()
    # Compare it with the mask, where any non-zero value means *may attend*
    return torch.equal(mask[:, :, 0] != 0, causal)


class FastMultiHeadAttention(MultiHeadAttention):
    """
    <a id="FastMHA"></a>

    ## Multi-Head Attention with `scaled_dot_product_attention`

    Takes the same arguments as [`MultiHeadAttention`](mha.html#MHA)
    and computes the same function.
    Dropout is applied to the attention weights inside the kernel, with the same probability,
    but it draws other random numbers, so in training mode the two classes agree only
    in distribution; in evaluation mode they agree to rounding.
    `attn` stays `None` and `debug` logs nothing, since no attention weights are computed.
    """

    def forward(self, *,
                query: torch.Tensor,
                key: torch.Tensor,
                value: torch.Tensor,
                mask: Optional[torch.Tensor] = None):
        """
        `query`, `key` and `value` have shape `[seq_len, batch_size, d_model]`.

        `mask` has shape `[seq_len, seq_len, batch_size]`, with $1$ allowed in the first
        and the last dimensions to broadcast, and `mask[i, j, b]` indicates whether
        for batch `b`, query at position `i` has access to key-value at position `j`.
        """

        # `query` has shape `[seq_len, batch_size, d_model]`
        seq_len, batch_size, _ = query.shape

        # The causal mask is applied by the kernel itself
        is_causal = mask is not None and is_causal_mask(mask, query.shape[0], key.shape[0])
        # Any other mask is given to the kernel as booleans, `True` where attention is allowed
        attn_mask = None
        if mask is not None and not is_causal:
            # Check the shape, as `MultiHeadAttention` does, and add the heads dimension:
            # `[seq_len_q, seq_len_k, batch_size, 1]`
            mask = self.prepare_mask(mask, query.shape, key.shape)
            # The kernel wants the batch and heads first, `[batch_size, 1, seq_len_q, seq_len_k]`
            attn_mask = mask.permute(2, 3, 0, 1) != 0

        # The same projections as `MultiHeadAttention`, `[seq_len, batch_size, heads, d_k]`,
        # seen as `[batch_size, heads, seq_len, d_k]`, the layout the kernel works in.
        # `permute` only changes the strides, nothing is copied;
        # this is the layout PyTorch's own `nn.MultiheadAttention` hands to the kernel.
        query = self.query(query).permute(1, 2, 0, 3)
        key = self.key(key).permute(1, 2, 0, 3)
        value = self.value(value).permute(1, 2, 0, 3)

        # $$\underset{seq}{softmax}\Bigg(\frac{Q K^\top}{\sqrt{d_k}}\Bigg)V$$
        # in one kernel, with dropout on the attention weights while training.
        # The result has shape `[batch_size, heads, seq_len, d_k]`
        x = F.scaled_dot_product_attention(query, key, value,
                                           attn_mask=attn_mask,
                                           dropout_p=self.dropout.p if self.training else 0.0,
                                           is_causal=is_causal,
                                           scale=self.scale)

        # Back to `[seq_len, batch_size, heads, d_k]`, and concatenate the heads
        # into `[seq_len, batch_size, d_model]`
        x = x.permute(2, 0, 1, 3).reshape(seq_len, batch_size, -1)

        # Output layer
        return self.output(x)
