"""
---
title: Command Line Options from Dataclasses
summary: >
  Turns the fields of a configuration dataclass into command line options,
  with their defaults and help texts.
---

# Command Line Options from Dataclasses

The configurations of an experiment, such as the
[trainer configurations](../experiments/nlp_autoregression.html#TrainerConfigs),
are a dataclass of plain values.
Each field declares its default and a help text with [`option`](#option), and
[`add_arguments`](#add_arguments) makes a command line option of it,
so that a value is set in one place and the `--help` of the experiment lists it.
"""

import argparse
import dataclasses
import typing
from dataclasses import field
from typing import List, Optional


def option(default, help: str, **kwargs):
    """
    <a id="option"></a>

    A configuration value with its default and the help text of its command line option.
    Any other keyword argument, such as `choices`, goes to
    [`argparse`](https://docs.python.org/3/library/argparse.html).
    """
    return field(default=default, metadata={'help': help, **kwargs})


def add_arguments(parser, configs_class: type, names: Optional[List[str]] = None):
    """
    <a id="add_arguments"></a>

    ### Command line options from configurations

    Adds an option to `parser` (or an argument group) for each field of the dataclass
    `configs_class`, or for the fields in `names`.
    """

    # The actual types of the fields
    hints = typing.get_type_hints(configs_class)
    #
    for f in dataclasses.fields(configs_class):
        # Skip the fields not asked for
        if names is not None and f.name not in names:
            continue
        # `seq_len` becomes `--seq-len`
        flag = '--' + f.name.replace('_', '-')
        # Everything but the help text goes to `argparse`
        kwargs = {k: v for k, v in f.metadata.items() if k != 'help'}
        # The help text, with the default
        help = f.metadata['help'] + ('' if f.default is None or f.default is False else ' (default: %(default)s)')
        # `Optional[str]` is a `str` that may be missing
        t = hints[f.name]
        if typing.get_origin(t) is typing.Union:
            t = [a for a in typing.get_args(t) if a is not type(None)][0]
        # Booleans are flags, `--resume` and `--no-resume`
        if t is bool:
            parser.add_argument(flag, dest=f.name, action=argparse.BooleanOptionalAction,
                                default=f.default, help=help, **kwargs)
        else:
            # Show the choices, if any, or the name of the value
            kwargs.setdefault('metavar', None if 'choices' in kwargs else f.name.upper())
            parser.add_argument(flag, dest=f.name, type=t, default=f.default, help=help, **kwargs)


def configs_from_args(configs_class: type, args: argparse.Namespace):
    """
    Create the configurations from parsed command line options
    """
    return configs_class(**{f.name: getattr(args, f.name) for f in dataclasses.fields(configs_class)})


class OptionError(ValueError):
    """
    <a id="OptionError"></a>

    A value of an option that the run cannot use, such as `--resume` without a checkpoint.
    The experiment's command line shows its message and exits, instead of a traceback.
    """
