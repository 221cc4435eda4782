r"""
---
title: Root Mean Square Layer Normalization (RMSNorm)
summary: >
  A PyTorch implementation of RMSNorm, layer normalization without the mean,
  written out line by line.
---

# Root Mean Square Layer Normalization (RMSNorm)

This is a PyTorch implementation of RMSNorm from the paper
[Root Mean Square Layer Normalization](https://arxiv.org/abs/1910.07467)
by Biao Zhang and Rico Sennrich (2019).

### What it changes

[Layer normalization](../layer_norm/index.html) does two things to an example's features:
it centres them (subtracts their mean $\mu$) and rescales them (divides by their standard deviation).
The paper argues that the rescaling is what matters, the invariance to the scale of the inputs
and of the weights, and drops the centring.
For the features $a_1, \dots, a_n$ of an example,

$$\mathop{RMS}(a) = \sqrt{\frac{1}{n} \sum_{i=1}^{n} a_i^2}
\qquad
\bar{a}_i = \frac{a_i}{\mathop{RMS}(a)}\, g_i$$

with a learned gain $g_i$ and, usually, no bias.
Without the mean it is a little cheaper (the paper reports 7% to 64% less time than
layer normalization in its models), and it is invariant to rescaling the inputs,
$\mathop{RMSNorm}(\lambda a) = \mathop{RMSNorm}(a)$ for $\lambda > 0$,
but not to shifting them.
When the features have zero mean, $\mathop{RMS}(a)$ is their standard deviation and RMSNorm is
layer normalization.

Here $\epsilon$ goes inside the root, $\sqrt{\frac{1}{n} \sum_i a_i^2 + \epsilon}$, as in
`torch.nn.RMSNorm` and most implementations; the paper's code adds it to the root instead,
which differs only for features with a root mean square near $\sqrt{\epsilon}$.
The paper also has *partial* RMSNorm (pRMSNorm), which estimates the root mean square from the first
few percent of the features; it is not implemented here.
"""

from typing import List, Union

import torch
from torch import nn


class RMSNorm(nn.Module):
    r"""
    <a id="RMSNorm"></a>

    ## RMSNorm Layer

    It normalizes over the last dimensions of the input, those of `normalized_shape`,
    like [layer normalization](../layer_norm/index.html#LayerNorm).
    """

    def __init__(self, normalized_shape: Union[int, List[int], torch.Size], *,
                 eps: float = 1e-6,
                 elementwise_affine: bool = True,
                 bias: bool = False):
        r"""
        * `normalized_shape` is the shape $S$ of the elements, the last dimensions of the input
        * `eps` is $\epsilon$, used in $\sqrt{\frac{1}{n} \sum_i a_i^2 + \epsilon}$ for numerical stability
        * `elementwise_affine` is whether to scale the normalized value by a gain $g$
        * `bias` is whether to add a learned bias too (the paper's equation 4 has one;
          most uses leave it out)
        """
        super().__init__()

        # An integer is the size of the last dimension
        if isinstance(normalized_shape, int):
            normalized_shape = torch.Size([normalized_shape])
        self.normalized_shape = torch.Size(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        # The gain $g$, of shape $S$, starting at $1$
        if elementwise_affine:
            self.gain = nn.Parameter(torch.ones(normalized_shape))
        # The bias, of shape $S$, starting at $0$, if asked for
        self.bias = nn.Parameter(torch.zeros(normalized_shape)) if bias else None

    def forward(self, x: torch.Tensor):
        """
        `x` is a tensor of shape `[*, S[0], S[1], ..., S[n]]`;
        the result has the same shape.
        """

        # The last dimensions of the input must be $S$
        assert self.normalized_shape == x.shape[-len(self.normalized_shape):]

        # The dimensions to normalize over, the last ones
        dims = [-(i + 1) for i in range(len(self.normalized_shape))]

        # $\frac{1}{n} \sum_i a_i^2$, of shape `[*, 1, 1, ..., 1]`; no mean is subtracted
        mean_square = (x ** 2).mean(dim=dims, keepdim=True)
        # $\bar{a}_i = \frac{a_i}{\sqrt{\frac{1}{n} \sum_i a_i^2 + \epsilon}}$
        x_norm = x / torch.sqrt(mean_square + self.eps)
        # $\bar{a}_i\, g_i$
        if self.elementwise_affine:
            x_norm = x_norm * self.gain
        # $+ b_i$
        if self.bias is not None:
            x_norm = x_norm + self.bias

        #
        return x_norm
