"""
Reinforcement learning: GAE, PPO's losses, DQN's targets and dueling head, the sum tree and
prioritized replay, each against a computation written another way; the experiments end to end on
tiny configurations, resumed from checkpoints; and the pages against the committed results.
"""

import copy
import json
import math
import re
import statistics
from pathlib import Path

import numpy as np
import pytest
import torch

gym = pytest.importorskip('gymnasium')

from labml_nn.rl import results as rl_results  # noqa: E402
from labml_nn.rl.dqn import DuelingHead, QNetwork, q_loss, q_target  # noqa: E402
from labml_nn.rl.dqn import experiment as dqn_experiment  # noqa: E402
from labml_nn.rl.dqn.replay_buffer import (  # noqa: E402
    PrioritizedReplayBuffer,
    ReplayBuffer,
    SumTree,
    importance_weights,
)
from labml_nn.rl.ppo import ClippedPPOLoss, ClippedValueFunctionLoss, PPOConfigs, ppo_update  # noqa: E402
from labml_nn.rl.ppo import experiment as ppo_experiment  # noqa: E402
from labml_nn.rl.ppo.gae import gae  # noqa: E402

# ---------------------------------------------------------------- GAE


def _gae_by_definition(rewards, values, next_values, terminated, truncated, gamma, lam):
    """A_t = sum_l (gamma lambda)^l delta_{t+l}, summed directly over the steps of the same episode."""
    T, n = rewards.shape
    out = torch.zeros(T, n, dtype=torch.float64)
    for e in range(n):
        for t in range(T):
            total = 0.0
            for k in range(T - t):
                s = t + k
                future = 0.0 if terminated[s, e] else gamma * float(next_values[s, e])
                delta = float(rewards[s, e]) + future - float(values[s, e])
                total += (gamma * lam) ** k * delta
                if terminated[s, e] or truncated[s, e]:
                    break
            out[t, e] = total
    return out


@pytest.mark.parametrize('lam', [0.0, 0.5, 0.95, 1.0])
def test_gae_against_the_double_loop(lam):
    g = torch.Generator().manual_seed(0)
    T, n = 23, 3
    rewards = torch.randn(T, n, generator=g, dtype=torch.float64)
    values = torch.randn(T, n, generator=g, dtype=torch.float64)
    next_values = torch.randn(T, n, generator=g, dtype=torch.float64)
    terminated = torch.zeros(T, n, dtype=torch.bool)
    truncated = torch.zeros(T, n, dtype=torch.bool)
    # Episode ends of both kinds, one at the last step of the rollout
    terminated[4, 0] = terminated[15, 1] = terminated[T - 1, 2] = True
    truncated[9, 0] = truncated[7, 2] = True
    got = gae(rewards, values, next_values, terminated, truncated, 0.97, lam)
    want = _gae_by_definition(rewards, values, next_values, terminated, truncated, 0.97, lam)
    torch.testing.assert_close(got, want)


def test_gae_lambda_one_is_the_return_minus_the_value():
    # One episode that the rollout cuts: A_t = sum_k gamma^k r_{t+k} + gamma^{T-t} V(s_T) - V(s_t)
    T, gamma = 6, 0.9
    rewards = torch.arange(1.0, T + 1, dtype=torch.float64).unsqueeze(1)
    values = torch.linspace(0.5, 3, T, dtype=torch.float64).unsqueeze(1)
    next_values = torch.cat([values[1:], torch.tensor([[7.0]], dtype=torch.float64)])
    no = torch.zeros(T, 1, dtype=torch.bool)
    got = gae(rewards, values, next_values, no, no, gamma, 1.0)
    for t in range(T):
        ret = sum(gamma**k * float(rewards[t + k]) for k in range(T - t)) + gamma ** (T - t) * 7.0
        assert float(got[t]) == pytest.approx(ret - float(values[t]))


