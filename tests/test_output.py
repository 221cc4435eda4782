"""Tests of `sitegen.building.output`: writing the site: the output folder is owned file by file, and replaced whole
or not at all."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from helpers import MHA, REPO, ROOT, build_and_read, run, snapshot
from sitegen.building import output
from sitegen.building import output as site_output
from sitegen.commands.cli import main


def test_interrupted_write_leaves_the_previous_output(project: Path, monkeypatch):
    assert run(project, 'build') == 0
    before = {p: p.read_bytes() for p in (project / 'out').rglob('*') if p.is_file()}
    calls = 0
    real = site_output._write_file  # each file the new build writes into the new tree

    def failing(path, data):
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        return real(path, data)

    monkeypatch.setattr(site_output, '_write_file', failing)
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    assert run(project, 'build', '--no-cache') == 130
    monkeypatch.undo()
    after = {p: p.read_bytes() for p in (project / 'out').rglob('*') if p.is_file()}
    assert after == before
    assert not [p for p in project.iterdir() if p.name.startswith('.out.')]


def test_an_unchanged_build_touches_nothing_and_a_hand_edit_is_repaired(project: Path, capsys):
    assert run(project, 'build') == 0
    page = project / 'out' / 'sub' / 'model.html'
    stamp = page.stat().st_mtime_ns
    assert run(project, 'build') == 0
    assert 'up to date' in capsys.readouterr().out
    assert page.stat().st_mtime_ns == stamp
    fresh = page.read_bytes()
    page.write_bytes(b'edited by hand')
    (project / 'out' / 'stray.html').write_text('not from the sources')
    assert run(project, 'build') == 0
    assert page.read_bytes() == fresh
    # A file the build did not write is the author's: kept, and `check` does not count it.
    assert (project / 'out' / 'stray.html').read_text() == 'not from the sources'
    assert run(project, 'check') == 0


@pytest.mark.parametrize(
    'rel, lang',
    [('zh/a.html', 'zh'), ('ja/x/y.html', 'ja'), ('zh', 'en'), ('static/site.css', 'en'), ('si/a', 'en')],
)
def test_the_language_of_an_output_file(rel, lang):
    assert output.language_of(rel, ('en', 'zh', 'ja')) == lang


def test_the_manifest_lists_what_the_build_owns(tmp_path):
    out = tmp_path / 'out'
    files = {'a.html': output.Output.of(b'a'), 'zh/a.html': output.Output.of(b'za')}
    plan = output.write_site(files, out)
    assert plan.changes and set(output.read_manifest(out)) == {'a.html', 'zh/a.html'}
    assert output.read_manifest(out)['a.html'] == output.sha256(b'a')
    (out / 'CNAME').write_text('x')
    again = output.plan_write(files, out)
    assert not again.changes and again.foreign == ['CNAME']
    # A build of English alone keeps Chinese pages it owns when told to, and drops them otherwise.
    only_en = {'a.html': output.Output.of(b'a2')}
    kept = output.plan_write(only_en, out, keep=lambda rel: output.language_of(rel, ('en', 'zh')) == 'zh')
    assert list(kept.write) == ['a.html', output.MANIFEST] and kept.remove == []
    dropped = output.plan_write(only_en, out)
    assert dropped.remove == ['zh/a.html']
    (out / output.MANIFEST).write_text('not json')
    assert output.read_manifest(out) is None
    assert output.read_manifest(tmp_path) is None


def test_a_manifest_cannot_name_files_outside_its_folder(tmp_path):
    (tmp_path / output.MANIFEST).write_bytes(
        output.manifest_bytes({'../x': 'd', '/etc/passwd': 'd', 'ok': 'd'})
    )
    assert output.read_manifest(tmp_path) == {'ok': 'd'}


def _edit(project: Path, n: int) -> None:
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text() + f'\n# Edit {n}.\nEDIT_{n} = {n}\n')


def _fresh(project: Path, where: Path) -> dict[str, bytes]:
    """The site as a build from nothing makes it."""
    assert run(project, 'build', '--quiet', '--no-cache', '--out', str(where)) == 0
    return snapshot(where)


KILLER = textwrap.dedent(
    """
    import os, signal, sys
    from sitegen.building import output
    from sitegen.commands.cli import main
    point = sys.argv[1]
    real_rename, real_write = os.rename, output._write_file
    def rename(src, dst):
        real_rename(src, dst)
        if point == 'between-renames' and '.old-' in str(dst):
            os.kill(os.getpid(), signal.SIGKILL)
    def write_file(path, data):
        if point == 'while-writing' and '.tmp-' in path:
            os.kill(os.getpid(), signal.SIGKILL)
        return real_write(path, data)
    def exchange(a, b):
        done = real_exchange(a, b)
        if point == 'after-exchange':
            os.kill(os.getpid(), signal.SIGKILL)
        return done
    real_exchange = output._exchange
    output.os.rename = rename
    output._write_file = write_file
    output._exchange = exchange
    sys.exit(main(['--root', sys.argv[2], 'build']))
    """
)


@pytest.mark.parametrize(
    'out, what',
    [
        ('pkg', 'is the source folder'),
        ('.', 'is the project root'),
        ('..', 'contains the project root'),
        ('translate_cache', 'is the translation cache'),
        ('.build_cache', 'is the build cache'),
        ('/', 'root of the file system'),
    ],
)
def test_an_output_folder_that_is_or_holds_the_project_is_refused(project: Path, capsys, out, what):
    (project / 'translate_cache').mkdir()
    (project / 'translate_cache' / 'keep.zh.json').write_text('{}')
    run(project, 'build')  # makes .build_cache/ too
    parent = project.parent
    before = snapshot(parent)
    assert run(project, 'build', '--out', str(out if out.startswith('/') else project / out)) == 2
    err = capsys.readouterr().err
    assert what in err and 'choose a folder of its own' in err
    assert snapshot(parent) == before


def test_the_home_folder_and_the_templates_are_refused(project: Path, capsys, monkeypatch):
    monkeypatch.setenv('HOME', str(project.parent))
    assert run(project, 'build', '--out', str(project.parent)) == 2
    assert 'home folder' in capsys.readouterr().err
    templates = project / 'mytemplates'
    templates.mkdir()
    (templates / 'page.html').write_text('{% extends "frame.html" %}')
    assert run(project, 'build', '--templates', str(templates), '--out', str(templates)) == 2
    assert 'is the templates' in capsys.readouterr().err
    assert (templates / 'page.html').exists()


def test_a_file_at_the_output_path_is_an_error_and_is_left_alone(project: Path, capsys):
    (project / 'out').write_text('my notes')
    assert run(project, 'build') == 2
    assert 'is a file, not a folder' in capsys.readouterr().err
    assert (project / 'out').read_text() == 'my notes'


def test_files_the_build_did_not_write_are_kept_byte_for_byte(project: Path, capsys):
    assert run(project, 'build') == 0
    out = project / 'out'
    assert (out / output.MANIFEST).is_file()
    (out / 'CNAME').write_text('docs.example.org\n')
    (out / 'images').mkdir()
    (out / 'images' / 'photo.png').write_bytes(b'\x89PNG not really')
    (out / 'empty-folder').mkdir()
    # A page links to the author's image: the link checker sees it.
    home = project / 'pkg' / '__init__.py'
    home.write_text(home.read_text().replace('![diagram]', '![photo](images/photo.png)\n\n![diagram]'))
    assert run(project, 'build') == 0
    assert 'broken link' not in capsys.readouterr().err
    assert (out / 'CNAME').read_text() == 'docs.example.org\n'
    assert (out / 'images' / 'photo.png').read_bytes() == b'\x89PNG not really'
    assert (out / 'empty-folder').is_dir()
    assert 'images/photo.png' in (out / 'index.html').read_text()
    assert run(project, 'check') == 0
    # The author's file where the build would write one is kept, with a warning naming it.
    manifest = output.read_manifest(out)
    manifest.pop('.nojekyll')  # as if the author had put it there before the build ever ran
    (out / output.MANIFEST).write_bytes(output.manifest_bytes(manifest))
    (out / '.nojekyll').write_text('# mine\n')
    capsys.readouterr()
    assert run(project, 'build') == 0
    assert 'out/.nojekyll:1: a file the build does not own' in capsys.readouterr().err
    assert (out / '.nojekyll').read_text() == '# mine\n'
    assert run(project, 'build', '--strict') == 1
    assert re.search(r'error: \S*out/\.nojekyll:1: a file the build does not own', capsys.readouterr().err)
    assert run(project, 'build', '--adopt') == 0
    assert (out / '.nojekyll').read_text() == ''


def test_a_folder_the_build_never_wrote_is_refused_unless_adopted(project: Path, capsys):
    out = project / 'out'
    out.mkdir()
    (out / 'index.html').write_text('another tool')
    (out / 'notes.txt').write_text('unrelated')
    assert run(project, 'build') == 2
    assert '--adopt' in capsys.readouterr().err
    assert snapshot(out) == {'index.html': b'another tool', 'notes.txt': b'unrelated'}
    assert run(project, 'check') == 1
    assert 'build into it once with --adopt' in capsys.readouterr().err
    assert run(project, 'build', '--adopt') == 0
    assert (out / 'notes.txt').read_text() == 'unrelated'
    assert 'Fixture home' in (out / 'index.html').read_text()
    assert run(project, 'build') == 0 and run(project, 'check') == 0
    assert (out / 'notes.txt').read_text() == 'unrelated'


def test_an_empty_folder_needs_no_adoption(project: Path):
    (project / 'out').mkdir()
    assert run(project, 'build') == 0


def test_a_page_the_sources_no_longer_make_is_removed(project: Path):
    assert run(project, 'build') == 0
    (project / 'pkg' / 'sub' / 'model.py').unlink()
    home = project / 'pkg' / '__init__.py'
    home.write_text(
        home.read_text().replace('sub/model.html#Thing', 'sub/index.html').replace('sub/model.html', 'sub/')
    )
    assert run(project, 'build') == 0
    assert not (project / 'out' / 'sub' / 'model.html').exists()


def test_a_write_starts_from_the_output_it_last_replaced_and_makes_the_same_site(
    project: Path, tmp_path: Path, monkeypatch
):
    """The output a write replaces is kept in the build cache, and the next write makes its new
    tree from it, linking only the files that differ: the site is the one a build from nothing
    makes, with the author's own file and empty folder, and a page removed by hand written again."""
    out = project / 'out'
    assert run(project, 'build', '--quiet') == 0
    (out / 'CNAME').write_text('example.org\n')
    (out / 'empty').mkdir()
    real_link = os.link
    links: list[str] = []
    for n in range(4):
        _edit(project, n)
        if n == 3:
            (out / 'index.html').unlink()
        links.clear()
        monkeypatch.setattr(os, 'link', lambda a, b, **k: links.append(b) or real_link(a, b, **k))
        assert run(project, 'build', '--quiet') == 0
        monkeypatch.undo()
        if n:  # from the output the write before replaced: only what differs
            assert 0 < len(links) < len(snapshot(out)) / 3, (n, len(links))
    assert snapshot(out) == {**_fresh(project, tmp_path / 'fresh'), 'CNAME': b'example.org\n'}
    assert (out / 'empty').is_dir()
    assert not [p.name for p in project.iterdir() if p.name.startswith('.out.')]


