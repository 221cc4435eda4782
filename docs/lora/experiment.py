r"""
---
title: LoRA on Tiny Shakespeare
summary: >
  A small GPT trained on the first 90% of Tiny Shakespeare, adapted to the last 10% with LoRA of
  ranks 1, 4 and 16 and with full fine-tuning: validation loss and trainable parameters.
---

# LoRA on Tiny Shakespeare

This page adapts a small [GPT](../transformers/gpt/index.html) trained on one part of Tiny Shakespeare
to another part with [LoRA](index.html), at ranks $1$, $4$ and $16$, and with full fine-tuning,
and compares them with the model as it is.

### The setup

The [text is split](#split) in four: the base model trains on the first 81% of Tiny Shakespeare
($903{,}468$ characters) and is validated on the next 9%; the last 10% is the held-out text, the end of
*The Taming of the Shrew* and *The Tempest*, whose first 80% ($89{,}232$ characters) the adaptations train on
and whose last 20% ($22{,}308$ characters, all of it *The Tempest*) measures them.
The base model is a GPT with $d_{model} = 64$, $4$ heads, $d_{ff} = 256$, $2$ layers and a context of $64$,
$108{,}352$ parameters, trained for $600$ steps of batches of $32$ (seed $1$,
[AdamW](../optimizers/adamw.html) at a peak learning rate of $3 \times 10^{-3}$, weight decay $0.1$).
Each adaptation starts from it and trains for $200$ steps on the held-out training part, with AdamW
without weight decay, at learning rates $10^{-3}$ and $10^{-2}$, seed $1$. LoRA adapts $W_q$ and $W_v$
of both blocks with $\alpha = 1$, the first rank, as the paper sets it; full fine-tuning trains every
parameter. Each validation loss is the mean over the same $16$ batches of $32$ windows.

```shell
OMP_NUM_THREADS=1 python -m labml_nn.lora.experiment --data tiny_shakespeare.txt
```

writes [`results.json`](results.json) and the plot beside this page, and keeps the base model in
`--work-dir` (`checkpoints/lora`), from which `--resume` and the [sampling measurements](../sampling/experiment.html)
load it. The base model was trained by a first invocation, in 46 seconds of processor time, and the
adaptations were run again with `--resume` after we cut the grid of learning rates down to these two to fit the time
we had. The run took 2 minutes of processor time for the adaptations (20 minutes on the clock, on one thread of
an AMD EPYC processor that other work shared), with torch 2.13.0.

### The result

The validation loss on the held-out text (*The Tempest*) at the better of the two learning rates, and on the
base model's validation text; in nats per character.

| adaptation | trainable parameters | learning rate | held-out loss | base text loss | training, processor |
| --- | --- | --- | --- | --- | --- |
| none | 0 | - | 2.276 | 2.266 | - |
| LoRA, r = 1 | 512 | 0.01 | 2.259 | 2.262 | 12 s |
| LoRA, r = 4 | 2,048 | 0.01 | 2.257 | 2.260 | 12 s |
| LoRA, r = 16 | 8,192 | 0.01 | 2.254 | 2.257 | 11 s |
| full fine-tuning | 108,352 | 0.01 | 2.190 | 2.166 | 14 s |

| held-out loss | lr 0.001 | lr 0.01 |
| --- | --- | --- |
| LoRA, r = 1 | 2.262 | 2.259 |
| LoRA, r = 4 | 2.265 | 2.257 |
| LoRA, r = 16 | 2.264 | 2.254 |
| full fine-tuning | 2.233 | 2.190 |

[![Validation loss on the held-out text against the learning rate and against the trainable parameters](adaptation.png)](adaptation.png)

The merged models compute what the adapters did: for every LoRA run, the logits after
[merging](index.html#merge_lora) differ from those of the adapted model by at most $5 \times 10^{-6}$,
and the merged model's validation loss is the adapted model's to the fourth decimal.

### What it shows

*LoRA adapts, a little, with very few parameters.* Ranks $1$, $4$ and $16$ lower the held-out loss from
$2.276$ to $2.259$, $2.257$ and $2.254$, training $512$, $2{,}048$ and $8{,}192$ parameters, under 8% of
the model; a higher rank helps slightly, and the loss on the base text does not rise.

*Full fine-tuning does much better here: $2.190$.* It also lowers the loss on the base model's own
validation text, from $2.266$ to $2.166$, more than any adaptation lowers the held-out loss. The base model
is far from trained (after $600$ steps it is $0.2$ nats better than the bigram baseline), so most of what
$200$ more steps buy is general training on more Shakespeare, which needs the embeddings, the feed-forward
networks and the layer normalizations, all frozen for LoRA; the change specific to *The Tempest* is small.

*Where it differs from the paper.* The paper adapts GPT-2 and GPT-3, trained to convergence on far more
text, to new tasks, and finds LoRA as good as full fine-tuning with a rank as low as $1$ to $8$. Our base
model is tiny and undertrained and the held-out text is more of the same kind, so the comparison measures
mostly how much of a short training run a low-rank change of $W_q$ and $W_v$ can carry, and the answer here
is a quarter of it or less. Both learning rates we tried were best at the top, $10^{-2}$, for every method:
a higher rate might help LoRA more, and the grid is too coarse to say. This is one seed; the differences
between the ranks, a few thousandths, are within what another seed could change, the gap to full
fine-tuning is not.
"""

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import torch
import torch.nn.functional as F
from torch import nn

