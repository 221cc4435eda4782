"""
The GAN pages: the losses against the papers' formulas, the gradient penalty against finite differences,
the DCGAN pair's shapes, the toy and digits experiments end to end on tiny configurations, resuming from
checkpoints, and the pages against their committed results.
"""

import json
import math
from pathlib import Path

import pytest
import torch
from torch import nn

from labml_nn.gan import toy
from labml_nn.gan.dcgan import Discriminator, Generator, init_weights
from labml_nn.gan.dcgan import experiment as digits
from labml_nn.gan.original import DiscriminatorLogitsLoss, GeneratorLogitsLoss
from labml_nn.gan.wasserstein import CriticLoss, GeneratorLoss, GradientPenalty


def _logits(n=7, seed=0):
    g = torch.Generator().manual_seed(seed)
    # Some large ones, where a probability would round to 0 or 1 in float32
    return torch.randn(n, 1, generator=g, dtype=torch.float64) * 4


# ## The GAN losses against the paper's formulas


def test_discriminator_loss_is_the_papers_value_function():
    real, fake = _logits(seed=1), _logits(seed=2)
    # $-\frac{1}{m} \sum [\log D(x) + \log(1 - D(G(z)))]$, a sample at a time
    d_real, d_fake = torch.sigmoid(real), torch.sigmoid(fake)
    expected = -sum(
        math.log(d_real[i].item()) + math.log(1 - d_fake[i].item()) for i in range(len(real))
    ) / len(real)
    assert DiscriminatorLogitsLoss()(real, fake).item() == pytest.approx(expected, rel=1e-10)


def test_discriminator_loss_is_binary_cross_entropy():
    real, fake = _logits(seed=3).float(), _logits(seed=4).float()
    bce = nn.BCEWithLogitsLoss()
    expected = bce(real, torch.ones_like(real)) + bce(fake, torch.zeros_like(fake))
    torch.testing.assert_close(DiscriminatorLogitsLoss()(real, fake), expected)


def test_generator_losses_are_the_papers():
    fake = _logits(seed=5)
    d = torch.sigmoid(fake)
    # Non-saturating: $-\frac{1}{m} \sum \log D(G(z))$
    expected = -sum(math.log(d[i].item()) for i in range(len(d))) / len(d)
    assert GeneratorLogitsLoss()(fake).item() == pytest.approx(expected, rel=1e-10)
    # Minimax: $\frac{1}{m} \sum \log(1 - D(G(z)))$
    expected = sum(math.log(1 - d[i].item()) for i in range(len(d))) / len(d)
    assert GeneratorLogitsLoss(saturating=True)(fake).item() == pytest.approx(expected, rel=1e-10)


def test_losses_stay_finite_where_probabilities_round_off():
    extreme = torch.tensor([[-200.0], [200.0]])
    assert torch.isfinite(DiscriminatorLogitsLoss()(extreme, extreme))
    assert torch.isfinite(GeneratorLogitsLoss()(extreme))
    # A confidently rejected sample costs about its logit
    assert GeneratorLogitsLoss()(torch.tensor([[-200.0]])).item() == pytest.approx(200.0)


def test_the_minimax_loss_saturates_and_the_non_saturating_does_not():
    """Where $D(G(z)) \\approx 0$ the minimax loss's gradient vanishes; the paper's replacement keeps it."""
    logit = torch.tensor([[-10.0]], requires_grad=True)
    (g_sat,) = torch.autograd.grad(GeneratorLogitsLoss(saturating=True)(logit), logit)
    (g_ns,) = torch.autograd.grad(GeneratorLogitsLoss()(logit), logit)
    # $\frac{d}{d\ell} \log(1 - \sigma(\ell)) = -\sigma(\ell)$ and $\frac{d}{d\ell} -\log \sigma(\ell) = \sigma(\ell) - 1$
    assert g_sat.item() == pytest.approx(-torch.sigmoid(torch.tensor(-10.0)).item(), rel=1e-5)
    assert g_ns.item() == pytest.approx(torch.sigmoid(torch.tensor(-10.0)).item() - 1, rel=1e-5)
    assert abs(g_ns.item()) > 1000 * abs(g_sat.item())


