"""
Diffusion: DDPM's forward process, posterior and reverse mean against the paper's definitions computed
another way, DDIM against DDPM, the U-Net's shapes and time embedding, the Fréchet distance against
scipy's matrix square root, the digits experiment end to end with a resume, and the page's numbers
against the committed results.
"""

import json
import math
import re
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

from labml_nn.diffusion import experiment, few_steps
from labml_nn.diffusion.ddim import DDIMSampler, uniform_steps
from labml_nn.diffusion.ddpm import DenoiseDiffusion, linear_beta_schedule
from labml_nn.diffusion.ddpm.unet import TimeEmbedding, UNet

PAGE = Path(few_steps.__file__)


class FixedEps(torch.nn.Module):
    """A noise predictor that depends on the image and the step in a known way, without training."""

    def forward(self, x, t):
        return torch.tanh(x) * (1 + t.float().view(-1, 1, 1, 1) / 100)


def _diffusion(n_steps=50, sigma='beta'):
    return DenoiseDiffusion(FixedEps(), n_steps=n_steps, beta_1=1e-3, beta_T=0.1, sigma=sigma)


def test_schedule_is_the_papers():
    beta = linear_beta_schedule()
    assert beta.shape == (1000,)
    assert beta[0].item() == pytest.approx(1e-4) and beta[-1].item() == pytest.approx(0.02)
    # Evenly spaced
    torch.testing.assert_close(beta.diff(), torch.full((999,), (0.02 - 1e-4) / 999, dtype=torch.float64))
    # alpha_bar_T is close to zero: x_T is nearly pure noise
    d = DenoiseDiffusion(FixedEps())
    assert 1e-5 < d.alpha_bar[-1].item() < 1e-4


@pytest.mark.parametrize('t', [0, 9, 29, 49])
def test_closed_form_matches_repeated_steps(t):
    """q(x_t|x_0) against t + 1 steps of x <- sqrt(1 - beta) x + sqrt(beta) eps, over many draws."""
    d = _diffusion()
    g = torch.Generator().manual_seed(t)
    x0 = torch.tensor([-1.0, -0.3, 0.5, 1.0], dtype=torch.float64)
    draws = 40_000
    x = x0.expand(draws, 4).clone()
    for s in range(t + 1):
        beta = d.beta[s]
        x = (1 - beta).sqrt() * x + beta.sqrt() * torch.randn(x.shape, generator=g, dtype=torch.float64)
    mean, var = d.q_xt_x0(x0.view(1, 4, 1, 1), torch.tensor([t]))
    torch.testing.assert_close(x.mean(0), mean.view(4), atol=0.02, rtol=0)
    torch.testing.assert_close(x.var(0), var.view(1).expand(4), atol=0.02, rtol=0.03)
    # and q_sample draws from it
    xt = d.q_sample(x0.view(1, 4, 1, 1).expand(draws, 4, 1, 1), torch.full((draws,), t))
    torch.testing.assert_close(xt.view(draws, 4).mean(0), mean.view(4), atol=0.02, rtol=0)


def test_alpha_bar_is_the_product():
    d = _diffusion()
    product = 1.0
    for t in range(d.n_steps):
        product *= 1 - d.beta[t].item()
        assert d.alpha_bar[t].item() == pytest.approx(product, rel=1e-12)


@pytest.mark.parametrize('t', [0, 1, 20, 49])
def test_posterior_is_bayes_rule(t):
    """The posterior's mean and variance from the product of q(x_t|x_{t-1}) and q(x_{t-1}|x_0) (a product
    of Gaussians: precisions add), not from the paper's closed form."""
    d = _diffusion()
    g = torch.Generator().manual_seed(0)
    x0, xt = torch.randn(3, 1, 2, 2, generator=g), torch.randn(3, 1, 2, 2, generator=g)
    beta = d.beta[t].item()
    ab_prev = math.prod(1 - d.beta[s].item() for s in range(t))
    mean, var = d.q_posterior(x0, xt, torch.full((3,), t))
    if t == 0:
        # x_0 is known exactly
        torch.testing.assert_close(mean, x0)
        assert float(var.max()) == 0
        return
    # q(x_t | x_{t-1}) as a function of x_{t-1}: mean x_t / sqrt(alpha), variance beta / alpha
    precision = (1 - beta) / beta + 1 / (1 - ab_prev)
    expected = (math.sqrt(1 - beta) / beta * xt + math.sqrt(ab_prev) / (1 - ab_prev) * x0) / precision
    torch.testing.assert_close(mean, expected, atol=1e-5, rtol=1e-5)
    assert var.flatten()[0].item() == pytest.approx(1 / precision, rel=1e-6)


