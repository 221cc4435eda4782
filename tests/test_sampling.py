"""
The samplers against computations written apart: the nucleus against a sort and a running sum in plain
Python, top-k keeps exactly k, temperature 0 is greedy, the temperature sampler draws from softmax(z / tau),
seeded sampling is reproducible; the trainer's `generate` samples through them; the measures; the
experiment runs and its page shows the committed results.
"""

import json
import math
import re
from pathlib import Path

import pytest
import torch

from labml_nn.experiments.text import generate
from labml_nn.sampling import (
    GreedySampler,
    NucleusSampler,
    TemperatureSampler,
    TopKSampler,
    experiment,
    make_sampler,
    nucleus_logits,
    sample,
    top_k_logits,
)
from tiny_training import SHAKESPEARE

PAGE = Path(experiment.__file__)


def _nucleus_by_hand(row, p):
    """The smallest set of tokens whose probabilities add up to p or more: the most likely first."""
    m = max(row)
    exps = [math.exp(z - m) for z in row]
    probs = [e / sum(exps) for e in exps]
    kept, mass = set(), 0.0
    for i in sorted(range(len(row)), key=lambda i: -probs[i]):
        if mass >= p:
            break
        kept.add(i)
        mass += probs[i]
    return kept


@pytest.mark.parametrize('p', [0.05, 0.3, 0.5, 0.8, 0.9, 0.99, 1.0])
def test_nucleus_is_the_smallest_set_that_reaches_p(p):
    torch.manual_seed(0)
    logits = torch.randn(20, 30, dtype=torch.float64) * 2
    filtered = nucleus_logits(logits, p)
    for row, out in zip(logits.tolist(), filtered):
        kept = set(torch.nonzero(torch.isfinite(out))[:, 0].tolist())
        assert kept == _nucleus_by_hand(row, p)
        # The kept logits are unchanged
        assert all(out[i] == row[i] for i in kept)


def test_top_k_keeps_exactly_k_even_with_ties():
    logits = torch.tensor([[1.0, 3.0, 3.0, 3.0, 0.5, 2.0], [5.0, 4.0, 3.0, 2.0, 1.0, 0.0]])
    for k in range(1, 7):
        out = top_k_logits(logits, k)
        assert torch.isfinite(out).sum(dim=-1).tolist() == [k, k]
        # The kept ones are among the k largest
        for row, o in zip(logits, out):
            kth = sorted(row.tolist(), reverse=True)[k - 1]
            assert all(row[i] >= kth for i in torch.nonzero(torch.isfinite(o))[:, 0])
    # A sample is always one of the k
    g = torch.Generator().manual_seed(0)
    picks = TopKSampler(2)(logits.repeat(200, 1), g).view(200, 2)
    assert set(picks[:, 1].tolist()) <= {0, 1}


def test_temperature_zero_is_greedy():
    torch.manual_seed(1)
    logits = torch.randn(50, 17)
    greedy = logits.argmax(dim=-1)
    assert torch.equal(TemperatureSampler(0)(logits), greedy)
    assert torch.equal(GreedySampler()(logits), greedy)
    assert isinstance(make_sampler(0, top_k=5), GreedySampler)
    # A tiny temperature is greedy too, and so is k = 1 and a tiny p
    g = torch.Generator().manual_seed(0)
    assert torch.equal(TemperatureSampler(1e-4)(logits, g), greedy)
    assert torch.equal(TopKSampler(1)(logits, g), greedy)
    assert torch.equal(NucleusSampler(1e-6)(logits, g), greedy)


def test_temperature_draws_from_the_scaled_softmax():
    z = torch.tensor([2.0, 1.0, 0.0, -1.0])
    for tau in (0.5, 1.0, 2.0):
        g = torch.Generator().manual_seed(3)
        n = 20000
        draws = TemperatureSampler(tau)(z.repeat(n, 1), g)
        freq = torch.bincount(draws, minlength=4).double() / n
        expected = [math.exp(v / tau) for v in z.tolist()]
        expected = [e / sum(expected) for e in expected]
        for f, e in zip(freq.tolist(), expected):
            assert abs(f - e) < 4 * math.sqrt(e * (1 - e) / n) + 1e-3, (tau, freq, expected)


def test_make_sampler_chains_the_filters():
    s = make_sampler(0.7, top_k=5, top_p=0.9)
    assert isinstance(s, TopKSampler) and s.k == 5
    assert isinstance(s.sampler, NucleusSampler) and s.sampler.p == 0.9
    assert isinstance(s.sampler.sampler, TemperatureSampler) and s.sampler.sampler.temperature == 0.7
    assert isinstance(make_sampler(1.0), TemperatureSampler)
    for bad in (lambda: NucleusSampler(0), lambda: NucleusSampler(1.5), lambda: TopKSampler(0),
                lambda: TemperatureSampler(-1)):  # fmt: skip
        with pytest.raises(ValueError):
            bad()


