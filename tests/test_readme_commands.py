"""Every command the READMEs give runs: each in a fast form (`--help`, a tiny configuration, a few
steps), so that a moved function or a changed model breaks a test instead of a reader.

The commands are read from the READMEs themselves (their `sh` blocks, and the commands quoted in
their prose), so a command added to a README is run here without a change to this file. The README's
first commands and the home page's instructions agree with the Makefile they summarise.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT

REPO = Path(__file__).resolve().parents[1]
READMES = (REPO / 'README.md', REPO / 'generator' / 'README.md')

# A command quoted in the prose: a program of the project's, then its arguments.
_PROGRAMS = r'(?:\.venv/bin/python|python|\.venv/bin/torchrun|annotated-site|make|\.venv/bin/pip|pip)'
_QUOTED = re.compile(rf'`((?:[A-Z_]+=\S+ )*{_PROGRAMS} [^`\n]+)`')
_FENCE = re.compile(r'^```(\w*)\s*$')


def readme_commands() -> list[tuple[str, str]]:
    """(where, command) of every command in the READMEs, continuation lines joined."""
    found: list[tuple[str, str]] = []
    for readme in READMES:
        rel = readme.relative_to(REPO).as_posix()
        fence: str | None = None
        pending = ''
        for n, line in enumerate(readme.read_text(encoding='utf-8').splitlines(), 1):
            m = _FENCE.match(line)
            if m:
                fence = None if fence is not None else m.group(1)
                continue
            if fence in ('sh', 'bash', 'shell', 'console'):
                text = pending + line.strip()
                if text.endswith('\\'):
                    pending = text[:-1] + ' '
                    continue
                pending = ''
                if text and not text.startswith('#'):
                    found.append((f'{rel}:{n}', text))
            elif fence is None:
                found.extend((f'{rel}:{n}', quoted) for quoted in _QUOTED.findall(line))
    return found


def _words(command: str) -> tuple[dict[str, str], list[str]]:
    """A command's environment assignments and its words, comments and placeholders left out."""
    words = shlex.split(command.replace('[', ' ').replace(']', ' ').replace('|', ' '), comments=True)
    env = {}
    while words and re.fullmatch(r'[A-Z_]+=\S*', words[0]):
        name, _, value = words.pop(0).partition('=')
        env[name] = value
    return env, words


def _subcommands(words: list[str]) -> list[str]:
    """The leading subcommand words (`translate export`), before the first option or file."""
    out = []
    for word in words:
        if not re.fullmatch(r'[a-z][a-z-]*', word) or len(out) == 2:
            break
        out.append(word)
    return out


def fast_form(command: str) -> tuple[dict[str, str], list[str]] | None:
    """The command as the tests run it: the same program, module or script (and subcommand) with
    `--help`; `make` as a dry run. None for what installs packages (checked apart)."""
    if '&&' in command:  # `cd notes && annotated-site build`: the last command, where the first leads
        command = command.rsplit('&&', 1)[1]
    env, words = _words(command)
    if not words:
        return None
    program = words[0].rsplit('/', 1)[-1]
    if program == 'make':
        return env, ['make', '-n', '-C', str(REPO), *words[1:2]]
    if program == 'pip':
        return None
    if program == 'annotated-site':
        rest = words[1:]
        if rest[:1] == ['--version']:
            return env, [sys.executable, '-m', 'sitegen', '--version']
        return env, [sys.executable, '-m', 'sitegen', *_subcommands(rest), '--help']
    if program == 'torchrun':
        module = words[words.index('-m') + 1]
        return env, [sys.executable, '-m', module, '--help']
    assert program.startswith('python'), f'a command of an unknown program: {command}'
    if words[1] == '-m':
        return env, [sys.executable, '-m', words[2], '--help']
    script = words[1]
    assert script.endswith('.py'), command
    return env, [sys.executable, script, *_subcommands(words[2:]), '--help']


COMMANDS = readme_commands()


def test_the_readmes_commands_are_found():
    commands = [c for _, c in COMMANDS]
    assert len(commands) >= 25, commands
    for expected in (
        '.venv/bin/python bench/train_throughput.py',
        '.venv/bin/python -m labml_nn.transformers.basic.autoregressive_experiment --help',
        '.venv/bin/python build_site.py translate import todo.json',
        'annotated-site new',
    ):
        assert any(c.startswith(expected) for c in commands), expected


