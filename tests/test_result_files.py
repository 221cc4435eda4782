"""
The committed result files of the positions, Transformer-XL, GPT and basic transformer pages: each records how
it was made (command, seeds, steps, time, versions, processor, threads), and every number the pages' prose
quotes from a run is a value of its file, or one computed from it here, in the open.
"""

import importlib.util
import json
import re
from pathlib import Path
from statistics import mean

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / 'labml_nn' / 'transformers'

RESULT_FILES = {
    'positions': PAGES / 'positions' / 'results.json',
    'xl_memory': PAGES / 'xl' / 'memory.json',
    'gpt_comparison': PAGES / 'gpt' / 'comparison.json',
    'gpt_comparison_seed2': PAGES / 'gpt' / 'comparison_seed2.json',
    'gpt_plateau': PAGES / 'gpt' / 'plateau.json',
    'gpt_plateau_seed2': PAGES / 'gpt' / 'plateau_seed2.json',
    'small_cpu_run': PAGES / 'basic' / 'small_cpu_run.json',
    'readme_run': PAGES / 'basic' / 'readme_run.json',
}


def load(name: str) -> dict:
    return json.loads(RESULT_FILES[name].read_text(encoding='utf-8'))


def bench(name: str):
    """A script of `bench/` as a module"""
    spec = importlib.util.spec_from_file_location(name, ROOT / 'bench' / f'{name}.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def docstring(path: Path) -> str:
    """The module docstring of a page, as written"""
    text = path.read_text(encoding='utf-8')
    start = text.index('"""') + 3
    return text[start : text.index('"""', start)]


def section(text: str, start: str, end: str | None = None) -> str:
    """The text from the heading `start` to the heading `end` (or the end)"""
    i = text.index(start)
    return text[i : text.index(end, i) if end else len(text)]


def decimals(text: str) -> list[str]:
    """The decimal numbers a text quotes, such as 2.143 or 0.05, outside code blocks"""
    text = re.sub(r'```.*?```', '', text, flags=re.S)
    return re.findall(r'(?<![\w.])\d+\.\d+(?![\w.])', text)


def values(obj) -> list[float]:
    """Every number in a result, at any depth"""
    if isinstance(obj, bool):
        return []
    if isinstance(obj, (int, float)):
        return [float(obj)]
    if isinstance(obj, dict):
        return [v for x in obj.values() for v in values(x)]
    if isinstance(obj, list):
        return [v for x in obj for v in values(x)]
    return []


def quotable(numbers) -> set[str]:
    """The ways a page may write these numbers: with 1, 2 or 3 decimals"""
    return {f'{v:.{d}f}' for v in numbers for d in (1, 2, 3)} | {
        f'{abs(v):.{d}f}' for v in numbers for d in (1, 2, 3)
    }


@pytest.mark.parametrize('name', RESULT_FILES)
def test_result_file_records_its_run(name):
    r = load(name)
    # A file made before the record was kept says which of its fields were not recorded
    not_recorded = set(r.get('not_recorded', []))
    assert not_recorded <= {'python', 'torch', 'processor'}
    for key in ('command', 'steps', 'wall_seconds', 'cpu_seconds', 'python', 'torch', 'processor'):
        assert (r.get(key) is None) if key in not_recorded else r.get(key) not in (None, ''), key
    assert r.get('seed') is not None or r.get('seeds'), 'seed'
    assert r['torch_threads'] == 1
    assert r['command'].startswith('OMP_NUM_THREADS=1 python ')


def test_xl_page_shows_the_memory_result():
    """The Transformer-XL page's table, times and quoted numbers are those of memory.json, and what it says
    of them holds for each seed"""
    r = load('xl_memory')
    page = docstring(PAGES / 'xl' / '__init__.py')
    assert bench('xl_memory').markdown_table(r) in page
    text = section(page, '### What the memory buys', 'Related pages')
    assert r['command'].replace('OMP_NUM_THREADS=1 ', '') in text.replace('OMP_NUM_THREADS=1 ', '')
    assert f'took {round(r["cpu_seconds"])} seconds of processor time in all' in text
    assert f'{round(r["wall_seconds"] / 60)} minutes on a machine shared' in text
    assert f'for ${r["steps"]}$ steps, with seeds $1$ and $2$' in text and r['seeds'] == [1, 2]
    assert f'${r["runs"][0]["segments"]}$ consecutive segments' in text
    allowed = quotable(values(r))
    for n in decimals(text):
        assert n in allowed, n
    # The memory lowers the loss by about a tenth with each seed; the window gives the memory's loss
    for run in r['runs']:
        assert 0.05 < run['loss']['no_memory'] - run['loss']['memory'] < 0.15
        assert f'{run["loss"]["window"]:.3f}' == f'{run["loss"]["memory"]:.3f}'
    first = r['runs'][0]['loss_by_position']
    assert (
        f'loses {first["no_memory"][0]:.3f} (seed 1), against {first["memory"][0]:.3f} with the memory'
        in text
    )


@pytest.mark.slow
def test_xl_memory_script(tmp_path, monkeypatch):
    """The Transformer-XL page's measurement, a few steps of a tiny model: the three readings of the same
    characters, each a loss, and the record of the run"""
    import torch

    from tiny_training import SHAKESPEARE

    monkeypatch.setenv('HOME', str(tmp_path / 'home'))
    monkeypatch.chdir(tmp_path)
    xl_memory = bench('xl_memory')
    report = xl_memory.main(['--steps', '3', '--seeds', '1', '--data', str(SHAKESPEARE), '--out', str(tmp_path / 'out'),
                             '--options', '--d-model', '16', '--d-ff', '32', '--batch-size', '4', '--seq-len', '8',
                             '--memory', '8', '--valid-batches', '1', '--sample-len', '5'])  # fmt: skip
    saved = json.loads((tmp_path / 'out' / xl_memory.JSON_FILE).read_text(encoding='utf-8'))
    assert saved == json.loads(json.dumps(report))
    run = saved['runs'][0]
    assert set(run['loss']) == {'memory', 'no_memory', 'window'} and run['segments'] > 100
    assert all(len(v) == 8 for v in run['loss_by_position'].values())
    # The first segment has no memory and nothing before it: the three readings agree there
    # The threads it ran with (the committed runs set `OMP_NUM_THREADS=1`; a test process has its own)
    assert '--steps 3' in saved['command'] and saved['torch_threads'] == torch.get_num_threads()


def valid_losses(report: dict, model: str) -> dict[int, float]:
    """A model's validation loss by step in a comparison"""
    return {int(s): loss for s, loss, _ in report['models'][model]['valid']}


def crossing(report: dict) -> tuple[int, int]:
    """The validation steps between which GPT passes the basic transformer for good: the last step where GPT's
    loss is not lower, and the next"""
    gpt, basic = valid_losses(report, 'gpt'), valid_losses(report, 'basic')
    steps = sorted(gpt)
    last = max(s for s in steps if gpt[s] >= basic[s])
    return last, steps[steps.index(last) + 1]


def generalization_gap(report: dict, model: str) -> float:
    """Validation loss less training loss, each averaged over the last 300 steps"""
    train = [loss for s, loss, _ in report['models'][model]['train'] if s > 700]
    return mean(v for s, v in valid_losses(report, model).items() if s > 700) - mean(train)


def test_gpt_page_quotes_its_comparison():
    """The numbers the GPT page's prose quotes from the comparison runs, computed here from comparison.json and
    comparison_seed2.json; its table rendered from comparison.json"""
    r1, r2 = load('gpt_comparison'), load('gpt_comparison_seed2')
    page = docstring(PAGES / 'gpt' / '__init__.py')
    assert bench('gpt_comparison').markdown_table(r1) in page
    text = ' '.join(section(page, '## A run on a CPU', 'The samples at the last step').split())
    g1, g2 = valid_losses(r1, 'gpt'), valid_losses(r2, 'gpt')
    # The plateau, at the bigram baseline's level, with both seeds
    assert (
        f'a validation loss of {g1[50]:.3f} at step $50$, {g1[200]:.3f} at step $200$ and {g1[250]:.3f} at step $250$;'
        f' with seed $2$ {g2[250]:.3f} at step $250$ and {g2[300]:.3f} at step $300$)' in text
    )
    bigram = r1['models']['basic']['bigram_valid_loss']
    assert f'has a validation loss of {bigram:.3f}' in text
    assert r2['models']['basic']['bigram_valid_loss'] == bigram
    # The end: GPT lower by the difference of the final losses; the gaps between training and validation
    # loss over the last 300 steps
    final = {
        (m, i): r['models'][m]['final_valid_loss'] for i, r in ((1, r1), (2, r2)) for m in ('basic', 'gpt')
    }
    a1, b1 = crossing(r1)
    assert f'GPT passes the basic transformer between steps ${a1}$ and ${b1}$, stays ahead' in text
    assert f'ends {final["basic", 1] - final["gpt", 1]:.2f} lower' in text
    gaps = {(m, i): generalization_gap(r, m) for i, r in ((1, r1), (2, r2)) for m in ('basic', 'gpt')}
    assert f'on average ${gaps["gpt", 1]:.2f}$ below its validation loss' in text
    assert f"basic transformer's gap of ${gaps['basic', 1]:.3f}$" in text
    assert 1.8 < gaps['gpt', 1] / gaps['basic', 1] < 2.2, 'twice'
    assert f'With seed $2$ the gaps are ${gaps["gpt", 2]:.3f}$ and ${gaps["basic", 2]:.4f}$' in text
    larger = [gaps['gpt', i] - gaps['basic', i] for i in (1, 2)]
    assert f'the larger by ${larger[0]:.3f}$ with seed $1$ and ${larger[1]:.3f}$ with seed $2$' in text
    # Seed 2: its final losses, their distance from seed 1's, GPT's lead and where it passes
    assert (
        f'end at {final["basic", 2]:.3f} for the basic transformer and {final["gpt", 2]:.3f} for GPT' in text
    )
    assert (
        f'{abs(final["basic", 2] - final["basic", 1]):.3f} and {abs(final["gpt", 2] - final["gpt", 1]):.3f}'
        ' from the losses of seed $1$' in text
    )
    assert (
        f'by {final["basic", 2] - final["gpt", 2]:.3f} with seed $2$ and {final["basic", 1] - final["gpt", 1]:.3f}'
        ' with seed $1$' in text
    )
    a2, b2 = crossing(r2)
    assert (
        f'between steps ${a2}$ and ${b2}$ with seed $2$, ${b2 - b1}$ steps later than with seed $1$' in text
    )
    m2 = r2['models']
    assert (
        f'They took {m2["basic"]["wall_seconds"]:.0f} and {m2["gpt"]["wall_seconds"]:.0f} seconds'
        f' ({m2["basic"]["cpu_seconds"]:.0f} and {m2["gpt"]["cpu_seconds"]:.0f} of processor time)' in text
    )
    assert r2['seed'] == 2 and f'made by `{r2["script"]}`' in text


def test_gpt_page_says_how_its_runs_reproduce():
    """The runs made again for the plateau measurement: GPT's first steps of each comparison, made again with the
    same code and seed, have the same histories to the last digit"""
    r1, r2 = load('gpt_comparison'), load('gpt_comparison_seed2')
    p1, p2 = load('gpt_plateau'), load('gpt_plateau_seed2')
    for seed, r, p in (('1', r1, p1), ('2', r2, p2)):
        again = p['variants']['reference'][seed]
        steps = again['steps']
        assert again['valid'] == [row for row in r['models']['gpt']['valid'] if row[0] <= steps], seed
        assert again['train'] == [row for row in r['models']['gpt']['train'] if row[0] <= steps], seed
    page = docstring(PAGES / 'gpt' / '__init__.py')
    text = ' '.join(section(page, 'Two runs of the same code', 'The same two runs').split())
    assert f"GPT's first ${steps}$ steps" in text and 'with seed $1$ and with seed $2$' in text


def test_basic_page_and_readme_quote_the_small_run():
    """The basic transformer's page and the README quote small_cpu_run.json: its final loss and accuracy, the
    bigram baseline, its time, the sample; and it is the basic transformer's run of the GPT page's comparison"""
    r = load('small_cpu_run')
    rerun = load('gpt_comparison')['models']['basic']
    assert rerun['train'] == r['train'] and rerun['valid'] == r['valid']
    assert (r['wall_seconds'], r['cpu_seconds']) == (rerun['wall_seconds'], rerun['cpu_seconds'])
    page = docstring(PAGES / 'basic' / 'autoregressive_experiment.py')
    text = section(page, '### A run you can see', 'Samples print the prompt')
    step, loss, accuracy = r['valid'][-1]
    assert step == r['steps'] == 1000
    assert (
        f'The validation loss ends at ${loss:.3f}$ (accuracy ${accuracy:.3f}$), ${r["baseline"] - loss:.2f}$ below the ${r["baseline"]:.3f}$'
        in text
    )
    assert f'It starts at ${r["valid"][0][1]:.1f}$' in text
    assert f'in {r["wall_seconds"]:.0f} seconds ({r["cpu_seconds"]:.0f} of processor time)' in text
    assert f'({rerun["parameters"]:,} parameters)' in text
    sample = re.search(r'```text\n(.*?)```', text, flags=re.S).group(1)
    assert (rerun['sample_prompt'] + rerun['sample']).startswith(sample.rstrip('\n'))
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    assert f"1,000 steps: validation loss {loss:.3f} against the bigram's {r['baseline']:.3f}" in readme


def test_readme_quotes_its_run():
    """The README's small configuration: its command is the one readme_run.json ran, and its loss, time,
    number of parameters and sample are the file's"""
    r = load('readme_run')
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    # The README's command, continuation lines joined, has the options of the run
    options = ' '.join(bench('readme_run').OPTIONS)
    assert options in re.sub(r'\\\n\s*', '', readme)
    assert r['command'].startswith(
        f'OMP_NUM_THREADS=1 python -m labml_nn.transformers.basic.autoregressive_experiment {options} --seed 1'
    )
    assert r['seed'] == 1 and r['steps'] == 1000 and r['valid'][-1][0] == 1000
    loss, bigram = r['final_valid_loss'], r['bigram_valid_loss']
    text = ' '.join(section(readme, 'The small configuration above', 'The [experiment').split())
    assert f'({r["parameters"]:,} parameters, seed {r["seed"]}, `OMP_NUM_THREADS=1`)' in text
    assert f"ends at validation loss {loss:.3f} ({bigram - loss:.2f} below the bigram's)" in text
    assert (
        f'after {r["cpu_seconds"]:.0f} seconds of processor time ({r["wall_seconds"]:.0f} seconds of wall time'
        in text
    )
    assert f'`{r["made_by"]}` made that run' in text
    sample = re.search(
        r'```text\n(.*?)```', section(readme, 'The small configuration above'), flags=re.S
    ).group(1)
    assert (r['sample_prompt'] + r['sample']).startswith(sample.rstrip('\n'))
    assert f'({bigram:.3f}: predicting each character' in readme


def repeat_probability(options: list[str], model: str, n_vocab: int = 65) -> tuple[float, int]:
    """The mean over the `n_vocab` characters of the probability that the initial model of a run gives to
    the same character coming next, when it reads that character alone; and the model's number of parameters.
    The model is built as the trainer builds it: the generator seeded with the run's seed, then the model."""
    import torch

    from labml_nn.helpers.cli import configs_from_args
    from labml_nn.transformers.basic import autoregressive_experiment as experiment

    options = [o for o, prev in zip(options, [None, *options]) if o != '--data' and prev != '--data']
    c = configs_from_args(
        experiment.Configs, experiment.build_parser().parse_args([*options, '--model', model])
    )
    torch.manual_seed(c.seed)
    m = experiment.make_model(c, n_vocab).eval()
    # Each character a sequence of one, `[1, n_vocab]`
    with torch.no_grad():
        out = m(torch.arange(n_vocab)[None, :])
    logits = out[0] if isinstance(out, tuple) else out
    # `[n_vocab, n_vocab]`: row $c$ the distribution of the character after $c$
    probs = logits[0].softmax(dim=-1)
    return probs.diagonal().mean().item(), sum(p.numel() for p in m.parameters())


def test_gpt_page_quotes_the_initial_models_preference_for_repeating():
    """The GPT page's probabilities that the initial models of the comparison predict the character just read,
    computed here from the models built with the run's options and seed (65 characters: the models built have
    the run's numbers of parameters)"""
    r = load('gpt_comparison')
    text = section(docstring(PAGES / 'gpt' / '__init__.py'), '**The start.**', '**The plateau.**')
    found = {}
    for model in ('basic', 'gpt'):
        p, parameters = repeat_probability(r['options'], model)
        assert parameters == r['models'][model]['parameters']
        found[model] = p
    assert 0.5 < found['basic'] < 1 and found['gpt'] < 0.1
    assert f'The basic transformer starts at {r["models"]["basic"]["valid"][0][1]:.2f}:' in text
    assert f'with a probability of ${found["basic"]:.2f}$ on average over the 65 characters' in ' '.join(
        text.split()
    )
    assert f'(a probability of ${found["gpt"]:.2f}$ on average)' in ' '.join(text.split())


@pytest.mark.slow
def test_readme_run_script(tmp_path, monkeypatch):
    """The README's run, a few steps of a tiny model: the record of the run and its sample"""
    from tiny_training import SHAKESPEARE, tiny

    monkeypatch.setenv('HOME', str(tmp_path / 'home'))
    monkeypatch.chdir(tmp_path)
    out = tmp_path / 'readme_run.json'
    report = bench('readme_run').main(
        ['--data', str(SHAKESPEARE), '--out', str(out), '--', *tiny(sample_len='20'), '--steps', '4']
    )
    saved = json.loads(out.read_text(encoding='utf-8'))
    assert saved == json.loads(json.dumps(report))
    assert saved['steps'] == 4 and saved['valid'][-1][0] == 4 and len(saved['sample']) == 20
    assert saved['final_valid_loss'] == saved['valid'][-1][1]
    assert saved['command'].endswith('--steps 4') and '--seed 1' in saved['command']
    assert saved['made_by'].startswith('OMP_NUM_THREADS=1 python bench/readme_run.py --data ')
    for key in (
        'python',
        'torch',
        'processor',
        'wall_seconds',
        'cpu_seconds',
        'parameters',
        'bigram_valid_loss',
    ):
        assert saved[key], key


@pytest.mark.slow
def test_gpt_plateau_script(tmp_path, monkeypatch):
    """The plateau measurement, two steps of a tiny model and three of its variants: each changes the run it
    says it changes"""
    import torch

    from labml_nn.transformers.gpt import GPT
    from tiny_training import SHAKESPEARE, tiny

    monkeypatch.setenv('HOME', str(tmp_path / 'home'))
    monkeypatch.chdir(tmp_path)
    plateau = bench('gpt_plateau')
    out = tmp_path / 'plateau.json'
    variants = ['reference', 'no_scaled_init', 'sinusoidal_positions', 'lr_0.5']
    report = plateau.main(['--steps', '2', '--seeds', '1', '2', '--variants', *variants, '--data', str(SHAKESPEARE),
                           '--out', str(out), '--', *tiny(sample_len='5', valid_interval='1')])  # fmt: skip
    saved = json.loads(out.read_text(encoding='utf-8'))
    assert saved == json.loads(json.dumps(report)) and out.with_suffix('.png').exists()
    assert list(saved['variants']) == variants and saved['seeds'] == [1, 2]
    runs = {(n, s): r for n, v in saved['variants'].items() for s, r in v.items()}
    for r in runs.values():
        assert [row[0] for row in r['valid']] == [0, 1, 2]
    # The initial model: the same with the learning rate changed, another one without the scaling or with the
    # sinusoidal positions; the learning rate changes the steps after
    first = {k: r['valid'][0][1] for k, r in runs.items()}
    assert first['lr_0.5', '1'] == first['reference', '1']
    assert runs['lr_0.5', '1']['valid'][2] != runs['reference', '1']['valid'][2]
    assert first['no_scaled_init', '1'] != first['reference', '1']
    assert first['sinusoidal_positions', '1'] != first['reference', '1']
    # The changes to the model last only while it is built
    with plateau.no_scaled_init():
        torch.manual_seed(0)
        unscaled = GPT(10, 16, 2, 2).blocks.layers[0].feed_forward.layer2.weight.std()
    with plateau.sinusoidal_positions():
        positions = GPT(10, 16, 2, 2, max_len=8).position_embedding
    torch.manual_seed(0)
    scaled = GPT(10, 16, 2, 2).blocks.layers[0].feed_forward.layer2.weight.std()
    assert scaled < unscaled * 0.75
    # The sinusoidal positions: position 0 has $\sin 0 = 0$ and $\cos 0 = 1$, scaled to 0.02 times $\sqrt{2}$
    assert torch.allclose(positions[0, 0, :2], torch.tensor([0.0, 0.02 * 2**0.5]))
    assert GPT(10, 16, 2, 2, max_len=8).position_embedding.abs().max() < 0.06
    assert '--warmup 100' in saved['command'] and saved['torch_threads'] == torch.get_num_threads()


def test_gpt_page_quotes_its_plateau_measurement():
    """The GPT page's table of the plateau runs, rendered from plateau.json and plateau_seed2.json, and what it
    says of them, computed here from the files"""
    import math

    p1, p2 = load('gpt_plateau'), load('gpt_plateau_seed2')
    r1, r2 = load('gpt_comparison'), load('gpt_comparison_seed2')
    page = docstring(PAGES / 'gpt' / '__init__.py')
    text = ' '.join(section(page, '## The plateau, measured').split())
    assert bench('gpt_plateau').markdown_table([p1, p2]) in page
    assert p1['seeds'] == [1] and p2['seeds'] == [2] and p1['steps'] == p2['steps'] == 300
    assert f'```shell\n{p1["made_by"]}\n```' in page
    assert p2['made_by'] == p1['made_by'].replace('--seeds 1', '--seeds 2')
    assert list(p1['variants']) == list(p2['variants'])

    def v(seed: int, name: str) -> dict[int, float]:
        p = {1: p1, 2: p2}[seed]
        return {s: loss for s, loss, _ in p['variants'][name][str(seed)]['valid']}

    names, seeds = list(p1['variants']), (1, 2)
    at200 = {seed: [v(seed, n)[200] for n in names] for seed in seeds}
    basic = {1: valid_losses(r1, 'basic'), 2: valid_losses(r2, 'basic')}
    assert (
        f'between {min(at200[1]):.3f} and {max(at200[1]):.3f} with seed $1$'
        f' and between {min(at200[2]):.3f} and {max(at200[2]):.3f} with seed $2$,'
        f" above the basic transformer's {basic[1][200]:.3f} and {basic[2][200]:.3f} at that step" in text
    )
    assert all(min(at200[seed]) > basic[seed][200] for seed in seeds)
    # Without the scaling: near the page's run at steps 100 and 200, on either side of it at 300
    near = max(
        abs(v(seed, 'no_scaled_init')[s] - v(seed, 'reference')[s]) for seed in seeds for s in (100, 200)
    )
    assert f'at steps $100$ and $200$ are within {math.ceil(near * 1000) / 1000:.3f}' in text

    def ahead(seed: int, name: str) -> float:
        return v(seed, 'reference')[300] - v(seed, name)[300]

    for name in ('no_scaled_init', 'warmup_200', 'lr_0.5'):
        assert ahead(1, name) < 0 < ahead(2, name), name
    most = max(abs(ahead(seed, n)) for seed in seeds for n in ('warmup_200', 'lr_0.5'))
    between = v(2, 'reference')[300] - v(1, 'reference')[300]
    assert most < between
    assert (
        f"by at most {most:.3f}, less than the {between:.3f} between the page's runs with the two seeds"
        in text
    )
    # Only the sinusoidal start of the positions is ahead at step 300 with both seeds
    assert [n for n in names if n != 'reference' and all(ahead(seed, n) > 0 for seed in seeds)] == [
        'sinusoidal_positions'
    ]
    sin = [f'{v(seed, "sinusoidal_positions")[300]:.3f}' for seed in seeds]
    ref = [f'{v(seed, "reference")[300]:.3f}' for seed in seeds]
    assert f'({sin[0]} and {sin[1]}, against {ref[0]} and {ref[1]})' in text
    runs = [r for p in (p1, p2) for variant in p['variants'].values() for r in variant.values()]
    assert len(runs) == 10 and 'The ten runs' in text
    cpu, wall = p1['cpu_seconds'] + p2['cpu_seconds'], p1['wall_seconds'] + p2['wall_seconds']
    assert f'took {cpu:.0f} seconds of processor time in all ({wall / 60:.0f} minutes of wall time' in text
