"""Command line: `build`, `check`, `serve`, `translate`, `new`. Exit status 0 on success, 1 when an error was
reported, 2 for bad usage."""

from __future__ import annotations

import atexit
import gc
import os
import sys
import time

from sitegen import __version__

TYPE_CHECKING = False  # `typing` itself takes longer to import than the rest of `--version`
if TYPE_CHECKING:
    import argparse
    from pathlib import Path  # loaded once the command is known not to be a replay (see `main`)
    from typing import NoReturn, TextIO

    from sitegen.building.build import BuildResult
    from sitegen.building.workers import Workers
    from sitegen.reading.config import SiteConfig

# Every other module (the configuration, the stages and what they import) is imported by the
# commands that use it, so that `--version`, `--help` and a build with nothing to do
# (`sitegen.building.uptodate`) answer without loading them.


def _input_flags(p: argparse.ArgumentParser) -> None:
    """Where the sources and translations are, and how to build them: shared by every command."""
    p.add_argument('--source', help='package folder to document')
    p.add_argument('--cache', help='translation cache folder (default: translate_cache/)')
    p.add_argument('--jobs', type=int, default=0, help='worker processes (default: one per core)')
    p.add_argument('--no-cache', action='store_true', help='ignore and do not write .build_cache/')
    p.add_argument(
        '--set',
        action='append',
        default=[],
        metavar='KEY=VALUE',
        help=f'override a [tool.site] value of pyproject.toml ({", ".join(OVERRIDABLE)}); repeatable',
    )


OVERRIDABLE = ('title', 'url', 'repository', 'branch', 'commit', 'issues')


def _verbose_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        '--verbose',
        action='store_true',
        help='list each notice (a repaired translation, a pinned file); otherwise the summary counts them',
    )


def _parser_class() -> type[argparse.ArgumentParser]:
    """argparse's parser, whose help formatter (made for every flag defined, to check it) asks the
    terminal's width without importing `shutil`. Made when a parser is: `--version` loads no `argparse`."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        def _get_formatter(self) -> argparse.HelpFormatter:
            return self.formatter_class(prog=self.prog, width=_columns() - 2)  # type: ignore[call-arg]

    return _Parser


def _columns() -> int:
    """`shutil.get_terminal_size().columns`, as argparse's formatter asks it."""
    try:
        columns = int(os.environ.get('COLUMNS', '0'))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's flags, or with `command` that command alone
    (a parser of every flag takes longer to make than a build with nothing to do takes to
    answer); `''`: every command, with its help but no flags, as the top level's help lists them."""
    parser = _parser_class()(description='Annotated Python sources to a side-by-side HTML site.')
    parser.add_argument('--version', action='version', version=f'%(prog)s {__version__}')
    parser.add_argument('--root', help='project folder holding pyproject.toml (default: current folder)')
    # `prog` given: argparse would otherwise load its help formatter (and `shutil`) to compute it.
    sub = parser.add_subparsers(dest='command', required=True, prog=parser.prog)
    for name, (text, flags, _) in COMMANDS.items():
        if command in (None, name):
            flags(sub.add_parser(name, help=text))
        elif not command:
            sub.add_parser(name, help=text)
    return parser


def _command(argv: list[str]) -> str:
    """The command `argv` names, after `--root FOLDER` if given; '' for anything else before it
    (help, the version, a mistake), whose answer shows every command."""
    words = iter(argv)
    for word in words:
        if word.split('=', 1)[0] in ('--r', '--ro', '--roo', '--root'):  # argparse takes abbreviations
            if '=' not in word:
                next(words, None)  # the folder
            continue
        return word if word in COMMANDS else ''
    return ''


def _common(p: argparse.ArgumentParser) -> None:
    """The flags of `build`, `check` and `serve`."""
    _input_flags(p)
    p.add_argument(
        '--lang',
        default=None,
        help='language codes, comma-separated, or "all" (default: the configured languages)',
    )
    p.add_argument('--templates', help='folder of templates overriding the built-in ones')
    p.add_argument(
        '--strict', action='store_true', help='warnings (bad LaTeX, missing translations) are errors'
    )
    p.add_argument(
        '--sanitize',
        action='store_true',
        help="pass the English documentation's HTML through the translations' allow-list "
        '(sanitize_english in [tool.site]): for packages copied from elsewhere',
    )
    _verbose_flag(p)


