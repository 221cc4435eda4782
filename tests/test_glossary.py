"""Tests of `sitegen.translation.glossary`: the glossary: per language, the word our translations use for a term, and
the words they never use."""

from __future__ import annotations

import json
import shutil

import pytest

from helpers import ROOT, SEED_FILES, translate
from sitegen.translation.catalog import dump_cache, key_label

GLOSSARY = ROOT / 'translate_cache' / 'glossary.toml'


def test_our_caches_pass_the_glossary_and_the_pinned_seed_is_only_noticed():
    from sitegen.translation.glossary import CacheText, check_caches, load_glossary

    glossary, problems = load_glossary(GLOSSARY, 'glossary.toml', ('zh', 'ja'))
    assert problems == [] and {t.lang for t in glossary.terms} == {'zh', 'ja'}
    cache = ROOT / 'translate_cache'
    files = sorted(cache.rglob('*.json'))
    assert len(files) >= 30
    found = check_caches(
        glossary,
        (
            CacheText(
                p.relative_to(cache).as_posix(),
                p.relative_to(ROOT).as_posix(),
                p.suffixes[-2][1:],
                p.read_bytes(),
            )
            for p in files
        ),
    )
    assert found.warnings == [] and found.errors == []
    assert found.notices and {m.file for m in found.notices} == {'translate_cache/transformers/mha.zh.json'}
    assert all(m.message.endswith('(a pinned file, kept as it was received)') for m in found.notices)


def test_a_forbidden_word_is_found_as_a_word_not_inside_a_longer_one_we_accept():
    from sitegen.translation.glossary import Term

    head = Term('ja', 'head', 'ヘッド', ('頭',), ('先頭', '冒頭'))
    assert head.found_in('すべての頭に同じマスク') == ['頭']
    assert head.found_in('系列の次元が先頭です。冒頭で述べたとおり') == []
    assert head.found_in('先頭の頭') == ['頭']
    # Markup is not text: an attribute holding the word is not a use of it.
    from sitegen.translation.glossary import CacheText, Glossary, check_caches

    value = dump_cache({'<p>x</p>': '<p><a href="頭.html">ヘッド</a></p>', '<p>y</p>': '<p>頭</p>'})
    found = check_caches(Glossary((head,)), [CacheText('a.ja.json', 'tc/a.ja.json', 'ja', value)])
    assert [str(m) for m in found.warnings] == [
        'tc/a.ja.json:3: key "<p>y</p>": uses 頭 for "head"; the glossary writes ヘッド'
    ]


@pytest.mark.parametrize(
    ('text', 'line', 'says'),
    [
        ('[[ja]]\nterm = "head"\nuse = "ヘッド"\nnever = ["頭"\n', 4, 'invalid TOML'),
        (
            'pinned = []\n\n[[ja]]\nterm = "a"\nuse = "b"\n\n[[ja]]\nterm = "head"\nnever = ["頭"]\n',
            7,
            'term and use',
        ),
        ('[[ja]]\nterm = "head"\nuse = "ヘッド"\nnevr = ["頭"]\n', 1, "unknown field 'nevr'"),
        ('[[ja]]\nterm = "head"\nuse = "頭"\nnever = ["頭"]\n', 1, 'both the word we use'),
    ],
)
def test_a_bad_glossary_is_an_error_naming_its_line(tmp_path, text, line, says):
    from sitegen.translation.glossary import load_glossary

    path = tmp_path / 'glossary.toml'
    path.write_text(text, encoding='utf-8')
    _, (problem,) = load_glossary(path, 'tc/glossary.toml', ('ja',))
    assert (problem.file, problem.line) == ('tc/glossary.toml', line) and says in problem.message


@pytest.mark.slow
def test_status_warns_on_a_forbidden_word_strict_fails_and_prune_keeps_the_glossary(repository_copy, capsys):
    # The seed caches, with the Japanese one as received (a machine translation), and our glossary.
    shutil.copyfile(GLOSSARY, repository_copy / 'translate_cache' / 'glossary.toml')
    assert translate(repository_copy, 'status') == 0
    captured = capsys.readouterr()
    seed = json.loads(SEED_FILES['ja'].read_text())
    (key,) = [k for k in seed if '変圧器' in seed[k]]
    line = next(
        i
        for i, row in enumerate(SEED_FILES['ja'].read_text().splitlines(), 1)
        if row.startswith(f' {json.dumps(key)}')
    )
    assert (
        f'warning: translate_cache/transformers/mha.ja.json:{line}: key {key_label(key)}: '
        'uses 変圧器 for "transformer"; the glossary writes トランスフォーマー'
    ) in captured.err
    assert 'uses 多面的な注意 for "multi-head attention"' in captured.err
    # The pinned Chinese seed: counted, not listed, never a warning.
    assert 'mha.zh.json' not in captured.err
    assert (
        'glossary: 5 notices in pinned files, kept as they were received (--verbose lists them)'
        in captured.out
    )

    assert translate(repository_copy, 'status', '--strict') == 1
    err = capsys.readouterr().err
    assert f'error: translate_cache/transformers/mha.ja.json:{line}: key {key_label(key)}: uses 変圧器' in err
    assert 'values use words the glossary never uses (--strict)' in err and 'mha.zh.json' not in err

    assert translate(repository_copy, 'status', '--verbose') == 0
    assert 'notice: translate_cache/transformers/mha.zh.json:3: key ' in capsys.readouterr().err

    before = (repository_copy / 'translate_cache' / 'glossary.toml').read_bytes()
    assert translate(repository_copy, 'prune') == 0
    assert 'glossary' not in capsys.readouterr().out
    assert (repository_copy / 'translate_cache' / 'glossary.toml').read_bytes() == before