def test_a_file_of_the_kept_output_that_is_not_the_outputs_own_is_not_kept(project: Path, tmp_path: Path):
    """A file of the kept output that is another file than the output's (written there by hand)
    is replaced by the output's; a kept output that is a link is not followed, and nothing it
    leads to is touched."""
    out, spare = project / 'out', project / '.build_cache' / 'output-spare'
    assert run(project, 'build', '--quiet') == 0
    _edit(project, 0)
    assert run(project, 'build', '--quiet') == 0
    assert spare.is_dir()
    (spare / 'sub' / 'index.html').unlink()
    (spare / 'sub' / 'index.html').write_text('not the page')  # a page the next write keeps
    _edit(project, 1)
    assert run(project, 'build', '--quiet') == 0
    assert snapshot(out) == _fresh(project, tmp_path / 'fresh')

    elsewhere = tmp_path / 'elsewhere'
    elsewhere.mkdir()
    (elsewhere / 'precious.txt').write_text('keep me')
    import shutil

    shutil.rmtree(spare)
    spare.symlink_to(elsewhere, target_is_directory=True)
    _edit(project, 2)
    assert run(project, 'build', '--quiet') == 0
    assert (elsewhere / 'precious.txt').read_text() == 'keep me' and sorted(elsewhere.iterdir()) == [
        elsewhere / 'precious.txt'
    ]
    shutil.rmtree(tmp_path / 'fresh')
    assert snapshot(out) == _fresh(project, tmp_path / 'fresh')


