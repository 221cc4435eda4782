"""
The positional schemes in the experiment (`--positional`), and the comparison that trains each of them
and measures the loss at the training length and beyond: each trains, checkpoints load back, and the
page shows the committed results.
"""

import dataclasses
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from labml_nn.helpers import download
from labml_nn.transformers import positions
from labml_nn.transformers.alibi import AlibiMultiHeadAttention, TokenEmbeddings
from labml_nn.transformers.basic.autoregressive_experiment import Configs, main, make_model
from labml_nn.transformers.mha_fast import FastMultiHeadAttention
from labml_nn.transformers.models import (
    EmbeddingsWithLearnedPositionalEncoding,
    EmbeddingsWithPositionalEncoding,
)
from labml_nn.transformers.rope import RotaryMultiHeadAttention
from labml_nn.transformers.xl import RelativeMultiHeadAttention
from tiny_training import SHAKESPEARE, tiny

pytestmark = pytest.mark.usefixtures('labml_home')


PAGE = Path(positions.__file__)

TINY = [*tiny(valid_batches='4', sample_len='20'), '--no-plot']

EXPECTED = {
    'sinusoidal': (EmbeddingsWithPositionalEncoding, FastMultiHeadAttention),
    'learned': (EmbeddingsWithLearnedPositionalEncoding, FastMultiHeadAttention),
    'relative': (TokenEmbeddings, RelativeMultiHeadAttention),
    'rotary': (TokenEmbeddings, RotaryMultiHeadAttention),
    'rotary_half': (TokenEmbeddings, RotaryMultiHeadAttention),
    'alibi': (TokenEmbeddings, AlibiMultiHeadAttention),
}
# The features of each head that the comparison's rotary schemes rotate, of 4 in the model below
ROTATED = {'rotary': 4, 'rotary_half': 2}


def _configs(scheme: str, **kwargs) -> Configs:
    """The configurations of the experiment with the options of `scheme` in the comparison"""
    from labml_nn.helpers.cli import configs_from_args
    from labml_nn.transformers.basic.autoregressive_experiment import build_parser

    args = build_parser().parse_args(positions.SCHEME_OPTIONS[scheme])
    return dataclasses.replace(configs_from_args(Configs, args), **kwargs)


def _dirs(tmp: Path):
    return [
        '--data',
        str(SHAKESPEARE),
        '--checkpoint-dir',
        str(tmp / 'checkpoints'),
        '--log-dir',
        str(tmp / 'logs'),
    ]


@pytest.mark.parametrize('scheme', positions.SCHEMES)
def test_option_builds_the_scheme(scheme):
    model = make_model(_configs(scheme, d_model=16, heads=4, d_ff=32, layers=2), 11)
    embeddings, attention = EXPECTED[scheme]
    assert type(model.src_embed) is embeddings
    assert all(type(layer.self_attn) is attention for layer in model.encoder.layers)
    if scheme in ROTATED:
        assert all(layer.self_attn.rope.d == ROTATED[scheme] for layer in model.encoder.layers)
    # The schemes in the attention take any length, longer than the training length too
    assert model(torch.randint(11, (300, 2))).shape == (300, 2, 11)


def test_rope_share_option(tmp_path):
    """`--rope-share` is the share of each head's features rotated, all by default; outside (0, 1] it is an
    error; a rotary checkpoint from before the option samples with the half it was trained with"""
    from labml_nn.helpers.cli import OptionError
    from labml_nn.transformers.basic.autoregressive_experiment import checkpoint_configs

    def rotated(**kwargs):
        model = make_model(Configs(d_model=32, heads=2, d_ff=32, layers=1, positional='rotary', **kwargs), 11)
        return model.encoder.layers[0].self_attn.rope.d

    assert rotated() == 16 and rotated(rope_share=0.5) == 8 and rotated(rope_share=0.25) == 4
    for bad in (0.0, 1.5):
        with pytest.raises(OptionError, match='--rope-share'):
            rotated(rope_share=bad)
    configs = {'positional': 'rotary', 'd_model': 32, 'heads': 2}
    torch.save({'configs': configs}, tmp_path / 'checkpoint.pt')
    assert checkpoint_configs(Configs(checkpoint_dir=str(tmp_path))).rope_share == 0.5
    torch.save({'configs': {**configs, 'rope_share': 1.0}}, tmp_path / 'checkpoint.pt')
    assert checkpoint_configs(Configs(checkpoint_dir=str(tmp_path))).rope_share == 1.0


