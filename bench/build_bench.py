"""Build-time benchmark: our generator against pycco on a large real corpus, and on our own site.

Prints figures; asserts nothing. For each run: wall time, CPU time (the process and all its
workers), peak RSS of the largest single process, and peak RSS of the whole process tree.

    python bench/build_bench.py [--packages asyncio email ...] [--lang en|all] [--jobs N] [--skip-pycco]

The corpus is a copy of standard-library packages (200 files by default) in a temporary project,
so that the "edit one file" run touches nothing of the Python installation. With `--lang all` the
corpus is built in English, Chinese and Japanese from a generated cache (every value its key), and
still compared with pycco's English-only build. The literate fixture of the tests is built too:
formulas typeset and warnings by kind, for both.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = [
    'asyncio', 'email', 'json', 'http', 'concurrent', 'importlib', 'xml', 'logging', 'unittest',
    'multiprocessing', 'urllib', 'tomllib', 'sqlite3', 'wsgiref', 'dbm', 'curses', 'ctypes',
]  # fmt: skip
FIXTURE = ROOT / 'tests' / 'fixtures' / 'literate'


@dataclass
class Run:
    name: str
    wall: float
    cpu: float
    rss_max_mb: float
    rss_tree_mb: float
    code: int


def _tree_rss(pid: int) -> int:
    """Resident memory of a process and all its descendants, in bytes."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f'/proc/{p}/statm') as f:
                total += int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')
            with open(f'/proc/{p}/task/{p}/children') as f:
                todo.extend(int(c) for c in f.read().split())
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            pass
    return total


def measure(name: str, cmd: list[str], cwd: Path) -> Run:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_rss(proc.pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors='replace') if proc.stderr else ''
    if proc.returncode not in (0, 1):
        print(f'{name}: exit {proc.returncode}\n{err[-2000:]}', file=sys.stderr)
    cpu = usage.ru_utime + usage.ru_stime
    return Run(name, wall, cpu, usage.ru_maxrss / 1024, peak / 2**20, proc.returncode)


def make_corpus(packages: list[str], where: Path, languages: tuple[str, ...] = ('en',)) -> Path:
    stdlib = Path(sysconfig.get_paths()['stdlib'])
    project = where / 'corpus-project'
    source = project / 'corpus'
    for name in packages:
        shutil.copytree(
            stdlib / name, source / name, ignore=shutil.ignore_patterns('__pycache__', 'tests', 'test')
        )
    (source / '__init__.py').write_text('"""\n# Standard-library corpus\n"""\n')
    (project / 'pyproject.toml').write_text(
        '[tool.site]\ntitle = "corpus"\nurl = "https://example.org/"\n'
        'repository = "https://github.com/example/corpus"\nsource = "corpus"\noutput = "site"\n'
        f'languages = {list(languages)!r}\n'.replace("'", '"')
    )
    if len(languages) > 1:
        _generated_caches(project, languages[1:])
    return project


_CACHES = """
import sys
from pathlib import Path
from sitegen.build import build
from sitegen.catalog import dump_cache
from sitegen.config import load_config
from sitegen.translators import cache_uses

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


def ours(project: Path, *args: str) -> list[str]:
    """The command of one of our builds of `project`."""
    return [sys.executable, str(ROOT / 'build_site.py'), '--root', str(project), 'build', '--quiet', *args]


def facts(project: Path, extra: list[str]) -> str:
    """Formulas typeset and warnings by kind, from a build's `--report`."""
    report = project / 'report.json'
    cmd = ours(project, '--no-cache')
    subprocess.run(
        [*cmd, *extra, '--out', str(project / 'facts-site'), '--report', str(report)], capture_output=True
    )
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


def table(rows: list[Run], baseline: Run | None) -> None:
    print(
        f'{"run (median of repeats)":<34}{"wall s":>9}{"cpu s":>9}{"max RSS MB":>12}{"tree RSS MB":>13}{"wall/pycco":>12}'
    )
    for r in rows:
        ratio = f'{r.wall / baseline.wall:.2f}' if baseline and r is not baseline else ''
        print(
            f'{r.name:<34}{r.wall:>9.2f}{r.cpu:>9.2f}{r.rss_max_mb:>12.0f}{r.rss_tree_mb:>13.0f}{ratio:>12}'
        )


