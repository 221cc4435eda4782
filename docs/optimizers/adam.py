r"""
---
title: Adam Optimizer
summary: >
  A PyTorch implementation of the Adam optimizer, with bias-corrected moment estimates
  and the AMSGrad variant, written out line by line and equal to torch.optim.Adam step for step.
---

# Adam Optimizer

This is a [PyTorch](https://pytorch.org) implementation of the optimizer of the paper
[Adam: A Method for Stochastic Optimization](https://arxiv.org/abs/1412.6980)
by Diederik P. Kingma and Jimmy Ba.

Adam keeps two moving averages for each parameter $\theta$:
of the gradient $g_t$ (the first moment) and of its element-wise square (the second moment),

$$\begin{aligned}
m_t &\leftarrow \beta_1 m_{t-1} + (1 - \beta_1) \cdot g_t \\
v_t &\leftarrow \beta_2 v_{t-1} + (1 - \beta_2) \cdot g_t^2
\end{aligned}$$

Both start at zero, so in the first steps they are too small.
Dividing by $1 - \beta^t$ corrects that bias: after $t$ steps the weights of the average,
$(1 - \beta) \beta^{t - i}$ for $i = 1 \dots t$, add up to exactly $1 - \beta^t$,

$$\begin{aligned}
\hat{m}_t &\leftarrow \frac{m_t}{1-\beta_1^t} \\
\hat{v}_t &\leftarrow \frac{v_t}{1-\beta_2^t}
\end{aligned}$$

The update divides the first moment by the square root of the second,

$$\theta_t \leftarrow \theta_{t-1} - \alpha \cdot \frac{\hat{m}_t}{\sqrt{\hat{v}_t} + \epsilon}$$

so each parameter takes a step of about $\alpha$ in the direction its gradients agree on,
whatever the scale of its gradients; $\epsilon$ keeps the division finite where
$\hat{v}_t$ is near zero.

*AMSGrad*, from the paper
[On the Convergence of Adam and Beyond](https://arxiv.org/abs/1904.09237)
by Sashank J. Reddi, Satyen Kale and Sanjiv Kumar,
divides by the largest second moment so far instead of the current one, so that the step of a parameter
never grows because its recent gradients were small.
The paper's algorithm keeps $\hat{v}_t = \max(\hat{v}_{t-1}, v_t)$, the maximum of the moments $v_t$
*before* any bias correction (it has none), and divides by $\sqrt{\hat{v}_t}$.
We implement the variant of `torch.optim.Adam(amsgrad=True)`: the same maximum of the uncorrected $v_t$,
then divided by the bias correction $1 - \beta_2^t$ of the current step, with $m_t$ corrected as in Adam,
$$\theta_t \leftarrow \theta_{t-1} - \alpha \cdot
\frac{\hat{m}_t}{\sqrt{\max(v_1, \dots, v_t) / (1 - \beta_2^t)} + \epsilon}$$
This is not the largest *corrected* $\frac{v_i}{1 - \beta_2^i}$ seen so far: the correction of the
early steps is larger, and it is not kept.

The code below is written the way the equations are, one line for each;
[the tests](https://github.com/labmlai/annotated_deep_learning_paper_implementations/blob/master/tests/test_optimizers.py)
check that it gives the same parameters as `torch.optim.Adam` after $100$ steps,
and that state dicts load from one into the other.
[AdamW](adamw.html) is a subclass that changes how weight decay is applied,
and the [Noam schedule](noam.html#NoamSchedule) can set its learning rate.
"""

import math
from typing import Any, Dict

import torch


