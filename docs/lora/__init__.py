r"""
---
title: LoRA, Low-Rank Adaptation
summary: >
  A PyTorch implementation and tutorial of LoRA: low-rank adapters on chosen linear layers of a
  GPT model, the base weights frozen, and the adapters merged into the weights for inference.
---

# LoRA: Low-Rank Adaptation

This is an implementation of the paper
[LoRA: Low-Rank Adaptation of Large Language Models](https://arxiv.org/abs/2106.09685)
by Edward J. Hu, Yelong Shen, Phillip Wallis, Zeyuan Allen-Zhu, Yuanzhi Li, Shean Wang, Lu Wang
and Weizhu Chen (2021), applied to our [GPT-2 model](../transformers/gpt/index.html).

To adapt a trained model to a new task or new text, *full fine-tuning* trains all its weights again,
and keeps a copy of all of them for each task. LoRA freezes the trained weights and learns a
low-rank *change* to some of the weight matrices instead.
For a linear layer with the weight $W_0 \in \mathbb{R}^{d_{out} \times d_{in}}$,
$$h = W_0 x + \Delta W x = W_0 x + \frac{\alpha}{r} B A x$$
where $A \in \mathbb{R}^{r \times d_{in}}$ and $B \in \mathbb{R}^{d_{out} \times r}$ are the only
parameters that train, with a rank $r \ll \min(d_{in}, d_{out})$:
$r (d_{in} + d_{out})$ parameters instead of $d_{in} d_{out}$.

* $B$ starts at zero, so $\Delta W = 0$ and the adapted model starts as the trained model;
  $A$ starts random, so that $B$ gets a gradient from the first step.
* $\frac{\alpha}{r}$ scales the change. With Adam the size of the updates does not depend on the
  scale of the gradients, so $\alpha$ acts like a learning rate; fixing $\alpha$ and changing $r$
  keeps the scale of the initial updates roughly the same, and the paper sets $\alpha$ to the first
  $r$ it tries and does not tune it.
* After training, $W = W_0 + \frac{\alpha}{r} B A$ can be computed once and the model runs with it
  exactly as before: no extra computation at inference, unlike adapter layers that add depth.
  [`merge_lora`](#merge_lora) does that.

The paper adapts the query and value projections of attention, $W_q$ and $W_v$, and finds that a very
small rank (even $r = 1$) is enough on GPT-3; [`add_lora`](#add_lora) does the same by default,
and can adapt any of the linear layers of the blocks.

[The experiment](experiment.html) trains a small GPT on the first 90% of Tiny Shakespeare and adapts it
to the last 10% with ranks $1$, $4$ and $16$, and with full fine-tuning.
"""

import math
from typing import Dict, List, Sequence

import torch
from torch import nn


class LoRALinear(nn.Module):
    r"""
    <a id="LoRALinear"></a>

    ## A linear layer with a low-rank adapter

    $$h = W_0 x + b + \frac{\alpha}{r} B A x$$
    with $W_0$ and $b$ those of the frozen `base` layer.
    """

    def __init__(self, base: nn.Linear, r: int, alpha: float):
        r"""
        * `base` is the trained linear layer, $W_0$ of shape `[d_out, d_in]`, and its bias $b$;
          it is frozen
        * `r` is the rank $r \ge 1$
        * `alpha` is $\alpha$
        """
        super().__init__()
        if r < 1:
            raise ValueError(f'the rank must be at least 1, not {r}')
        #
        self.base = base
        self.r = r
        self.alpha = alpha
        # Freeze $W_0$ and $b$
        for p in base.parameters():
            p.requires_grad_(False)
        # $A$, `[r, d_in]`, random, as the paper's code draws it: PyTorch's default for a linear layer,
        # uniform in $\pm \frac{1}{\sqrt{d_{in}}}$
        self.lora_a = nn.Parameter(torch.empty(r, base.in_features))
        nn.init.kaiming_uniform_(self.lora_a, a=math.sqrt(5))
        # $B$, `[d_out, r]`, zero, so that $\Delta W = 0$ at the start
        self.lora_b = nn.Parameter(torch.zeros(base.out_features, r))
        # The scale $\frac{\alpha}{r}$
        self.scale = alpha / r

    def delta_weight(self) -> torch.Tensor:
        r"""
        $\Delta W = \frac{\alpha}{r} B A$, `[d_out, d_in]`
        """
        return self.scale * self.lora_b @ self.lora_a

    def forward(self, x: torch.Tensor):
        """
        `x` has shape `[..., d_in]`
        """
        # $W_0 x + b$, `[..., d_out]`
        h = self.base(x)
        # $+ \frac{\alpha}{r} B (A x)$: through the rank $r$, without forming $\Delta W$,
        # $r (d_{in} + d_{out})$ multiplications per token instead of $d_{in} d_{out}$
        return h + self.scale * (x @ self.lora_a.T) @ self.lora_b.T

    def merged(self) -> nn.Linear:
        r"""
        <a id="merged"></a>

        ### Merge

        A plain linear layer with the weight $W_0 + \frac{\alpha}{r} B A$ and the bias $b$,
        which computes the same as this layer
        """
        # A copy of the base layer's shape
        layer = nn.Linear(self.base.in_features, self.base.out_features, bias=self.base.bias is not None)
        layer = layer.to(self.base.weight.device, self.base.weight.dtype)
        # $W = W_0 + \Delta W$ and $b$
        with torch.no_grad():
            layer.weight.copy_(self.base.weight + self.delta_weight())
            if self.base.bias is not None:
                layer.bias.copy_(self.base.bias)
        #
        return layer


