"""Tests of `sitegen.commands.translators`: the translators' workflow: coverage, export, import, pruning and machine
translation."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from helpers import (
    LABML_STYLE,
    REPO,
    SECTIONS,
    SEED_FILES,
    P,
    run,
    translate,
    with_chinese_cache,
    with_hostile_chinese_page,
)
from sitegen.commands.cli import _parser, cmd_translate, main
from sitegen.commands.translators import CacheUse, merge, pending, stale
from sitegen.translation.catalog import dump_cache


def test_merge_pending_and_stale(tmp_path):
    path = tmp_path / 'm.zh.json'
    path.write_bytes(dump_cache({'<p>Old</p>': '<p>旧</p>', 'Title': ''}))
    use = CacheUse(path, 'm.zh.json', 'm.html', 'zh', ('Title', '<p>New</p>\n'), {})
    assert pending([use]) == {'m.zh.json': {'Title': '', '<p>New</p>\n': ''}}
    assert stale([use], tmp_path, ['zh']) == {path: ['<p>Old</p>']}
    done = merge(
        {'m.zh.json': {'Title': '标题', '<p>New</p>': '<p>新</p><script>x()</script>', '<p>Gone</p>': 'x'}},
        [use],
        tmp_path,
        'import.json',
    )
    assert done.merged == 1 and len(done.messages.errors) == 2
    assert json.loads(path.read_text())['Title'] == '标题'
    assert pending([use]) == {'m.zh.json': {'<p>New</p>\n': ''}}
    dry = merge({'m.zh.json': {'<p>New</p>': '<p>新</p>'}}, [use], tmp_path, 'import.json', dry_run=True)
    assert dry.merged == 1 and dry.written == [] and '新' not in path.read_text()


# Runs `translate import` with the merge held back until the other process is ready too (5 s at
# most), and each cache file read slowly: two runs that do not take turns both read the old file.
_RACING_IMPORT = """
import sys, time
from pathlib import Path
from sitegen.commands import translators
from sitegen.commands.cli import main

here, me, other = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
merge, read_cache = translators.merge, translators.read_cache

def slow_read(*args):
    found = read_cache(*args)
    time.sleep(0.3)
    return found

def held_merge(*args, **kwargs):
    (here / f'ready-{me}').touch()
    deadline = time.monotonic() + 5
    while not (here / f'ready-{other}').exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return merge(*args, **kwargs)

