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


@pytest.fixture
def double_precision():
    """The comparisons of the layers run in double precision, so that tolerances can be tight;
    the experiments keep float32."""
    previous = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    yield
    torch.set_default_dtype(previous)


float64 = pytest.mark.usefixtures('double_precision')


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


@float64
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


@float64
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


@float64
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


@float64
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


@float64
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


@float64
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


@float64
def test_instance_norm_hand_example():
    """Each channel of each image on its own: channel values 0, 2 and 5, 5 (constant, so zero)."""
    layer = InstanceNorm(2, eps=0.0, affine=False)
    x = torch.tensor([[[0.0, 2.0], [5.0, 5.0 + 1e-12]]])
    y = layer(x)
    torch.testing.assert_close(y[0, 0], torch.tensor([-1.0, 1.0]))
    # Another image in the batch changes nothing
    torch.testing.assert_close(layer(torch.cat([x, x * 7 + 3]))[:1], y)


# Group normalization


@float64
@pytest.mark.parametrize('affine', [True, False])
@pytest.mark.parametrize(
    'groups,shape', [(2, (3, 4, 5, 5)), (1, (2, 6, 3)), (6, (2, 6, 3, 2)), (4, (1, 8, 4, 4))]
)
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


@float64
def test_group_norm_is_layer_norm_and_instance_norm_at_its_ends():
    """G = 1 normalizes each image over everything, G = C each channel on its own."""
    torch.manual_seed(5)
    x = torch.randn(3, 4, 5, 5)
    torch.testing.assert_close(GroupNorm(1, 4, affine=False)(x),
                               LayerNorm([4, 5, 5], elementwise_affine=False)(x))  # fmt: skip
    torch.testing.assert_close(GroupNorm(4, 4, affine=False)(x), InstanceNorm(4, affine=False)(x))


@float64
def test_group_norm_hand_example():
    """Two groups of two channels of one position: (1, 3) and (10, 14), then per-channel scale and shift."""
    gn = GroupNorm(2, 4, eps=0.0)
    with torch.no_grad():
        gn.scale.copy_(torch.tensor([1.0, 1.0, 2.0, 1.0]))
        gn.shift.copy_(torch.tensor([0.0, 0.5, 0.0, 0.0]))
    y = gn(torch.tensor([[[1.0], [3.0], [10.0], [14.0]]]))
    torch.testing.assert_close(y.flatten(), torch.tensor([-1.0, 1.5, -2.0, 1.0]))


# RMSNorm


@float64
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


@float64
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


@float64
def test_deep_norm_constants():
    """The paper's alpha = (2N)^(1/4) and beta = (8N)^(-1/4), evaluated for N = 6 and N = 24."""
    for n, alpha, beta in [(6, 12**0.25, 48**-0.25), (24, 48**0.25, 192**-0.25)]:
        a, b = deep_norm_constants(n)
        assert math.isclose(a, alpha) and math.isclose(b, beta)
    a, b = deep_norm_constants(24)
    assert round(a, 2) == 2.63 and round(b, 2) == 0.27


@float64
def test_deep_norm_residual_hand_example():
    """LN(alpha x + g) on x = (1, 0), g = (0, 2), alpha = 3: LN((3, 2)) = (1, -1)."""
    layer = DeepNorm(3.0, [2], eps=0.0)
    torch.testing.assert_close(
        layer(torch.tensor([1.0, 0.0]), torch.tensor([0.0, 2.0])), torch.tensor([1.0, -1.0])
    )
    # alpha = 1 is the post-LN residual of torch's encoder layer, LN(x + g)
    post = DeepNorm(1.0, [5])
    x, g = torch.randn(3, 5), torch.randn(3, 5)
    torch.testing.assert_close(post(x, g), nn.functional.layer_norm(x + g, [5]))


def _layer(d_model=16, alpha=2.0, beta=0.5):
    attn = MultiHeadAttention(4, d_model, dropout_prob=0.0)
    ff = FeedForward(d_model, 4 * d_model, dropout=0.0)
    return DeepNormTransformerLayer(d_model=d_model, self_attn=attn, feed_forward=ff, alpha=alpha, beta=beta)


@float64
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


@float64
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


@float64
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


# The group normalization experiment

from labml_nn.normalization import records  # noqa: E402
from labml_nn.normalization.deep_norm import experiment as deep_experiment  # noqa: E402
from labml_nn.normalization.group_norm import experiment as group_experiment  # noqa: E402

