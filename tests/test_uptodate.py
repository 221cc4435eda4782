"""A build with nothing changed is answered from file states (`sitegen.building.uptodate`); any change builds.

Each test builds, lets every file's times fall into the past (so that no state is compared by its
content, as on a project edited minutes ago), checks that the same build is then answered without
building, changes one thing, and checks that the next build writes what a fresh build writes
(`check` builds from scratch and compares) and shows the change.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import make_project, run, snapshot
from sitegen.building import build as build_module
from sitegen.translation.catalog import dump_cache

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    root = make_project(tmp_path / 'project')
    pyproject = root / 'pyproject.toml'
    pyproject.write_text(
        pyproject.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]')
        + 'templates = "templates"\n'
    )
    (root / 'templates' / 'static').mkdir(parents=True)
    (root / 'templates' / 'static' / 'extra.css').write_text('body { margin: 0 }\n')
    return root


def settle(root: Path) -> None:
    """Every file and folder of the project as if last changed 100 seconds ago."""
    past = time.time_ns() - 100 * 10**9 + 123_456_789
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames + dirnames:
            os.utime(os.path.join(dirpath, name), ns=(past, past), follow_symlinks=False)
    os.utime(root, ns=(past, past))


def refuse_to_build(*args, **kwargs):
    raise AssertionError('a build ran where nothing had changed')


def built_and_settled(project: Path, monkeypatch, capsys, *flags: str) -> None:
    """Build, let the times settle, build once more (a full build: the times changed), and check
    that the same build is now answered without building."""
    assert run(project, 'build', '--lang', 'all', *flags) == 0
    settle(project)
    assert run(project, 'build', '--lang', 'all', *flags) == 0
    with monkeypatch.context() as m:
        m.setattr(build_module, 'build', refuse_to_build)
        capsys.readouterr()
        assert run(project, 'build', '--lang', 'all', *flags) == 0
    assert 'up to date: ' in capsys.readouterr().out


def rebuilt(project: Path, capsys, *flags: str) -> str:
    """Build after a change: the output is then what a fresh build makes. Returns what was printed."""
    capsys.readouterr()
    assert run(project, 'build', '--lang', 'all', *flags) == 0
    printed = capsys.readouterr()
    assert run(project, 'check', '--no-cache') == 0, capsys.readouterr().err
    return printed.out + printed.err


def same_size_edit(path: Path, old: str, new: str) -> None:
    assert len(old.encode()) == len(new.encode())
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_an_edit_of_the_same_size_builds(project, monkeypatch, capsys):
    built_and_settled(project, monkeypatch, capsys)
    same_size_edit(project / 'pkg' / 'sub' / 'model.py', '# Store $x$', '# Saved $x$')
    rebuilt(project, capsys)
    assert 'Saved' in (project / 'out' / 'sub' / 'model.html').read_text()


def test_an_edit_that_keeps_the_modification_time_builds(project, monkeypatch, capsys):
    built_and_settled(project, monkeypatch, capsys)
    model = project / 'pkg' / 'sub' / 'model.py'
    before = model.stat()
    same_size_edit(model, '# Store $x$', '# Saved $x$')
    os.utime(model, ns=(before.st_atime_ns, before.st_mtime_ns))  # as `cp -p` or `rsync -t` leave it
    rebuilt(project, capsys)
    assert 'Saved' in (project / 'out' / 'sub' / 'model.html').read_text()


def test_an_added_and_a_deleted_source_build(project, monkeypatch, capsys):
    built_and_settled(project, monkeypatch, capsys)
    (project / 'pkg' / 'sub' / 'extra.py').write_text('"""\n# An extra page\n"""\n')
    rebuilt(project, capsys)
    assert 'An extra page' in (project / 'out' / 'sub' / 'extra.html').read_text()
    assert (project / 'out' / 'zh' / 'sub' / 'extra.html').exists()
    settle(project)
    rebuilt(project, capsys)
    (project / 'pkg' / 'sub' / 'extra.py').unlink()
    rebuilt(project, capsys)
    assert not (project / 'out' / 'sub' / 'extra.html').exists()