@pytest.mark.slow
@pytest.mark.parametrize('scheme', positions.SCHEMES)
def test_each_scheme_trains_and_its_checkpoint_loads(scheme, tmp_path):
    trainer = main(
        TINY
        + _dirs(tmp_path)
        + positions.SCHEME_OPTIONS[scheme]
        + ['--steps', '60', '--valid-interval', '30']
    )
    losses = [loss for _, loss, _ in trainer.valid_history]
    # Clearly down in 60 steps, and well below a uniform guess over the vocabulary
    assert losses[-1] < losses[0] - 0.8, losses
    assert losses[-1] < math.log(trainer.tokenizer.n_vocab) - 0.8, losses
    # The checkpoint's state dict loads into a fresh model of the same options and computes the same
    state = torch.load(tmp_path / 'checkpoints' / 'checkpoint.pt', weights_only=True)
    # (a scheme of the comparison is a positional option and its rotated share: `rotary_half`)
    c = Configs(d_model=32, heads=4, d_ff=64, layers=2, dropout=0.0, positional=trainer.c.positional)
    c = dataclasses.replace(c, rope_share=trainer.c.rope_share)
    torch.manual_seed(123)
    fresh = make_model(c, trainer.tokenizer.n_vocab)
    fresh.load_state_dict(state['model'])
    fresh.eval(), trainer.model.eval()
    x = torch.randint(trainer.tokenizer.n_vocab, (32, 3))
    with torch.no_grad():
        torch.testing.assert_close(fresh(x), trainer.model(x))


def _tiny_comparison(monkeypatch, tmp_path, *extra):
    monkeypatch.setattr(positions, 'MODEL_OPTIONS', TINY[: TINY.index('--valid-batches')])
    return positions.main(['--data', str(SHAKESPEARE), '--steps', '3', '--eval-batches', '1',
                           '--out', str(tmp_path / 'out'), '--work-dir', str(tmp_path / 'work'), *extra])  # fmt: skip


@pytest.mark.slow
def test_comparison_pipeline(monkeypatch, tmp_path, capsys):
    results = _tiny_comparison(monkeypatch, tmp_path)
    written = json.loads((tmp_path / 'out' / positions.RESULTS_FILE).read_text(encoding='utf-8'))
    assert written == results
    assert [r['scheme'] for r in results['schemes']] == positions.SCHEMES
    assert results['steps'] == 3 and results['seeds'] == [1, 2] and results['seq_len'] == 32
    for key in ('command', 'python', 'torch', 'processor', 'wall_seconds', 'cpu_seconds'):
        assert results[key], key
    for r in results['schemes']:
        assert [run['seed'] for run in r['runs']] == [1, 2]
        for run in r['runs']:
            # The loss at 1x, 2x and 4x the training length, and by position in the longest windows
            assert sorted(run['loss'], key=int) == ['32', '64', '128']
            assert all(0 < v < 10 for v in run['loss'].values())
            assert len(run['loss_by_position_128']) == 128 // run['position_bucket']
            # The last 32 characters after 0, 32 and 96 before them; after all 96 they are the last
            # positions of the longest windows, whose loss by position the run also has
            after = run['loss_last_32_after']
            assert sorted(after, key=int) == ['0', '32', '96']
            assert after['96'] == pytest.approx(sum(run['loss_by_position_128'][-2:]) / 2, abs=2e-4)
        # The mean over the seeds
        assert r['loss']['32'] == pytest.approx(sum(run['loss']['32'] for run in r['runs']) / 2, abs=1e-4)
    # The seeds give different models
    assert results['schemes'][0]['runs'][0]['loss'] != results['schemes'][0]['runs'][1]['loss']
    # The plot is a PNG
    assert (tmp_path / 'out' / positions.PLOT_FILE).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    # and the tables are printed as the page shows them
    out = capsys.readouterr().out
    assert positions.markdown_table(results) in out and positions.context_table(results) in out


@pytest.mark.slow
def test_comparison_is_deterministic(monkeypatch, tmp_path):
    """A run made twice gives the same digits, and so do runs made in processes of their own (`--jobs`)"""
    first = _tiny_comparison(monkeypatch, tmp_path / 'a', '--schemes', 'rotary', 'alibi')
    second = _tiny_comparison(monkeypatch, tmp_path / 'b', '--schemes', 'rotary', 'alibi', '--jobs', '2')
    for a, b in zip(first['schemes'], second['schemes'], strict=True):
        for x, y in zip(a['runs'], b['runs'], strict=True):
            for key in ('loss', 'loss_by_position_128', 'loss_last_32_after'):
                assert x[key] == y[key]