def test_gae_truncation_bootstraps_and_termination_does_not():
    one = torch.ones(1, 1)
    yes = torch.ones(1, 1, dtype=torch.bool)
    no = torch.zeros(1, 1, dtype=torch.bool)
    assert float(gae(one, one * 2, one * 10, no, yes, 0.5, 0.9)) == pytest.approx(1 + 5 - 2)
    assert float(gae(one, one * 2, one * 10, yes, no, 0.5, 0.9)) == pytest.approx(1 - 2)


# ---------------------------------------------------------------- PPO's losses


@pytest.mark.parametrize('advantage', [2.0, -3.0])
@pytest.mark.parametrize('ratio', [0.5, 0.85, 1.0, 1.1, 1.5])
def test_clipped_objective_against_the_formula(ratio, advantage):
    eps = 0.2
    log_pi = torch.tensor([math.log(ratio)], requires_grad=True)
    loss = ClippedPPOLoss()(log_pi, torch.zeros(1), torch.tensor([advantage]), eps)
    # L = min(r A, clip(r) A), written out by the case
    clipped = min(max(ratio, 1 - eps), 1 + eps)
    want = min(ratio * advantage, clipped * advantage)
    assert float(-loss.detach()) == pytest.approx(want, rel=1e-6)
    loss.backward()
    # The gradient is zero exactly where the clipped term is the minimum and the ratio is outside the range
    outside = (advantage > 0 and ratio > 1 + eps) or (advantage < 0 and ratio < 1 - eps)
    if outside:
        assert float(log_pi.grad) == 0
    else:
        # d(-r A)/d log r = -r A
        assert float(log_pi.grad) == pytest.approx(-ratio * advantage, rel=1e-5)


def test_clipped_objective_is_a_mean_over_samples():
    ratios = torch.tensor([0.5, 0.9, 1.3, 1.0])
    adv = torch.tensor([1.0, -2.0, 3.0, -1.0])
    got = ClippedPPOLoss()(ratios.log(), torch.zeros(4), adv, 0.1)
    want = (
        -sum(min(float(r) * float(a), min(max(float(r), 0.9), 1.1) * float(a)) for r, a in zip(ratios, adv))
        / 4
    )
    assert float(got) == pytest.approx(want, rel=1e-6)


def test_value_loss_against_the_formula():
    value = torch.tensor([1.0, 1.0, 3.0, 0.0])
    old = torch.tensor([0.0, 0.9, 2.0, 0.5])
    ret = torch.tensor([2.0, 0.0, 1.0, 0.4])
    eps = 0.2
    want = 0.0
    for v, o, r in zip(value.tolist(), old.tolist(), ret.tolist()):
        vc = o + min(max(v - o, -eps), eps)
        want += 0.5 * max((v - r) ** 2, (vc - r) ** 2)
    assert float(ClippedValueFunctionLoss()(value, old, ret, eps)) == pytest.approx(want / 4)
    plain = 0.5 * sum((v - r) ** 2 for v, r in zip(value.tolist(), ret.tolist())) / 4
    assert float(ClippedValueFunctionLoss()(value, old, ret, None)) == pytest.approx(plain)


def test_ppo_update_raises_the_probability_of_good_actions():
    torch.manual_seed(0)
    model = ppo_experiment.ActorCritic(4, 2, 16)
    obs = torch.randn(64, 4)
    actions = torch.randint(0, 2, (64,))
    with torch.no_grad():
        log_pi, _, values = model.evaluate(obs, actions)
    # Action 1 is better everywhere
    adv = torch.where(actions == 1, 1.0, -1.0)
    samples = {'obs': obs, 'actions': actions, 'log_pi': log_pi, 'values': values,
               'advantages': adv, 'returns': values + adv}  # fmt: skip
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    before = model(obs)[0].probs[:, 1].mean()
    losses = ppo_update(model.evaluate, list(model.parameters()), opt, samples, PPOConfigs(),
                        torch.Generator().manual_seed(0))  # fmt: skip
    after = model(obs)[0].probs[:, 1].mean()
    assert after > before + 0.02
    assert 0 <= losses['clip_fraction'] <= 1


