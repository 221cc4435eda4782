"""Build-time benchmark: our generator against pycco and against a lower bound, on several corpora.

Prints figures and the goal beside each; asserts nothing. For each run: wall time, CPU time (the
process and all its workers), peak RSS of the main process and of the largest worker.

    python bench/build_bench.py [--corpus std6 stdlib labml site ...] [--repeat 3] [--jobs N]
                                [--skip-pycco] [--roots CHECKOUT ...] [--content REV]

Corpora (each in a temporary project, so that the "edit one file" run touches nothing else):
- `std6`: six standard-library packages (102 files), English;
- `stdlib`: the whole standard library without its tests (734 files), English;
- `labml`: a 222-file package in labml's style (copies of `labml_nn`, imports renamed), English,
  then in English, Chinese and Japanese from a generated cache (every value its key); pycco
  builds the English only;
- `translated`: the same package in English, Chinese and Japanese from the project's real
  translations, altered as real caches are: texts edited since they were translated (found as
  outdated translations), links moved, texts never translated, values needing repair, stale entries;
- `site`: our own site in every language (no-op rebuild, one-file edit) and `--version`;
- `fixture`: the literate fixture of the tests.

The lower bound is the work no generator of such pages avoids, in one process: read each file,
`tokenize` it, Pygments over it, Markdown of each docstring and comment block. With `--roots`,
each checkout's `build_site.py` is run in turn in every round (interleaved, so that a change of
load on a shared machine falls on all of them), one row each. On the package corpora pycco runs once
in every round too, before the checkouts, and each round's ratio is printed beside the medians' (on this 2-core machine
the same build's ratio has moved from 0.38 to 0.66 between two runs twenty minutes apart). With
`--content REV` the labml-style corpora are made from `labml_nn` and `translate_cache` as they
were at that commit (the content a goal was set on).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STD6 = ['asyncio', 'email', 'xml', 'json', 'ctypes', 'logging']
SKIP = ('__pycache__', 'tests', 'test', 'idle_test', 'site-packages')
FIXTURE = ROOT / 'tests' / 'fixtures' / 'literate'
LABML_FILES = 222

# Goals of issue 22: (figure, at most).
GOALS = {
    'labml, en+zh+ja: cold': ('wall/pycco', 0.6),
    'translated, en+zh+ja: cold': ('wall/pycco', 0.6),
    'stdlib, en: cold': ('wall/pycco', 0.4),
    'stdlib, en: cold ': ('cpu/lower bound', 1.1),
    'main MB': ('stdlib main process peak', 100.0),
    'worker MB': ('each worker peak', 100.0),
    'site: no-op': ('wall s', 0.1),
    'site: one file edited': ('wall s', 0.3),
    'site: serve, one file edited': ('wall s', 0.3),
    '--version': ('wall s', 0.06),
}


@dataclass
class Run:
    name: str
    wall: float
    cpu: float
    main_mb: float
    worker_mb: float
    code: int
    walls: list[float] = field(default_factory=list)  # every repeat's wall time (spread)


def _rss(pid: int) -> int:
    with open(f'/proc/{pid}/statm') as f:
        return int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')


def _tree(pid: int) -> list[int]:
    """A process and all its descendants."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            with open(f'/proc/{p}/task/{p}/children') as f:
                todo.extend(int(c) for c in f.read().split())
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            pass
    return found


def measure(name: str, cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> Run:
    # What it prints goes to a file: a pipe that nobody reads while it runs would stop a build with
    # many warnings (the translated corpus prints about 200 KB) at the pipe's 64 KB.
    errors = tempfile.TemporaryFile()
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=errors, env=env)
    peaks: dict[int, int] = {}
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            for p in _tree(proc.pid):
                try:
                    peaks[p] = max(peaks.get(p, 0), _rss(p))
                except (FileNotFoundError, ProcessLookupError, PermissionError):
                    pass
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    errors.seek(0)
    err = errors.read().decode(errors='replace')
    errors.close()
    if proc.returncode not in (0, 1):
        print(f'{name}: exit {proc.returncode}\n{err[-2000:]}', file=sys.stderr)
    cpu = usage.ru_utime + usage.ru_stime
    # A process that ended before the first sample: the kernel's figure (one process, so it is its own).
    main = peaks.get(proc.pid, 0) if len(peaks) > 1 else max(peaks.get(proc.pid, 0), usage.ru_maxrss * 1024)
    workers = max((v for p, v in peaks.items() if p != proc.pid), default=0)
    return Run(name, wall, cpu, main / 2**20, workers / 2**20, proc.returncode)