def _build_flags(b: argparse.ArgumentParser) -> None:
    _common(b)
    b.add_argument('--out', help='output folder (default: docs/)')
    b.add_argument(
        '--adopt',
        action='store_true',
        help='build into a folder this tool did not write: files at paths it writes are replaced, others kept',
    )
    b.add_argument('--report', help='write a JSON report to this file')
    b.add_argument('--quiet', action='store_true', help='only the summary')


def _check_flags(c: argparse.ArgumentParser) -> None:
    _common(c)
    c.add_argument('--out', help='output folder to compare (default: docs/)')


def _serve_flags(s: argparse.ArgumentParser) -> None:
    _common(s)
    s.set_defaults(lang='all', out=None)  # a preview shows every language; it writes no output folder
    s.add_argument('--port', type=int, default=8000)
    s.add_argument('--host', default='127.0.0.1', help='address to listen on (default: 127.0.0.1)')


def _as_paths(args: argparse.Namespace) -> None:
    """The flags that name files, as paths: the parser leaves them text, so that a build with nothing
    to do (`sitegen.building.uptodate`) is answered without loading `pathlib`. Each command calls this first."""
    from pathlib import Path

    from sitegen.building.uptodate import PATH_FLAGS

    for name in PATH_FLAGS:
        if isinstance(getattr(args, name, None), str):
            setattr(args, name, Path(getattr(args, name)))


def configure(args: argparse.Namespace) -> tuple[SiteConfig, tuple[str, ...]]:
    import json
    from pathlib import Path

    from sitegen.errors import UsageError
    from sitegen.reading.config import check_addresses, check_languages, load_config
    from sitegen.sitewide import revision

    root = (args.root or Path.cwd()).resolve()
    config = load_config(root)
    changes: dict[str, object] = {}
    for flag in ('source', 'cache', 'templates', 'out'):
        value = getattr(args, flag, None)
        if value is not None:
            changes['output' if flag == 'out' else flag] = Path.cwd() / value  # an absolute path stays
    if 'source' in changes and config.title == config.package:  # a title of its own is kept
        changes['title'] = Path(changes['source']).resolve().name  # type: ignore[arg-type]
    changes['strict'] = args.strict
    if getattr(args, 'sanitize', False):
        changes['sanitize_english'] = True
    for item in getattr(args, 'set', []):
        key, sep, value = item.partition('=')
        if not sep or key not in OVERRIDABLE:
            raise UsageError(f'--set {item}: expected KEY=VALUE with KEY one of {", ".join(OVERRIDABLE)}')
        changes[key] = value
    config = config.replace(**changes)
    check_addresses(config, '--set')
    if config.commit is not None and not revision.valid(config.commit):
        raise UsageError(f'--set commit={config.commit}: expected a commit id (hexadecimal) or nothing')
    _check_folders(config, serving=args.command == 'serve')
    if args.lang in (None, '', 'all'):  # the configured languages; --lang narrows them
        languages: tuple[str, ...] = config.languages
    else:
        languages = tuple(dict.fromkeys(code.strip() for code in args.lang.split(',')))
        check_languages(('en',) + tuple(code for code in languages if code != 'en'), '--lang')
        if any(code not in config.languages for code in languages):
            wanted = list(dict.fromkeys(config.languages + languages))
            raise UsageError(
                f'--lang {args.lang}: not among the configured languages {list(config.languages)}; '
                f'list them as languages = {json.dumps(wanted)} in [tool.site] of pyproject.toml'
            )
    return config, languages


def _check_folders(config: SiteConfig, serving: bool) -> None:
    """The folders a build reads must exist and be folders; say which one is wrong, and how.
    (`serve` may wait for a templates folder to appear: it watches for it.)"""
    from pathlib import Path

    from sitegen.errors import UsageError, display_path
    from sitegen.reading.config import packages

    if config.source == Path():
        found = [p.as_posix() for p in packages(config.root)]
        here = 'this folder' if config.root == Path.cwd().resolve() else display_path(config.root)
        what = (
            f'{len(found)} packages in {here} ({", ".join(found)}) and none named as the project '
            '([project] name in pyproject.toml): give the one to document with --source'
            if found
            else f'no package found in {here} (a folder with an __init__.py, at its top or in src/): '
            'give its folder with --source'
        )
        raise UsageError(
            f'{what}, or set source = "FOLDER" in [tool.site] of pyproject.toml '
            '(annotated-site new FOLDER starts a project)'
        )
    source = config.root / config.source
    if source.is_file():
        raise UsageError(
            f'{display_path(source)} is a file: --source (or [tool.site] source) takes the package folder'
        )
    if not source.is_dir():
        raise UsageError(f'source folder {display_path(source)} does not exist')
    if not any(p.suffix == '.py' for p in source.rglob('*.py')):
        raise UsageError(f'source folder {display_path(source)} holds no .py files to document')
    if config.templates and not (config.root / config.templates).is_dir() and not serving:
        raise UsageError(f'templates folder {display_path(config.root / config.templates)} does not exist')
    for folder in config.assets:
        if not (config.root / folder).is_dir():
            raise UsageError(
                f'assets folder {display_path(config.root / folder)} (in [tool.site]) does not exist'
            )


