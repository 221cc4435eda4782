"""Tests of `sitegen.output`: writing the site: the output folder is owned file by file, and replaced whole
or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import run
from sitegen import output
from sitegen import output as site_output


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
