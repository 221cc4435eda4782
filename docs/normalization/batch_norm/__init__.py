r"""
---
title: Batch Normalization
summary: >
  A PyTorch implementation of batch normalization, with running statistics for evaluation,
  written out line by line.
---

# Batch Normalization

This is a PyTorch implementation of batch normalization from the paper
[Batch Normalization: Accelerating Deep Network Training by Reducing Internal Covariate Shift](https://arxiv.org/abs/1502.03167)
by Sergey Ioffe and Christian Szegedy (2015).

### What it does

Each feature (each channel, for images) is normalized to zero mean and unit variance
over the batch, and then scaled and shifted by two learned parameters.
For a feature $x$ with values $x^{(1)}, \dots, x^{(m)}$ over the $m$ elements of a batch
(for images, every position of every image of the batch),

$$\mu_\mathcal{B} = \frac{1}{m} \sum_{i=1}^{m} x^{(i)}
\qquad
\sigma^2_\mathcal{B} = \frac{1}{m} \sum_{i=1}^{m} \big(x^{(i)} - \mu_\mathcal{B}\big)^2$$

$$\hat{x}^{(i)} = \frac{x^{(i)} - \mu_\mathcal{B}}{\sqrt{\sigma^2_\mathcal{B} + \epsilon}}
\qquad
y^{(i)} = \gamma \hat{x}^{(i)} + \beta$$

$\epsilon$ keeps the division finite, and $\gamma$ and $\beta$ let the layer undo
the normalization where that is better for the loss.
The paper motivated it as reducing *internal covariate shift*: the change of the distribution of
a layer's inputs as the layers before it learn.
Whatever the reason, normalized activations let a network train with much larger learning rates
and be less sensitive to the initialization.

### Training and evaluation

In training, the statistics are those of the current batch, and the gradient flows through them,
so each example's output depends on the other examples of its batch.
That cannot be done at evaluation, where there may be a single example;
so during training the layer keeps exponential moving averages of the batch mean and variance,

$$\mathbb{E}[x] \leftarrow (1 - p)\, \mathbb{E}[x] + p\, \mu_\mathcal{B}$$

$$Var[x] \leftarrow (1 - p)\, Var[x] + p\, \frac{m}{m - 1} \sigma^2_\mathcal{B}$$

with momentum $p$, and at evaluation it normalizes with them,
$\hat{x} = \frac{x - \mathbb{E}[x]}{\sqrt{Var[x] + \epsilon}}$.
The variance kept is the unbiased one, $\frac{m}{m - 1} \sigma^2_\mathcal{B}$, as in the paper
(and in `torch.nn.BatchNorm2d`).

### Small batches

When the batch is small, its mean and variance are noisy estimates of those of the data,
so training sees noisy normalizations, and the running averages that evaluation uses
no longer match what the network learned on.
This is what [group normalization](../group_norm/index.html) fixes; its page has an
[experiment](../group_norm/experiment.html) with batches of $32$ down to $2$.
The other normalizations of this section, [layer](../layer_norm/index.html),
[instance](../instance_norm/index.html) and [group](../group_norm/index.html) normalization and
[RMSNorm](../rms_norm/index.html), compute their statistics for each example on its own,
and do the same in training and evaluation.
"""

import torch
from torch import nn


class BatchNorm(nn.Module):
    r"""
    <a id="BatchNorm"></a>

    ## Batch Normalization Layer

    It normalizes the inputs of shape `[batch_size, channels, *]`, where `*` is any number of
    further dimensions (none for a fully connected layer, height and width for images),
    over every dimension but the channels.
    """

    def __init__(self, channels: int, *,
                 eps: float = 1e-5, momentum: float = 0.1,
                 affine: bool = True, track_running_stats: bool = True):
        r"""
        * `channels` is the number of features in the input
        * `eps` is $\epsilon$, used in $\sqrt{Var[x^{(k)}] + \epsilon}$ for numerical stability
        * `momentum` is the momentum $p$ of the moving averages of the mean and variance
        * `affine` is whether to scale and shift the normalized value by $\gamma$ and $\beta$
        * `track_running_stats` is whether to keep the moving averages of the mean and variance
          and use them in evaluation; without them evaluation uses the batch's statistics too

        The defaults are those of `torch.nn.BatchNorm2d`.
        """
        super().__init__()

        self.channels = channels
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        # The scale $\gamma$ and shift $\beta$, one of each for each channel,
        # starting as the identity, $\gamma = 1$ and $\beta = 0$
        if self.affine:
            self.scale = nn.Parameter(torch.ones(channels))
            self.shift = nn.Parameter(torch.zeros(channels))
        # Buffers for the moving averages $\mathbb{E}[x]$ and $Var[x]$;
        # buffers are saved with the model but not trained
        if self.track_running_stats:
            self.register_buffer('exp_mean', torch.zeros(channels))
            self.register_buffer('exp_var', torch.ones(channels))

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

        # Reshape into `[batch_size, channels, n]`
        x = x.reshape(batch_size, self.channels, -1)

        # The batch's statistics in training, or in evaluation when no averages are kept
        if self.training or not self.track_running_stats:
            # $\mu_\mathcal{B} = \frac{1}{m} \sum_i x^{(i)}$, over the batch and the other dimensions,
            # `[channels]`
            mean = x.mean(dim=[0, 2])
            # $\sigma^2_\mathcal{B} = \frac{1}{m} \sum_i \big(x^{(i)} - \mu_\mathcal{B}\big)^2$,
            # the variance of the batch, the biased one, `[channels]`
            var = ((x - mean.view(1, -1, 1)) ** 2).mean(dim=[0, 2])

            # Update the moving averages while training
            if self.training and self.track_running_stats:
                # $m$, the number of values of each channel
                m = x.shape[0] * x.shape[2]
                # Without gradients: the averages are statistics, not part of the computation graph
                with torch.no_grad():
                    # $\mathbb{E}[x] \leftarrow (1 - p)\, \mathbb{E}[x] + p\, \mu_\mathcal{B}$
                    self.exp_mean.mul_(1 - self.momentum).add_(self.momentum * mean)
                    # $Var[x] \leftarrow (1 - p)\, Var[x] + p\, \frac{m}{m - 1} \sigma^2_\mathcal{B}$,
                    # the unbiased variance
                    self.exp_var.mul_(1 - self.momentum).add_(self.momentum * var * m / (m - 1))
        # In evaluation, the moving averages
        else:
            mean = self.exp_mean
            var = self.exp_var

        # $$\hat{x}^{(i)} = \frac{x^{(i)} - \mu}{\sqrt{\sigma^2 + \epsilon}}$$
        # with `mean` and `var` of shape `[channels]` broadcast as `[1, channels, 1]`
        x_norm = (x - mean.view(1, -1, 1)) / torch.sqrt(var + self.eps).view(1, -1, 1)
        # $y^{(i)} = \gamma \hat{x}^{(i)} + \beta$
        if self.affine:
            x_norm = self.scale.view(1, -1, 1) * x_norm + self.shift.view(1, -1, 1)

        # Back to the original shape
        return x_norm.view(x_shape)
