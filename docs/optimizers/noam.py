r"""
---
title: Noam optimizer from Attention is All You Need paper
summary: >
  A PyTorch implementation of the Noam optimizer: Adam with a learning rate that
  rises linearly during a warm-up and then decays with the inverse square root of the step.
---

# Noam Optimizer

This is the [PyTorch](https://pytorch.org) implementation of the optimizer
introduced in the paper
[Attention Is All You Need](https://arxiv.org/abs/1706.03762).
It is [Adam](https://arxiv.org/abs/1412.6980) with
$\beta_1 = 0.9$, $\beta_2 = 0.98$, $\epsilon = 10^{-9}$,
and a learning rate that changes with the training step $t$,

$$\alpha_t = \alpha \cdot d_{model}^{-0.5} \cdot \min\big(t^{-0.5}, t \cdot w^{-1.5}\big)$$

where $w$ is the number of warm-up steps and $\alpha$ is a constant factor ($1$ in the paper).

For the first $w$ steps the second term is the smaller one,
so the learning rate rises linearly from near zero;
this keeps the early updates small while Adam's estimates of the gradient moments are still poor.
The two terms are equal at $t = w$, where the learning rate peaks at
$\alpha \cdot d_{model}^{-0.5} \cdot w^{-0.5}$;
after that it decays proportionally to the inverse square root of the step number.
The factor $d_{model}^{-0.5}$ gives wider models smaller learning rates.

The paper used $w = 4000$ and $d_{model} = 512$, which peaks at about $7 \times 10^{-4}$.

The schedule is a [mixin](#NoamSchedule) that sets the learning rate of any Adam:
[`Noam`](#Noam) is PyTorch's `torch.optim.Adam` with it, and
[`NoamAdamW`](#NoamAdamW) is [our AdamW](adamw.html) with it, which is how
[GPT](../transformers/gpt/index.html) is trained.
The optimizers themselves, [Adam](adam.html) and [AdamW](adamw.html), have pages of their own.
"""

from typing import Any, Dict

import torch

from .adamw import AdamW


def noam_lr(step: int, *, d_model: int, warmup: int, lr: float) -> float:
    r"""
    <a id="noam_lr"></a>

    ## The learning rate at a step

    $$lr = \alpha \cdot d_{model}^{-0.5} \cdot \min\big(step^{-0.5}, step \cdot warmup^{-1.5}\big)$$

    * `step` is the number of the optimizer step, counted from $1$
    * `d_model` is the embedding size $d_{model}$
    * `warmup` is the number of warm-up steps
    * `lr` is the constant factor $\alpha$
    """

    # $step^{-0.5}$ is undefined at $0$, so steps start from $1$
    if step < 1:
        raise ValueError(f'step is counted from 1, got {step}')
    # $\min\big(step^{-0.5}, step \cdot warmup^{-1.5}\big)$:
    # the linear warm-up, or the inverse square root decay after it
    factor = min(step ** (-0.5), step * warmup ** (-1.5))
    # $\alpha \cdot d_{model}^{-0.5} \cdot factor$
    return lr * d_model ** (-0.5) * factor


