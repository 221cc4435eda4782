"""Tests of `sitegen.building.workers`: the worker processes that read the sources, build the pages and read the
output folder's digests, each piece of work once, and the same site as one process builds."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from helpers import FORMULAS, LITERATE, ROOT, make_project, run, snapshot
from sitegen.building import output, workers
from sitegen.building.build import STARTED_PAGES, build
from sitegen.pages import page
from sitegen.reading import parse
from sitegen.reading.config import load_config


def test_with_workers_the_sources_are_read_and_the_pages_built_by_the_workers(tmp_path, monkeypatch):
    """The first pass (titles, symbols) of a cold build and the pages are read and built by the
    workers, none in the build's own process, and the site and its warnings are those one process
    makes."""

    project = Path(shutil.copytree(LITERATE, tmp_path / 'literate'))
    sources = sorted(p.relative_to(project).as_posix() for p in (project / 'lit').rglob('*.py'))
    log = tmp_path / 'parsed.log'
    parse_source = parse.parse_source_and_tree  # what every parse of a source runs

    def counted(text, path=''):
        with log.open('a') as f:  # the workers are other processes: they say so in a file
            f.write(f'{os.getpid()} {path}\n')
        return parse_source(text, path)

    monkeypatch.setattr(parse, 'parse_source_and_tree', counted)
    temporary = tmp_path / 'tmp'
    temporary.mkdir()
    monkeypatch.setattr(tempfile, 'tempdir', str(temporary))
    made = []
    real_folder = tempfile.TemporaryDirectory
    monkeypatch.setattr(tempfile, 'TemporaryDirectory', lambda **k: made.append(k) or real_folder(**k))
    shared = build(load_config(project), ('en', 'zh'), jobs=2)
    seen = [line.split() for line in log.read_text().splitlines()]
    assert sorted(path for _, path in seen) == sources  # by the first pass; the page uses its parse
    assert seen and str(os.getpid()) not in {pid for pid, _ in seen}  # read by the workers
    # The parses waited in a temporary folder, gone once the pages are built.
    assert {'prefix': 'sitegen-parses-'} in made and not list(temporary.glob('sitegen-parses-*'))
    log.unlink()
    alone = build(load_config(project), ('en', 'zh'), jobs=1)
    assert shared.files == alone.files
    assert [m.as_dict() for m in shared.messages.warnings] == [m.as_dict() for m in alone.messages.warnings]


def test_with_workers_each_formula_of_a_cold_build_is_typeset_once(tmp_path, monkeypatch):
    """Pages that share formulas, built by two workers at once: each distinct formula is typeset
    once in all, by the workers (those their first pass found, before the pages: each page is sent
    with its own), none by the build's own process; they are kept for the next build, and the site
    is the one a single process builds."""

    project = make_project(tmp_path / 'project')
    for n in range(8):  # each formula on several pages, which the two workers build at once
        (project / 'pkg' / f'm{n}.py').write_text(
            f'# Page {n}: ${FORMULAS[n % 4]}$ and ${FORMULAS[(n + 1) % 4]}$\nx = {n}\n\n'
            f'# $$\\sum_i x_{n % 3}$$\ny = {n}\n'
        )
    log = tmp_path / 'typeset.log'
    real = page.typeset

    def typeset(formulas):
        with log.open('a') as f:  # the workers are other processes: they say so in a file
            f.writelines(f'{os.getpid()} {json.dumps(formula)}\n' for formula in formulas)
        return real(formulas)

    monkeypatch.setattr(page, 'typeset', typeset)
    cache = tmp_path / 'cache'
    shared = build(load_config(project), ('en',), jobs=2, cache_dir=cache)
    seen = [tuple(line.split(' ', 1)) for line in log.read_text().splitlines()]
    assert len(seen) == len({formula for _, formula in seen}) and str(os.getpid()) not in {
        pid for pid, _ in seen
    }
    log.unlink()
    alone = build(load_config(project), ('en',), jobs=1)  # each distinct formula typeset once, here
    every = [formula for _, formula in (line.split(' ', 1) for line in log.read_text().splitlines())]
    assert set(formula for _, formula in seen) == set(every) and len(every) > len(FORMULAS) + 3
    assert shared.files == alone.files
    log.unlink()
    for source in (project / 'pkg').glob('m*.py'):
        source.write_text(source.read_text() + '\n# One more comment\n')
    assert build(load_config(project), ('en',), jobs=2, cache_dir=cache).ok and not log.exists()


def test_a_worker_held_up_by_one_page_leaves_the_others_to_the_other_worker(tmp_path, monkeypatch):
    """A page that takes long to build holds up its own worker only: the other builds the pages
    left meanwhile, and the site is the same as one worker builds it."""

    project = make_project(tmp_path / 'project')
    for n in range(10):
        (project / 'pkg' / f'm{n}.py').write_text(f'# Module {n}\nx = {n}\n')
    # The largest source: the first a worker builds.
    (project / 'pkg' / 'slow.py').write_text('# A page that takes long to build\n' * 12 + 'x = 0\n')
    log = tmp_path / 'built.log'
    real = page.render

    def render(prepared, math, template_cache=None):
        if prepared.job.source.rel.endswith('slow.py'):
            time.sleep(3)
        with log.open('a') as f:  # the workers are other processes: they say so in a file
            f.write(f'{os.getpid()} {prepared.job.source.rel}\n')
        return real(prepared, math, template_cache)

    monkeypatch.setattr(page, 'render', render)
    shared = build(load_config(project), ('en',), jobs=2)
    seen = [line.split() for line in log.read_text().splitlines()]
    slow = next(pid for pid, rel in seen if rel.endswith('slow.py'))
    assert len({pid for pid, _ in seen}) == 2 and len(seen) == 14  # 3 of make_project, 11 here
    # Its worker built the slow page and at most the one it had taken before it.
    assert len([rel for pid, rel in seen if pid == slow]) <= 2
    monkeypatch.setattr(page, 'render', real)
    assert shared.files == build(load_config(project), ('en',), jobs=1).files


def test_after_a_clone_the_workers_read_the_output_folder_and_a_file_edited_there_is_put_right(
    tmp_path, monkeypatch
):
    """A first build after a clone (no build cache) compares every file of the output folder with
    the build's: the workers read them while the build makes the rest of the site, none is read by
    the build's own process, and a page edited by hand in the output folder is still written anew."""

    project = make_project(tmp_path / 'project')
    assert run(project, 'build', '--quiet', '--jobs', '2') == 0
    built = snapshot(project / 'out')
    shutil.rmtree(project / '.build_cache')  # as a clone has it: the output folder, no cache
    page = project / 'out' / 'sub' / 'model.html'
    page.write_text(page.read_text().replace('</body>', '<p>edited by hand</p></body>'))
    log = tmp_path / 'read.log'
    read_digests, file_digest = output.read_digests, output.file_digest

    def counted(paths):
        with log.open('a') as f:  # the workers are other processes: they say so in a file
            f.writelines(f'{os.getpid()} {path}\n' for path in paths)

    monkeypatch.setattr(output, 'read_digests', lambda paths: counted(paths) or read_digests(paths))
    monkeypatch.setattr(output, 'file_digest', lambda path: counted([path]) or file_digest(path))
    assert run(project, 'build', '--quiet', '--jobs', '2') == 0
    seen = [line.split(' ', 1) for line in log.read_text().splitlines()]
    manifest = output.read_manifest(project / 'out')
    assert manifest is not None
    assert sorted(Path(path).relative_to(project / 'out').as_posix() for _, path in seen) == sorted(
        [*manifest, output.MANIFEST]
    )
    assert seen and str(os.getpid()) not in {pid for pid, _ in seen}  # read by the workers
    assert snapshot(project / 'out') == built  # the page edited by hand is the build's again
    # The digests the workers read are kept, even by a build that had nothing to write: the next
    # build, after an edit, reads none of the output's files again.
    shutil.rmtree(project / '.build_cache')
    assert run(project, 'build', '--quiet', '--jobs', '2') == 0 and log.read_text()
    log.unlink()
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text() + '\nEDITED = 1\n')
    assert run(project, 'build', '--quiet', '--jobs', '2') == 0
    assert not log.exists()


