"""
Tests of the GPT-2 model: its logits against GPT-2's forward pass written the way its released code writes it,
its parameter count against the formula of its page, the tied embeddings, causality, the depth-scaled
initialization (by what it is for: a residual stream whose variance does not grow with depth), the AdamW
parameter groups, and that it trains.
"""

import json
import math
from pathlib import Path

import pytest
import torch
from torch import nn

from labml_nn.experiments.text import CharTokenizer, get_batch
from labml_nn.optimizers.adamw import AdamW
from labml_nn.transformers.gpt import GPT, parameter_groups
from labml_nn.transformers.mha import MultiHeadAttention
from labml_nn.transformers.mha_fast import FastMultiHeadAttention
from tiny_training import SHAKESPEARE, tiny


@pytest.fixture(autouse=True)
def one_thread():
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def small(**kwargs) -> GPT:
    torch.manual_seed(0)
    options = dict(n_vocab=11, d_model=16, n_layers=2, heads=4, d_ff=24, max_len=20, dropout=0.0)
    options.update(kwargs)
    return GPT(**options)


def gpt2_reference(model: GPT, tokens: torch.Tensor) -> torch.Tensor:
    """GPT-2's forward pass written as its released code (`model.py` of openai/gpt-2) writes it, from the weights
    of `model`: batch first, one matrix for the queries, keys and values (`c_attn`), heads split from it, the
    causal mask applied as `w * b - 1e10 * (1 - b)`, GELU written out with `erf`, and the logits as the products
    with the token embeddings. `tokens` is `[seq_len, batch_size]`; returns `[seq_len, batch_size, n_vocab]`."""

    def norm(x, ln):
        mean = x.mean(dim=-1, keepdim=True)
        var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
        return (x - mean) / torch.sqrt(var + ln.eps) * ln.weight + ln.bias

    x = tokens.T  # [batch, seq]
    n_batch, n_ctx = x.shape
    wte = model.token_embedding.weight
    wpe = model.position_embedding[:, 0, :]
    h = wte[x] + wpe[:n_ctx][None]  # [batch, seq, d]
    d = h.shape[-1]
    for block in model.blocks.layers:
        attn = block.self_attn
        n_head = attn.heads
        # c_attn: [d, 3d] and its bias [3d]
        w_attn = torch.cat([attn.query.linear.weight, attn.key.linear.weight, attn.value.linear.weight]).T
        b_attn = torch.cat([attn.query.linear.bias, attn.key.linear.bias, attn.value.linear.bias])
        q, k, v = (norm(h, block.norm_self_attn) @ w_attn + b_attn).split(d, dim=-1)

        q, k, v = (t.reshape(n_batch, n_ctx, n_head, d // n_head).permute(0, 2, 1, 3) for t in (q, k, v))
        w = q @ k.transpose(-1, -2) / math.sqrt(d // n_head)
        b = torch.tril(torch.ones(n_ctx, n_ctx, dtype=w.dtype))
        w = torch.softmax(w * b - 1e10 * (1 - b), dim=-1)
        a = (w @ v).permute(0, 2, 1, 3).reshape(n_batch, n_ctx, d)
        h = h + a @ attn.output.weight.T + attn.output.bias
        ff = block.feed_forward
        m = norm(h, block.norm_ff) @ ff.layer1.weight.T + ff.layer1.bias
        m = 0.5 * m * (1 + torch.erf(m / math.sqrt(2)))
        h = h + m @ ff.layer2.weight.T + ff.layer2.bias
    h = norm(h, model.blocks.norm)
    return (h @ wte.T).transpose(0, 1)


@pytest.mark.parametrize('attention', [FastMultiHeadAttention, MultiHeadAttention])
def test_logits_equal_gpt2_written_another_way(attention):
    """The same weights, drawn far from the initial ones (biases and layer norms too), give the same logits
    in our model and in GPT-2's forward pass as its code writes it"""
    model = small(attention=attention, n_layers=3).double().eval()
    g = torch.Generator().manual_seed(7)
    with torch.no_grad():
        for name, p in model.named_parameters():
            p.copy_(
                torch.randn(p.shape, generator=g, dtype=p.dtype)
                * (0.3 if p.dim() > 1 or 'norm' not in name else 0.2)
            )
            if 'norm' in name and name.endswith('weight'):
                p.add_(1.0)
    x = torch.randint(0, 11, (17, 3), generator=g)
    expected = gpt2_reference(model, x)
    logits = model(x)
    assert logits.shape == expected.shape == (17, 3, 11)
    torch.testing.assert_close(logits, expected, atol=1e-9, rtol=1e-9)
    # The check can fail: another GELU (the tanh approximation of GPT-2's code) gives other logits
    with torch.no_grad():
        for block in model.blocks.layers:
            block.feed_forward.activation = nn.GELU(approximate='tanh')
    assert (model(x) - expected).abs().max() > 1e-6


@pytest.mark.parametrize('V, d, N, heads, d_ff, T', [(11, 16, 2, 4, 24, 20), (65, 32, 3, 2, None, 64)])
def test_parameter_count_is_the_formula(V, d, N, heads, d_ff, T):
    model = GPT(V, d, N, heads, d_ff=d_ff, max_len=T)
    f = d_ff if d_ff is not None else 4 * d
    # The formula of the page
    expected = V * d + T * d + N * (4 * d * d + 2 * d * f + 9 * d + f) + 2 * d
    assert sum(p.numel() for p in model.parameters()) == expected


def test_tied_embeddings_are_one_tensor():
    model = small()
    assert model.readout.weight is model.token_embedding.weight
    assert model.readout.weight.data_ptr() == model.token_embedding.weight.data_ptr()
    # Listed once, trained once, and still one tensor after a step
    assert sum(p is model.token_embedding.weight for p in model.parameters()) == 1
    optimizer = AdamW(parameter_groups(model, 0.1), lr=1e-2)
    model(torch.randint(0, 11, (8, 3))).sum().backward()
    optimizer.step()
    assert model.readout.weight is model.token_embedding.weight
    # A checkpoint restores the tie: both names load the same values into the one tensor
    other = small()
    other.load_state_dict(model.state_dict())
    assert other.readout.weight is other.token_embedding.weight
    assert torch.equal(other.token_embedding.weight, model.token_embedding.weight)


@pytest.mark.parametrize('attention', [FastMultiHeadAttention, MultiHeadAttention])
def test_output_does_not_depend_on_later_inputs(attention):
    """The gradient of the logits at position i with respect to the embedded inputs after i is zero"""
    model = small(attention=attention).double()
    model.eval()
    seq_len = 12
    x = torch.randint(0, 11, (seq_len, 2), generator=torch.Generator().manual_seed(3))
    embedded = {}

    def keep(module, inputs, output):
        output.retain_grad()
        embedded['h'] = output

    model.dropout.register_forward_hook(keep)
    for i in range(seq_len):
        model.zero_grad()
        logits = model(x)
        assert logits.shape == (seq_len, 2, 11)
        logits[i].sum().backward()
        grad = embedded['h'].grad.abs().sum(dim=(1, 2))
        assert torch.all(grad[i + 1 :] == 0), i
        assert torch.all(grad[: i + 1] > 0), i


def test_changing_later_tokens_leaves_earlier_logits():
    model = small()
    model.eval()
    x = torch.randint(0, 11, (10, 3), generator=torch.Generator().manual_seed(4))
    y = x.clone()
    y[6:] = (y[6:] + 1) % 11
    a, b = model(x), model(y)
    torch.testing.assert_close(a[:6], b[:6])
    assert not torch.allclose(a[6:], b[6:])


def test_fast_and_explicit_attention_agree():
    fast = small()
    explicit = small(attention=MultiHeadAttention)
    explicit.load_state_dict(fast.state_dict())
    fast.eval()
    explicit.eval()
    x = torch.randint(0, 11, (15, 2))
    torch.testing.assert_close(fast(x), explicit(x), atol=1e-5, rtol=1e-5)


def test_depth_scaled_initialization():
    N = 4
    model = GPT(50, 256, N, 4, max_len=32)
    block = model.blocks.layers[0]
    # Residual projections: 0.02 / sqrt(2N)
    for w in (block.self_attn.output.weight, block.feed_forward.layer2.weight):
        assert w.std().item() == pytest.approx(0.02 / math.sqrt(2 * N), rel=0.05)
    # Other linear layers and the embeddings: $0.02$
    for w in (
        block.self_attn.query.linear.weight,
        block.feed_forward.layer1.weight,
        model.token_embedding.weight,
    ):
        assert w.std().item() == pytest.approx(0.02, rel=0.05)
    # Biases zero, layer norms at their defaults, positions $0.01$
    assert torch.all(block.feed_forward.layer1.bias == 0)
    assert torch.all(block.norm_ff.weight == 1)
    assert model.position_embedding.std().item() == pytest.approx(0.01, rel=0.05)
    # The copies of the block are initialized separately
    assert not torch.equal(
        model.blocks.layers[0].feed_forward.layer1.weight, model.blocks.layers[1].feed_forward.layer1.weight
    )


def test_depth_scaling_keeps_the_residual_variance_from_growing():
    """What the scaling is for (GPT-2's paper, section 2.3): the variance the blocks add to the residual stream,
    measured at the top, is about the same for 2 and for 12 blocks; drawn without it, it grows with the number
    of residual layers (by about 24 / 4)"""

    def added_variance(n_layers: int, scaled: bool) -> float:
        torch.manual_seed(0)
        model = GPT(50, 128, n_layers, 4, max_len=32, dropout=0.0).eval()
        if not scaled:
            with torch.no_grad():
                for block in model.blocks.layers:
                    block.self_attn.output.weight.normal_(std=model.token_embedding.weight.std().item())
                    block.feed_forward.layer2.weight.normal_(std=model.token_embedding.weight.std().item())
        top = {}
        model.blocks.norm.register_forward_pre_hook(lambda module, args: top.setdefault('h', args[0]))
        x = torch.randint(0, 50, (32, 8), generator=torch.Generator().manual_seed(1))
        with torch.no_grad():
            model(x)
            start = model.token_embedding(x) + model.position_embedding[:32]
        return (top['h'] - start).var().item()

    scaled = added_variance(12, True) / added_variance(2, True)
    plain = added_variance(12, False) / added_variance(2, False)
    assert 0.6 < scaled < 1.6, scaled
    assert plain > 3, plain


def test_parameter_groups():
    model = small()
    decay, no_decay = parameter_groups(model, 0.1)
    assert decay['weight_decay'] == 0.1 and no_decay['weight_decay'] == 0.0
    names = {id(p): n for n, p in model.named_parameters()}
    decay_names = {names[id(p)] for p in decay['params']}
    no_decay_names = {names[id(p)] for p in no_decay['params']}
    # Every parameter once
    assert len(decay['params']) + len(no_decay['params']) == len(list(model.parameters()))
    assert not decay_names & no_decay_names
    # Decay: the weight matrices of the attention projections and of the feed-forward layers
    expected = set()
    for i in range(2):
        for p in ('query.linear', 'key.linear', 'value.linear', 'output'):
            expected.add(f'blocks.layers.{i}.self_attn.{p}.weight')
        for p in ('layer1', 'layer2'):
            expected.add(f'blocks.layers.{i}.feed_forward.{p}.weight')
    assert decay_names == expected
    # No decay: the tied embeddings, the positions, the biases and layer normalizations
    assert 'token_embedding.weight' in no_decay_names
    assert 'position_embedding' in no_decay_names
    assert all(
        p.dim() == 1 for n, p in model.named_parameters() if n in no_decay_names and 'embedding' not in n
    )


def test_sequence_longer_than_positions():
    with pytest.raises(ValueError, match='longer than max_len 20'):
        small()(torch.zeros(21, 1, dtype=torch.long))


def test_loss_falls_in_a_few_steps():
    """On fresh batches of the excerpt, from about ln V to well below it in 40 steps"""
    text = SHAKESPEARE.read_text(encoding='utf-8')[:50_000]
    tokenizer = CharTokenizer.from_text(text)
    data = torch.tensor(tokenizer.encode(text))
    torch.manual_seed(0)
    model = GPT(tokenizer.n_vocab, 32, 2, 4, max_len=32, dropout=0.0)
    optimizer = AdamW(parameter_groups(model, 0.1), lr=3e-3)
    generator = torch.Generator().manual_seed(0)
    losses = []
    for _ in range(40):
        x, y = get_batch(data, 32, 16, generator)
        loss = nn.functional.cross_entropy(model(x).flatten(0, 1), y.flatten())
        losses.append(loss.item())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    # Starts near $\ln V$ (the small initialization gives nearly uniform logits), then falls
    assert losses[0] == pytest.approx(math.log(tokenizer.n_vocab), rel=0.05)
    assert sum(losses[-5:]) / 5 < losses[0] - 0.8


# The experiment with `--model gpt`, and the comparison script, in a tiny configuration
TINY = tiny(batch_size='8', warmup=None, valid_batches='2', log_interval='10', sample_len='20')


@pytest.fixture
def home(tmp_path, monkeypatch):
    """labml writes `~/.labml`: a temporary home, and an empty working directory"""
    monkeypatch.setenv('HOME', str(tmp_path / 'home'))
    (tmp_path / 'cwd').mkdir()
    monkeypatch.chdir(tmp_path / 'cwd')
    return tmp_path


@pytest.mark.slow
def test_experiment_trains_gpt_with_adamw(home):
    from labml_nn.optimizers.noam import NoamAdamW
    from labml_nn.transformers.basic.autoregressive_experiment import main

    trainer = main(
        TINY
        + [
            '--model',
            'gpt',
            '--steps',
            '40',
            '--valid-interval',
            '20',
            '--data',
            str(SHAKESPEARE),
            '--log-dir',
            str(home / 'logs'),
            '--checkpoint-dir',
            str(home / 'ck'),
            '--no-plot',
        ]
    )
    model, optimizer = trainer.model, trainer.optimizer
    assert isinstance(model, GPT) and model.max_len == 32
    assert isinstance(optimizer, NoamAdamW)
    # Decay only on the weight matrices of the linear layers, by the page's groups
    decay, no_decay = optimizer.param_groups
    assert decay['weight_decay'] == 0.1 and no_decay['weight_decay'] == 0.0
    expected = {id(p) for p in parameter_groups(model, 0.1)[0]['params']}
    assert {id(p) for p in decay['params']} == expected
    assert all(p is not model.token_embedding.weight for p in decay['params'])
    # The warm-up schedule: a tenth of the run
    assert decay['warmup'] == 4 and no_decay['noam_step'] == 40
    # It learned something: from about ln V to below it
    assert trainer.valid_history[-1][1] < trainer.valid_history[0][1] - 0.5


@pytest.mark.slow
@pytest.mark.parametrize(
    'option, message',
    [
        (['--no-tie-embeddings'], 'always ties its embeddings'),
        (['--positional', 'rotary'], 'learned positions of its own'),
    ],
)
def test_experiment_gpt_refuses_options_of_the_basic_model(home, option, message):
    from labml_nn.transformers.basic.autoregressive_experiment import main

    with pytest.raises(SystemExit) as e:
        main(
            TINY
            + [
                '--model',
                'gpt',
                *option,
                '--steps',
                '1',
                '--data',
                str(SHAKESPEARE),
                '--log-dir',
                str(home / 'logs'),
                '--checkpoint-dir',
                str(home / 'ck'),
            ]
        )
    assert message in str(e.value)


@pytest.mark.slow
def test_comparison_script(home):
    """The comparison pipeline of the GPT page, with a few steps of a tiny model"""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / 'bench' / 'gpt_comparison.py'
    spec = importlib.util.spec_from_file_location('gpt_comparison', path)
    comparison = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(comparison)
    out = home / 'out'
    report = comparison.main(
        ['--steps', '6', '--data', str(SHAKESPEARE), '--out', str(out), '--basic-out', str(home / 'basic'),
         '--', *TINY, '--valid-interval', '3']
    )  # fmt: skip
    saved = json.loads((out / comparison.JSON_FILE).read_text(encoding='utf-8'))
    assert saved == json.loads(json.dumps(report))
    assert list(saved['models']) == ['basic', 'gpt']
    assert '--model {basic,gpt}' in saved['command'] and '--steps 6' in saved['command']
    for r in saved['models'].values():
        assert r['steps'] == 6
        # Validations at steps 0, 3 and 6
        assert [row[0] for row in r['valid']] == [0, 3, 6]
        assert r['final_valid_loss'] == r['valid'][-1][1]
        assert r['wall_seconds'] > 0 and r['cpu_seconds'] > 0 and len(r['sample']) == 20
        assert r['bigram_valid_loss'] == saved['models']['basic']['bigram_valid_loss']
    # GPT has fewer parameters: no output matrix or bias, learned positions instead
    assert saved['models']['gpt']['parameters'] != saved['models']['basic']['parameters']
    # The plot is a PNG
    assert (out / comparison.PLOT_FILE).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    # What the run was: command, seed, steps, time, versions, processor
    for key in ('command', 'script', 'seed', 'steps', 'wall_seconds', 'python', 'torch', 'processor'):
        assert saved[key], key
    # The basic run, as the basic transformer's page shows it, with its own command
    basic = json.loads((home / 'basic' / comparison.BASIC_JSON_FILE).read_text(encoding='utf-8'))
    assert basic['valid'] == saved['models']['basic']['valid'] and basic['seed'] == 1
    assert basic['command'] + ' --model {basic,gpt}' == saved['command']
    assert (home / 'basic' / comparison.BASIC_PLOT_FILE).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