def _build_beside(
    config: SiteConfig,
    languages: tuple[str, ...],
    args: argparse.Namespace,
    out: Path,
    quiet: bool,
    started: Workers | None = None,
) -> tuple[frozenset[str], BuildResult]:
    """Build in memory, knowing the files of the output folder that are the author's own."""
    from sitegen.building import output
    from sitegen.building.build import build
    from sitegen.console import Progress

    existing = output.foreign_files(out)
    result = build(
        config,
        languages,
        cache_dir=_in_cache(config, args),
        jobs=args.jobs,
        progress=Progress(quiet=quiet),
        existing=existing,
        read_ahead=output.DigestCache(_in_cache(config, args, 'output-digests.marshal')).unknown(out),
        started=started,
        out=out,
    )
    return existing, result


# Whether this process is the command's own (`run`), which may fork workers as a build starts.
_OWN_PROCESS = False


def _start_workers(args: argparse.Namespace) -> Workers | None:
    """Workers forked before the build loads, on Linux with several cores: they load Markdown, Pygments
    and KaTeX while the build reads its configuration and sources (`sitegen.building.workers`). One where
    a build is recorded (it builds a page or two after an edit), in the command's own process only;
    otherwise (a clone's first build, or one without a build cache) one a core."""
    from sitegen.building import uptodate

    cores = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    if cores <= 1 or not sys.platform.startswith('linux'):
        return None
    recorded = not args.no_cache and os.path.exists(uptodate.record_path(uptodate.project_root(args)))
    if recorded and not _OWN_PROCESS:
        return None
    from sitegen.building.workers import Workers

    try:
        return Workers(1 if recorded else cores, typesetting=not recorded)
    except OSError:  # no process to spare: the build forks its own, or builds here
        return None


def _in_cache(config: SiteConfig, args: argparse.Namespace, name: str = '') -> Path | None:
    """The build cache, or a path in it (None with `--no-cache`): `output-digests.marshal`, the digests
    of the output folder's files; `output-spare`, the output a write replaced (`output._replace`)."""
    return None if args.no_cache else config.build_cache / name


def cmd_build(args: argparse.Namespace) -> int:
    started = _start_workers(args)
    try:
        return _build_command(args, started)
    finally:
        if started is not None:
            started.close()


def _build_command(args: argparse.Namespace, started: Workers | None = None) -> int:
    _as_paths(args)
    from pathlib import Path

    from sitegen.building import output, uptodate
    from sitegen.errors import UsageError, display_path, plural

    # The project file's state before it is read, the rest's once the configuration says where it is.
    project_file = uptodate.snapshot([str((args.root or Path.cwd()).resolve() / 'pyproject.toml')])
    config, languages = configure(args)
    if args.report:
        if args.report.is_dir():
            raise UsageError(
                f'--report {display_path(args.report)} is a folder: give a file name, such as report.json'
            )
        output.refuse_input(args.report, config, '--report')
    try:
        out = output.open_output(config)
    except OSError as e:
        return _cannot_write(display_path(config.root / config.output), e)
    output.refuse_foreign(out, args.adopt)
    try:
        output.refuse_links(out, args.adopt)
    except output.OutputError as e:
        print(f'error: {e}', file=sys.stderr)
        return 1
    read = None if args.no_cache else {**project_file, **_inputs(config)}
    existing, result = _build_beside(config, languages, args, out, quiet=args.quiet, started=started)
    if not args.adopt:
        output.report_shadowed(existing, result.outputs, out, result.messages, config.strict)
    _print_messages(result, args.verbose)
    if not result.ok and result.pages_alone_failed:
        # Keep going: the other pages are written; the failed ones keep their last output.
        failed = result.failed_pages
        code = _write(result, out, config, languages, args, also_keep=frozenset(failed)) or 1
        shown = ', '.join(failed[:5]) + (', ...' if len(failed) > 5 else '')
        print(
            f'{plural(len(failed), "page")} failed ({shown}), the others '
            'written; a failed page keeps what the last build wrote: fix the errors above',
            file=sys.stderr,
        )
        return _report(result, args.report) or code
    code = _write(result, out, config, languages, args) if result.ok else 1
    if not result.ok:
        print(
            f'build failed, {display_path(out)} left as it was: {result.summary(args.verbose)}',
            file=sys.stderr,
        )
    code = _report(result, args.report) or code
    if code == 0 and read is not None:
        _remember(args, config, read, out, result)
    return code


