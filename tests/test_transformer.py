"""
Transformer building blocks: masks, positional encodings, layers and models,
the Noam schedule and optimizer, and the GLU variants of the feed-forward network.
"""

import math

import pytest
import torch
from torch import nn

from labml_nn.optimizers.noam import Noam, noam_lr
from labml_nn.transformers.feed_forward import FeedForward, glu_feed_forward
from labml_nn.transformers.mha import MultiHeadAttention
from labml_nn.transformers.models import (
    Decoder,
    EmbeddingsWithLearnedPositionalEncoding,
    EmbeddingsWithPositionalEncoding,
    Encoder,
    EncoderDecoder,
    Generator,
    TransformerLayer,
)
from labml_nn.transformers.positional_encoding import PositionalEncoding, get_positional_encoding
from labml_nn.transformers.utils import subsequent_mask

D_MODEL = 16
HEADS = 4
D_FF = 32


# ---------------------------------------------------------------- masks


def test_subsequent_mask_values():
    mask = subsequent_mask(4)
    assert mask.shape == (4, 4, 1)
    assert mask.dtype == torch.bool
    expected = torch.tensor([[1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]], dtype=torch.bool)
    assert torch.equal(mask[:, :, 0], expected)


def test_subsequent_mask_size_one():
    assert subsequent_mask(1).tolist() == [[[True]]]


# ---------------------------------------------------------------- positional encodings


@pytest.mark.parametrize('d_model', [8, 7])
def test_positional_encoding_formula(d_model):
    pe = get_positional_encoding(d_model, max_len=60)
    assert pe.shape == (60, 1, d_model)
    assert not pe.requires_grad
    for p in (0, 1, 5, 59):
        for j in range(d_model):
            two_i = j - j % 2
            angle = p / (10000 ** (two_i / d_model))
            want = math.sin(angle) if j % 2 == 0 else math.cos(angle)
            assert pe[p, 0, j].item() == pytest.approx(want, abs=1e-5), (p, j)


def test_positional_encoding_module_adds_buffer():
    module = PositionalEncoding(D_MODEL, dropout_prob=0.0, max_len=20)
    assert 'positional_encodings' in dict(module.named_buffers())
    assert len(list(module.parameters())) == 0
    x = torch.randn(6, 3, D_MODEL)
    out = module(x)
    torch.testing.assert_close(out, x + get_positional_encoding(D_MODEL, 20)[:6])
    with pytest.raises(ValueError, match='max_len'):
        module(torch.randn(21, 1, D_MODEL))


def test_fixed_embedding_is_buffer_learned_is_parameter():
    fixed = EmbeddingsWithPositionalEncoding(D_MODEL, n_vocab=11, max_len=20)
    learned = EmbeddingsWithLearnedPositionalEncoding(D_MODEL, n_vocab=11, max_len=20)
    assert 'positional_encodings' in dict(fixed.named_buffers())
    assert 'positional_encodings' not in dict(fixed.named_parameters())
    assert 'positional_encodings' in dict(learned.named_parameters())
    assert 'positional_encodings' not in dict(learned.named_buffers())

    tokens = torch.randint(0, 11, (5, 2))
    out = fixed(tokens)
    assert out.shape == (5, 2, D_MODEL)
    want = fixed.linear(tokens) * math.sqrt(D_MODEL) + get_positional_encoding(D_MODEL, 20)[:5]
    torch.testing.assert_close(out, want)

    out = learned(tokens)
    assert out.shape == (5, 2, D_MODEL)
    out.sum().backward()
    assert learned.positional_encodings.grad is not None
    assert learned.positional_encodings.grad[:5].abs().sum() > 0
    assert learned.positional_encodings.grad[5:].abs().sum() == 0


# ---------------------------------------------------------------- feed-forward


@pytest.mark.parametrize('is_gated', [False, True])
def test_feed_forward(is_gated):
    torch.manual_seed(0)
    ffn = FeedForward(D_MODEL, D_FF, dropout=0.0, is_gated=is_gated, bias_gate=False)
    x = torch.randn(5, 2, D_MODEL)
    out = ffn(x)
    assert out.shape == (5, 2, D_MODEL)
    hidden = torch.relu(ffn.layer1(x))
    if is_gated:
        assert ffn.linear_v.bias is None
        hidden = hidden * ffn.linear_v(x)
    torch.testing.assert_close(out, ffn.layer2(hidden))