def test_a_touched_translation_builds(project, monkeypatch, capsys, tmp_path):
    built_and_settled(project, monkeypatch, capsys)
    export = tmp_path / 'todo.json'
    assert run(project, 'translate', 'export', '--lang', 'zh', str(export)) == 0
    todo = json.loads(export.read_text())
    name = next(n for n in todo if 'model' in n)
    key = next(k for k in todo[name] if 'A thing' in k)
    cache = project / 'translate_cache' / name
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_bytes(dump_cache({key: key.replace('A thing', '一件事')}))
    rebuilt(project, capsys)
    assert '一件事' in (project / 'out' / 'zh' / 'sub' / 'model.html').read_text()
    settle(project)
    rebuilt(project, capsys)
    cache.write_bytes(dump_cache({key: key.replace('A thing', '二件事')}))
    rebuilt(project, capsys)
    assert '二件事' in (project / 'out' / 'zh' / 'sub' / 'model.html').read_text()


def test_a_changed_template_file_builds(project, monkeypatch, capsys):
    built_and_settled(project, monkeypatch, capsys)
    same_size_edit(project / 'templates' / 'static' / 'extra.css', 'margin', 'border')
    rebuilt(project, capsys)
    assert 'border' in (project / 'out' / 'static' / 'extra.css').read_text()


def test_a_changed_option_builds(project, monkeypatch, capsys):
    built_and_settled(project, monkeypatch, capsys)
    pyproject = project / 'pyproject.toml'
    same_size_edit(pyproject, 'title = "Fixture Site"', 'title = "Fixture Book"')
    rebuilt(project, capsys)
    assert 'Fixture Book' in (project / 'out' / 'index.html').read_text()
    # A flag the last build did not have.
    capsys.readouterr()
    assert run(project, 'build', '--lang', 'all', '--set', 'title=Other Title') == 0
    assert 'Other Title' in (project / 'out' / 'index.html').read_text()


def test_the_same_folder_written_another_way_is_the_same_build(project, monkeypatch, capsys):
    """`--out P/out/` and `--out P/./out` name the folder `--out P/out` wrote: nothing to do.
    Another folder is another build."""
    built_and_settled(project, monkeypatch, capsys, '--out', f'{project}/out')
    with monkeypatch.context() as m:
        m.setattr(build_module, 'build', refuse_to_build)
        for same in (f'{project}/out/', f'{project}/./out', f'{project}//out'):
            capsys.readouterr()
            assert run(project, 'build', '--lang', 'all', '--out', same) == 0
            assert 'up to date: ' in capsys.readouterr().out
    capsys.readouterr()
    assert run(project, 'build', '--lang', 'all', '--out', f'{project}/elsewhere') == 0
    assert 'up to date: ' not in capsys.readouterr().out
    assert (project / 'elsewhere' / 'index.html').is_file()


def test_a_hand_edited_or_deleted_output_file_is_written_again(project, monkeypatch, capsys):
    built_and_settled(project, monkeypatch, capsys)
    page = project / 'out' / 'sub' / 'model.html'
    fresh = page.read_bytes()
    page.write_bytes(fresh.replace(b'Store', b'Stare'))  # the same size
    rebuilt(project, capsys)
    assert page.read_bytes() == fresh
    settle(project)
    rebuilt(project, capsys)
    page.unlink()
    rebuilt(project, capsys)
    assert page.read_bytes() == fresh


def test_a_file_put_in_the_output_is_seen(project, monkeypatch, capsys):
    """A link to a file missing from the output folder warns until an author puts the file there."""
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('Back [home](../index.html).', 'See [notes](notes.txt).'))
    built_and_settled(project, monkeypatch, capsys)
    with monkeypatch.context() as m:
        m.setattr(build_module, 'build', refuse_to_build)
        capsys.readouterr()
        assert run(project, 'build', '--lang', 'all') == 0
    err = capsys.readouterr().err
    assert "broken link 'notes.txt'" in err  # the replay says what the build said
    (project / 'out' / 'sub' / 'notes.txt').write_text('notes')
    assert "broken link 'notes.txt'" not in rebuilt(project, capsys)