def test_the_workers_read_the_digests_of_many_files_in_their_order(tmp_path):
    """Thousands of files, their digests read by two workers a part at a time: every one comes back,
    in the order asked, as this process reads them."""

    files = []
    for n in range(3000):
        path = tmp_path / f'a-file-{n:05}.html'
        path.write_bytes(b'%d' % n)
        files.append(str(path))
    with workers.Workers(2) as pool:
        assert pool.digests(files)() == output.read_digests(files)


_FIRST_BUILD = """
import os, sys
from pathlib import Path
from sitegen.commands import cli
from sitegen.sitewide import siteinfo
from sitegen.building import workers

log = Path(sys.argv[1])
start, first_read = workers._start, siteinfo.first_read

def noted(what, call):
    def note(*args, **kwargs):
        with log.open('a') as f:  # the workers are other processes: they say so in a file
            f.write(f'{what} {os.getpid()}\\n')
        return call(*args, **kwargs)
    return note

workers._start = noted('early', start)
siteinfo.first_read = noted('first', first_read)
code = cli.main(sys.argv[2:])
try:
    left = os.waitpid(-1, os.WNOHANG) is not None
except ChildProcessError:
    left = False
loaded = sorted(m for m in ('sitegen.pages.page', 'markdown', 'jinja2', 'pygments.lexers', 'quickjs') if m in sys.modules)
print(code, left, ' '.join(loaded) or '-')
"""