from labml_nn.experiments.text import CharTokenizer, get_batch
from labml_nn.helpers.download import DataNotFoundError, tiny_shakespeare
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.helpers.records import processor_name
from labml_nn.lora import add_lora, merge_lora, trainable_parameters
from labml_nn.optimizers.adamw import AdamW
from labml_nn.transformers.gpt import GPT, parameter_groups

# The files of the result, written beside this page by default
RESULTS_FILE = 'results.json'
PLOT_FILE = 'adaptation.png'
HERE = Path(__file__).resolve().parent
# The name of the base model's checkpoint in `--work-dir`
BASE_FILE = 'base.pt'

# The sizes of the GPT model: $d_{model} = 64$, $4$ heads, $d_{ff} = 256$, $2$ layers, a context of $64$
MODEL = {'d_model': 64, 'heads': 4, 'd_ff': 256, 'n_layers': 2, 'max_len': 64, 'dropout': 0.1}
# Sequences in a batch
BATCH_SIZE = 32
# The adaptations: `None` is full fine-tuning; a rank is LoRA on $W_q$ and $W_v$ with that rank
RANKS: List[Optional[int]] = [1, 4, 16, None]
# The learning rates tried for each adaptation
LEARNING_RATES = [1e-3, 1e-2]


def make_model(n_vocab: int) -> GPT:
    """
    The [GPT model](../transformers/gpt/index.html#GPT) of the sizes above
    """
    return GPT(n_vocab, MODEL['d_model'], MODEL['n_layers'], MODEL['heads'], d_ff=MODEL['d_ff'],
               max_len=MODEL['max_len'], dropout=MODEL['dropout'])


def split(text: str, tokenizer: CharTokenizer) -> Dict[str, torch.Tensor]:
    """
    <a id="split"></a>

    ### The four parts of the text

    The first 90% of the text is the base model's: its first 90% to train on and the rest to validate.
    The last 10% is the held-out text to adapt to: its first 80% to train on and the rest to validate.
    The last 10% of Tiny Shakespeare is the end of *The Taming of the Shrew*, whose beginning is in the base
    part, and *The Tempest*, which the base model has never seen: its validation part is *The Tempest* alone.
    """
    # Token ids of the whole text
    data = torch.tensor(tokenizer.encode(text), dtype=torch.long)
    # The base model's part and the held-out part
    n_base = int(len(data) * 0.9)
    base, held_out = data[:n_base], data[n_base:]
    n_train, n_adapt = int(len(base) * 0.9), int(len(held_out) * 0.8)
    #
    return {'base_train': base[:n_train], 'base_valid': base[n_train:],
            'adapt_train': held_out[:n_adapt], 'adapt_valid': held_out[n_adapt:]}


@torch.no_grad()
def evaluate(model: nn.Module, data: torch.Tensor, batches: int, seed: int = 1000) -> float:
    """
    <a id="evaluate"></a>

    ### Validation loss

    The mean cross-entropy on `batches` batches of random windows of `data`, the same windows for every
    model, in evaluation mode
    """
    model.eval()
    generator = torch.Generator().manual_seed(seed)
    total = 0.
    for _ in range(batches):
        x, y = get_batch(data, MODEL['max_len'], BATCH_SIZE, generator)
        logits = model(x)
        total += float(F.cross_entropy(logits.view(-1, logits.shape[-1]), y.view(-1)))
    model.train()
    return total / batches


