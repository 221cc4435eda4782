r"""
---
title: DQN and Double DQN on CartPole, and their Overestimation
summary: >
  Trains DQN, Double DQN, Double DQN with the dueling head, and with prioritized replay too, on
  gymnasium's CartPole-v1 over three seeds, and measures how far each one's values are above the returns
  it actually obtains.
---

# DQN and Double DQN on CartPole, and their Overestimation

This page trains [DQN and Double DQN](index.html) on gymnasium's CartPole-v1 (a reward of $1$ for each
step the pole stays up, at most $500$ steps), three seeds each, and measures the claim of the
[Double DQN paper](https://arxiv.org/abs/1509.06461): that Q-learning's $\max$ makes DQN's values higher
than the returns its policy actually obtains, and that Double DQN's target removes most of that.
A second run adds the [dueling head](index.html#DuelingHead) and then
[prioritized replay](replay_buffer.html) to Double DQN.

### The commands

```shell
OMP_NUM_THREADS=1 python -m labml_nn.rl.dqn.experiment --variants dqn double
OMP_NUM_THREADS=1 python -m labml_nn.rl.dqn.experiment --variants dueling prioritized --name extensions
```

train each run for $30{,}000$ environment steps, $4$ environments stepped together, one gradient
step on a batch of $64$ transitions for each step of the $4$, Adam with a learning rate of $0.0005$,
$\gamma = 0.99$, the Huber loss, a buffer of the last $50{,}000$ transitions, learning from step
$1{,}000$ on, $\epsilon$ falling from $1$ to $0.05$ over the first $10{,}000$ steps, the target
network copied every $50$ gradient steps, and networks of two hidden layers of $128$ units
(the dueling head adds a hidden layer of $128$ units to each of its streams).
Prioritized replay uses $\alpha = 0.6$ and $\beta$ rising from $0.4$ to $1$.
Every $5{,}000$ steps each run plays $3$ greedy episodes with a time limit of $1{,}000$ steps and
[measures](#measure_values) the predicted value $\max_a Q(s_t, a)$ of the states it visits against the
discounted return $G_t$ it obtains from them.
The first command writes [`dqn_results.json`](dqn_results.json) and `dqn_cartpole.png`, the second
[`extensions_results.json`](extensions_results.json) and `extensions_cartpole.png`;
`python -m labml_nn.rl.dqn.experiment --help` lists the options.

### The result

The `dqn` runs took 22 minutes, 2 minutes of processor time, and the `extensions` runs took
26 minutes, 3 minutes of processor time, on one thread of an AMD EPYC processor
(2 cores shared with other work, hence wall times many times the processor times),
with torch 2.13.0+cpu, gymnasium 1.4.0 and Python 3.11.7.
The returns are those of the training episodes ($\epsilon$-greedy), the mean over the episodes that
ended in each window of 5,000 steps, over the last two windows, and the mean of that curve over the run
(each window counting the same); each number is the median of the three seeds, and their range.
"Predicted value" and "discounted return" are the means over the counted states of the last
measurement, "gap" their difference, and "largest gap" the largest of each seed's measurements.

| variant | return, last 10,000 steps | return over the run | predicted value, end | discounted return, end | gap, end | largest gap | time, 3 seeds |
| --- | --- | --- | --- | --- | --- | --- | --- |
| `dqn` | 150 [118, 192] | 123 [116, 143] | 87 [75, 94] | 47 [28, 50] | 39 [25, 66] | 39 [35, 66] | 709 s |
| `double` | 187 [161, 217] | 146 [125, 160] | 81 [78, 96] | 43 [43, 71] | 35 [9, 53] | 35 [18, 53] | 611 s |

[![The episode return against environment steps, and the gap between the predicted value and the discounted return obtained, for DQN and Double DQN](dqn_cartpole.png)](dqn_cartpole.png)

### What it shows

*Both overestimate, by the end.* At the last measurement DQN predicts 87 for the states its
greedy policy visits, which then obtains a discounted return of 47 from them; Double DQN predicts
81 and obtains 43. The gap grows over the run (the right panel): it starts negative,
since the values start near $0$ and each copy to the target network carries them one step of
bootstrapping further, crosses $0$ between $10{,}000$ and $20{,}000$ steps, and is still rising at the
end. The predicted values approach $1 / (1 - \gamma) = 100$, the value of a pole that never falls, while
the returns obtained are those of policies that let it fall: one that held it through the measured
episode would obtain at least $99$ from each counted state.

*Double DQN's gap is smaller, but not clearly.* From $10{,}000$ steps on, the median gap of Double DQN
is below DQN's at every measurement, 35 against 39 at the end, and Double DQN also ends
with the higher return (187 against 150). But the ranges of the seeds overlap at every
measurement and in the return: three seeds and $30{,}000$ steps do not separate them.

*Where it differs from the paper.* The Double DQN paper trains on Atari games for $200$ million frames
with convolutional networks and the target network copied every $10{,}000$ steps, and compares the
values with the returns of the final policy; there DQN's estimates were several times too high on some
games and Double DQN's much closer to the truth. Here the budget is $30{,}000$ steps of CartPole, so the values
have not converged, and most of the gap is shared by both: a network that has not yet learned how soon
its policy fails, more than the bias of the $\max$ that Double DQN removes. CartPole has two actions,
which leaves the $\max$ little to choose among; the paper shows the bias growing with the number of
actions.

### Adding the dueling head and prioritized replay

The second command, with the same options, trains Double DQN with the dueling head (`dueling`), and with
the dueling head and prioritized replay (`prioritized`), on the same seeds:

| variant | return, last 10,000 steps | return over the run | predicted value, end | discounted return, end | gap, end | largest gap | time, 3 seeds |
| --- | --- | --- | --- | --- | --- | --- | --- |
| `dueling` | 168 [159, 179] | 137 [130, 143] | 83 [56, 83] | 48 [45, 56] | 27 [11, 35] | 27 [20, 35] | 1088 s |
| `prioritized` | 171 [140, 300] | 136 [114, 171] | 65 [63, 77] | 56 [53, 76] | 8 [1, 10] | 11 [10, 17] | 488 s |

[![The episode return against environment steps, and the gap between the predicted value and the discounted return obtained, for Double DQN with the dueling head, and with prioritized replay too](extensions_cartpole.png)](extensions_cartpole.png)

Neither does better than Double DQN alone here: the medians of their curves' means are 137 and
136, against 146, and over the last $10{,}000$ steps they are 168 and 171, against 187; the
ranges of the seeds overlap in both; one seed with prioritized replay ends far above the others
(300). With prioritized replay the gap at the end is the smallest of the four variants,
8 [1, 10], against 27 [11, 35] with the dueling head alone: its predicted values are lower
(65) and its returns a little higher (56). Neither paper
makes a claim about overestimation that this would test, and we did not look into why.
The dueling and prioritized replay papers report their gains over the $57$ Atari games, with
millions of steps of each; $30{,}000$ steps of CartPole and three seeds can show little of them.
"""

