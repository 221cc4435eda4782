"""Command line: `build`, `check`, `serve`. Exit status 0 on success, 1 when an error was
reported, 2 for bad usage."""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from sitegen.build import BuildResult, Progress, build, read_tree, write_site
from sitegen.config import SiteConfig, check_languages, load_config
from sitegen.errors import UsageError

ROOT = Path.cwd()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog='build_site.py',
                                     description='Annotated Python sources to a side-by-side HTML site.')
    parser.add_argument('--root', type=Path, default=None, help='project folder holding pyproject.toml (default: current folder)')
    sub = parser.add_subparsers(dest='command', required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument('--source', type=Path, help='package folder to document')
        p.add_argument('--lang', default=None, help='language code, or "all" (default: en)')
        p.add_argument('--cache', type=Path, help='translation cache folder (default: translate_cache/)')
        p.add_argument('--templates', type=Path, help='folder of templates overriding the built-in ones')
        p.add_argument('--strict', action='store_true', help='warnings (bad LaTeX, missing translations) are errors')
        p.add_argument('--jobs', type=int, default=0, help='worker processes (default: one per core)')
        p.add_argument('--no-cache', action='store_true', help='ignore and do not write .build_cache/')

    b = sub.add_parser('build', help='build the site into the output folder')
    common(b)
    b.add_argument('--out', type=Path, help='output folder (default: docs/)')
    b.add_argument('--report', type=Path, help='write a JSON report to this file')
    b.add_argument('--quiet', action='store_true', help='only the summary')

    c = sub.add_parser('check', help='fail when the output differs from a fresh build or a link is broken')
    common(c)
    c.add_argument('--out', type=Path, help='output folder to compare (default: docs/)')

    s = sub.add_parser('serve', help='serve the site locally, rebuilding when sources change')
    common(s)
    s.add_argument('--out', type=Path, help='output folder (default: docs/)')
    s.add_argument('--port', type=int, default=8000)
    s.add_argument('--host', default='127.0.0.1', help='address to listen on (default: 127.0.0.1)')
    return parser


def configure(args: argparse.Namespace) -> tuple[SiteConfig, tuple[str, ...]]:
    root = (args.root or ROOT).resolve()
    config = load_config(root)
    changes: dict[str, object] = {}
    for name in ('source', 'cache', 'templates'):
        value = getattr(args, name, None)
        if value is not None:
            changes[name] = value if value.is_absolute() else Path.cwd() / value
    if getattr(args, 'out', None) is not None:
        changes['output'] = args.out if args.out.is_absolute() else Path.cwd() / args.out
    changes['strict'] = args.strict
    changes['jobs'] = args.jobs
    config = config.replace(**changes)
    if not (config.root / config.source).is_dir():
        raise UsageError(f'source folder {config.root / config.source} does not exist')
    if args.lang in (None, ''):
        languages: tuple[str, ...] = ('en',)
    elif args.lang == 'all':
        languages = config.languages
    else:
        languages = tuple(dict.fromkeys(l.strip() for l in args.lang.split(',')))
        check_languages(('en',) + tuple(l for l in languages if l != 'en'), '--lang')
        missing = [l for l in languages if l not in config.languages]
        if missing:
            raise UsageError(f'--lang {args.lang}: not among the configured languages {list(config.languages)}')
    return config, languages


def _cache_dir(config: SiteConfig, args: argparse.Namespace) -> Path | None:
    return None if args.no_cache else config.root / '.build_cache'


def summary_line(result: BuildResult) -> str:
    c = result.counts()
    return (f"{c['pages']} pages, {c['sections']} sections, {c['math']} math expressions, "
            f"{len(result.messages.warnings)} warnings, {len(result.messages.errors)} errors, "
            f"{result.seconds:.2f} s")


def print_messages(result: BuildResult) -> None:
    for m in sorted(result.messages.warnings):
        print(f'warning: {m}', file=sys.stderr)
    for m in sorted(result.messages.errors):
        print(f'error: {m}', file=sys.stderr)


def cmd_build(args: argparse.Namespace) -> int:
    config, languages = configure(args)
    result = build(config, languages, cache_dir=_cache_dir(config, args), jobs=args.jobs,
                   progress=Progress(quiet=args.quiet))
    print_messages(result)
    if result.ok:
        write_site(result.files, config.root / config.output, languages, config.languages)
        where = config.root / config.output
        print(f'built {where}: {summary_line(result)}')
    else:
        print(f'build failed, {config.root / config.output} left as it was: {summary_line(result)}',
              file=sys.stderr)
    if args.report:
        args.report.write_text(json.dumps(result.report(), indent=1, ensure_ascii=False) + '\n')
    return 0 if result.ok else 1


def cmd_check(args: argparse.Namespace) -> int:
    config, languages = configure(args)
    if args.lang is None:
        languages = config.languages
    result = build(config, languages, cache_dir=_cache_dir(config, args), jobs=args.jobs,
                   progress=Progress(quiet=True))
    print_messages(result)
    out = config.root / config.output
    current = read_tree(out)
    fresh = result.files
    if languages != config.languages:
        prefixes = tuple(f'{l}/' for l in config.languages if l not in languages and l != 'en')
        current = {k: v for k, v in current.items() if not k.startswith(prefixes)}
    differ = sorted(k for k in set(current) | set(fresh) if current.get(k) != fresh.get(k))
    for name in differ[:50]:
        state = 'missing' if name not in current else 'stale' if name in fresh else 'not built by the sources'
        print(f'{out.name}/{name}: {state}', file=sys.stderr)
    if len(differ) > 50:
        print(f'... and {len(differ) - 50} more', file=sys.stderr)
    if differ:
        print(f'{out} differs from a fresh build in {len(differ)} files: run `make docs`', file=sys.stderr)
    if not result.ok:
        print(f'{len(result.messages.errors)} errors', file=sys.stderr)
    ok = result.ok and not differ
    if ok:
        print(f'{out} is up to date: {summary_line(result)}')
    return 0 if ok else 1


def cmd_serve(args: argparse.Namespace) -> int:
    from sitegen import web
    config, languages = configure(args)
    return web.serve(config, languages, args.host, args.port, _cache_dir(config, args), args.jobs)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return {'build': cmd_build, 'check': cmd_check, 'serve': cmd_serve}[args.command](args)
    except UsageError as e:
        print(f'{parser.prog}: error: {e}', file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print('interrupted; the output was left as it was', file=sys.stderr)
        return 130