def _copy_package(source: Path, target: Path) -> None:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*SKIP))


def _project(where: Path, name: str, languages: tuple[str, ...]) -> Path:
    project = where / f'{name}-project'
    (project / name).mkdir(parents=True, exist_ok=True)
    (project / 'pyproject.toml').write_text(
        f'[tool.site]\ntitle = "{name}"\nurl = "https://example.org/"\n'
        f'repository = "https://github.com/example/{name}"\nsource = "{name}"\noutput = "site"\n'
        f'languages = {list(languages)!r}\n'.replace("'", '"')
    )
    return project


def make_corpus(packages: list[str] | None, where: Path, languages: tuple[str, ...] = ('en',)) -> Path:
    """Standard-library packages (all of the library when `packages` is None) in a project."""
    stdlib = Path(sysconfig.get_paths()['stdlib'])
    project = _project(where, 'corpus', languages)
    source = project / 'corpus'
    if packages is None:
        for path in sorted(stdlib.iterdir()):
            if path.is_dir() and path.name not in SKIP and (path / '__init__.py').exists():
                _copy_package(path, source / path.name)
            elif path.suffix == '.py' and path.name != '__init__.py':
                shutil.copy(path, source / path.name)
    else:
        for name in packages:
            _copy_package(stdlib / name, source / name)
    (source / '__init__.py').write_text('"""\n# Standard-library corpus\n"""\n')
    if len(languages) > 1:
        _generated_caches(project, languages[1:])
    return project


def make_labml(
    where: Path, languages: tuple[str, ...], translated: bool = False, content: Path = ROOT
) -> Path:
    """`LABML_FILES` files in labml's style: copies of `labml_nn` (of the checkout `content`), each
    importing its own copy. Translated, their caches are the project's own, altered as real caches
    are (`_translated_caches`); otherwise generated, every value its key."""
    project = _project(where, 'lab', languages)
    source = project / 'lab'
    (source / '__init__.py').write_text('"""\n# Copies of the annotated implementations\n"""\n')
    originals = sorted(p for p in (content / 'labml_nn').rglob('*.py') if '__pycache__' not in p.parts)
    count, copy = 1, 0
    while count < LABML_FILES:
        for path in originals:
            if count >= LABML_FILES:
                break
            target = source / f'c{copy}' / path.relative_to(content / 'labml_nn')
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(path.read_text(encoding='utf-8').replace('labml_nn', f'lab.c{copy}'))
            count += 1
        copy += 1
    for folder in source.rglob('*'):
        if folder.is_dir() and not (folder / '__init__.py').exists():
            (folder / '__init__.py').write_text('"""\n# A folder\n"""\n')
    if len(languages) > 1 and translated:
        _translated_caches(project, languages[1:], copy, content)
    elif len(languages) > 1:
        _generated_caches(project, languages[1:])
    return project


# How the translated corpus's caches differ from the pages, each a share of a file's keys, drawn
# with a seed of the file's name: the English since edited a little (a typo fixed: the cache holds
# the older text), a link moved (the same words, another target), a text never translated, and a
# value whose HTML needs repair (a stray end tag, as the seed of `mha.zh.json` has). Each file also
# keeps entries of another page's texts (stale: the page no longer has them).
TYPO, MOVED, UNTRANSLATED, REPAIR, STALE = 0.05, 0.02, 0.04, 0.025, 3
_WORD = re.compile(r'(?<![<&/=_^])\b([a-z]{5,})\b(?![^<]*>)')


