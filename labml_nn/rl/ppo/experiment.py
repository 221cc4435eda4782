r"""
---
title: PPO on CartPole, with Three Values of GAE's Lambda
summary: >
  Trains PPO with GAE on gymnasium's CartPole-v1 over three seeds, for lambda 0, 0.95 and 1,
  and shows the episode return against environment steps.
---

# PPO on CartPole, with Three Values of GAE's $\lambda$

This page trains [PPO](index.html) with [GAE](gae.html) on gymnasium's CartPole-v1, a cart that must
keep a pole upright, with a reward of $1$ for each step it does, until the pole falls or $500$ steps
have passed. It runs three seeds for each of three values of GAE's $\lambda$: $0$, the one-step
temporal difference, which leans most on the learned value function; $1$, the return minus the value,
which leans only on the rewards; and $0.95$ between them.
The claim of the [GAE paper](https://arxiv.org/abs/1506.02438) tested here is that $\lambda$ trades bias
(small $\lambda$) against variance ($\lambda$ near $1$), and that a value in between does best
(the paper's best were $\lambda$ between $0.92$ and $0.99$).

### The command

```shell
OMP_NUM_THREADS=1 python -m labml_nn.rl.ppo.experiment
```

trains each of the $9$ runs for $100{,}000$ environment steps: $8$ environments stepped together
([`SyncVectorEnv`](#make_envs)), rollouts of $125$ steps of each ($1{,}000$ samples),
$4$ epochs of $4$ minibatches on each, $\epsilon = 0.2$ for both the objective and the
value loss, $c_1 = 0.5$, $c_2 = 0.01$, Adam with a learning rate of $0.001$ falling linearly to $0$,
$\gamma = 0.99$, and policy and value networks of two hidden layers of $64$ units.
Then it writes [`ppo_results.json`](ppo_results.json), every episode of every run with its step, and
the plot. `--seeds`, `--lambdas`, `--steps`, `--checkpoint-dir` and `--out` change what is run and where
it goes; `python -m labml_nn.rl.ppo.experiment --help` lists the rest.

### The result

The runs took 24 minutes in all, 3 minutes of processor time, on one thread of an AMD EPYC processor
(2 cores, shared with other work, which is why the wall time is many times the processor time),
with torch 2.13.0+cpu, gymnasium 1.4.0 and Python 3.11.7.
The return is the undiscounted return of the training episodes, those of the stochastic policy
being trained; the curves are the mean over the episodes that ended in each window of 5,000 steps,
and the table gives the mean return over the last two windows, and the mean of the curve over the whole
run (each window counting the same), each as the median of the three seeds and their range.

| λ | return, last 10,000 steps: median [min, max] | by seed | return over all 100,000 steps: median [min, max] | time, 3 seeds |
| --- | --- | --- | --- | --- |
| 0 | 334 [128, 339] | 339, 128, 334 | 131 [106, 162] | 240 s |
| 0.95 | 256 [253, 388] | 256, 388, 253 | 292 [285, 299] | 450 s |
| 1 | 373 [349, 459] | 349, 373, 459 | 310 [298, 362] | 764 s |

[![The episode return against environment steps for each lambda, median and range of three seeds](ppo_cartpole.png)](ppo_cartpole.png)

### What it shows

*$\lambda = 0$ learns far more slowly.* Over the whole run the median mean of its curve is 131, against 292
for $\lambda = 0.95$ and 310 for $\lambda = 1$; its seeds take $35{,}000$ to $40{,}000$ steps to pass a
return of $100$, which the other two pass within $15{,}000$. With $\lambda = 0$ the advantage is
$\delta_t$ alone, and the value function it leans on is wrong early in training: that is the bias the
paper describes. Its seeds also disagree most, from 128 to 339 over the last
$10{,}000$ steps.

*$\lambda = 0.95$ and $\lambda = 1$ are close, and here $1$ is not worse.* The paper found $\lambda = 1$
worse than values a little below it, because of its variance. On CartPole it is not: over the whole run
the two are close (292 and 310), and at the end $\lambda = 1$ is ahead
(373 against 256), although their ranges overlap. The runs with $\lambda = 0.95$ reach returns
of $450$ and more between $60{,}000$ and $75{,}000$ steps and then fall back, all three seeds, which the
learning rate falling to $0$ does not prevent; we did not look further into why.

*Where it differs from the paper.* The GAE paper's experiments are continuous control (a cart-pole,
but also 3D robots with many joints), with TRPO, batches of tens of thousands of steps and millions of
steps in all. CartPole here has two actions, a reward every step and episodes of at most $500$ steps,
and the budget is $100{,}000$ steps, with no run kept at the maximum return of $500$. A dense,
constant reward makes returns vary little between trajectories, so there is little variance for a
smaller $\lambda$ to remove, and the bias of $\lambda = 0$ is what shows. Three seeds are few: the
ordering of $0.95$ and $1$ could change with more; the gap to $\lambda = 0$ is larger than the spread
of the seeds over most of the run.
"""

