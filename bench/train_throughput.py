"""
Training throughput of the auto-regression experiment's transformer.

Measures training tokens per second (forward, backward and optimizer step) of the model of
`labml_nn.transformers.basic.autoregressive_experiment`, next to an equivalent model built
from `torch.nn.TransformerEncoderLayer` (same d_model, heads, d_ff and layers, pre-norm,
causal mask, the same embeddings, final layer norm, generator and optimizer), in the same run.

    python bench/train_throughput.py                       # reference and small sizes, best device
    python bench/train_throughput.py --sizes small --steps 10 --device cpu
    python bench/train_throughput.py --size 512 8 2048 6 256 32 --dtype bfloat16

It prints figures; it is not a test.
"""

import argparse
import platform
import sys
import time
from pathlib import Path
from typing import NamedTuple

import torch
import torch.nn.functional as F
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from labml_nn.experiments.nlp_autoregression import autocast_dtype, best_device  # noqa: E402
from labml_nn.optimizers.noam import Noam  # noqa: E402
from labml_nn.transformers.basic.autoregressive_experiment import Configs, make_model  # noqa: E402
from labml_nn.transformers.models import EmbeddingsWithPositionalEncoding, Generator  # noqa: E402

# Characters in Tiny Shakespeare
N_VOCAB = 65


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
    The same model with `torch.nn.TransformerEncoderLayer` as the layers
    """

    def __init__(self, s: Size, n_vocab: int, dropout: float):
        super().__init__()
        self.src_embed = EmbeddingsWithPositionalEncoding(s.d_model, n_vocab)
        layer = nn.TransformerEncoderLayer(
            s.d_model, s.heads, s.d_ff, dropout=dropout, activation='relu', norm_first=True
        )
        self.encoder = nn.TransformerEncoder(
            layer, s.layers, norm=nn.LayerNorm(s.d_model), enable_nested_tensor=False
        )
        self.generator = Generator(n_vocab, s.d_model)

    def forward(self, x: torch.Tensor):
        mask = nn.Transformer.generate_square_subsequent_mask(len(x), device=x.device)
        return self.generator(self.encoder(self.src_embed(x), mask=mask, is_causal=True))


def ours(s: Size, n_vocab: int, dropout: float) -> nn.Module:
    c = Configs(d_model=s.d_model, heads=s.heads, d_ff=s.d_ff, layers=s.layers, dropout=dropout)
    return make_model(c, n_vocab)


def sync(device: torch.device):
    if device.type == 'cuda':
        torch.cuda.synchronize(device)
    elif device.type == 'mps':
        torch.mps.synchronize()


def throughput(model: nn.Module, s: Size, device: torch.device, amp, warmup: int, steps: int) -> float:
    """
    Training tokens per second
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

    for _ in range(warmup):
        step()
    sync(device)
    start = time.perf_counter()
    for _ in range(steps):
        step()
    sync(device)
    return s.seq_len * s.batch_size * steps / (time.perf_counter() - start)


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
        nargs='+',
        default=list(SIZES),
        choices=list(SIZES),
        help='named sizes to measure (default: all)',
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
        '--warmup', type=int, default=None, help='untimed steps first (default: 1 on CPU, 5 else)'
    )
    parser.add_argument('--steps', type=int, default=None, help='timed steps (default: 2 on CPU, 20 else)')
    parser.add_argument('--dropout', type=float, default=0.1, help='dropout probability (default: 0.1)')
    args = parser.parse_args()

    device = best_device() if args.device == 'auto' else torch.device(args.device)
    amp = autocast_dtype(args.dtype, device)
    warmup = args.warmup if args.warmup is not None else (1 if device.type == 'cpu' else 5)
    steps = args.steps if args.steps is not None else (2 if device.type == 'cpu' else 20)
    sizes = {name: SIZES[name] for name in args.sizes}
    sizes.update(
        {'custom' + (f'{i + 1}' if len(args.size) > 1 else ''): Size(*s) for i, s in enumerate(args.size)}
    )

    name = (
        torch.cuda.get_device_name(device) if device.type == 'cuda' else platform.processor() or device.type
    )
    print(
        f'torch {torch.__version__}, {device} ({name}), {torch.get_num_threads()} threads, '
        f'{args.dtype}, {warmup} warm-up + {steps} timed steps'
    )
    header = (
        f'{"size":<10} {"d_model":>7} {"heads":>5} {"d_ff":>5} {"layers":>6} {"seq_len":>7} {"batch":>5} '
        f'{"params":>10} {"ours tok/s":>12} {"torch tok/s":>12} {"ours/torch":>10}'
    )
    print(header)
    print('-' * len(header))
    for size_name, s in sizes.items():
        torch.manual_seed(0)
        a = ours(s, N_VOCAB, args.dropout)
        b = TorchTransformer(s, N_VOCAB, args.dropout)
        params = sum(p.numel() for p in a.parameters())
        assert params == sum(p.numel() for p in b.parameters()), 'the models should have the same parameters'
        ours_tps = throughput(a, s, device, amp, warmup, steps)
        del a
        torch_tps = throughput(b, s, device, amp, warmup, steps)
        del b
        print(
            f'{size_name:<10} {s.d_model:>7} {s.heads:>5} {s.d_ff:>5} {s.layers:>6} {s.seq_len:>7} '
            f'{s.batch_size:>5} {params:>10,} {ours_tps:>12,.0f} {torch_tps:>12,.0f} {ours_tps / torch_tps:>10.2f}',
            flush=True,
        )


if __name__ == '__main__':
    main()
