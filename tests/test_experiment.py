"""
Tests of the autoregressive transformer experiment, its trainer and its notebook.

CPU only, no network, nothing outside the repository: the training data is
`tests/data/tiny_shakespeare_excerpt.txt`, the first 300,174 characters (up to the end of a speech)
of Tiny Shakespeare, `input.txt` of https://github.com/karpathy/char-rnn/tree/master/data/tinyshakespeare.
It has 62 of the 65 characters of the whole text (no `$`, `3` or `X`).
labml writes its logs and its `~/.labml` folder into temporary directories.
"""

import math
import os
import re
import subprocess
import sys
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest
import torch

from labml_nn.experiments import nlp_autoregression
from labml_nn.experiments.text import CharTokenizer, bigram_loss, consecutive_batch, generate, get_batch
from labml_nn.helpers import download, notebook
from labml_nn.helpers.download import DataNotFoundError, tiny_shakespeare
from labml_nn.helpers.plot import HISTORY_FILE, PLOT_FILE, read_history
from labml_nn.transformers.basic.autoregressive_experiment import Configs, build_parser, main, make_model
from labml_nn.transformers.mha import MultiHeadAttention
from labml_nn.transformers.mha_fast import FastMultiHeadAttention
from tiny_training import SHAKESPEARE, tiny

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures('labml_home')]  # training runs, a notebook, processes

ROOT = Path(__file__).resolve().parents[1]

TINY = tiny()