# ---------------------------------------------------------------- DQN


def test_double_target_against_two_networks():
    torch.manual_seed(0)
    online, target = QNetwork(4, 3, 8), QNetwork(4, 3, 8)
    next_obs = torch.randn(10, 4)
    reward = torch.randn(10)
    terminated = torch.tensor([False] * 7 + [True] * 3)
    got = q_target(online, target, reward, next_obs, terminated, 0.9, double=True)
    got_dqn = q_target(online, target, reward, next_obs, terminated, 0.9, double=False)
    for i in range(10):
        with torch.no_grad():
            q_on = online(next_obs[i : i + 1])[0].tolist()
            q_tg = target(next_obs[i : i + 1])[0].tolist()
        best = max(range(3), key=lambda a: q_on[a])
        future = 0.0 if terminated[i] else 0.9
        assert float(got[i]) == pytest.approx(float(reward[i]) + future * q_tg[best], rel=1e-5, abs=1e-6)
        assert float(got_dqn[i]) == pytest.approx(float(reward[i]) + future * max(q_tg), rel=1e-5, abs=1e-6)
    # The two differ where the online network prefers another action than the target network
    assert not torch.allclose(got, got_dqn)


def test_dueling_head_subtracts_the_mean_advantage():
    torch.manual_seed(0)
    head = DuelingHead(8, 5)
    h = torch.randn(6, 8)
    with torch.no_grad():
        q = head(h)
        v = head.value(h)
        a = head.advantage(h)
    for i in range(6):
        mean = sum(a[i].tolist()) / 5
        for j in range(5):
            assert float(q[i, j]) == pytest.approx(float(v[i, 0]) + float(a[i, j]) - mean, abs=1e-5)
    # The mean of Q over the actions is V
    torch.testing.assert_close(q.mean(-1, keepdim=True), v)


def test_q_loss_is_the_weighted_huber_loss():
    torch.manual_seed(0)
    net = QNetwork(3, 2, 8)
    obs, action = torch.randn(5, 3), torch.tensor([0, 1, 1, 0, 1])
    y = torch.tensor([0.0, 5.0, -2.0, 0.3, 1.0])
    w = torch.tensor([1.0, 0.5, 0.2, 1.0, 0.7])
    loss, err = q_loss(net, obs, action, y, w)
    with torch.no_grad():
        q = [float(net(obs[i : i + 1])[0, action[i]]) for i in range(5)]
    huber = [0.5 * d * d if abs(d) <= 1 else abs(d) - 0.5 for d in (float(y[i]) - q[i] for i in range(5))]
    assert float(loss.detach()) == pytest.approx(sum(float(w[i]) * huber[i] for i in range(5)) / 5, rel=1e-5)
    assert err.tolist() == pytest.approx([abs(float(y[i]) - q[i]) for i in range(5)], rel=1e-5)


# ---------------------------------------------------------------- The sum tree and prioritized replay


@pytest.mark.parametrize('capacity', [1, 5, 8, 13])
def test_sum_tree_prefix_sums_against_a_list(capacity):
    rng = np.random.default_rng(capacity)
    tree, plain = SumTree(capacity), [0.0] * capacity
    for _ in range(50):
        # A batch with repeated places: the last value written wins, as in the list
        idx = rng.integers(0, capacity, 4)
        p = rng.random(4) * 3
        tree.set(idx, p)
        for i, v in zip(idx, p):
            plain[i] = v
        assert tree.total() == pytest.approx(sum(plain))
        # find(u) is the first i whose prefix sum passes u
        u = rng.random(20) * sum(plain)
        prefix = np.cumsum(plain)
        want = [int(np.searchsorted(prefix, x, side='right')) for x in u]
        assert tree.find(u).tolist() == want