def _translated_caches(project: Path, languages: tuple[str, ...], copies: int, content: Path) -> None:
    """Every copy's pages with the project's real Chinese and Japanese translations, altered as real
    caches are (above). Builds report the misses, outdated entries and repairs as warnings and notices."""
    import random

    for lang in languages:
        files = sorted((content / 'translate_cache').rglob(f'*.{lang}.json'))
        entries = {path: json.loads(path.read_text(encoding='utf-8')) for path in files}
        for copy in range(copies):
            for index, path in enumerate(files):
                rel = path.relative_to(content / 'translate_cache')
                page = project / 'lab' / f'c{copy}' / (rel.as_posix()[: -len(f'.{lang}.json')] + '.py')
                if not page.exists():  # the last copy is not whole
                    continue
                rng = random.Random(f'{copy}/{rel}')
                name = f'lab.c{copy}'
                cache = {}
                for key, value in entries[path].items():
                    key, value = key.replace('labml_nn', name), value.replace('labml_nn', name)
                    draw = rng.random()
                    words = _WORD.findall(key)
                    if draw < TYPO and words:  # the cache's English had a typo the source has since fixed
                        word = rng.choice(words)
                        key = key.replace(word, word[0] + word[2] + word[1] + word[3:], 1)
                    elif draw < TYPO + MOVED and 'href="' in key:
                        key = key.replace('href="', 'href="../moved/', 1)
                    elif draw < TYPO + MOVED + UNTRANSLATED:
                        continue
                    elif draw < TYPO + MOVED + UNTRANSLATED + REPAIR:
                        value = '</a>' + value
                    cache[key] = value
                other = entries[files[(index + 1) % len(files)]]
                for key in rng.sample(sorted(other), min(STALE, len(other))):
                    cache.setdefault(key, other[key])
                target = project / 'translate_cache' / f'c{copy}' / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(json.dumps(cache, ensure_ascii=False, indent=4), encoding='utf-8')


_CACHES = """
import sys
from pathlib import Path
from sitegen.building.build import build
from sitegen.translation.catalog import dump_cache
from sitegen.reading.config import load_config
from sitegen.commands.translators import cache_uses

project = Path(sys.argv[1])
result = build(load_config(project), tuple(sys.argv[2:]))
for use in cache_uses(result, project / 'translate_cache'):
    use.path.parent.mkdir(parents=True, exist_ok=True)
    use.path.write_bytes(dump_cache({k: k for k in use.keys}))
"""


def _generated_caches(project: Path, languages: tuple[str, ...]) -> None:
    """A translation cache for every page and language whose values are their keys (not timed).

    Made in a process of its own: a child forked from a large process would report that
    process's memory as its own peak.
    """
    env = {**os.environ, 'PYTHONPATH': str(ROOT / 'generator')}
    subprocess.run([sys.executable, '-c', _CACHES, str(project), *languages], check=True, env=env)


_LOWER_BOUND = """
import io, sys, tokenize
from pathlib import Path
import markdown
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

lexer, formatter = PythonLexer(stripnl=False, ensurenl=True), HtmlFormatter(nowrap=True)
md = markdown.Markdown(extensions=['fenced_code', 'tables'])
for name in sys.argv[1:]:
    text = Path(name).read_bytes().decode('utf-8', errors='replace')
    highlight(text, lexer, formatter)
    docs, comments, previous = [], [], None
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                comments.append(token.string.lstrip('#'))
            elif comments and token.type not in (tokenize.NL, tokenize.NEWLINE):
                docs.append('\\n'.join(comments))
                comments = []
            if token.type == tokenize.NEWLINE and previous is not None and previous.type == tokenize.STRING:
                docs.append(previous.string.strip('rbuRBU').strip('"' + "'"))
            previous = token
    except (tokenize.TokenError, SyntaxError):
        pass
    for doc in docs:
        md.reset().convert(doc)
"""


