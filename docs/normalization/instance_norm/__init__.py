r"""
---
title: Instance Normalization
summary: >
  A PyTorch implementation of instance normalization, which normalizes each channel of each image
  over its positions, written out line by line.
---

# Instance Normalization

This is a PyTorch implementation of instance normalization from the paper
[Instance Normalization: The Missing Ingredient for Fast Stylization](https://arxiv.org/abs/1607.08022)
by Dmitry Ulyanov, Andrea Vedaldi and Victor Lempitsky (2016).

### What it changes

[Batch normalization](../batch_norm/index.html) normalizes each channel over the batch and all positions;
[layer normalization](../layer_norm/index.html) normalizes each image over all its channels and positions.
Instance normalization normalizes each channel *of each image* over its positions alone.
For the channel $c$ of the image $b$, with values $x_{b,c,l}$ at the $L$ positions $l$ (pixels),

$$\mu_{b,c} = \frac{1}{L} \sum_{l=1}^{L} x_{b,c,l}
\qquad
\sigma^2_{b,c} = \frac{1}{L} \sum_{l=1}^{L} \big(x_{b,c,l} - \mu_{b,c}\big)^2$$

$$y_{b,c,l} = \gamma_c \frac{x_{b,c,l} - \mu_{b,c}}{\sqrt{\sigma^2_{b,c} + \epsilon}} + \beta_c$$

The paper introduced it for style transfer, where the contrast of an image (the mean and spread
of each of its channels) belongs to the style and should not be carried over from the content image:
normalizing each instance removes it, in training and at test time alike.
It is [group normalization](../group_norm/index.html) with one channel in each group.

As in `torch.nn.InstanceNorm2d`'s default, this layer keeps no running statistics:
it always uses the statistics of the instance, so training and evaluation compute the same thing.
"""

import torch
from torch import nn


class InstanceNorm(nn.Module):
    r"""
    <a id="InstanceNorm"></a>

    ## Instance Normalization Layer

    It normalizes inputs of shape `[batch_size, channels, *]`, where `*` is one or more
    dimensions of positions (height and width for images), over the positions.
    """

    def __init__(self, channels: int, *,
                 eps: float = 1e-5, affine: bool = True):
        r"""
        * `channels` is the number of features in the input
        * `eps` is $\epsilon$, used in $\sqrt{Var[x] + \epsilon}$ for numerical stability
        * `affine` is whether to scale and shift the normalized value by $\gamma_c$ and $\beta_c$

        `torch.nn.InstanceNorm2d` has `affine=False` by default; here it is on, as in the other layers.
        """
        super().__init__()

        self.channels = channels
        self.eps = eps
        self.affine = affine
        # The scale $\gamma$ and shift $\beta$, one of each for each channel, starting as the identity
        if self.affine:
            self.scale = nn.Parameter(torch.ones(channels))
            self.shift = nn.Parameter(torch.zeros(channels))

    def forward(self, x: torch.Tensor):
        """
        `x` is a tensor of shape `[batch_size, channels, *]`;
        the result has the same shape.
        """
        # Keep the original shape
        x_shape = x.shape
        # Batch size
        batch_size = x_shape[0]
        # Sanity check to make sure the number of features is the same
        assert self.channels == x.shape[1]

        # Reshape into `[batch_size, channels, L]`
        x = x.reshape(batch_size, self.channels, -1)

        # $\mu_{b,c} = \frac{1}{L} \sum_l x_{b,c,l}$, over the positions only,
        # of shape `[batch_size, channels, 1]`
        mean = x.mean(dim=-1, keepdim=True)
        # $\sigma^2_{b,c} = \frac{1}{L} \sum_l \big(x_{b,c,l} - \mu_{b,c}\big)^2$,
        # of shape `[batch_size, channels, 1]`
        var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
        # $\hat{x}_{b,c,l} = \frac{x_{b,c,l} - \mu_{b,c}}{\sqrt{\sigma^2_{b,c} + \epsilon}}$
        x_norm = (x - mean) / torch.sqrt(var + self.eps)

        # $y_{b,c,l} = \gamma_c \hat{x}_{b,c,l} + \beta_c$
        if self.affine:
            x_norm = self.scale.view(1, -1, 1) * x_norm + self.shift.view(1, -1, 1)

        # Back to the original shape
        return x_norm.view(x_shape)
