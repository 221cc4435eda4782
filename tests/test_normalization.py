"""
The normalization layers against torch.nn's own layers (training and evaluation, running statistics after
several steps, with and without the affine parameters, and the gradients) and against their formulas
evaluated by hand on small examples; DeepNorm's constants, residual and initialization; and the two
experiments end to end on tiny configurations, with their checkpoints, and the pages' numbers against
the committed result files.
"""

import json
import math
import re
from pathlib import Path

import pytest
import torch
from torch import nn

from labml_nn.normalization.batch_norm import BatchNorm
from labml_nn.normalization.deep_norm import (
    AutoregressiveModel,
    DeepNorm,
    DeepNormTransformerLayer,
    deep_norm_constants,
)
from labml_nn.normalization.group_norm import GroupNorm
from labml_nn.normalization.instance_norm import InstanceNorm
from labml_nn.normalization.layer_norm import LayerNorm
from labml_nn.normalization.rms_norm import RMSNorm
from labml_nn.transformers.feed_forward import FeedForward
from labml_nn.transformers.mha import MultiHeadAttention


@pytest.fixture(autouse=True)
def _float64():
    """The comparisons run in double precision, so that tolerances can be tight; other tests keep float32."""
    previous = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    yield
    torch.set_default_dtype(previous)


def _copy_affine(ours: nn.Module, weight: str, bias: str, theirs: nn.Module):
    """Random affine parameters, the same in both layers."""
    with torch.no_grad():
        getattr(ours, weight).normal_()
        getattr(ours, bias).normal_()
        theirs.weight.copy_(getattr(ours, weight))
        theirs.bias.copy_(getattr(ours, bias))


def _same_outputs_and_gradients(ours: nn.Module, theirs: nn.Module, x: torch.Tensor):
    """The outputs, the input gradients and the parameter gradients agree."""
    x1 = x.clone().requires_grad_()
    x2 = x.clone().requires_grad_()
    y1, y2 = ours(x1), theirs(x2)
    torch.testing.assert_close(y1, y2)
    weights = torch.randn_like(y1)
    (y1 * weights).sum().backward()
    (y2 * weights).sum().backward()
    torch.testing.assert_close(x1.grad, x2.grad)
    ours_grads = [p.grad for p in ours.parameters()]
    theirs_grads = [p.grad for p in theirs.parameters()]
    assert len(ours_grads) == len(theirs_grads)
    for a, b in zip(ours_grads, theirs_grads):
        torch.testing.assert_close(a, b)


# Batch normalization


@pytest.mark.parametrize('affine', [True, False])
@pytest.mark.parametrize('shape', [(6, 4), (5, 3, 7), (4, 3, 5, 6)])
def test_batch_norm_matches_torch_over_several_steps(affine, shape):
    torch.manual_seed(0)
    channels = shape[1]
    theirs = {2: nn.BatchNorm1d, 3: nn.BatchNorm1d, 4: nn.BatchNorm2d}[len(shape)](channels, affine=affine)
    ours = BatchNorm(channels, affine=affine)
    if affine:
        _copy_affine(ours, 'scale', 'shift', theirs)
    # Several training steps, each on a batch with its own mean and spread
    for step in range(5):
        x = torch.randn(shape) * (step + 1) + step
        _same_outputs_and_gradients(ours, theirs, x)
        torch.testing.assert_close(ours.exp_mean, theirs.running_mean)
        torch.testing.assert_close(ours.exp_var, theirs.running_var)
    # Evaluation uses the running statistics: a single example is normalized the same way
    ours.eval(), theirs.eval()
    x = torch.randn(shape) * 3 + 1
    _same_outputs_and_gradients(ours, theirs, x)
    _same_outputs_and_gradients(ours, theirs, x[:1])
    # and evaluation does not move the statistics
    before = ours.exp_mean.clone()
    ours(x)
    torch.testing.assert_close(ours.exp_mean, before)


def test_batch_norm_without_running_statistics_matches_torch():
    torch.manual_seed(1)
    ours = BatchNorm(3, track_running_stats=False)
    theirs = nn.BatchNorm2d(3, track_running_stats=False)
    _copy_affine(ours, 'scale', 'shift', theirs)
    x = torch.randn(4, 3, 2, 2) * 2 + 1
    for mode in (True, False):
        ours.train(mode), theirs.train(mode)
        _same_outputs_and_gradients(ours, theirs, x)
    assert not hasattr(ours, 'exp_mean')