@pytest.mark.parametrize('t', [0, 7, 49])
def test_reverse_mean_is_the_posterior_mean_at_the_predicted_x0(t):
    d = _diffusion()
    xt = torch.randn(4, 1, 3, 3, generator=torch.Generator().manual_seed(1))
    tt = torch.full((4,), t)
    eps = d.eps_model(xt, tt)
    ab = d.alpha_bar[t].item()
    x0 = (xt - math.sqrt(1 - ab) * eps) / math.sqrt(ab)
    torch.testing.assert_close(d.p_mean(xt, tt), d.q_posterior(x0, xt, tt)[0], atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize('sigma', ['beta', 'beta_tilde'])
def test_reverse_step_variance_and_last_step(sigma):
    d = _diffusion(sigma=sigma)
    xt = torch.zeros(20_000, 1, 1, 1)
    t = torch.full((20_000,), 30)
    draws = d.p_sample(xt, t, torch.Generator().manual_seed(2)) - d.p_mean(xt, t)
    expected = (d.beta if sigma == 'beta' else d.beta_tilde)[30].item()
    assert draws.var().item() == pytest.approx(expected, rel=0.05)
    # The last step adds no noise
    t0 = torch.zeros(5, dtype=torch.long)
    torch.testing.assert_close(d.p_sample(xt[:5], t0), d.p_mean(xt[:5], t0))


def test_bad_sigma():
    with pytest.raises(ValueError, match='sigma'):
        DenoiseDiffusion(FixedEps(), sigma='learned')


def test_loss_is_the_mean_squared_noise_error():
    d = _diffusion()
    g = torch.Generator().manual_seed(3)
    x0, eps = torch.randn(6, 1, 4, 4, generator=g), torch.randn(6, 1, 4, 4, generator=g)
    t = torch.tensor([0, 5, 10, 20, 30, 49])
    ab = torch.tensor([math.prod(1 - d.beta[s].item() for s in range(k + 1)) for k in t.tolist()])
    xt = ab.sqrt().view(-1, 1, 1, 1) * x0 + (1 - ab).sqrt().view(-1, 1, 1, 1) * eps
    expected = ((eps - d.eps_model(xt.float(), t)) ** 2).mean()
    assert d.loss(x0, t, eps).item() == pytest.approx(expected.item(), rel=1e-5)


def test_sub_sequence():
    assert uniform_steps(1000, 10).tolist() == list(range(99, 1000, 100))
    assert uniform_steps(50, 50).tolist() == list(range(50))
    assert uniform_steps(1000, 1).tolist() == [999]
    with pytest.raises(ValueError):
        uniform_steps(10, 11)
    # The sampler's alpha_bar at tau_i is the product of the first tau_i + 1 alphas
    d = _diffusion(n_steps=1000)
    sampler = DDIMSampler(d, 20, eta=0.5)
    for i, tau in enumerate(sampler.tau.tolist()):
        direct = math.prod(1 - d.beta[s].item() for s in range(tau + 1))
        assert sampler.alpha_bar[i].item() == pytest.approx(direct, rel=1e-10)
        previous = 1.0 if i == 0 else math.prod(1 - d.beta[s].item() for s in range(sampler.tau[i - 1] + 1))
        assert sampler.alpha_bar_prev[i].item() == pytest.approx(previous, rel=1e-10)


def test_ddim_with_eta_one_on_all_steps_is_ddpm():
    """Variances are DDPM's beta tilde, and the mean of a step is DDPM's reverse mean."""
    d = _diffusion(sigma='beta_tilde')
    sampler = DDIMSampler(d, d.n_steps, eta=1.0)
    torch.testing.assert_close(sampler.sigma**2, d.beta_tilde)
    xt = torch.randn(3, 1, 4, 4, generator=torch.Generator().manual_seed(4))
    for t in [0, 1, 25, 49]:
        mean, _ = sampler.step(xt, t)
        torch.testing.assert_close(mean, d.p_mean(xt, torch.full((3,), t)), atol=1e-5, rtol=1e-5)


def test_ddim_with_eta_zero_is_deterministic():
    d = _diffusion()
    sampler = DDIMSampler(d, 10, eta=0.0)
    assert float(sampler.sigma.abs().max()) == 0
    x_T = torch.randn(4, 1, 4, 4, generator=torch.Generator().manual_seed(5))
    a = sampler.sample(x_T.shape, generator=torch.Generator().manual_seed(6), x_T=x_T)
    b = sampler.sample(x_T.shape, generator=torch.Generator().manual_seed(7), x_T=x_T)
    torch.testing.assert_close(a, b, atol=0, rtol=0)
    # With eta = 1 the noise matters
    stochastic = DDIMSampler(d, 10, eta=1.0)
    a = stochastic.sample(x_T.shape, generator=torch.Generator().manual_seed(6), x_T=x_T)
    b = stochastic.sample(x_T.shape, generator=torch.Generator().manual_seed(7), x_T=x_T)
    assert not torch.allclose(a, b)


def test_ddim_step_by_the_papers_equation():
    """Equation (12) of the DDIM paper, written out for one step of a sub-sequence."""
    d = _diffusion(n_steps=1000)
    sampler = DDIMSampler(d, 10, eta=0.7)
    g = torch.Generator().manual_seed(8)
    xt, z = torch.randn(2, 1, 3, 3, generator=g), torch.randn(2, 1, 3, 3, generator=g)
    i = 5
    a_t = math.prod(1 - d.beta[s].item() for s in range(600))
    a_prev = math.prod(1 - d.beta[s].item() for s in range(500))
    sigma = 0.7 * math.sqrt((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev))
    eps = d.eps_model(xt, torch.full((2,), 599))
    expected = (
        math.sqrt(a_prev) * (xt - math.sqrt(1 - a_t) * eps) / math.sqrt(a_t)
        + math.sqrt(1 - a_prev - sigma**2) * eps
        + sigma * z
    )
    torch.testing.assert_close(sampler.step(xt, i, z)[0], expected, atol=1e-5, rtol=1e-5)


def test_time_embedding_is_the_sinusoidal_formula():
    emb = TimeEmbedding(16, 64)
    t = torch.tensor([0, 1, 17, 999])
    pe = emb.sinusoidal(t)
    assert pe.shape == (4, 16)
    for b, step in enumerate(t.tolist()):
        for i in range(8):
            angle = step / 10000 ** (i / 7)
            assert pe[b, i].item() == pytest.approx(math.sin(angle), abs=1e-4)
            assert pe[b, 8 + i].item() == pytest.approx(math.cos(angle), abs=1e-4)
    assert emb(t).shape == (4, 64)


@pytest.mark.parametrize('channels', [(16, 32, 32), (8, 16)])
def test_unet_keeps_the_shape_and_uses_the_time(channels):
    torch.manual_seed(0)
    model = UNet(channels=channels).eval()
    x = torch.randn(3, 1, 8, 8)
    t = torch.tensor([0, 10, 999])
    y = model(x, t)
    assert y.shape == x.shape
    assert not torch.allclose(model(x, torch.tensor([500, 500, 500])), y)
    # Each image is denoised on its own: the first image's output does not depend on the others
    torch.testing.assert_close(model(x[:1], t[:1]), y[:1], atol=1e-5, rtol=1e-5)


def test_frechet_distance_against_scipy():
    scipy_linalg = pytest.importorskip('scipy.linalg')
    rng = np.random.default_rng(0)
    a = rng.normal(size=(300, 6)) @ rng.normal(size=(6, 6))
    b = rng.normal(size=(200, 6)) @ rng.normal(size=(6, 6)) + 0.5
    cov_a, cov_b = np.cov(a, rowvar=False), np.cov(b, rowvar=False)
    expected = ((a.mean(0) - b.mean(0)) ** 2).sum() + np.trace(
        cov_a + cov_b - 2 * scipy_linalg.sqrtm(cov_a @ cov_b).real
    )
    assert few_steps.frechet_distance(a, b) == pytest.approx(expected, rel=1e-6)
    assert few_steps.frechet_distance(a, a) == pytest.approx(0, abs=1e-6)


def test_digits_split():
    pytest.importorskip('sklearn')
    train, train_labels, held, held_labels = experiment.load_digits_split()
    assert train.shape == (1437, 1, 8, 8) and held.shape == (360, 1, 8, 8)
    assert train.min().item() == -1 and train.max().item() == 1
    assert len(train_labels) == 1437 and len(held_labels) == 360
    # The same split every time, and no image in both
    again = experiment.load_digits_split()[2]
    torch.testing.assert_close(again, held)
    assert len(set(map(bytes, held.numpy())) & set(map(bytes, train.numpy()))) < 5


TINY = [
    '--channels',
    '8,16',
    '--n-steps',
    '20',
    '--batch-size',
    '16',
    '--log-interval',
    '2',
    '--samples',
    '4',
]


@pytest.mark.slow
def test_experiment_trains_and_resumes(tmp_path, capsys):
    pytest.importorskip('sklearn')
    common = TINY + ['--checkpoint-dir', str(tmp_path / 'ck'), '--out', str(tmp_path / 'out')]
    straight = experiment.main(
        common + ['--steps', '4', '--checkpoint-dir', str(tmp_path / 'straight'), '--no-plot']
    )
    experiment.main(common + ['--steps', '2', '--no-plot'])
    resumed = experiment.main(common + ['--steps', '4', '--resume'])
    assert resumed.step == 4 and [s for s, _ in resumed.loss_history] == [2, 4]
    # A resumed run continues as the uninterrupted one would
    for a, b in zip(straight.model.parameters(), resumed.model.parameters()):
        torch.testing.assert_close(a, b)
    assert resumed.loss_history == straight.loss_history
    assert 'from step 2 to 4' in capsys.readouterr().out
    # The loss plot and the samples
    for name in ('loss.png', 'samples.png'):
        assert (tmp_path / 'out' / name).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'


def test_experiment_resume_without_checkpoint(tmp_path, capsys):
    with pytest.raises(SystemExit):
        experiment.main(TINY + ['--steps', '1', '--resume', '--checkpoint-dir', str(tmp_path / 'none')])
    assert 'no checkpoint' in capsys.readouterr().err


def test_readme_commands_have_help(capsys):
    for module in (experiment, few_steps):
        with pytest.raises(SystemExit) as e:
            module.main(['--help'])
        assert e.value.code == 0
    assert '--sample-steps' in capsys.readouterr().out


@pytest.mark.slow
def test_comparison_pipeline(tmp_path, capsys):
    pytest.importorskip('sklearn')
    out = tmp_path / 'out'
    results = few_steps.main(['--train-steps', '3', '--n-steps', '20', '--sample-steps', '2', '5', '--samples', '24',
                              '--classifier-epochs', '1', '--seeds', '3', '--grid', '4', '--out', str(out)])  # fmt: skip
    assert json.loads((out / few_steps.RESULTS_FILE).read_text(encoding='utf-8')) == results
    assert results['sample_steps'] == [2, 5, 20]
    assert [(r['sampler'], r['eta'], r['steps']) for r in results['rows']] == [
        ('ddim', 0.0, 2), ('ddim', 0.0, 5), ('ddim', 0.0, 20),
        ('ddim', 1.0, 2), ('ddim', 1.0, 5), ('ddim', 1.0, 20), ('ddpm', 1.0, 20),
    ]  # fmt: skip
    assert all(r['fid'] > 0 for r in results['rows']) and results['floor'] > 0
    assert 0 <= results['classifier_accuracy'] <= 1
    assert '--train-steps 3' in results['command'] and '--out' not in results['command']
    for name in (few_steps.PLOT_FILE, few_steps.SAMPLES_FILE, few_steps.LOSS_FILE):
        assert (out / name).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert few_steps.markdown_table(results) in capsys.readouterr().out


def test_page_shows_the_committed_results():
    """The table, the floor, the accuracy, the times and the command on the page are the committed run's."""
    results = json.loads((PAGE.parent / few_steps.RESULTS_FILE).read_text(encoding='utf-8'))
    page = PAGE.read_text(encoding='utf-8')
    assert few_steps.markdown_table(results) in page
    assert results['command'] in page
    for name in (few_steps.PLOT_FILE, few_steps.SAMPLES_FILE, few_steps.LOSS_FILE):
        assert (PAGE.parent / name).is_file()
    # Every number the prose quotes
    assert f'${results["floor"]:.2f}$' in page
    assert f'${100 * results["classifier_accuracy"]:.1f}\\%$' in page
    assert f'${results["train_steps"]:,}$ steps'.replace(',', '{,}') in page
    minutes = re.search(r'The run took (\d+) minutes', page)
    assert minutes and int(minutes.group(1)) == round(results['wall_seconds'] / 60)
    cpu = re.search(r'(\d+) minutes of it processor time', page)
    assert cpu and int(cpu.group(1)) == round(results['cpu_seconds'] / 60)
    assert results['torch'] in page and results['processor'] in page
    assert results['torch_threads'] == 1


def test_unet_page_states_the_default_size():
    n = sum(p.numel() for p in UNet().parameters())
    assert f'${n:,}$ parameters'.replace(',', '{,}') in Path(sys.modules[UNet.__module__].__file__).read_text(
        encoding='utf-8'
    )
    # and it is the experiment's default model
    assert sum(p.numel() for p in experiment.make_model(experiment.Configs()).parameters()) == n


def test_readme_commands_parse():
    """Each diffusion command of the README is one the module's parser accepts."""
    readme = (Path(__file__).resolve().parents[1] / 'README.md').read_text(encoding='utf-8')
    section = readme[readme.index('### Diffusion models') : readme.index('## Build the docs')]
    commands = re.findall(r'python -m (labml_nn\.diffusion\.\w+)([^#\n]*)', section)
    assert len(commands) == 4
    modules = {'labml_nn.diffusion.experiment': experiment, 'labml_nn.diffusion.few_steps': few_steps}
    for module, args in commands:
        if '--help' not in args:
            modules[module].build_parser().parse_args(args.split())


def test_page_prose_numbers_come_from_the_results():
    """Every decimal number of the result's prose is one of the committed run's (or the paper's, quoted)."""
    results = json.loads((PAGE.parent / few_steps.RESULTS_FILE).read_text(encoding='utf-8'))
    page = PAGE.read_text(encoding='utf-8')
    section = page[page.index('### The result') : page.index('"""', page.index('### The result'))]
    known = {f'{r["fid"]:.2f}' for r in results['rows']} | {f'{results["floor"]:.2f}'}
    known |= {f'{results["final_loss"]:.3f}', f'{100 * results["classifier_accuracy"]:.1f}'}
    known |= {str(results['experiment_configs']['ema_decay'])}
    # The paper's: the size of its model, the decay of its average
    known |= {'35.7', '0.9999'}
    quoted = re.findall(r'\$(\d+\.\d+)(?:\\%)?\$', section)
    assert quoted and set(quoted) <= known, set(quoted) - known
    # The integers computed from the run
    c = results['experiment_configs']
    passes = round(results['train_steps'] * c['batch_size'] / results['training_images'])
    assert f'about ${passes}$ times' in section
    assert f'${results["parameters"]:,}$ parameters'.replace(',', '{,}') in section
    assert f'batches of ${c["batch_size"]}$ images' in section
    assert f'Each row is ${results["samples"]}$ samples' in section
    assert f'{round(results["train_cpu_seconds"] / 60)} for the' in section
    assert f'scikit-learn {results["scikit_learn"]}' in section and f'Python {results["python"]}' in section
