r"""
---
title: Transformer Encoder and Decoder Models
summary: >
  These are PyTorch implementations of Transformer based encoder and decoder models,
  as well as other related modules.
---

# Transformer Encoder and Decoder Models

This page puts the pieces of the transformer from the paper
[Attention Is All You Need](https://arxiv.org/abs/1706.03762) together:
token embeddings with [positional encodings](positional_encoding.html),
[multi-head attention](mha.html#MHA) and the
[position-wise feed-forward network](feed_forward.html)
form a [transformer layer](models.html#TransformerLayer);
stacks of layers form the [encoder](models.html#Encoder) and the [decoder](models.html#Decoder);
and an [encoder-decoder](models.html#EncoderDecoder) model joins the two for sequence-to-sequence tasks.

All tensors have the sequence first, `[seq_len, batch_size, ...]`, as in the
[attention module](mha.html).

The layers here use *pre-norm* residual connections:
the input of each sub-layer is normalized, and the output of the sub-layer is added
to the un-normalized input,
$$x \leftarrow x + \mathop{Dropout}\big(\mathop{SubLayer}(\mathop{LayerNorm}(x))\big)$$
The paper normalized after the addition instead (*post-norm*),
$x \leftarrow \mathop{LayerNorm}\big(x + \mathop{SubLayer}(x)\big)$;
pre-norm keeps an un-normalized path from the input to the output,
which makes deep stacks easier to train, often without a long learning-rate warm-up.
Because of that the stacks end with a final layer normalization.

[Here is an experiment](basic/autoregressive_experiment.html)
that builds an encoder from these pieces and trains it as an autoregressive language model.
"""

import math
from typing import Optional

import torch
from torch import nn

from .feed_forward import FeedForward
from .mha import MultiHeadAttention
from .positional_encoding import get_positional_encoding
from .utils import clone_module_list


class EmbeddingsWithPositionalEncoding(nn.Module):
    r"""
    <a id="EmbeddingsWithPositionalEncoding"></a>

    ## Embed tokens and add [fixed positional encoding](positional_encoding.html)

    $$\mathop{Dropout}\big(\mathop{Embed}(x_p) \sqrt{d_{model}} + PE_p\big)$$

    The embedding weights are initialized from $\mathcal{N}(0, \frac{1}{d_{model}})$
    and scaled by $\sqrt{d_{model}}$, as in the paper,
    so each feature of a scaled embedding starts with a standard deviation of $1$,
    on the scale of the positional encodings, whose values lie in $[-1, 1]$:
    neither drowns the other.
    (`nn.Embedding`'s own initialization, $\mathcal{N}(0, 1)$, would make the scaled embeddings
    $\sqrt{d_{model}}$ times larger and the positions nearly invisible.)
    The initialization suits [tied weights](#Generator) too: the same matrix, used as the output projection
    of normalized features, gives logits of about unit size.
    Dropout is applied to the sum, as in section 5.4 of the paper.
    """

    def __init__(self, d_model: int, n_vocab: int, max_len: int = 5000, dropout_prob: float = 0.0):
        """
        * `d_model` is the number of features in an embedding
        * `n_vocab` is the size of the vocabulary
        * `max_len` is the longest sequence that can be encoded
        * `dropout_prob` is the dropout probability applied to the sum of the embeddings and the encodings
        """
        super().__init__()
        # Token embeddings, initialized from $\mathcal{N}(0, \frac{1}{d_{model}})$
        self.linear = nn.Embedding(n_vocab, d_model)
        nn.init.normal_(self.linear.weight, std=d_model ** -0.5)
        # Dropout of the sum
        self.dropout = nn.Dropout(dropout_prob)
        # Number of features in an embedding
        self.d_model = d_model
        # The fixed encodings, of shape `[max_len, 1, d_model]`, as a buffer:
        # not trained, and not saved since they can be recomputed
        self.register_buffer('positional_encodings', get_positional_encoding(d_model, max_len), False)

    def forward(self, x: torch.Tensor):
        """
        `x` holds token indexes of shape `[seq_len, batch_size]`;
        the result has shape `[seq_len, batch_size, d_model]`.
        """

        # The buffer holds `max_len` positions only
        if x.shape[0] > self.positional_encodings.shape[0]:
            raise ValueError(f'sequence length {x.shape[0]} is longer than max_len '
                             f'{self.positional_encodings.shape[0]} of the positional encodings')
        # Encodings for the first `seq_len` positions, `[seq_len, 1, d_model]`
        pe = self.positional_encodings[:x.shape[0]]
        # $\mathop{Dropout}\big(\mathop{Embed}(x_p) \sqrt{d_{model}} + PE_p\big)$
        return self.dropout(self.linear(x) * math.sqrt(self.d_model) + pe)