import argparse
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional

import gymnasium as gym
import numpy as np
import torch
from torch import nn
from torch.distributions import Categorical

from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.rl.ppo import PPOConfigs, ppo_update
from labml_nn.rl.ppo.gae import gae
from labml_nn.rl.results import curve_mean, mean_return, median_range, run_record, windowed_returns, write_json

# The files of the result, written beside this page by default
RESULTS_FILE = 'ppo_results.json'
PLOT_FILE = 'ppo_cartpole.png'
HERE = Path(__file__).resolve().parent


def layer(n_in: int, n_out: int, std: float = 2 ** 0.5) -> nn.Linear:
    """
    A linear layer with orthogonal weights of gain `std` and zero biases, the initialisation of the
    paper's implementation.
    """
    linear = nn.Linear(n_in, n_out)
    nn.init.orthogonal_(linear.weight, std)
    nn.init.zeros_(linear.bias)
    return linear


class ActorCritic(nn.Module):
    r"""
    <a id="ActorCritic"></a>

    ## The policy and the value function

    Two small networks with $\tanh$ activations that share nothing: the policy $\pi_\theta(a|s)$
    gives the logits of the actions, the value function $V_\theta(s)$ one number.
    """

    def __init__(self, n_obs: int, n_actions: int, hidden: int):
        super().__init__()
        # The policy's last layer starts small, so the first policy is close to uniform
        self.policy = nn.Sequential(layer(n_obs, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh(),
                                    layer(hidden, n_actions, 0.01))
        self.value = nn.Sequential(layer(n_obs, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh(),
                                   layer(hidden, 1, 1.0))

    def forward(self, obs: torch.Tensor):
        # $\pi_\theta(\cdot|s)$ and $V_\theta(s)$ for observations `[batch_size, n_obs]`
        return Categorical(logits=self.policy(obs)), self.value(obs).squeeze(-1)

    def evaluate(self, obs: torch.Tensor, actions: torch.Tensor):
        # $\log \pi_\theta(a|s)$, the entropy and $V_\theta(s)$, each `[batch_size]`, for the update
        pi, value = self(obs)
        return pi.log_prob(actions), pi.entropy(), value


def make_envs(env_id: str, n: int) -> gym.vector.SyncVectorEnv:
    """
    <a id="make_envs"></a>

    ## Several environments stepped together

    `SyncVectorEnv` steps them one after the other in this process. Where an episode ends, the
    environment is reset in the same step (`SAME_STEP`): the observation returned is the first of the
    next episode, and the last of the one that ended is in `info['final_obs']`, where [GAE](gae.html)
    needs it to bootstrap a truncated episode.
    """
    return gym.vector.SyncVectorEnv([lambda: gym.make(env_id) for _ in range(n)],
                                    autoreset_mode=gym.vector.AutoresetMode.SAME_STEP)


def train(args: argparse.Namespace, seed: int, lambda_: float, checkpoint: Optional[Path] = None) -> Dict:
    """
    <a id="train"></a>

    ## Train one run

    Trains for `args.steps` environment steps (over all the environments), with the seed `seed` and
    GAE's `lambda_`; writes a checkpoint to `checkpoint` every `args.checkpoint_interval` updates and
    resumes from it if it is there. Returns the run's log: `[step, return]` of every episode.
    """
    torch.manual_seed(seed)
    generator = torch.Generator().manual_seed(seed)
    envs = make_envs(args.env, args.envs)
    n_obs, n_actions = envs.single_observation_space.shape[0], envs.single_action_space.n
    model = ActorCritic(n_obs, n_actions, args.hidden)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr, eps=1e-5)
    c = PPOConfigs(epochs=args.epochs, minibatches=args.minibatches, clip=args.clip,
                   entropy_coef=args.entropy_coef)
    # Environment steps in one rollout, over all the environments
    batch = args.envs * args.rollout
    updates = args.steps // batch
    # Where the run is: the update, the finished episodes, the returns of the running ones
    update, episodes, running = 0, [], np.zeros(args.envs)
    obs, _ = envs.reset(seed=seed)
    if checkpoint is not None and checkpoint.exists():
        # Resume: the networks, the optimizer, the random state and the log. The environments start
        # new episodes, seeded by the update, since their state is not in the checkpoint
        state = torch.load(checkpoint, weights_only=False)
        model.load_state_dict(state['model'])
        optimizer.load_state_dict(state['optimizer'])
        generator.set_state(state['generator'])
        torch.set_rng_state(state['rng'])
        update, episodes = state['update'], state['episodes']
        obs, _ = envs.reset(seed=seed + 1000 * update)
        print(f'resumed from {checkpoint} at update {update}')

    start = time.perf_counter()
    while update < updates:
        # The learning rate falls linearly to $0$ over the run
        for group in optimizer.param_groups:
            group['lr'] = args.lr * (1 - update / updates)
        # The rollout, `[T, n_envs, ...]`
        keys = ['obs', 'actions', 'log_pi', 'values', 'rewards', 'next_values', 'terminated', 'truncated']
        r = {k: [] for k in keys}
        for t in range(args.rollout):
            obs_t = torch.as_tensor(obs, dtype=torch.float32)
            with torch.no_grad():
                pi, value = model(obs_t)
                action = pi.sample()
            next_obs, reward, terminated, truncated, info = envs.step(action.numpy())
            # The state each step reached: the last observation of an episode that ended there
            reached = next_obs.copy()
            if '_final_obs' in info:
                for i in np.nonzero(info['_final_obs'])[0]:
                    reached[i] = info['final_obs'][i]
            with torch.no_grad():
                _, next_value = model(torch.as_tensor(reached, dtype=torch.float32))
            for k, v in zip(keys, [obs_t, action, pi.log_prob(action), value, torch.as_tensor(reward, dtype=torch.float32),
                                   next_value, torch.as_tensor(terminated), torch.as_tensor(truncated)]):
                r[k].append(v)
            # Log the episodes that ended, at the count of environment steps so far
            running += reward
            step = (update * args.rollout + t + 1) * args.envs
            for i in np.nonzero(terminated | truncated)[0]:
                episodes.append([step, float(running[i])])
                running[i] = 0
            obs = next_obs
        r = {k: torch.stack(v) for k, v in r.items()}
        # The advantages and the returns $R_t = \hat A_t + V(s_t)$, `[T, n_envs]`
        advantages = gae(r['rewards'], r['values'], r['next_values'], r['terminated'], r['truncated'],
                         args.gamma, lambda_)
        samples = {'obs': r['obs'].flatten(0, 1), 'actions': r['actions'].flatten(0, 1),
                   'log_pi': r['log_pi'].flatten(0, 1), 'values': r['values'].flatten(0, 1),
                   'advantages': advantages.flatten(0, 1), 'returns': (advantages + r['values']).flatten(0, 1)}
        # The [PPO update](index.html#ppo_update)
        losses = ppo_update(model.evaluate, list(model.parameters()), optimizer, samples, c, generator)
        update += 1
        # Progress
        if update % args.log_interval == 0 or update == updates:
            recent = mean_return(episodes, (update - args.log_interval) * batch, update * batch)
            print(f'seed {seed} lambda {lambda_:g} step {update * batch:7d}  '
                  f'return {recent if recent is None else round(recent, 1)}  '
                  f'value loss {losses["value_loss"]:.3f}  clip {losses["clip_fraction"]:.3f}  '
                  f'{time.perf_counter() - start:.0f} s', flush=True)
        # Checkpoint
        if checkpoint is not None and (update % args.checkpoint_interval == 0 or update == updates):
            checkpoint.parent.mkdir(parents=True, exist_ok=True)
            torch.save({'model': model.state_dict(), 'optimizer': optimizer.state_dict(),
                        'generator': generator.get_state(), 'rng': torch.get_rng_state(),
                        'update': update, 'episodes': episodes}, checkpoint)
    envs.close()
    return {'episodes': episodes, 'model': model}


def build_parser() -> argparse.ArgumentParser:
    """
    ## Command line options
    """
    p = argparse.ArgumentParser(prog='python -m labml_nn.rl.ppo.experiment',
                                description='PPO with GAE on a gymnasium environment, over seeds and values of lambda.')
    p.add_argument('--env', default='CartPole-v1', help='gymnasium environment (default: CartPole-v1)')
    p.add_argument('--steps', type=int, default=100_000, help='environment steps of each run (default: 100000)')
    p.add_argument('--seeds', type=int, nargs='+', default=[1, 2, 3], help='seeds (default: 1 2 3)')
    p.add_argument('--lambdas', type=float, nargs='+', default=[0.0, 0.95, 1.0],
                   help="values of GAE's lambda (default: 0 0.95 1)")
    p.add_argument('--envs', type=int, default=8, help='environments stepped together (default: 8)')
    p.add_argument('--rollout', type=int, default=125, help='steps of each environment in a rollout (default: 125)')
    p.add_argument('--epochs', type=int, default=4, help='epochs over each rollout (default: 4)')
    p.add_argument('--minibatches', type=int, default=4, help='minibatches in an epoch (default: 4)')
    p.add_argument('--hidden', type=int, default=64, help='units of the hidden layers (default: 64)')
    p.add_argument('--lr', type=float, default=1e-3, help='learning rate at the start (default: 0.001)')
    p.add_argument('--gamma', type=float, default=0.99, help='discount (default: 0.99)')
    p.add_argument('--clip', type=float, default=0.2, help='epsilon of the clipped objective (default: 0.2)')
    p.add_argument('--entropy-coef', type=float, default=0.01, help='weight of the entropy bonus (default: 0.01)')
    p.add_argument('--window', type=int, default=5000, help='steps in a window of the curves (default: 5000)')
    p.add_argument('--log-interval', type=int, default=10, help='updates between progress lines (default: 10)')
    p.add_argument('--checkpoint-dir', help='folder for a checkpoint of each run, resumed from if there')
    p.add_argument('--checkpoint-interval', type=int, default=20, help='updates between checkpoints (default: 20)')
    p.add_argument('--out', default=str(HERE), help=f'folder for {RESULTS_FILE} and {PLOT_FILE} (default: beside this page)')
    p.add_argument('--no-plot', action='store_true', help='do not draw the plot')
    return p


def main(argv: Optional[List[str]] = None) -> Dict:
    r"""
    <a id="main"></a>

    ## Run the experiment

    Trains a run for each value of $\lambda$ and each seed, then writes the results and the plot.
    """
    args = build_parser().parse_args(argv)
    torch.set_num_threads(1)
    start, start_cpu = time.perf_counter(), time.process_time()
    runs = []
    for lambda_ in args.lambdas:
        for seed in args.seeds:
            checkpoint = (Path(args.checkpoint_dir) / f'lambda{lambda_:g}_seed{seed}.pt'
                          if args.checkpoint_dir else None)
            t, t_cpu = time.perf_counter(), time.process_time()
            episodes = train(args, seed, lambda_, checkpoint)['episodes']
            runs.append({'lambda': lambda_, 'seed': seed, 'episodes': episodes,
                         'curve': windowed_returns(episodes, args.steps, args.window),
                         'last_window_return': mean_return(episodes, args.steps - 2 * args.window, args.steps),
                         'mean_return': mean_return(episodes, 0, args.steps),
                         'wall_seconds': round(time.perf_counter() - t, 1),
                         'cpu_seconds': round(time.process_time() - t_cpu, 1)})
    results = {
        'command': 'OMP_NUM_THREADS=1 python -m labml_nn.rl.ppo.experiment' + ' '.join([''] + (argv or [])),
        'options': {k: v for k, v in vars(args).items() if k not in ('out', 'checkpoint_dir', 'no_plot')},
        **run_record(),
        'wall_seconds': round(time.perf_counter() - start, 1),
        'cpu_seconds': round(time.process_time() - start_cpu, 1),
        'runs': runs,
    }
    out = Path(args.out)
    print(f'Wrote {write_json(results, out / RESULTS_FILE)}')
    if not args.no_plot:
        try:
            print(f'Wrote {write_plot(results, out / PLOT_FILE)}')
        except PlotUnavailableError as e:
            print(f'No plot: {e}', file=sys.stderr)
    print(markdown_table(results))
    return results


def summary(results: Dict) -> List[Dict]:
    r"""
    <a id="summary"></a>

    ## The numbers of this page

    For each $\lambda$: the median and the range over the seeds of the mean return over the last two
    windows of the run, and of the [mean of the curve](../results.html#curve_mean) over the whole run,
    a measure of how fast it learns.
    """
    rows = []
    for lambda_ in results['options']['lambdas']:
        runs = [r for r in results['runs'] if r['lambda'] == lambda_]
        last = median_range([[r['last_window_return']] for r in runs])
        whole = median_range([[curve_mean(r['curve'])] for r in runs])
        rows.append({'lambda': lambda_, 'seeds': [r['seed'] for r in runs],
                     'last': (last['median'][0], last['min'][0], last['max'][0]),
                     'whole': (whole['median'][0], whole['min'][0], whole['max'][0]),
                     'by_seed': [r['last_window_return'] for r in runs],
                     'wall_seconds': sum(r['wall_seconds'] for r in runs)})
    return rows


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ## The table of this page

    Made from the results; the tests check that the page shows the committed ones.
    """
    w = results['options']['window']
    steps = results['options']['steps']
    rows = [f'| λ | return, last {2 * w:,} steps: median [min, max] | by seed | '
            f'return over all {steps:,} steps: median [min, max] | time, 3 seeds |',
            '| --- | --- | --- | --- | --- |']
    for s in summary(results):
        by_seed = ', '.join(f'{x:.0f}' for x in s['by_seed'])
        rows.append(f'| {s["lambda"]:g} | {s["last"][0]:.0f} [{s["last"][1]:.0f}, {s["last"][2]:.0f}] | {by_seed} '
                    f'| {s["whole"][0]:.0f} [{s["whole"][1]:.0f}, {s["whole"][2]:.0f}] | {s["wall_seconds"]:.0f} s |')
    return '\n'.join(rows)


def write_plot(results: Dict, path: Path) -> Path:
    r"""
    <a id="write_plot"></a>

    ## The plot

    The median over the seeds of the mean return in each window, against environment steps, with the
    range of the seeds shaded, a line for each $\lambda$.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None
    fig = Figure(figsize=(7, 4), layout='constrained')
    ax = fig.subplots()
    w = results['options']['window']
    for lambda_ in results['options']['lambdas']:
        curves = [r['curve'] for r in results['runs'] if r['lambda'] == lambda_]
        m = median_range(curves)
        x = [w * (k + 1) for k in range(len(m['median']))]
        nan = float('nan')
        line, = ax.plot(x, [nan if v is None else v for v in m['median']], label=f'λ = {lambda_:g}')
        ax.fill_between(x, [nan if v is None else v for v in m['min']], [nan if v is None else v for v in m['max']],
                        color=line.get_color(), alpha=0.2)
    ax.set_xlabel('environment steps')
    ax.set_ylabel(f'episode return (mean over each {w:,} steps)')
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title(f'PPO on {results["options"]["env"]}: median and range of {len(results["options"]["seeds"])} seeds')
    path = Path(path)
    fig.savefig(path, dpi=100, metadata={'Software': None})
    return path


#
if __name__ == '__main__':
    main(sys.argv[1:])
