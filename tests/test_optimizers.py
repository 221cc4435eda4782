"""
Tests of the annotated Adam and AdamW against `torch.optim.Adam` and `torch.optim.AdamW`.

A small network in float64 is trained on fixed batches with our optimizer and with PyTorch's,
from the same initial weights; after 100 steps the parameters must agree to 1e-6.
"""

import copy

import pytest
import torch
from torch import nn

from labml_nn.optimizers.adam import Adam
from labml_nn.optimizers.adamw import AdamW
from labml_nn.optimizers.noam import Noam, NoamAdamW, NoamSchedule

STEPS = 100
TOLERANCE = 1e-6


def make_model() -> nn.Module:
    """A two-layer network in float64, the same weights every time"""
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 3)).double()


def batches(n: int):
    """Fixed inputs and targets, a different batch for each step"""
    g = torch.Generator().manual_seed(1)
    return [
        (
            torch.randn(8, 5, generator=g, dtype=torch.float64),
            torch.randn(8, 3, generator=g, dtype=torch.float64),
        )
        for _ in range(n)
    ]


def train(model: nn.Module, optimizer: torch.optim.Optimizer, data) -> nn.Module:
    """Steps of mean squared error on `data`"""
    for x, y in data:
        optimizer.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        optimizer.step()
    return model


def max_diff(a: nn.Module, b: nn.Module) -> float:
    """The largest absolute difference between the parameters of two copies of a model"""
    return max((p - q).abs().max().item() for p, q in zip(a.parameters(), b.parameters(), strict=True))


CASES = [
    (Adam, torch.optim.Adam, dict()),
    (Adam, torch.optim.Adam, dict(weight_decay=0.1)),
    (Adam, torch.optim.Adam, dict(amsgrad=True)),
    (Adam, torch.optim.Adam, dict(weight_decay=0.1, amsgrad=True, betas=(0.8, 0.99), eps=1e-6)),
    (AdamW, torch.optim.AdamW, dict()),
    (AdamW, torch.optim.AdamW, dict(weight_decay=0.0)),
    (AdamW, torch.optim.AdamW, dict(weight_decay=0.5)),
    (AdamW, torch.optim.AdamW, dict(weight_decay=0.5, amsgrad=True)),
]


@pytest.mark.parametrize('ours, theirs, kwargs', CASES, ids=lambda v: getattr(v, '__name__', None) or str(v))
def test_same_parameters_as_torch_after_100_steps(ours, theirs, kwargs):
    data = batches(STEPS)
    start = make_model()
    a = copy.deepcopy(start)
    b = copy.deepcopy(start)
    train(a, ours(a.parameters(), lr=1e-2, **kwargs), data)
    train(b, theirs(b.parameters(), lr=1e-2, **kwargs), data)
    # The parameters moved far more than the tolerance, so agreeing means something
    assert max_diff(a, start) > 0.05
    assert max_diff(a, b) < TOLERANCE


def test_adamw_decays_differently_from_adam():
    """With the same weight decay, decoupled and L2 decay give different parameters"""
    data = batches(STEPS)
    a, b = make_model(), make_model()
    train(a, Adam(a.parameters(), lr=1e-2, weight_decay=0.5), data)
    train(b, AdamW(b.parameters(), lr=1e-2, weight_decay=0.5), data)
    assert max_diff(a, b) > 1e-3


def test_adamw_decay_is_a_factor_per_step():
    """Without gradients of the loss (a zero loss) AdamW shrinks each weight by 1 - lr * wd a step"""
    model = make_model()
    before = [p.detach().clone() for p in model.parameters()]
    optimizer = AdamW(model.parameters(), lr=0.1, weight_decay=0.2)
    for _ in range(10):
        optimizer.zero_grad()
        sum((p * 0).sum() for p in model.parameters()).backward()
        optimizer.step()
    for p, q in zip(model.parameters(), before):
        torch.testing.assert_close(p.detach(), q * (1 - 0.1 * 0.2) ** 10, rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    'ours, theirs, kwargs',
    [
        (Adam, torch.optim.Adam, dict(weight_decay=0.1)),
        (Adam, torch.optim.Adam, dict(amsgrad=True)),
        (AdamW, torch.optim.AdamW, dict(weight_decay=0.3, amsgrad=True)),
    ],
    ids=['adam', 'adam-amsgrad', 'adamw-amsgrad'],
)
def test_state_dicts_load_across(ours, theirs, kwargs):
    """Train 50 steps with one, continue 50 with the other from its state dict: the same as 100 with one"""
    data = batches(STEPS)
    reference = make_model()
    train(reference, theirs(reference.parameters(), lr=1e-2, **kwargs), data)
    for first, second in ((ours, theirs), (theirs, ours)):
        model = make_model()
        optimizer = first(model.parameters(), lr=1e-2, **kwargs)
        train(model, optimizer, data[:50])
        state = copy.deepcopy(optimizer.state_dict())
        resumed = second(model.parameters(), lr=1e-2, **kwargs)
        resumed.load_state_dict(state)
        train(model, resumed, data[50:])
        assert max_diff(model, reference) < TOLERANCE, (first.__module__, second.__module__)