import argparse
import copy
import math
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional

import gymnasium as gym
import numpy as np
import torch

from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.rl.dqn import QNetwork, q_loss, q_target
from labml_nn.rl.dqn.replay_buffer import PrioritizedReplayBuffer, ReplayBuffer
from labml_nn.rl.ppo.experiment import make_envs
from labml_nn.rl.results import curve_mean, mean_return, median_range, run_record, windowed_returns, write_json

# The files of the result, written beside this page by default (`dqn` is the `--name`)
RESULTS_FILE = 'dqn_results.json'
PLOT_FILE = 'dqn_cartpole.png'
HERE = Path(__file__).resolve().parent

# The variants: the target (`double`), the head (`dueling`) and the replay (`prioritized`) of each
VARIANTS = {
    'dqn': dict(double=False, dueling=False, prioritized=False),
    'double': dict(double=True, dueling=False, prioritized=False),
    'dueling': dict(double=True, dueling=True, prioritized=False),
    'prioritized': dict(double=True, dueling=True, prioritized=True),
}


@torch.no_grad()
def measure_values(q: torch.nn.Module, env_id: str, episodes: int, max_steps: int, gamma: float,
                   seed: int) -> Dict[str, float]:
    r"""
    <a id="measure_values"></a>

    ## The overestimation

    As in the Double DQN paper, the values the network predicts against the discounted returns the
    greedy policy actually obtains. Plays `episodes` episodes greedily, and for each state $s_t$ of them
    compares the predicted $\max_a Q(s_t, a)$ with the discounted return from there,
    $G_t = \sum_{k \ge 0} \gamma^k r_{t+k}$.

    $G_t$ is known only where the rest of the episode is: an episode that the time limit cuts short
    (CartPole-v1's is $500$ steps; here `max_steps`, longer) would have gone on, and its $G_t$ falls short
    of the value of $s_t$. So a state counts if its episode was terminated (the pole fell), or if it is
    at least $H$ steps before the cut, where $\gamma^H \le 0.01$: the rewards past the cut would add at most
    $\gamma^H / (1 - \gamma) \le 1$ to $G_t$ (CartPole's rewards are $1$ a step).

    Returns the means over the counted states of the prediction and of $G_t$.
    """
    # $H$, the smallest with $\gamma^H \le 0.01$
    horizon = math.ceil(math.log(0.01) / math.log(gamma))
    env = gym.make(env_id, max_episode_steps=max_steps)
    predicted, actual = [], []
    for e in range(episodes):
        obs, _ = env.reset(seed=seed + e)
        values, rewards = [], []
        while True:
            # $Q(s_t, \cdot)$; the greedy action and its value $\max_a Q(s_t, a)$
            q_values = q(torch.as_tensor(obs, dtype=torch.float32).unsqueeze(0))[0]
            values.append(float(q_values.max()))
            obs, reward, terminated, truncated, _ = env.step(int(q_values.argmax()))
            rewards.append(float(reward))
            if terminated or truncated:
                break
        # $G_t = r_t + \gamma G_{t+1}$, backwards
        returns, g = [0.0] * len(rewards), 0.0
        for t in reversed(range(len(rewards))):
            g = rewards[t] + gamma * g
            returns[t] = g
        # The states that count
        counted = len(rewards) if terminated else max(0, len(rewards) - horizon)
        predicted += values[:counted]
        actual += returns[:counted]
    env.close()
    #
    return {'predicted': sum(predicted) / max(1, len(predicted)), 'actual': sum(actual) / max(1, len(actual)),
            'states': len(predicted)}


