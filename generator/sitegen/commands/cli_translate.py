"""The `translate` command's actions: each runs the translators' operations (`sitegen.commands.translators`)
on a session and prints what they found and did. Exit status 0, or 1 when something was wrong."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from sitegen.commands.translators import (
    Session,
    coverage_table,
    first,
    glossary_messages,
    load_export,
    machine_translate,
    merge,
    pending,
    prune,
)
from sitegen.console import print_messages, program
from sitegen.errors import Message, Messages, display_path, plural, showable
from sitegen.translation.catalog import key_label

if TYPE_CHECKING:
    from sitegen.translation.backends import Backend


def print_session(session: Session) -> None:
    """The caches' warnings and every error of the session's build."""
    messages = session.result.messages
    print_messages(Messages(messages.warnings, []), only=[session.shown(session.cache_root)])
    print_messages(Messages([], messages.errors))


def status(session: Session, args: argparse.Namespace) -> int:
    print(coverage_table(session.uses, session.languages))
    for path, keys in session.stale.items():
        print(
            f'stale: {session.shown(path)}: {plural(len(keys), "entry", "entries")} no page asks for '
            f'(`{program()} translate prune` removes them)'
        )
    totals = session.result.translation()
    bad = sum(
        totals.get(lang, {}).get(status, 0)
        for lang in session.languages
        for status in ('missing', 'outdated', 'invalid')
    )
    words = glossary_messages(session)
    if args.strict:
        words.strict()
    print_messages(words, verbose=args.verbose)
    if words.notices:
        hint = '' if args.verbose else ' (--verbose lists them)'
        print(f'glossary: {len(words.notices)} notices in pinned files, kept as they were received{hint}')
    if args.strict and bad:
        print(f'error: {bad} fragments missing, outdated or rejected (--strict)', file=sys.stderr)
    if words.errors:
        print(
            f'error: {len(words.errors)} values use words the glossary never uses (--strict)', file=sys.stderr
        )
    return 1 if session.result.messages.errors or words.errors or (args.strict and bad) else 0


def export(session: Session, args: argparse.Namespace) -> int:
    todo = pending(session.uses)
    text = json.dumps(todo, indent=1, ensure_ascii=False, sort_keys=True) + '\n'
    if str(args.file) == '-':
        sys.stdout.write(text)
    else:
        args.file.write_text(text, encoding='utf-8')
    count = sum(len(t) for t in todo.values())
    outdated = sum(isinstance(v, dict) for t in todo.values() for v in t.values())
    print(
        f'{count} fragments to translate ({outdated} with an outdated translation to review) '
        f'in {len(todo)} cache files written to {display_path(args.file)}',
        file=sys.stderr,
    )
    return 1 if session.result.messages.errors else 0


def import_file(session: Session, args: argparse.Namespace) -> int:
    repeated: list[Message] = []
    incoming, error = load_export(args.file, repeated)
    if error:
        print(f'error: {error}', file=sys.stderr)
        return 1
    print_messages(Messages(repeated, []))
    return _merge(session, incoming, str(args.file), args.dry_run)


def machine(session: Session, args: argparse.Namespace, backend: Backend | None = None) -> int:
    from sitegen.translation.backends import BackendError, get_backend

    todo = pending(session.uses)
    if args.limit:
        todo = first(todo, args.limit)
    lang_of = {u.name: u.lang for u in session.uses}
    try:
        incoming = machine_translate(backend or get_backend(args.backend), todo, lang_of)
    except BackendError as e:
        print(f'error: {e}', file=sys.stderr)
        return 1
    return _merge(session, incoming, f'backend {args.backend}', dry_run=False)


def _merge(session: Session, incoming: dict[str, dict[str, str]], origin: str, dry_run: bool) -> int:
    done = merge(incoming, session.uses, session.cache_root, origin, dry_run=dry_run)
    print_messages(done.messages)
    print(
        f'{done.merged} translations accepted, {len(done.messages.errors)} rejected, '
        f'{done.empty} left empty; {len(done.written)} cache files written'
    )
    return 1 if done.messages.errors else 0


def prune_caches(session: Session, args: argparse.Namespace) -> int:
    if session.failed:
        failed = ', '.join(showable(rel, lines=False) for rel in session.failed)
        print(f'error: not pruning while pages fail to build: {failed}', file=sys.stderr)
        return 1
    for path, keys in session.stale.items():
        for key in keys:
            print(f'{session.shown(path)}: stale key {key_label(key)}')
    count = sum(len(keys) for keys in session.stale.values())
    if not count:
        print('nothing to prune: a page asks for every entry of the caches')
    elif args.dry_run:
        print(f'{plural(count, "stale entry", "stale entries")} found; nothing removed (--dry-run)')
    else:
        for path, n in prune(session.stale):
            removed = plural(n, 'entry', 'entries')
            print(f'{session.shown(path)}: {removed} removed' + ('' if path.exists() else ', file deleted'))
    return 0


ACTIONS: dict[str, Callable[..., int]] = {
    'status': status,
    'export': export,
    'import': import_file,
    'machine': machine,
    'prune': prune_caches,
}