# ---------------------------------------------------------------- layers and models


def _layer(with_src: bool = False) -> TransformerLayer:
    return TransformerLayer(
        d_model=D_MODEL,
        self_attn=MultiHeadAttention(HEADS, D_MODEL, dropout_prob=0.0),
        src_attn=MultiHeadAttention(HEADS, D_MODEL, dropout_prob=0.0) if with_src else None,
        feed_forward=FeedForward(D_MODEL, D_FF, dropout=0.0),
        dropout_prob=0.0,
    )


def test_layer_shape():
    layer = _layer()
    x = torch.randn(6, 3, D_MODEL)
    assert layer(x=x, mask=subsequent_mask(6)).shape == (6, 3, D_MODEL)
    # A layer without source attention refuses a source
    with pytest.raises(ValueError):
        layer(x=x, mask=None, src=torch.randn(4, 3, D_MODEL))


def test_encoder_shape_and_copies():
    torch.manual_seed(0)
    encoder = Encoder(_layer(), n_layers=3)
    assert len(encoder.layers) == 3
    # Deep copies: no parameter is shared between layers
    ids = [id(p) for p in encoder.parameters()]
    assert len(ids) == len(set(ids))
    x = torch.randn(6, 3, D_MODEL)
    out = encoder(x, subsequent_mask(6))
    assert out.shape == (6, 3, D_MODEL)
    # Causal: changing the last position does not change the earlier outputs
    x2 = x.clone()
    x2[-1] += 1.0
    out2 = encoder(x2, subsequent_mask(6))
    torch.testing.assert_close(out[:-1], out2[:-1])


def test_decoder_shape():
    decoder = Decoder(_layer(with_src=True), n_layers=2)
    x = torch.randn(5, 3, D_MODEL)
    memory = torch.randn(7, 3, D_MODEL)
    out = decoder(x, memory, None, subsequent_mask(5))
    assert out.shape == (5, 3, D_MODEL)
    with pytest.raises(ValueError):
        Decoder(_layer(with_src=False), n_layers=2)


def test_generator_shape():
    generator = Generator(n_vocab=13, d_model=D_MODEL)
    assert generator(torch.randn(5, 3, D_MODEL)).shape == (5, 3, 13)


def test_encoder_decoder_shape():
    torch.manual_seed(0)
    model = EncoderDecoder(
        Encoder(_layer(), 2),
        Decoder(_layer(with_src=True), 2),
        EmbeddingsWithPositionalEncoding(D_MODEL, 11),
        EmbeddingsWithLearnedPositionalEncoding(D_MODEL, 13),
        Generator(13, D_MODEL),
    )
    src = torch.randint(0, 11, (7, 3))
    tgt = torch.randint(0, 13, (5, 3))
    # Hide padding at the end of the second source sequence
    src_mask = (torch.arange(7)[:, None] < torch.tensor([7, 4, 7])[None, :]).unsqueeze(0)
    out = model(src, tgt, src_mask, subsequent_mask(5))
    assert out.shape == (5, 3, D_MODEL)
    assert model.generator(out).shape == (5, 3, 13)


# ---------------------------------------------------------------- Noam


def test_noam_schedule_values():
    # Peak at step == warmup: d_model^-0.5 * warmup^-0.5
    peak = noam_lr(4000, d_model=512, warmup=4000, lr=1.0)
    assert peak == pytest.approx(1 / math.sqrt(512 * 4000))
    assert peak == pytest.approx(6.98771242e-4)
    # Warm-up rises linearly
    assert noam_lr(1, d_model=512, warmup=4000, lr=1.0) == pytest.approx(peak / 4000)
    assert noam_lr(1000, d_model=512, warmup=4000, lr=1.0) == pytest.approx(peak / 4)
    assert noam_lr(2000, d_model=512, warmup=4000, lr=1.0) == pytest.approx(peak / 2)
    # Then decays as step^-0.5
    assert noam_lr(16000, d_model=512, warmup=4000, lr=1.0) == pytest.approx(peak / 2)
    assert noam_lr(64000, d_model=512, warmup=4000, lr=1.0) == pytest.approx(peak / 4)
    # The maximum is at the warm-up step
    values = [noam_lr(s, d_model=512, warmup=4000, lr=1.0) for s in range(3990, 4011)]
    assert max(values) == values[10]
    # The constant factor scales it
    assert noam_lr(4000, d_model=512, warmup=4000, lr=2.0) == pytest.approx(2 * peak)
    with pytest.raises(ValueError):
        noam_lr(0, d_model=512, warmup=4000, lr=1.0)