def train(args: argparse.Namespace, variant: str, seed: int, checkpoint: Optional[Path] = None) -> Dict:
    """
    <a id="train"></a>

    ## Train one run

    Trains the `variant` with the seed `seed` for `args.steps` environment steps (over all the
    environments), measuring the [overestimation](#measure_values) every `args.eval_interval` steps.
    Writes a checkpoint to `checkpoint` at each measurement and resumes from it if it is there.
    """
    v = VARIANTS[variant]
    torch.manual_seed(seed)
    envs = make_envs(args.env, args.envs)
    n_obs, n_actions = envs.single_observation_space.shape[0], envs.single_action_space.n
    # The online network $\theta$ and the target network $\theta^-$, a copy
    online = QNetwork(n_obs, n_actions, args.hidden, dueling=v['dueling'])
    target = copy.deepcopy(online)
    optimizer = torch.optim.Adam(online.parameters(), lr=args.lr)
    # The replay buffer
    if v['prioritized']:
        buffer = PrioritizedReplayBuffer(args.buffer, n_obs, seed, alpha=args.alpha)
    else:
        buffer = ReplayBuffer(args.buffer, n_obs, seed)
    rng = np.random.default_rng(seed)
    # Where the run is
    iteration, updates, episodes, evals = 0, 0, [], []
    running = np.zeros(args.envs)
    obs, _ = envs.reset(seed=seed)
    if checkpoint is not None and checkpoint.exists():
        # Resume: the networks, the optimizer, the buffer, the random states and the logs;
        # the environments start new episodes, seeded by the iteration
        state = torch.load(checkpoint, weights_only=False)
        online.load_state_dict(state['online'])
        target.load_state_dict(state['target'])
        optimizer.load_state_dict(state['optimizer'])
        buffer, rng = state['buffer'], state['rng']
        torch.set_rng_state(state['torch_rng'])
        iteration, updates, episodes, evals = state['iteration'], state['updates'], state['episodes'], state['evals']
        obs, _ = envs.reset(seed=seed + 1000 * iteration)
        print(f'resumed from {checkpoint} at step {iteration * args.envs}')

    iterations = args.steps // args.envs
    start = time.perf_counter()
    while iteration < iterations:
        step = iteration * args.envs
        # $\epsilon$ falls linearly from $1$ to `final_epsilon` over `exploration_steps`
        epsilon = max(args.final_epsilon, 1 - (1 - args.final_epsilon) * step / args.exploration_steps)
        # $\epsilon$-greedy actions, `[n_envs]`
        with torch.no_grad():
            greedy = online(torch.as_tensor(obs, dtype=torch.float32)).argmax(-1).numpy()
        explore = rng.random(args.envs) < epsilon
        action = np.where(explore, rng.integers(0, n_actions, args.envs), greedy)
        next_obs, reward, terminated, truncated, info = envs.step(action)
        # The state each step reached: the last observation of an episode that ended there
        reached = next_obs.copy()
        if '_final_obs' in info:
            for i in np.nonzero(info['_final_obs'])[0]:
                reached[i] = info['final_obs'][i]
        # Only a terminated episode has nothing after it; a truncated one bootstraps
        buffer.add(obs, action, reward, reached, terminated)
        obs = next_obs
        iteration += 1
        # Log the episodes that ended
        running += reward
        for i in np.nonzero(terminated | truncated)[0]:
            episodes.append([iteration * args.envs, float(running[i])])
            running[i] = 0

        # A gradient step once there are enough transitions
        if iteration * args.envs >= args.learning_starts:
            # $\beta$ rises linearly from `beta` to $1$ over the run
            beta = args.beta + (1 - args.beta) * iteration / iterations
            idx, b, weights = buffer.sample(args.batch_size, beta)
            b = {k: torch.as_tensor(x) for k, x in b.items()}
            # The [target](index.html#q_target) $y$, of DQN or Double DQN
            y = q_target(online, target, b['reward'], b['next_obs'], b['terminated'], args.gamma, v['double'])
            # The [loss](index.html#q_loss) and $|\delta|$
            loss, td_error = q_loss(online, b['obs'], b['action'], y, torch.as_tensor(weights))
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(online.parameters(), 10.0)
            optimizer.step()
            # The new priorities, for prioritized replay
            buffer.update_priorities(idx, td_error.numpy())
            updates += 1
            # $\theta^- \leftarrow \theta$ every `target_interval` updates
            if updates % args.target_interval == 0:
                target.load_state_dict(online.state_dict())

        # The overestimation, progress and a checkpoint, every `eval_interval` steps
        if (iteration * args.envs) % args.eval_interval == 0:
            m = measure_values(online, args.env, args.eval_episodes, args.eval_max_steps, args.gamma,
                               seed=10_000 + iteration)
            evals.append({'step': iteration * args.envs, **m})
            recent = mean_return(episodes, iteration * args.envs - args.eval_interval, iteration * args.envs)
            print(f'{variant} seed {seed} step {iteration * args.envs:6d}  '
                  f'return {recent if recent is None else round(recent, 1)}  '
                  f'predicted {m["predicted"]:.1f}  actual {m["actual"]:.1f}  '
                  f'{time.perf_counter() - start:.0f} s', flush=True)
            if checkpoint is not None:
                checkpoint.parent.mkdir(parents=True, exist_ok=True)
                torch.save({'online': online.state_dict(), 'target': target.state_dict(),
                            'optimizer': optimizer.state_dict(), 'buffer': buffer, 'rng': rng,
                            'torch_rng': torch.get_rng_state(), 'iteration': iteration, 'updates': updates,
                            'episodes': episodes, 'evals': evals}, checkpoint)
    envs.close()
    return {'episodes': episodes, 'evals': evals, 'online': online}


