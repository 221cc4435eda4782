r"""
---
title: Group Normalization
summary: >
  A PyTorch implementation of group normalization, which normalizes each group of channels of each
  image, written out line by line, with an experiment that compares it with batch normalization
  over batch sizes.
---

# Group Normalization

This is a PyTorch implementation of group normalization from the paper
[Group Normalization](https://arxiv.org/abs/1803.08494)
by Yuxin Wu and Kaiming He (2018).

### Batch normalization and small batches

[Batch normalization](../batch_norm/index.html) works well when the batch is large enough for its mean
and variance to be good estimates of those of the data. With small batches they are noisy:
training sees a different normalization at each step, and at evaluation the layer normalizes with
moving averages that no longer match what it saw in training. The paper's Figure 1 shows the
error of a ResNet-50 on ImageNet with batch normalization rising steeply as the batch shrinks from
$32$ to $2$ images per GPU, while with group normalization it stays the same.
Small batches are what large models on large inputs (detection, segmentation, video) can afford.

### Group normalization

Group normalization computes the statistics of each example on its own, like
[layer](../layer_norm/index.html) and [instance](../instance_norm/index.html) normalization,
but over a *group* of channels: the $C$ channels are split into $G$ groups of $C / G$, and each
group of each image is normalized over its channels and positions.
For the group $g$ of the image $b$, with the set $\mathcal{S}_{b,g}$ of its
$m = \frac{C}{G} L$ values (channels of the group times positions),

$$\mu_{b,g} = \frac{1}{m} \sum_{k \in \mathcal{S}_{b,g}} x_k
\qquad
\sigma^2_{b,g} = \frac{1}{m} \sum_{k \in \mathcal{S}_{b,g}} \big(x_k - \mu_{b,g}\big)^2$$

$$\hat{x}_i = \frac{x_i - \mu_{b,g}}{\sqrt{\sigma^2_{b,g} + \epsilon}}
\qquad
y_i = \gamma_c \hat{x}_i + \beta_c$$

with a scale $\gamma_c$ and shift $\beta_c$ for each channel $c$, as in batch normalization.
$G = 1$ is layer normalization (over all channels and positions), and $G = C$ is instance
normalization. The paper's reasoning: channels of a convolutional network are not independent,
features such as the responses to different orientations of an edge come in groups,
and normalizing them together keeps their relative size while taking away the scale of the group.
The paper uses $G = 32$ throughout.

Nothing depends on the batch, so training and evaluation compute the same thing.

### The experiment

[The experiment](experiment.html) repeats Figure 1 at small scale: a small convolutional network
on $8 \times 8$ digits, with batch normalization and with group normalization, trained with batches
of $32$, $8$, $4$ and $2$ images, over three seeds.
"""

import torch
from torch import nn


class GroupNorm(nn.Module):
    r"""
    <a id="GroupNorm"></a>

    ## Group Normalization Layer

    It normalizes inputs of shape `[batch_size, channels, *]`, where `*` is any number of
    dimensions of positions (height and width for images).
    """

    def __init__(self, groups: int, channels: int, *,
                 eps: float = 1e-5, affine: bool = True):
        r"""
        * `groups` is the number of groups $G$ the channels are divided into
        * `channels` is the number of channels $C$ in the input; it must be a multiple of $G$
        * `eps` is $\epsilon$, used in $\sqrt{Var[x] + \epsilon}$ for numerical stability
        * `affine` is whether to scale and shift the normalized value by $\gamma_c$ and $\beta_c$

        The arguments are in the order of `torch.nn.GroupNorm`'s, and so are the defaults.
        """
        super().__init__()

        assert channels % groups == 0, "Number of channels should be evenly divisible by the number of groups"
        self.groups = groups
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

        # Reshape into `[batch_size, groups, C / G * L]`: the values of each group of each image in a row;
        # the channels of a group are next to each other, so this is a plain reshape
        x = x.reshape(batch_size, self.groups, -1)

        # $\mu_{b,g} = \frac{1}{m} \sum_{k \in \mathcal{S}_{b,g}} x_k$, of shape `[batch_size, groups, 1]`
        mean = x.mean(dim=-1, keepdim=True)
        # $\sigma^2_{b,g} = \frac{1}{m} \sum_{k \in \mathcal{S}_{b,g}} \big(x_k - \mu_{b,g}\big)^2$,
        # of shape `[batch_size, groups, 1]`
        var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
        # $\hat{x}_i = \frac{x_i - \mu_{b,g}}{\sqrt{\sigma^2_{b,g} + \epsilon}}$
        x_norm = (x - mean) / torch.sqrt(var + self.eps)

        # $y_i = \gamma_c \hat{x}_i + \beta_c$, on the shape `[batch_size, channels, L]`,
        # where the parameters of each channel broadcast over its positions
        if self.affine:
            x_norm = x_norm.view(batch_size, self.channels, -1)
            x_norm = self.scale.view(1, -1, 1) * x_norm + self.shift.view(1, -1, 1)

        # Back to the original shape
        return x_norm.view(x_shape)
