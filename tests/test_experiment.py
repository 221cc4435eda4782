"""
Tests of the autoregressive transformer experiment, its trainer and its notebook.

CPU only, no network: the data is the copy of Tiny Shakespeare in `../shared/data`
beside the repository, or a small generated text when it is absent.
labml writes its logs and its `~/.labml` folder into temporary directories.
"""

import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from labml import tracker

from labml_nn.experiments import nlp_autoregression
from labml_nn.experiments.nlp_autoregression import (
    CharTokenizer,
    DataNotFoundError,
    get_batch,
    tiny_shakespeare,
)
from labml_nn.transformers.basic import notebook
from labml_nn.transformers.basic.autoregressive_experiment import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
SHAKESPEARE = Path(__file__).resolve().parents[1].parent / 'shared' / 'data' / 'tiny_shakespeare.txt'

# A tiny configuration that trains in seconds on a CPU
TINY = [
    '--d-model',
    '32',
    '--heads',
    '4',
    '--d-ff',
    '64',
    '--layers',
    '2',
    '--dropout',
    '0.0',
    '--seq-len',
    '32',
    '--batch-size',
    '16',
    '--warmup',
    '50',
    '--valid-batches',
    '8',
    '--log-interval',
    '25',
    '--sample-len',
    '40',
    '--device',
    'cpu',
]


def generated_text() -> str:
    """
    A small text with some structure to learn, for when Tiny Shakespeare is absent
    """
    rnd = random.Random(0)
    words = ['the', 'king', 'ROMEO', 'shall', 'speak', 'It', 'is', 'not', 'my', 'lord', 'and', 'love']
    lines = [
        ' '.join(rnd.choice(words) for _ in range(rnd.randint(3, 9))) + rnd.choice('.,!?:;')
        for _ in range(6000)
    ]
    return '\n'.join(lines) + '\n'


@pytest.fixture(scope='module', autouse=True)
def labml_home(tmp_path_factory):
    """
    labml keeps a list of projects in `~/.labml`; keep it in a temporary home
    """
    home = tmp_path_factory.mktemp('home')
    # One thread: the tiny models gain nothing from more, and it is robust to a busy machine
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv('HOME', str(home))
        mp.delenv(nlp_autoregression.TINY_SHAKESPEARE_ENV, raising=False)
        yield home
    torch.set_num_threads(threads)


@pytest.fixture(scope='module')
def text_file(tmp_path_factory) -> Path:
    """
    Tiny Shakespeare if it is there, a generated text otherwise
    """
    if SHAKESPEARE.is_file():
        return SHAKESPEARE
    path = tmp_path_factory.mktemp('text') / 'text.txt'
    path.write_text(generated_text(), encoding='utf-8')
    return path


def dirs(tmp: Path):
    """
    Options that keep everything the experiment writes in `tmp`
    """
    return [
        '--data-dir',
        str(tmp / 'data'),
        '--checkpoint-dir',
        str(tmp / 'checkpoints'),
        '--log-dir',
        str(tmp / 'logs'),
    ]


@pytest.fixture(scope='module')
def trained(tmp_path_factory, text_file):
    """
    A run of the tiny configuration for 100 steps
    """
    tmp = tmp_path_factory.mktemp('run')
    trainer = main(
        TINY
        + dirs(tmp)
        + [
            '--data',
            str(text_file),
            '--steps',
            '100',
            '--valid-interval',
            '50',
            '--sample-interval',
            '50',
            '--temperature',
            '0',
        ]
    )
    return tmp, trainer


def test_loss_decreases(trained):
    tmp, trainer = trained
    n_vocab = trainer.tokenizer.n_vocab
    steps = [s for s, _, _ in trainer.valid_history]
    losses = [loss for _, loss, _ in trainer.valid_history]
    # Validated before training, in the middle and at the end
    assert steps == [0, 50, 100]
    # An untrained model is about uniform over the vocabulary
    assert abs(losses[0] - math.log(n_vocab)) < 0.5
    # and training brings the loss clearly down
    assert losses[-1] < losses[0] - 1.0
    assert trainer.valid_history[-1][2] > trainer.valid_history[0][2]
    assert trainer.step == 100


def test_samples(trained):
    _, trainer = trained
    # A sample at step 50 and one at the end
    assert [s for s, _ in trainer.samples] == [50, 100]
    for _, text in trainer.samples:
        assert len(text) == 40
        assert set(text) <= set(trainer.tokenizer.chars)
    # Greedy sampling is deterministic
    assert trainer.sample(length=40) == trainer.samples[-1][1]


def test_logs_stay_in_log_dir(trained):
    tmp, trainer = trained
    assert list((tmp / 'logs' / 'autoregressive_transformer').glob('*/run.yaml'))
    assert not (ROOT / 'logs').exists()
    assert not (ROOT / 'labml_nn' / 'transformers' / 'basic' / 'logs').exists()