def test_page_shows_the_committed_results():
    """The tables on the comparison page, its time, steps and quoted numbers are those of the committed
    results.json"""
    results = json.loads((PAGE.parent / positions.RESULTS_FILE).read_text(encoding='utf-8'))
    page = PAGE.read_text(encoding='utf-8')
    assert positions.markdown_table(results) in page
    assert positions.context_table(results) in page
    assert (PAGE.parent / positions.PLOT_FILE).is_file()
    assert results['command'] in page
    assert f'for ${results["steps"]}$ steps, with seeds $1$ and $2$' in page and results['seeds'] == [1, 2]
    minutes = re.search(r'The runs took (\d+) minutes', page)
    assert minutes and int(minutes.group(1)) == round(results['wall_seconds'] / 60)
    cpu = re.search(r'(\d+) minutes of processor time', page)
    assert cpu and int(cpu.group(1)) == round(results['cpu_seconds'] / 60)
    # Every run of every scheme, on one thread
    assert [r['scheme'] for r in results['schemes']] == positions.SCHEMES
    assert results['torch_threads'] == 1
    # The decimal numbers of the page's prose are values of the file, or the means it keeps
    text = page[page.index('### The result') : page.index('"""', page.index('### The result'))]
    text = re.sub(r'```.*?```', '', text, flags=re.S)
    text = '\n'.join(line for line in text.splitlines() if not line.startswith('|'))
    allowed = set()
    for v in _numbers(results):
        allowed |= {f'{v:.2f}', f'{v:.3f}'}
    for n in re.findall(r'(?<![\w.])\d+\.\d+(?![\w.])', text):
        assert n in allowed, n


def _numbers(obj):
    """Every number of a result, at any depth"""
    if isinstance(obj, bool):
        return []
    if isinstance(obj, (int, float)):
        return [float(obj)]
    if isinstance(obj, dict):
        return [v for x in obj.values() for v in _numbers(x)]
    if isinstance(obj, list):
        return [v for x in obj for v in _numbers(x)]
    return []


@pytest.mark.parametrize('option', ['--steps', '--eval-batches'])
def test_comparison_needs_steps_and_batches(option, tmp_path, capsys):
    with pytest.raises(SystemExit):
        positions.main([option, '0', '--out', str(tmp_path / 'out')])
    assert '--steps and --eval-batches must be at least 1' in capsys.readouterr().err
    assert not (tmp_path / 'out').exists()


@pytest.mark.slow
def test_comparison_without_data_keeps_the_results(monkeypatch, tmp_path, capsys):
    out = tmp_path / 'out'
    out.mkdir()
    (out / positions.RESULTS_FILE).write_text('{"kept": true}\n', encoding='utf-8')
    monkeypatch.setattr(positions, 'MODEL_OPTIONS', TINY[: TINY.index('--valid-batches')])
    with pytest.raises(SystemExit) as e:
        positions.main(['--data', str(tmp_path / 'missing.txt'), '--steps', '2', '--out', str(out)])
    assert 'missing.txt' in str(e.value)
    assert (out / positions.RESULTS_FILE).read_text(encoding='utf-8') == '{"kept": true}\n'


@pytest.mark.slow
@pytest.mark.serial
@pytest.mark.parametrize('scheme', ['relative', 'rotary', 'alibi'])
def test_each_attention_scheme_trains_with_torchrun(scheme, tmp_path, labml_home):
    """Data parallel training on two CPU processes: the copies stay equal, so both take the same steps."""
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, 'HOME': str(labml_home), 'OMP_NUM_THREADS': '1',
           'PYTHONPATH': os.pathsep.join([str(root), os.environ.get('PYTHONPATH', '')])}  # fmt: skip
    env.pop(download.TINY_SHAKESPEARE_ENV, None)
    result = subprocess.run(
        [sys.executable, '-m', 'torch.distributed.run', '--standalone', '--nproc_per_node', '2',
         '-m', 'labml_nn.transformers.basic.autoregressive_experiment', *TINY, *_dirs(tmp_path),
         '--positional', scheme, '--steps', '6', '--valid-interval', '3'],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-3000:]
    assert 'on cpu x 2' in output
    state = torch.load(tmp_path / 'checkpoints' / 'checkpoint.pt', weights_only=True)
    assert state['step'] == 6 and state['configs']['positional'] == scheme
