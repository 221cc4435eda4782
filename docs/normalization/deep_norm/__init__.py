r"""
---
title: DeepNorm
summary: >
  A PyTorch implementation of DeepNorm, the post-norm residual connection with an up-weighted residual
  and down-scaled initialization that trains very deep transformers, written out line by line,
  with an experiment against plain post-LN.
---

# DeepNorm

This is a PyTorch implementation of DeepNorm from the paper
[DeepNet: Scaling Transformers to 1,000 Layers](https://arxiv.org/abs/2203.00555)
by Hongyu Wang, Shuming Ma, Li Dong, Shaohan Huang, Dongdong Zhang and Furu Wei (2022).

### Post-LN and pre-LN

The original transformer normalizes *after* the residual addition (post-LN),
$x_{l+1} = \mathop{LN}\big(x_l + G(x_l)\big)$, where $G$ is a sub-layer (attention or the feed-forward
network). Post-LN models tend to do well when they train, but deep ones often do not train:
without a long learning-rate warm-up, or at depth even with one, the loss blows up or stalls.
The [transformer layers](../../transformers/models.html#TransformerLayer) of this project normalize
*before* the sub-layer (pre-LN), $x_{l+1} = x_l + G(\mathop{LN}(x_l))$, which trains stably at depth,
but where each layer's output adds less and less to a growing residual, at some cost in quality.

### DeepNorm

The paper traces the instability of post-LN to the size of the *model update*: early in training,
the outputs of the layers of a deep post-LN model change a lot with each step, the changes add up over
the layers, and the gradients through the normalizations of the deep layers become very large or very
small. DeepNorm keeps post-LN, but weighs the residual up by a constant $\alpha > 1$,

$$x_{l+1} = \mathop{LN}\big(\alpha x_l + G(x_l)\big)$$

and initializes the weights of the sub-layers that feed the residual down by a constant $\beta < 1$:
the weights of the feed-forward network, and the value and output projections of the attention,
are drawn with Xavier initialization of gain $\beta$; the query and key projections keep gain $1$
(they only change where the attention looks, not the size of its output).
With both, each layer's update is bounded by a constant that does not grow with the depth.
For a stack of $N$ layers of attention and feed-forward sub-layers (an encoder, or a decoder-only
model such as GPT) the paper derives

$$\alpha = (2N)^{\frac{1}{4}} \qquad \beta = (8N)^{-\frac{1}{4}}$$

(for $N = 24$, $\alpha \approx 2.63$ and $\beta \approx 0.27$).
For encoder-decoder models it gives other constants, $\alpha = 0.81 (N^4 M)^{\frac{1}{16}}$ and
$\beta = 0.87 (N^4 M)^{-\frac{1}{16}}$ for an encoder of $N$ layers with a decoder of $M$,
and $\alpha = (3M)^{\frac{1}{4}}$, $\beta = (12M)^{-\frac{1}{4}}$ for the decoder;
only the single stack is implemented here.

Plain post-LN is the case $\alpha = \beta = 1$, which the [experiment](experiment.html) uses as the baseline,
so that the two models differ only in the two constants.
"""

from typing import List, Tuple, Union

import torch
from torch import nn

from labml_nn.transformers.feed_forward import FeedForward
from labml_nn.transformers.mha import MultiHeadAttention
from labml_nn.transformers.models import EmbeddingsWithPositionalEncoding
from labml_nn.transformers.utils import subsequent_mask


def deep_norm_constants(n_layers: int) -> Tuple[float, float]:
    r"""
    <a id="deep_norm_constants"></a>

    ### $\alpha$ and $\beta$ for a stack of $N$ layers

    $\alpha = (2N)^{\frac{1}{4}}$ and $\beta = (8N)^{-\frac{1}{4}}$, the paper's constants for
    an encoder or a decoder-only model of `n_layers` layers.
    """
    return (2 * n_layers) ** 0.25, (8 * n_layers) ** -0.25


class DeepNorm(nn.Module):
    r"""
    <a id="DeepNorm"></a>

    ## DeepNorm

    The residual connection and the normalization after it,
    $$x_{l+1} = \mathop{LN}\big(\alpha x_l + G(x_l)\big)$$
    """

    def __init__(self, alpha: float, normalized_shape: Union[int, List[int], torch.Size], *,
                 eps: float = 1e-5,
                 elementwise_affine: bool = True):
        r"""
        * `alpha` is $\alpha$, the weight of the residual
        * `normalized_shape` is the shape of the features, for
          [layer normalization](../layer_norm/index.html)
        * `eps` is $\epsilon$ of the layer normalization
        * `elementwise_affine` is whether the layer normalization has a gain and a bias
        """
        super().__init__()

        self.alpha = alpha
        # Layer normalization, `torch.nn.LayerNorm`, which computes the same as
        # [our layer normalization](../layer_norm/index.html#LayerNorm) in one fused kernel
        self.layer_norm = nn.LayerNorm(normalized_shape, eps=eps, elementwise_affine=elementwise_affine)

    def forward(self, x: torch.Tensor, gx: torch.Tensor):
        """
        * `x` is the input of the sub-layer, $x_l$
        * `gx` is its output, $G(x_l)$

        Both have the same shape, `[seq_len, batch_size, d_model]` in a transformer.
        """
        # $\mathop{LN}\big(\alpha x_l + G(x_l)\big)$
        return self.layer_norm(self.alpha * x + gx)