def test_a_manifest_changed_since_it_was_read_is_read_again(tmp_path: Path):
    """A build reads the output folder's manifest once while the file stays the same; another
    file in its place (same size, same time), or the same file written again, is read anew."""
    out = tmp_path / 'out'
    out.mkdir()
    first = output.manifest_bytes({'a.html': '1' * 64})
    (out / output.MANIFEST).write_bytes(first)
    an_hour_ago = time.time_ns() - 3600 * 10**9  # not changing as it is read
    os.utime(out / output.MANIFEST, ns=(an_hour_ago, an_hour_ago))
    assert output.read_manifest(out) == {'a.html': '1' * 64}
    st = os.stat(out / output.MANIFEST)
    other = tmp_path / 'other.json'
    other.write_bytes(first.replace(b'1' * 64, b'2' * 64))
    os.utime(other, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.replace(other, out / output.MANIFEST)
    assert output.read_manifest(out) == {'a.html': '2' * 64}
    (out / output.MANIFEST).write_bytes(output.manifest_bytes({'a.html': '3' * 64, 'b.html': '4' * 64}))
    assert output.read_manifest(out) == {'a.html': '3' * 64, 'b.html': '4' * 64}
    (out / output.MANIFEST).unlink()
    assert output.read_manifest(out) is None


def test_sigint_during_the_write_says_what_is_on_disk(project: Path, capsys, monkeypatch):
    assert run(project, 'build') == 0
    before = snapshot(project / 'out')
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    monkeypatch.setattr(output, '_swap', lambda *a: (_ for _ in ()).throw(KeyboardInterrupt))
    assert run(project, 'build') == 130
    assert 'out holds the previous output, as it was' in capsys.readouterr().err
    assert snapshot(project / 'out') == before
    monkeypatch.undo()

    real_rmtree = output.shutil.rmtree
    calls = []

    def interrupt_after_swap(path, *args, **kwargs):
        calls.append(path)
        real_rmtree(path, *args, **kwargs)
        if len(calls) == 2:  # the first clears a stale temporary folder; the second runs after the swap
            raise KeyboardInterrupt

    monkeypatch.setattr(output.shutil, 'rmtree', interrupt_after_swap)
    assert run(project, 'build') == 130
    assert 'out holds the new build' in capsys.readouterr().err
    monkeypatch.undo()
    assert 'Keep' in (project / 'out' / 'sub' / 'model.html').read_text()
    assert run(project, 'check') == 0


@pytest.mark.slow
@pytest.mark.parametrize('point', ['while-writing', 'between-renames', 'after-exchange'])
def test_sigkill_at_any_point_leaves_the_old_or_the_new_output(project: Path, tmp_path: Path, point):
    assert run(project, 'build') == 0
    before = snapshot(project / 'out')
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    env = {**os.environ, 'PYTHONPATH': f'{REPO}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'}
    if point == 'between-renames':
        env['SITEGEN_NO_EXCHANGE'] = '1'  # the two-rename swap of systems without an exchange
    script = tmp_path / 'killer.py'
    script.write_text(KILLER)
    done = subprocess.run([sys.executable, str(script), point, str(project)], env=env, cwd=project)
    assert done.returncode == -signal.SIGKILL
    # The next command puts things right before anything else, and then the output is whole.
    assert run(project, 'check') in (0, 1)
    after = snapshot(project / 'out')
    if point == 'after-exchange':
        assert 'Keep' in after['sub/model.html'].decode()
    else:
        assert after == before
    assert not [p.name for p in project.iterdir() if p.name.startswith('.out.')]
    assert run(project, 'build') == 0 and run(project, 'check') == 0


@pytest.mark.slow
def test_two_builds_into_one_folder_take_turns(project: Path):
    assert run(project, 'build') == 0
    env = {**os.environ, 'PYTHONPATH': f'{REPO}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'}
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    held = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with output.lock(project / 'out'):
            held.set()
            release.wait(60)

    holder = threading.Thread(target=hold)
    holder.start()
    held.wait(10)
    proc = subprocess.Popen(
        [sys.executable, str(REPO / 'build_site.py'), 'build'],
        cwd=project,
        env=env,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    lines: list[str] = []
    waiting = threading.Event()

    def read() -> None:
        for line in proc.stderr:
            lines.append(line)
            if 'waiting for another build' in line:
                waiting.set()

    reader = threading.Thread(target=read)
    reader.start()
    try:
        assert waiting.wait(60), ''.join(lines)
        time.sleep(0.5)
        assert proc.poll() is None
        assert 'Keep' not in (project / 'out' / 'sub' / 'model.html').read_text()
    finally:
        release.set()
        holder.join()
    assert proc.wait(60) == 0, ''.join(lines)
    reader.join()
    assert 'Keep' in (project / 'out' / 'sub' / 'model.html').read_text()


def test_an_output_folder_that_cannot_be_written_is_an_error(project, capsys):
    (project / 'blocker').write_text('a file where a folder would be')
    code, err = build_and_read(project, capsys, '--out', str(project / 'blocker' / 'site'))
    assert code == 1 and 'cannot write' in err
    assert (project / 'blocker').read_text() == 'a file where a folder would be'


@pytest.mark.parametrize(
    'data',
    [b'not marshal', b'', None, {'x': 1}, {'/a': (1, 2)}, {'/a': ('1', 2, 'd')}, [1, 2]],
    ids=['garbage', 'empty', 'entries-of-another-kind', 'an-int', 'short', 'a-string-size', 'a-list'],
)
def test_a_damaged_digest_cache_only_costs_reading_the_output_again(project: Path, tmp_path: Path, data):
    """The digests of the output's files kept between builds (`.build_cache/output-digests.marshal`)
    written by something else: the build reads the files instead, and writes what changed."""
    import marshal

    assert run(project, 'build', '--quiet') == 0
    cache = project / '.build_cache' / 'output-digests.marshal'
    assert cache.is_file()
    if data is None:  # the real paths, with entries that are not (size, time, digest)
        data = {path: [1, 2, 3] for path in marshal.loads(cache.read_bytes())}
    cache.write_bytes(data if isinstance(data, bytes) else marshal.dumps(data))
    page = project / 'out' / 'sub' / 'model.html'
    page.write_text('edited by hand')
    assert run(project, 'build', '--quiet') == 0
    assert run(project, 'build', '--quiet', '--no-cache', '--out', str(tmp_path / 'fresh')) == 0
    assert snapshot(project / 'out') == snapshot(tmp_path / 'fresh')


def _elsewhere(tmp_path: Path) -> Path:
    """A folder outside the project whose files nobody may overwrite."""
    other = tmp_path / 'other'
    other.mkdir()
    (other / 'site.css').write_text("/* not the build's */")
    (other / 'notes.txt').write_text('mine')
    return other


def test_a_folder_of_the_output_replaced_by_a_link_is_an_error_naming_it(project, tmp_path, capsys):
    assert run(project, 'build') == 0
    out = project / 'out'
    static = next(p for p in out.iterdir() if p.is_dir() and any(p.glob('*.css')))
    rel = static.name
    other = _elsewhere(tmp_path)
    (other / next(static.glob('*.css')).name).write_text("/* not the build's */")
    before = snapshot(other)
    import shutil

    shutil.rmtree(static)
    static.symlink_to(other, target_is_directory=True)
    capsys.readouterr()
    assert run(project, 'build') == 1
    err = capsys.readouterr().err
    assert f'out/{rel}' in err and 'symbolic link' in err and '--adopt' in err and 'Traceback' not in err
    assert snapshot(other) == before and static.is_symlink()
    # Under --adopt the link is replaced by the build's own folder; the other folder is untouched.
    assert run(project, 'build', '--adopt') == 0
    assert snapshot(other) == before
    assert not static.is_symlink() and static.is_dir() and any(static.glob('*.css'))
    assert run(project, 'check') == 0


def test_a_link_at_a_file_the_build_writes_is_an_error_and_adopt_replaces_it(project, tmp_path, capsys):
    assert run(project, 'build') == 0
    out = project / 'out'
    other = _elsewhere(tmp_path)
    (out / 'index.html').unlink()
    (out / 'index.html').symlink_to(other / 'notes.txt')
    assert run(project, 'build') == 1
    assert 'out/index.html' in capsys.readouterr().err
    assert (other / 'notes.txt').read_text() == 'mine'
    assert run(project, 'build', '--adopt') == 0
    assert not (out / 'index.html').is_symlink() and 'Fixture home' in (out / 'index.html').read_text()
    assert (other / 'notes.txt').read_text() == 'mine'


def test_an_output_folder_that_is_a_link_is_built_into_its_target(project, tmp_path):
    target = tmp_path / 'real-site'
    target.mkdir()
    link = project / 'out'
    link.symlink_to(target, target_is_directory=True)
    assert run(project, 'build') == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert (target / 'index.html').is_file()
    (project / 'pkg' / 'sub' / 'model.py').write_text('"""\n# Changed model\n"""\nx = 1\n')
    assert run(project, 'build') == 0
    assert link.is_symlink() and 'Changed model' in (target / 'sub' / 'model.html').read_text()
    leftovers = [
        p.name for p in [*project.iterdir(), *tmp_path.iterdir()] if '.tmp-' in p.name or '.old-' in p.name
    ]
    assert leftovers == []
    assert run(project, 'check') == 0


def test_a_link_left_beside_the_output_by_an_older_version_is_removed_not_followed(project, tmp_path):
    kept = tmp_path / 'kept'
    kept.mkdir()
    (kept / 'index.html').write_text('not ours')
    left = project / f'.out.tmp-{os.getpid() + 1}'
    left.symlink_to(kept, target_is_directory=True)
    assert run(project, 'build') == 0
    assert not os.path.lexists(left) and (kept / 'index.html').read_text() == 'not ours'


@pytest.mark.slow
def test_building_one_language_keeps_the_others(tmp_path):
    out = tmp_path / 'site'
    root = ['--root', str(ROOT)]
    assert main([*root, 'build', '--lang', 'all', '--out', str(out), '--no-cache', '--quiet']) == 0
    english = (out / MHA).read_bytes()
    japanese = (out / 'ja' / MHA).read_bytes()
    (out / 'zh' / MHA).write_text('stale')
    assert main([*root, 'build', '--lang', 'zh', '--out', str(out), '--no-cache', '--quiet']) == 0
    assert (out / MHA).read_bytes() == english and (out / 'ja' / MHA).read_bytes() == japanese
    assert '多头注意力' in (out / 'zh' / MHA).read_text()
    assert main([*root, 'check', '--out', str(out), '--no-cache']) == 0