SHAKESPEARE = Path(__file__).resolve().parent / 'data' / 'tiny_shakespeare_excerpt.txt'


@pytest.fixture
def few_digits(monkeypatch):
    """The digits, 96 for training and 40 for testing, so that a sweep takes a second."""
    data = group_experiment.load_data()
    small = {'x_train': data['x_train'][:96], 'y_train': data['y_train'][:96],
             'x_test': data['x_test'][:40], 'y_test': data['y_test'][:40]}  # fmt: skip
    monkeypatch.setattr(group_experiment, 'load_data', lambda: small)
    return small


@pytest.mark.slow
def test_digits_split():
    data = group_experiment.load_data()
    assert data['x_train'].shape == (1437, 1, 8, 8) and data['x_test'].shape == (360, 1, 8, 8)
    assert data['x_train'].dtype == torch.float32
    assert 0 <= data['x_train'].min() and data['x_train'].max() <= 1
    # Stratified: every class has about a fifth of its digits in the test set
    counts = torch.bincount(data['y_test'], minlength=10)
    assert counts.min() >= 35 and counts.max() <= 37


@pytest.mark.parametrize('norm,layer', [('batch', BatchNorm), ('group', GroupNorm)])
def test_small_cnn_uses_the_normalization(norm, layer):
    model = group_experiment.SmallCNN(norm, groups=8)
    assert [type(m) for m in (model.norm1, model.norm2, model.norm3)] == [layer] * 3
    assert model(torch.zeros(3, 1, 8, 8, dtype=torch.float32)).shape == (3, 10)
    if norm == 'group':
        assert model.norm2.groups == 8


