"""
---
title: Colab Notebook of the Auto-Regression Experiment
summary: >
  Writes the Colab notebook of the transformer auto-regression experiment
  from the experiment's own command line options.
---

# Colab Notebook of the Auto-Regression Experiment

The notebook `autoregressive_experiment.ipynb` next to the
[experiment](../transformers/basic/autoregressive_experiment.html) is written by this module,
from the experiment's [command line options](../transformers/basic/autoregressive_experiment.html#Configs),
so that it cannot drift from them: an option that no longer exists stops the notebook
from being written, and the table of options is the parser's own.
The repository the notebook installs from comes from the `[tool.site]` table of `pyproject.toml`.

```shell
python -m labml_nn.transformers.basic.autoregressive_experiment --write-notebook
python -m labml_nn.transformers.basic.autoregressive_experiment --check-notebook
```

The output is deterministic (no execution outputs, fixed metadata and cell ids),
so writing it again gives the same bytes.

The experiment hands its parser to this module, which imports nothing of the experiment,
so the two do not import each other.
"""

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Dict

# The notebook
NOTEBOOK_PATH = Path(__file__).resolve().parents[1] / 'transformers' / 'basic' / 'autoregressive_experiment.ipynb'
# The project configuration, at the root of the repository
PYPROJECT_PATH = Path(__file__).resolve().parents[2] / 'pyproject.toml'

# Options the notebook trains with: a configuration small enough for a free Colab GPU
# to train in a few minutes (16 epochs of about 120 steps).
# The rest keep the reference values of the experiment.
NOTEBOOK_OPTIONS = {
    'layers': 4,
    'seq_len': 256,
    'batch_size': 32,
    'epochs': 16,
    'dtype': 'auto',
    'valid_interval': 250,
    'sample_interval': 500,
}

# Help text suffix that `add_arguments` appends
_DEFAULT_SUFFIX = ' (default: %(default)s)'


def read_site_config(path: Path = PYPROJECT_PATH) -> Dict[str, str]:
    """
    ### The `[tool.site]` table of `pyproject.toml`

    Uses `tomllib` (Python 3.11+) or `tomli` when present; otherwise reads the
    `key = "value"` lines of the table, which is all the table has.
    """

    # `pyproject.toml` is only in a checkout of the repository, not in an installed package
    if not path.is_file():
        raise FileNotFoundError(f'{path} not found: write the notebook from a checkout of the repository')
    #
    text = path.read_text(encoding='utf-8')

    # A TOML parser, if there is one
    try:
        import tomllib
    except ImportError:
        try:
            import tomli as tomllib
        except ImportError:
            tomllib = None
    if tomllib is not None:
        return tomllib.loads(text)['tool']['site']

    # The lines between `[tool.site]` and the next table
    section = re.search(r'^\[tool\.site\]\s*$(.*?)(?=^\[|\Z)', text, re.M | re.S)
    if section is None:
        raise KeyError(f'no [tool.site] table in {path}')
    # Its string values
    return dict(re.findall(r'^(\w+)\s*=\s*"([^"]*)"', section.group(1), re.M))


def _actions(parser: argparse.ArgumentParser) -> Dict[str, argparse.Action]:
    """
    The experiment's options, by configuration name
    """
    return {a.dest: a for a in parser._actions if a.option_strings}


def _help(action) -> str:
    """
    Help text of an option, without the default
    """
    return (action.help or '').replace(_DEFAULT_SUFFIX, '').replace('%%', '%')


def _options_table(actions) -> str:
    """
    Markdown table of all the options, with their reference values
    """
    rows = ['| option | reference value | what it is |', '| --- | --- | --- |']
    for a in actions.values():
        if a.dest in ('help', 'write_notebook', 'check_notebook', 'plot_run'):
            continue
        default = '' if a.default is None else f'`{a.default!r}`' if isinstance(a.default, str) else f'`{a.default}`'
        rows.append(f'| `{a.option_strings[0]}` | {default} | {_help(a).replace("|", "/")} |')
    return '\n'.join(rows)


def _options_code(actions, options: Dict[str, object]) -> str:
    """
    The code cell with the notebook's options
    """
    lines = ['# Command line options of the experiment: what differs from the reference configuration',
             'options = [']
    for name, value in options.items():
        # An option the experiment does not have is an error, so the notebook cannot drift
        if name not in actions:
            raise KeyError(f'the experiment has no option for {name!r}')
        a = actions[name]
        lines.append(f'    # {_help(a)} (reference: {a.default})')
        lines.append(f'    {a.option_strings[0]!r}, {str(value)!r},')
    lines.append(']')
    return '\n'.join(lines)