def test_optimal_discriminator_gives_the_jensen_shannon_divergence():
    """With $D^* = p / (p + q)$ on a discrete space, $-\\mathcal{L}_D$ is $-\\log 4 + 2 \\, \\mathrm{JSD}(p \\Vert q)$."""
    p = torch.tensor([0.5, 0.3, 0.2, 0.0], dtype=torch.float64)
    q = torch.tensor([0.1, 0.1, 0.4, 0.4], dtype=torch.float64)
    logit = torch.log(p) - torch.log(q)  # $\sigma(\log p - \log q) = p / (p + q)$
    # The expectations as means over samples drawn in the exact proportions (1000 each)
    real = torch.repeat_interleave(logit, (p * 1000).round().long()).view(-1, 1)
    fake = torch.repeat_interleave(logit, (q * 1000).round().long()).view(-1, 1)
    m = (p + q) / 2

    def kl(a, b):
        return sum(float(a[i]) * math.log(float(a[i] / b[i])) for i in range(len(a)) if a[i] > 0)

    jsd = (kl(p, m) + kl(q, m)) / 2
    assert -DiscriminatorLogitsLoss()(real, fake).item() == pytest.approx(-math.log(4) + 2 * jsd, rel=1e-9)


# ## The WGAN-GP losses


def test_wasserstein_losses_are_the_papers():
    f_real, f_fake = _logits(5, seed=6), _logits(9, seed=7)
    expected = sum(f_fake.flatten().tolist()) / 9 - sum(f_real.flatten().tolist()) / 5
    assert CriticLoss()(f_real, f_fake).item() == pytest.approx(expected, rel=1e-10)
    assert GeneratorLoss()(f_fake).item() == pytest.approx(-sum(f_fake.flatten().tolist()) / 9, rel=1e-10)


def _mlp_critic(d_in=2, seed=0):
    torch.manual_seed(seed)
    return nn.Sequential(
        nn.Linear(d_in, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 1)
    ).double()


class _ConvCritic(nn.Module):
    """A critic of images with the DCGAN discriminator's layers but no batch normalisation"""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(1, 4, 4, 2, 1), nn.Tanh(), nn.Flatten(), nn.Linear(4 * 4 * 4, 1))

    def forward(self, x):
        return self.net(x)


def _fd_gradient(f, x, h=1e-5):
    """The gradient of a one-sample function as its finite-difference directional derivatives along each axis"""
    grad = torch.zeros_like(x)
    flat = grad.view(-1)
    for i in range(x.numel()):
        e = torch.zeros_like(x).view(-1)
        e[i] = h
        e = e.view_as(x)
        flat[i] = (f(x + e) - f(x - e)) / (2 * h)
    return grad


@pytest.mark.parametrize('shape', [(6, 2), (3, 1, 8, 8)])
def test_gradient_penalty_against_finite_differences(shape):
    g = torch.Generator().manual_seed(8)
    critic = _mlp_critic() if len(shape) == 2 else _ConvCritic().double()
    real = torch.randn(*shape, generator=g, dtype=torch.float64)
    fake = torch.randn(*shape, generator=g, dtype=torch.float64)
    eps = torch.rand(shape[0], generator=g, dtype=torch.float64)
    penalty = GradientPenalty()(critic, real, fake, eps)
    # $\hat{x}$ and its gradient norm one sample at a time, from central differences
    expected = 0.0
    with torch.no_grad():
        for i in range(shape[0]):
            x_hat = eps[i] * real[i] + (1 - eps[i]) * fake[i]
            grad = _fd_gradient(lambda x: critic(x.unsqueeze(0)).item(), x_hat)
            expected += (math.sqrt(float((grad**2).sum())) - 1) ** 2
    assert penalty.item() == pytest.approx(expected / shape[0], rel=1e-6)


def test_gradient_penalty_directional_derivative_along_the_gradient():
    """Along the unit vector of its gradient, a function's directional derivative is the gradient's norm."""
    critic = _mlp_critic(seed=3)
    x = torch.randn(1, 2, dtype=torch.float64)
    # With $\epsilon = 1$, $\hat{x} = x$: the penalty is $(\Vert \nabla f(x) \Vert - 1)^2$
    penalty = GradientPenalty()(critic, x, torch.zeros_like(x), torch.ones(1, dtype=torch.float64))
    x_ = x.clone().requires_grad_(True)
    (grad,) = torch.autograd.grad(critic(x_).sum(), x_)
    u, h = grad / grad.norm(), 1e-5
    with torch.no_grad():
        directional = (critic(x + h * u) - critic(x - h * u)).item() / (2 * h)
    assert penalty.item() == pytest.approx((directional - 1) ** 2, rel=1e-6)


