"""What a command prints: messages, a progress bar on a terminal (plain lines in CI), a summary."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import TextIO

from sitegen.errors import Message, Messages


def print_messages(messages: Messages, file: TextIO | None = None, only: Iterable[str] | None = None) -> None:
    """Notices, warnings, then errors, each sorted by file and line; `only` keeps files under those
    paths."""
    stream = file or sys.stderr
    prefixes = tuple(only) if only is not None else None

    def shown(items: list[Message]) -> list[Message]:
        return sorted(m for m in items if prefixes is None or m.file.startswith(prefixes))

    for label, items in (
        ('notice', messages.notices),
        ('warning', messages.warnings),
        ('error', messages.errors),
    ):
        for m in shown(items):
            print(f'{label}: {m}', file=stream)


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