def test_batch_norm_hand_example():
    """Two examples of one feature, 1 and 3: mean 2, biased variance 1, unbiased 2."""
    bn = BatchNorm(1, eps=0.0, momentum=0.5, affine=False)
    y = bn(torch.tensor([[1.0], [3.0]]))
    torch.testing.assert_close(y, torch.tensor([[-1.0], [1.0]]))
    # Running mean: 0.5 * 0 + 0.5 * 2; running variance: 0.5 * 1 + 0.5 * 2
    torch.testing.assert_close(bn.exp_mean, torch.tensor([1.0]))
    torch.testing.assert_close(bn.exp_var, torch.tensor([1.5]))
    bn.eval()
    # (4 - 1) / sqrt(1.5)
    torch.testing.assert_close(bn(torch.tensor([[4.0]])), torch.tensor([[3.0 / math.sqrt(1.5)]]))


# Layer normalization


@pytest.mark.parametrize('affine', [True, False])
@pytest.mark.parametrize('shape,normalized', [((5, 3, 8), [8]), ((4, 3, 5, 6), [3, 5, 6]), ((7, 6), 6)])
def test_layer_norm_matches_torch(affine, shape, normalized):
    torch.manual_seed(2)
    ours = LayerNorm(normalized, elementwise_affine=affine)
    theirs = nn.LayerNorm(normalized, elementwise_affine=affine)
    if affine:
        _copy_affine(ours, 'gain', 'bias', theirs)
    x = torch.randn(shape) * 4 - 2
    for mode in (True, False):
        ours.train(mode), theirs.train(mode)
        _same_outputs_and_gradients(ours, theirs, x)
        _same_outputs_and_gradients(ours, theirs, x[:1])


def test_layer_norm_hand_example():
    """Features 1, 2, 3, 6: mean 3, variance (4 + 1 + 0 + 9) / 4 = 3.5."""
    ln = LayerNorm(4, eps=0.0)
    with torch.no_grad():
        ln.gain.copy_(torch.tensor([1.0, 2.0, 1.0, 1.0]))
        ln.bias.copy_(torch.tensor([0.0, 0.0, 0.0, 1.0]))
    y = ln(torch.tensor([[1.0, 2.0, 3.0, 6.0]]))
    s = math.sqrt(3.5)
    torch.testing.assert_close(y, torch.tensor([[-2 / s, 2 * -1 / s, 0.0, 3 / s + 1]]))


# Instance normalization


@pytest.mark.parametrize('affine', [True, False])
@pytest.mark.parametrize('shape', [(3, 4, 7), (2, 3, 5, 6)])
def test_instance_norm_matches_torch(affine, shape):
    torch.manual_seed(3)
    theirs = {3: nn.InstanceNorm1d, 4: nn.InstanceNorm2d}[len(shape)](shape[1], affine=affine)
    ours = InstanceNorm(shape[1], affine=affine)
    if affine:
        _copy_affine(ours, 'scale', 'shift', theirs)
    for step in range(3):
        x = torch.randn(shape) * (step + 1) + step
        for mode in (True, False):
            ours.train(mode), theirs.train(mode)
            _same_outputs_and_gradients(ours, theirs, x)


def test_instance_norm_hand_example():
    """Each channel of each image on its own: channel values 0, 2 and 5, 5 (constant, so zero)."""
    layer = InstanceNorm(2, eps=0.0, affine=False)
    x = torch.tensor([[[0.0, 2.0], [5.0, 5.0 + 1e-12]]])
    y = layer(x)
    torch.testing.assert_close(y[0, 0], torch.tensor([-1.0, 1.0]))
    # Another image in the batch changes nothing
    torch.testing.assert_close(layer(torch.cat([x, x * 7 + 3]))[:1], y)


# Group normalization