class EmbeddingsWithLearnedPositionalEncoding(nn.Module):
    r"""
    <a id="EmbeddingsWithLearnedPositionalEncoding"></a>

    ## Embed tokens and add parameterized positional encodings

    $$\mathop{Dropout}\big(\mathop{Embed}(x_p) \sqrt{d_{model}} + P_p\big)$$

    where $P_p$ is a vector learned for each position $p$, starting at zero;
    the token embeddings are initialized and scaled as [with fixed encodings](#EmbeddingsWithPositionalEncoding).
    The paper found learned encodings to perform about as well as the
    [fixed ones](positional_encoding.html); it chose the fixed ones because they
    may let the model extrapolate to sequences longer than those seen in training,
    while a learned encoding exists only for the `max_len` positions it has.
    """

    def __init__(self, d_model: int, n_vocab: int, max_len: int = 5000, dropout_prob: float = 0.0):
        """
        * `d_model` is the number of features in an embedding
        * `n_vocab` is the size of the vocabulary
        * `max_len` is the longest sequence that can be encoded
        * `dropout_prob` is the dropout probability applied to the sum of the embeddings and the encodings
        """
        super().__init__()
        # Token embeddings, initialized from $\mathcal{N}(0, \frac{1}{d_{model}})$
        self.linear = nn.Embedding(n_vocab, d_model)
        nn.init.normal_(self.linear.weight, std=d_model ** -0.5)
        # Dropout of the sum
        self.dropout = nn.Dropout(dropout_prob)
        # Number of features in an embedding
        self.d_model = d_model
        # The positional encodings $P$, a parameter of shape `[max_len, 1, d_model]`,
        # initialized to zeros
        self.positional_encodings = nn.Parameter(torch.zeros(max_len, 1, d_model), requires_grad=True)

    def forward(self, x: torch.Tensor):
        """
        `x` holds token indexes of shape `[seq_len, batch_size]`;
        the result has shape `[seq_len, batch_size, d_model]`.
        """

        # The parameter holds `max_len` positions only
        if x.shape[0] > self.positional_encodings.shape[0]:
            raise ValueError(f'sequence length {x.shape[0]} is longer than max_len '
                             f'{self.positional_encodings.shape[0]} of the positional encodings')
        # Encodings for the first `seq_len` positions, `[seq_len, 1, d_model]`
        pe = self.positional_encodings[:x.shape[0]]
        # $\mathop{Dropout}\big(\mathop{Embed}(x_p) \sqrt{d_{model}} + P_p\big)$
        return self.dropout(self.linear(x) * math.sqrt(self.d_model) + pe)


class TransformerLayer(nn.Module):
    """
    <a id="TransformerLayer"></a>

    ## Transformer Layer

    This can act as an encoder layer or a decoder layer.
    An encoder layer has self-attention and a feed-forward network;
    a decoder layer also attends to the encoder output (`src_attn`)
    between the two.

    *Note:* some implementations, including the paper, seem to have differences
    in where the layer-normalization is done.
    Here we do a layer normalization before attention and feed-forward networks,
    and add the original residual vectors.
    An alternative is to do a layer normalization after adding the residuals.
    But we found this to be less stable when training.
    We found a detailed discussion about this in the paper
     [On Layer Normalization in the Transformer Architecture](https://arxiv.org/abs/2002.04745).
    """

    def __init__(self, *,
                 d_model: int,
                 self_attn: MultiHeadAttention,
                 src_attn: MultiHeadAttention = None,
                 feed_forward: FeedForward,
                 dropout_prob: float):
        """
        * `d_model` is the token embedding size
        * `self_attn` is the self attention module
        * `src_attn` is the source attention module (when this is used in a decoder)
        * `feed_forward` is the feed forward module
        * `dropout_prob` is the probability of dropping out after self attention and FFN
        """
        super().__init__()
        # Token embedding size
        self.size = d_model
        # Sub-layers
        self.self_attn = self_attn
        self.src_attn = src_attn
        self.feed_forward = feed_forward
        # Dropout applied to the output of each sub-layer before it is added to the residual
        self.dropout = nn.Dropout(dropout_prob)
        # Layer normalization before self-attention
        self.norm_self_attn = nn.LayerNorm([d_model])
        # Layer normalization before source attention, if there is one
        if self.src_attn is not None:
            self.norm_src_attn = nn.LayerNorm([d_model])
        # Layer normalization before the feed-forward network
        self.norm_ff = nn.LayerNorm([d_model])
        # Whether to save input to the feed forward layer
        self.is_save_ff_input = False

    def forward(self, *,
                x: torch.Tensor,
                mask: torch.Tensor,
                src: torch.Tensor = None,
                src_mask: torch.Tensor = None):
        """
        * `x` is the input of shape `[seq_len, batch_size, d_model]`
        * `mask` is the self-attention mask of shape `[seq_len, seq_len, batch_size]`
          (or with $1$ in the first or last dimension, to broadcast), or `None`
        * `src` is the encoder output of shape `[src_seq_len, batch_size, d_model]`,
          for a decoder layer
        * `src_mask` is the mask for attending to `src`, of shape
          `[seq_len, src_seq_len, batch_size]` (or broadcastable as above), or `None`
        """
        # Normalize the vectors before doing self attention
        z = self.norm_self_attn(x)
        # Run through self attention, i.e. keys and values are from self
        self_attn = self.self_attn(query=z, key=z, value=z, mask=mask)
        # Add the self attention results
        x = x + self.dropout(self_attn)

        # If a source is provided, get results from attention to source.
        # This is when you have a decoder layer that pays attention to
        # encoder outputs
        if src is not None:
            # A layer built without source attention cannot attend to a source
            if self.src_attn is None:
                raise ValueError('src was given but this layer has no src_attn')
            # Normalize vectors
            z = self.norm_src_attn(x)
            # Attention to source. i.e. keys and values are from source
            attn_src = self.src_attn(query=z, key=src, value=src, mask=src_mask)
            # Add the source attention results
            x = x + self.dropout(attn_src)

        # Normalize for feed-forward
        z = self.norm_ff(x)
        # Save the input to the feed forward layer if specified
        if self.is_save_ff_input:
            self.ff_input = z.clone()
        # Pass through the feed-forward network
        ff = self.feed_forward(z)
        # Add the feed-forward results back
        x = x + self.dropout(ff)

        # The output has the same shape as the input, `[seq_len, batch_size, d_model]`
        return x


