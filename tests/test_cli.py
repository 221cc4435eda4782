"""Tests of `sitegen.commands.cli`: command line: `build`, `check`, `serve`. Exit status 0 on success, 1 when an
error was reported, 2 for bad usage."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import REPO, SECTIONS, build_and_read, configured, run, with_hostile_chinese_page
from sitegen.commands.cli import main


def test_check_passes_on_a_fresh_build_and_fails_on_a_stale_one(project: Path, capsys):
    assert run(project, 'build') == 0
    assert run(project, 'check') == 0
    page = project / 'out' / 'sub' / 'model.html'
    page.write_text(page.read_text() + '<!-- edited -->')
    assert run(project, 'check') == 1
    assert 'out/sub/model.html: stale' in capsys.readouterr().err


@pytest.mark.parametrize('args', [['build', '--lang', 'xx'], ['build', '--source', '/nonexistent'], ['nope']])
def test_bad_usage_exits_2(project: Path, args):
    with pytest.raises(SystemExit) as e:
        raise SystemExit(run(project, *args))
    assert e.value.code == 2


@pytest.mark.parametrize(
    'args, message',
    [
        (['--source', 'nowhere'], 'source folder nowhere does not exist'),
        (['--source', 'pyproject.toml'], 'pyproject.toml is a file: --source'),
        (['--source', 'empty'], 'holds no .py files'),
        (['--templates', 'nowhere'], 'templates folder nowhere does not exist'),
        (['--report', '.'], 'is a folder: give a file name'),
    ],
)
def test_bad_folders_and_files_are_usage_errors(project, capsys, monkeypatch, args, message):
    (project / 'empty').mkdir()
    monkeypatch.chdir(project)
    code, err = build_and_read(project, capsys, *args)
    assert code == 2 and message in err


def _busy_project(project: Path) -> Path:
    """A project whose cold build of every language takes a few seconds on two workers."""
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    body = ''.join(
        f'# Step {i}: $x_{i} = \\alpha_{i} + {i}$ and `code {i}`\nx{i} = {i}\n\n' for i in range(300)
    )
    for n in range(24):
        (project / 'pkg' / f'busy{n}.py').write_text(f'"""\n# Busy {n}\n"""\n\n{body}')
    return project


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f'/proc/{pid}/task').glob('*'):
        try:
            found |= {int(c) for c in (task / 'children').read_text().split()}
        except OSError:
            pass
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f'/proc/{pid}/stat').read_text().rsplit(')', 1)[1].split()[0]
    except OSError:
        return False
    return state not in ('Z', 'X')


def _command(project: Path, *args: str) -> list[str]:
    import sys

    return [sys.executable, str(REPO / 'build_site.py'), '--root', str(project), *args]


def _environment() -> dict[str, str]:
    import os

    path = f'{REPO}{os.pathsep}{REPO / "generator"}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'
    return {**os.environ, 'PYTHONPATH': path, 'CI': '1'}


@pytest.mark.parametrize(
    'command, target, message',
    [
        (('translate', 'export', '--lang', 'zh'), 'translate_cache/hostile.zh.json', 'the translation cache'),
        (('translate', 'export', '--lang', 'zh'), 'pyproject.toml', 'the project file'),
        (('build', '--report'), 'pkg/hostile.py', 'the source folder'),
        (('build', '--report'), 'pyproject.toml', 'the project file'),
        (('build', '--report'), 'papers.toml', 'the papers file'),
        (('build', '--report'), '.build_cache/report.json', 'the build cache'),
    ],
)
def test_a_command_never_writes_over_one_of_the_projects_inputs(project, capsys, command, target, message):
    from helpers import snapshot

    with_hostile_chinese_page(project, SECTIONS, {'<p>Section 1</p>\n': '<p>译</p>'})
    (project / 'papers.toml').write_text('# no papers\n')
    (project / '.build_cache').mkdir(exist_ok=True)
    before = snapshot(project)
    code = run(project, *command, str(project / target))
    err = capsys.readouterr().err
    assert code == 2 and message in err and 'Traceback' not in err, err
    after = snapshot(project)
    assert {k: v for k, v in after.items() if not k.startswith(('.build_cache', 'out/'))} == {
        k: v for k, v in before.items() if not k.startswith('.build_cache')
    }


def test_a_report_beside_the_project_file_is_still_written(project, capsys):
    assert run(project, 'build', '--report', str(project / 'report.json')) == 0
    assert (project / 'report.json').read_text().startswith('{')


@pytest.mark.slow
@pytest.mark.skipif(not Path('/proc/self/task').exists(), reason='reads the processes from /proc (Linux)')
@pytest.mark.parametrize('signum', ['SIGTERM', 'SIGKILL'])
def test_the_workers_end_with_a_build_that_is_killed(project, signum):
    import signal
    import subprocess
    import time

    _busy_project(project)
    proc = subprocess.Popen(
        _command(project, 'build', '--lang', 'all', '--jobs', '2'),
        env=_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while len(workers := _children(proc.pid)) < 2:
        assert proc.poll() is None and time.monotonic() < deadline, 'the build ended before its workers began'
        time.sleep(0.02)
    time.sleep(1.0)  # the workers are at work
    assert proc.poll() is None, 'the build ended before it could be killed: give it more pages'
    proc.send_signal(getattr(signal, signum))
    proc.wait(timeout=30)
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [w for w in workers if _alive(w)]
    for w in left:
        os_kill = __import__('os').kill
        os_kill(w, signal.SIGKILL)
    assert left == []


@pytest.mark.slow
@pytest.mark.skipif(not Path('/proc/self/task').exists(), reason='reads the processes from /proc (Linux)')
@pytest.mark.parametrize('delay', [0.0, 0.1, 0.3])
def test_ctrl_c_early_is_one_line_and_exit_130(project, delay):
    """Ctrl-C while the early workers load what they need (Markdown, Pygments, KaTeX)."""
    import os
    import signal
    import subprocess
    import time

    _busy_project(project)
    proc = subprocess.Popen(
        _command(project, 'build', '--lang', 'all', '--jobs', '2'),
        env=_environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    deadline = time.monotonic() + 30
    while not _children(proc.pid):  # the workers forked as the command starts
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.005)
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends: the build and its workers alike
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert 'Traceback' not in err and 'KeyboardInterrupt' not in err, err
    assert err.strip().splitlines()[-1].startswith('interrupted'), err
    assert [line for line in err.splitlines() if 'interrupted' in line] == [err.strip().splitlines()[-1]]


def test_suggested_commands_run_as_printed(tmp_path, capsys, monkeypatch):
    configured(tmp_path, 'languages = ["en", "zh"]\nurl = "https://n.test/"\n')
    monkeypatch.setattr('sys.argv', ['annotated-site'])
    assert run(tmp_path, 'build') == 0
    err = capsys.readouterr().err
    hint = next(line for line in err.splitlines() if line.startswith('hint: '))
    assert 'translate export --lang zh translate-zh.json' in hint
    command = hint.split('`')[1].split()
    assert command[0] == 'annotated-site'
    monkeypatch.chdir(tmp_path)
    assert main(command[1:]) == 0  # as printed: the file it names is written
    assert (tmp_path / 'translate-zh.json').is_file()
    assert '`translate export --lang zh` lists' not in err  # the old suggestion, which needed a file