_SERVE_EDITS = """
import inspect, json, os, resource, sys, time
from pathlib import Path
from sitegen.serving import server, web
from sitegen.reading.config import load_config

project, edit, repeat = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
os.chdir(project)
config = load_config(project)
state = server.SiteState()
extra = {}
if 'kept' in inspect.signature(web.rebuild).parameters:  # what a checkout keeps between rebuilds
    from sitegen.building.sitefiles import Kept
    extra['kept'] = Kept()
quiet = lambda *a, **k: None
original = edit.read_text(encoding='utf-8')
web.rebuild(config, config.languages, config.build_cache, 1, state, log=quiet, **extra)
times = []
try:
    for i in range(repeat):
        edit.write_text(original + f'\\n# An edit for the benchmark.\\nEDITED = {i}{time.time_ns()}\\n', encoding='utf-8')
        wall, cpu = time.perf_counter(), time.process_time()
        assert web.rebuild(config, config.languages, config.build_cache, 1, state, log=quiet, **extra)
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
finally:
    edit.write_text(original, encoding='utf-8')
print(json.dumps({'times': times, 'rss_mb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def serve_runs(label: str, project: Path, edit: Path, repeat: int, roots: list[Path]) -> list[Run]:
    """The rebuild `serve` makes after a one-file edit (the same edit as `our_runs`, new each
    time), in the process that stays: the site in memory, as the preview serves it, nothing
    written. At least five edits: the first pays what the first build did not need (it found
    every page in the cache)."""
    rows = []
    for root in roots:
        done = subprocess.run(
            [sys.executable, '-c', _SERVE_EDITS, str(project), str(edit), str(max(5, repeat))],
            env=_env(root),
            capture_output=True,
            text=True,
            check=True,
        )
        found = json.loads(done.stdout.strip().splitlines()[-1])
        runs = [Run(label, wall, cpu, found['rss_mb'], 0.0, 0) for wall, cpu in found['times']]
        rows.append(median_run(runs))
        rows[-1].name = _label(label, root, roots)
    return rows


def lower_bound(project: Path, files: list[str], repeat: int) -> Run:
    """The irreducible work in one process: read, tokenize, Pygments, Markdown of each docstring."""
    cmd = [sys.executable, '-c', _LOWER_BOUND, *files]
    return median_run([measure('lower bound (1 process)', cmd, project) for _ in range(repeat)])


def ours(project: Path, *args: str, root: Path = ROOT) -> list[str]:
    """The command of one of our builds of `project`, with the generator of checkout `root`."""
    return [sys.executable, str(root / 'build_site.py'), '--root', str(project), 'build', '--quiet', *args]


def _env(root: Path) -> dict[str, str]:
    """The environment of a run: the checkout's generator first, and compiled modules kept, as an
    installed package has them (with PYTHONDONTWRITEBYTECODE every run compiles the generator)."""
    env = {**os.environ, 'PYTHONPATH': f'{root / "generator"}{os.pathsep}{root}', 'OMP_NUM_THREADS': '1'}
    env.pop('PYTHONDONTWRITEBYTECODE', None)
    return env


def facts(project: Path, extra: list[str]) -> str:
    """Formulas typeset and warnings by kind, from a build's `--report`."""
    report = project / 'report.json'
    cmd = ours(project, '--no-cache')
    subprocess.run(
        [*cmd, *extra, '--out', str(project / 'facts-site'), '--report', str(report)],
        capture_output=True,
        env=_env(ROOT),
    )
    shutil.rmtree(project / 'facts-site', ignore_errors=True)
    data = json.loads(report.read_text())
    kinds: dict[str, int] = {}
    for w in data['warnings']:
        kinds[w['kind']] = kinds.get(w['kind'], 0) + 1
    shown = ', '.join(f'{n} {k}' for k, n in sorted(kinds.items(), key=lambda i: -i[1])) or 'none'
    translated = ', '.join(
        f'{lang} {t["found"]}/{t["found"] + t["missing"] + t["invalid"]}'
        for lang, t in data['translation'].items()
    )
    return (
        f'{data["pages"]} pages, {data["math"]} formulas typeset, {len(data["warnings"])} warnings ({shown}), '
        f'{len(data["errors"])} errors' + (f'; translations found: {translated}' if translated else '')
    )


def _goal(label: str, value: float) -> str:
    goal = GOALS.get(label)
    if goal is None:
        return ''
    what, limit = goal
    return f'{what} {value:.2f} (goal <= {limit:g}: {"met" if value <= limit else "NOT met"})'