translators.merge, translators.read_cache = held_merge, slow_read
sys.exit(main(['--root', str(here), 'translate', 'import', '--jobs', '1', '--no-cache', str(here / f'{me}.json')]))
"""


def test_importing_a_file_that_does_not_exist_is_an_error(project, capsys):
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    assert run(project, 'translate', 'import', str(project / 'nothing.json'), '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'nothing.json:1: cannot read it' in err and 'Traceback' not in err


@pytest.mark.slow
def test_two_imports_at_once_take_turns_and_lose_no_entry(project, capsys):
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    assert run(project, 'translate', 'export', '--jobs', '1', str(project / 'todo.json')) == 0
    todo = json.loads((project / 'todo.json').read_text())
    halves: dict[str, dict[str, dict[str, str]]] = {'a': {}, 'b': {}}
    for name, table in todo.items():
        for i, key in enumerate(sorted(table)):
            halves['ab'[i % 2]].setdefault(name, {})[key] = key  # the English as its own translation
    for me, table in halves.items():
        (project / f'{me}.json').write_text(json.dumps(table))
    env = {**os.environ, 'PYTHONPATH': f'{REPO}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'}
    procs = [
        subprocess.Popen(
            [sys.executable, '-c', _RACING_IMPORT, str(project), me, other],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for me, other in (('a', 'b'), ('b', 'a'))
    ]
    outputs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    assert all('Traceback' not in err for _, err in outputs)
    for name, table in todo.items():
        cache = json.loads((project / 'translate_cache' / name).read_text())
        assert set(cache) == set(table), name  # every entry of both imports
    assert not list((project / 'translate_cache').rglob('*.tmp'))
    assert any(
        re.search(r'waiting for another translate command writing \S*translate_cache', err)
        for _, err in outputs
    )


def test_a_cache_write_that_fails_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    from sitegen.commands import translators

    path = tmp_path / 'mha.zh.json'
    path.write_bytes(dump_cache({'a': '甲'}))
    real = os.replace

    def full(src, dst):
        raise OSError(28, 'No space left on device')

    monkeypatch.setattr(os, 'replace', full)
    with pytest.raises(OSError):
        translators.write_cache(path, {'a': '甲', 'b': '乙'})
    monkeypatch.setattr(os, 'replace', real)
    assert path.read_bytes() == dump_cache({'a': '甲'})
    assert sorted(p.name for p in tmp_path.iterdir()) == ['mha.zh.json']


def test_importing_a_file_with_a_key_written_twice_warns(project, capsys):
    with_chinese_cache(project).unlink(missing_ok=True)
    export = project / 'todo.json'
    export.write_text(
        '{"sub/model.zh.json": {\n "Fixture model": "甲",\n "Fixture model": "乙"\n}}', encoding='utf-8'
    )
    run(project, 'translate', 'import', str(export), '--jobs', '1')
    err = capsys.readouterr().err
    assert (
        'todo.json:3: key "Fixture model" appears 2 times (first on line 2)' in err and 'Traceback' not in err
    )


def test_prune_says_what_it_found_and_did(project, capsys):
    cache = with_chinese_cache(project)
    stale = {'<p>A sentence no page has any more.</p>\n': '<p>不再使用。</p>\n'}
    cache.write_text(json.dumps(stale))
    assert translate(project, 'prune', '--dry-run') == 0
    out = capsys.readouterr().out
    assert 'stale key "<p>A sentence no page has any more.</p>"' in out
    assert (
        '1 stale entry found; nothing removed (--dry-run)' in out and json.loads(cache.read_text()) == stale
    )
    assert translate(project, 'prune') == 0
    assert 'translate_cache/sub/model.zh.json: 1 entry removed, file deleted' in capsys.readouterr().out
    assert not cache.exists()
    assert translate(project, 'prune') == 0
    assert capsys.readouterr().out == 'nothing to prune: a page asks for every entry of the caches\n'


def test_prune_waits_for_the_cache_folder_and_says_so(project):
    from sitegen.files import hold

    cache = with_chinese_cache(project)
    cache.write_text(json.dumps({'<p>A sentence no page has any more.</p>\n': '<p>不再使用。</p>\n'}))
    env = {**os.environ, 'PYTHONPATH': f'{REPO}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'}
    command = [sys.executable, str(REPO / 'build_site.py'), '--root', str(project), 'translate', 'prune']
    lines: list[str] = []
    with hold(project / 'translate_cache', 'test holding'):
        proc = subprocess.Popen([*command, '--jobs', '1'], env=env, stderr=subprocess.PIPE, text=True)
        reader = threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True)
        reader.start()
        deadline = time.monotonic() + 60
        while not any('waiting for another translate command writing' in line for line in lines):
            assert proc.poll() is None and time.monotonic() < deadline, ''.join(lines)
            time.sleep(0.05)
        assert cache.exists()  # nothing pruned while the folder is held
    assert proc.wait(timeout=120) == 0, ''.join(lines)
    reader.join(10)
    assert not cache.exists()  # its only entry was stale: the file goes once the lock is free


def test_importing_a_lone_surrogate_is_a_message_naming_file_and_key(project, capsys):
    cache = with_hostile_chinese_page(project, SECTIONS, {})
    cache.unlink()
    imported = project / 'import.json'
    imported.write_text(
        '{"hostile.zh.json": {\n"<p>Section 1</p>\\n": "<p>\\udfff</p>",\n"<p>Section 2</p>\\n": "<p>\\u8bd1</p>"}}'
    )
    assert run(project, 'translate', 'import', str(imported)) == 0
    err = capsys.readouterr().err
    assert 'Traceback' not in err
    assert re.search(r'import\.json:2: key "<p>Section 1</p>": holds a lone surrogate', err), err
    written = cache.read_text()
    assert 'Section 2' in written and 'Section 1' not in written


def test_translate_import_keeps_the_mode_of_the_cache_file(project, capsys):
    import os

    cache = with_hostile_chinese_page(project, SECTIONS, {'<p>Section 1</p>\n': '<p>旧</p>'})
    os.chmod(cache, 0o644)
    imported = project / 'import.json'
    imported.write_text('{"hostile.zh.json": {"<p>Section 2</p>\\n": "<p>\\u8bd1</p>"}}')
    assert run(project, 'translate', 'import', str(imported)) == 0
    assert 'Section 2' in cache.read_text() and oct(cache.stat().st_mode & 0o777) == oct(0o644)
    os.chmod(cache, 0o664)
    imported.write_text('{"hostile.zh.json": {"<p>Section 3</p>\\n": "<p>\\u8bd1</p>"}}')
    assert run(project, 'translate', 'import', str(imported)) == 0
    assert 'Section 3' in cache.read_text() and oct(cache.stat().st_mode & 0o777) == oct(0o664)
    # A cache file the import makes is made as any other file is (the umask), not 0600.
    imported.write_text('{"sub/model.zh.json": {"The model": "\\u6a21\\u578b"}}')
    assert run(project, 'translate', 'import', str(imported)) == 0
    made = project / 'translate_cache' / 'sub' / 'model.zh.json'
    mask = os.umask(0o022)
    os.umask(mask)
    assert oct(made.stat().st_mode & 0o777) == oct(0o666 & ~mask)


def test_translations_imported_for_a_renamed_folder_go_to_the_file_in_use(labml_style_project):
    cache = labml_style_project / 'translate_cache' / 'Norms' / 'layer_norm.zh.json'
    entries = json.loads(cache.read_text())
    key = next(k for k in entries if k.startswith('<p>Scale and shift'))
    del entries[key]
    cache.write_text(json.dumps(entries, ensure_ascii=False))
    out = labml_style_project / 'todo.json'
    assert main(['--root', str(labml_style_project), 'translate', 'export', '--lang', 'zh', str(out)]) == 0
    todo = json.loads(out.read_text())
    assert todo['Norms/layer_norm.zh.json'] == {key: ''}
    todo['Norms/layer_norm.zh.json'][key] = '<p>缩放和平移：<span translate=no>_^_0_^_</span></p>\n'
    out.write_text(json.dumps({'Norms/layer_norm.zh.json': todo['Norms/layer_norm.zh.json']}))
    assert main(['--root', str(labml_style_project), 'translate', 'import', str(out)]) == 0
    assert key in json.loads(cache.read_text())
    assert 'norms' not in {p.name for p in (labml_style_project / 'translate_cache').iterdir()}


def test_outdated_is_counted_apart_warned_and_fails_strict(labml_style_project, capsys):
    def translate(*args: str) -> int:
        return main(['--root', str(labml_style_project), 'translate', *args])

    assert translate('status', '--lang', 'zh') == 0
    captured = capsys.readouterr()
    assert re.search(r'optim\.html\s+5/6 83% \(1 outdated\)', captured.out)
    assert re.search(r'total\s+25/27 93% \(2 outdated\)', captured.out)
    assert 'stale' not in captured.out  # an entry shown as outdated is not pruned
    assert translate('status', '--lang', 'zh', '--strict') == 1
    assert 'error: 2 fragments missing, outdated or rejected (--strict)' in capsys.readouterr().err
    assert main(['--root', str(labml_style_project), 'build', '--lang', 'all']) == 0
    err = capsys.readouterr().err
    assert 'warning: lab/optim.py:20: the zh translation of "<p>Clip a gradient' in err
    assert 'was made for an earlier English text (translate_cache/optim.zh.json:5)' in err


def test_export_lists_both_english_texts_and_import_leaves_them_for_review(labml_style_project, capsys):
    out = labml_style_project / 'todo.json'
    assert main(['--root', str(labml_style_project), 'translate', 'export', '--lang', 'zh', str(out)]) == 0
    todo = json.loads(out.read_text())
    edits = json.loads((LABML_STYLE / 'edits.json').read_text())
    exported = {key: value for table in todo.values() for key, value in table.items()}
    assert {(v['english before'], key) for key, v in exported.items()} == {tuple(pair) for pair in edits}
    cache = json.loads((LABML_STYLE / 'translate_cache' / 'optim.zh.json').read_text())
    for value in exported.values():
        assert value['translation before'] == cache.get(value['english before'], value['translation before'])
    before = {p: p.read_bytes() for p in (labml_style_project / 'translate_cache').rglob('*.json')}
    assert main(['--root', str(labml_style_project), 'translate', 'import', str(out)]) == 0
    assert '0 translations accepted, 0 rejected, 2 left empty' in capsys.readouterr().out
    assert {p: p.read_bytes() for p in (labml_style_project / 'translate_cache').rglob('*.json')} == before


def seeds_untouched(repository_copy: Path) -> bool:
    return all(
        (repository_copy / 'translate_cache/transformers' / f'mha.{lang}.json').read_bytes()
        == SEED_FILES[lang].read_bytes()
        for lang in ('zh', 'ja')
    )


class FakeBackend:
    def __init__(self) -> None:
        self.calls = 0

    def translate(self, fragments: list[str], lang: str) -> list[str]:
        self.calls += 1
        out = []
        for f in fragments:
            if 'Noam' in f and '<' not in f:
                out.append(f'{lang}: {f}')
            elif '_^_0_^_' in f:
                out.append(
                    f.replace('<p>', '<p>★', 1).replace('<span translate=no>', '<span translate="no">')
                )
            else:
                out.append(f + '</div><a href="javascript:x()">')
        return out


def written_by_another_tool(key: str) -> str:
    """The same HTML as another tool may write it: references, quoting and line breaks."""
    key = key.replace("'", '&#x27;').replace('"', '&quot;') if '<' not in key else key.replace("'", '&#39;')
    return key.replace('translate=no', 'translate="no"').replace('>\n<', '>\n\n<').replace('\n', ' \n')


@pytest.mark.slow
def test_status_strict_fails_on_a_miss(repository_copy, capsys):
    assert translate(repository_copy, 'status') == 0
    out = capsys.readouterr().out
    assert re.search(r'transformers/mha\.html\s+37/37 100%\s+37/37 100%', out)
    assert translate(repository_copy, 'status', '--strict') == 1
    assert 'missing, outdated or rejected (--strict)' in capsys.readouterr().err


@pytest.mark.slow
def test_export_import_prune_round_trip(repository_copy, capsys):
    export = repository_copy / 'todo.json'
    assert translate(repository_copy, 'export', '--lang', 'zh', str(export)) == 0
    todo = json.loads(export.read_text())
    assert 'transformers/mha.zh.json' not in todo and all(n.endswith('.zh.json') for n in todo)
    noam = todo['optimizers/noam.zh.json']
    assert set(noam.values()) == {''}
    title = 'Noam optimizer' if 'Noam optimizer' in noam else next(k for k in noam if '<' not in k)
    with_code = next(k for k in noam if '_^_1_^_' in k)
    plain_p = next(k for k in noam if k.startswith('<p>') and '_^_' not in k and '<a' not in k)
    noam[title] = 'Noam 优化器'
    noam[with_code] = re.sub(r'<span translate=no>_\^_1_\^_</span>', '', with_code)  # one dropped
    noam[plain_p] = '<p>译文<script>alert(1)</script></p>'
    export.write_text(json.dumps(todo, ensure_ascii=False))
    assert translate(repository_copy, 'import', str(export)) == 1
    err = capsys.readouterr().err
    assert (
        'placeholder _^_1_^_ is missing; not imported' in err
        and 'carries <script>, which a page may not; not imported' in err
    )
    written = repository_copy / 'translate_cache/optimizers/noam.zh.json'
    assert written.read_bytes() == dump_cache({title: 'Noam 优化器'})
    assert seeds_untouched(repository_copy)

    entries = json.loads(written.read_text())
    entries['<p>A sentence no page has any more.</p>\n'] = '<p>不再使用。</p>\n'
    written.write_bytes(dump_cache(entries))
    assert translate(repository_copy, 'status') == 0
    assert 'stale: translate_cache/optimizers/noam.zh.json: 1 entry' in capsys.readouterr().out
    assert translate(repository_copy, 'prune') == 0
    assert json.loads(written.read_text()) == {title: 'Noam 优化器'}
    assert seeds_untouched(repository_copy)


@pytest.mark.slow
def test_machine_translation_is_checked_before_it_is_merged(repository_copy, capsys):
    args = _parser().parse_args(
        [
            '--root',
            str(repository_copy),
            'translate',
            'machine',
            '--lang',
            'ja',
            '--jobs',
            '1',
            '--no-cache',
        ]
    )
    fake = FakeBackend()
    assert cmd_translate(args, backend=fake) == 1  # some values were rejected
    assert fake.calls > 0
    err = capsys.readouterr().err
    assert 'carries a URL in href= that a page may not link to' in err
    noam = json.loads((repository_copy / 'translate_cache/optimizers/noam.ja.json').read_text())
    assert any(v.startswith('<p>★') and P(0) in v for v in noam.values())
    assert not any('javascript' in v for v in noam.values())
    assert seeds_untouched(repository_copy)


@pytest.mark.slow
def test_keys_written_differently_are_found_kept_and_never_pruned(repository_copy, capsys):
    path = repository_copy / 'translate_cache/transformers/mha.zh.json'
    entries = json.loads(path.read_text())
    rewritten = {written_by_another_tool(k): v for k, v in entries.items()}
    assert sum(a != b for a, b in zip(entries, rewritten)) > 30
    path.write_bytes(dump_cache(rewritten))
    assert translate(repository_copy, 'status', '--lang', 'zh') == 0
    out = capsys.readouterr().out
    assert (
        re.search(r'transformers/mha\.html\s+37/37 100%', out)
        and 'stale: translate_cache/transformers' not in out
    )
    assert translate(repository_copy, 'prune', '--lang', 'zh') == 0
    assert json.loads(path.read_text()) == rewritten