@pytest.mark.parametrize('affine', [True, False])
@pytest.mark.parametrize('groups,shape', [(2, (3, 4, 5, 5)), (1, (2, 6, 3)), (6, (2, 6, 3, 2)), (4, (1, 8, 4, 4))])
def test_group_norm_matches_torch(affine, groups, shape):
    torch.manual_seed(4)
    ours = GroupNorm(groups, shape[1], affine=affine)
    theirs = nn.GroupNorm(groups, shape[1], affine=affine)
    if affine:
        _copy_affine(ours, 'scale', 'shift', theirs)
    for step in range(3):
        x = torch.randn(shape) * (step + 1) - step
        for mode in (True, False):
            ours.train(mode), theirs.train(mode)
            _same_outputs_and_gradients(ours, theirs, x)


def test_group_norm_is_layer_norm_and_instance_norm_at_its_ends():
    """G = 1 normalizes each image over everything, G = C each channel on its own."""
    torch.manual_seed(5)
    x = torch.randn(3, 4, 5, 5)
    torch.testing.assert_close(GroupNorm(1, 4, affine=False)(x),
                               LayerNorm([4, 5, 5], elementwise_affine=False)(x))  # fmt: skip
    torch.testing.assert_close(GroupNorm(4, 4, affine=False)(x), InstanceNorm(4, affine=False)(x))


def test_group_norm_hand_example():
    """Two groups of two channels of one position: (1, 3) and (10, 14), then per-channel scale and shift."""
    gn = GroupNorm(2, 4, eps=0.0)
    with torch.no_grad():
        gn.scale.copy_(torch.tensor([1.0, 1.0, 2.0, 1.0]))
        gn.shift.copy_(torch.tensor([0.0, 0.5, 0.0, 0.0]))
    y = gn(torch.tensor([[[1.0], [3.0], [10.0], [14.0]]]))
    torch.testing.assert_close(y.flatten(), torch.tensor([-1.0, 1.5, -2.0, 1.0]))


# RMSNorm


@pytest.mark.parametrize('affine', [True, False])
@pytest.mark.parametrize('shape,normalized', [((5, 3, 8), [8]), ((4, 3, 5), [3, 5])])
def test_rms_norm_matches_torch(affine, shape, normalized):
    torch.manual_seed(6)
    ours = RMSNorm(normalized, eps=1e-6, elementwise_affine=affine)
    theirs = nn.RMSNorm(normalized, eps=1e-6, elementwise_affine=affine)
    if affine:
        with torch.no_grad():
            ours.gain.normal_()
            theirs.weight.copy_(ours.gain)
    x = torch.randn(shape) * 3 + 1
    for mode in (True, False):
        ours.train(mode), theirs.train(mode)
        _same_outputs_and_gradients(ours, theirs, x)


def test_rms_norm_hand_example_and_invariances():
    """Features 3 and 4: root mean square sqrt(12.5); scaling the input changes nothing, shifting it does."""
    rms = RMSNorm(2, eps=0.0)
    x = torch.tensor([[3.0, 4.0]])
    r = math.sqrt(12.5)
    torch.testing.assert_close(rms(x), torch.tensor([[3 / r, 4 / r]]))
    torch.testing.assert_close(rms(5 * x), rms(x))
    assert not torch.allclose(rms(x + 1), rms(x))
    # With features of zero mean it is layer normalization
    z = torch.randn(4, 6)
    z = z - z.mean(dim=-1, keepdim=True)
    torch.testing.assert_close(RMSNorm(6, eps=0.0)(z), LayerNorm(6, eps=0.0)(z))
    # and with a bias, the bias is added after the gain
    biased = RMSNorm(2, eps=0.0, bias=True)
    with torch.no_grad():
        biased.bias.fill_(0.5)
    torch.testing.assert_close(biased(x), rms(x) + 0.5)


# DeepNorm


def test_deep_norm_constants():
    """The paper's alpha = (2N)^(1/4) and beta = (8N)^(-1/4), evaluated for N = 6 and N = 24."""
    for n, alpha, beta in [(6, 12 ** 0.25, 48 ** -0.25), (24, 48 ** 0.25, 192 ** -0.25)]:
        a, b = deep_norm_constants(n)
        assert math.isclose(a, alpha) and math.isclose(b, beta)
    a, b = deep_norm_constants(24)
    assert round(a, 2) == 2.63 and round(b, 2) == 0.27