def table(rows: list[Run], baseline: Run | None, bound: Run | None = None) -> None:
    print(
        f'{"run (median of repeats)":<40}{"wall s":>8}{"spread":>13}{"cpu s":>8}{"main MB":>9}'
        f'{"worker MB":>10}{"/pycco":>8}{"cpu/lb":>8}'
    )
    for r in rows:
        ratio = f'{r.wall / baseline.wall:.2f}' if baseline and r is not baseline else ''
        over = f'{r.cpu / bound.cpu:.2f}' if bound and r is not bound and r is not baseline else ''
        spread = f'{min(r.walls):.2f}-{max(r.walls):.2f}' if len(r.walls) > 1 else ''
        print(
            f'{r.name:<40}{r.wall:>8.2f}{spread:>13}{r.cpu:>8.2f}{r.main_mb:>9.0f}{r.worker_mb:>10.0f}'
            f'{ratio:>8}{over:>8}'
        )
        label = r.name.split(' [')[0]
        notes = []
        if baseline and r is not baseline and label in GOALS and GOALS[label][0] == 'wall/pycco':
            notes.append(_goal(label, r.wall / baseline.wall))
        if bound and r is not bound and f'{label} ' in GOALS:
            notes.append(_goal(f'{label} ', r.cpu / bound.cpu))
        if label in GOALS and GOALS[label][0] == 'wall s':
            notes.append(_goal(label, r.wall))
        if label.startswith('stdlib') and label.endswith('cold'):
            notes.append(_goal('main MB', r.main_mb))
        if label.endswith('cold') and r.worker_mb:
            notes.append(_goal('worker MB', r.worker_mb))
        for note in filter(None, notes):
            print(f'{"":<6}{note}')