class NoamSchedule:
    r"""
    <a id="NoamSchedule"></a>

    ## The schedule for any Adam

    A mixin that sets the learning rate of each parameter group before every `step()` from the
    [schedule above](noam.html#noam_lr), for the optimizer class it is mixed into:
    `class Noam(NoamSchedule, torch.optim.Adam)` is PyTorch's Adam with the schedule,
    `class NoamAdamW(NoamSchedule, AdamW)` is [our AdamW](adamw.html) with it.
    The optimizer's own options, such as `betas` or `weight_decay`, are passed on to it.
    """

    def __init__(self, params, *args, warmup: int = 4000, d_model: int = 512, **kwargs):
        """
        * `params` is the list of parameters, or of parameter groups
        * `warmup` is the number of warm-up steps
        * `d_model` is the embedding size of the model
        * `args` and `kwargs` are the arguments of the optimizer; its `lr` is the
          constant factor of the schedule
        """
        # Schedule defaults for the parameter groups that do not set their own.
        # They have to be set before `Adam` adds the parameter groups.
        self._noam_defaults = dict(warmup=warmup, d_model=d_model)
        # Initialize Adam; it calls `add_param_group` for each group
        super().__init__(params, *args, **kwargs)

    def add_param_group(self, param_group: Dict[str, Any]) -> None:
        """
        ### Add a parameter group

        Adds the schedule settings to the group, then sets its `lr` for the next step.
        """
        # The group's `lr`, or the default, is the constant factor $\alpha$
        param_group.setdefault('noam_alpha', param_group.get('lr', self.defaults['lr']))
        # Warm-up steps and model size, unless the group sets its own
        for k, v in self._noam_defaults.items():
            param_group.setdefault(k, v)
        # No steps taken yet
        param_group.setdefault('noam_step', 0)
        # Let Adam add the group and fill in its other defaults
        super().add_param_group(param_group)
        # The learning rate that the first step of this group will use
        param_group['lr'] = self._lr(param_group, param_group['noam_step'] + 1)

    @staticmethod
    def _lr(group: Dict[str, Any], step: int) -> float:
        """
        ### The learning rate of a group at a step
        """
        #
        return noam_lr(step, d_model=group['d_model'], warmup=group['warmup'], lr=group['noam_alpha'])

    def step(self, closure=None):
        """
        ### Take an optimizer step

        Counts the step in every group and sets its learning rate, then takes Adam's step.
        """
        # For each parameter group
        for group in self.param_groups:
            # Count this step
            group['noam_step'] += 1
            # Set the learning rate for it
            group['lr'] = self._lr(group, group['noam_step'])
        # Adam's update with these learning rates
        return super().step(closure)


class Noam(NoamSchedule, torch.optim.Adam):
    r"""
    <a id="Noam"></a>

    ## Noam Optimizer

    This is Adam whose learning rate is set before every `step()` from the
    [schedule above](noam.html#noam_lr).

    The constant factor $\alpha$, `warmup`, `d_model` and the number of steps taken
    are kept in each parameter group, as `noam_alpha`, `warmup`, `d_model` and `noam_step`.
    So they are saved by `state_dict()` and restored by `load_state_dict()`,
    and a resumed run continues the schedule where it stopped.
    Each group's `lr` holds the learning rate of the last step,
    or of the first step before any step is taken, so it can be logged.
    """

    def __init__(self, params, lr: float = 1.0, betas=(0.9, 0.98), eps=1e-9,
                 weight_decay=0., warmup: int = 4000, d_model: int = 512):
        r"""
        * `params` is the list of parameters, or of parameter groups
        * `lr` is the constant factor $\alpha$ of the schedule, not the learning rate itself
        * `betas` is the tuple $(\beta_1, \beta_2)$ of Adam
        * `eps` is $\epsilon$ of Adam
        * `weight_decay` is the weight decay coefficient of Adam
        * `warmup` is the number of warm-up steps
        * `d_model` is the embedding size of the model
        """
        # The schedule with PyTorch's Adam, with the settings of the paper by default
        super().__init__(params, lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                         warmup=warmup, d_model=d_model)


class NoamAdamW(NoamSchedule, AdamW):
    r"""
    <a id="NoamAdamW"></a>

    ## AdamW with the Noam schedule

    [Our AdamW](adamw.html), with decoupled weight decay, whose learning rate follows the schedule.
    It takes AdamW's arguments, with `lr` as the constant factor $\alpha$,
    and `warmup` and `d_model`.
    Since the decay is $1 - lr \cdot \lambda$ with the learning rate of each step,
    the weights decay little during the warm-up too.
    """

    def __init__(self, params, lr: float = 1.0, betas=(0.9, 0.98), eps=1e-9,
                 weight_decay=1e-2, amsgrad: bool = False, warmup: int = 4000, d_model: int = 512):
        r"""
        * `lr` is the constant factor $\alpha$ of the schedule, not the learning rate itself
        * `weight_decay` is the coefficient $\lambda$ of the decoupled weight decay
        * `amsgrad` is whether to use the AMSGrad variant
        * the other arguments are those of [`Noam`](#Noam)
        """
        #
        super().__init__(params, lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                         warmup=warmup, d_model=d_model)