def build_parser() -> argparse.ArgumentParser:
    """
    ## Command line options
    """
    p = argparse.ArgumentParser(prog='python -m labml_nn.rl.dqn.experiment',
                                description='DQN and its variants on a gymnasium environment, over seeds, '
                                            'with the overestimation of the values measured.')
    p.add_argument('--env', default='CartPole-v1', help='gymnasium environment (default: CartPole-v1)')
    p.add_argument('--variants', nargs='+', choices=list(VARIANTS), default=list(VARIANTS),
                   help='variants to train (default: all)')
    p.add_argument('--steps', type=int, default=30_000, help='environment steps of each run (default: 30000)')
    p.add_argument('--seeds', type=int, nargs='+', default=[1, 2, 3], help='seeds (default: 1 2 3)')
    p.add_argument('--envs', type=int, default=4, help='environments stepped together (default: 4)')
    p.add_argument('--hidden', type=int, default=128, help='units of the hidden layers (default: 128)')
    p.add_argument('--lr', type=float, default=5e-4, help='learning rate (default: 0.0005)')
    p.add_argument('--gamma', type=float, default=0.99, help='discount (default: 0.99)')
    p.add_argument('--buffer', type=int, default=50_000, help='transitions the buffer keeps (default: 50000)')
    p.add_argument('--batch-size', type=int, default=64, help='transitions in a batch (default: 64)')
    p.add_argument('--learning-starts', type=int, default=1000, help='steps before learning (default: 1000)')
    p.add_argument('--target-interval', type=int, default=50,
                   help='gradient steps between copies to the target network (default: 50)')
    p.add_argument('--exploration-steps', type=int, default=10_000,
                   help='steps over which epsilon falls from 1 (default: 10000)')
    p.add_argument('--final-epsilon', type=float, default=0.05, help='epsilon after that (default: 0.05)')
    p.add_argument('--alpha', type=float, default=0.6, help='alpha of prioritized replay (default: 0.6)')
    p.add_argument('--beta', type=float, default=0.4, help='beta of prioritized replay at the start (default: 0.4)')
    p.add_argument('--eval-interval', type=int, default=5000, help='steps between measurements (default: 5000)')
    p.add_argument('--eval-episodes', type=int, default=3, help='greedy episodes of a measurement (default: 3)')
    p.add_argument('--eval-max-steps', type=int, default=1000,
                   help='time limit of the measured episodes (default: 1000)')
    p.add_argument('--window', type=int, default=5000, help='steps in a window of the curves (default: 5000)')
    p.add_argument('--checkpoint-dir', help='folder for a checkpoint of each run, resumed from if there')
    p.add_argument('--out', default=str(HERE), help='folder for the results and the plot (default: beside this page)')
    p.add_argument('--name', default='dqn', help='the files are NAME_results.json and NAME_cartpole.png (default: dqn)')
    p.add_argument('--no-plot', action='store_true', help='do not draw the plot')
    return p