def test_gradient_penalty_gradient_in_the_critics_parameters():
    """The penalty is differentiable in the critic's weights (a second derivative), and the derivative along a
    random direction of all the weights is the finite difference of the penalty."""
    critic = _mlp_critic(seed=4)
    g = torch.Generator().manual_seed(9)
    real, fake = (
        torch.randn(5, 2, generator=g, dtype=torch.float64),
        torch.randn(5, 2, generator=g, dtype=torch.float64),
    )
    eps = torch.rand(5, generator=g, dtype=torch.float64)
    params = list(critic.parameters())
    # The last bias does not change the gradient in $x$, so it gets none
    grads = torch.autograd.grad(GradientPenalty()(critic, real, fake, eps), params, allow_unused=True)
    grads = [torch.zeros_like(p) if gr is None else gr for p, gr in zip(params, grads)]
    assert grads[-1].abs().max() == 0 and grads[0].abs().max() > 0
    direction = [torch.randn(p.shape, generator=g, dtype=torch.float64) for p in params]
    analytic = sum(float((gr * d).sum()) for gr, d in zip(grads, direction))
    h = 1e-6

    def penalty_at(t):
        with torch.no_grad():
            for p, d in zip(params, direction):
                p.add_(t * d)
        value = GradientPenalty()(critic, real, fake, eps).item()
        with torch.no_grad():
            for p, d in zip(params, direction):
                p.sub_(t * d)
        return value

    assert analytic == pytest.approx((penalty_at(h) - penalty_at(-h)) / (2 * h), rel=1e-5)


def test_gradient_penalty_gives_the_generator_no_gradient():
    critic = _mlp_critic().float()
    fake = torch.randn(4, 2, requires_grad=True)
    GradientPenalty()(critic, torch.randn(4, 2), fake, torch.rand(4)).backward()
    assert fake.grad is None


def test_gradient_penalty_is_zero_for_a_unit_slope_critic():
    critic = nn.Linear(2, 1, bias=True)
    with torch.no_grad():
        critic.weight.copy_(torch.tensor([[0.6, 0.8]]))
    assert GradientPenalty()(
        critic, torch.randn(8, 2), torch.randn(8, 2), torch.rand(8)
    ).item() == pytest.approx(0, abs=1e-12)


# ## The DCGAN pair


def test_dcgan_shapes_and_initialisation():
    torch.manual_seed(0)
    g, d = Generator(d_z=16, channels=32), Discriminator(channels=32)
    g.apply(init_weights), d.apply(init_weights)
    x = g(torch.randn(5, 16))
    assert x.shape == (5, 1, 8, 8) and x.abs().max() <= 1
    assert d(x).shape == (5, 1)
    assert abs(d.down1.weight.std().item() - 0.02) < 0.005
    assert d.down1.bias.abs().max() == 0


# ## The toy data and its measures


def test_mode_centres():
    ring, grid = toy.mode_centres('ring'), toy.mode_centres('grid')
    assert ring.shape == (8, 2) and torch.allclose(ring.norm(dim=1), torch.full((8,), math.sqrt(2)))
    # Neighbours on the ring are $2 \sqrt{2} \sin(\pi / 8)$ apart
    assert torch.dist(ring[0], ring[1]).item() == pytest.approx(
        2 * math.sqrt(2) * math.sin(math.pi / 8), rel=1e-6
    )
    assert grid.shape == (25, 2)
    assert sorted(set(round(v * math.sqrt(2), 4) for v in grid[:, 0].tolist())) == [-2, -1, 0, 1, 2]


def test_data_is_near_its_modes():
    for dataset in toy.DATASETS:
        x = toy.sample_data(dataset, 4000, torch.Generator().manual_seed(0))
        m = toy.mode_metrics(x, dataset)
        # All modes and $99.7\%$ of a Gaussian's mass within $3 \sigma$ in each coordinate... and $98.9\%$ in 2-D
        assert m['modes'] == len(toy.mode_centres(dataset))
        assert 0.98 < m['near_share'] < 1.0


def test_mode_metrics_by_hand():
    r = math.sqrt(2)
    sigma = toy.STD['ring']
    # Near mode 0 ($(\sqrt{2}, 0)$, $2 \sigma$ off) 12 times, near mode 2 ($(0, \sqrt{2})$) 3 times,
    # $4 \sigma$ from mode 4 once, far from all once
    x = torch.tensor(
        [[r + 2 * sigma, 0.0]] * 12 + [[0.0, r - sigma]] * 3 + [[-r - 4 * sigma, 0.0]] + [[0.5, 0.5]]
    )
    m = toy.mode_metrics(x, 'ring')
    assert m['near_counts'][0] == 12 and m['near_counts'][2] == 3 and sum(m['near_counts']) == 15
    assert m['modes'] == 1  # mode 2 has fewer than 10
    assert m['near_share'] == pytest.approx(15 / 17, abs=1e-4)


