"""The glossary: per language, the word our translations use for a term, and the words they never use.

It lives beside the caches as `<cache>/glossary.toml`, a name no page's cache can have (those are
`<path>.<lang>.json`), so the build never reads it as a page's translations and `translate prune`
never removes it. `translate status` checks every cache a page uses against it: a value whose text
holds a word the glossary never uses is a warning naming the file, the key's line and the key
(`--strict` fails on it). A file listed as `pinned` is kept byte for byte as it was received, so
the same finding there is a notice: nobody can act on it.

    pinned = ["transformers/mha.zh.json"]

    [[ja]]
    term = "head"          # the English term
    use = "ヘッド"          # the word we write
    never = ["頭"]          # words a value must not hold ...
    except_in = ["先頭"]    # ... unless the word is part of one of these
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import tomllib

from sitegen.errors import Message, Messages
from sitegen.translation.catalog import parse_catalog

GLOSSARY = 'glossary.toml'

_TAG = re.compile(r'<[^>]*>')
_FIELDS = {'term', 'use', 'never', 'except_in'}


@dataclass(frozen=True)
class Term:
    lang: str
    term: str
    use: str
    never: tuple[str, ...]
    except_in: tuple[str, ...] = ()

    def found_in(self, text: str) -> list[str]:
        """The words of `never` that `text` holds outside the longer words of `except_in`."""
        return [word for word in self.never if any(self._stray(text, at, word) for at in _find(text, word))]

    def _stray(self, text: str, at: int, word: str) -> bool:
        return not any(
            at >= inner and text.startswith(longer, at - inner)
            for longer in self.except_in
            for inner in _find(longer, word)
        )


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...] = ()
    pinned: frozenset[str] = frozenset()
    """Cache files (relative to the cache folder) kept as received: findings there are notices."""


@dataclass(frozen=True)
class CacheText:
    """One cache file to check: its name in the cache folder, its name in messages, its bytes."""

    name: str
    shown: str
    lang: str
    data: bytes


def _find(text: str, word: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(word), text)] if word else []


def load_glossary(path: Path, shown: str, languages: Iterable[str]) -> tuple[Glossary, list[Message]]:
    """The glossary at `path` (empty when there is none), or the errors that make it unusable."""
    if not path.is_file():
        return Glossary(), []
    text = path.read_text(encoding='utf-8')
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        if m := re.search(r'line (\d+)', str(e)):
            line = int(m.group(1))
        else:  # 'at end of document'
            line = max(1, len(text.splitlines())) if 'end of document' in str(e) else 1
        return Glossary(), [Message(shown, line, f'invalid TOML: {e}', 'glossary')]
    problems: list[Message] = []
    pinned = data.get('pinned', [])
    if not isinstance(pinned, list) or not all(isinstance(p, str) for p in pinned):
        problems.append(Message(shown, _line_of(text, 'pinned'), 'pinned must be a list of cache file names'))
        pinned = []
    terms: list[Term] = []
    for lang in languages:
        entries = data.get(lang, [])
        if not isinstance(entries, list):
            problems.append(Message(shown, _line_of(text, lang), f'{lang}: expected [[{lang}]] tables'))
            continue
        for i, entry in enumerate(entries):
            term, problem = _term(lang, entry)
            if problem:
                problems.append(Message(shown, _header_line(text, lang, i), problem, 'glossary'))
            elif term:
                terms.append(term)
    return Glossary(tuple(terms), frozenset(pinned)), problems


def _term(lang: str, entry: object) -> tuple[Term | None, str]:
    """One `[[lang]]` table as a term, or what is wrong with it."""
    if not isinstance(entry, dict):
        return None, f'[[{lang}]]: expected a table'
    unknown = sorted(set(entry) - _FIELDS)
    if unknown:
        return None, f'[[{lang}]]: unknown field {unknown[0]!r} (fields: term, use, never, except_in)'
    words = {name: entry.get(name, []) for name in ('never', 'except_in')}
    if not isinstance(entry.get('term'), str) or not isinstance(entry.get('use'), str):
        return None, f'[[{lang}]]: term and use must be strings'
    for name, value in words.items():
        if not isinstance(value, list) or not all(isinstance(w, str) and w for w in value):
            return None, f'[[{lang}]] {entry["term"]!r}: {name} must be a list of words'
    term = Term(lang, entry['term'], entry['use'], tuple(words['never']), tuple(words['except_in']))
    if term.use in term.never:
        return None, f'[[{lang}]] {term.term!r}: {term.use!r} is both the word we use and one we never use'
    return term, ''


def _line_of(text: str, name: str) -> int:
    pattern = re.compile(rf'\s*{re.escape(name)}\s*=')
    return next((n for n, line in enumerate(text.splitlines(), 1) if pattern.match(line)), 1)


def _header_line(text: str, lang: str, index: int) -> int:
    """Line of the `index`-th `[[lang]]` header."""
    headers = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == f'[[{lang}]]']
    return headers[index] if index < len(headers) else 1


def check_caches(glossary: Glossary, caches: Iterable[CacheText]) -> Messages:
    """A warning (a notice in a pinned file) for each value that holds a word the glossary never uses."""
    messages = Messages.empty()
    for cache in caches:
        terms = [t for t in glossary.terms if t.lang == cache.lang]
        if not terms:
            continue
        catalog, problems = parse_catalog(cache.shown, cache.data)
        if problems:
            continue  # the build reports a cache it cannot read
        pinned = cache.name in glossary.pinned
        report = messages.notice if pinned else messages.warn
        kept = ' (a pinned file, kept as it was received)' if pinned else ''
        for key, value in catalog.entries.values():
            text = _TAG.sub('', value)
            for term in terms:
                for word in term.found_in(text):
                    said = f'uses {word} for "{term.term}"; the glossary writes {term.use}{kept}'
                    found = catalog.message(key, said)
                    report(found.file, found.line, found.message, 'glossary')
    return messages