class Encoder(nn.Module):
    """
    <a id="Encoder"></a>

    ## Transformer Encoder

    A stack of `n_layers` [transformer layers](models.html#TransformerLayer) followed by a layer normalization.
    Without a mask every position sees every other; with a
    [subsequent mask](utils.html#subsequent_mask) it is an autoregressive model.
    """

    def __init__(self, layer: TransformerLayer, n_layers: int):
        """
        * `layer` is the prototype layer; it is copied `n_layers` times
        * `n_layers` is the number of layers
        """
        super().__init__()
        # Make copies of the transformer layer; they start equal but are trained separately
        self.layers = clone_module_list(layer, n_layers)
        # Final normalization layer, needed because the layers use pre-norm residuals
        self.norm = nn.LayerNorm([layer.size])

    def forward(self, x: torch.Tensor, mask: torch.Tensor):
        """
        * `x` is the embedded input of shape `[seq_len, batch_size, d_model]`
        * `mask` is the attention mask of shape `[seq_len, seq_len, batch_size]`
          (or broadcastable), or `None`
        """
        # Run through each transformer layer
        for layer in self.layers:
            x = layer(x=x, mask=mask)
        # Finally, normalize the vectors; the output has shape `[seq_len, batch_size, d_model]`
        return self.norm(x)


class Decoder(nn.Module):
    """
    <a id="Decoder"></a>

    ## Transformer Decoder

    A stack of `n_layers` [transformer layers](models.html#TransformerLayer) with source attention,
    followed by a layer normalization.
    Each layer attends to the previous target tokens (masked with a
    [subsequent mask](utils.html#subsequent_mask)) and to the encoder output, the *memory*.
    """

    def __init__(self, layer: TransformerLayer, n_layers: int):
        """
        * `layer` is the prototype layer, which must have `src_attn`; it is copied `n_layers` times
        * `n_layers` is the number of layers
        """
        super().__init__()
        # A decoder layer must be able to attend to the encoder output
        if layer.src_attn is None:
            raise ValueError('a decoder layer needs src_attn to attend to the encoder output')
        # Make copies of the transformer layer
        self.layers = clone_module_list(layer, n_layers)
        # Final normalization layer
        self.norm = nn.LayerNorm([layer.size])

    def forward(self, x: torch.Tensor, memory: torch.Tensor, src_mask: torch.Tensor, tgt_mask: torch.Tensor):
        """
        * `x` is the embedded target of shape `[tgt_seq_len, batch_size, d_model]`
        * `memory` is the encoder output of shape `[src_seq_len, batch_size, d_model]`
        * `src_mask` is the mask for attending to the memory, of shape
          `[tgt_seq_len or 1, src_seq_len, batch_size or 1]`
        * `tgt_mask` is the self-attention mask of shape
          `[tgt_seq_len, tgt_seq_len, batch_size or 1]`
        """
        # Run through each transformer layer
        for layer in self.layers:
            x = layer(x=x, mask=tgt_mask, src=memory, src_mask=src_mask)
        # Finally, normalize the vectors; the output has shape `[tgt_seq_len, batch_size, d_model]`
        return self.norm(x)