class DeepNormTransformerLayer(nn.Module):
    r"""
    <a id="DeepNormTransformerLayer"></a>

    ## Transformer Layer with DeepNorm

    Self-attention and a feed-forward network, each followed by a [DeepNorm](#DeepNorm):
    $$x' = \mathop{LN}\big(\alpha x + \mathop{Attention}(x)\big)
    \qquad
    x_{out} = \mathop{LN}\big(\alpha x' + \mathop{FFN}(x')\big)$$
    With $\alpha = \beta = 1$ it is the original post-LN layer.
    """

    def __init__(self, *, d_model: int, self_attn: MultiHeadAttention, feed_forward: FeedForward,
                 alpha: float, beta: float):
        r"""
        * `d_model` is the number of features in a token's vector
        * `self_attn` is the [self-attention](../../transformers/mha.html#MHA) module
        * `feed_forward` is the [feed-forward network](../../transformers/feed_forward.html#FFN)
        * `alpha` is $\alpha$, the weight of the residuals
        * `beta` is $\beta$, the gain of the initialization of the sub-layers' weights
        """
        super().__init__()

        self.self_attn = self_attn
        self.feed_forward = feed_forward
        # DeepNorm after self-attention and after the feed-forward network
        self.self_attn_norm = DeepNorm(alpha, [d_model])
        self.feed_forward_norm = DeepNorm(alpha, [d_model])

        # Xavier (Glorot) normal initialization of the weights, with gain $\beta$ for those that feed
        # the residual: the value and output projections and both layers of the feed-forward network,
        # each drawn from $\mathcal{N}\big(0, \beta^2 \frac{2}{n_{in} + n_{out}}\big)$
        with torch.no_grad():
            for linear in (self_attn.value.linear, self_attn.output,
                           feed_forward.layer1, feed_forward.layer2):
                nn.init.xavier_normal_(linear.weight, gain=beta)
            # and with gain $1$ for the query and key projections
            for linear in (self_attn.query.linear, self_attn.key.linear):
                nn.init.xavier_normal_(linear.weight, gain=1.0)
            # Biases start at zero
            for linear in (self_attn.query.linear, self_attn.key.linear, self_attn.value.linear,
                           self_attn.output, feed_forward.layer1, feed_forward.layer2):
                if linear.bias is not None:
                    nn.init.zeros_(linear.bias)

    def forward(self, x: torch.Tensor, mask: torch.Tensor):
        """
        * `x` are the token vectors, `[seq_len, batch_size, d_model]`
        * `mask` is the attention mask, `[seq_len, seq_len, batch_size]` or `[seq_len, seq_len, 1]`
        """
        # $\mathop{Attention}(x)$, `[seq_len, batch_size, d_model]`
        attn = self.self_attn(query=x, key=x, value=x, mask=mask)
        # $x' = \mathop{LN}\big(\alpha x + \mathop{Attention}(x)\big)$
        x = self.self_attn_norm(x, attn)
        # $\mathop{FFN}(x')$
        ff = self.feed_forward(x)
        # $x_{out} = \mathop{LN}\big(\alpha x' + \mathop{FFN}(x')\big)$
        return self.feed_forward_norm(x, ff)


class AutoregressiveModel(nn.Module):
    r"""
    <a id="AutoregressiveModel"></a>

    ## A character model of DeepNorm layers

    Token embeddings with [sinusoidal positions](../../transformers/models.html#EmbeddingsWithPositionalEncoding),
    a stack of $N$ [layers](#DeepNormTransformerLayer) with causal self-attention, and a linear
    projection to the logits. There is no final normalization: the last layer ends with one.
    """

    def __init__(self, n_vocab: int, *, d_model: int, heads: int, d_ff: int, n_layers: int,
                 deep_norm: bool = True):
        r"""
        * `n_vocab` is the number of characters
        * `d_model`, `heads` and `d_ff` are the width of the model, the number of attention heads
          and the width of the hidden layer of the feed-forward networks
        * `n_layers` is the number of layers $N$
        * `deep_norm` chooses DeepNorm's $\alpha$ and $\beta$ for $N$ layers;
          otherwise $\alpha = \beta = 1$, post-LN
        """
        super().__init__()

        # $\alpha$ and $\beta$
        self.alpha, self.beta = deep_norm_constants(n_layers) if deep_norm else (1.0, 1.0)
        # Token embeddings and positions, `[seq_len, batch_size, d_model]`
        self.embed = EmbeddingsWithPositionalEncoding(d_model, n_vocab)
        # The layers, without dropout: the experiment is about the stability of training
        self.layers = nn.ModuleList([
            DeepNormTransformerLayer(d_model=d_model,
                                     self_attn=MultiHeadAttention(heads, d_model, dropout_prob=0.0),
                                     feed_forward=FeedForward(d_model, d_ff, dropout=0.0),
                                     alpha=self.alpha, beta=self.beta)
            for _ in range(n_layers)])
        # Projection to the logits
        self.readout = nn.Linear(d_model, n_vocab)

    def forward(self, x: torch.Tensor):
        """
        `x` are the token ids, `[seq_len, batch_size]`;
        the logits are `[seq_len, batch_size, n_vocab]`.
        """
        # Each position sees itself and the positions before it, `[seq_len, seq_len, 1]`
        mask = subsequent_mask(x.shape[0]).to(x.device)
        # Token vectors, `[seq_len, batch_size, d_model]`
        x = self.embed(x)
        # Through the layers
        for layer in self.layers:
            x = layer(x, mask)
        # Logits
        return self.readout(x)

