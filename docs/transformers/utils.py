"""
---
title: Transformer Utilities
summary: >
  A subsequent (causal) mask for autoregressive attention,
  and a helper that clones a module into a list of layers.
---

# Transformer Utilities

Small helpers shared by the [transformer models](models.html)
and the [autoregressive experiment](basic/autoregressive_experiment.html).
"""

import copy

import torch
from torch import nn


def subsequent_mask(seq_len: int) -> torch.Tensor:
    r"""
    <a id="subsequent_mask"></a>

    ## Subsequent mask to mask out data from future (subsequent) time steps

    An autoregressive model predicts the token at position $i + 1$ from the tokens
    at positions $0 \dots i$, so while training on a whole sequence at once, a query at
    position $i$ must not see the keys at positions $j > i$.

    Returns a boolean tensor of shape `[seq_len, seq_len, 1]`
    that is `True` at `[i, j, 0]` when the query at position `i`
    may attend to the key at position `j`, that is, when $j \le i$.
    This is the `[seq_len_q, seq_len_k, batch_size]` layout that
    [multi-head attention](mha.html#MHA) expects;
    the last dimension of size $1$ broadcasts over the batch.

    For `seq_len = 3` the mask (without the last dimension) is

    ```
    [[ True, False, False],
     [ True,  True, False],
     [ True,  True,  True]]
    ```
    """

    # A lower triangular matrix of ones, the diagonal included, of shape `[seq_len, seq_len]`
    mask = torch.tril(torch.ones(seq_len, seq_len))
    # Convert to booleans and add the batch dimension, giving `[seq_len, seq_len, 1]`
    mask = mask.to(torch.bool).unsqueeze(-1)
    #
    return mask


def clone_module_list(module: nn.Module, n: int) -> nn.ModuleList:
    """
    <a id="clone_module_list"></a>

    ## Clone a module $n$ times

    Returns a `ModuleList` of `n` deep copies of `module`.
    The copies have the same initial values but do not share parameters,
    which is how the [encoder](models.html#Encoder) and the
    [decoder](models.html#Decoder) stack identical layers.
    """
    #
    return nn.ModuleList([copy.deepcopy(module) for _ in range(n)])