class LastTokenModel(torch.nn.Module):
    """Logits of the next token that depend only on the last one: a row of a fixed table"""

    def __init__(self, n_vocab: int):
        super().__init__()
        torch.manual_seed(0)
        self.table = torch.nn.Embedding(n_vocab, n_vocab)

    def forward(self, x):
        return self.table(x)


def test_seeded_sampling_is_reproducible_and_log_probs_are_the_models():
    model = LastTokenModel(11)
    prompt = torch.tensor([[3, 4, 5]])
    sampler = NucleusSampler(0.9, TemperatureSampler(1.3))

    def run(seed):
        return sample(model, prompt, 40, 8, sampler, torch.Generator().manual_seed(seed), with_log_probs=True)

    (a, lp), (b, _), (c, _) = run(1), run(1), run(2)
    assert a.shape == (40, 3) and torch.equal(a, b) and not torch.equal(a, c)
    # The model's own log p of each written token, from the table, at a temperature of 1
    full = torch.cat([prompt, a])
    table = torch.log_softmax(model.table.weight, dim=-1)
    expected = torch.stack([table[full[t - 1], full[t]] for t in range(1, len(full))])[len(prompt) - 1 :]
    torch.testing.assert_close(lp, expected.detach())


def test_the_trainers_generate_samples_through_the_samplers():
    model = LastTokenModel(11)
    greedy = sample(model, torch.tensor([[2]]), 30, 8, GreedySampler())[:, 0].tolist()
    assert generate(model, [2], 30, 8) == greedy
    g1, g2 = torch.Generator().manual_seed(4), torch.Generator().manual_seed(4)
    drawn = sample(model, torch.tensor([[2]]), 30, 8, make_sampler(0.9, top_k=3), g1)[:, 0].tolist()
    assert generate(model, [2], 30, 8, temperature=0.9, top_k=3, generator=g2) == drawn


def test_measures_on_texts_written_for_them():
    assert experiment.repetition('a b c d a b c d a b c d') == pytest.approx(1 - 4 / 9)
    assert experiment.repetition('one two three four five six') == 0
    assert experiment.distinct(['to be or not to be'], 1) == pytest.approx(4 / 6)
    assert experiment.distinct(['to be or not to be'], 2) == pytest.approx(4 / 5)
    assert experiment.known_words(['Romeo, the xyzzy!'], {'romeo', 'the'}) == pytest.approx(2 / 3)


@pytest.mark.slow
def test_experiment_runs(tmp_path, capsys):
    from labml_nn.lora import experiment as lora_experiment

    work = str(tmp_path / 'work')
    # A base model as the LoRA experiment trains it, tiny
    lora_experiment.main(['--data', str(SHAKESPEARE), '--base-steps', '10', '--steps', '1', '--eval-batches', '1',
                          '--lrs', '1e-3', '--seeds', '1', '--out', str(tmp_path / 'lora'), '--work-dir', work])  # fmt: skip
    results = experiment.main(['--data', str(SHAKESPEARE), '--work-dir', work, '--samples', '2', '--length', '12',
                               '--out', str(tmp_path / 'out')])  # fmt: skip
    assert 'Loaded the base model' in capsys.readouterr().out
    assert json.loads((tmp_path / 'out' / experiment.RESULTS_FILE).read_text(encoding='utf-8')) == results
    assert [s['name'] for s in results['settings']] == [name for name, _, _ in experiment.SETTINGS]
    # Greedy writes the same text for each sample of a prompt
    assert len(set(results['shown_samples'])) >= 1
    for s in results['settings']:
        assert 0 <= s['repetition'] <= 1 and 0 < s['nll'] < 10
    # Greedy text is at least as likely under the model as sampling at a temperature of 1.5
    by_name = {s['name']: s for s in results['settings']}
    assert by_name['greedy']['nll'] < by_name['tau = 1.5']['nll']
    assert (tmp_path / 'out' / experiment.PLOT_FILE).read_bytes()[:4] == b'\x89PNG'


def test_help_lists_the_options(capsys):
    with pytest.raises(SystemExit):
        experiment.main(['--help'])
    assert '--samples' in capsys.readouterr().out


def test_page_shows_the_committed_results():
    results = json.loads((PAGE.parent / experiment.RESULTS_FILE).read_text(encoding='utf-8'))
    page = PAGE.read_text(encoding='utf-8')
    assert experiment.markdown_table(results) in page
    assert results['command'] in page
    assert (PAGE.parent / experiment.PLOT_FILE).is_file()
    assert results['torch_threads'] == 1
    # The samples shown are the committed ones
    for name, text in results['shown_samples'].items():
        if f'**{name}**' in page:
            assert text[:120].rstrip() in page, name
    seconds = re.search(r'took (\d+) seconds of processor time', page)
    assert seconds and int(seconds.group(1)) == round(results['cpu_seconds'])