def _train_steps(model, opt, n):
    lrs = []
    for _ in range(n):
        opt.zero_grad()
        model(torch.randn(4, 3)).pow(2).sum().backward()
        opt.step()
        lrs.append(opt.param_groups[0]['lr'])
    return lrs


def test_noam_optimizer_sets_lr_and_resumes():
    torch.manual_seed(0)
    model = nn.Linear(3, 2)
    opt = Noam(model.parameters(), lr=1.0, warmup=5, d_model=16)
    assert isinstance(opt, torch.optim.Adam)
    assert opt.param_groups[0]['betas'] == (0.9, 0.98)
    assert opt.param_groups[0]['eps'] == 1e-9
    # Before any step, `lr` is that of the first step
    assert opt.param_groups[0]['lr'] == pytest.approx(noam_lr(1, d_model=16, warmup=5, lr=1.0))
    lrs = _train_steps(model, opt, 3)
    assert lrs == pytest.approx([noam_lr(s, d_model=16, warmup=5, lr=1.0) for s in (1, 2, 3)])

    # Resume into a fresh optimizer from the state dict
    state = opt.state_dict()
    model2 = nn.Linear(3, 2)
    model2.load_state_dict(model.state_dict())
    opt2 = Noam(model2.parameters(), lr=1.0, warmup=5, d_model=16)
    opt2.load_state_dict(state)
    lrs = _train_steps(model2, opt2, 5)
    assert lrs == pytest.approx([noam_lr(s, d_model=16, warmup=5, lr=1.0) for s in (4, 5, 6, 7, 8)])
    # Adam's own state (moments, step) was restored too
    assert int(opt2.state[model2.weight]['step']) == 8


def test_noam_param_groups_keep_their_own_factor():
    a, b = nn.Linear(3, 2), nn.Linear(3, 2)
    opt = Noam([{'params': a.parameters()}, {'params': b.parameters(), 'lr': 0.5}], warmup=10, d_model=64)
    (a(torch.randn(2, 3)).sum() + b(torch.randn(2, 3)).sum()).backward()
    opt.step()
    assert opt.param_groups[0]['lr'] == pytest.approx(noam_lr(1, d_model=64, warmup=10, lr=1.0))
    assert opt.param_groups[1]['lr'] == pytest.approx(noam_lr(1, d_model=64, warmup=10, lr=0.5))


# ---------------------------------------------------------------- GLU variants


@pytest.mark.parametrize(
    'variant, activation',
    [
        ('GLU', torch.sigmoid),
        ('Bilinear', lambda x: x),
        ('ReGLU', torch.relu),
        ('GEGLU', torch.nn.functional.gelu),
        ('SwiGLU', lambda x: x * torch.sigmoid(x)),
    ],
)
def test_glu_variants(variant, activation):
    torch.manual_seed(0)
    ffn = glu_feed_forward(variant, D_MODEL, D_FF, dropout=0.0)
    # Gated, without biases, as in the paper
    assert ffn.is_gated
    assert ffn.layer1.bias is None and ffn.layer2.bias is None and ffn.linear_v.bias is None
    # $(f(x W_1) \otimes x V) W_2$
    x = torch.randn(5, 2, D_MODEL)
    want = (activation(x @ ffn.layer1.weight.T) * (x @ ffn.linear_v.weight.T)) @ ffn.layer2.weight.T
    torch.testing.assert_close(ffn(x), want)


def test_unknown_glu_variant_lists_the_known_ones():
    with pytest.raises(ValueError, match='GLU, Bilinear, ReGLU, GEGLU, SwiGLU'):
        glu_feed_forward('SwishGLU', D_MODEL, D_FF)


