"""
The Switch layer against a direct loop over the tokens and the paper's formula for the balancing loss;
the experiment's `--experts` option; the comparison and the page that shows its committed results.
"""

import json
import re
from pathlib import Path

import pytest
import torch
from torch import nn

from labml_nn.experiments.nlp_autoregression import auxiliary_loss
from labml_nn.helpers.cli import OptionError
from labml_nn.transformers.basic.autoregressive_experiment import Configs, main, make_model
from labml_nn.transformers.feed_forward import FeedForward
from labml_nn.transformers.switch import SwitchFeedForward, experiment, switch_layers
from tiny_training import SHAKESPEARE, tiny

pytestmark = pytest.mark.usefixtures('labml_home')

PAGE = Path(experiment.__file__)


def _layer(n_experts=4, d_model=8, d_ff=16, **kwargs):
    torch.manual_seed(0)
    experts = [FeedForward(d_model, d_ff, dropout=0.0) for _ in range(n_experts)]
    layer = SwitchFeedForward(experts, d_model, **kwargs)
    # Router weights large enough that the experts' loads are uneven
    with torch.no_grad():
        layer.switch.weight.mul_(4)
    return layer


def _direct(layer: SwitchFeedForward, x: torch.Tensor):
    """Token by token, in the order of the flattened batch: the router's softmax written out, the
    first-come queue of each expert, and zero for a token that finds its expert full."""
    tokens = x.reshape(-1, x.shape[-1])
    w, b = layer.switch.weight, layer.switch.bias
    capacity = int(layer.capacity_factor * len(tokens) / layer.n_experts)
    taken = [0] * layer.n_experts
    out, dropped = [], 0
    for t in tokens:
        scores = [float(w[i] @ t + b[i]) for i in range(layer.n_experts)]
        m = max(scores)
        exps = [pow(2.718281828459045, s - m) for s in scores]
        probs = [e / sum(exps) for e in exps]
        i = probs.index(max(probs))
        if layer.drop_tokens and taken[i] >= capacity:
            out.append(torch.zeros_like(t))
            dropped += 1
        else:
            out.append(probs[i] * layer.experts[i](t[None])[0])
        taken[i] += 1
    return torch.stack(out).view(x.shape), taken, dropped


@pytest.mark.parametrize('capacity_factor', [0.5, 1.0, 1.25, 2.0])
def test_routing_capacity_and_dropping_match_a_loop_over_tokens(capacity_factor):
    layer = _layer(capacity_factor=capacity_factor)
    x = torch.randn(12, 3, 8)
    with torch.no_grad():
        out = layer(x)
        expected, taken, dropped = _direct(layer, x)
    torch.testing.assert_close(out, expected, rtol=1e-4, atol=1e-5)
    assert layer.counts.tolist() == taken
    assert layer.dropped == dropped
    # The loads are uneven, so a small capacity drops tokens
    if capacity_factor <= 1.0:
        assert dropped > 0


def test_no_dropping_keeps_every_token():
    layer = _layer(capacity_factor=0.1, drop_tokens=False)
    x = torch.randn(10, 2, 8)
    with torch.no_grad():
        out = layer(x)
        expected, _, dropped = _direct(layer, x)
    assert layer.dropped == dropped == 0
    torch.testing.assert_close(out, expected, rtol=1e-4, atol=1e-5)


def test_balancing_loss_is_the_papers_formula():
    alpha = 0.01
    layer = _layer(balance_loss=alpha)
    x = torch.randn(16, 4, 8)
    layer(x)
    tokens = x.reshape(-1, 8)
    probs = torch.softmax(tokens @ layer.switch.weight.T + layer.switch.bias, dim=-1).detach()
    n, t = layer.n_experts, len(tokens)
    f = [sum(1 for row in probs if int(row.argmax()) == i) / t for i in range(n)]
    p = [float(probs[:, i].sum()) / t for i in range(n)]
    expected = alpha * n * sum(fi * pi for fi, pi in zip(f, p))
    assert float(layer.aux_loss.detach()) == pytest.approx(expected, rel=1e-5)
    # It is its minimum, alpha, when the router is uniform
    with torch.no_grad():
        layer.switch.weight.zero_(), layer.switch.bias.zero_()
    layer(x)
    assert float(layer.aux_loss.detach()) == pytest.approx(alpha)
    # and none without it
    layer.balance_loss = 0
    layer(x)
    assert layer.aux_loss is None


def test_one_expert_without_dropping_is_the_dense_network():
    torch.manual_seed(1)
    ffn = FeedForward(8, 16, dropout=0.0)
    layer = SwitchFeedForward([ffn], 8, capacity_factor=1.0)
    x = torch.randn(7, 3, 8)
    torch.testing.assert_close(layer(x), ffn(x))
    assert layer.dropped == 0


def test_the_router_and_the_balancing_loss_get_gradients():
    layer = _layer(capacity_factor=2.0)
    out = layer(torch.randn(8, 2, 8))
    (out.sum() + layer.aux_loss).backward()
    assert layer.switch.weight.grad.abs().sum() > 0
    # The balancing loss alone moves the router
    layer.zero_grad()
    layer(torch.randn(8, 2, 8))
    layer.aux_loss.backward()
    assert layer.switch.weight.grad.abs().sum() > 0


