"""What a command prints: messages, a progress bar on a terminal (plain lines in CI), a summary."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import TextIO

from sitegen.errors import Message, Messages, by_kind, plural


def print_messages(
    messages: Messages,
    file: TextIO | None = None,
    only: Iterable[str] | None = None,
    verbose: bool = False,
) -> None:
    """Warnings, then errors, each sorted by file and line; `only` keeps files under those paths.

    Notices (what was repaired, or what is pinned and cannot be changed) ask nothing of the reader,
    so they are listed with `verbose` only; otherwise the summary counts them (`counted_notices`).
    """
    prefixes = tuple(only) if only is not None else None
    for label, items in (
        ('notice', messages.notices if verbose else []),
        ('warning', messages.warnings),
        ('error', messages.errors),
    ):
        for m in sorted(m for m in items if prefixes is None or m.file.startswith(prefixes)):
            print(f'{label}: {m}', file=file or sys.stderr)


def counted_notices(notices: list[Message], verbose: bool) -> str:
    """`5 notices (5 repair; --verbose lists them)` for a summary; `''` when there are none."""
    if not notices:
        return ''
    kinds = ', '.join(f'{n} {kind}' for kind, n in by_kind(notices).items())
    listed = '' if verbose else f'; --verbose lists {"it" if len(notices) == 1 else "them"}'
    return f'{plural(len(notices), "notice")} ({kinds}{listed})'


def program() -> str:
    """The command as it was run, to be typed again in a suggestion: `annotated-site`, or the
    interpreter with `-m sitegen` or with the script (`.venv/bin/python build_site.py`)."""
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else 'annotated-site'
    name = os.path.basename(argv0)
    if name == '__main__.py':
        return f'{_typed(sys.executable)} -m sitegen'
    if name.endswith('.py'):
        return f'{_typed(sys.executable)} {_typed(argv0)}'
    return name if name == 'annotated-site' else _typed(argv0)


def _typed(path: str) -> str:
    """A path as short as it can be typed from here: relative below the current folder."""
    relative = os.path.relpath(path)
    return path if relative.startswith('..') else relative


def translation_hints(translation: dict[str, dict[str, int]]) -> list[str]:
    """For each language with texts missing or out of date, the commands that list them in a file
    for a translator and bring the file back, as they can be run."""
    hints = []
    for lang, counts in translation.items():
        todo = counts.get('missing', 0) + counts.get('outdated', 0)
        if todo:
            file = f'translate-{lang}.json'
            hints.append(
                f'{plural(todo, "text")} to translate into {lang}: `{program()} translate export --lang {lang} '
                f'{file}` writes them to {file}; once translated, `{program()} translate import {file}`'
            )
    return hints


class Progress:
    """A bar on a terminal; plain lines in CI and in logs."""

    def __init__(self, quiet: bool = False) -> None:
        self.quiet = quiet
        self.tty = sys.stderr.isatty() and not os.environ.get('CI')

    def stage(self, text: str) -> None:
        if not self.quiet and not self.tty:
            print(text, file=sys.stderr, flush=True)

    def step(self, done: int, total: int, label: str) -> None:
        if self.quiet or not self.tty or total == 0:
            return
        width = 30
        filled = width * done // total
        print(
            f'\r{label} [{"#" * filled}{"." * (width - filled)}] {done}/{total}',
            end='',
            file=sys.stderr,
            flush=True,
        )
        if done == total:
            print(file=sys.stderr, flush=True)