# ## The experiments end to end

TOY_TINY = ['--seeds', '1', '2', '--steps', '4', '--hidden', '8', '--batch-size', '16', '--eval-samples', '50',
            '--n-critic', '2']  # fmt: skip


@pytest.mark.slow
def test_toy_end_to_end(tmp_path, capsys):
    results = toy.main([*TOY_TINY, '--out', str(tmp_path)])
    assert json.loads((tmp_path / toy.RESULTS_FILE).read_text(encoding='utf-8')) == results
    assert len(results['runs']) == 2 * 2 * 2
    assert [(s['dataset'], s['method']) for s in results['summary']] == [
        (d, m) for d in toy.DATASETS for m in toy.METHODS
    ]
    assert all(r['steps'] == 4 and sum(r['near_counts']) <= 50 for r in results['runs'])
    assert (tmp_path / toy.PLOT_FILE).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert toy.markdown_table(results) in capsys.readouterr().out
    assert results['command'].startswith('OMP_NUM_THREADS=1 python -m labml_nn.gan.toy --seeds 1 2 --steps 4')


def test_wgan_gp_takes_n_critic_steps_per_generator_step():
    args = toy.build_parser().parse_args(['--hidden', '8', '--batch-size', '8', '--n-critic', '3'])
    run = toy.ToyRun('wgan-gp', 'ring', 1, args)
    for _ in range(2):
        run.train_step()
    step = lambda opt: int(next(iter(opt.state.values()))['step'])  # noqa: E731
    assert step(run.opt_c) == 6 and step(run.opt_g) == 2
    gan = toy.ToyRun('gan', 'ring', 1, args)
    gan.train_step()
    assert step(gan.opt_c) == 1


def test_toy_resumes_from_its_checkpoints(tmp_path):
    base = ['--methods', 'wgan-gp', '--datasets', 'grid', '--seeds', '1', '--hidden', '8', '--batch-size', '16',
            '--eval-samples', '200', '--no-plot', '--checkpoint-interval', '3']  # fmt: skip
    straight = toy.main(
        [*base, '--steps', '6', '--out', str(tmp_path / 'a'), '--work-dir', str(tmp_path / 'wa')]
    )
    toy.main([*base, '--steps', '3', '--out', str(tmp_path / 'b'), '--work-dir', str(tmp_path / 'wb')])
    resumed = toy.main(
        [*base, '--steps', '6', '--resume', '--out', str(tmp_path / 'b'), '--work-dir', str(tmp_path / 'wb')]
    )
    a = torch.load(tmp_path / 'wa' / 'wgan-gp_grid_1.pt', weights_only=True)
    b = torch.load(tmp_path / 'wb' / 'wgan-gp_grid_1.pt', weights_only=True)
    assert a['step'] == b['step'] == 6
    for k in a['generator']:
        torch.testing.assert_close(a['generator'][k], b['generator'][k], rtol=0, atol=0)
    assert straight['runs'][0]['near_counts'] == resumed['runs'][0]['near_counts']


def test_options_are_checked(tmp_path, capsys):
    with pytest.raises(SystemExit):
        toy.main(['--steps', '0', '--out', str(tmp_path / 'x')])
    with pytest.raises(SystemExit):
        digits.main(['--resume', '--out', str(tmp_path / 'x')])
    err = capsys.readouterr().err
    assert (
        '--steps, --eval-samples and --jobs must be at least 1' in err and '--resume needs --work-dir' in err
    )
    assert not (tmp_path / 'x').exists()


def test_digits_data():
    x, y = digits.load_digits_images()
    assert x.shape == (1797, 1, 8, 8) and x.min() == -1 and x.max() == 1
    assert sorted(set(y.tolist())) == list(range(10))


def test_class_metrics_by_hand():
    x, y = digits.load_digits_images()
    clf, real = digits.judge(x, y, 1)
    assert real['accuracy'] > 0.9
    # Only real sevens: one class, and the classifier is mostly confident
    m = digits.class_metrics(clf, x[y == 7])
    assert m['classes'] == 1 and m['class_shares'][7] > 0.95 and m['confident_share'] > 0.8
    # Blank images are no digit the classifier is sure of
    assert digits.class_metrics(clf, -torch.ones(20, 1, 8, 8))['classes'] == 1