def test_glu_with_same_params_has_the_parameters_of_the_ungated_network():
    # The paper's comparison: three matrices of 2/3 d_ff against two of d_ff
    d_model, d_ff = 24, 96
    ungated = FeedForward(d_model, d_ff, dropout=0.0, bias1=False, bias2=False)
    gated = glu_feed_forward('SwiGLU', d_model, d_ff, dropout=0.0, same_params=True)
    assert gated.layer1.out_features == 64
    assert (
        sum(p.numel() for p in gated.parameters())
        == sum(p.numel() for p in ungated.parameters())
        == 2 * d_model * d_ff
    )
    # Without it, d_ff is the gated network's own hidden size
    assert glu_feed_forward('SwiGLU', d_model, d_ff).layer1.out_features == d_ff


# ---------------------------------------------------------------- embeddings and initialization


@pytest.mark.parametrize('cls', [EmbeddingsWithPositionalEncoding, EmbeddingsWithLearnedPositionalEncoding])
def test_scaled_embeddings_start_on_the_scale_of_the_positional_encodings(cls):
    # Embedding weights from N(0, 1/d_model): after the sqrt(d_model) scaling each feature has std about 1,
    # the scale of the sinusoidal encodings (std about 0.7), rather than sqrt(d_model) times more
    torch.manual_seed(0)
    d_model = 256
    embed = cls(d_model, n_vocab=500).eval()
    scaled = embed.linear.weight * math.sqrt(d_model)
    assert 0.9 < scaled.std().item() < 1.1
    pe = get_positional_encoding(d_model, 512)
    assert 0.5 < pe.std().item() < 0.9


def test_embedding_dropout_applies_to_the_sum():
    torch.manual_seed(0)
    embed = EmbeddingsWithPositionalEncoding(D_MODEL, n_vocab=11, max_len=20, dropout_prob=0.5)
    tokens = torch.randint(0, 11, (20, 8))
    embed.eval()
    clean = embed(tokens)
    want = embed.linear(tokens) * math.sqrt(D_MODEL) + get_positional_encoding(D_MODEL, 20)[:20]
    torch.testing.assert_close(clean, want)
    embed.train()
    noisy = embed(tokens)
    dropped = noisy == 0
    # About half the features are dropped, the others scaled by 1 / (1 - p)
    assert 0.4 < dropped.float().mean().item() < 0.6
    torch.testing.assert_close(noisy[~dropped], 2 * clean[~dropped])


def test_tied_generator_shares_the_embedding_matrix():
    embed = EmbeddingsWithPositionalEncoding(D_MODEL, n_vocab=13)
    tied = Generator(13, D_MODEL, embed.linear)
    untied = Generator(13, D_MODEL)
    # One tensor, trained by both uses
    assert tied.projection.weight is embed.linear.weight
    model = torch.nn.ModuleDict({'embed': embed, 'generator': tied})
    assert sum(p.numel() for p in model.parameters()) == 13 * D_MODEL + 13
    assert sum(p.numel() for p in untied.parameters()) == 13 * D_MODEL + 13
    # The logits are the features times the embedding matrix, plus the bias
    x = torch.randn(4, 2, D_MODEL)
    torch.testing.assert_close(tied(x), x @ embed.linear.weight.T + tied.projection.bias)


def test_encoder_decoder_initializes_only_the_layers_with_xavier():
    torch.manual_seed(0)
    src_embed = EmbeddingsWithPositionalEncoding(D_MODEL, 11)
    tgt_embed = EmbeddingsWithLearnedPositionalEncoding(D_MODEL, 13)
    before = src_embed.linear.weight.detach().clone()
    model = EncoderDecoder(
        Encoder(_layer(), 2),
        Decoder(_layer(with_src=True), 2),
        src_embed,
        tgt_embed,
        Generator(13, D_MODEL, tgt_embed.linear),
    )
    # The embeddings keep their initialization, the learned positions start at zero
    assert torch.equal(src_embed.linear.weight, before)
    assert torch.all(tgt_embed.positional_encodings == 0)
    # The layers' weight matrices are Xavier uniform: bounded by sqrt(6 / (fan_in + fan_out))
    w = model.encoder.layers[0].feed_forward.layer1.weight
    bound = math.sqrt(6 / (w.shape[0] + w.shape[1]))
    assert w.abs().max().item() <= bound
    assert w.abs().max().item() > 0.9 * bound