def test_deep_norm_residual_hand_example():
    """LN(alpha x + g) on x = (1, 0), g = (0, 2), alpha = 3: LN((3, 2)) = (1, -1)."""
    layer = DeepNorm(3.0, [2], eps=0.0)
    torch.testing.assert_close(layer(torch.tensor([1.0, 0.0]), torch.tensor([0.0, 2.0])), torch.tensor([1.0, -1.0]))
    # alpha = 1 is the post-LN residual of torch's encoder layer, LN(x + g)
    post = DeepNorm(1.0, [5])
    x, g = torch.randn(3, 5), torch.randn(3, 5)
    torch.testing.assert_close(post(x, g), nn.functional.layer_norm(x + g, [5]))


def _layer(d_model=16, alpha=2.0, beta=0.5):
    attn = MultiHeadAttention(4, d_model, dropout_prob=0.0)
    ff = FeedForward(d_model, 4 * d_model, dropout=0.0)
    return DeepNormTransformerLayer(d_model=d_model, self_attn=attn, feed_forward=ff, alpha=alpha, beta=beta)


def test_deep_norm_layer_computes_the_two_residuals():
    """The layer against the formulas written with torch's functions, on random weights and inputs."""
    torch.manual_seed(7)
    layer = _layer(alpha=1.7)
    x = torch.randn(5, 2, 16)
    mask = torch.tril(torch.ones(5, 5)).bool().unsqueeze(-1)
    attn = layer.self_attn
    q = attn.query.linear(x).view(5, 2, 4, 4)
    k = attn.key.linear(x).view(5, 2, 4, 4)
    v = attn.value.linear(x).view(5, 2, 4, 4)
    scores = torch.einsum('ibhd,jbhd->bhij', q, k) / 2.0
    scores = scores.masked_fill(~mask[:, :, 0], float('-inf'))
    a = torch.einsum('bhij,jbhd->ibhd', scores.softmax(dim=-1), v).reshape(5, 2, 16)
    a = attn.output(a)
    x1 = nn.functional.layer_norm(1.7 * x + a, [16])
    ff = layer.feed_forward.layer2(torch.relu(layer.feed_forward.layer1(x1)))
    expected = nn.functional.layer_norm(1.7 * x1 + ff, [16])
    torch.testing.assert_close(layer(x, mask), expected)


def test_deep_norm_initialization_gain():
    """Xavier normal with gain beta for the value, output and feed-forward weights, gain 1 for query and key:
    the standard deviation of each is beta * sqrt(2 / (fan_in + fan_out)), and the biases are zero."""
    torch.manual_seed(8)
    d = 128
    layer = _layer(d_model=d, beta=0.3)
    attn, ff = layer.self_attn, layer.feed_forward
    for linear, gain in [(attn.value.linear, 0.3), (attn.output, 0.3), (ff.layer1, 0.3), (ff.layer2, 0.3),
                         (attn.query.linear, 1.0), (attn.key.linear, 1.0)]:  # fmt: skip
        fan_out, fan_in = linear.weight.shape
        expected = gain * math.sqrt(2 / (fan_in + fan_out))
        assert abs(linear.weight.std().item() / expected - 1) < 0.05
        assert torch.all(linear.bias == 0)


def test_deep_norm_model_and_post_ln_baseline():
    torch.manual_seed(9)
    deep = AutoregressiveModel(11, d_model=16, heads=4, d_ff=32, n_layers=6)
    post = AutoregressiveModel(11, d_model=16, heads=4, d_ff=32, n_layers=6, deep_norm=False)
    assert (deep.alpha, deep.beta) == deep_norm_constants(6)
    assert (post.alpha, post.beta) == (1.0, 1.0)
    assert all(layer.self_attn_norm.alpha == deep.alpha for layer in deep.layers)
    x = torch.randint(11, (7, 3))
    assert deep(x).shape == (7, 3, 11)
    # Causal: changing a later token leaves the logits of earlier positions as they were
    y = x.clone()
    y[5] = (y[5] + 1) % 11
    torch.testing.assert_close(deep(x)[:5], deep(y)[:5])
    assert not torch.allclose(deep(x)[5:], deep(y)[5:])