def train(model: nn.Module, data: torch.Tensor, steps: int, lr: float, seed: int, weight_decay: float = 0.) -> float:
    """
    <a id="train"></a>

    ### Train

    `steps` steps of [AdamW](../optimizers/adamw.html) on the parameters of `model` that train,
    with the learning rate rising linearly over the first tenth of the steps and then falling
    linearly to $0$, gradients clipped to a norm of $1$. Returns the processor seconds it took.
    """
    start = time.process_time()
    # Only the parameters that train; weight decay on the weight matrices of the linear layers
    groups = [{'params': [p for p in g['params'] if p.requires_grad], 'weight_decay': g['weight_decay']}
              for g in parameter_groups(model, weight_decay)]
    optimizer = AdamW([g for g in groups if g['params']], lr=lr, betas=(0.9, 0.95))
    warmup = max(1, steps // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min((s + 1) / warmup, max(0., (steps - s) / (steps - warmup + 1e-9))))
    # The batches and the dropout depend on the seed alone
    generator = torch.Generator().manual_seed(seed)
    torch.manual_seed(seed)
    model.train()
    for _ in range(steps):
        x, y = get_batch(data, MODEL['max_len'], BATCH_SIZE, generator)
        logits = model(x)
        loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), y.view(-1))
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_([p for p in model.parameters() if p.requires_grad], 1.0)
        optimizer.step()
        schedule.step()
    return time.process_time() - start


def base_model(args: argparse.Namespace, tokenizer: CharTokenizer, parts: Dict[str, torch.Tensor]) -> Tuple[GPT, Dict]:
    """
    <a id="base_model"></a>

    ### The base model

    Trained on the base part with seed $1$ and saved in `--work-dir`, or, with `--resume`, loaded from there.
    Returns it and what its checkpoint records.
    """
    path = Path(args.work_dir) / BASE_FILE
    # Continue from the checkpoint
    if args.resume and path.is_file():
        state = torch.load(path, weights_only=True)
        if state['vocab'] != tokenizer.chars:
            sys.exit(f'error: {path} has another vocabulary')
        model = make_model(tokenizer.n_vocab)
        model.load_state_dict(state['model'])
        print(f'Loaded the base model from {path}')
        return model, state['info']
    # Train it
    torch.manual_seed(1)
    model = make_model(tokenizer.n_vocab)
    seconds = train(model, parts['base_train'], args.base_steps, args.base_lr, seed=1, weight_decay=0.1)
    info = {'steps': args.base_steps, 'lr': args.base_lr, 'seed': 1, 'cpu_seconds': round(seconds, 1),
            'parameters': sum(p.numel() for p in model.parameters())}
    print(f'Trained the base model: {args.base_steps} steps, {seconds:.0f} s of processor time')
    # Save it, with the vocabulary and the sizes, for sampling too
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({'model': model.state_dict(), 'vocab': tokenizer.chars, 'model_options': MODEL, 'info': info}, path)
    return model, info


def adapt(base: GPT, state: Dict, rank: Optional[int], lr: float, seed: int,
          args: argparse.Namespace, parts: Dict[str, torch.Tensor]) -> Dict:
    """
    <a id="adapt"></a>

    ### One adaptation

    A fresh copy of the base model, with [adapters](index.html#add_lora) of rank `rank` on $W_q$ and $W_v$
    of each block, or all of it trained when `rank` is `None`, trained on the held-out text.
    Returns its validation loss on the held-out text and on the base model's, and for LoRA the loss of
    the [merged](index.html#merge_lora) model and the largest difference between its logits and the
    adapted model's.
    """
    # A copy of the base model; the adapters' initial $A$ depends on the seed
    torch.manual_seed(seed)
    model = make_model(base.readout.weight.shape[0])
    model.load_state_dict(state)
    if rank is not None:
        add_lora(model, rank, args.alpha)
    # Train
    seconds = train(model, parts['adapt_train'], args.steps, lr, seed)
    result = {'rank': rank, 'lr': lr, 'seed': seed, 'trainable': trainable_parameters(model),
              'adapt_loss': round(evaluate(model, parts['adapt_valid'], args.eval_batches), 4),
              'base_loss': round(evaluate(model, parts['base_valid'], args.eval_batches), 4),
              'cpu_seconds': round(seconds, 1)}
    # Merge the adapters and measure the merged model
    if rank is not None:
        model.eval()
        x = get_batch(parts['adapt_valid'], MODEL['max_len'], 4, torch.Generator().manual_seed(0))[0]
        with torch.no_grad():
            before = model(x)
            merge_lora(model)
            after = model(x)
        result['merged_adapt_loss'] = round(evaluate(model, parts['adapt_valid'], args.eval_batches), 4)
        result['merged_max_logit_difference'] = float((before - after).abs().max())
    print(f'rank {rank or "full"}, lr {lr:g}, seed {seed}: held-out loss {result["adapt_loss"]:.3f}, '
          f'base text {result["base_loss"]:.3f}, {seconds:.0f} s')
    return result


