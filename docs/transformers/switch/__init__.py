r"""
---
title: Switch Transformer
summary: >
  A PyTorch implementation and tutorial of the Switch Transformer's mixture of experts:
  a router sends each token to one of several feed-forward networks, with an expert capacity,
  dropped tokens and a load-balancing loss.
---

# Switch Transformer

This is an implementation of the mixture-of-experts layer of the paper
[Switch Transformers: Scaling to Trillion Parameter Models with Simple and Efficient Sparsity](https://arxiv.org/abs/2101.03961)
by William Fedus, Barret Zoph and Noam Shazeer (2021).

A [transformer layer](../models.html#TransformerLayer) has one
[position-wise feed-forward network](../feed_forward.html) (FFN), which every token goes through.
The Switch Transformer replaces it with $N$ of them, the *experts*, and a small *router* that sends each
token to one expert alone. The model has $N$ times the parameters of the FFN, but each token still goes
through one FFN: the computation per token is that of the dense model, plus the router's
$d_{model} \times N$ product.
Earlier mixtures of experts sent each token to the $k \ge 2$ best experts; the paper's point is that
$k = 1$, the *switch*, is enough, and simpler and cheaper.

The paper's other parts are about making that work on many machines: each expert has a fixed
*capacity*, tokens beyond it are *dropped*, and an auxiliary loss keeps the experts evenly loaded.
All three are here, in [the Switch layer](#SwitchFeedForward); the attention layers and everything else
are those of the [basic transformer](../basic/autoregressive_experiment.html), whose
experiment trains the Switch model with `--experts N`.

### Routing

The router is a linear layer $W_r$ of shape $d_{model} \times N$.
For a token $x$ it gives the probabilities of the experts
$$p_i(x) = \frac{e^{h(x)_i}}{\sum_{j=1}^N e^{h(x)_j}}, \qquad h(x) = x W_r$$
and the token goes to the expert $i = \mathop{argmax}_j p_j(x)$ alone. The output is the expert's output
scaled by its probability,
$$y = p_i(x) E_i(x)$$
so that the router, whose choice is not differentiable, still gets a gradient through $p_i(x)$.

### Capacity and dropped tokens

On an accelerator every expert processes a tensor of a fixed size, its *capacity*
$$C = \Big\lfloor \text{capacity factor} \cdot \frac{T}{N} \Big\rfloor$$
tokens for a batch of $T$ tokens. A capacity factor of $1$ fits the batch when the router shares it out
exactly evenly; above $1$ leaves room for some imbalance, at the cost of padding.
The tokens an expert gets beyond its capacity are *dropped*: the layer gives them $0$, and the
[residual connection](../models.html#TransformerLayer) around it carries them unchanged to the next layer.
Here the tokens are taken in the order of the flattened `[seq_len, batch_size]` tensor, position by
position, so whether a token is dropped does not depend on the later positions of its own sequence.
The computation on a CPU needs no fixed sizes, but we keep the capacity to measure what it costs.

### Load balancing

Left alone, a router tends to send most tokens to a few experts, which then drop them.
The paper adds to the loss
$$\mathcal{L}_{balance} = \alpha \cdot N \cdot \sum_{i=1}^N f_i \cdot P_i$$
where $f_i$ is the fraction of the $T$ tokens routed to expert $i$ (before dropping) and $P_i$ the mean
of the router's probability for expert $i$ over the tokens,
$$f_i = \frac{1}{T} \sum_{x} \mathbb{1}\{\mathop{argmax}_j p_j(x) = i\}, \qquad
P_i = \frac{1}{T} \sum_{x} p_i(x)$$
Both are $\frac{1}{N}$ for an even load, where the loss is $\alpha$, its minimum;
$f$ has no gradient, so the loss lowers the probability of the experts that get more than their share.
The paper uses $\alpha = 10^{-2}$, and so do we.

### What we leave out

The paper computes the router in `float32` while the rest of the model trains in `bfloat16`
(*selective precision*); our runs are in `float32` throughout, and the router casts its input to
`float32` in any case. It initializes the weights at a tenth of the usual scale, adds multiplicative
noise to the router's input in training and uses expert dropout when fine-tuning; none of these is here.
Its experts sit on different devices with an all-to-all exchange of tokens; ours are in a loop on one device.

[The comparison](experiment.html) trains the dense model and Switch models with $2$, $4$ and $8$ experts
on Tiny Shakespeare, and measures the experts' load and the dropped tokens.
"""

from typing import List, Optional

import torch
from torch import nn

from labml_nn.transformers.feed_forward import FeedForward


