"""Tests of `sitegen.translators`: the translators' workflow: coverage, export, import, pruning and machine
translation."""

from __future__ import annotations

import json

from sitegen.catalog import dump_cache
from sitegen.translators import CacheUse, merge, pending, stale


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
