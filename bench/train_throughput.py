"""
Training throughput of the auto-regression experiment's transformer.

Measures training tokens per second (forward, backward and optimizer step) of the model of
`labml_nn.transformers.basic.autoregressive_experiment`, next to an equivalent model built
from `torch.nn.TransformerEncoderLayer` (same d_model, heads, d_ff and layers, pre-norm,
causal mask, the same embeddings, final layer norm, generator and optimizer), in the same run.
The models take their steps in turn (one step of each, then again), so that a change in the
load of the machine falls on both; each figure is the median over the timed steps, shown with
the slowest and the fastest step, and ours/torch. On a machine shared with other work the clock
also counts the time other programs hold the cores, so the CPU time of a step (all threads of
this process) is shown too, with its ratio: torch's CPU seconds over the model's. Then one more
step of each model is profiled for its peak memory: the most memory its tensors held during the
step above what they held before it
(activations, gradients and temporaries; the weights and the optimizer state are there before).

    python bench/train_throughput.py                       # reference and small sizes, best device
    python bench/train_throughput.py --sizes small --steps 10 --device cpu
    python bench/train_throughput.py --compile             # also both models compiled with torch.compile
    python bench/train_throughput.py --explicit            # also ours with the MHA page's einsum attention
    python bench/train_throughput.py --size 512 8 2048 6 256 32 --dtype bfloat16

It prints figures; it is not a test.
"""

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import torch
import torch.nn.functional as F
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from labml_nn.helpers.training import autocast_dtype, best_device  # noqa: E402
from labml_nn.optimizers.noam import Noam  # noqa: E402
from labml_nn.transformers.basic.autoregressive_experiment import Configs, make_model  # noqa: E402
from labml_nn.transformers.models import EmbeddingsWithPositionalEncoding, Generator  # noqa: E402

# Characters in Tiny Shakespeare
N_VOCAB = 65
MIB = 2**20


class Size(NamedTuple):
    d_model: int
    heads: int
    d_ff: int
    layers: int
    seq_len: int
    batch_size: int


# The experiment's reference configuration, and a smaller one
SIZES: dict[str, Size] = {
    'reference': Size(256, 16, 1024, 6, 512, 16),
    'small': Size(128, 4, 512, 2, 128, 16),
}


class TorchTransformer(nn.Module):
    """
    The same model with `torch.nn.TransformerEncoderLayer` as the layers: the same embeddings
    (dropout of their sum with the encodings included), and the generator tied to them as the
    experiment ties its own (`tie_embeddings`, its default)
    """

    def __init__(self, s: Size, n_vocab: int, dropout: float):
        super().__init__()
        self.src_embed = EmbeddingsWithPositionalEncoding(s.d_model, n_vocab, dropout_prob=dropout)
        layer = nn.TransformerEncoderLayer(
            s.d_model, s.heads, s.d_ff, dropout=dropout, activation='relu', norm_first=True
        )
        self.encoder = nn.TransformerEncoder(
            layer, s.layers, norm=nn.LayerNorm(s.d_model), enable_nested_tensor=False
        )
        self.generator = Generator(n_vocab, s.d_model, self.src_embed.linear)

    def forward(self, x: torch.Tensor):
        mask = nn.Transformer.generate_square_subsequent_mask(len(x), device=x.device)
        return self.generator(self.encoder(self.src_embed(x), mask=mask, is_causal=True))


def ours(s: Size, n_vocab: int, dropout: float, attention: str = 'fast') -> nn.Module:
    c = Configs(
        d_model=s.d_model, heads=s.heads, d_ff=s.d_ff, layers=s.layers, dropout=dropout, attention=attention
    )
    return make_model(c, n_vocab)


def sync(device: torch.device):
    if device.type == 'cuda':
        torch.cuda.synchronize(device)
    elif device.type == 'mps':
        torch.mps.synchronize()