def test_a_new_commit_builds(project, monkeypatch, capsys):
    def git(*args: str) -> str:
        done = subprocess.run(
            ['git', '-c', 'user.name=T', '-c', 'user.email=t@example.org', *args],
            cwd=project,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout.strip()

    git('init', '-q')
    git('add', 'pkg', 'pyproject.toml')
    git('commit', '-q', '-m', 'first')
    built_and_settled(project, monkeypatch, capsys)
    git('commit', '-q', '--allow-empty', '-m', 'second')
    rebuilt(project, capsys)
    assert git('rev-parse', 'HEAD') in (project / 'out' / 'static' / 'source-commit.js').read_text()


def test_the_replay_prints_what_the_build_printed(project, monkeypatch, capsys, tmp_path):
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('Back [home](../index.html).', 'See [gone](gone.html).'))
    report = tmp_path / 'report.json'
    assert run(project, 'build', '--lang', 'all', '--report', str(report)) == 0
    settle(project)
    capsys.readouterr()
    assert run(project, 'build', '--lang', 'all', '--report', str(report)) == 0
    full = capsys.readouterr()
    built = json.loads(report.read_text())
    report.unlink()
    with monkeypatch.context() as m:
        m.setattr(build_module, 'build', refuse_to_build)
        assert run(project, 'build', '--lang', 'all', '--report', str(report)) == 0
    replay = capsys.readouterr()
    # The same warnings; the progress line says that nothing was built.
    assert replay.err.splitlines()[0] == '3 sources, 3 unchanged, 0 to build'
    assert replay.err.splitlines()[1:] == full.err.splitlines()[1:]
    assert "broken link 'gone.html'" in replay.err
    assert replay.out.rsplit(', ', 1)[0] == full.out.rsplit(', ', 1)[0]
    replayed = json.loads(report.read_text())
    assert {**replayed, 'seconds': 0} == {**built, 'seconds': 0}


def test_a_build_with_nothing_to_do_loads_no_stage(project):
    """Markdown, Pygments, Jinja2, KaTeX, the workers and the build itself stay unloaded, and so
    does `pathlib` (in a Python whose start-up, `-S`, loads none)."""
    env = {**os.environ, 'PYTHONPATH': f'{ROOT / "generator"}{os.pathsep}{ROOT}'}
    command = [sys.executable, str(ROOT / 'build_site.py'), '--root', str(project), 'build', '--lang', 'all']
    subprocess.run(command, check=True, env=env, capture_output=True)
    settle(project)
    subprocess.run(command, check=True, env=env, capture_output=True)
    probe = (
        'import os, sys, runpy; sys.argv = sys.argv[1:]\n'
        'os._exit = sys.exit  # the command ends its process at once (`sitegen.commands.cli.run`)\n'
        'try:\n    runpy.run_path(sys.argv[0], run_name="__main__")\n'
        'except SystemExit:\n    pass\n'
        'print(sorted(m for m in sys.modules if m.split(".")[0] in '
        '("markdown", "pygments", "jinja2", "quickjs", "multiprocessing", "tomllib", "dataclasses")'
        ' or m in ("sitegen.building.build", "sitegen.reading.config", "subprocess", "pathlib")), file=sys.stderr)\n'
    )
    done = subprocess.run(
        [sys.executable, '-S', '-c', probe, *command[1:]], env=env, capture_output=True, text=True, check=True
    )
    assert 'up to date: ' in done.stdout
    assert done.stderr.strip().splitlines()[-1] == '[]'


# ---------------------------------------------------------------- the command line, made for one command

HEAVY = (
    'sitegen.reading.config',
    'sitegen.sitewide.revision',
    'sitegen.files',
    'dataclasses',
    'tomllib',
    'subprocess',
    'typing',
)


def loaded(*args: str) -> set[str]:
    """The modules a run of `build_site.py` imports, as `-X importtime` lists them."""
    env = {**os.environ, 'PYTHONPATH': f'{ROOT / "generator"}{os.pathsep}{ROOT}'}
    done = subprocess.run(
        [sys.executable, '-X', 'importtime', str(ROOT / 'build_site.py'), *args],
        env=env,
        capture_output=True,
        text=True,
    )
    return {
        line.split('|')[-1].strip() for line in done.stderr.splitlines() if line.startswith('import time:')
    }


def test_the_version_loads_nothing_but_the_command_line():
    assert not loaded('--version') & {*HEAVY, 'argparse'}
    assert 'sitegen.commands.cli' in loaded('--version')