def median_run(runs: list[Run]) -> Run:
    """The run with the median wall time: one slow run (another process woke up) does not count."""
    return sorted(runs, key=lambda r: r.wall)[len(runs) // 2]


def our_runs(label: str, project: Path, edit: Path, extra: list[str], repeat: int) -> list[Run]:
    build = ours(project, *extra)
    colds, noops, ones = [], [], []
    original = edit.read_text(encoding='utf-8')
    for i in range(repeat):
        shutil.rmtree(project / '.build_cache', ignore_errors=True)
        colds.append(measure(f'{label}: cold', build, project))
        noops.append(measure(f'{label}: no-op', build, project))
        # A different edit each time, so that every run really has one page to rebuild.
        edit.write_text(original + f'\n# An edit for the benchmark.\nEDITED = {i}\n', encoding='utf-8')
        try:
            ones.append(measure(f'{label}: one file edited', build, project))
        finally:
            edit.write_text(original, encoding='utf-8')
    cold, noop, one = median_run(colds), median_run(noops), median_run(ones)
    print(
        f'  {label}: no-op {noop.wall / cold.wall:.1%} of cold, one-file edit {one.wall / cold.wall:.1%} of cold'
    )
    return [cold, noop, one]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--packages', nargs='+', default=PACKAGES)
    parser.add_argument('--lang', choices=['en', 'all'], default='all', help='languages of the corpus build')
    parser.add_argument('--jobs', type=int, default=0)
    parser.add_argument('--skip-pycco', action='store_true')
    parser.add_argument('--skip-site', action='store_true', help='skip our own site (all languages)')
    parser.add_argument('--repeat', type=int, default=3, help='runs of each kind; the median is shown')
    args = parser.parse_args()
    jobs = ['--jobs', str(args.jobs)] if args.jobs else []
    languages = ('en', 'zh', 'ja') if args.lang == 'all' else ('en',)

    with tempfile.TemporaryDirectory() as tmp:
        project = make_corpus(args.packages, Path(tmp), languages)
        files = sorted(str(p.relative_to(project)) for p in (project / 'corpus').rglob('*.py'))
        lines = sum(
            len((project / f).read_text(encoding='utf-8', errors='replace').splitlines()) for f in files
        )
        print(
            f'corpus: {", ".join(args.packages)}: {len(files)} files, {lines} lines, '
            f'{"/".join(languages)}; {os.cpu_count()} cores; Python {sys.version.split()[0]}'
        )
        print(f'  {facts(project, ["--lang", "all"])}')
        rows: list[Run] = []
        pycco = (
            None
            if args.skip_pycco
            else pycco_run('pycco (same files, English)', files, Path(tmp), project, args.repeat)
        )
        rows += [pycco] if pycco else []
        rows += our_runs(
            f'corpus, {"+".join(languages)}',
            project,
            project / 'corpus' / 'json' / 'decoder.py',
            ['--lang', 'all', *jobs],
            args.repeat,
        )
        table(rows, pycco)

    with tempfile.TemporaryDirectory() as tmp:
        project = Path(shutil.copytree(FIXTURE, Path(tmp) / 'literate'))
        files = sorted(str(p.relative_to(project)) for p in (project / 'lit').rglob('*.py'))
        print(f'\nliterate fixture: {len(files)} files, en/zh')
        print(f'  {facts(project, ["--lang", "all"])}')
        rows = []
        pycco = (
            None
            if args.skip_pycco
            else pycco_run('pycco (same files)', files, Path(tmp), project, args.repeat)
        )
        rows += [pycco] if pycco else []
        cold = ours(project, '--no-cache', '--lang', 'all', '--out', str(Path(tmp) / 'out'), *jobs)
        rows.append(median_run([measure('fixture, en+zh: cold', cold, project) for _ in range(args.repeat)]))
        table(rows, pycco)

    if not args.skip_site:
        with tempfile.TemporaryDirectory() as tmp:
            project = Path(tmp) / 'site'
            project.mkdir()
            shutil.copy(ROOT / 'pyproject.toml', project / 'pyproject.toml')
            shutil.copytree(
                ROOT / 'labml_nn', project / 'labml_nn', ignore=shutil.ignore_patterns('__pycache__')
            )
            shutil.copytree(ROOT / 'translate_cache', project / 'translate_cache')
            files = sorted(str(p.relative_to(project)) for p in (project / 'labml_nn').rglob('*.py'))
            print(f'\nour site: {len(files)} files')
            rows: list[Run] = []
            pycco = None
            if not args.skip_pycco:
                pycco = median_run(
                    [
                        measure(
                            'pycco (same files)',
                            [_pycco(), '-p', '-d', str(Path(tmp) / 'pycco'), *files],
                            project,
                        )
                        for _ in range(args.repeat)
                    ]
                )
                rows.append(pycco)
            english = ours(project, '--no-cache', '--out', str(Path(tmp) / 'en'), *jobs)
            rows.append(
                median_run(
                    [measure('our site, en, math on: cold', english, project) for _ in range(args.repeat)]
                )
            )
            rows += our_runs(
                'our site, all languages',
                project,
                project / 'labml_nn' / 'transformers' / 'mha.py',
                ['--lang', 'all', '--out', str(project / 'docs'), *jobs],
                args.repeat,
            )
            table(rows, pycco)


def pycco_run(label: str, files: list[str], tmp: Path, project: Path, repeat: int) -> Run:
    """pycco on the same files (English only: it has no translations), median of `repeat` runs."""
    return median_run(
        [measure(label, [_pycco(), '-p', '-d', str(tmp / 'pycco'), *files], project) for _ in range(repeat)]
    )


def _pycco() -> str:
    return shutil.which('pycco') or str(Path(sys.executable).parent / 'pycco')


if __name__ == '__main__':
    main()
