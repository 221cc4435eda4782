"""Messages a build reports: each names a file and a line, so a writer can go straight there."""

from __future__ import annotations

from dataclasses import dataclass


class UsageError(Exception):
    """Bad command line or configuration: exit status 2."""


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
    """Warnings and errors gathered while building; `strict` turns warnings into errors."""

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