def make_step(model: nn.Module, s: Size, device: torch.device, amp) -> Callable[[], None]:
    """
    A function that takes one training step of `model` on a fixed random batch
    """
    model.to(device).train()
    optimizer = Noam(model.parameters(), lr=1.0, warmup=2000, d_model=s.d_model)
    generator = torch.Generator().manual_seed(0)
    x = torch.randint(N_VOCAB, (s.seq_len, s.batch_size), generator=generator).to(device)
    y = torch.randint(N_VOCAB, (s.seq_len, s.batch_size), generator=generator).to(device)

    def step():
        with torch.autocast(device.type, dtype=amp, enabled=amp is not None):
            logits = model(x)
        loss = F.cross_entropy(logits.float().view(-1, N_VOCAB), y.view(-1))
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()

    return step


def timed(step: Callable[[], None], device: torch.device) -> tuple[float, float]:
    """
    Seconds one step takes, on the clock and in CPU time of this process (all its threads)
    """
    sync(device)
    start, cpu = time.perf_counter(), time.process_time()
    step()
    sync(device)
    return time.perf_counter() - start, time.process_time() - cpu


def peak_memory(step: Callable[[], None], device: torch.device) -> float:
    """
    The most memory the tensors held during one step above what they held before it, in bytes.
    CUDA keeps the count itself; on other devices the profiler records each allocation and each
    release, and the peak is the highest point of their running sum.
    """
    if device.type == 'cuda':
        sync(device)
        before = torch.cuda.memory_allocated(device)
        torch.cuda.reset_peak_memory_stats(device)
        step()
        sync(device)
        return torch.cuda.max_memory_allocated(device) - before
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        step()
    events = sorted(
        (e.start_ns(), e.nbytes()) for e in prof.profiler.kineto_results.events() if e.name() == '[memory]'
    )
    total = peak = 0
    for _, n in events:
        total += n
        peak = max(peak, total)
    return peak