class Adam(torch.optim.Optimizer):
    r"""
    <a id="Adam"></a>

    ## Adam Optimizer

    The state of each parameter is kept under the names `torch.optim.Adam` uses,
    `step`, `exp_avg` ($m_t$), `exp_avg_sq` ($v_t$) and, with AMSGrad, `max_exp_avg_sq`,
    so a state dict saved by one loads into the other.

    The steps of the update are methods of their own, so that a subclass such as
    [AdamW](adamw.html) changes only the one it varies.
    """

    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0., amsgrad: bool = False):
        r"""
        * `params` is the list of parameters, or of parameter groups (dictionaries that
          can set their own `lr`, `betas`, `eps`, `weight_decay` and `amsgrad`)
        * `lr` is the learning rate $\alpha$
        * `betas` is the tuple $(\beta_1, \beta_2)$
        * `eps` is $\epsilon$
        * `weight_decay` is the coefficient $\lambda$ of the weight decay
        * `amsgrad` is whether to use the AMSGrad variant
        """
        # Values that make no sense are errors, as in `torch.optim.Adam`
        if lr < 0.0:
            raise ValueError(f'invalid learning rate: {lr}')
        if eps < 0.0:
            raise ValueError(f'invalid epsilon: {eps}')
        if not (0.0 <= betas[0] < 1.0 and 0.0 <= betas[1] < 1.0):
            raise ValueError(f'invalid betas: {betas}, each must be in [0, 1)')
        if weight_decay < 0.0:
            raise ValueError(f'invalid weight decay: {weight_decay}')
        # The defaults of the parameter groups
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad)
        # `torch.optim.Optimizer` makes the parameter groups and the state
        super().__init__(params, defaults)

    def init_state(self, state: Dict[str, Any], group: Dict[str, Any], param: torch.nn.Parameter):
        r"""
        ### Initialize the state of a parameter

        Before its first step: $t = 0$, $m_0 = 0$ and $v_0 = 0$.
        """

        # The number of steps taken, $t$
        state['step'] = 0
        # $m_0$, the moving average of the gradient
        state['exp_avg'] = torch.zeros_like(param, memory_format=torch.preserve_format)
        # $v_0$, the moving average of the squared gradient
        state['exp_avg_sq'] = torch.zeros_like(param, memory_format=torch.preserve_format)
        # The largest $v$ so far, for AMSGrad
        if group['amsgrad']:
            state['max_exp_avg_sq'] = torch.zeros_like(param, memory_format=torch.preserve_format)

    def weight_decay(self, param: torch.nn.Parameter, grad: torch.Tensor, group: Dict[str, Any]) -> torch.Tensor:
        r"""
        <a id="weight_decay"></a>

        ### Weight decay

        Adam's weight decay is $L_2$ regularization: the gradient of
        $\frac{\lambda}{2} \lVert \theta \rVert^2$ is added to the gradient of the loss,

        $$g_t \leftarrow g_t + \lambda \theta_{t-1}$$

        so it goes through the moments, and is divided by $\sqrt{\hat{v}_t}$ like the rest.
        Returns the gradient to use.
        """

        # No weight decay
        if group['weight_decay'] == 0:
            return grad
        # $g_t + \lambda \theta_{t-1}$, a new tensor: `param.grad` is left as it is
        return grad.add(param, alpha=group['weight_decay'])

    def get_mv(self, state: Dict[str, Any], group: Dict[str, Any], grad: torch.Tensor):
        r"""
        ### Update the moments

        Returns $m_t$ and $v_t$, updated in place in the state.
        """

        # $\beta_1$ and $\beta_2$
        beta1, beta2 = group['betas']
        # The moments $m_{t-1}$ and $v_{t-1}$
        m, v = state['exp_avg'], state['exp_avg_sq']
        # $$m_t \leftarrow \beta_1 m_{t-1} + (1 - \beta_1) \cdot g_t$$
        m.mul_(beta1).add_(grad, alpha=1 - beta1)
        # $$v_t \leftarrow \beta_2 v_{t-1} + (1 - \beta_2) \cdot g_t^2$$
        v.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        #
        return m, v

    def adam_update(self, state: Dict[str, Any], group: Dict[str, Any], param: torch.nn.Parameter,
                    m: torch.Tensor, v: torch.Tensor):
        r"""
        <a id="adam_update"></a>

        ### The update

        $$\theta_t \leftarrow \theta_{t-1} - \alpha \cdot \frac{\hat{m}_t}{\sqrt{\hat{v}_t} + \epsilon}$$

        computed as
        $\theta_t \leftarrow \theta_{t-1} - \frac{\alpha}{1-\beta_1^t} \cdot
        \frac{m_t}{\sqrt{v_t} / \sqrt{1-\beta_2^t} + \epsilon}$,
        which is the same, without a tensor for $\hat{m}_t$.
        """

        # $\beta_1$ and $\beta_2$
        beta1, beta2 = group['betas']
        # $t$
        t = state['step']
        # $1 - \beta_1^t$, the bias correction of the first moment
        bias_correction1 = 1 - beta1 ** t
        # $\sqrt{1 - \beta_2^t}$, the square root of the bias correction of the second moment
        bias_correction2_sqrt = math.sqrt(1 - beta2 ** t)
        # With AMSGrad, the largest second moment so far before its bias correction,
        # $\max(v_1, \dots, v_t)$ (the AMSGrad paper's $\hat{v}_t$), takes the place of $v_t$;
        # the next line corrects it by $1 - \beta_2^t$ of this step, as `torch.optim.Adam` does
        if group['amsgrad']:
            v = torch.maximum(state['max_exp_avg_sq'], v, out=state['max_exp_avg_sq'])
        # $\sqrt{\hat{v}_t} + \epsilon = \frac{\sqrt{v_t}}{\sqrt{1-\beta_2^t}} + \epsilon$
        denominator = (v.sqrt() / bias_correction2_sqrt).add_(group['eps'])
        # $\frac{\alpha}{1-\beta_1^t}$
        step_size = group['lr'] / bias_correction1
        # $\theta_t \leftarrow \theta_{t-1} - \frac{\alpha}{1-\beta_1^t} \cdot \frac{m_t}{\sqrt{\hat{v}_t} + \epsilon}$
        param.addcdiv_(m, denominator, value=-step_size)

    @torch.no_grad()
    def step(self, closure=None):
        """
        <a id="step"></a>

        ### Take an optimizer step

        `closure` is an optional function that computes the loss again (with its gradients),
        as in `torch.optim`; its loss is returned.
        """

        # Compute the loss, with gradients, if asked to
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()

        # For each parameter group
        for group in self.param_groups:
            # For each parameter in it
            for param in group['params']:
                # Skip the parameters that got no gradient
                if param.grad is None:
                    continue
                # The gradient $g_t$
                grad = param.grad
                # The moments of a sparse gradient would not be sparse
                if grad.is_sparse:
                    raise RuntimeError('Adam does not support sparse gradients')
                # The state of the parameter, initialized before its first step
                state = self.state[param]
                if len(state) == 0:
                    self.init_state(state, group, param)
                # A state loaded from `torch.optim.Adam` counts the steps in a tensor
                state['step'] = int(state['step']) + 1
                # Weight decay
                grad = self.weight_decay(param, grad, group)
                # $m_t$ and $v_t$
                m, v = self.get_mv(state, group, grad)
                # $\theta_t$
                self.adam_update(state, group, param, m, v)

        #
        return loss
