"""Messages a build reports: each names a file and a line, so a writer can go straight there."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal


class UsageError(Exception):
    """Bad command line or configuration: exit status 2."""


# What a terminal would act on rather than show: control characters (`\x1b[2K` erases a line),
# lone surrogates (which cannot even be printed) and the bidirectional controls that reorder a line.
_UNSHOWABLE = re.compile(
    '[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]'
)
_UNSHOWABLE_LINE = re.compile('[\n\t]|' + _UNSHOWABLE.pattern)


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group(0))
    return f'\\x{code:02x}' if code < 0x100 else f'\\u{code:04x}'


def showable(text: str, lines: bool = True) -> str:
    """`text` as a message prints it: each character a terminal would act on written as an escape
    (`\\x1b`), as keys are (`key_label`); with `lines=False`, line breaks and tabs too (a name)."""
    pattern = _UNSHOWABLE if lines else _UNSHOWABLE_LINE
    return pattern.sub(_escape, text) if pattern.search(text) else text


def display_path(path: Path | str, root: Path | None = None) -> str:
    """A path as messages show it: relative to `root` (the current folder) when inside it, with
    the characters a terminal acts on escaped (`showable`)."""
    path = Path(path)
    base = (root or Path.cwd()).resolve()
    try:
        shown = path.resolve().relative_to(base).as_posix()
    except (ValueError, OSError, RuntimeError):  # elsewhere, or a link that leads to itself
        shown = str(path)
    return showable(shown, lines=False)


# What a message is about, as the summary line counts them ('' for a message of no kind).
MessageKind = Literal[
    '', 'link', 'math', 'translation', 'cache', 'source', 'output', 'repair', 'glossary', 'papers'
]


@dataclass(frozen=True, order=True)
class Message:
    file: str
    line: int
    message: str
    kind: MessageKind = field(default='', compare=False)

    def __str__(self) -> str:
        return f'{showable(self.file, lines=False)}:{self.line}: {showable(self.message)}'

    def as_dict(self) -> dict[str, object]:
        return {'file': self.file, 'line': self.line, 'kind': self.kind, 'message': self.message}


@dataclass
class Messages:
    """What a build reports, each with its file and line.

    An error stops the site from being written. A warning leaves a page that can be built
    honestly in a degraded form (a broken link, a formula shown as its source, a fragment left in
    English); `--strict` makes warnings errors. A notice says what was repaired, and stays a notice.
    """

    warnings: list[Message] = field(default_factory=list)
    errors: list[Message] = field(default_factory=list)
    notices: list[Message] = field(default_factory=list)

    @classmethod
    def empty(cls) -> Messages:
        return cls()

    def warn(self, file: str, line: int, message: str, kind: MessageKind = '') -> None:
        self.warnings.append(Message(file, line, message, kind))

    def error(self, file: str, line: int, message: str, kind: MessageKind = '') -> None:
        self.errors.append(Message(file, line, message, kind))

    def notice(self, file: str, line: int, message: str, kind: MessageKind = '') -> None:
        self.notices.append(Message(file, line, message, kind))

    def extend(self, other: Messages) -> None:
        self.warnings.extend(other.warnings)
        self.errors.extend(other.errors)
        self.notices.extend(other.notices)

    @classmethod
    def merged(cls, *parts: Messages) -> Messages:
        out = cls()
        for part in parts:
            out.extend(part)
        return out

    def strict(self) -> None:
        """Make every warning an error (`--strict`); notices stay notices."""
        self.errors.extend(self.warnings)
        self.warnings.clear()


def listed(items: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`: several things in one sentence."""
    return f'{", ".join(items[:-1])} and {items[-1]}' if len(items) > 1 else ''.join(items)


def plural(n: int, word: str, words: str = '') -> str:
    """`1 page`, `2 pages`; `words` where adding an s will not do (`1 entry`, `2 entries`)."""
    return f'{n} {word if n == 1 else words or word + "s"}'


def by_kind(messages: list[Message]) -> dict[str, int]:
    """How many messages of each kind, most common first."""
    counts = Counter(m.kind or 'other' for m in messages)
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
