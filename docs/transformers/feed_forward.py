r"""
---
title: Position-wise Feed-Forward Network (FFN)
summary: >
  A PyTorch implementation and tutorial of the position-wise feed-forward network
  used in transformers, with its gated (GLU) variants.
---

# Position-wise Feed-Forward Network (FFN)

This is a [PyTorch](https://pytorch.org) implementation
of the position-wise feed-forward network used in transformers,
from the paper [Attention Is All You Need](https://arxiv.org/abs/1706.03762).

The FFN consists of two fully connected layers.
The number of dimensions in the hidden layer, $d_{ff}$, is generally set to around
four times that of the token embedding $d_{model}$.
So it is sometimes also called the expand-and-contract network.

There is an activation at the hidden layer, which is set to the ReLU
(Rectified Linear Unit), $\max(0, x)$, in the paper.
That is, the FFN function is,
$$FFN(x, W_1, W_2, b_1, b_2) = \max(0, x W_1 + b_1) W_2 + b_2$$
where $W_1$, $W_2$, $b_1$ and $b_2$ are learnable parameters.

Sometimes the
GELU (Gaussian Error Linear Unit) activation is used instead of ReLU,
$$\mathop{GELU}(x) = x \Phi(x)$$
where $\Phi(x) = P(X \le x), X \sim \mathcal{N}(0,1)$.

It is called *position-wise* because the same network is applied to the embedding
at each position independently; positions only exchange information in the
[attention layers](mha.html).

### Gated Linear Units

This is a generic implementation that supports different variants including
[Gated Linear Units](https://arxiv.org/abs/1612.08083) (GLU, Dauphin et al. 2016),
which [GLU Variants Improve Transformer](https://arxiv.org/abs/2002.05202) (Shazeer 2020)
brought into the transformer's feed-forward network.
With GLU variants the output of the activation is multiplied, element by element,
by a second linear transformation of the input,
so the network can learn to let some features through and block others.
A gated network has three weight matrices instead of two; to compare it with an ungated one
at the same number of parameters and the same computation, the paper gives it
$\frac{2}{3}$ of the hidden features, [`glu_feed_forward`](#glu_feed_forward)'s `same_params`.

The [transformer models](models.html) use this module in each layer,
and [`glu_feed_forward`](#glu_feed_forward) builds the gated variants of the paper by name.
"""

from typing import Callable, Dict

import torch
from torch import nn


class FeedForward(nn.Module):
    r"""
    <a id="FFN"></a>

    ## FFN module

    $$FFN(x) = f(x W_1 + b_1) W_2 + b_2$$

    where $f$ is the activation, $\max(0, \cdot)$ by default.
    If `is_gated` is set the hidden layer is gated,

    $$FFN_{GLU}(x) = \big(f(x W_1 + b_1) \otimes (x V + c)\big) W_2 + b_2$$

    where $\otimes$ is element-wise multiplication.
    With $f = \sigma$ (sigmoid) this is the GLU of the paper,
    with $f = \mathop{GELU}$ it is GEGLU, and with $f = \mathop{ReLU}$ it is ReGLU.
    """

    def __init__(self, d_model: int, d_ff: int,
                 dropout: float = 0.1,
                 activation=nn.ReLU(),
                 is_gated: bool = False,
                 bias1: bool = True,
                 bias2: bool = True,
                 bias_gate: bool = True):
        """
        * `d_model` is the number of features in a token embedding
        * `d_ff` is the number of features in the hidden layer of the FFN
        * `dropout` is the dropout probability for the hidden layer
        * `activation` is the activation function $f$, a module such as `nn.ReLU()` or `nn.GELU()`
        * `is_gated` specifies whether the hidden layer is gated
        * `bias1` specifies whether the first fully connected layer should have a learnable bias $b_1$
        * `bias2` specifies whether the second fully connected layer should have a learnable bias $b_2$
        * `bias_gate` specifies whether the fully connected layer for the gate should have a learnable bias $c$
        """
        super().__init__()
        # Layer one parameterized by weight $W_1$ and bias $b_1$;
        # it expands each embedding from $d_{model}$ to $d_{ff}$ features
        self.layer1 = nn.Linear(d_model, d_ff, bias=bias1)
        # Layer two parameterized by weight $W_2$ and bias $b_2$;
        # it contracts the hidden features back to $d_{model}$
        self.layer2 = nn.Linear(d_ff, d_model, bias=bias2)
        # Hidden layer dropout
        self.dropout = nn.Dropout(dropout)
        # Activation function $f$
        self.activation = activation
        # Whether there is a gate
        self.is_gated = is_gated
        # If there is a gate, the linear layer that transforms the input
        # before it is multiplied by the activated hidden layer,
        # parameterized by weight $V$ and bias $c$
        if is_gated:
            self.linear_v = nn.Linear(d_model, d_ff, bias=bias_gate)

    def forward(self, x: torch.Tensor):
        """
        `x` has shape `[seq_len, batch_size, d_model]`;
        any number of leading dimensions works, since only the last one is transformed.
        """

        # $f(x W_1 + b_1)$, of shape `[seq_len, batch_size, d_ff]`
        g = self.activation(self.layer1(x))
        # If gated, $f(x W_1 + b_1) \otimes (x V + c)$
        if self.is_gated:
            x = g * self.linear_v(x)
        # Otherwise
        else:
            x = g
        # Apply dropout to the hidden layer
        x = self.dropout(x)
        # $(f(x W_1 + b_1) \otimes (x V + c)) W_2 + b_2$ or $f(x W_1 + b_1) W_2 + b_2$
        # depending on whether it is gated.
        # The output has shape `[seq_len, batch_size, d_model]`
        return self.layer2(x)