def test_shakespeare_vocabulary(trained):
    if not SHAKESPEARE.is_file():
        pytest.skip(f'{SHAKESPEARE} is absent')
    _, trainer = trained
    assert trainer.tokenizer.n_vocab == 65
    assert len(trainer.train_data) == int(1_115_394 * 0.9)


def test_resume_continues_step_count(trained, tmp_path, text_file):
    tmp, first = trained
    # Copy the checkpoint
    checkpoint = tmp / 'checkpoints' / nlp_autoregression.CHECKPOINT_FILE
    state = torch.load(checkpoint, weights_only=True)
    assert state['step'] == 100
    assert state['vocab'] == first.tokenizer.chars
    (tmp_path / 'checkpoints').mkdir()
    (tmp_path / 'checkpoints' / checkpoint.name).write_bytes(checkpoint.read_bytes())

    trainer = main(
        TINY
        + dirs(tmp_path)
        + [
            '--data',
            str(text_file),
            '--steps',
            '120',
            '--resume',
            '--valid-interval',
            '10',
            '--sample-interval',
            '1000',
        ]
    )
    # It continued from step 100, without a validation at step 0
    assert [s for s, _, _ in trainer.valid_history] == [110, 120]
    assert trainer.step == 120
    assert tracker.get_global_step() == 120
    # The loss continued from where it was, not from an untrained model
    assert trainer.valid_history[0][1] < first.valid_history[0][1] - 1.0
    # The checkpoint has the new step
    state = torch.load(tmp_path / 'checkpoints' / checkpoint.name, weights_only=True)
    assert state['step'] == 120
    # Optimizer steps continued too (the Noam schedule depends on them)
    assert max(s['step'] for s in state['optimizer']['state'].values()) == 120


def test_resume_without_checkpoint(tmp_path, text_file):
    with pytest.raises(FileNotFoundError, match='no checkpoint'):
        main(TINY + dirs(tmp_path) + ['--data', str(text_file), '--resume'])


def test_bfloat16_on_cpu(tmp_path, text_file):
    trainer = main(TINY + dirs(tmp_path) + ['--data', str(text_file), '--steps', '5', '--dtype', 'bfloat16'])
    assert trainer.amp_dtype == torch.bfloat16
    assert all(math.isfinite(loss) for _, loss, _ in trainer.valid_history)


def test_float16_needs_cuda(tmp_path, text_file):
    with pytest.raises(ValueError, match='CUDA'):
        main(TINY + dirs(tmp_path) + ['--data', str(text_file), '--steps', '5', '--dtype', 'float16'])


def test_missing_data_says_how_to_supply_it(tmp_path, monkeypatch, capsys):
    # No network: the download fails
    def no_network(url, path):
        raise OSError('network is unreachable')

    monkeypatch.setattr(nlp_autoregression, 'download', no_network)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as e:
        main(TINY + dirs(tmp_path) + ['--steps', '1'])
    message = str(e.value.code)
    assert nlp_autoregression.TINY_SHAKESPEARE_URL in message
    assert '--data PATH' in message
    assert 'TINY_SHAKESPEARE=PATH' in message
    assert str(tmp_path / 'data' / 'tiny_shakespeare.txt') in message
    # Nothing half-downloaded is left behind
    assert not list((tmp_path / 'data').iterdir())


def test_data_sources(tmp_path, monkeypatch):
    monkeypatch.setattr(nlp_autoregression, 'download', lambda url, path: path.write_text('downloaded'))
    # `--data` must exist
    with pytest.raises(DataNotFoundError, match='--data'):
        tiny_shakespeare(str(tmp_path / 'missing.txt'), str(tmp_path))
    # The environment variable
    local = tmp_path / 'local.txt'
    local.write_text('local')
    monkeypatch.setenv('TINY_SHAKESPEARE', str(local))
    assert tiny_shakespeare(None, str(tmp_path / 'data')) == local
    monkeypatch.delenv('TINY_SHAKESPEARE')
    # Downloaded once into the data directory, then read from there
    path = tiny_shakespeare(None, str(tmp_path / 'data'))
    assert path.read_text() == 'downloaded'
    monkeypatch.setattr(nlp_autoregression, 'download', None)
    assert tiny_shakespeare(None, str(tmp_path / 'data')) == path


def test_tokenizer_and_batches():
    tokenizer = CharTokenizer.from_text('hello world')
    assert tokenizer.chars == ' dehlorw'
    assert tokenizer.decode(tokenizer.encode('low rode')) == 'low rode'
    with pytest.raises(ValueError, match='vocabulary'):
        tokenizer.encode('xyz')

    data = torch.arange(100)
    x, y = get_batch(data, 10, 4, torch.Generator().manual_seed(0))
    assert x.shape == y.shape == (10, 4)
    # The targets are the inputs shifted by one
    assert torch.equal(y, x + 1)
    # Each column is a contiguous window
    assert torch.equal(x[1:], x[:-1] + 1)