class SwitchFeedForward(nn.Module):
    r"""
    <a id="SwitchFeedForward"></a>

    ## Switch layer

    It takes the place of the [FFN](../feed_forward.html#FFN) in a
    [transformer layer](../models.html#TransformerLayer), with the same input and output,
    `[seq_len, batch_size, d_model]`.
    After each forward pass it keeps what happened in its attributes:
    the load-balancing loss in `aux_loss`, which the
    [trainer](../../experiments/nlp_autoregression.html#Trainer) adds to the loss,
    the number of tokens routed to each expert in `counts` and the number of dropped tokens in `dropped`.
    """

    def __init__(self, experts: List[FeedForward], d_model: int, *,
                 capacity_factor: float = 1.25, drop_tokens: bool = True, balance_loss: float = 0.01):
        r"""
        * `experts` are the $N$ expert networks, each an [FFN](../feed_forward.html#FFN) like the dense
          model's
        * `d_model` is the number of features in a token embedding
        * `capacity_factor` sets the capacity of each expert, $\lfloor$`capacity_factor`$\cdot T / N\rfloor$
          tokens of a batch of $T$
        * `drop_tokens` drops the tokens beyond the capacity; without it no token is dropped
        * `balance_loss` is $\alpha$, the weight of the load-balancing loss ($0$: none)
        """
        super().__init__()
        #
        self.n_experts = len(experts)
        self.capacity_factor = capacity_factor
        self.drop_tokens = drop_tokens
        self.balance_loss = balance_loss
        # The experts $E_1, \dots, E_N$
        self.experts = nn.ModuleList(experts)
        # The router $W_r$, `[d_model, n_experts]`
        self.switch = nn.Linear(d_model, self.n_experts)
        # What the last forward pass did
        self.aux_loss: Optional[torch.Tensor] = None
        self.counts: Optional[torch.Tensor] = None
        self.dropped = 0

    def capacity(self, n_tokens: int) -> int:
        r"""
        The capacity of an expert for a batch of `n_tokens` tokens,
        $C = \lfloor \text{capacity factor} \cdot \frac{T}{N} \rfloor$
        """
        return int(self.capacity_factor * n_tokens / self.n_experts)

    def route(self, x: torch.Tensor):
        r"""
        <a id="route"></a>

        ### Route the tokens

        `x` is the tokens, `[T, d_model]`. Returns the probabilities of the experts, `[T, n_experts]`,
        the chosen expert of each token, `[T]`, and whether each token is kept, `[T]`.
        """

        # $p(x) = \mathop{softmax}(x W_r)$, `[T, n_experts]`, in `float32`
        probs = torch.softmax(self.switch(x.float()), dim=-1)
        # Top-1 routing, $i = \mathop{argmax}_j p_j(x)$, `[T]`
        expert = probs.argmax(dim=-1)
        # Where each token comes in its expert's queue: the number of tokens before it, in the order of
        # the batch, that went to the same expert. `one_hot` is `[T, n_experts]`, and its cumulative
        # sum down the tokens, less one, is the place of each token in each queue
        one_hot = nn.functional.one_hot(expert, self.n_experts)
        place = (one_hot.cumsum(dim=0) - 1).gather(1, expert[:, None])[:, 0]
        # Keep the tokens within the capacity $C$, all of them when not dropping
        if self.drop_tokens:
            keep = place < self.capacity(len(x))
        else:
            keep = torch.ones_like(expert, dtype=torch.bool)
        #
        return probs, expert, keep

    def forward(self, x: torch.Tensor):
        """
        `x` has shape `[seq_len, batch_size, d_model]`
        """

        # The $T$ = `seq_len * batch_size` tokens, `[T, d_model]`
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        # Probabilities, chosen experts and kept tokens
        probs, expert, keep = self.route(x)

        # The output; the dropped tokens keep $0$, so that the residual connection passes them on
        out = x.new_zeros(x.shape)
        # Each expert computes its kept tokens. This loop is the all-to-all exchange of the paper,
        # where each expert is on a device of its own
        for i, e in enumerate(self.experts):
            # Indexes of the kept tokens routed to expert $i$
            idx = torch.nonzero((expert == i) & keep)[:, 0]
            if len(idx):
                out[idx] = e(x[idx]).to(out.dtype)
        # $y = p_i(x) E_i(x)$, scaled by the probability of the chosen expert
        gate = probs.gather(1, expert[:, None]).to(out.dtype)
        out = out * gate

        # Tokens routed to each expert before dropping, $T f_i$, `[n_experts]`
        self.counts = torch.bincount(expert, minlength=self.n_experts)
        # Number of dropped tokens
        self.dropped = int((~keep).sum())
        # $\mathcal{L}_{balance} = \alpha N \sum_i f_i P_i$, with $f_i$ a constant
        if self.balance_loss > 0:
            f = self.counts.float() / len(x)
            p_mean = probs.mean(dim=0)
            self.aux_loss = self.balance_loss * self.n_experts * (f * p_mean).sum()
        else:
            self.aux_loss = None

        # Back to `[seq_len, batch_size, d_model]`
        return out.view(shape)


def switch_layers(model: nn.Module) -> List[SwitchFeedForward]:
    """
    The Switch layers of a model, in order
    """
    return [m for m in model.modules() if isinstance(m, SwitchFeedForward)]