@pytest.mark.parametrize(
    'argv',
    [
        ['--version'],
        ['--help'],
        ['-h', 'build'],
        ['--root', '.', '--help'],
        ['build', '--help'],
        ['translate', 'status', '--help'],
        ['translate'],
        [],
        ['bogus'],
        ['--ro', '.', 'build', '--bogus'],
        ['build', '--jobs', 'x'],
        ['check', 'extra'],
        ['--version', 'build'],
    ],
)
def test_the_command_line_answers_as_a_parser_of_every_command(argv, capsys, monkeypatch):
    """Help, the version and usage errors read the same as from a parser of every command's flags."""
    from sitegen.commands import cli

    monkeypatch.setattr(sys, 'argv', ['build_site.py'])
    with pytest.raises(SystemExit) as full_exit:
        cli._parser().parse_args(argv)
    full = capsys.readouterr()
    try:
        code = cli.main(argv)
    except SystemExit as e:
        code = e.code
    mine = capsys.readouterr()
    assert (code, mine.out, mine.err) == (full_exit.value.code, full.out, full.err)


def test_the_command_ends_with_its_status_its_output_flushed_and_its_exit_handlers_run(project, tmp_path):
    """`build_site.py` ends its process without Python's teardown (`sitegen.commands.cli.run`): what it
    printed still arrives through a pipe, the exit handlers still run (the removal of a build's
    temporary folder among them), and the status is the command's: a build, a failed build, bad usage."""
    env = {**os.environ, 'PYTHONPATH': f'{ROOT / "generator"}{os.pathsep}{ROOT}', 'TMPDIR': str(tmp_path)}
    env.pop('PYTHONUNBUFFERED', None)  # what is printed waits in a buffer, as it does for most users
    probe = (
        'import atexit, runpy, sys; sys.argv = sys.argv[1:]\n'
        'atexit.register(lambda: print("exit handler ran"))\n'
        'runpy.run_path(sys.argv[0], run_name="__main__")\n'
    )

    def ended(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, '-c', probe, str(ROOT / 'build_site.py'), '--root', str(project), *args]
        return subprocess.run(command, env=env, capture_output=True, text=True)

    built = ended('build', '--no-cache', '--jobs', '1')
    assert built.returncode == 0, built.stderr
    assert built.stdout.startswith('built ') and built.stdout.endswith('exit handler ran\n')
    assert not list(tmp_path.glob('sitegen-pages-*'))  # where a build without its cache kept pages
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text() + '\ndef broken(:\n')
    failed = ended('build', '--jobs', '1')
    assert failed.returncode == 1 and '1 page failed' in failed.stderr, failed.stderr
    assert failed.stdout.endswith('exit handler ran\n')
    usage = ended('build', '--bogus')
    assert usage.returncode == 2 and 'unrecognized arguments: --bogus' in usage.stderr
    # A profiler writes what it measured once the program is done: the process waits for it.
    profile = tmp_path / 'build.prof'
    command = [sys.executable, '-m', 'cProfile', '-o', str(profile), str(ROOT / 'build_site.py')]
    profiled = subprocess.run(
        [*command, '--root', str(project), 'build', '--jobs', '1'], env=env, capture_output=True, text=True
    )
    assert '1 page failed' in profiled.stderr and profile.stat().st_size > 0


# The command, probed: its process marked as the command's own (`sitegen.commands.cli.run`), the modules it
# loaded and whether it left a process behind printed last.
_COMMAND_PROBE = (
    'import os, sys\n'
    'from sitegen.commands import cli\n'
    'cli._OWN_PROCESS = True\n'
    'code = cli.main(sys.argv[1:])\n'
    'try:\n    left = os.waitpid(-1, os.WNOHANG) is not None\nexcept ChildProcessError:\n    left = False\n'
    'loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("markdown", "jinja2") or m in '
    '("sitegen.pages.page", "pygments.lexers"))\n'
    'print(code, left, "multiprocessing" in sys.modules, loaded, file=sys.stderr)\n'
)

_ENV = {**os.environ, 'PYTHONPATH': f'{ROOT / "generator"}{os.pathsep}{ROOT}'}


def _built_once(project: Path) -> list[str]:
    """The command line of a build of every language of `project`, run once (so that it is recorded)."""
    argv = ['--root', str(project), 'build', '--lang', 'all']
    subprocess.run(
        [sys.executable, str(ROOT / 'build_site.py'), *argv], check=True, env=_ENV, capture_output=True
    )
    return argv