@pytest.mark.slow
def test_digits_end_to_end_and_resume(tmp_path, capsys):
    base = ['--seeds', '3', '--batch-size', '16', '--channels', '8', '--d-z', '4', '--eval-samples', '100',
            '--checkpoint-interval', '2']  # fmt: skip
    results = digits.main(
        [*base, '--steps', '4', '--out', str(tmp_path / 'a'), '--work-dir', str(tmp_path / 'wa')]
    )
    assert json.loads((tmp_path / 'a' / digits.RESULTS_FILE).read_text(encoding='utf-8')) == results
    assert (tmp_path / 'a' / digits.PLOT_FILE).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert digits.markdown_table(results) in capsys.readouterr().out
    r = results['runs'][0]
    assert r['steps'] == 4 and sum(r['class_shares']) == pytest.approx(1, abs=1e-3)
    digits.main(
        [*base, '--steps', '2', '--no-plot', '--out', str(tmp_path / 'b'), '--work-dir', str(tmp_path / 'wb')]
    )
    resumed = digits.main([*base, '--steps', '4', '--resume', '--no-plot', '--out', str(tmp_path / 'b'),
                           '--work-dir', str(tmp_path / 'wb')])  # fmt: skip
    assert resumed['runs'][0]['class_shares'] == r['class_shares']
    a = torch.load(tmp_path / 'wa' / 'dcgan_digits_3.pt', weights_only=True)
    b = torch.load(tmp_path / 'wb' / 'dcgan_digits_3.pt', weights_only=True)
    for k in a['generator']:
        torch.testing.assert_close(a['generator'][k], b['generator'][k], rtol=0, atol=0)


@pytest.mark.slow
@pytest.mark.parametrize('module', ['labml_nn.gan.toy', 'labml_nn.gan.dcgan.experiment'])
def test_readme_commands_help(module):
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, '-m', module, '--help'], cwd=root, capture_output=True, text=True,
                         env={'PYTHONPATH': str(root), 'PATH': '/usr/bin:/bin'}, timeout=120)  # fmt: skip
    assert out.returncode == 0 and '--steps' in out.stdout and '--seed' in out.stdout


@pytest.mark.slow
def test_toy_parallel_runs_give_the_same_results(tmp_path):
    base = ['--datasets', 'ring', '--seeds', '1', '--hidden', '8', '--batch-size', '16', '--eval-samples', '100',
            '--steps', '3', '--n-critic', '2', '--no-plot']  # fmt: skip
    one = toy.main([*base, '--out', str(tmp_path / 'a')])
    two = toy.main([*base, '--jobs', '2', '--out', str(tmp_path / 'b')])
    assert [r['near_counts'] for r in one['runs']] == [r['near_counts'] for r in two['runs']]
    assert two['command'].endswith('--jobs 2')


def _tex(n: int) -> str:
    """A whole number as the pages write it in math, `3{,}000`"""
    return f'{n:,}'.replace(',', '{,}')


def test_digits_page_shows_the_committed_results():
    """The table and the numbers in the prose of the digits page are those of the committed digits.json."""
    page_path = Path(digits.__file__)
    results = json.loads((page_path.parent / digits.RESULTS_FILE).read_text(encoding='utf-8'))
    page = page_path.read_text(encoding='utf-8')
    assert digits.markdown_table(results) in page
    assert (page_path.parent / digits.PLOT_FILE).is_file()
    assert f'```shell\n{results["command"]}\n```' in page
    assert results['torch_threads'] == 1 and [r['seed'] for r in results['runs']] == [1, 2, 3]
    options = results['options']
    assert f'for ${_tex(options["steps"])}$ steps each, batches of ${options["batch_size"]}$' in page
    passes = options['steps'] * options['batch_size'] / 1797
    assert f'(about ${passes:.0f}$ passes' in page
    params = results['parameters']
    assert (
        f'${_tex(params["generator"])}$ parameters in the generator, ${_tex(params["discriminator"])}$'
        in page
    )
    assert f'right\nfor ${100 * results["real"]["accuracy"]:.1f}\\%$' in page
    # The times
    assert f'The run took {round(results["wall_seconds"] / 60)} minutes in all' in page
    assert f'{round(results["cpu_seconds"] / 60)} minutes of it processor time' in page
    assert results['processor'].split()[0] in page
    # What it shows
    assert all(r['classes'] == 10 for r in results['runs'])
    shares = [s for r in results['runs'] for s in r['class_shares']]
    assert f'between ${100 * min(shares):.1f}\\%$ and ${100 * max(shares):.1f}\\%$' in page
    confident = [100 * r['confident_share'] for r in results['runs']]
    assert f'of ${min(confident):.0f}$ to ${max(confident):.0f}\\%$' in page
    assert f'against ${100 * results["real"]["confident_share"]:.1f}\\%$ of held-out' in page
    assert max(confident) - min(confident) < 3  # "agree to within three points"