def _print_messages(result: BuildResult, verbose: bool, file: TextIO | None = None) -> None:
    """A build's messages and translation hints (on stderr), as the build prints them and its replay."""
    from sitegen.console import print_messages, translation_hints

    print_messages(result.messages, file=file, verbose=verbose)
    for hint in translation_hints(result.translation()):
        print(f'hint: {hint}', file=file or sys.stderr)


def _cannot_write(what: str, e: OSError) -> int:
    print(f'error: cannot write {what}: {e.strerror or e}', file=sys.stderr)
    return 1


def _inputs(config: SiteConfig) -> dict[str, list[object] | None]:
    """The state of everything a build of `config` reads (the folders `serve` watches, and the papers
    file), taken before it reads it."""
    from sitegen.building import uptodate
    from sitegen.serving.watcher import watched_paths

    trees = [str(folder) for folder in watched_paths(config)]
    return uptodate.inputs(str(config.root), [str(config.root / config.papers)], trees)


def _remember(
    args: argparse.Namespace, config: SiteConfig, read: dict, out: Path, result: BuildResult
) -> None:
    """Keep what this build read, wrote and printed, so that the same build with nothing changed
    is answered from the states alone (`sitegen.building.uptodate.replay`)."""
    import io

    from sitegen.building import output, uptodate
    from sitegen.errors import display_path, plural

    messages = io.StringIO()
    _print_messages(result, args.verbose, messages)
    n = len(result.pages)
    report = result.report()
    del report['seconds']
    printed: dict[str, object] = {
        'stage': f'{plural(n, "source")}, {n} unchanged, 0 to build',
        'messages': messages.getvalue(),
        'shown': display_path(out),
        'figures': result.figures(args.verbose),
        'report': report,
    }
    written = [str(config.root / config.output), str(out)]
    try:
        with output.lock(out):  # the output as this build left it, not as another build wrote it since
            owned = output.read_manifest(out) or {}
            if all(owned.get(rel, f.digest) == f.digest for rel, f in result.outputs.items()):
                uptodate.record(str(config.root), uptodate.request(args, os.getcwd()), read, written, printed)
    except OSError:
        pass  # the site is written; without a record the next build only takes longer


def _write(
    result: BuildResult,
    out: Path,
    config: SiteConfig,
    languages: tuple[str, ...],
    args: argparse.Namespace,
    also_keep: frozenset[str] = frozenset(),
) -> int:
    """Put the build in place; say truthfully what is on disk if that was interrupted or failed.
    `also_keep`: pages (their paths in English) whose files in every language are left as they are."""
    from sitegen.building import output
    from sitegen.doc import lang_path
    from sitegen.errors import display_path

    kept = {lang_path(lang, page) for page in also_keep for lang in config.languages}

    state = output.WriteState(out)
    try:
        plan = output.write_site(
            result.outputs,
            out,
            keep=lambda rel: rel in kept or output.language_of(rel, config.languages) not in languages,
            adopt=args.adopt,
            digest_cache=_in_cache(config, args, 'output-digests.marshal'),
            state=state,
            known=result.digests,
            spare=_in_cache(config, args, 'output-spare'),
        )
    except KeyboardInterrupt:
        print(f'interrupted; {display_path(out)} holds {state.on_disk()}', file=sys.stderr)
        return 130
    except (output.OutputError, OSError) as e:
        fault = f'cannot write {display_path(out)}: {e.strerror or e}' if isinstance(e, OSError) else e
        print(f'error: {fault}\n{display_path(out)} holds {state.on_disk()}', file=sys.stderr)
        return 1
    print(f'{"built" if plan.changes else "up to date:"} {display_path(out)}: {result.summary(args.verbose)}')
    return 0