def test_an_edit_is_rendered_by_a_worker_forked_as_the_command_starts(project, tmp_path):
    """After an edit, the command forks a worker as it starts, which loads what rendering needs
    while the command reads the sources: the command loads none of it (only the pool's modules), the worker typesets the
    edit's new formulas, the site is the one a build from nothing makes, and no process is left."""
    argv = _built_once(project)
    model = project / 'pkg' / 'sub' / 'model.py'
    for n, edit in enumerate(['# Store $x^{3}$ and $z_{7}$', '# Keep $y_{2}$']):
        model.write_text(model.read_text().replace('# Store $x$', edit) + f'\nEDITED = {n}\n')
        done = subprocess.run(
            [sys.executable, '-c', _COMMAND_PROBE, *argv], env=_ENV, capture_output=True, text=True
        )
        assert '1 to build' in done.stderr and done.stderr.splitlines()[-1] == '0 False True []', done.stderr
        assert snapshot(project / 'out') == _fresh_site(project, tmp_path / f'fresh{n}')
    assert 'z_{7}' in (project / 'out' / 'sub' / 'model.html').read_text()


# A worker that ends at `at` (a function of `sitegen.building.workers`; a task's is sent by its name).
_ENDS = (
    'import os\nfrom sitegen.building import workers\n'
    'def ends(*args):\n    os._exit(3)\n'
    'ends.__module__, ends.__qualname__ = "sitegen.building.workers", "{at}"\n'
    'workers.{at} = ends\n'
)


def test_a_worker_started_with_the_command_that_ends_before_it_answers_leaves_the_page_to_the_command(
    project, tmp_path
):
    """A worker forked as the command starts that ends (killed, out of memory) as it starts, as it
    loads the templates or while it builds the page, or that cannot be forked: the command builds
    the page itself, and the site is the one a build from nothing makes."""
    argv = _built_once(project)
    model = project / 'pkg' / 'sub' / 'model.py'
    no_fork = 'import os\ndef no_fork():\n    raise BlockingIOError(11, "Resource temporarily unavailable")\n'
    for n, dies in enumerate(
        [_ENDS.format(at=at) for at in ('_start', '_warm', '_page')] + [no_fork + 'os.fork = no_fork\n']
    ):
        model.write_text(model.read_text() + f'\nEDITED = {n}\n')
        done = subprocess.run(
            [sys.executable, '-c', dies + _COMMAND_PROBE, *argv], env=_ENV, capture_output=True, text=True
        )
        assert done.stderr.splitlines()[-1].startswith('0 False '), done.stderr
        assert snapshot(project / 'out') == _fresh_site(project, tmp_path / f'fresh{n}')


def test_a_build_of_many_pages_stops_the_worker_started_with_the_command_and_uses_its_own(project, tmp_path):
    """A build that renders more pages than the worker started with the command takes (a generator or template
    change, a checkout of another branch) renders them with workers of its own, as a first build
    does; so does one without a cache; one with one core renders them itself."""
    from sitegen.building import build

    argv = _built_once(project)
    for n in range(build.STARTED_PAGES + 1):
        (project / 'pkg' / f'extra{n}.py').write_text(f'"""\n# Extra {n}\n"""\nX = {n}\n')
    for flags in ([], ['--jobs', '1'], ['--no-cache']):
        for source in (project / 'pkg').rglob('*.py'):
            source.write_text(source.read_text() + '\n# One more comment\n')
        done = subprocess.run(
            [sys.executable, '-c', _COMMAND_PROBE, *argv, *flags], env=_ENV, capture_output=True, text=True
        )
        code, left, pool, loaded = done.stderr.splitlines()[-1].split(' ', 3)
        assert (code, left) == ('0', 'False'), done.stderr
        # The pages are rendered by workers where there are cores for them, and the command then
        # loads nothing of rendering; with one core, it renders them itself.
        assert (pool == 'True') == (flags != ['--jobs', '1']), flags
        assert ('sitegen.pages.page' in loaded) == (flags == ['--jobs', '1']), (flags, loaded)
        assert snapshot(project / 'out') == _fresh_site(project, tmp_path / f'fresh{len(flags)}{flags[:1]}')


def _fresh_site(project: Path, where: Path) -> dict[str, bytes]:
    """The site as a build from nothing makes it."""
    assert run(project, 'build', '--quiet', '--no-cache', '--lang', 'all', '--out', str(where)) == 0
    return snapshot(where)