# ## GLU Variants
#
# These are variants with gated hidden layers for the FFN
# as introduced in paper [GLU Variants Improve Transformer](https://arxiv.org/abs/2002.05202).
# We have omitted the bias terms as specified in the paper.
# Each variant is a name and the activation $f$ of its gate.
GLU_VARIANTS: Dict[str, Callable[[], nn.Module]] = {
    # ### FFN with Gated Linear Units
    #
    # $$FFN_{GLU}(x, W_1, V, W_2) = (\sigma(x W_1) \otimes x V) W_2$$
    'GLU': nn.Sigmoid,
    # ### FFN with Bilinear hidden layer
    #
    # $$FFN_{Bilinear}(x, W_1, V, W_2) = (x W_1 \otimes x V) W_2$$
    'Bilinear': nn.Identity,
    # ### FFN with ReLU gate
    #
    # $$FFN_{ReGLU}(x, W_1, V, W_2) = (\max(0, x W_1) \otimes x V) W_2$$
    'ReGLU': nn.ReLU,
    # ### FFN with GELU gate
    #
    # $$FFN_{GEGLU}(x, W_1, V, W_2) = (\text{GELU}(x W_1) \otimes x V) W_2$$
    'GEGLU': nn.GELU,
    # ### FFN with Swish gate
    #
    # $$FFN_{SwiGLU}(x, W_1, V, W_2) = (\text{Swish}_1(x W_1) \otimes x V) W_2$$
    # where $\text{Swish}_\beta(x) = x \sigma(\beta x)$
    'SwiGLU': nn.SiLU,
}


def glu_feed_forward(variant: str, d_model: int, d_ff: int, dropout: float = 0.1,
                     same_params: bool = False) -> FeedForward:
    r"""
    <a id="glu_feed_forward"></a>

    ### A GLU variant by name

    A gated [FFN](#FFN) without biases, with the activation of `variant`,
    one of the names above.

    With `same_params`, `d_ff` is the hidden size of the ungated network to compare with,
    and the gated one gets $\lfloor \frac{2}{3} d_{ff} \rfloor$ hidden features, as in the paper
    (which compares $d_{ff} = 3072$ with $2048$):
    its three $d_{model} \times \frac{2}{3} d_{ff}$ matrices $W_1$, $V$ and $W_2$
    have as many parameters as the two $d_{model} \times d_{ff}$ matrices of the ungated network,
    $3 \cdot \frac{2}{3} d_{ff} \cdot d_{model} = 2 \cdot d_{ff} \cdot d_{model}$.
    """

    # An unknown name is an error that lists the known ones
    if variant not in GLU_VARIANTS:
        raise ValueError(f'unknown GLU variant {variant!r}; choose one of {", ".join(GLU_VARIANTS)}')
    # Two thirds of the hidden features, to match the ungated network's parameters
    if same_params:
        d_ff = 2 * d_ff // 3
    #
    return FeedForward(d_model, d_ff, dropout=dropout, activation=GLU_VARIANTS[variant](),
                       is_gated=True, bias1=False, bias2=False, bias_gate=False)