def test_torch_state_dict_keys():
    """Our state has the names PyTorch's has, so the loaded state is used, not rebuilt"""
    model = make_model()
    ours = Adam(model.parameters(), amsgrad=True)
    train(model, ours, batches(2))
    model_b = make_model()
    theirs = torch.optim.Adam(model_b.parameters(), amsgrad=True)
    train(model_b, theirs, batches(2))
    assert set(ours.state_dict()['state'][0]) == set(theirs.state_dict()['state'][0])


def test_parameter_group_with_its_own_lr():
    data = batches(STEPS)
    start = make_model()
    models = [copy.deepcopy(start) for _ in range(3)]

    def groups(m):
        return [{'params': m[0].parameters(), 'lr': 0.05}, {'params': m[2].parameters()}]

    train(models[0], AdamW(groups(models[0]), lr=1e-3, weight_decay=0.1), data)
    train(models[1], torch.optim.AdamW(groups(models[1]), lr=1e-3, weight_decay=0.1), data)
    assert max_diff(models[0], models[1]) < TOLERANCE
    # The group's rate is used: with a learning rate of zero for the first layer, it stays where it was
    frozen = models[2]
    train(
        frozen,
        Adam([{'params': frozen[0].parameters(), 'lr': 0.0}, {'params': frozen[2].parameters()}], lr=1e-2),
        data,
    )
    assert torch.equal(frozen[0].weight, start[0].weight)
    assert not torch.equal(frozen[2].weight, start[2].weight)


def test_noam_schedule_wraps_our_adam():
    """The schedule mixed into our Adam gives what Noam (PyTorch's Adam) gives"""

    class NoamOurAdam(NoamSchedule, Adam):
        pass

    data = batches(STEPS)
    a, b = make_model(), make_model()
    train(a, NoamOurAdam(a.parameters(), lr=1.0, betas=(0.9, 0.98), eps=1e-9, warmup=20, d_model=16), data)
    train(b, Noam(b.parameters(), lr=1.0, warmup=20, d_model=16), data)
    assert max_diff(a, make_model()) > 0.05
    assert max_diff(a, b) < TOLERANCE


def test_noam_adamw_learning_rates():
    """NoamAdamW takes the scheduled learning rate at every step, and decays with it"""
    model = make_model()
    optimizer = NoamAdamW(model.parameters(), lr=2.0, warmup=10, d_model=16, weight_decay=0.1)
    reference = make_model()
    theirs = torch.optim.AdamW(reference.parameters(), lr=1.0, betas=(0.9, 0.98), eps=1e-9, weight_decay=0.1)
    for step, (x, y) in enumerate(batches(30), start=1):
        lr = 2.0 * 16**-0.5 * min(step**-0.5, step * 10**-1.5)
        for group in theirs.param_groups:
            group['lr'] = lr
        for m, opt in ((model, optimizer), (reference, theirs)):
            opt.zero_grad()
            ((m(x) - y) ** 2).mean().backward()
            opt.step()
        assert optimizer.param_groups[0]['lr'] == pytest.approx(lr, rel=1e-12)
    assert max_diff(model, reference) < TOLERANCE


def test_bad_arguments():
    with pytest.raises(ValueError, match='learning rate'):
        Adam(make_model().parameters(), lr=-1)
    with pytest.raises(ValueError, match='betas'):
        AdamW(make_model().parameters(), betas=(1.0, 0.9))