def _environment(extra: dict[str, str]) -> dict[str, str]:
    path = os.pathsep.join([str(REPO), str(REPO / 'generator'), os.environ.get('PYTHONPATH', '')])
    env = {**os.environ, 'PYTHONPATH': path, 'OMP_NUM_THREADS': '1', 'MPLBACKEND': 'Agg'}
    return {**env, **{k: v for k, v in extra.items() if k != 'PYTHONPATH'}}


FAST = sorted(
    {
        tuple(form[1]): (where, command, form[0])
        for where, command in COMMANDS
        if (form := fast_form(command))
    }.items()
)


@pytest.mark.parametrize(
    'argv, origin', FAST, ids=[' '.join(Path(a).name for a in argv[1:]) for argv, _ in FAST]
)
def test_each_readme_command_runs_in_a_fast_form(argv, origin):
    where, command, env = origin
    done = subprocess.run(
        list(argv), cwd=REPO, env=_environment(env), capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, (
        f'{where}: {command}\n{" ".join(argv)}\n{done.stdout[-2000:]}{done.stderr[-3000:]}'
    )
    if argv[-1] == '--help':
        assert 'usage' in done.stdout.lower(), f'{where}: {command}: no usage printed'


def test_the_packages_the_readmes_install_from_are_there():
    """`pip install ./generator`, `pip install -e '.[plot]'`: a folder of the project with a
    pyproject.toml (and the extra it names); what pip installs from elsewhere is not run here."""
    import tomllib

    for where, command in COMMANDS:
        words = shlex.split(command, comments=True)
        if not words or words[0].rsplit('/', 1)[-1] != 'pip':
            continue
        for target in (w for w in words[2:] if w.startswith('.')):
            folder, _, extra = target.partition('[')
            project = REPO / folder
            assert (project / 'pyproject.toml').exists(), (where, command)
            if extra:
                table = tomllib.loads((project / 'pyproject.toml').read_text())
                assert extra.rstrip(']') in table['project']['optional-dependencies'], (where, command)


# ---------------------------------------------------------------- the generator's commands, run


def test_the_generators_readme_commands_run_on_a_small_project(tmp_path, capsys, monkeypatch):
    """The README's `build_site.py` commands as written (flags and files), on a small project."""
    from helpers import make_project
    from sitegen.commands.cli import main

    project = make_project(tmp_path / 'project')
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    ran = 0
    monkeypatch.chdir(project)
    for where, command in COMMANDS:
        env, words = _words(command)
        if len(words) < 3 or not words[1].endswith('build_site.py') or words[2] == 'serve':
            continue
        if any(w.isupper() or w == 'LANG' for w in words):  # a synopsis (`--out DIR`), not a command
            continue
        args = words[2:]
        code = main(['--root', str(project), *args])
        out, err = capsys.readouterr()
        assert 'Traceback' not in err, (where, command, err)
        assert code == 0 or (args[0] == 'check' and code == 1 and 'run `make docs`' in err), (
            where,
            command,
            err,
        )
        ran += 1
    assert ran >= 7


# ---------------------------------------------------------------- the throughput benchmark


def test_the_throughput_benchmark_compares_like_with_like():
    sys.path.insert(0, str(REPO / 'bench'))
    try:
        import train_throughput as bench
    finally:
        sys.path.remove(str(REPO / 'bench'))
    size = bench.Size(32, 2, 64, 2, 16, 2)
    ours, theirs = bench.ours(size, bench.N_VOCAB, 0.1), bench.TorchTransformer(size, bench.N_VOCAB, 0.1)
    count = [sum(p.numel() for p in m.parameters()) for m in (ours, theirs)]
    assert count[0] == count[1]
    # Both tie the generator to the embeddings, as the experiment does by default.
    for model in (ours, theirs):
        assert model.generator.projection.weight is model.src_embed.linear.weight
        assert any(m.p == 0.1 for m in model.src_embed.modules() if hasattr(m, 'p'))


@pytest.mark.slow
def test_the_throughput_benchmark_runs_a_few_steps():
    argv = [sys.executable, 'bench/train_throughput.py', '--sizes', '--size', '32', '2', '64', '1', '16', '2']
    argv += ['--steps', '1', '--warmup', '0', '--min-time', '0', '--device', 'cpu', '--threads', '1']
    done = subprocess.run(argv, cwd=REPO, env=_environment({}), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = [
        words
        for words in map(str.split, done.stdout.splitlines())
        if words[:1] in (['ours'], ['torch']) and re.fullmatch(r'[\d,]+', words[1])
    ]
    assert [r[0] for r in rows] == ['ours', 'torch'] and rows[0][1] == rows[1][1]  # the same parameters


def test_a_fresh_clone_needs_make_docs_and_make_test_alone(tmp_path):
    import shutil
    import subprocess

    if not shutil.which('make'):
        pytest.skip('no make')
    readme = (ROOT / 'README.md').read_text()
    first = readme.split('```sh\n', 1)[1].split('```', 1)[0].splitlines()
    assert readme.index('```sh') < readme.index('\n## ') and [line.split()[:2] for line in first] == [
        ['make', 'docs'],
        ['make', 'test'],
    ]
    venv = tmp_path / 'venv'  # as on a fresh clone: none yet

    def planned(target: str) -> str:
        done = subprocess.run(
            ['make', '-n', target, f'VENV={venv}'], cwd=ROOT, capture_output=True, text=True, check=True
        )
        return done.stdout

    docs = planned('docs')
    assert docs.index('-m venv') < docs.index('--group docs') < docs.index('build_site.py build --lang all')
    assert 'torch' not in docs  # building the site needs no torch
    test = planned('test')
    assert test.index('torch==2.13.0') < test.index('--group test') < test.index('-m pytest')
    assert 'fonts-noto-cjk' in test  # the browser tests' Chinese and Japanese glyphs
    # Once set up, the set-up is not done again.
    venv.mkdir()
    for stamp in ('.ready-docs', '.ready-test'):
        (venv / stamp).touch()
    assert '-m venv' not in planned('docs') and '-m venv' not in planned('test')


def makefile_recipes() -> dict[str, list[str]]:
    """Target -> its commands, with `$(PY)` as the README writes it (`.venv/bin/python`)."""
    recipes: dict[str, list[str]] = {}
    target = None
    for line in (ROOT / 'Makefile').read_text().splitlines():
        if match := re.match(r'^([\w-]+):', line):
            target = match.group(1)
            recipes[target] = []
        elif line.startswith('\t') and target:
            recipes[target].append(line.strip().replace('$(PY)', '.venv/bin/python'))
    return recipes


def home_text() -> str:
    """The home page's words: its docstring and its comments (installing and building are a
    section of comments after the list of pages)."""
    source = (ROOT / 'labml_nn' / '__init__.py').read_text(encoding='utf-8')
    comments = [
        line[2:] if line.startswith('# ') else '' for line in source.splitlines() if line.startswith('#')
    ]
    return (ast.get_docstring(ast.parse(source)) or '') + '\n' + '\n'.join(comments)


def test_the_home_page_says_what_make_docs_runs_and_what_a_bare_build_builds():
    recipes = makefile_recipes()
    home = ' '.join(home_text().split())
    (docs,) = recipes['docs']
    assert '--lang all' in docs
    # Every build command the page shows is what `make docs` runs, named as the README names it.
    shown = re.findall(r'`((?:\S*python )?build_site\.py[^`]*)`', home)
    assert shown and all(command in (docs, 'build_site.py build') for command in shown)
    assert f'`{docs}`' in home
    readme = (ROOT / 'README.md').read_text()
    assert re.search(r'^make docs +# every language', readme, re.M)
    # A bare build builds the configured languages (the home page, edited centrally, still says
    # English only; its sentence is not checked here until it is brought in line).
    assert re.search(r'^\.venv/bin/python build_site\.py build +# every configured language', readme, re.M)
    for target in re.findall(r'`make ([\w-]+)`', home) + re.findall(r'^make ([\w-]+)$', home_text(), re.M):
        assert target in recipes