def test_toy_page_shows_the_committed_results():
    """The table, the command, the times and the numbers in the prose of the toy page are those of the committed
    results.json."""
    page_path = Path(toy.__file__)
    results = json.loads((page_path.parent / toy.RESULTS_FILE).read_text(encoding='utf-8'))
    page = page_path.read_text(encoding='utf-8')
    assert toy.markdown_table(results) in page
    assert (page_path.parent / toy.PLOT_FILE).is_file()
    assert f'```shell\n{results["command"]}\n```' in page
    # Every method on every data set with seeds 1, 2 and 3, the budget the page gives, one thread a run
    assert [(s['dataset'], s['method'], s['seeds']) for s in results['summary']] == [
        (d, m, [1, 2, 3]) for d in toy.DATASETS for m in toy.METHODS
    ]
    o = results['options']
    assert (o['steps'], o['hidden'], o['batch_size'], o['lr'], o['n_critic'], o['gp_lambda']) == (
        2000,
        64,
        256,
        1e-3,
        5,
        10.0,
    )
    assert 'six runs at a time' in page and o['jobs'] == 6 and results['omp_num_threads'] == '1'
    # The times
    assert f'The run took {round(results["wall_seconds"] / 60)} minutes in all' in page
    assert f'{round(results["train_cpu_seconds"] / 60)} minutes of processor time' in page
    assert results['processor'].split()[0] in page
    # The numbers of the prose
    by = {(s['dataset'], s['method']): s for s in results['summary']}
    runs = {(r['dataset'], r['method'], r['seed']): r for r in results['runs']}
    gan_cpu = [r['train_cpu_seconds'] for r in results['runs'] if r['method'] == 'gan']
    wgan_cpu = [r['train_cpu_seconds'] for r in results['runs'] if r['method'] == 'wgan-gp']
    assert f'a GAN run ${min(gan_cpu):.0f}$ to ${max(gan_cpu):.0f}$ seconds' in page
    assert f'${min(wgan_cpu):.0f}$ to ${max(wgan_cpu):.0f}$.' in page
    ring_gan, ring_wgan = by['ring', 'gan'], by['ring', 'wgan-gp']
    assert f'the GAN covers ${ring_gan["mean_modes"]:.2f}$ of the $8$ modes on average and puts ' in page
    assert f'${100 * ring_gan["mean_near_share"]:.1f}\\%$ of its samples near\none' in page
    assert (
        f'WGAN-GP covers ${ring_wgan["mean_modes"]:.2f}$ with ${100 * ring_wgan["mean_near_share"]:.1f}\\%$'
        in page
    )
    assert ring_gan['mean_modes'] > ring_wgan['mean_modes'] and by['grid', 'gan']['mean_modes'] > 5
    grid_gan, grid_wgan = by['grid', 'gan'], by['grid', 'wgan-gp']
    assert (
        sorted(set(grid_gan['modes'])) == [9, 10] and 'the GAN covers $9$ or $10$ of the $25$ modes' in page
    )
    assert max(grid_wgan['modes']) == 2 and max(grid_wgan['near_share']) < 0.03
    # The grid's modes the GAN covers are all on the border of the grid
    for seed in (1, 2, 3):
        counts = runs['grid', 'gan', seed]['near_counts']
        covered = [k for k in range(25) if counts[k] >= toy.MIN_SAMPLES]
        assert all(k // 5 in (0, 4) or k % 5 in (0, 4) for k in covered)
    # The seeds
    assert [runs['ring', 'gan', s]['modes'] for s in (1, 2, 3)] == [5, 8, 4]
    assert f'with seed $2$ (${100 * runs["ring", "gan", 2]["near_share"]:.1f}\\%$ near a\nmode)' in page
    assert [runs['ring', 'wgan-gp', s]['modes'] for s in (1, 2, 3)] == [0, 5, 8]