@pytest.fixture(scope='module')
def text_file() -> Path:
    """
    The excerpt of Tiny Shakespeare kept with the tests
    """
    assert SHAKESPEARE.is_file(), f'{SHAKESPEARE} is missing'
    return SHAKESPEARE


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
    A run of the tiny configuration for 100 steps, started from an empty working directory
    """
    tmp = tmp_path_factory.mktemp('run')
    (tmp / 'cwd').mkdir()
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp / 'cwd')
        trainer = run_in_cwd(text_file, tmp)
    return tmp, trainer


def run_in_cwd(text_file, tmp):
    """The 100 steps of `trained`"""
    return main(
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


def test_loss_decreases(trained):
    tmp, trainer = trained
    n_vocab = trainer.tokenizer.n_vocab
    steps = [s for s, _, _ in trainer.valid_history]
    losses = [loss for _, loss, _ in trainer.valid_history]
    # Validated before training, in the middle and at the end
    assert steps == [0, 50, 100]
    # An untrained model knows no better than uniform over the vocabulary
    assert losses[0] > math.log(n_vocab) - 0.5
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


def strip_colors(text: str) -> str:
    """The console output without colors and without the blank-outs of progress lines"""
    return re.sub(r'\r *\r', '', re.sub(r'\x1b\[[0-9;]*m', '', text))


def test_sample_shows_prompt_and_continuation_apart(trained, capsys):
    _, trainer = trained
    capsys.readouterr()
    text = trainer.sample('ROMEO:', 30)
    out = strip_colors(capsys.readouterr().out)
    # The prompt and the continuation each under its own heading, in that order
    assert f'--- prompt ---\nROMEO:\n--- continuation ---\n{text}\n---\n' in out
    assert 'Sample at step 100 (greedy)' in out


def test_plot_and_history_in_log_folder(trained):
    tmp, trainer = trained
    folder = trainer.log_path
    assert folder.parent == tmp / 'logs' / 'autoregressive_transformer'
    # The history has what the run printed: the training averages at each line, every validation
    history = read_history(folder)
    assert history['valid'] == trainer.valid_history
    assert history['train'] == trainer.train_history
    assert [s for s, _, _ in trainer.train_history] == [25, 50, 75, 100]
    # The plot at the end of training
    assert (folder / PLOT_FILE).read_bytes().startswith(b'\x89PNG')


def test_plot_on_request(trained, tmp_path, capsys):
    _, trainer = trained
    folder = tmp_path / 'run'
    folder.mkdir()
    (folder / HISTORY_FILE).write_bytes((trainer.log_path / HISTORY_FILE).read_bytes())
    assert main(['--plot-run', str(folder)]) is None
    assert f'Wrote {folder / PLOT_FILE}' in capsys.readouterr().out
    first = (folder / PLOT_FILE).read_bytes()
    assert first.startswith(b'\x89PNG')
    # The same history gives the same file
    main(['--plot-run', str(folder)])
    assert (folder / PLOT_FILE).read_bytes() == first
    # A folder without a history: a message, not a traceback
    with pytest.raises(SystemExit) as e:
        main(['--plot-run', str(tmp_path / 'nothing')])
    assert str(e.value.code).startswith('error: ') and HISTORY_FILE in str(e.value.code)
    # A history that is not one: a message too
    (tmp_path / 'broken').mkdir()
    (tmp_path / 'broken' / HISTORY_FILE).write_text('{"train": [1, 2')
    with pytest.raises(SystemExit) as e:
        main(['--plot-run', str(tmp_path / 'broken')])
    assert str(e.value.code).startswith('error: ') and 'not a history' in str(e.value.code)


def test_plot_without_matplotlib_says_how_to_get_it(trained, tmp_path, monkeypatch, capsys):
    _, trainer = trained
    monkeypatch.setitem(sys.modules, 'matplotlib', None)
    monkeypatch.setitem(sys.modules, 'matplotlib.figure', None)
    # At the end of training: a warning, and the run goes on
    assert trainer.plot() is None
    assert "pip install 'labml-nn[plot]'" in strip_colors(capsys.readouterr().out)
    # On request: an error message
    with pytest.raises(SystemExit) as e:
        main(['--plot-run', str(trainer.log_path)])
    assert "pip install 'labml-nn[plot]'" in str(e.value.code)


def test_logs_stay_in_log_dir(trained):
    tmp, trainer = trained
    assert list((tmp / 'logs' / 'autoregressive_transformer').glob('*/configs.json'))
    # Nothing in the working directory the run started from
    assert not list((tmp / 'cwd').iterdir())


def test_vocabulary_and_split(trained, text_file):
    _, trainer = trained
    text = text_file.read_text(encoding='utf-8')
    # One token for each distinct character, in sorted order
    assert trainer.tokenizer.chars == ''.join(sorted(set(text)))
    # The first 90% for training, the rest for validation, and nothing lost
    assert len(trainer.train_data) == int(len(text) * 0.9)
    assert len(trainer.train_data) + len(trainer.valid_data) == len(text)
    assert trainer.tokenizer.decode(trainer.valid_data[:50].tolist()) == text[len(trainer.train_data) :][:50]


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
    # It continued from step 100, without a validation at step 0, and kept the history of the first run
    assert trainer.valid_history[:3] == first.valid_history
    assert [s for s, _, _ in trainer.valid_history[3:]] == [110, 120]
    assert trainer.train_history[: len(first.train_history)] == first.train_history
    assert [s for s, _, _ in trainer.train_history[len(first.train_history) :]] == [110, 120]
    assert trainer.step == 120
    # The loss continued from where it was, not from an untrained model
    assert trainer.valid_history[3][1] < first.valid_history[0][1] - 1.0
    # The plot of the resumed run covers both parts
    history = read_history(trainer.log_path)
    assert [s for s, _, _ in history['valid']] == [0, 50, 100, 110, 120]
    # The checkpoint has the new step
    state = torch.load(tmp_path / 'checkpoints' / checkpoint.name, weights_only=True)
    assert state['step'] == 120
    # Optimizer steps continued too (the Noam schedule depends on them)
    assert max(s['step'] for s in state['optimizer']['state'].values()) == 120


def test_resume_without_checkpoint(tmp_path, text_file):
    with pytest.raises(SystemExit) as e:
        main(TINY + dirs(tmp_path) + ['--data', str(text_file), '--resume'])
    assert str(e.value.code).startswith('error: --resume: there is no checkpoint at ')


def test_bfloat16_on_cpu(tmp_path, text_file):
    trainer = main(TINY + dirs(tmp_path) + ['--data', str(text_file), '--steps', '5', '--dtype', 'bfloat16'])
    assert trainer.amp_dtype == torch.bfloat16
    assert all(math.isfinite(loss) for _, loss, _ in trainer.valid_history)


def test_float16_needs_cuda(tmp_path, text_file):
    with pytest.raises(SystemExit) as e:
        main(TINY + dirs(tmp_path) + ['--data', str(text_file), '--steps', '5', '--dtype', 'float16'])
    assert str(e.value.code) == 'error: float16 mixed precision needs CUDA; use --dtype bfloat16 on cpu'


def test_missing_data_says_how_to_supply_it(tmp_path, monkeypatch, capsys):
    # No network: the download fails
    def no_network(url, path):
        raise OSError('network is unreachable')

    monkeypatch.setattr(download, 'download', no_network)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as e:
        main(TINY + dirs(tmp_path) + ['--steps', '1'])
    message = str(e.value.code)
    assert download.TINY_SHAKESPEARE_URL in message
    assert '--data PATH' in message
    assert 'TINY_SHAKESPEARE=PATH' in message
    assert str(tmp_path / 'data' / 'tiny_shakespeare.txt') in message
    # Nothing half-downloaded is left behind
    assert not list((tmp_path / 'data').iterdir())


def test_data_sources(tmp_path, monkeypatch):
    monkeypatch.setattr(download, 'download', lambda url, path: path.write_text('downloaded'))
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
    monkeypatch.setattr(download, 'download', None)
    assert tiny_shakespeare(None, str(tmp_path / 'data')) == path


class LastTokenModel(torch.nn.Module):
    """Logits of the next token that depend only on the last one: a row of a fixed table"""

    def __init__(self, n_vocab: int):
        super().__init__()
        self.table = torch.nn.Embedding(n_vocab, n_vocab)

    def forward(self, x):
        return self.table(x)


def test_top_k_sampling():
    torch.manual_seed(0)
    model = LastTokenModel(20)
    top3 = model.table.weight.topk(3, dim=-1).indices

    def sample(**kwargs):
        g = torch.Generator().manual_seed(1)
        return list(pairwise([3] + generate(model, [3], 300, 8, temperature=5.0, generator=g, **kwargs)))

    # With k = 1 only the most likely token is left: greedy, whatever the temperature
    assert [b for _, b in sample(top_k=1)] == generate(model, [3], 300, 8)
    # With k = 3 each token is among the 3 most likely after the one before, and not always the first
    pairs = sample(top_k=3)
    assert all(b in top3[a] for a, b in pairs)
    assert any(b != top3[a][0] for a, b in pairs)
    # Without it, at this temperature, tokens outside the 3 most likely come up
    assert not all(b in top3[a] for a, b in sample())


def test_model_uses_fast_attention_unless_asked():
    c = Configs(d_model=16, heads=4, d_ff=32, layers=2, dropout=0.0)
    fast = make_model(c, 11)
    explicit = make_model(
        Configs(d_model=16, heads=4, d_ff=32, layers=2, dropout=0.0, attention='explicit'), 11
    )
    assert all(type(layer.self_attn) is FastMultiHeadAttention for layer in fast.encoder.layers)
    assert all(type(layer.self_attn) is MultiHeadAttention for layer in explicit.encoder.layers)
    # The same parameters: a checkpoint of one model loads into the other and computes the same
    explicit.load_state_dict(fast.state_dict())
    fast.eval(), explicit.eval()
    x = torch.randint(11, (9, 3))
    with torch.no_grad():
        torch.testing.assert_close(fast(x), explicit(x), rtol=1e-5, atol=1e-5)
    # Only the explicit attention keeps its weights
    assert explicit.encoder.layers[0].self_attn.attn.shape == (9, 9, 3, 4)
    assert fast.encoder.layers[0].self_attn.attn is None


def test_attention_option(tmp_path, text_file):
    trainer = main(
        TINY
        + dirs(tmp_path)
        + ['--data', str(text_file), '--steps', '2', '--attention', 'explicit', '--no-plot']
    )
    assert type(trainer.model.encoder.layers[0].self_attn) is MultiHeadAttention


def test_compile_option(tmp_path, text_file, monkeypatch):
    compiled = []

    def fake_compile(model):
        compiled.append(model)
        return model

    monkeypatch.setattr(torch, 'compile', fake_compile)
    trainer = main(
        TINY + dirs(tmp_path) + ['--data', str(text_file), '--steps', '2', '--compile', '--no-plot']
    )
    # The model that trains is compiled
    assert compiled == [trainer.model]
    trainer = main(TINY + dirs(tmp_path) + ['--data', str(text_file), '--steps', '2', '--no-plot'])
    assert len(compiled) == 1


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
        '--attention',
        '--compile',
        '--top-k',
        '--plot-run',
    ]:
        assert flag in result.stdout


@pytest.mark.serial
def test_distributed_data_parallel(tmp_path, text_file, labml_home):
    env = {
        **os.environ,
        'HOME': str(labml_home),
        'OMP_NUM_THREADS': '1',
        'PYTHONPATH': os.pathsep.join([str(ROOT), os.environ.get('PYTHONPATH', '')]),
    }
    env.pop(download.TINY_SHAKESPEARE_ENV, None)
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
    assert list((tmp_path / 'logs' / 'autoregressive_transformer').glob('*/configs.json'))


def test_notebook_is_valid():
    nbformat = pytest.importorskip('nbformat')
    nb = nbformat.read(notebook.NOTEBOOK_PATH, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == 'code':
            assert cell.outputs == [] and cell.execution_count is None


def test_notebook_is_up_to_date():
    expected = notebook.notebook_json(build_parser(), notebook.read_site_config())
    assert notebook.NOTEBOOK_PATH.read_bytes() == expected.encode('utf-8'), (
        'rewrite it: python -m labml_nn.transformers.basic.autoregressive_experiment --write-notebook'
    )
    # Deterministic
    assert notebook.notebook_json(build_parser(), notebook.read_site_config()) == expected


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
        notebook.notebook_json(build_parser(), notebook.read_site_config(), {'no_such_option': 1})


def test_notebook_runs_in_a_jupyter_kernel(tmp_path, text_file, labml_home):
    # The notebook as Jupyter runs it: a kernel of the installed IPython, cell after cell,
    # with labml's notebook output; the install cell is skipped and a tiny configuration added
    nbformat = pytest.importorskip('nbformat')
    nbclient = pytest.importorskip('nbclient')
    pytest.importorskip('ipykernel')
    nb = nbformat.read(notebook.NOTEBOOK_PATH, as_version=4)
    cells = []
    for cell in nb.cells:
        if cell.cell_type == 'code' and cell.source.startswith('!pip install'):
            continue
        cells.append(cell)
        if cell.cell_type == 'code' and cell.source.startswith('# Command line options'):
            tiny = TINY + dirs(tmp_path) + ['--data', str(text_file), '--steps', '20']
            cells.append(nbformat.v4.new_code_cell(f'options += {tiny!r}'))
    # What the run was, as the notebook's `trainer` says
    cells.append(
        nbformat.v4.new_code_cell(
            "print('run:', trainer.step, trainer.c.epochs, trainer.samples[-1][0], len(trainer.samples[-1][1]))"
        )
    )
    nb.cells = cells
    env = {'HOME': str(labml_home), 'OMP_NUM_THREADS': '1', 'PYTHONPATH': str(ROOT)}
    with pytest.MonkeyPatch.context() as mp:
        for key, value in env.items():
            mp.setenv(key, value)
        client = nbclient.NotebookClient(
            nb, timeout=300, kernel_name='python3', resources={'metadata': {'path': str(tmp_path)}}
        )
        client.execute()
    outputs = [o for cell in nb.cells if cell.cell_type == 'code' for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == 'error']
    html = ''.join(o.get('text', '') + str(o.get('data', {}).get('text/html', '')) for o in outputs)
    text = re.sub(r'<[^>]+>', '', html)
    # The run trained, sampled from its prompt and from the notebook's, and showed the plot
    assert re.search(r'step 20  train loss [\d.]+', text)
    assert '--- prompt ---\nROMEO:\n--- continuation ---' in text
    assert any('image/png' in o.get('data', {}) for o in outputs)
    # 20 steps, the notebook's own options where not overridden, and its sample of 500 characters
    run = re.search(r'run: 20 (\d+) 20 (\d+)', text)
    assert run and int(run[1]) == notebook.NOTEBOOK_OPTIONS['epochs'] and int(run[2]) == 500


def test_bigram_baseline_equals_counting_pairs():
    # The baseline, computed by counting pairs in a loop with add-one smoothing
    train, valid = 'abracadabra arbadacarba', 'cabbage, a bad cab'
    tokenizer = CharTokenizer.from_text(train + valid)
    pairs = Counter(zip(train, train[1:]))
    starts = Counter(train[:-1])
    v = tokenizer.n_vocab
    want = -sum(math.log((pairs[a, b] + 1) / (starts[a] + v)) for a, b in zip(valid, valid[1:])) / (
        len(valid) - 1
    )
    got = bigram_loss(torch.tensor(tokenizer.encode(train)), torch.tensor(tokenizer.encode(valid)), v)
    assert got == pytest.approx(want, rel=1e-12)


def test_run_beats_and_reports_the_bigram_baseline(trained):
    tmp, trainer = trained
    # The baseline is in the history and on the plot's data
    history = read_history(trainer.log_path)
    assert history['baseline'] == pytest.approx(trainer.bigram_valid_loss)
    # It is what counting the pairs of the same split gives
    assert trainer.bigram_valid_loss == pytest.approx(
        bigram_loss(trainer.train_data, trainer.valid_data, trainer.tokenizer.n_vocab)
    )


def test_progress_line_marks_the_validation_with_its_step(tmp_path, text_file, capsys):
    main(
        TINY
        + dirs(tmp_path)
        + [
            '--data',
            str(text_file),
            '--steps',
            '35',
            '--log-interval',
            '10',
            '--valid-interval',
            '20',
            '--no-plot',
        ]
    )
    lines = [line.strip() for line in strip_colors(capsys.readouterr().out).splitlines()]
    progress = {int(m[1]): line for line in lines if (m := re.match(r'step +(\d+)', line))}
    # Every 10 steps, and at the last, which validates
    assert sorted(progress) == [0, 10, 20, 30, 35]
    # Before training: the validation only
    assert re.search(r'\| valid loss [\d.]+ +accuracy [\d.]+ \(step 0\)$', progress[0])
    # Between validations the line says which step the validation loss is from
    assert '(step 0)' in progress[10] and '(step 20)' in progress[20] and '(step 20)' in progress[30]
    assert '(step 35)' in progress[35]
    # Every training line has its own loss and the learning rate
    for step in (10, 20, 30, 35):
        assert re.search(r'train loss [\d.]+ +accuracy [\d.]+ +lr \d\.\d\de-\d\d', progress[step])
    train_losses = [re.search(r'train loss ([\d.]+)', progress[s])[1] for s in (10, 20, 30)]
    assert len(set(train_losses)) == 3
    # The baseline is printed before training
    assert any(re.match(r'Baseline: a bigram model has validation loss \d\.\d{3}$', line) for line in lines)


def test_warmup_follows_the_steps_unless_set(tmp_path, text_file):
    options = TINY[: TINY.index('--warmup')] + TINY[TINY.index('--warmup') + 2 :]
    trainer = main(options + dirs(tmp_path) + ['--data', str(text_file), '--steps', '40', '--no-plot'])
    assert trainer.optimizer.param_groups[0]['warmup'] == 4
    # It peaked at step 4 and decayed after
    assert trainer.optimizer.param_groups[0]['lr'] < nlp_lr_peak(trainer, 4)
    trainer = main(TINY + dirs(tmp_path) + ['--data', str(text_file), '--steps', '5', '--no-plot'])
    assert trainer.optimizer.param_groups[0]['warmup'] == 50


def nlp_lr_peak(trainer, warmup):
    from labml_nn.optimizers.noam import noam_lr

    group = trainer.optimizer.param_groups[0]
    return noam_lr(warmup, d_model=group['d_model'], warmup=warmup, lr=group['noam_alpha'])


def test_heads_must_divide_d_model(tmp_path, text_file):
    with pytest.raises(SystemExit) as e:
        main(TINY + dirs(tmp_path) + ['--data', str(text_file), '--heads', '5'])
    assert str(e.value.code) == 'error: --d-model 32 is not divisible by --heads 5'


def test_the_model_ties_embeddings_and_drops_out_embeddings_by_default():
    c = Configs(d_model=16, heads=4, d_ff=32, layers=1)
    model = make_model(c, 11)
    assert model.generator.projection.weight is model.src_embed.linear.weight
    assert model.src_embed.dropout.p == c.dropout == 0.1
    untied = make_model(Configs(d_model=16, heads=4, d_ff=32, layers=1, tie_embeddings=False), 11)
    assert untied.generator.projection.weight is not untied.src_embed.linear.weight
    n = sum(p.numel() for p in model.parameters())
    assert sum(p.numel() for p in untied.parameters()) == n + 11 * 16


def test_each_process_draws_its_own_dropout(tmp_path, text_file, monkeypatch):
    # The same initial weights in every process, but other random numbers for dropout
    draws, weights = [], []
    c = configs_from(TINY + dirs(tmp_path) + ['--data', str(text_file)])
    for rank in ('0', '1'):
        monkeypatch.setenv('RANK', rank)
        trainer = nlp_autoregression.Trainer(
            c, lambda n: make_model(c, n), lambda model, steps: torch.optim.SGD(model.parameters(), lr=0.1)
        )
        weights.append(torch.cat([p.detach().flatten() for p in trainer.model.parameters()]))
        draws.append(torch.rand(8))
    assert torch.equal(weights[0], weights[1])
    assert not torch.equal(draws[0], draws[1])


def configs_from(argv):
    from labml_nn.helpers.cli import configs_from_args

    return configs_from_args(Configs, build_parser().parse_args(argv))


def test_resume_with_float16_from_a_float32_checkpoint(trained, tmp_path, text_file, monkeypatch):
    # float16 needs CUDA; here the CPU stands in for it, with loss scaling enabled
    tmp, _ = trained
    (tmp_path / 'checkpoints').mkdir()
    checkpoint = tmp / 'checkpoints' / nlp_autoregression.CHECKPOINT_FILE
    (tmp_path / 'checkpoints' / checkpoint.name).write_bytes(checkpoint.read_bytes())
    assert torch.load(checkpoint, weights_only=True)['scaler'] == {}
    monkeypatch.setattr(nlp_autoregression, 'autocast_dtype', lambda dtype, device: torch.float16)
    trainer = main(
        TINY + dirs(tmp_path) + ['--data', str(text_file), '--steps', '103', '--resume', '--no-plot']
    )
    assert trainer.step == 103
    assert trainer.scaler.is_enabled()
    assert torch.load(tmp_path / 'checkpoints' / checkpoint.name, weights_only=True)['scaler']['scale'] > 0


def test_sample_only_from_a_checkpoint(trained, tmp_path, capsys):
    tmp, first = trained
    (tmp_path / 'cwd').mkdir()
    os.chdir(tmp_path / 'cwd')
    try:
        capsys.readouterr()
        # No model options: they come from the checkpoint; no data is read and nothing is written
        trainer = main(
            ['--sample-only', '--checkpoint-dir', str(tmp / 'checkpoints'), '--prompt', 'ROMEO:']
            + [
                '--sample-len',
                '30',
                '--temperature',
                '0',
                '--device',
                'cpu',
                '--data',
                str(tmp_path / 'none'),
            ]
        )
    finally:
        os.chdir(ROOT)
    assert not list((tmp_path / 'cwd').iterdir())
    # The continuation the trained model gives, greedily
    want = first.tokenizer.decode(
        generate(first.model, first.tokenizer.encode('ROMEO:'), 30, first.c.seq_len, temperature=0)
    )
    assert trainer.samples == [(100, want)]
    out = strip_colors(capsys.readouterr().out)
    assert f'--- prompt ---\nROMEO:\n--- continuation ---\n{want}\n---\n' in out
    # Without a checkpoint, or with a prompt the vocabulary cannot spell, a message
    with pytest.raises(SystemExit) as e:
        main(['--sample-only', '--checkpoint-dir', str(tmp_path / 'nothing')])
    assert str(e.value.code).startswith('error: --sample-only: there is no checkpoint at ')
    with pytest.raises(SystemExit) as e:
        main(
            [
                '--sample-only',
                '--checkpoint-dir',
                str(tmp / 'checkpoints'),
                '--prompt',
                '$$$',
                '--device',
                'cpu',
            ]
        )
    assert str(e.value.code).startswith("error: --prompt: characters not in the vocabulary: ['$']")


def test_consecutive_batches_continue_each_sequence():
    data = torch.arange(1000)
    # Two processes of 3 sequences each: 6 streams of 166 tokens, 16 segments of 10
    seen = {}
    for rank in (0, 1):
        batches = [consecutive_batch(data, 10, 3, step, rank, 2) for step in range(17)]
        for step, (x, y, again) in enumerate(batches):
            assert x.shape == y.shape == (10, 3)
            assert torch.equal(y, x + 1)
            # A new pass over the streams at step 0 and after the 16 segments
            assert again == (step % 16 == 0)
        # Each sequence of a batch continues the same sequence of the batch before
        for (x0, _, _), (x1, _, _) in pairwise(batches[:16]):
            assert torch.equal(x1[0], x0[-1] + 1)
        # and starts again from its beginning
        assert torch.equal(batches[16][0], batches[0][0])
        seen[rank] = set(torch.cat([x.flatten() for x, _, _ in batches[:16]]).tolist())
    # The processes read different streams
    assert not seen[0] & seen[1]
    with pytest.raises(ValueError, match='too short'):
        consecutive_batch(torch.arange(50), 10, 8, 0)


def test_transformer_xl_trains_with_its_memory(tmp_path, text_file):
    trainer = main(
        TINY
        + dirs(tmp_path)
        + [
            '--data',
            str(text_file),
            '--steps',
            '30',
            '--positional',
            'relative',
            '--memory',
            '16',
            '--no-plot',
        ]
    )
    assert trainer.c.consecutive
    losses = [loss for _, loss, _ in trainer.valid_history]
    assert losses[-1] < losses[0] - 0.5
    model = trainer.model
    # The memory of the last training segment: the last 16 inputs of each layer, gradients stopped
    assert len(model.mems) == 2
    assert all(m.shape == (16, 16, 32) and not m.requires_grad for m in model.mems)
    # In training mode it is used: the logits of a segment depend on the text before it
    model.train()
    model.xl.eval()  # no dropout, but the memory of training mode
    x0, _, _ = consecutive_batch(trainer.train_data, 32, 16, 0)
    x1, _, _ = consecutive_batch(trainer.train_data, 32, 16, 1)
    with torch.no_grad():
        model.reset_memory()
        alone = model(x1)
        model.reset_memory()
        model(x0)
        after = model(x1)
        # The same as the model given the memory of the segment before by hand
        _, mems = model.xl(x0)
        want, _ = model.xl(x1, [m[-16:] for m in mems])
    assert not torch.allclose(alone, after)
    torch.testing.assert_close(after, want)
    # Not with another positional scheme
    with pytest.raises(SystemExit) as e:
        main(TINY + dirs(tmp_path) + ['--data', str(text_file), '--memory', '16'])
    assert str(e.value.code) == 'error: --memory is for --positional relative (the Transformer-XL model)'