def test_sum_tree_never_finds_an_empty_leaf():
    tree = SumTree(8)
    tree.set(np.array([2, 5]), np.array([1.0, 2.0]))
    u = np.array([0.0, 0.999999, 1.0, 2.5, np.nextafter(3.0, 0)])
    assert tree.find(u).tolist() == [2, 2, 5, 5, 5]


@pytest.mark.slow
def test_prioritized_sampling_frequencies_and_weights():
    buf = PrioritizedReplayBuffer(16, 2, seed=0, alpha=0.7)
    buf.add(
        np.zeros((10, 2)),
        np.zeros(10, dtype=np.int64),
        np.zeros(10),
        np.zeros((10, 2)),
        np.zeros(10, dtype=bool),
    )
    # New transitions all get the largest priority, 1
    assert buf.tree.get(np.arange(10)).tolist() == [1.0] * 10
    errors = np.array([0.0, 0.1, 0.5, 1.0, 2.0, 3.0, 0.2, 0.0, 4.0, 1.5])
    buf.update_priorities(np.arange(10), errors)
    p = (errors + buf.epsilon) ** 0.7
    prob = p / p.sum()
    counts = np.zeros(10)
    n = 40_000
    for _ in range(n // 8):
        idx, _, w = buf.sample(8, beta=0.5)
        counts += np.bincount(idx, minlength=16)[:10]
        # w_i = (N P(i))^-beta / max_j w_j
        raw = (10 * prob[idx]) ** -0.5
        np.testing.assert_allclose(w, raw / raw.max(), rtol=1e-5)
    # Frequencies within 4 standard deviations of P(i)
    sd = np.sqrt(prob * (1 - prob) / n)
    assert np.all(np.abs(counts / n - prob) < 4 * sd + 1e-4), (counts / n, prob)
    # Where the error was 0, the priority is tiny but not zero
    assert 0 < buf.tree.get(np.array([0]))[0] < 1e-3
    # The largest priority so far is given to what comes next
    buf.add(
        np.zeros((1, 2)), np.zeros(1, dtype=np.int64), np.zeros(1), np.zeros((1, 2)), np.zeros(1, dtype=bool)
    )
    assert buf.tree.get(np.array([10]))[0] == pytest.approx((4.0 + buf.epsilon) ** 0.7)


def test_importance_weights_against_the_formula():
    prob = np.array([0.1, 0.25, 0.05])
    w = importance_weights(prob, 20, 0.6)
    raw = [(1 / 20 / x) ** 0.6 for x in prob]
    np.testing.assert_allclose(w, [r / max(raw) for r in raw], rtol=1e-6)
    np.testing.assert_allclose(importance_weights(prob, 20, 0.0), [1, 1, 1])


def test_uniform_buffer_is_a_ring():
    buf = ReplayBuffer(5, 1, seed=0)
    for k in range(3):
        buf.add(np.full((3, 1), k), np.full(3, k), np.zeros(3), np.zeros((3, 1)), np.zeros(3, dtype=bool))
    assert buf.size == 5 and buf.action.tolist() == [1, 2, 2, 2, 1]
    idx, b, w = buf.sample(100, 1.0)
    assert set(idx.tolist()) <= set(range(5)) and w.tolist() == [1.0] * 100


# ---------------------------------------------------------------- The curves


def test_windowed_returns_and_median_range():
    episodes = [[3, 10.0], [5, 20.0], [6, 30.0], [15, 5.0], [21, 1.0]]
    assert rl_results.windowed_returns(episodes, 20, 5) == [15.0, 30.0, 5.0, None]
    curves = [[1.0, None, 4.0], [3.0, 2.0, 8.0], [2.0, 5.0, 6.0], [10.0, 1.0, None]]
    m = rl_results.median_range(curves)
    for k in range(3):
        v = [c[k] for c in curves if c[k] is not None]
        assert m['median'][k] == statistics.median(v)
        assert (m['min'][k], m['max'][k]) == (min(v), max(v))
    assert rl_results.mean_return(episodes, 5, 15) == pytest.approx(17.5)
    # The mean of a curve counts each window once, whatever the episodes in it
    assert rl_results.curve_mean([15.0, 30.0, None, 5.0]) == pytest.approx(50 / 3)
    assert rl_results.curve_mean([None, None]) is None


def test_measured_values_count_only_states_whose_return_is_known():
    class Constant(torch.nn.Module):
        def forward(self, obs):
            return torch.tensor([[7.0, 3.0]]).expand(obs.shape[0], 2)

    m = dqn_experiment.measure_values(Constant(), 'CartPole-v1', 2, 1000, 0.99, seed=0)
    # Pushing left every step fails quickly: every state of both episodes counts
    assert m['predicted'] == 7.0 and 10 < m['states'] < 40
    # Each G_t is (1 - gamma^(T - t)) / (1 - gamma) for CartPole's rewards of 1
    assert 0 < m['actual'] < 12


# ---------------------------------------------------------------- The experiments, end to end


def _ppo_tiny(tmp_path, *extra):
    return ppo_experiment.main(['--steps', '512', '--envs', '2', '--rollout', '64', '--seeds', '1',
                                '--lambdas', '0.95', '--window', '128', '--hidden', '16',
                                '--out', str(tmp_path / 'out'), *extra])  # fmt: skip


@pytest.mark.slow
def test_ppo_experiment_end_to_end(tmp_path, capsys):
    results = _ppo_tiny(tmp_path)
    written = json.loads((tmp_path / 'out' / ppo_experiment.RESULTS_FILE).read_text(encoding='utf-8'))
    assert written == results
    run = results['runs'][0]
    assert len(run['curve']) == 4 and run['episodes'] and all(0 < s <= 512 for s, _ in run['episodes'])
    assert results['torch_threads'] == 1 and results['gymnasium'] == gym.__version__
    assert (tmp_path / 'out' / ppo_experiment.PLOT_FILE).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert ppo_experiment.markdown_table(results) in capsys.readouterr().out


@pytest.mark.slow
def test_ppo_resumes_from_its_checkpoint(tmp_path, capsys):
    ck = tmp_path / 'ck'
    _ppo_tiny(
        tmp_path, '--checkpoint-dir', str(ck), '--checkpoint-interval', '2', '--steps', '256', '--no-plot'
    )
    state = torch.load(ck / 'lambda0.95_seed1.pt', weights_only=False)
    assert state['update'] == 2
    results = _ppo_tiny(tmp_path, '--checkpoint-dir', str(ck), '--checkpoint-interval', '2', '--no-plot')
    assert 'resumed from' in capsys.readouterr().out
    # The episodes of the first part are kept, and the run went on to 512 steps
    episodes = results['runs'][0]['episodes']
    assert episodes[: len(state['episodes'])] == state['episodes']
    assert torch.load(ck / 'lambda0.95_seed1.pt', weights_only=False)['update'] == 4


def _dqn_tiny(tmp_path, *extra):
    return dqn_experiment.main(['--steps', '400', '--envs', '2', '--seeds', '1', '--learning-starts', '100',
                                '--eval-interval', '200', '--eval-episodes', '1', '--eval-max-steps', '100',
                                '--window', '100', '--hidden', '16', '--buffer', '300', '--exploration-steps', '200',
                                '--target-interval', '20', '--out', str(tmp_path / 'out'), *extra])  # fmt: skip


@pytest.mark.slow
def test_dqn_experiment_end_to_end(tmp_path, capsys):
    results = _dqn_tiny(tmp_path, '--name', 'tiny')
    assert json.loads((tmp_path / 'out' / 'tiny_results.json').read_text(encoding='utf-8')) == results
    assert [r['variant'] for r in results['runs']] == list(dqn_experiment.VARIANTS)
    for r in results['runs']:
        assert [e['step'] for e in r['evals']] == [200, 400]
        assert len(r['curve']) == 4
    assert (tmp_path / 'out' / 'tiny_cartpole.png').read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert dqn_experiment.markdown_table(results) in capsys.readouterr().out


@pytest.mark.slow
def test_dqn_resumes_from_its_checkpoint(tmp_path, capsys):
    ck = tmp_path / 'ck'
    _dqn_tiny(
        tmp_path, '--variants', 'prioritized', '--checkpoint-dir', str(ck), '--steps', '200', '--no-plot'
    )
    state = torch.load(ck / 'prioritized_seed1.pt', weights_only=False)
    assert state['iteration'] == 100 and state['buffer'].size == 200
    online = copy.deepcopy(state['online'])
    results = _dqn_tiny(tmp_path, '--variants', 'prioritized', '--checkpoint-dir', str(ck), '--no-plot')
    assert 'resumed from' in capsys.readouterr().out
    assert [e['step'] for e in results['runs'][0]['evals']] == [200, 400]
    assert results['runs'][0]['evals'][0] == state['evals'][0]
    after = torch.load(ck / 'prioritized_seed1.pt', weights_only=False)
    assert after['iteration'] == 200 and after['buffer'].size == 300
    assert any(not torch.equal(online[k], after['online'][k]) for k in online)


@pytest.mark.parametrize('module', [ppo_experiment, dqn_experiment])
def test_help(module, capsys):
    with pytest.raises(SystemExit) as e:
        module.main(['--help'])
    assert e.value.code == 0
    assert '--seeds' in capsys.readouterr().out


# ---------------------------------------------------------------- The pages show the committed results

PPO_PAGE = Path(ppo_experiment.__file__)
DQN_PAGE = Path(dqn_experiment.__file__)


def _load(path):
    return json.loads(path.read_text(encoding='utf-8'))


def test_ppo_page_shows_the_committed_results():
    results = _load(PPO_PAGE.parent / ppo_experiment.RESULTS_FILE)
    page = PPO_PAGE.read_text(encoding='utf-8')
    assert ppo_experiment.markdown_table(results) in page
    assert results['command'] in page
    assert (PPO_PAGE.parent / ppo_experiment.PLOT_FILE).is_file()
    assert results['options']['seeds'] == [1, 2, 3] and results['options']['lambdas'] == [0.0, 0.95, 1.0]
    assert results['torch_threads'] == 1
    minutes = re.search(r'The runs took (\d+) minutes', page)
    assert minutes and int(minutes.group(1)) == round(results['wall_seconds'] / 60)
    cpu = re.search(r'(\d+) minutes? of processor time', page)
    assert cpu and int(cpu.group(1)) == round(results['cpu_seconds'] / 60)
    for q in ('torch', 'gymnasium', 'processor'):
        assert results[q] in page
    # The numbers quoted in the prose
    for s in ppo_experiment.summary(results):
        assert f'{s["last"][0]:.0f}' in page and f'{s["whole"][0]:.0f}' in page


def test_dqn_page_shows_the_committed_results():
    page = DQN_PAGE.read_text(encoding='utf-8')
    for name in ('dqn', 'extensions'):
        results = _load(DQN_PAGE.parent / f'{name}_results.json')
        assert dqn_experiment.markdown_table(results) in page
        assert results['command'] in page
        assert (DQN_PAGE.parent / f'{name}_cartpole.png').is_file()
        assert results['options']['seeds'] == [1, 2, 3]
        assert results['torch_threads'] == 1
        assert results['torch'] in page and results['gymnasium'] in page and results['processor'] in page
        minutes = re.search(rf'`{name}` runs took\s+(\d+) minutes', page)
        assert minutes and int(minutes.group(1)) == round(results['wall_seconds'] / 60)
        cpu = re.search(rf'`{name}` runs took\s+\d+ minutes,\s+(\d+) minutes? of processor time', page)
        assert cpu and int(cpu.group(1)) == round(results['cpu_seconds'] / 60)


def test_ppo_page_prose_matches_the_curves():
    """The steps at which the seeds first pass a return of 100, as the page says them."""
    results = _load(PPO_PAGE.parent / ppo_experiment.RESULTS_FILE)
    page = PPO_PAGE.read_text(encoding='utf-8')
    w = results['options']['window']

    def first_past(run, level):
        return next(w * (k + 1) for k, v in enumerate(run['curve']) if v is not None and v > level)

    zero = [first_past(r, 100) for r in results['runs'] if r['lambda'] == 0.0]
    others = [first_past(r, 100) for r in results['runs'] if r['lambda'] != 0.0]
    assert f'take ${min(zero) // 1000}{{,}}000$ to ${max(zero) // 1000}{{,}}000$ steps' in page
    assert f'pass within ${max(others) // 1000}{{,}}000$' in page
    # The runs with lambda 0.95 all reach 450 and fall back by the end
    for r in results['runs']:
        if r['lambda'] == 0.95:
            assert max(r['curve']) >= 450 and r['curve'][-1] < max(r['curve']) - 100


def test_dqn_page_prose_matches_the_measurements():
    """Double DQN's median gap is below DQN's at each measurement from 10,000 steps, the seeds' ranges overlap."""
    results = _load(DQN_PAGE.parent / 'dqn_results.json')
    page = DQN_PAGE.read_text(encoding='utf-8')
    assert 'From $10{,}000$ steps on, the median gap of Double DQN\nis below DQN' in page
    gaps = {}
    for v in ('dqn', 'double'):
        runs = [r for r in results['runs'] if r['variant'] == v]
        gaps[v] = [[e['predicted'] - e['actual'] for e in r['evals']] for r in runs]
    steps = [e['step'] for e in results['runs'][0]['evals']]
    for k, step in enumerate(steps):
        dqn = sorted(g[k] for g in gaps['dqn'])
        double = sorted(g[k] for g in gaps['double'])
        if step >= 10_000:
            assert double[1] < dqn[1], step
        # The ranges overlap
        assert double[0] <= dqn[-1] and dqn[0] <= double[-1], step
    # The medians cross 0 between 10,000 and 20,000 steps
    for v in ('dqn', 'double'):
        medians = [sorted(g[k] for g in gaps[v])[1] for k in range(len(steps))]
        assert medians[steps.index(10_000)] < 0 < medians[steps.index(20_000)]


def test_readme_commands_parse():
    """Each command of the README's reinforcement learning subsection names a real module and valid options."""
    readme = (Path(__file__).resolve().parents[1] / 'README.md').read_text(encoding='utf-8')
    section = readme.split('### Reinforcement learning', 1)[1].split('\n## ', 1)[0]
    commands = [line.split('#')[0].split() for line in section.splitlines() if ' -m labml_nn.rl.' in line]
    modules = {'labml_nn.rl.ppo.experiment': ppo_experiment, 'labml_nn.rl.dqn.experiment': dqn_experiment}
    assert len(commands) == 4
    for words in commands:
        module = modules[words[words.index('-m') + 1]]
        options = words[words.index('-m') + 2 :]
        if options == ['--help']:
            continue
        module.build_parser().parse_args(options)
    # The commands the pages show are the README's
    readme_runs = {' '.join(w[w.index('-m') :]) for w in commands}
    for page in (PPO_PAGE, DQN_PAGE):
        shown = [
            line
            for line in page.read_text(encoding='utf-8').splitlines()
            if line.startswith('OMP_NUM_THREADS=1 python -m')
        ]
        assert shown
        for line in shown:
            assert line.split(' python ', 1)[1] in readme_runs, line
