"""What the training tests share: the excerpt of Tiny Shakespeare kept with the tests, the options of a
model that trains in seconds on a CPU, and a temporary home for labml (the `labml_home` fixture, in
`conftest.py`)."""

from pathlib import Path

# The first 300,174 characters of Tiny Shakespeare (up to the end of a speech)
SHAKESPEARE = Path(__file__).resolve().parent / 'data' / 'tiny_shakespeare_excerpt.txt'

TINY = {
    'd-model': '32',
    'heads': '4',
    'd-ff': '64',
    'layers': '2',
    'dropout': '0.0',
    'seq-len': '32',
    'batch-size': '16',
    'warmup': '50',
    'valid-batches': '8',
    'log-interval': '25',
    'sample-len': '40',
    'device': 'cpu',
}


def tiny(**changes: str | None) -> list[str]:
    """The tiny configuration's command-line options; `tiny(valid_batches='4')` changes one and
    `warmup=None` leaves one out."""
    options = {**TINY, **{name.replace('_', '-'): value for name, value in changes.items()}}
    return [arg for name, value in options.items() if value is not None for arg in (f'--{name}', value)]
