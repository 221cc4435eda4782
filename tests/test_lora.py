"""
LoRA: with B = 0 the adapted model is the base model, the adapter computes (W0 + alpha/r B A) x + b,
the merged weights give the adapted model's logits, only the adapters get gradients; the experiment runs,
resumes from its base model, and its page shows the committed results.
"""

import json
import re
from pathlib import Path

import pytest
import torch
from torch import nn

from labml_nn.lora import TARGETS, LoRALinear, add_lora, experiment, merge_lora, trainable_parameters
from labml_nn.transformers.gpt import GPT
from tiny_training import SHAKESPEARE

PAGE = Path(experiment.__file__)


def _gpt(seed=0):
    torch.manual_seed(seed)
    return GPT(13, 16, 2, 4, d_ff=32, max_len=20, dropout=0.0).eval()


def _perturb_b(model):
    """Give every B a random value, as training would"""
    torch.manual_seed(5)
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, LoRALinear):
                m.lora_b.normal_(std=0.5)


def test_with_b_zero_the_model_is_the_base_model():
    base, adapted = _gpt(), _gpt()
    adapters = add_lora(adapted, 4, 8.0)
    x = torch.randint(13, (20, 3))
    with torch.no_grad():
        torch.testing.assert_close(adapted(x), base(x))
    assert all(torch.equal(a.lora_b, torch.zeros_like(a.lora_b)) for a in adapters)
    # A starts random, so that B gets a gradient
    assert all(a.lora_a.abs().sum() > 0 for a in adapters)


def test_adapter_is_the_low_rank_update_written_out():
    torch.manual_seed(0)
    base = nn.Linear(6, 5)
    layer = LoRALinear(base, r=2, alpha=3.0)
    with torch.no_grad():
        layer.lora_b.normal_()
    x = torch.randn(4, 6)
    # h = (W0 + alpha / r * B A) x + b, element by element
    w = base.weight + 3.0 / 2 * sum(torch.outer(layer.lora_b[:, k], layer.lora_a[k]) for k in range(2))
    expected = torch.stack([torch.stack([w[o] @ x[n] + base.bias[o] for o in range(5)]) for n in range(4)])
    torch.testing.assert_close(layer(x), expected)


def test_merged_weights_give_the_same_logits():
    model = _gpt()
    add_lora(model, 4, 4.0, targets=list(TARGETS))
    _perturb_b(model)
    x = torch.randint(13, (20, 3))
    with torch.no_grad():
        before = model(x)
        merge_lora(model)
        after = model(x)
    torch.testing.assert_close(after, before, rtol=1e-4, atol=1e-5)
    # The merged model is the base model's architecture: no adapters, the same number of parameters
    assert not any(isinstance(m, LoRALinear) for m in model.modules())
    assert sum(p.numel() for p in model.parameters()) == sum(p.numel() for p in _gpt().parameters())
    # and the adapters did change the model
    assert not torch.allclose(after, _gpt()(x), atol=1e-3)


def test_only_the_adapters_get_gradients():
    model = _gpt().train()
    adapters = add_lora(model, 2, 2.0)
    _perturb_b(model)
    model(torch.randint(13, (20, 3))).sum().backward()
    lora = {id(p) for a in adapters for p in (a.lora_a, a.lora_b)}
    for name, p in model.named_parameters():
        if id(p) in lora:
            assert p.requires_grad and p.grad is not None and p.grad.abs().sum() > 0, name
        else:
            assert not p.requires_grad and p.grad is None, name


def test_targets_and_trainable_parameters():
    model = _gpt()
    adapters = add_lora(model, 3, 3.0)
    # W_q and W_v in each of the 2 blocks, r (d_in + d_out) parameters each
    assert len(adapters) == 4
    assert trainable_parameters(model) == 4 * 3 * (16 + 16)
    assert all(isinstance(b.self_attn.query.linear, LoRALinear) for b in model.blocks.layers)
    assert all(isinstance(b.self_attn.value.linear, LoRALinear) for b in model.blocks.layers)
    assert all(not isinstance(b.self_attn.key.linear, LoRALinear) for b in model.blocks.layers)
    with pytest.raises(ValueError, match='unknown targets'):
        add_lora(_gpt(), 2, 2.0, targets=['query', 'nope'])
    with pytest.raises(ValueError):
        LoRALinear(nn.Linear(3, 3), 0, 1.0)


def _tiny(tmp_path, *extra):
    return experiment.main(['--data', str(SHAKESPEARE), '--base-steps', '20', '--steps', '4', '--eval-batches', '1',
                            '--lrs', '1e-3', '1e-2', '--seeds', '2', '--out', str(tmp_path / 'out'),
                            '--work-dir', str(tmp_path / 'work'), *extra])  # fmt: skip


@pytest.mark.slow
def test_experiment_runs_and_resumes_from_its_base_model(tmp_path, capsys):
    results = _tiny(tmp_path)
    out = capsys.readouterr().out
    assert 'Trained the base model' in out
    assert json.loads((tmp_path / 'out' / experiment.RESULTS_FILE).read_text(encoding='utf-8')) == results
    # 4 adaptations at 2 learning rates, then the second seed of each at its best rate
    assert len(results['runs']) == 4 * 2 + 4
    assert {r['seed'] for r in results['runs']} == {1, 2}
    for r in results['runs']:
        if r['rank'] is not None:
            # The merged model computes what the adapters did
            assert r['merged_max_logit_difference'] < 1e-4
            assert r['merged_adapt_loss'] == pytest.approx(r['adapt_loss'], abs=2e-4)
            assert r['trainable'] == 2 * 2 * r['rank'] * (64 + 64)
        else:
            assert r['trainable'] == results['base']['parameters']
    # Resumed: the base model is loaded, not trained again, and gives the same results
    again = _tiny(tmp_path, '--resume')
    assert 'Loaded the base model' in capsys.readouterr().out
    assert again['none'] == results['none']

    def losses(runs):
        return [{k: v for k, v in r.items() if k != 'cpu_seconds'} for r in runs]

    assert losses(again['runs']) == losses(results['runs'])
    assert experiment.markdown_table(results).splitlines()[2].startswith('| none |')


def test_help_lists_the_options(capsys):
    with pytest.raises(SystemExit):
        experiment.main(['--help'])
    assert '--base-steps' in capsys.readouterr().out


def test_page_shows_the_committed_results():
    results = json.loads((PAGE.parent / experiment.RESULTS_FILE).read_text(encoding='utf-8'))
    page = PAGE.read_text(encoding='utf-8')
    assert experiment.markdown_table(results) in page
    assert results['command'] in page
    assert (PAGE.parent / experiment.PLOT_FILE).is_file()
    assert results['torch_threads'] == 1
    minutes = re.search(r'The run took (\d+) minutes of processor time', page)
    assert minutes and int(minutes.group(1)) == round(results['cpu_seconds'] / 60)
    assert f'${results["base"]["steps"]}$ steps' in page and f'${results["steps"]}$ steps' in page
    assert f'{results["none"]["adapt_loss"]:.3f}$ to' in page
    # Every run's merged model computes what its adapters did
    assert all(r['merged_max_logit_difference'] < 1e-4 for r in results['runs'] if r['rank'])
