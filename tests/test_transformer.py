"""
Transformer building blocks: masks, positional encodings, layers and models,
the Noam schedule and optimizer, and the labml configurations.
"""

import math

import pytest
import torch
from labml.internal.configs.processor import ConfigProcessor
from torch import nn

from labml_nn.optimizers.noam import Noam, noam_lr
from labml_nn.transformers.feed_forward import FeedForward
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


# ---------------------------------------------------------------- configs


def _configs(values):
    from labml_nn.transformers.configs import TransformerConfigs

    conf = TransformerConfigs()
    # This is what `experiment.configs(conf, values)` does, without creating a run
    ConfigProcessor(conf, values)
    return conf


def test_configs_build_working_encoder():
    conf = _configs(
        {
            'n_src_vocab': 11,
            'n_tgt_vocab': 11,
            'd_model': D_MODEL,
            'n_heads': HEADS,
            'n_layers': 2,
            'd_ff': D_FF,
            'dropout': 0.0,
        }
    )
    encoder = conf.encoder
    assert isinstance(encoder, Encoder)
    assert len(encoder.layers) == 2
    ffn = encoder.layers[0].feed_forward
    assert ffn.layer1.out_features == D_FF
    assert isinstance(ffn.activation, nn.ReLU)
    assert isinstance(conf.src_embed, EmbeddingsWithPositionalEncoding)
    tokens = torch.randint(0, 11, (6, 2))
    out = conf.generator(encoder(conf.src_embed(tokens), subsequent_mask(6)))
    assert out.shape == (6, 2, 11)


def test_configs_options():
    conf = _configs(
        {
            'n_src_vocab': 11,
            'n_tgt_vocab': 13,
            'd_model': D_MODEL,
            'n_heads': HEADS,
            'n_layers': 1,
            'd_ff': D_FF,
            'src_embed': 'learned_pos',
            'ffn.activation': 'GELU',
            'ffn.is_gated': True,
        }
    )
    assert isinstance(conf.src_embed, EmbeddingsWithLearnedPositionalEncoding)
    ffn = conf.encoder.layers[0].feed_forward
    assert isinstance(ffn.activation, nn.GELU)
    assert ffn.is_gated
    model = conf.encoder_decoder
    assert isinstance(model, EncoderDecoder)
    out = model(torch.randint(0, 11, (7, 2)), torch.randint(0, 13, (5, 2)), None, subsequent_mask(5))
    assert model.generator(out).shape == (5, 2, 13)


def test_configs_glu_variant():
    conf = _configs(
        {'n_src_vocab': 5, 'd_model': 8, 'n_heads': 2, 'n_layers': 1, 'd_ff': 12, 'ffn.glu_variant': 'SwiGLU'}
    )
    ffn = conf.encoder.layers[0].feed_forward
    assert ffn.is_gated
    assert isinstance(ffn.activation, nn.SiLU)
    assert ffn.layer1.bias is None and ffn.layer2.bias is None and ffn.linear_v.bias is None