def test_a_first_build_forks_its_workers_as_the_command_starts(tmp_path):
    """With no build recorded (a first build, or one without a cache), the workers are forked as
    the command starts, and load what reading, typesetting and rendering need while the
    build is loaded: the sources are read by those, the command's own process loads
    none of it, no process is left, and the site is the one a single process builds."""

    project = make_project(tmp_path / 'project')
    for n in range(6):
        (project / 'pkg' / f'm{n}.py').write_text(f'"""\n# Page {n}: $x_{n}$\n"""\nX = {n}\n')
    log = tmp_path / 'workers.log'
    env = {**os.environ, 'PYTHONPATH': f'{ROOT / "generator"}{os.pathsep}{ROOT}'}
    for flags in (['--jobs', '2'], ['--jobs', '2', '--no-cache']):
        done = subprocess.run(
            [
                sys.executable,
                '-c',
                _FIRST_BUILD,
                str(log),
                '--root',
                str(project),
                'build',
                '--quiet',
                *flags,
            ],
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.stdout.splitlines()[-1].split() == ['0', 'False', '-'], done.stderr
        seen = [line.split() for line in log.read_text().splitlines()]
        early = {pid for what, pid in seen if what == 'early'}
        assert len(early) == 2 and {pid for what, pid in seen if what == 'first'} <= early
        log.unlink()
        shutil.rmtree(project / '.build_cache', ignore_errors=True)  # a first build again
    built = snapshot(project / 'out')
    assert run(project, 'build', '--quiet', '--jobs', '1', '--no-cache', '--out', str(tmp_path / 'one')) == 0
    assert snapshot(tmp_path / 'one') == built


def test_after_an_edit_the_worker_renders_the_page_while_the_build_reads_the_cache(tmp_path):
    """After an edit the command's worker is sent the edited page before the build reads the
    pages its cache holds; an entry found damaged then is rendered after it. Either way the site
    is the one a build without a cache makes, and the build says how many pages it built."""
    project = make_project(tmp_path / 'project')
    for n in range(4):
        (project / 'pkg' / f'm{n}.py').write_text(f'"""\n# Page {n}: $x_{n}$\n"""\nX = {n}\n')
    env = {**os.environ, 'PYTHONPATH': f'{ROOT / "generator"}{os.pathsep}{ROOT}'}

    def build_here() -> str:
        command = [sys.executable, '-m', 'sitegen', '--root', str(project), 'build', '--jobs', '2']
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stderr

    build_here()
    pages = len(list((project / 'pkg').rglob('*.py')))
    edited = project / 'pkg' / 'm0.py'
    edited.write_text(edited.read_text() + '# An edit: $y$\n')
    assert f'{pages - 1} unchanged, 1 to build' in build_here()
    edited.write_text(edited.read_text() + '# Another edit\n')
    entries = sorted((project / '.build_cache' / 'pages').glob('*.page'))
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:-9] + b'<!--x-->\n')  # the HTML no longer its digest
    assert f'0 unchanged, {pages} to build' in build_here()
    edited.write_text(edited.read_text() + '# A third edit\n')
    assert f'{pages - 1} unchanged, 1 to build' in build_here()
    built = snapshot(project / 'out')
    assert run(project, 'build', '--quiet', '--jobs', '1', '--no-cache', '--out', str(tmp_path / 'one')) == 0
    assert snapshot(tmp_path / 'one') == built