def test_help():
    result = subprocess.run(
        [sys.executable, '-m', 'labml_nn.transformers.basic.autoregressive_experiment', '--help'],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    for flag in [
        '--d-model',
        '--heads',
        '--d-ff',
        '--layers',
        '--seq-len',
        '--batch-size',
        '--epochs',
        '--steps',
        '--device',
        '--dtype',
        '--data',
        '--checkpoint-dir',
        '--resume',
        '--sample-interval',
        '--prompt',
        '--sample-len',
        '--write-notebook',
    ]:
        assert flag in result.stdout


def test_distributed_data_parallel(tmp_path, text_file, labml_home):
    env = {
        **os.environ,
        'HOME': str(labml_home),
        'OMP_NUM_THREADS': '1',
        'PYTHONPATH': os.pathsep.join([str(ROOT), os.environ.get('PYTHONPATH', '')]),
    }
    env.pop(nlp_autoregression.TINY_SHAKESPEARE_ENV, None)
    result = subprocess.run(
        [
            sys.executable,
            '-m',
            'torch.distributed.run',
            '--standalone',
            '--nproc_per_node',
            '2',
            '-m',
            'labml_nn.transformers.basic.autoregressive_experiment',
            *TINY,
            *dirs(tmp_path),
            '--data',
            str(text_file),
            '--steps',
            '20',
            '--valid-interval',
            '10',
            '--checkpoint-interval',
            '1000',
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-3000:]
    assert 'on cpu x 2' in output
    # Only the first process saves the checkpoint and samples
    assert output.count('Saved checkpoint') == 1
    assert output.count('Sample at step') == 1
    assert (
        torch.load(tmp_path / 'checkpoints' / nlp_autoregression.CHECKPOINT_FILE, weights_only=True)['step']
        == 20
    )
    # The logs of the first process
    assert list((tmp_path / 'logs' / 'autoregressive_transformer').glob('*/run.yaml'))


def test_notebook_is_valid():
    nbformat = pytest.importorskip('nbformat')
    nb = nbformat.read(notebook.NOTEBOOK_PATH, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == 'code':
            assert cell.outputs == [] and cell.execution_count is None


def test_notebook_is_up_to_date():
    expected = notebook.notebook_json(notebook.read_site_config())
    assert notebook.NOTEBOOK_PATH.read_bytes() == expected.encode('utf-8'), (
        'rewrite it: python -m labml_nn.transformers.basic.autoregressive_experiment --write-notebook'
    )
    # Deterministic
    assert notebook.notebook_json(notebook.read_site_config()) == expected


def test_notebook_installs_from_pyproject_repository():
    repository = notebook.read_site_config()['repository']
    text = notebook.NOTEBOOK_PATH.read_text(encoding='utf-8')
    assert f'pip install -q git+{repository}' in text


def test_site_config_without_toml_parser(monkeypatch):
    expected = notebook.read_site_config()
    monkeypatch.setitem(sys.modules, 'tomllib', None)
    monkeypatch.setitem(sys.modules, 'tomli', None)
    fallback = notebook.read_site_config()
    for key in ['repository', 'branch', 'url', 'source']:
        assert fallback[key] == expected[key]


def test_notebook_options_are_experiment_options():
    actions = {a.dest for a in build_parser()._actions}
    assert set(notebook.NOTEBOOK_OPTIONS) <= actions
    with pytest.raises(KeyError, match='no_such_option'):
        notebook.notebook_json(notebook.read_site_config(), {'no_such_option': 1})


def test_notebook_code_runs(tmp_path, monkeypatch, text_file):
    nbformat = pytest.importorskip('nbformat')
    nb = nbformat.read(notebook.NOTEBOOK_PATH, as_version=4)
    monkeypatch.chdir(tmp_path)
    namespace = {}
    for cell in nb.cells:
        if cell.cell_type != 'code':
            continue
        # Skip shell commands (the `pip install`)
        code = '\n'.join(
            line for line in cell.source.splitlines() if not line.lstrip().startswith(('!', '%'))
        )
        exec(compile(code, 'notebook', 'exec'), namespace)
        # After the options, override them with a tiny configuration (the last value of an option wins)
        if 'options' in namespace and not namespace.get('_tiny'):
            namespace['options'] += TINY + dirs(tmp_path) + ['--data', str(text_file), '--steps', '20']
            namespace['_tiny'] = True
    trainer = namespace['trainer']
    assert trainer.step == 20
    # The notebook's own options took effect where not overridden
    assert trainer.c.epochs == notebook.NOTEBOOK_OPTIONS['epochs']
    assert trainer.samples[-1][0] == 20 and len(trainer.samples[-1][1]) == 500
