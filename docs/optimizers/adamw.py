r"""
---
title: AdamW Optimizer
summary: >
  A PyTorch implementation of AdamW, Adam with decoupled weight decay,
  as a subclass of our Adam, with how it differs from L2 regularization in Adam.
---

# AdamW Optimizer

This is a [PyTorch](https://pytorch.org) implementation of the optimizer of the paper
[Decoupled Weight Decay Regularization](https://arxiv.org/abs/1711.05101)
by Ilya Loshchilov and Frank Hutter.
It is a subclass of [our Adam](adam.html) that replaces one method,
[`weight_decay`](adam.html#weight_decay).

## L2 regularization and weight decay

[Adam](adam.html#weight_decay) decays the weights by adding the gradient of
$\frac{\lambda}{2} \lVert \theta \rVert^2$ to the gradient of the loss, $g_t \leftarrow g_t + \lambda \theta_{t-1}$.
For plain SGD that is the same as shrinking the weights by a factor in each step,
$\theta_t \leftarrow (1 - \alpha \lambda) \theta_{t-1} - \alpha g_t$.
For Adam it is not: the term $\lambda \theta_{t-1}$ goes into the moments and is divided by
$\sqrt{\hat{v}_t}$ with the rest of the gradient,

$$\theta_t \leftarrow \theta_{t-1} - \alpha \cdot \frac{\widehat{\big(g + \lambda \theta\big)}_t}{\sqrt{\hat{v}_t} + \epsilon}$$

so a weight whose gradients are large, with a large $\hat{v}_t$, is hardly decayed at all,
and a weight whose gradients are small is decayed strongly.
The decay also stays in the moving averages for many steps after the weight has changed.

AdamW decouples the two: the weights shrink by the same fraction, directly,
and Adam sees only the gradient of the loss.
The paper (its Algorithm 2) writes the learning rate $\alpha$ and a schedule multiplier $\eta_t$ apart,

$$\theta_t \leftarrow \theta_{t-1} - \eta_t \Big( \alpha \cdot \frac{\hat{m}_t}{\sqrt{\hat{v}_t} + \epsilon}
+ \lambda \, \theta_{t-1} \Big)$$

where $\hat{m}_t$ and $\hat{v}_t$ are computed from $g_t$ alone:
each step a weight shrinks by the fraction $\eta_t \lambda$, whatever its gradients,
which is what weight decay was meant to do, and whatever $\alpha$.
The paper found it to regularize better, and to make the best $\lambda$ depend less on $\alpha$.

We implement the update of `torch.optim.AdamW`, which most code uses.
It has one learning rate $\alpha_t$, the schedule's value at step $t$ (the paper's $\eta_t \alpha$),
and multiplies the decay by it too,

$$\theta_t \leftarrow (1 - \alpha_t \lambda) \, \theta_{t-1} - \alpha_t \cdot \frac{\hat{m}_t}{\sqrt{\hat{v}_t} + \epsilon}$$

This is the paper's update with its $\lambda$ equal to $\alpha \lambda$ here: the two give the same
parameters when the $\lambda$ of this page is the paper's divided by $\alpha$.
So here the decay per step, $\alpha_t \lambda$, does depend on the learning rate: a
[learning-rate schedule](noam.html#NoamSchedule) scales it, as the paper's $\eta_t$ does,
and so does a larger or smaller $\alpha$, which the paper's $\lambda$ does not follow.
The default $\lambda$ is $0.01$, as in `torch.optim.AdamW`.
[The tests](https://github.com/labmlai/annotated_deep_learning_paper_implementations/blob/master/tests/test_optimizers.py)
check that it gives the same parameters as `torch.optim.AdamW` after $100$ steps,
and the same as the paper's Algorithm 2, written out, with $\lambda_{paper} = \alpha \lambda$.

Which weights should decay is a choice of the model;
[the GPT page](../transformers/gpt/index.html#parameter_groups) decays only the weight matrices
of its linear layers.
"""

from typing import Any, Dict

import torch

from .adam import Adam


class AdamW(Adam):
    r"""
    <a id="AdamW"></a>

    ## AdamW Optimizer

    Takes the same arguments as [Adam](adam.html#Adam), with $\lambda = 0.01$ by default.
    """

    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 1e-2, amsgrad: bool = False):
        #
        super().__init__(params, lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad)

    def weight_decay(self, param: torch.nn.Parameter, grad: torch.Tensor, group: Dict[str, Any]) -> torch.Tensor:
        r"""
        ### Decoupled weight decay

        $$\theta_{t-1} \leftarrow (1 - \alpha_t \lambda) \, \theta_{t-1}$$

        before the [update](adam.html#adam_update), with $\alpha_t$ the learning rate of this step
        (`torch.optim.AdamW`'s form; the paper's decay is $\eta_t \lambda$);
        the gradient is returned unchanged.
        """

        # Shrink the weights in place by $1 - \alpha_t \lambda$
        if group['weight_decay'] != 0:
            param.mul_(1 - group['lr'] * group['weight_decay'])
        # The moments see the gradient of the loss alone
        return grad