def test_experts_option_builds_switch_layers_and_the_trainer_adds_their_loss():
    c = Configs(d_model=16, heads=4, d_ff=32, layers=3, experts=4, capacity_factor=1.5, balance_loss=0.02)
    model = make_model(c, 11)
    layers = switch_layers(model)
    assert len(layers) == 3 and all(m.n_experts == 4 and m.capacity_factor == 1.5 for m in layers)
    # Each layer has experts of its own
    assert len({id(m.experts[0].layer1.weight) for m in layers}) == 3
    model(torch.randint(11, (10, 2)))
    assert float(auxiliary_loss(model).detach()) == pytest.approx(
        sum(float(m.aux_loss.detach()) for m in layers)
    )
    # A dense model has no auxiliary loss
    assert auxiliary_loss(make_model(Configs(d_model=16, heads=4, d_ff=32, layers=2), 11)) == 0
    assert not switch_layers(make_model(Configs(d_model=16, heads=4, d_ff=32, layers=2), 11))
    with pytest.raises(OptionError):
        make_model(Configs(d_model=16, heads=4, d_ff=32, model='gpt', experts=2), 11)


def _dirs(tmp: Path):
    return ['--data', str(SHAKESPEARE), '--checkpoint-dir', str(tmp / 'ck'), '--log-dir', str(tmp / 'logs')]


@pytest.mark.slow
def test_switch_model_trains_and_resumes(tmp_path):
    argv = [*tiny(valid_batches='2', sample_len='10'), '--no-plot', *_dirs(tmp_path), '--experts', '2']
    trainer = main([*argv, '--steps', '30', '--valid-interval', '15'])
    losses = [loss for _, loss, _ in trainer.valid_history]
    assert losses[-1] < losses[0] - 0.5, losses
    # The checkpoint has the experts, and training continues from it
    resumed = main([*argv, '--steps', '34', '--valid-interval', '17', '--resume'])
    assert resumed.step == 34
    assert len(switch_layers(resumed.model)[0].experts) == 2


@pytest.mark.slow
def test_comparison_pipeline(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(
        experiment, 'MODEL_OPTIONS', tiny(valid_batches=None, log_interval=None, sample_len=None, device=None)
    )
    monkeypatch.setattr(
        experiment, 'RUNS', [experiment.Run('dense', 0, 0.01, 1), experiment.Run('4 experts', 4, 0.01, 1)]
    )
    results = experiment.main(['--data', str(SHAKESPEARE), '--steps', '4', '--valid-interval', '2',
                               '--eval-batches', '1', '--out', str(tmp_path / 'out')])  # fmt: skip
    assert json.loads((tmp_path / 'out' / experiment.RESULTS_FILE).read_text(encoding='utf-8')) == results
    dense, four = results['runs']
    assert dense['final']['load'] == [] and len(four['final']['load']) == 2
    # The loads of a layer add up to one; no dropping drops nothing
    assert sum(four['final']['load'][0]) == pytest.approx(1, abs=1e-3)
    assert [c['capacity_factor'] for c in four['capacity']] == experiment.CAPACITY_FACTORS
    assert four['capacity'][-1]['dropped'] == [0.0, 0.0]
    # Fewer tokens are dropped as the capacity grows
    drops = [sum(c['dropped']) for c in four['capacity']]
    assert drops == sorted(drops, reverse=True)
    assert four['parameters'] > dense['parameters']
    assert (tmp_path / 'out' / experiment.PLOT_FILE).read_bytes()[:4] == b'\x89PNG'
    assert experiment.markdown_table(results) in capsys.readouterr().out


def test_help_lists_the_options(capsys):
    with pytest.raises(SystemExit):
        experiment.main(['--help'])
    assert '--steps' in capsys.readouterr().out


def test_page_shows_the_committed_results():
    results = json.loads((PAGE.parent / experiment.RESULTS_FILE).read_text(encoding='utf-8'))
    page = PAGE.read_text(encoding='utf-8')
    assert experiment.markdown_table(results) in page
    assert results['command'] in page
    assert (PAGE.parent / experiment.PLOT_FILE).is_file()
    assert results['torch_threads'] == 1
    assert [(r['experts'], r['balance_loss'], r['seed']) for r in results['runs']] == [
        (r.experts, r.balance_loss, r.seed) for r in experiment.RUNS
    ]
    minutes = re.search(r'The runs took (\d+) minutes of processor time', page)
    assert minutes and int(minutes.group(1)) == round(results['cpu_seconds'] / 60)
    assert f'{results["steps"]} steps' in page
    # Every number in the prose that names a run's loss is that run's
    for name, seed, loss in re.findall(r'`([^`]+)`, seed (\d), ends at \$(\d\.\d+)\$', page):
        run = [r for r in results['runs'] if r['name'] == name and r['seed'] == int(seed)]
        assert run and f'{run[0]["final"]["loss"]:.3f}' == loss, (name, seed, loss)


def test_dropped_tokens_pass_through_the_residual():
    """In a transformer layer, a token the Switch layer drops comes out as attention left it."""
    from labml_nn.transformers.mha import MultiHeadAttention
    from labml_nn.transformers.models import TransformerLayer

    torch.manual_seed(2)
    switch = _layer(n_experts=2, d_model=8, capacity_factor=0.01)
    layer = TransformerLayer(
        d_model=8, self_attn=MultiHeadAttention(2, 8, dropout_prob=0.0), feed_forward=switch, dropout_prob=0.0
    )
    x = torch.randn(5, 2, 8)
    captured = {}
    switch.register_forward_hook(lambda m, i, o: captured.update(out=o))
    layer(x=x, mask=None)
    # Capacity 0: every token is dropped and the layer adds nothing
    assert switch.capacity(10) == 0 and switch.dropped == 10
    assert torch.equal(captured['out'], torch.zeros_like(x))
    assert isinstance(switch.experts, nn.ModuleList)
