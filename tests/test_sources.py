"""Tests of `sitegen.reading.sources`: finding the sources: every `.py` file (and readme) of the documented
package, read once, with its page path."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from helpers import REPO, build_and_read, configured, docs, run, secret_folder, snapshot
from sitegen.building.build import build
from sitegen.commands.cli import main
from sitegen.reading.config import load_config
from sitegen.reading.sources import discover


def test_an_unreadable_source_is_an_error_naming_it(project, capsys, monkeypatch):
    real = Path.read_bytes

    def read_bytes(self):
        if self.name == 'model.py':
            raise PermissionError(13, 'Permission denied')
        return real(self)

    monkeypatch.setattr(Path, 'read_bytes', read_bytes)
    code, err = build_and_read(project, capsys)
    assert code == 1 and 'pkg/sub/model.py:1: cannot read' in err and 'Permission denied' in err


def test_a_source_whose_name_is_not_utf8_is_an_error_naming_it(project, capsys):
    import os

    name = os.fsencode(str(project / 'pkg')) + b'/bad\xff.py'
    with open(name, 'wb') as f:
        f.write(b'"""\n# Bad name\n"""\nx = 1\n')
    assert run(project, 'build', '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'Traceback' not in err and 'pkg/bad\\udcff.py:1: a file name that is not UTF-8' in err, err


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # a build that reads /dev/zero stops


def test_a_source_linked_from_outside_the_tree_is_skipped_with_a_warning(project, tmp_path, capsys):
    secret = secret_folder(tmp_path)
    pkg = project / 'pkg'
    (pkg / 'passwd.py').symlink_to(secret / 'passwords.py')
    (pkg / 'stolen').symlink_to(secret, target_is_directory=True)
    code, err = build_and_read(project, capsys)
    assert code == 0
    assert 'pkg/passwd.py:1: a link to' in err and 'outside the source folder: skipped' in err
    assert 'pkg/stolen:1: a link to' in err
    published = snapshot(project / 'out')
    assert 'passwd.html' not in published and not any(rel.startswith('stolen') for rel in published)
    assert not any(b'hunter2' in data or b'PNG secret' in data for data in published.values())
    assert build_and_read(project, capsys, '--strict')[0] == 1  # a warning: --strict fails on it


def test_a_link_inside_the_tree_is_followed_once_and_a_loop_ends(project, capsys):
    pkg = project / 'pkg'
    (pkg / 'alias.py').symlink_to(pkg / 'sub' / 'model.py')
    (pkg / 'again').symlink_to(pkg / 'sub', target_is_directory=True)
    (pkg / 'sub' / 'up').symlink_to(pkg, target_is_directory=True)  # a loop
    code, err = build_and_read(project, capsys)
    assert code == 0
    out = project / 'out'
    assert (out / 'alias.html').read_text().count('Thing') >= 1
    assert (out / 'sub' / 'model.html').exists()
    assert 'pkg/sub/up:1: a link to' in err and 'already documented' in err


def test_a_fifo_among_the_sources_is_skipped_unopened(project, capsys):
    fifo = project / 'pkg' / 'x.py'
    os.mkfifo(fifo)
    # Opening a FIFO for reading blocks until a writer comes: a build that opened it would hang. A
    # writer that can open it (only while a reader has it open) ends that wait and tells the test.
    opened, done = [], threading.Event()

    def writer() -> None:
        while not done.wait(0.05):
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # ENXIO: nobody reads it
                continue
            opened.append(True)
            os.close(fd)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        code, err = build_and_read(project, capsys)
    finally:
        done.set()
        thread.join()
    assert not opened, 'the build opened the FIFO'
    assert code == 0 and 'pkg/x.py:1: a FIFO, not a file: skipped' in err
    assert not (project / 'out' / 'x.html').exists()


def test_a_source_linked_to_a_device_is_skipped(project):
    (project / 'pkg' / 'zero.py').symlink_to('/dev/zero')
    command = [sys.executable, str(REPO / 'build_site.py'), '--root', str(project), 'build', '--jobs', '1']
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=60, preexec_fn=_limited, env=os.environ
        )
    except subprocess.TimeoutExpired:
        pytest.fail('the build read /dev/zero for a minute')
    assert done.returncode == 0, done.stderr
    assert 'pkg/zero.py:1: a link to /dev/zero, outside the source folder' in done.stderr