def _report(result: BuildResult, path: Path | None) -> int:
    """Write `--report`; 1 when it cannot be written."""
    if path is None:
        return 0
    import json

    from sitegen.errors import display_path

    try:
        path.write_text(json.dumps(result.report(), indent=1, ensure_ascii=False) + '\n')
    except OSError as e:
        return _cannot_write(f'the report {display_path(path)}', e)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    _as_paths(args)
    from sitegen.building import output
    from sitegen.console import print_messages, program
    from sitegen.errors import display_path, plural
    from sitegen.sitewide import revision

    config, languages = configure(args)
    out = output.real_folder(config.root / config.output)
    if out.parent.is_dir():
        with output.lock(out):
            output.recover(out)
    if config.commit is None:  # the output is compared with a build of the commit it names
        config = config.replace(commit=revision.recorded_commit(out))
    _, result = _build_beside(config, languages, args, out, quiet=True)
    print_messages(result.messages, verbose=args.verbose)
    shown = display_path(out)
    if out.is_dir() and output.read_manifest(out) is None and any(out.iterdir()):
        print(f'{shown} has no {output.MANIFEST}: build into it once with --adopt', file=sys.stderr)
    differ = output.compare(
        result.outputs, out, keep=lambda rel: output.language_of(rel, config.languages) not in languages
    )
    for name, state in differ[:50]:
        print(f'{shown}/{name}: {state}', file=sys.stderr)
    if len(differ) > 50:
        print(f'... and {len(differ) - 50} more', file=sys.stderr)
    if differ:
        print(
            f'{shown} differs from a fresh build in {plural(len(differ), "file")}: run `{program()} build`',
            file=sys.stderr,
        )
    if not result.ok:
        print(plural(len(result.messages.errors), 'error'), file=sys.stderr)
    ok = result.ok and not differ
    if ok:
        print(f'{shown} is up to date: {result.summary(args.verbose)}')
    return 0 if ok else 1


def cmd_serve(args: argparse.Namespace) -> int:
    _as_paths(args)
    from sitegen.serving import web

    config, languages = configure(args)
    return web.serve(
        config, languages, args.host, args.port, _in_cache(config, args), args.jobs, verbose=args.verbose
    )


def _translate_parser(t: argparse.ArgumentParser) -> None:
    actions = t.add_subparsers(dest='action', required=True, prog=t.prog)

    def action(name: str, text: str) -> argparse.ArgumentParser:
        """An action's parser, with the flags every action takes."""
        p = actions.add_parser(name, help=text)
        _input_flags(p)
        p.add_argument('--lang', default=None, help='a translated language, or "all" (default: all)')
        p.set_defaults(templates=None, strict=False)
        _verbose_flag(p)
        return p

    st = action('status', 'coverage per page and language, and stale entries')
    st.add_argument(
        '--strict',
        action='store_true',
        help='a missing or rejected translation, or a word the glossary never uses, is an error',
    )
    ex = action('export', 'write the fragments still to translate, for a translator')
    ex.add_argument('file', help='JSON file to write ("-": standard output)')
    im = action('import', "check a translator's file and merge it into the caches")
    im.add_argument('file')
    im.add_argument('--dry-run', action='store_true', help='check only; write nothing')
    pr = action('prune', 'remove entries no page asks for any more')
    pr.add_argument('--dry-run', action='store_true', help='list them only')
    ma = action('machine', 'fill missing entries through a machine-translation service')
    ma.add_argument('--backend', default='google', help='service to use (default: google)')
    ma.add_argument('--limit', type=int, default=0, help='at most this many fragments (default: all)')


def _new_flags(n: argparse.ArgumentParser) -> None:
    n.add_argument('folder', help='the project folder (made when missing; nothing in it is overwritten)')
    n.add_argument('--package', help="the package's name (default: the folder's name)")


def cmd_new(args: argparse.Namespace) -> int:
    """`new FOLDER`: write the project, then say how to build and preview it."""
    from pathlib import Path

    from sitegen.commands.scaffold import new_project
    from sitegen.errors import display_path

    folder = Path(args.folder)
    for path in new_project(folder, args.package):
        print(f'wrote {display_path(path)}')
    print(f'next: cd {folder} && annotated-site build && annotated-site serve')
    return 0