def median_run(runs: list[Run]) -> Run:
    """The run with the median wall time: one slow run (another process woke up) does not count."""
    chosen = sorted(runs, key=lambda r: r.wall)[len(runs) // 2]
    chosen.walls = [r.wall for r in runs]
    return chosen


def _label(label: str, root: Path, roots: list[Path]) -> str:
    return label if len(roots) == 1 else f'{label} [{root.name}]'


def our_runs(
    label: str,
    project: Path,
    edit: Path | None,
    extra: list[str],
    repeat: int,
    roots: list[Path],
    each_round: Callable[[], object] = lambda: None,
) -> list[Run]:
    """Cold, no-op and (with `edit`) one-file-edit builds, each checkout in turn in every round;
    `each_round` runs first in every round (pycco, so that a ratio compares runs of one moment)."""
    runs: dict[tuple[str, Path], list[Run]] = {}
    original = edit.read_text(encoding='utf-8') if edit else ''
    # The output made once first, untimed: every cold build then writes over the output as a build
    # left it, as a rebuild does. Into an empty folder every file is new, which costs this machine's
    # file system more than the build's own work would suggest (see bench/PERFORMANCE.md).
    subprocess.run(ours(project, *extra, root=roots[0]), env=_env(roots[0]), capture_output=True)
    for i in range(repeat):
        each_round()
        for root in roots:
            build = ours(project, *extra, root=root)
            env = _env(root)
            shutil.rmtree(project / '.build_cache', ignore_errors=True)
            runs.setdefault(('cold', root), []).append(measure(f'{label}: cold', build, project, env))
            runs.setdefault(('no-op', root), []).append(measure(f'{label}: no-op', build, project, env))
            if edit is None:
                continue
            # A different edit each time, so that every run really has one page to rebuild.
            edit.write_text(original + f'\n# An edit for the benchmark.\nEDITED = {i}\n', encoding='utf-8')
            try:
                one = measure(f'{label}: one file edited', build, project, env)
                runs.setdefault(('one file edited', root), []).append(one)
            finally:
                edit.write_text(original, encoding='utf-8')
    kinds = ['cold', 'no-op', 'one file edited']
    rows = []
    for (_kind, root), group in sorted(
        runs.items(), key=lambda i: (kinds.index(i[0][0]), roots.index(i[0][1]))
    ):
        run = median_run(group)
        run.name = _label(run.name, root, roots)
        rows.append(run)
    return rows


def corpus_rows(name: str, project: Path, edit: Path | None, args: argparse.Namespace, langs: str) -> None:
    files = sorted(
        str(p.relative_to(project)) for p in (project / project.name[: -len('-project')]).rglob('*.py')
    )
    lines = sum(len((project / f).read_bytes().splitlines()) for f in files)
    print(f'\n{name}: {len(files)} files, {lines} lines, {langs}; {os.cpu_count()} cores; load {_load()}')
    print(f'  {facts(project, ["--lang", "all"])}')
    bound = lower_bound(project, files, args.repeat)
    rounds: list[Run] = []  # pycco's run of each round

    def pycco_once() -> None:
        if not args.skip_pycco:
            rounds.append(pycco_run('pycco (same files, English)', files, project, 1))

    ours_rows = our_runs(
        name, project, edit, ['--lang', 'all', *args.jobs_flag], args.repeat, args.roots, pycco_once
    )
    pycco = median_run(rounds) if rounds else None
    table([r for r in (pycco, bound) if r] + ours_rows, pycco, bound)
    for r in ours_rows:
        if pycco and r.name.split(' [')[0].endswith('cold') and len(r.walls) == len(pycco.walls) > 1:
            each = ', '.join(f'{w / p:.2f}' for w, p in zip(r.walls, pycco.walls, strict=True))
            print(f'{"":<6}{r.name}: of pycco in each round {each}')


def _load() -> str:
    return ' '.join(f'{x:.2f}' for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        '--corpus',
        nargs='+',
        default=['std6', 'labml', 'site'],
        choices=['std6', 'stdlib', 'labml', 'translated', 'site', 'fixture'],
    )
    parser.add_argument('--jobs', type=int, default=0)
    parser.add_argument('--skip-pycco', action='store_true')
    parser.add_argument('--repeat', type=int, default=3, help='runs of each kind; the median is shown')
    parser.add_argument('--roots', nargs='+', type=Path, default=[ROOT], help='checkouts to compare')
    parser.add_argument(
        '--content',
        metavar='REV',
        help='make the labml and translated corpora from labml_nn/ and translate_cache/ as they were at '
        'this commit (default: as they are in the working tree)',
    )
    args = parser.parse_args()
    args.jobs_flag = ['--jobs', str(args.jobs)] if args.jobs else []
    args.roots = [r.resolve() for r in args.roots]
    if not args.skip_pycco and not Path(_pycco()).exists():
        parser.exit(
            2, 'pycco is not installed: `make bench` installs it (the bench group), or pass --skip-pycco\n'
        )
    print(f'Python {sys.version.split()[0]}; load average at the start {_load()}')

    with tempfile.TemporaryDirectory() as folder:
        content = ROOT
        if args.content:
            content = Path(folder)
            error = _content_at(args.content, content)
            if error:
                parser.exit(2, f'--content {args.content}: {error}\n')
            print(f'labml_nn/ and translate_cache/ as at {args.content}')
        for corpus in args.corpus:
            corpus_run(corpus, content, args)


def _content_at(rev: str, folder: Path) -> str:
    """`labml_nn/` and `translate_cache/` as they were at commit `rev`, put in `folder`; what git
    said where it could not."""
    archive = subprocess.run(
        ['git', 'archive', rev, 'labml_nn', 'translate_cache'], cwd=ROOT, capture_output=True
    )
    if archive.returncode != 0:
        return archive.stderr.decode(errors='replace').strip()
    subprocess.run(['tar', '-x', '-C', str(folder)], input=archive.stdout, check=True)
    return ''


def corpus_run(corpus: str, content: Path, args: argparse.Namespace) -> None:
    """One corpus's rows, in a temporary project (`content`: where `labml_nn` is copied from)."""
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        if corpus in ('std6', 'stdlib'):
            project = make_corpus(STD6 if corpus == 'std6' else None, tmp)
            corpus_rows(f'{corpus}, en', project, project / 'corpus' / 'json' / 'decoder.py', args, 'en')
        elif corpus == 'labml':
            project = make_labml(tmp / 'en', ('en',), content=content)
            corpus_rows('labml, en', project, None, args, 'en')
            project = make_labml(tmp / 'all', ('en', 'zh', 'ja'), content=content)
            corpus_rows('labml, en+zh+ja', project, None, args, 'en/zh/ja')
        elif corpus == 'translated':
            project = make_labml(tmp / 'translated', ('en', 'zh', 'ja'), translated=True, content=content)
            corpus_rows('translated, en+zh+ja', project, None, args, 'en/zh/ja')
        elif corpus == 'site':
            site_rows(tmp, args)
        else:
            fixture_rows(tmp, args)


def site_copy(project: Path) -> Path:
    """A copy of our site's project in `project`: its configuration, content, translations and
    templates (its logo)."""
    project.mkdir(parents=True)
    shutil.copy(ROOT / 'pyproject.toml', project / 'pyproject.toml')
    for folder in ('labml_nn', 'translate_cache', 'templates'):
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, project / folder, ignore=shutil.ignore_patterns('__pycache__'))
    return project