class Generator(nn.Module):
    r"""
    <a id="Generator"></a>

    ## Generator

    The final linear projection, from $d_{model}$ features to one logit per token of the vocabulary.
    It returns the logits, not probabilities:
    `nn.CrossEntropyLoss` applies the log-softmax itself, and a sampler applies the softmax.

    With `embedding` given, the projection uses the embedding's weight matrix, as in section 3.4 of the paper:
    the same $V \times d_{model}$ matrix maps tokens to vectors on the way in and vectors to logits
    on the way out, one tensor trained by both, with $V \cdot d_{model}$ fewer parameters.
    """

    def __init__(self, n_vocab: int, d_model: int, embedding: Optional[nn.Embedding] = None):
        """
        * `n_vocab` is the size of the vocabulary
        * `d_model` is the number of features in an embedding
        * `embedding` is the token embedding whose weights the projection shares, or `None`
        """
        super().__init__()
        # Linear projection from $d_{model}$ features to one logit per token in the vocabulary
        self.projection = nn.Linear(d_model, n_vocab)
        # Tie the weights: the projection's weight *is* the embedding's, `[n_vocab, d_model]`
        if embedding is not None:
            self.projection.weight = embedding.weight

    def forward(self, x: torch.Tensor):
        """
        `x` has shape `[seq_len, batch_size, d_model]`;
        the logits have shape `[seq_len, batch_size, n_vocab]`.
        """
        #
        return self.projection(x)


class EncoderDecoder(nn.Module):
    """
    <a id="EncoderDecoder"></a>

    ## Combined Encoder-Decoder

    The sequence-to-sequence model of the paper:
    the encoder reads the embedded source, and the decoder reads the embedded target
    while attending to the encoder output.

    `forward` returns the decoder output of shape `[tgt_seq_len, batch_size, d_model]`;
    pass it through `generator` to get the logits.
    Keeping the two apart lets a loss or a sampler pick the positions it needs before projecting.
    """

    def __init__(self, encoder: Encoder, decoder: Decoder, src_embed: nn.Module, tgt_embed: nn.Module,
                 generator: nn.Module):
        """
        * `encoder` is the [encoder](models.html#Encoder)
        * `decoder` is the [decoder](models.html#Decoder)
        * `src_embed` embeds the source tokens, for example
          [with fixed positional encodings](models.html#EmbeddingsWithPositionalEncoding)
        * `tgt_embed` embeds the target tokens
        * `generator` is the [generator](models.html#Generator) that turns decoder outputs into logits
        """
        super().__init__()
        # Modules
        self.encoder = encoder
        self.decoder = decoder
        self.src_embed = src_embed
        self.tgt_embed = tgt_embed
        self.generator = generator

        # Initialize the weight matrices of the encoder and the decoder with Glorot / fan_avg (Xavier uniform),
        # as the reference implementation of the paper does.
        # Biases and layer-normalization gains keep their defaults,
        # and the embeddings keep theirs: $\mathcal{N}(0, \frac{1}{d_{model}})$ for the tokens
        # and zeros for learned positions
        for p in list(self.encoder.parameters()) + list(self.decoder.parameters()):
            if p.dim() > 1:
                nn.init.xavier_uniform_(p)

    def forward(self, src: torch.Tensor, tgt: torch.Tensor, src_mask: torch.Tensor, tgt_mask: torch.Tensor):
        """
        * `src` holds source token indexes of shape `[src_seq_len, batch_size]`
        * `tgt` holds target token indexes of shape `[tgt_seq_len, batch_size]`
        * `src_mask` is the mask over the source, of shape `[1, src_seq_len, batch_size]`
          (to hide padding), or `None`; it is used both by the encoder self-attention
          and by the decoder attention to the memory, so its query dimension must be $1$
          unless the source and target have the same length
        * `tgt_mask` is the target self-attention mask, usually a
          [subsequent mask](utils.html#subsequent_mask), of shape `[tgt_seq_len, tgt_seq_len, 1]`
        """
        # Run the source through encoder
        enc = self.encode(src, src_mask)
        # Run encodings and targets through decoder
        return self.decode(enc, src_mask, tgt, tgt_mask)

    def encode(self, src: torch.Tensor, src_mask: torch.Tensor):
        """
        ### Encode the source

        Returns the memory of shape `[src_seq_len, batch_size, d_model]`.
        """
        #
        return self.encoder(self.src_embed(src), src_mask)

    def decode(self, memory: torch.Tensor, src_mask: torch.Tensor, tgt: torch.Tensor, tgt_mask: torch.Tensor):
        """
        ### Decode the target, attending to the memory

        Returns a tensor of shape `[tgt_seq_len, batch_size, d_model]`.
        """
        #
        return self.decoder(self.tgt_embed(tgt), memory, src_mask, tgt_mask)
