r"""
---
title: Layer Normalization
summary: >
  A PyTorch implementation of layer normalization, which normalizes each example over its features,
  written out line by line.
---

# Layer Normalization

This is a PyTorch implementation of layer normalization from the paper
[Layer Normalization](https://arxiv.org/abs/1607.06450)
by Jimmy Lei Ba, Jamie Ryan Kiros and Geoffrey E. Hinton (2016).

### What it changes

[Batch normalization](../batch_norm/index.html) normalizes each feature over the batch.
That makes an example's output depend on the rest of its batch, needs moving averages for evaluation,
suffers with small batches, and is awkward for recurrent networks, where each time step would need
its own statistics, and for sequences of different lengths.

Layer normalization normalizes each example over its own features instead.
For an example whose normalized features are $x_1, \dots, x_H$ (the last dimensions of the
input, `normalized_shape`),

$$\mu = \frac{1}{H} \sum_{i=1}^{H} x_i
\qquad
\sigma^2 = \frac{1}{H} \sum_{i=1}^{H} \big(x_i - \mu\big)^2$$

$$y_i = \gamma_i \frac{x_i - \mu}{\sqrt{\sigma^2 + \epsilon}} + \beta_i$$

with a learned gain $\gamma_i$ and bias $\beta_i$ for each feature, this time.
Nothing depends on the batch, so training and evaluation compute the same thing,
and there are no statistics to keep.
It is the normalization of [transformers](../../transformers/models.html): each token's vector
is normalized over its $d_{model}$ features.
[DeepNorm](../deep_norm/index.html) is about where it goes in a deep transformer,
and [RMSNorm](../rms_norm/index.html) drops its mean.
"""

from typing import List, Union

import torch
from torch import nn


class LayerNorm(nn.Module):
    r"""
    <a id="LayerNorm"></a>

    ## Layer Normalization Layer

    It normalizes over the last dimensions of the input, those of `normalized_shape`:
    for a transformer, `[seq_len, batch_size, d_model]` with `normalized_shape = [d_model]`;
    for images, `[batch_size, channels, height, width]` with
    `normalized_shape = [channels, height, width]`.
    """

    def __init__(self, normalized_shape: Union[int, List[int], torch.Size], *,
                 eps: float = 1e-5,
                 elementwise_affine: bool = True):
        r"""
        * `normalized_shape` is the shape $S$ of the elements, the last dimensions of the input
        * `eps` is $\epsilon$, used in $\sqrt{Var[x] + \epsilon}$ for numerical stability
        * `elementwise_affine` is whether to scale and shift the normalized value by $\gamma$ and $\beta$

        The defaults are those of `torch.nn.LayerNorm`.
        """
        super().__init__()

        # An integer is the size of the last dimension
        if isinstance(normalized_shape, int):
            normalized_shape = torch.Size([normalized_shape])
        self.normalized_shape = torch.Size(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        # The gain $\gamma$ and bias $\beta$, one for each element, of shape $S$,
        # starting as the identity
        if self.elementwise_affine:
            self.gain = nn.Parameter(torch.ones(normalized_shape))
            self.bias = nn.Parameter(torch.zeros(normalized_shape))

    def forward(self, x: torch.Tensor):
        """
        `x` is a tensor of shape `[*, S[0], S[1], ..., S[n]]`, where `*` is any number of
        leading dimensions, such as `[seq_len, batch_size]`;
        the result has the same shape.
        """

        # The last dimensions of the input must be $S$
        assert self.normalized_shape == x.shape[-len(self.normalized_shape):]

        # The dimensions to normalize over, the last ones
        dims = [-(i + 1) for i in range(len(self.normalized_shape))]

        # $\mu = \frac{1}{H} \sum_i x_i$, of shape `[*, 1, 1, ..., 1]`
        mean = x.mean(dim=dims, keepdim=True)
        # $\sigma^2 = \frac{1}{H} \sum_i \big(x_i - \mu\big)^2$, of shape `[*, 1, 1, ..., 1]`
        var = ((x - mean) ** 2).mean(dim=dims, keepdim=True)
        # $\hat{x}_i = \frac{x_i - \mu}{\sqrt{\sigma^2 + \epsilon}}$
        x_norm = (x - mean) / torch.sqrt(var + self.eps)
        # $y_i = \gamma_i \hat{x}_i + \beta_i$; $\gamma$ and $\beta$ broadcast over the leading dimensions
        if self.elementwise_affine:
            x_norm = self.gain * x_norm + self.bias

        #
        return x_norm
