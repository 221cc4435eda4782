"""
---
title: Transformers
summary: >
  This is a collection of PyTorch implementations/tutorials of transformers and related techniques.
---

# Transformers

The transformer, introduced in the paper
[Attention Is All You Need](https://arxiv.org/abs/1706.03762),
is a sequence model built from attention alone, without recurrence or convolutions.
Every position looks at every other position through attention in a single step,
so a whole sequence is processed in parallel during training,
and information travels between any two positions in one layer
instead of across many recurrent steps.

A transformer layer has two sub-layers, each wrapped in a residual connection
with layer normalization:
[multi-head attention](mha.html), where each position gathers information from the others,
and a [position-wise feed-forward network](feed_forward.html), which transforms each position on its own.
Since attention ignores order, [positional encodings](positional_encoding.html)
are added to the token embeddings.
The *encoder* is a stack of such layers over the source sequence;
the *decoder* is a stack that also attends to the encoder output,
and it is masked so that each position only sees the positions before it.

This section implements the transformer piece by piece:

* [Multi-head attention](mha.html), and [the same attention with a fused kernel](mha_fast.html)
  to train with
* [Position-wise feed-forward network](feed_forward.html), with [gated (GLU) variants](feed_forward.html#glu_feed_forward)
* [Fixed positional encodings](positional_encoding.html)
* [Relative multi-head attention and Transformer-XL](xl/index.html), with segment-level recurrence
* [Rotary positional embeddings (RoPE)](rope/index.html)
* [Attention with linear biases (ALiBi)](alibi/index.html)
* [Positions in attention compared](positions/index.html): the five schemes trained alike on Tiny Shakespeare
  and measured on sequences longer than those they were trained on
* [Transformer layer, encoder, decoder, generator and the encoder-decoder model](models.html),
  with fixed and learned positional embeddings
* [Utilities](utils.html): the [subsequent mask](utils.html#subsequent_mask) for autoregressive models
* [The Noam learning-rate schedule](../optimizers/noam.html) from the paper
* [GPT-2](gpt/index.html): the decoder-only model with pre-norm blocks, GELU, learned positions,
  tied embeddings and a depth-scaled initialization, trained with [AdamW](../optimizers/adamw.html)
* [Switch Transformer](switch/index.html): a mixture of experts in place of the feed-forward network,
  a router sending each token to one expert, and [a comparison](switch/experiment.html) with the dense model

[Here is the training code](basic/autoregressive_experiment.html) for a basic transformer
trained as an autoregressive language model;
[the basic transformer section](basic/index.html) explains it.
"""

import importlib

# ## Re-exports
#
# The main classes can be imported from this package, e.g.
# `from labml_nn.transformers import MultiHeadAttention, Encoder`.
# They are loaded on first use, so importing the package stays cheap.
_EXPORTS = {
    'MultiHeadAttention': '.mha',
    'FastMultiHeadAttention': '.mha_fast',
    'FeedForward': '.feed_forward',
    'PositionalEncoding': '.positional_encoding',
    'TransformerLayer': '.models',
    'Encoder': '.models',
    'Decoder': '.models',
    'Generator': '.models',
    'EncoderDecoder': '.models',
}

#
__all__ = list(_EXPORTS)


def __getattr__(name: str):
    """
    Load a re-exported name from its module when it is first accessed
    """
    # Only the names listed above
    if name not in _EXPORTS:
        raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
    # Import the module and take the name from it
    return getattr(importlib.import_module(_EXPORTS[name], __name__), name)