_WORKER_DIES = """
import os, sys
from sitegen.commands import cli
from sitegen.building import workers

def dies(*args, **kwargs):
    os._exit(1)  # as a worker killed while it renders

workers._page = dies
cli.run()
"""


def test_after_an_edit_a_worker_that_dies_leaves_the_page_to_the_build(tmp_path):
    """The worker the command forks for an edit's page ends while it renders (killed, say): the
    build renders the page itself, and the site is the one a build without a cache makes."""
    project = make_project(tmp_path / 'project')
    env = {**os.environ, 'PYTHONPATH': f'{ROOT / "generator"}{os.pathsep}{ROOT}'}
    command = ['--root', str(project), 'build', '--jobs', '2']
    assert subprocess.run([sys.executable, '-m', 'sitegen', *command], env=env).returncode == 0
    edited = next((project / 'pkg').rglob('*.py'))
    edited.write_text(edited.read_text() + '# An edit\n')
    done = subprocess.run(
        [sys.executable, '-c', _WORKER_DIES, *command], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0 and 'Traceback' not in done.stderr, done.stderr
    assert '1 to build' in done.stderr
    built = snapshot(project / 'out')
    assert run(project, 'build', '--quiet', '--jobs', '1', '--no-cache', '--out', str(tmp_path / 'one')) == 0
    assert snapshot(tmp_path / 'one') == built


def test_pages_found_damaged_after_the_started_worker_was_closed_are_built(tmp_path, monkeypatch):
    """The command's one worker is closed where more pages are to be built than it builds; pages
    whose cache entries turn out damaged after that are built all the same (not sent to the closed
    worker), and the site is the one a build without a cache makes."""
    from sitegen.building import build as build_module

    project = make_project(tmp_path / 'project')
    edited = [project / 'pkg' / f'm{n}.py' for n in range(STARTED_PAGES + 1)]
    for n, source in enumerate(edited):
        source.write_text(f'"""\n# Page {n}\n"""\nX = {n}\n')
    config = load_config(project)
    cache = project / '.build_cache'
    build(config, jobs=2, cache_dir=cache)
    for source in edited:
        source.write_text(source.read_text() + '# An edit\n')
    for entry in (cache / 'pages').glob('*.page'):  # the unchanged pages' entries damaged
        entry.write_bytes(entry.read_bytes()[:-9] + b'<!--x-->\n')
    read_all = build_module._FirstPass.read_all  # the edited sources read here: no workers forked
    monkeypatch.setattr(
        build_module._FirstPass, 'read_all', lambda self, jobs, *rest: read_all(self, 1, *rest)
    )
    result = build(config, jobs=2, cache_dir=cache, started=workers.Workers(1, typesetting=False))
    assert result.ok and result.reused == 0
    assert result.files == build(config, jobs=1).files


def test_an_edit_of_many_pages_with_a_few_cache_entries_damaged_builds_them_all(tmp_path):
    """More pages edited than the command's one worker builds (it is closed, and workers one a
    core render them), and the few unchanged pages' cache entries found damaged: those are
    rendered too, and the site is the one a build without a cache makes."""
    project = make_project(tmp_path / 'project')
    edited = [project / 'pkg' / f'm{n}.py' for n in range(STARTED_PAGES + 1)]
    for n, source in enumerate(edited):
        source.write_text(f'"""\n# Page {n}\n"""\nX = {n}\n')
    env = {**os.environ, 'PYTHONPATH': f'{ROOT / "generator"}{os.pathsep}{ROOT}'}
    command = [sys.executable, '-m', 'sitegen', '--root', str(project), 'build', '--jobs', '2']
    assert subprocess.run(command, env=env, capture_output=True).returncode == 0
    pages = len(list((project / 'pkg').rglob('*.py')))
    for source in edited:
        source.write_text(source.read_text() + '# An edit\n')
    for entry in (project / '.build_cache' / 'pages').glob('*.page'):
        entry.write_bytes(entry.read_bytes()[:-9] + b'<!--x-->\n')  # the HTML no longer its digest
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    assert done.returncode == 0 and 'Traceback' not in done.stderr, done.stderr
    assert f'0 unchanged, {pages} to build' in done.stderr
    built = snapshot(project / 'out')
    assert run(project, 'build', '--quiet', '--jobs', '1', '--no-cache', '--out', str(tmp_path / 'one')) == 0
    assert snapshot(tmp_path / 'one') == built