def cmd_translate(args: argparse.Namespace, backend: object = None) -> int:
    """`translate status|export|import|prune|machine`; each works on a build held in memory."""
    _as_paths(args)
    import contextlib

    from sitegen.commands import cli_translate, translators
    from sitegen.errors import UsageError
    from sitegen.files import hold

    config, languages = configure(args)
    languages = tuple(code for code in languages if code != 'en')
    if not languages:
        raise UsageError(
            'no translated language configured or asked for: list one after "en" in [tool.site] of '
            'pyproject.toml, such as languages = ["en", "zh"]'
        )
    if args.action == 'export' and str(args.file) != '-':
        from sitegen.building.output import refuse_input

        refuse_input(args.file, config, 'translate export')
    session = translators.open_session(config, languages, _in_cache(config, args), args.jobs)
    cli_translate.print_session(session)
    # The actions that write cache files hold the cache folder, so that two of them take turns.
    writes = args.action in ('import', 'machine', 'prune') and not getattr(args, 'dry_run', False)
    with hold(session.cache_root, 'translate command writing') if writes else contextlib.nullcontext():
        if args.action == 'machine':
            return cli_translate.machine(session, args, backend)  # type: ignore[arg-type]
        return cli_translate.ACTIONS[args.action](session, args)


# Each command: its help, its flags (defined only for the command that runs: `_parser`), its handler.
COMMANDS = {
    'build': ('build the site into the output folder', _build_flags, cmd_build),
    'check': ('fail when the output differs from a fresh build or a link is broken', _check_flags, cmd_check),
    'serve': (
        'serve the site from memory, rebuilding and reloading when sources change',
        _serve_flags,
        cmd_serve,
    ),
    'translate': ("translation coverage and the translators' workflow", _translate_parser, cmd_translate),
    'new': ('start a project in a folder: [tool.site] and an annotated example page', _new_flags, cmd_new),
}


# A build makes millions of objects that live as long as a page and few that refer to one another
# in a ring: Python's collector, at its thresholds of (700, 10, 10), took 4% of a worker's time on the
# labml package, looking through the same young objects again and again for rings that are not there.
GC_THRESHOLDS = (50_000, 20, 20)


def run() -> NoReturn:
    """The command as a process (`build_site.py`, `annotated-site`, `python -m sitegen`): `main`, then
    the process ends without taking the interpreter apart (20-30 ms for nothing), once the exit handlers
    have run and the output is flushed. Where a thread still runs, the output cannot be flushed, or a
    profiler, debugger or coverage tool waits to write what it found, Python's own exit does it."""
    global _OWN_PROCESS
    _OWN_PROCESS = True
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        code = main()
    except KeyboardInterrupt:  # Ctrl-C before a command began (its own say what is on disk)
        print('interrupted', file=sys.stderr)
        code = 130
    threading = sys.modules.get('threading')
    if (threading is not None and threading.active_count() > 1) or _watched():
        sys.exit(code)
    atexit._run_exitfuncs()  # the handlers Python's exit would run (temporary folders, say)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(code)  # Python's exit reports it as it would
    os._exit(code)


def _watched() -> bool:
    """Whether a tracer, a profiler or a monitoring tool (coverage, a debugger) watches the process."""
    if sys.gettrace() is not None or sys.getprofile() is not None:
        return True
    monitoring = getattr(sys, 'monitoring', None)  # Python 3.12 on
    return monitoring is not None and any(monitoring.get_tool(tool) is not None for tool in range(6))


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    argv = sys.argv[1:] if argv is None else argv
    if argv == ['--version']:  # as argparse prints it, without making a parser
        print(f'{os.path.basename(sys.argv[0])} {__version__}')
        return 0
    parser = _parser(_command(argv))
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # said by the parser of every command, whose usage lists them all
        parser = _parser()
        args = parser.parse_args(argv)
    if args.command == 'build' and not args.no_cache:
        from sitegen.building import uptodate

        answered = uptodate.replay(args, started)
        if answered is not None:
            return answered
    from sitegen.errors import UsageError
    from sitegen.files import io_problem

    try:
        return COMMANDS[args.command][2](args)
    except UsageError as e:
        print(f'{parser.prog}: error: {e}', file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print('interrupted; the output was left as it was', file=sys.stderr)
        return 130
    except OSError as e:
        # A full disk, or a folder (the build cache, say) removed while the command ran.
        print(f'error: {io_problem(e)}', file=sys.stderr)
        return 1
