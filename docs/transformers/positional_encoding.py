r"""
---
title: Fixed Positional Encodings
summary: >
  Implementation with explanation of fixed positional encodings as described
  in the paper Attention is All You Need.
---

# Fixed Positional Encodings

[Attention](mha.html) by itself has no notion of order:
permuting the keys and values permutes nothing in the result.
So the transformer of the paper
[Attention Is All You Need](https://arxiv.org/abs/1706.03762)
adds a vector that depends on the position to each token embedding.

The positional encoding encodes the position along the sequence into
 a vector of size `d_model`.

$$PE_{p,2i} = \sin\Bigg(\frac{p}{10000^{\frac{2i}{d_{model}}}}\Bigg)$$

$$PE_{p,2i + 1} = \cos\Bigg(\frac{p}{10000^{\frac{2i}{d_{model}}}}\Bigg)$$

where $0 \leq 2i, 2i + 1 < d_{model}$
 are the feature indexes in the encoding, and $p$ is the position (counted from $0$).

Each pair of features $(2i, 2i + 1)$ is a sine and cosine of the same frequency,
and the wavelengths form a geometric progression from $2\pi$ to $10000 \cdot 2\pi$.
Because of that, $PE_{p + k}$ is a linear function (a rotation of each pair) of $PE_p$
for any fixed offset $k$, which the paper hypothesized makes it easy for the model
to attend by relative positions.

The encodings are fixed, not learned; the [models](models.html#EmbeddingsWithPositionalEncoding)
add them to the token embeddings, and also offer a
[learned alternative](models.html#EmbeddingsWithLearnedPositionalEncoding).
"""

import math

import torch
from torch import nn


class PositionalEncoding(nn.Module):
    """
    <a id="PositionalEncoding"></a>

    ## Add fixed positional encodings

    This module adds the fixed positional encodings to a sequence of embeddings
    of shape `[seq_len, batch_size, d_model]` and applies dropout to the sum.
    """

    def __init__(self, d_model: int, dropout_prob: float, max_len: int = 5000):
        """
        * `d_model` is the number of features in the embeddings
        * `dropout_prob` is the dropout probability applied after adding the encodings
        * `max_len` is the longest sequence that can be encoded
        """
        super().__init__()
        # Dropout
        self.dropout = nn.Dropout(dropout_prob)

        # The encodings are registered as a buffer, not a parameter:
        # they are not trained, but move with the module to the device and dtype it is sent to.
        # They are not saved in the `state_dict` (`persistent=False`) since they can always be recomputed.
        self.register_buffer('positional_encodings', get_positional_encoding(d_model, max_len), False)

    def forward(self, x: torch.Tensor):
        """
        `x` has shape `[seq_len, batch_size, d_model]`
        """

        # Sequence length
        seq_len = x.shape[0]
        # The buffer holds `max_len` positions only
        if seq_len > self.positional_encodings.shape[0]:
            raise ValueError(f'sequence length {seq_len} is longer than max_len '
                             f'{self.positional_encodings.shape[0]} of the positional encodings')
        # Encodings for the first `seq_len` positions, of shape `[seq_len, 1, d_model]`;
        # they broadcast across the batch
        pe = self.positional_encodings[:seq_len].detach()
        # Add the encodings
        x = x + pe
        # Apply dropout
        x = self.dropout(x)
        #
        return x


def get_positional_encoding(d_model: int, max_len: int = 5000) -> torch.Tensor:
    r"""
    <a id="get_positional_encoding"></a>

    ## Compute the positional encodings

    Returns a tensor of shape `[max_len, 1, d_model]` with
    $PE_{p,2i} = \sin\big(p / 10000^{2i/d_{model}}\big)$ and
    $PE_{p,2i+1} = \cos\big(p / 10000^{2i/d_{model}}\big)$.
    The middle dimension of size $1$ broadcasts over the batch.
    """

    # Empty encodings vectors
    encodings = torch.zeros(max_len, d_model)
    # Position indexes $p$, of shape `[max_len, 1]`
    position = torch.arange(0, max_len, dtype=torch.float32).unsqueeze(1)
    # $2i$, the even feature indexes
    two_i = torch.arange(0, d_model, 2, dtype=torch.float32)
    # $10000^{-\frac{2i}{d_{model}}}$, computed as $\exp\big(-\frac{2i}{d_{model}} \log 10000\big)$
    # for numerical stability
    div_term = torch.exp(two_i * -(math.log(10000.0) / d_model))
    # $PE_{p,2i} = \sin\Bigg(\frac{p}{10000^{\frac{2i}{d_{model}}}}\Bigg)$
    encodings[:, 0::2] = torch.sin(position * div_term)
    # $PE_{p,2i + 1} = \cos\Bigg(\frac{p}{10000^{\frac{2i}{d_{model}}}}\Bigg)$.
    # When `d_model` is odd there is one fewer odd feature than even ones,
    # so the last frequency is dropped.
    encodings[:, 1::2] = torch.cos(position * div_term[:d_model // 2])

    # Add batch dimension, giving shape `[max_len, 1, d_model]`
    encodings = encodings.unsqueeze(1).requires_grad_(False)

    #
    return encodings