def main(argv: Optional[List[str]] = None) -> Dict:
    """
    <a id="main"></a>

    ## Run the experiment

    Trains a run for each variant and seed, then writes the results and the plot.
    """
    args = build_parser().parse_args(argv)
    if args.eval_interval % args.envs or args.steps < args.eval_interval:
        build_parser().error('--eval-interval must be a multiple of --envs and at most --steps')
    torch.set_num_threads(1)
    start, start_cpu = time.perf_counter(), time.process_time()
    runs = []
    for variant in args.variants:
        for seed in args.seeds:
            checkpoint = Path(args.checkpoint_dir) / f'{variant}_seed{seed}.pt' if args.checkpoint_dir else None
            t, t_cpu = time.perf_counter(), time.process_time()
            r = train(args, variant, seed, checkpoint)
            runs.append({'variant': variant, 'seed': seed, 'episodes': r['episodes'], 'evals': r['evals'],
                         'curve': windowed_returns(r['episodes'], args.steps, args.window),
                         'last_window_return': mean_return(r['episodes'], args.steps - 2 * args.window, args.steps),
                         'mean_return': mean_return(r['episodes'], 0, args.steps),
                         'wall_seconds': round(time.perf_counter() - t, 1),
                         'cpu_seconds': round(time.process_time() - t_cpu, 1)})
    results = {
        'command': 'OMP_NUM_THREADS=1 python -m labml_nn.rl.dqn.experiment' + ' '.join([''] + (argv or [])),
        'options': {k: v for k, v in vars(args).items() if k not in ('out', 'checkpoint_dir', 'no_plot', 'name')},
        **run_record(),
        'wall_seconds': round(time.perf_counter() - start, 1),
        'cpu_seconds': round(time.process_time() - start_cpu, 1),
        'runs': runs,
    }
    out = Path(args.out)
    print(f'Wrote {write_json(results, out / f"{args.name}_results.json")}')
    if not args.no_plot:
        try:
            print(f'Wrote {write_plot(results, out / f"{args.name}_cartpole.png")}')
        except PlotUnavailableError as e:
            print(f'No plot: {e}', file=sys.stderr)
    print(markdown_table(results))
    return results


