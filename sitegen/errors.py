"""Messages a build reports: each names a file and a line, so a writer can go straight there."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class UsageError(Exception):
    """Bad command line or configuration: exit status 2."""


def display_path(path: Path | str, root: Path | None = None) -> str:
    """A path as messages show it: relative to `root` (the current folder) when inside it."""
    path = Path(path)
    base = (root or Path.cwd()).resolve()
    try:
        shown = path.resolve().relative_to(base).as_posix()
    except (ValueError, OSError):
        return str(path)
    return shown if shown != '.' else '.'


@dataclass(frozen=True, order=True)
class Message:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f'{self.file}:{self.line}: {self.message}'

    def as_dict(self) -> dict[str, object]:
        return {'file': self.file, 'line': self.line, 'message': self.message}


@dataclass
class Messages:
    """Warnings and errors gathered while building, each with its file and line."""

    warnings: list[Message]
    errors: list[Message]

    @classmethod
    def empty(cls) -> Messages:
        return cls([], [])

    def warn(self, file: str, line: int, message: str) -> None:
        self.warnings.append(Message(file, line, message))

    def error(self, file: str, line: int, message: str) -> None:
        self.errors.append(Message(file, line, message))

    def extend(self, other: Messages) -> None:
        self.warnings.extend(other.warnings)
        self.errors.extend(other.errors)

    @classmethod
    def merged(cls, *parts: Messages) -> Messages:
        out = cls.empty()
        for part in parts:
            out.extend(part)
        return out