def _direct(model: nn.Module, data, lr_of_step, step_rule) -> nn.Module:
    """Steps written out from a paper's algorithm: `step_rule(theta, g, m, v, vmax, t, eta)` returns the new
    theta; `lr_of_step(t)` is the schedule"""
    beta1, beta2 = 0.9, 0.999
    params = list(model.parameters())
    m = [torch.zeros_like(p) for p in params]
    v = [torch.zeros_like(p) for p in params]
    vmax = [torch.zeros_like(p) for p in params]
    for t, (x, y) in enumerate(data, start=1):
        model.zero_grad()
        ((model(x) - y) ** 2).mean().backward()
        with torch.no_grad():
            for i, p in enumerate(params):
                g = p.grad
                m[i] = beta1 * m[i] + (1 - beta1) * g
                v[i] = beta2 * v[i] + (1 - beta2) * g * g
                vmax[i] = torch.maximum(vmax[i], v[i])
                p.copy_(step_rule(p.detach().clone(), m[i], v[i], vmax[i], t, lr_of_step(t)))
    return model


def test_adamw_is_the_papers_algorithm_with_lambda_times_alpha():
    """The paper's Algorithm 2, theta <- theta - eta_t (alpha m_hat / (sqrt(v_hat) + eps) + lambda_paper theta),
    with a schedule eta_t, equals our AdamW (torch's form) with lambda = lambda_paper / alpha and the learning rate
    eta_t alpha at each step"""
    alpha, lambda_paper, eps = 1e-2, 5e-3, 1e-8
    eta = [None] + [0.5 + 0.5 * (t % 7) / 7 for t in range(1, STEPS + 1)]
    data = batches(STEPS)
    start = make_model()

    def paper(theta, m, v, vmax, t, eta_t):
        m_hat, v_hat = m / (1 - 0.9**t), v / (1 - 0.999**t)
        return theta - eta_t * (alpha * m_hat / (v_hat.sqrt() + eps) + lambda_paper * theta)

    expected = _direct(copy.deepcopy(start), data, lambda t: eta[t], paper)
    ours = copy.deepcopy(start)
    optimizer = AdamW(ours.parameters(), lr=alpha, weight_decay=lambda_paper / alpha, eps=eps)
    for t, batch in enumerate(data, start=1):
        optimizer.param_groups[0]['lr'] = eta[t] * alpha
        train(ours, optimizer, [batch])
    assert max_diff(ours, start) > 0.05
    assert max_diff(ours, expected) < TOLERANCE
    # With the paper's lambda given as ours, the decay would be alpha times too weak: not the same
    other = copy.deepcopy(start)
    optimizer = AdamW(other.parameters(), lr=alpha, weight_decay=lambda_paper, eps=eps)
    for t, batch in enumerate(data, start=1):
        optimizer.param_groups[0]['lr'] = eta[t] * alpha
        train(other, optimizer, [batch])
    assert max_diff(other, expected) > 1e-4


def test_amsgrad_is_the_maximum_of_uncorrected_moments():
    """AMSGrad as the page writes it: the maximum of the uncorrected v_t, then corrected by 1 - beta2^t of the
    step; not the maximum of the corrected v_hat"""
    alpha, eps = 1e-2, 1e-8
    data = batches(STEPS)
    start = make_model()

    def page(theta, m, v, vmax, t, lr):
        return theta - lr * (m / (1 - 0.9**t)) / ((vmax / (1 - 0.999**t)).sqrt() + eps)

    expected = _direct(copy.deepcopy(start), data, lambda t: alpha, page)
    ours = copy.deepcopy(start)
    train(ours, Adam(ours.parameters(), lr=alpha, amsgrad=True, eps=eps), data)
    assert max_diff(ours, start) > 0.05
    assert max_diff(ours, expected) < TOLERANCE

    # The maximum of the corrected moments is another algorithm, and gives other parameters
    vhat_max: dict[int, torch.Tensor] = {}

    def corrected_max(theta, m, v, vmax, t, lr):
        key = theta.shape  # the four parameters of the model have shapes of their own
        vhat_max[key] = torch.maximum(vhat_max.get(key, torch.zeros_like(v)), v / (1 - 0.999**t))
        return theta - lr * (m / (1 - 0.9**t)) / (vhat_max[key].sqrt() + eps)

    other = _direct(copy.deepcopy(start), data, lambda t: alpha, corrected_max)
    assert max_diff(other, expected) > 1e-4