def write_plot(results: Dict, path: Path) -> Path:
    """
    <a id="write_plot"></a>

    ### Draw the result

    The validation loss on the held-out text against the learning rate, for each adaptation,
    and against the trainable parameters at the best learning rate
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None
    fig = Figure(figsize=(10, 3.8), layout='constrained')
    by_lr, by_params = fig.subplots(1, 2)
    for name, runs in group_runs(results).items():
        runs = sorted(runs, key=lambda r: r['lr'])
        by_lr.plot([r['lr'] for r in runs], [r['adapt_loss'] for r in runs], 'o-', label=name)
    for ax in (by_lr, by_params):
        ax.axhline(results['none']['adapt_loss'], color='gray', linestyle=':', label='no adaptation')
        ax.set_ylabel('validation loss, held-out text')
        ax.grid(alpha=0.3)
    by_lr.set_xscale('log')
    by_lr.set_xlabel('learning rate')
    by_lr.legend(fontsize='small')
    best = best_runs(results)
    by_params.plot([r['trainable'] for r in best.values()], [r['adapt_loss'] for r in best.values()], 'o')
    for name, r in best.items():
        by_params.annotate(name, (r['trainable'], r['adapt_loss']), textcoords='offset points', xytext=(5, 5))
    by_params.set_xscale('log')
    by_params.set_xlabel('trainable parameters')
    fig.suptitle(f'Adapting to the last 10% of Tiny Shakespeare, {results["steps"]} steps, seed 1')
    path = Path(path)
    fig.savefig(path, dpi=100, metadata={'Software': None})
    return path


def method_name(rank: Optional[int]) -> str:
    """
    The name of an adaptation in the tables
    """
    return 'full fine-tuning' if rank is None else f'LoRA, r = {rank}'


def group_runs(results: Dict, seed: int = 1) -> Dict[str, List[Dict]]:
    """
    The runs of a seed, by adaptation
    """
    groups: Dict[str, List[Dict]] = {}
    for r in results['runs']:
        if r['seed'] == seed:
            groups.setdefault(method_name(r['rank']), []).append(r)
    return groups


def best_runs(results: Dict) -> Dict[str, Dict]:
    """
    The run of seed $1$ with the lowest held-out loss, for each adaptation
    """
    return {name: min(runs, key=lambda r: r['adapt_loss']) for name, runs in group_runs(results).items()}


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ### The tables of this page

    Made from the results; the tests check that the page shows the committed results
    """
    # The best learning rate of each adaptation, and its second seed if there is one
    seed2 = any(r['seed'] == 2 for r in results['runs'])
    rows = ['| adaptation | trainable parameters | learning rate | held-out loss' + (' | seed 2' if seed2 else '')
            + ' | base text loss | training, processor |', '| --- ' * (7 if seed2 else 6) + '|']
    none = results['none']
    rows.append(f'| none | 0 | - | {none["adapt_loss"]:.3f}' + (' | -' if seed2 else '')
                + f' | {none["base_loss"]:.3f} | - |')
    for name, r in best_runs(results).items():
        second = [s for s in results['runs'] if s['seed'] == 2 and s['rank'] == r['rank'] and s['lr'] == r['lr']]
        other = (f' | {second[0]["adapt_loss"]:.3f}' if second else ' | -') if seed2 else ''
        rows.append(f'| {name} | {r["trainable"]:,} | {r["lr"]:g} | {r["adapt_loss"]:.3f}{other} '
                    f'| {r["base_loss"]:.3f} | {r["cpu_seconds"]:.0f} s |')
    # Every learning rate
    rates = sorted({r['lr'] for r in results['runs']})
    rows += ['', '| held-out loss | ' + ' | '.join(f'lr {lr:g}' for lr in rates) + ' |',
             '| --- ' * (1 + len(rates)) + '|']
    for name, runs in group_runs(results).items():
        by_lr = {r['lr']: r['adapt_loss'] for r in runs}
        rows.append(f'| {name} | ' + ' | '.join(f'{by_lr[lr]:.3f}' if lr in by_lr else '-' for lr in rates) + ' |')
    return '\n'.join(rows)


