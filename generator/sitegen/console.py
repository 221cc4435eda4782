"""What a command prints: messages, a progress bar on a terminal (plain lines in CI), a summary."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import TextIO

from sitegen.errors import Message, Messages, by_kind


def print_messages(
    messages: Messages,
    file: TextIO | None = None,
    only: Iterable[str] | None = None,
    verbose: bool = False,
) -> None:
    """Warnings, then errors, each sorted by file and line; `only` keeps files under those paths.

    Notices (what was repaired, or what is pinned and cannot be changed) ask nothing of the reader,
    so they are listed with `verbose` only; otherwise the summary counts them (`notices_line`).
    """
    stream = file or sys.stderr
    prefixes = tuple(only) if only is not None else None

    def shown(items: list[Message]) -> list[Message]:
        return sorted(m for m in items if prefixes is None or m.file.startswith(prefixes))

    for label, items in (
        ('notice', messages.notices if verbose else []),
        ('warning', messages.warnings),
        ('error', messages.errors),
    ):
        for m in shown(items):
            print(f'{label}: {m}', file=stream)


def counted_notices(notices: list[Message], verbose: bool) -> str:
    """`5 notices (5 repair; --verbose lists them)` for a summary; `''` when there are none."""
    if not notices:
        return ''
    kinds = ', '.join(f'{n} {kind}' for kind, n in by_kind(notices).items())
    return f'{len(notices)} notices ({kinds}{"" if verbose else "; --verbose lists them"})'


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
