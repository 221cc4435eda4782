"""
The README's small configuration of the basic transformer, trained once and recorded.

Trains `labml_nn.transformers.basic.autoregressive_experiment` with the options of the README's
"about two minutes on a CPU" command and writes `--out` (by default `readme_run.json` beside the basic
transformer's page): the command, seed, steps, the versions of Python and PyTorch, the processor and threads,
the wall and CPU time, the number of parameters, the training and validation history, the final validation loss
and accuracy, the bigram baseline, and the sample written at the end. The README quotes this file.

    OMP_NUM_THREADS=1 python bench/readme_run.py --data ../shared/data/tiny_shakespeare.txt
    python bench/readme_run.py --out /tmp/readme_run.json -- --steps 20

Options after `--` are passed to the run, after the README's, so they override them.
"""

import argparse
import json
import os
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / 'bench'))

from gpt_comparison import run, split_passthrough  # noqa: E402

from labml_nn.helpers.records import run_record  # noqa: E402

# The README's small configuration, "about two minutes on a CPU"
OPTIONS = [
    '--d-model',
    '64',
    '--layers',
    '2',
    '--heads',
    '4',
    '--d-ff',
    '256',
    '--seq-len',
    '64',
    '--steps',
    '1000',
]
# The file written by default, beside the basic transformer's page
OUT = ROOT / 'labml_nn' / 'transformers' / 'basic' / 'readme_run.json'


def main(argv: list[str] | None = None) -> dict[str, Any]:
    argv, extra = split_passthrough(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--seed', type=int, default=1, help='random seed')
    parser.add_argument('--data', help='path of Tiny Shakespeare (default: the experiment downloads it)')
    parser.add_argument('--out', default=str(OUT), help='the JSON file to write')
    args = parser.parse_args(argv)

    options = OPTIONS + ['--seed', str(args.seed)] + (['--data', args.data] if args.data else []) + extra
    # labml may still be writing a run's log when the folder goes: a folder left behind is no error
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as work:
        result = run('basic', options, Path(work))

    # The command that reproduces it, with the data file by name only
    shown = (
        OPTIONS + ['--seed', str(args.seed)] + (['--data', Path(args.data).name] if args.data else []) + extra
    )
    command = (
        f'OMP_NUM_THREADS={os.environ.get("OMP_NUM_THREADS", "")} '
        'python -m labml_nn.transformers.basic.autoregressive_experiment '
        + ' '.join(shlex.quote(o) for o in shown)
    )
    script = (
        'OMP_NUM_THREADS=1 python bench/readme_run.py'
        + (f' --seed {args.seed}' if args.seed != 1 else '')
        + (f' --data {Path(args.data).name}' if args.data else '')
        + (' -- ' + ' '.join(shlex.quote(o) for o in extra) if extra else '')
    )
    report = {
        **run_record(command),
        'made_by': script,
        'options': options,
        'seed': args.seed,
        **result,
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + '\n', encoding='utf-8')

    print(command)
    print(
        f'{result["parameters"]:,} parameters, {result["wall_seconds"]:.0f} s ({result["cpu_seconds"]:.0f} s CPU), '
        f'validation loss {result["final_valid_loss"]:.3f} (bigram {result["bigram_valid_loss"]:.3f})'
    )
    print(f'sample: {result["sample_prompt"]}{result["sample"]!r}')
    print(f'wrote {out}')
    return report


if __name__ == '__main__':
    main()