def summary(results: Dict) -> List[Dict]:
    """
    <a id="summary"></a>

    ## The numbers of this page

    For each variant, the median and the range over the seeds of: the mean return over the last two
    windows, and the [mean of the curve](../results.html#curve_mean) over the whole run; the predicted value, the discounted return obtained and their gap
    at the last measurement; and the largest gap of each seed over the run.
    """
    rows = []
    for variant in results['options']['variants']:
        runs = [r for r in results['runs'] if r['variant'] == variant]

        def mr(xs):
            m = median_range([[x] for x in xs])
            return m['median'][0], m['min'][0], m['max'][0]

        rows.append({'variant': variant, 'seeds': [r['seed'] for r in runs],
                     'last': mr([r['last_window_return'] for r in runs]),
                     'whole': mr([curve_mean(r['curve']) for r in runs]),
                     'predicted': mr([r['evals'][-1]['predicted'] for r in runs]),
                     'actual': mr([r['evals'][-1]['actual'] for r in runs]),
                     'gap': mr([r['evals'][-1]['predicted'] - r['evals'][-1]['actual'] for r in runs]),
                     'largest_gap': mr([max(e['predicted'] - e['actual'] for e in r['evals'] if e['states'])
                                        for r in runs]),
                     'wall_seconds': sum(r['wall_seconds'] for r in runs)})
    return rows


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ## The tables of this page

    Made from the results; the tests check that the page shows the committed ones.
    """
    w = results['options']['window']

    def f(t):
        return f'{t[0]:.0f} [{t[1]:.0f}, {t[2]:.0f}]'

    rows = [f'| variant | return, last {2 * w:,} steps | return over the run | predicted value, end '
            '| discounted return, end | gap, end | largest gap | time, 3 seeds |',
            '| --- | --- | --- | --- | --- | --- | --- | --- |']
    for s in summary(results):
        rows.append(f'| `{s["variant"]}` | {f(s["last"])} | {f(s["whole"])} | {f(s["predicted"])} '
                    f'| {f(s["actual"])} | {f(s["gap"])} | {f(s["largest_gap"])} | {s["wall_seconds"]:.0f} s |')
    return '\n'.join(rows)


def write_plot(results: Dict, path: Path) -> Path:
    """
    <a id="write_plot"></a>

    ## The plot

    Left, the episode return against environment steps; right, the gap between the predicted value and
    the discounted return obtained, at each measurement. Median over the seeds, their range shaded.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None
    nan = float('nan')

    def clean(xs):
        return [nan if x is None else x for x in xs]

    fig = Figure(figsize=(11, 4), layout='constrained')
    returns_ax, gap_ax = fig.subplots(1, 2)
    w = results['options']['window']
    for variant in results['options']['variants']:
        runs = [r for r in results['runs'] if r['variant'] == variant]
        m = median_range([r['curve'] for r in runs])
        x = [w * (k + 1) for k in range(len(m['median']))]
        line, = returns_ax.plot(x, clean(m['median']), label=variant)
        returns_ax.fill_between(x, clean(m['min']), clean(m['max']), color=line.get_color(), alpha=0.15)
        g = median_range([[e['predicted'] - e['actual'] if e['states'] else None for e in r['evals']] for r in runs])
        x = [e['step'] for e in runs[0]['evals']]
        gap_ax.plot(x, clean(g['median']), color=line.get_color(), label=variant)
        gap_ax.fill_between(x, clean(g['min']), clean(g['max']), color=line.get_color(), alpha=0.15)
    returns_ax.set_xlabel('environment steps')
    returns_ax.set_ylabel(f'episode return (mean over each {w:,} steps)')
    gap_ax.axhline(0, color='gray', linestyle=':')
    gap_ax.set_xlabel('environment steps')
    gap_ax.set_ylabel('predicted value - discounted return obtained')
    for ax in (returns_ax, gap_ax):
        ax.grid(alpha=0.3)
        ax.legend(fontsize='small')
    fig.suptitle(f'{results["options"]["env"]}: median and range of {len(results["options"]["seeds"])} seeds')
    path = Path(path)
    fig.savefig(path, dpi=100, metadata={'Software': None})
    return path


#
if __name__ == '__main__':
    main(sys.argv[1:])