@pytest.mark.slow
def test_group_experiment_end_to_end(few_digits, tmp_path, capsys):
    out = tmp_path / 'out'
    results = group_experiment.main(['--batch-sizes', '8', '4', '--seeds', '1', '2', '--epochs', '2',
                                     '--out', str(out)])  # fmt: skip
    written = json.loads((out / group_experiment.RESULTS_FILE).read_text(encoding='utf-8'))
    assert written == results
    assert len(results['runs']) == 2 * 2 * 2
    for r in results['runs']:
        assert 0 <= r['test_error'] <= 1
        assert len(r['train_loss_by_epoch']) == 2
        # Linear scaling of the learning rate, and the last incomplete batch dropped
        assert r['lr'] == pytest.approx(0.1 * r['batch_size'] / 32)
        assert r['steps'] == 2 * (96 // r['batch_size'])
    assert results['torch_threads'] == torch.get_num_threads()
    assert results['command'].startswith(
        'OMP_NUM_THREADS=1 python -m labml_nn.normalization.group_norm.experiment'
    )
    for key in ('python', 'torch', 'scikit_learn', 'processor', 'wall_seconds', 'cpu_seconds'):
        assert key in results
    assert (out / group_experiment.PLOT_FILE).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert group_experiment.markdown_table(results) in capsys.readouterr().out


def test_group_experiment_table_from_hand_results():
    """The table's means and per-seed errors, computed here another way."""
    runs = [{'norm': n, 'batch_size': b, 'seed': s, 'test_error': e}
            for n, b, s, e in [('batch', 4, 1, 0.1), ('batch', 4, 2, 0.2), ('batch', 2, 1, 0.3), ('batch', 2, 2, 0.5),
                               ('group', 4, 1, 0.0), ('group', 4, 2, 0.05), ('group', 2, 1, 0.02),
                               ('group', 2, 2, 0.04)]]  # fmt: skip
    table = group_experiment.markdown_table(
        {'norms': ['batch', 'group'], 'batch_sizes': [4, 2], 'runs': runs}
    )
    assert table.splitlines()[2] == '| batch | 15.0 (10.0, 20.0) | 40.0 (30.0, 50.0) |'
    assert table.splitlines()[3] == '| group | 2.5 (0.0, 5.0) | 3.0 (2.0, 4.0) |'


def _interrupt_at_second_save(monkeypatch, module):
    """Make the second checkpoint of a run fail as if the run were killed there."""
    calls = []
    real = module.save_checkpoint

    def save(path, state):
        calls.append(path)
        if len(calls) == 2:
            raise KeyboardInterrupt
        real(path, state)

    monkeypatch.setattr(module, 'save_checkpoint', save)


@pytest.mark.slow
def test_group_experiment_resumes(few_digits, tmp_path, monkeypatch):
    argv = ['--batch-sizes', '8', '--seeds', '3', '--epochs', '3', '--norms', 'batch']
    straight = group_experiment.main(argv + ['--out', str(tmp_path / 'a')])
    work = tmp_path / 'work'
    with monkeypatch.context() as m:
        _interrupt_at_second_save(m, group_experiment)
        with pytest.raises(KeyboardInterrupt):
            group_experiment.main(argv + ['--out', str(tmp_path / 'b'), '--work-dir', str(work)])
    assert records.load_checkpoint(work / 'batch_8_3.pt')['epoch'] == 1
    resumed = group_experiment.main(
        argv + ['--out', str(tmp_path / 'b'), '--work-dir', str(work), '--resume']
    )
    for key in ('test_error', 'train_loss_by_epoch', 'steps'):
        assert resumed['runs'][0][key] == straight['runs'][0][key]
    # A finished run is not trained again
    again = group_experiment.main(argv + ['--out', str(tmp_path / 'c'), '--work-dir', str(work), '--resume'])
    assert again['runs'] == resumed['runs']


@pytest.mark.parametrize('argv', [['--epochs', '0'], ['--batch-sizes', '1'], ['--resume']])
def test_group_experiment_refuses_bad_options(argv, tmp_path, capsys):
    with pytest.raises(SystemExit):
        group_experiment.main(argv + ['--out', str(tmp_path / 'out')])
    assert 'error' in capsys.readouterr().err
    assert not (tmp_path / 'out').exists()


# The DeepNorm experiment

TINY_DEEP = ['--data', str(SHAKESPEARE), '--layers', '3', '--d-model', '16', '--heads', '2', '--d-ff', '32',
             '--seq-len', '16', '--batch-size', '4', '--steps', '6', '--warmup', '2', '--valid-interval', '3',
             '--valid-batches', '2', '--checkpoint-interval', '2', '--seeds', '1']  # fmt: skip


@pytest.mark.slow
def test_deep_experiment_end_to_end(tmp_path, capsys):
    out = tmp_path / 'out'
    results = deep_experiment.main(TINY_DEEP + ['--out', str(out), '--lr', '3e-3'])
    assert json.loads((out / deep_experiment.RESULTS_FILE).read_text(encoding='utf-8')) == results
    assert [r['variant'] for r in results['runs']] == ['post_ln', 'deep_norm']
    post, deep = results['runs']
    assert (post['alpha'], post['beta']) == (1.0, 1.0)
    assert (deep['alpha'], deep['beta']) == pytest.approx(deep_norm_constants(3))
    for r in results['runs']:
        assert r['steps'] == 6 and len(r['train_loss']) == 6 and len(r['grad_norm']) == 6
        assert [s for s, _ in r['valid']] == [3, 6]
        assert r['nonfinite_at_step'] is None
    # The data file by its name only
    assert '--data tiny_shakespeare_excerpt.txt' in results['command']
    assert results['uniform_loss'] == pytest.approx(math.log(results['n_vocab']), abs=1e-4)
    assert results['bigram_loss'] < results['uniform_loss']
    assert (out / deep_experiment.PLOT_FILE).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert deep_experiment.markdown_table(results) in capsys.readouterr().out


@pytest.mark.slow
def test_deep_experiment_learns(tmp_path):
    """A few dozen steps take both models well below a uniform guess."""
    argv = TINY_DEEP + ['--steps', '40', '--valid-interval', '40', '--lr', '3e-3', '--out', str(tmp_path)]
    for r in deep_experiment.main(argv)['runs']:
        assert r['final_valid_loss'] < math.log(65) - 0.8, r['variant']
        assert not r['diverged']


@pytest.mark.slow
def test_deep_experiment_resumes(tmp_path, monkeypatch):
    argv = TINY_DEEP + ['--variants', 'deep_norm']
    straight = deep_experiment.main(argv + ['--out', str(tmp_path / 'a')])
    work = tmp_path / 'work'
    with monkeypatch.context() as m:
        _interrupt_at_second_save(m, deep_experiment)
        with pytest.raises(KeyboardInterrupt):
            deep_experiment.main(argv + ['--out', str(tmp_path / 'b'), '--work-dir', str(work)])
    assert records.load_checkpoint(work / 'deep_norm_1.pt')['step'] == 2
    resumed = deep_experiment.main(argv + ['--out', str(tmp_path / 'b'), '--work-dir', str(work), '--resume'])
    for key in ('train_loss', 'grad_norm', 'valid', 'final_valid_loss'):
        assert resumed['runs'][0][key] == straight['runs'][0][key]
    assert '--resume' not in resumed['command'] and '--work-dir' not in resumed['command']


@pytest.mark.slow
def test_deep_experiment_marks_a_nonfinite_loss(tmp_path, monkeypatch):
    """A loss that stops being finite ends the run and marks it diverged."""
    real = deep_experiment.F.cross_entropy
    calls = []

    def poisoned(*args, **kwargs):
        loss = real(*args, **kwargs)
        calls.append(1)
        return loss * float('nan') if len(calls) == 4 else loss

    monkeypatch.setattr(deep_experiment.F, 'cross_entropy', poisoned)
    results = deep_experiment.main(TINY_DEEP + ['--variants', 'post_ln', '--valid-interval', '100',
                                                '--out', str(tmp_path)])  # fmt: skip
    r = results['runs'][0]
    assert r['diverged'] and r['nonfinite_at_step'] == 4 and r['steps'] == 4


def test_deep_experiment_without_data(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv('TINY_SHAKESPEARE', raising=False)
    with pytest.raises(SystemExit):
        deep_experiment.main(['--data', str(tmp_path / 'missing.txt'), '--out', str(tmp_path / 'out')])
    assert 'missing.txt' in capsys.readouterr().err
    assert not (tmp_path / 'out').exists()


# The commands of the README


@pytest.mark.slow
@pytest.mark.parametrize('module', [group_experiment.MODULE, deep_experiment.MODULE])
def test_readme_commands_help(module):
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, '-m', module, '--help'], cwd=root, capture_output=True, text=True,
                            env={'PYTHONPATH': str(root), 'PATH': '/usr/bin:/bin'}, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert '--seeds' in result.stdout and '--out' in result.stdout
    readme = (root / 'README.md').read_text(encoding='utf-8')
    assert f'python -m {module}' in readme


# The pages show the committed results


def _page_and_results(module):
    page = Path(module.__file__).read_text(encoding='utf-8')
    results = json.loads((Path(module.__file__).parent / module.RESULTS_FILE).read_text(encoding='utf-8'))
    return page, results


def _minutes(page: str, what: str) -> tuple[int, int]:
    found = re.search(what + r' took (\d+) minutes on the clock and (\d+) minutes of processor time', page)
    assert found, what
    return int(found.group(1)), int(found.group(2))


def _thousands(n: int) -> str:
    return f'{n:,}'.replace(',', '{,}')


def test_group_norm_page_shows_the_committed_results():
    page, results = _page_and_results(group_experiment)
    assert group_experiment.markdown_table(results) in page
    assert group_experiment.train_loss_table(results) in page
    assert f'`{results["command"]}`' in page
    assert (Path(group_experiment.__file__).parent / group_experiment.PLOT_FILE).is_file()
    # The sweep the page describes: both normalizations, four batch sizes, three seeds, ten epochs, one thread
    assert results['norms'] == ['batch', 'group'] and results['batch_sizes'] == [32, 8, 4, 2]
    assert results['seeds'] == [1, 2, 3] and results['epochs'] == 10 and results['torch_threads'] == 1
    assert results['groups'] == 8 and results['lr_at_32'] == 0.1
    assert len(results['runs']) == 2 * 4 * 3
    assert _minutes(page, 'The sweep') == (
        round(results['wall_seconds'] / 60),
        round(results['cpu_seconds'] / 60),
    )
    assert f'an {results["processor"]} processor' in page
    # The numbers of the prose: the means, the spread of the seeds, the training losses, the steps, the data
    rows = {(r['norm'], r['batch_size']): r for r in group_experiment.summary(results)}
    pct = lambda v: f'${v:.1f}\\%$'  # noqa: E731
    means = ' at batches of $32$, {} at $8$,\n{} at $4$ and {} at $2$; with group normalization it is {},\n{}, {} and {}.'
    assert means.format(*[pct(rows[('batch', b)]['mean']) for b in (8, 4, 2)],
                        *[pct(rows[('group', b)]['mean']) for b in (32, 8, 4, 2)]) in page  # fmt: skip
    assert f'error is {pct(rows[("batch", 32)]["mean"])} at batches of $32$' in page
    assert f'from {pct(rows[("batch", 2)]["min"])} to\n{pct(rows[("batch", 2)]["max"])} with batch' in page
    assert f'from {pct(rows[("group", 2)]["min"])} to {pct(rows[("group", 2)]["max"])} with group' in page
    bn32 = rows[('batch', 32)]['errors']
    assert f'one seed, {pct(max(bn32))}, where the other two have {pct(bn32[1])} and {pct(bn32[2])}' in page
    losses = {
        n: sum(
            r['train_loss_by_epoch'][-1] for r in results['runs'] if r['norm'] == n and r['batch_size'] == 2
        )
        / 3
        for n in ('batch', 'group')
    }
    assert f'to ${losses["batch"]:.3f}$ at batches of $2$ against ${losses["group"]:.3f}$ with group' in page
    steps = {r['batch_size']: r['steps'] for r in results['runs']}
    assert f'take\n${steps[32]}$ steps and batches of $2$ take ${_thousands(steps[2])}$' in page
    assert steps[32] == 10 * (1437 // 32) and steps[2] == 10 * (1437 // 2)
    assert (
        f'trained on ${_thousands(results["n_train"])}$' in page
        and f'There are ${results["n_test"]}$' in page
    )
    assert f'one digit is ${100 / results["n_test"]:.2f}$ points' in page


def test_deep_norm_page_shows_the_committed_results():
    page, results = _page_and_results(deep_experiment)
    assert deep_experiment.markdown_table(results) in page
    assert results['command'] in page
    assert (Path(deep_experiment.__file__).parent / deep_experiment.PLOT_FILE).is_file()
    # The runs the page describes
    for key, value in [('layers', 24), ('d_model', 32), ('heads', 4), ('d_ff', 64), ('seq_len', 32),
                       ('batch_size', 16), ('steps', 300), ('lr', 1e-3), ('warmup', 30), ('seeds', [1, 2]),
                       ('torch_threads', 1), ('n_vocab', 65)]:  # fmt: skip
        assert results[key] == value, key
    assert '$24$ layers with $d_{model} = 32$, $4$ heads and $d_{ff} = 64$' in page
    assert f'${_thousands(results["parameters"])}$ parameters' in page
    assert _minutes(page, 'The run') == (
        round(results['wall_seconds'] / 60),
        round(results['cpu_seconds'] / 60),
    )
    assert f'an {results["processor"]} processor' in page
    assert f'has\n${results["uniform_loss"]:.2f}$' in page and f'has ${results["bigram_loss"]:.2f}$' in page
    # The numbers of the prose
    runs = {(r['variant'], r['seed']): r for r in results['runs']}
    post, deep = [runs[('post_ln', s)] for s in (1, 2)], [runs[('deep_norm', s)] for s in (1, 2)]
    valid = lambda r, step: dict((s, v) for s, v in r['valid'])[step]  # noqa: E731
    assert (f'${valid(post[0], 100):.3f}$ and ${valid(post[1], 100):.3f}$ at step $100$ and '
            f'${valid(post[0], 300):.3f}$ and ${valid(post[1], 300):.3f}$ at step $300$') in page  # fmt: skip
    assert f'to ${valid(deep[0], 300):.3f}$ and ${valid(deep[1], 300):.3f}$ at step $300$' in page
    assert f'is ${post[0]["grad_norm"][0]:.2f}$ and\n${post[1]["grad_norm"][0]:.2f}$' in page
    assert (
        f'against ${deep[0]["grad_norm"][0]:.2f}$ and ${deep[1]["grad_norm"][0]:.2f}$ with DeepNorm' in page
    )
    # What the prose says of them: no run diverged, post-LN stalled above DeepNorm and the bigram baseline
    assert not any(r['diverged'] for r in results['runs'])
    assert all(valid(r, 300) > valid(r, 100) - 0.05 for r in post)
    assert all(valid(r, 300) > results['bigram_loss'] for r in deep)
    assert all(valid(r, 300) < valid(r, 250) for r in deep)
    assert max(valid(r, 300) for r in deep) < min(valid(r, 300) for r in post)