def measure(models: dict[str, nn.Module], s: Size, device, amp, warmup: int, steps: int, min_time: float):
    """
    The number of timed steps, tokens per second (median, slowest and fastest step),
    the median CPU seconds of a step, and the peak memory of each model
    """
    step_fns = {name: make_step(m, s, device, amp) for name, m in models.items()}
    times: dict[str, list[float]] = {name: [] for name in models}
    cpu_times: dict[str, list[float]] = {name: [] for name in models}
    # One step of each model in turn, at least `steps` timed steps and `min_time` seconds of them
    i = 0
    while i < warmup + steps or min(sum(t) for t in times.values()) < min_time:
        for name, step in step_fns.items():
            t, cpu = timed(step, device)
            if i >= warmup:
                times[name].append(t)
                cpu_times[name].append(cpu)
        i += 1
    tokens = s.seq_len * s.batch_size
    results = {}
    for name, step in step_fns.items():
        results[name] = (
            len(times[name]),
            tokens / statistics.median(times[name]),
            tokens / max(times[name]),
            tokens / min(times[name]),
            statistics.median(cpu_times[name]),
            peak_memory(step, device),
        )
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--device', default='auto', help='device (default: the best present)')
    parser.add_argument(
        '--dtype',
        default='float32',
        choices=['float32', 'bfloat16', 'float16', 'auto'],
        help='precision, as in the experiment (default: float32)',
    )
    parser.add_argument(
        '--sizes',
        nargs='*',
        default=list(SIZES),
        choices=list(SIZES),
        help='named sizes to measure (default: all; none with `--sizes --size ...`: only the sizes given)',
    )
    parser.add_argument(
        '--size',
        nargs=6,
        type=int,
        action='append',
        default=[],
        metavar=('D_MODEL', 'HEADS', 'D_FF', 'LAYERS', 'SEQ_LEN', 'BATCH'),
        help='an extra size to measure (repeatable)',
    )
    parser.add_argument(
        '--warmup',
        type=int,
        default=None,
        help='untimed steps of each model first (default: 1 on CPU, 5 else; 2 more with --compile)',
    )
    parser.add_argument(
        '--steps', type=int, default=None, help='timed steps of each model (default: 5 on CPU, 20 else)'
    )
    parser.add_argument(
        '--min-time',
        type=float,
        default=10.0,
        help='more timed steps until each model has run this many seconds (default: 10), so that a '
        'small size gets enough steps for its median',
    )
    parser.add_argument('--dropout', type=float, default=0.1, help='dropout probability (default: 0.1)')
    parser.add_argument('--threads', type=int, default=None, help="CPU threads (default: torch's own choice)")
    parser.add_argument(
        '--compile', action='store_true', help='also measure both models compiled with torch.compile'
    )
    parser.add_argument(
        '--explicit',
        action='store_true',
        help='also measure ours with the explicit attention of the MHA page (slow at the reference size)',
    )
    args = parser.parse_args()

    if args.steps is not None and args.steps < 1:
        parser.error('--steps must be at least 1')
    if args.warmup is not None and args.warmup < 0:
        parser.error('--warmup must not be negative')
    if args.threads is not None:
        torch.set_num_threads(args.threads)
    device = best_device() if args.device == 'auto' else torch.device(args.device)
    try:
        amp = autocast_dtype(args.dtype, device)
    except ValueError as e:
        parser.error(str(e))
    warmup = args.warmup if args.warmup is not None else (1 if device.type == 'cpu' else 5) + 2 * args.compile
    steps = args.steps if args.steps is not None else (5 if device.type == 'cpu' else 20)
    sizes = {name: SIZES[name] for name in args.sizes}
    sizes.update(
        {'custom' + (f'{i + 1}' if len(args.size) > 1 else ''): Size(*s) for i, s in enumerate(args.size)}
    )

    name = (
        torch.cuda.get_device_name(device) if device.type == 'cuda' else platform.processor() or device.type
    )
    load = ' '.join(f'{x:.1f}' for x in os.getloadavg()) if hasattr(os, 'getloadavg') else 'n/a'
    print(
        f'torch {torch.__version__}, {device} ({name}), {torch.get_num_threads()} threads, '
        f'{args.dtype}, {warmup} warm-up + at least {steps} timed steps and {args.min_time:g} s of each model, '
        f'in turn; '
        f'load average {load} (1, 5, 15 min)'
    )
    header = (
        f'{"size":<10} {"model":<15} {"params":>10} {"steps":>5} {"tok/s":>9} {"slowest":>9} {"fastest":>9} '
        f'{"peak MiB":>9} {"/ torch":>8} {"CPU s":>7} {"/ torch":>8}'
    )
    print(header)
    print('-' * len(header))
    start = time.perf_counter()
    for size_name, s in sizes.items():
        torch.manual_seed(0)
        models = {'ours': ours(s, N_VOCAB, args.dropout), 'torch': TorchTransformer(s, N_VOCAB, args.dropout)}
        if args.explicit:
            models['ours explicit'] = ours(s, N_VOCAB, args.dropout, attention='explicit')
        params = {k: sum(p.numel() for p in m.parameters()) for k, m in models.items()}
        assert len(set(params.values())) == 1, f'the models should have the same parameters: {params}'
        if args.compile:
            models['ours compiled'] = torch.compile(ours(s, N_VOCAB, args.dropout))
            models['torch compiled'] = torch.compile(TorchTransformer(s, N_VOCAB, args.dropout))
        results = measure(models, s, device, amp, warmup, steps, args.min_time)
        print(
            f'{size_name:<10} d_model {s.d_model}, {s.heads} heads, d_ff {s.d_ff}, {s.layers} layers, '
            f'seq_len {s.seq_len}, batch {s.batch_size}'
        )
        for model_name, (n, median, slowest, fastest, cpu, peak) in results.items():
            ratio = median / results['torch'][1]
            cpu_ratio = results['torch'][4] / cpu
            print(
                f'{"":<10} {model_name:<15} {params["ours"]:>10,} {n:>5} {median:>9,.0f} {slowest:>9,.0f} '
                f'{fastest:>9,.0f} {peak / MIB:>9,.0f} {ratio:>8.2f} {cpu:>7.2f} {cpu_ratio:>8.2f}',
                flush=True,
            )
        del models
    load = ' '.join(f'{x:.1f}' for x in os.getloadavg()) if hasattr(os, 'getloadavg') else 'n/a'
    print(f'{time.perf_counter() - start:.0f} s; load average {load}')


if __name__ == '__main__':
    main()