def site_rows(tmp: Path, args: argparse.Namespace) -> None:
    project = site_copy(tmp / 'site')
    files = sorted(str(p.relative_to(project)) for p in (project / 'labml_nn').rglob('*.py'))
    print(f'\nour site: {len(files)} files; load {_load()}')
    rows: list[Run] = []
    pycco = None if args.skip_pycco else pycco_run('pycco (same files)', files, project, args.repeat)
    rows += [pycco] if pycco else []
    for root in args.roots:
        english = ours(project, '--no-cache', '--out', str(tmp / 'en'), *args.jobs_flag, root=root)
        cold = [measure('site, en, math on: cold', english, project, _env(root)) for _ in range(args.repeat)]
        rows.append(median_run(cold))
        rows[-1].name = _label(rows[-1].name, root, args.roots)
    rows += our_runs(
        'site',
        project,
        project / 'labml_nn' / 'transformers' / 'mha.py',
        ['--lang', 'all', '--out', str(project / 'docs'), *args.jobs_flag],
        args.repeat,
        args.roots,
    )
    rows += serve_runs(
        'site: serve, one file edited',
        project,
        project / 'labml_nn' / 'transformers' / 'mha.py',
        args.repeat,
        args.roots,
    )
    bare = [
        measure('bare python', [sys.executable, '-c', 'pass'], project) for _ in range(max(5, args.repeat))
    ]
    rows.append(median_run(bare))
    for root in args.roots:
        version = [sys.executable, str(root / 'build_site.py'), '--version']
        runs = [measure('--version', version, project, _env(root)) for _ in range(max(5, args.repeat))]
        rows.append(median_run(runs))
        rows[-1].name = _label('--version', root, args.roots)
    table(rows, pycco)


def fixture_rows(tmp: Path, args: argparse.Namespace) -> None:
    project = Path(shutil.copytree(FIXTURE, tmp / 'literate'))
    files = sorted(str(p.relative_to(project)) for p in (project / 'lit').rglob('*.py'))
    print(f'\nliterate fixture: {len(files)} files, en/zh')
    print(f'  {facts(project, ["--lang", "all"])}')
    pycco = None if args.skip_pycco else pycco_run('pycco (same files)', files, project, args.repeat)
    rows = [pycco] if pycco else []
    for root in args.roots:
        cold = ours(
            project, '--no-cache', '--lang', 'all', '--out', str(tmp / 'out'), *args.jobs_flag, root=root
        )
        rows.append(
            median_run(
                [measure('fixture, en+zh: cold', cold, project, _env(root)) for _ in range(args.repeat)]
            )
        )
        rows[-1].name = _label(rows[-1].name, root, args.roots)
    table(rows, pycco)


def pycco_run(label: str, files: list[str], project: Path, repeat: int) -> Run:
    """pycco on the same files (English only: it has no translations), median of `repeat` runs."""
    out = project.parent / 'pycco'
    return median_run(
        [measure(label, [_pycco(), '-p', '-d', str(out), *files], project) for _ in range(repeat)]
    )


def _pycco() -> str:
    return shutil.which('pycco') or str(Path(sys.executable).parent / 'pycco')


if __name__ == '__main__':
    main()