# <a id="TARGETS"></a>
# The linear layers of a [GPT block](../transformers/gpt/index.html#GPTBlock) that can be adapted,
# by a short name: the paths of the modules within a block
TARGETS: Dict[str, str] = {
    # $W_q$, $W_k$ and $W_v$ of [attention](../transformers/mha.html#PrepareMHA)
    'query': 'self_attn.query.linear',
    'key': 'self_attn.key.linear',
    'value': 'self_attn.value.linear',
    # $W^O$, the output projection of attention
    'output': 'self_attn.output',
    # The two layers of the [feed-forward network](../transformers/feed_forward.html)
    'ffn1': 'feed_forward.layer1',
    'ffn2': 'feed_forward.layer2',
}


def add_lora(model: nn.Module, r: int, alpha: float, targets: Sequence[str] = ('query', 'value')) -> List[LoRALinear]:
    """
    <a id="add_lora"></a>

    ## Add adapters to a model

    Freezes every parameter of `model`, then replaces the linear layers that `targets` name
    (keys of [`TARGETS`](#TARGETS)) in each block by [adapted ones](#LoRALinear) of rank `r`.
    Only the adapters train. Returns them.
    """

    # Unknown names are an error
    unknown = set(targets) - set(TARGETS)
    if unknown:
        raise ValueError(f'unknown targets {sorted(unknown)}; choose from {", ".join(TARGETS)}')
    # Freeze the whole model: the embeddings, the layer normalizations and all the linear layers
    for p in model.parameters():
        p.requires_grad_(False)
    # The paths of the layers to adapt, in every block
    suffixes = tuple('.' + TARGETS[t] for t in targets)
    names = [name for name, m in model.named_modules()
             if isinstance(m, nn.Linear) and ('.' + name).endswith(suffixes)]
    # Replace each by its adapted layer
    adapters = []
    for name in names:
        parent_name, _, child = name.rpartition('.')
        parent = model.get_submodule(parent_name)
        adapter = LoRALinear(getattr(parent, child), r, alpha).to(getattr(parent, child).weight.device)
        setattr(parent, child, adapter)
        adapters.append(adapter)
    #
    return adapters


def merge_lora(model: nn.Module) -> nn.Module:
    """
    <a id="merge_lora"></a>

    ## Merge the adapters into the weights

    Replaces each [adapted layer](#LoRALinear) of `model` by its [merged](#merged) linear layer,
    in place, and returns `model`, which is then the base model's architecture with new weights:
    it computes the same as the adapted model, as fast as the base model.
    """

    # The adapted layers and where they are
    names = [name for name, m in model.named_modules() if isinstance(m, LoRALinear)]
    for name in names:
        parent_name, _, child = name.rpartition('.')
        parent = model.get_submodule(parent_name)
        setattr(parent, child, getattr(parent, child).merged())
    #
    return model


def trainable_parameters(model: nn.Module) -> int:
    """
    The number of parameters that train
    """
    return sum(p.numel() for p in model.parameters() if p.requires_grad)