def test_a_source_over_the_size_limit_is_an_error_naming_it(project, capsys):
    big = project / 'pkg' / 'big.py'
    big.write_text('x = 1\n' * 2000)  # 12,000 bytes
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text() + 'max_source_mb = 0.01\n')
    code, err = build_and_read(project, capsys)
    assert (
        code == 1 and 'pkg/big.py:1: 0.0114 MB, over the limit of 0.01 MB' in err and 'max_source_mb' in err
    )
    assert not (project / 'out').exists()
    toml.write_text(toml.read_text().replace('max_source_mb = 0.01\n', 'max_source_mb = "big"\n'))
    code, err = build_and_read(project, capsys)
    assert code == 2 and 'max_source_mb must be a positive number' in err
    toml.write_text(toml.read_text().replace('max_source_mb = "big"\n', ''))
    assert build_and_read(project, capsys)[0] == 0  # 5 MB by default


def test_readmes_and_listed_markdown_files_are_pages(labml_style_site):
    # A readme beside an `__init__.py` with a docstring is left out (the docstring is the folder's
    # one index page; a warning says so); one in a folder without `__init__.py` is the folder's
    # index; a listed file is a page too.
    assert {'notes/index.html', 'glossary.html'} <= set(
        labml_style_site
    ) and 'README.html' not in labml_style_site
    notes = labml_style_site['notes/index.html']
    assert '<title>Notes on normalization' in notes  # front matter
    assert 'Why a normalization layer helps, in two formulas.' in notes
    assert 'class="katex-display"' in notes and '---' not in ''.join(docs(notes))
    assert 'href="../norms/layer_norm.html"' in notes
    # Translated from their own caches, like any page.
    assert '关于归一化的笔记' in labml_style_site['zh/notes/index.html']


def test_a_readme_takes_the_index_from_an_init_without_docstring(labml_style_project):
    (labml_style_project / 'lab' / 'notes' / '__init__.py').write_text('import math\n')
    (labml_style_project / 'lab' / 'norms' / 'readme.md').write_text('# Norms readme\n')
    result = build(load_config(labml_style_project), ('en',), jobs=1)
    pages = {p.source.in_package: p.source.page for p in result.pages}
    assert pages['notes/readme.md'] == 'notes/index.html'
    assert pages['notes/__init__.py'] == 'notes/__init__.html'
    # `norms/__init__.py` has a docstring: it keeps the index.
    assert pages['norms/__init__.py'] == 'norms/index.html' and 'norms/readme.md' not in pages


def test_a_listed_markdown_file_that_is_missing_is_a_warning(labml_style_project, capsys):
    config = labml_style_project / 'pyproject.toml'
    config.write_text(config.read_text().replace('["glossary.md"]', '["glossary.md", "gone.md"]'))
    assert main(['--root', str(labml_style_project), 'build']) == 0
    assert 'warning: pyproject.toml:1: [tool.site] markdown lists gone.md, which is not a file of lab/' in (
        capsys.readouterr().err
    )


def test_exclude_globs_leave_sources_out(tmp_path, capsys):
    configured(tmp_path, 'exclude = ["sub", "*_test.py"]\n')
    (tmp_path / 'notes' / 'model_test.py').write_text('x = 1\n')
    assert run(tmp_path, 'build') == 0, capsys.readouterr().err
    out = tmp_path / 'docs'
    assert (out / 'model.html').is_file()
    assert not (out / 'sub').exists() and not (out / 'model_test.html').exists()


def test_a_readme_beside_a_documented_init_is_no_second_page_and_a_warning_says_which_wins(tmp_path, capsys):
    configured(tmp_path, 'url = "https://n.test/"\n')
    (tmp_path / 'notes' / 'README.md').write_text('# Init\n\nThe same subject again.\n')
    assert run(tmp_path, 'build') == 0
    err = capsys.readouterr().err
    assert (
        'warning: notes/README.md:1: not a page: the docstring of notes/__init__.py is the index page' in err
    )
    assert not (tmp_path / 'docs' / 'README.html').exists()
    assert '<title>init · notes' in (tmp_path / 'docs' / 'index.html').read_text()  # the docstring's
    # Left out on purpose: no warning.
    (tmp_path / 'pyproject.toml').write_text(
        (tmp_path / 'pyproject.toml').read_text() + 'exclude = ["README.md"]\n'
    )
    assert run(tmp_path, 'build') == 0
    assert 'README.md' not in capsys.readouterr().err


def test_discover_skips_hidden_and_cache_folders(tmp_path):
    for name in ('pkg/__init__.py', 'pkg/a.py', 'pkg/.hidden/b.py', 'pkg/__pycache__/c.py', 'pkg/sub/d.py'):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text('x = 1\n')
    found, messages = discover(tmp_path / 'pkg', tmp_path)
    assert not messages.errors
    assert [(f.rel, f.page) for f in found] == [
        ('pkg/__init__.py', 'index.html'),
        ('pkg/a.py', 'a.html'),
        ('pkg/sub/d.py', 'sub/d.html'),
    ]