def build_parser() -> argparse.ArgumentParser:
    """
    ### Command line options
    """
    parser = argparse.ArgumentParser(
        prog='python -m labml_nn.lora.experiment',
        description='Train a small GPT on the first 90%% of Tiny Shakespeare and adapt it to the last 10%% '
                    'with LoRA of several ranks and with full fine-tuning.')
    parser.add_argument('--data', help='path of a local copy of Tiny Shakespeare '
                                       '(default: the TINY_SHAKESPEARE environment variable, or download it)')
    parser.add_argument('--base-steps', type=int, default=600, help='training steps of the base model (default: 600)')
    parser.add_argument('--base-lr', type=float, default=3e-3, help='learning rate of the base model (default: 3e-3)')
    parser.add_argument('--steps', type=int, default=200, help='training steps of each adaptation (default: 200)')
    parser.add_argument('--alpha', type=float, default=1.0, help='alpha of LoRA (default: 1, the first rank)')
    parser.add_argument('--eval-batches', type=int, default=16,
                        help='batches of 32 windows for each validation loss (default: 16)')
    parser.add_argument('--lrs', type=float, nargs='+', default=LEARNING_RATES,
                        help='learning rates of the adaptations (default: %(default)s)')
    parser.add_argument('--seeds', type=int, default=1,
                        help='seeds of the adaptations; seeds after the first only at the best learning rate '
                             '(default: 1)')
    parser.add_argument('--out', default=str(HERE),
                        help=f'folder for {RESULTS_FILE} and {PLOT_FILE} (default: beside this page)')
    parser.add_argument('--work-dir', default='checkpoints/lora',
                        help=f'folder for the base model, {BASE_FILE} (default: checkpoints/lora)')
    parser.add_argument('--resume', action='store_true', help='load the base model from --work-dir if it is there')
    return parser


def main(argv: Optional[List[str]] = None) -> Dict:
    """
    <a id="main"></a>

    ### Run the experiment
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if min(args.base_steps, args.steps, args.eval_batches, args.seeds) < 1:
        parser.error('--base-steps, --steps, --eval-batches and --seeds must be at least 1')
    torch.set_num_threads(1)
    start, start_cpu = time.perf_counter(), time.process_time()
    # The text, its vocabulary and its four parts
    try:
        text = tiny_shakespeare(args.data).read_text(encoding='utf-8')
    except DataNotFoundError as e:
        sys.exit(f'error: {e}')
    tokenizer = CharTokenizer.from_text(text)
    parts = split(text, tokenizer)
    # The base model
    base, info = base_model(args, tokenizer, parts)
    state = {k: v.clone() for k, v in base.state_dict().items()}
    none = {'adapt_loss': round(evaluate(base, parts['adapt_valid'], args.eval_batches), 4),
            'base_loss': round(evaluate(base, parts['base_valid'], args.eval_batches), 4)}
    print(f'No adaptation: held-out loss {none["adapt_loss"]:.3f}, base text {none["base_loss"]:.3f}')
    # Every adaptation at every learning rate, with seed 1
    runs = [adapt(base, state, rank, lr, 1, args, parts) for rank in RANKS for lr in args.lrs]
    # The other seeds at the best learning rate of each
    results = {'runs': runs}
    for name, best in best_runs(results).items():
        for seed in range(2, args.seeds + 1):
            runs.append(adapt(base, state, best['rank'], best['lr'], seed, args, parts))
    #
    results = {
        'command': 'OMP_NUM_THREADS=1 python -m labml_nn.lora.experiment',
        'model': MODEL, 'batch_size': BATCH_SIZE, 'alpha': args.alpha, 'steps': args.steps,
        'eval_batches': args.eval_batches, 'base': info,
        'tokens': {k: len(v) for k, v in parts.items()},
        'torch_threads': torch.get_num_threads(), 'torch': torch.__version__,
        'python': platform.python_version(), 'processor': processor_name(),
        'wall_seconds': round(time.perf_counter() - start, 1),
        'cpu_seconds': round(time.process_time() - start_cpu, 1),
        'none': none, 'runs': runs,
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / RESULTS_FILE
    path.write_text(json.dumps(results, indent=1) + '\n', encoding='utf-8')
    print(f'Wrote {path}')
    try:
        print(f'Wrote {write_plot(results, out / PLOT_FILE)}')
    except PlotUnavailableError as e:
        print(f'No plot: {e}', file=sys.stderr)
    print(markdown_table(results))
    print(f'Wall time: {results["wall_seconds"] / 60:.1f} minutes, '
          f'processor time: {results["cpu_seconds"] / 60:.1f} minutes')
    return results


#
if __name__ == '__main__':
    main()