def _cell(kind: str, index: int, source: str) -> Dict:
    """
    A notebook cell, with a fixed id and no outputs
    """
    cell = {'cell_type': kind, 'id': f'cell-{index}', 'metadata': {}, 'source': source.splitlines(keepends=True)}
    if kind == 'code':
        cell.update(execution_count=None, outputs=[])
    return cell


def notebook_json(parser: argparse.ArgumentParser, site: Dict[str, str],
                  options: Dict[str, object] = NOTEBOOK_OPTIONS) -> str:
    """
    ### The notebook, as a string

    `parser` is the experiment's command line parser, and `site` is the `[tool.site]` table
    with the `repository`, `branch` and `url` of the project.
    """

    # The experiment's options
    actions = _actions(parser)
    # Addresses, from the configuration of the project
    repository = site['repository'].rstrip('/')
    colab = repository.replace('https://github.com/', 'https://colab.research.google.com/github/')
    notebook = f'{site["source"]}/transformers/basic/autoregressive_experiment.ipynb'
    page = f'{site["url"].rstrip("/")}/transformers/basic/autoregressive_experiment.html'

    # The cells: markdown and code
    sources = [
        ('markdown',
         f'[![Open In Colab](https://colab.research.google.com/assets/colab-badge.svg)]'
         f'({colab}/blob/{site["branch"]}/{notebook})\n\n'
         f'# Transformer Auto-Regression Experiment\n\n'
         f'This trains a transformer on character-level autoregression with Tiny Shakespeare: '
         f'given the characters so far, it predicts the next one, and it writes samples of text as it learns.\n'
         f'The [annotated experiment]({page}) explains the code.\n\n'
         f'Pick a GPU runtime (*Runtime*, *Change runtime type*) for a run of a few minutes.'),
        ('markdown', 'Install the package from its repository'),
        ('code', f'!pip install -q git+{repository}'),
        ('markdown', 'Import the experiment'),
        ('code', 'from labml_nn.transformers.basic.autoregressive_experiment import main'),
        ('markdown',
         'The options of the experiment, with the values of its reference configuration.\n'
         'Tiny Shakespeare is downloaded into `data/`; '
         'checkpoints go to `checkpoints/` and logs to `logs/`.\n\n' + _options_table(actions)),
        ('code', _options_code(actions, options)),
        ('markdown',
         'Train. The loss and accuracy are printed as it trains, '
         'with samples of text from the prompt at intervals and at the end.'),
        ('code', 'trainer = main(options)'),
        ('markdown', 'Sample more text from the trained model, from a prompt of your own'),
        ('code', "trainer.sample('ROMEO:', 500);"),
        ('markdown', 'The loss and accuracy against steps, for training and validation. '
                     'The trainer wrote this plot into the log folder of the run.'),
        ('code', 'import matplotlib.pyplot as plt\n\n'
                 'plt.figure(figsize=(12, 4.5))\n'
                 'plt.imshow(plt.imread(trainer.plot()))\n'
                 "plt.axis('off');"),
    ]

    # The notebook, with fixed metadata
    nb = {
        'cells': [_cell(kind, i, source) for i, (kind, source) in enumerate(sources)],
        'metadata': {
            'accelerator': 'GPU',
            'colab': {'name': 'autoregressive_experiment.ipynb', 'provenance': []},
            'kernelspec': {'display_name': 'Python 3', 'language': 'python', 'name': 'python3'},
            'language_info': {'name': 'python'},
        },
        'nbformat': 4,
        'nbformat_minor': 5,
    }
    # The same JSON layout as `nbformat` writes
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + '\n'


def main(parser: argparse.ArgumentParser, check: bool = False) -> int:
    """
    ### Write or check the notebook

    `parser` is the experiment's command line parser.
    Returns the exit status: with `check`, $1$ if the notebook is missing or out of date.
    """

    # The notebook as it should be
    text = notebook_json(parser, read_site_config())
    # Compare with the one on disk
    if check:
        if NOTEBOOK_PATH.is_file() and NOTEBOOK_PATH.read_bytes() == text.encode('utf-8'):
            print(f'{NOTEBOOK_PATH} is up to date')
            return 0
        print(f'{NOTEBOOK_PATH} is out of date; rewrite it with '
              f'python -m labml_nn.transformers.basic.autoregressive_experiment --write-notebook',
              file=sys.stderr)
        return 1
    # Write it
    NOTEBOOK_PATH.write_bytes(text.encode('utf-8'))
    print(f'Wrote {NOTEBOOK_PATH}')
    #
    return 0
