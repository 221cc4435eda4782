"""Tests of `sitegen.commands.cli_translate`: the `translate` command's actions: each runs the translators'
operations (`sitegen.commands.translators`) on a session and prints what they found and did. Exit status 0, or 1
when something was wrong."""

from __future__ import annotations

from helpers import SECTIONS, run, with_hostile_chinese_page


def test_an_import_naming_a_cache_with_control_characters_prints_them_escaped(project, capsys):
    with_hostile_chinese_page(project, SECTIONS, {})
    imported = project / 'import.json'
    imported.write_text('{"\\u001b[2K\\u001b[1Ahostile.zh.json": {"<p>Section 1</p>\\n": "<p>\\u8bd1</p>"}}')
    run(project, 'translate', 'import', str(imported))
    out, err = capsys.readouterr()
    assert '\x1b' not in out + err and '\\x1b[2K' in out + err


def test_an_export_file_name_with_control_characters_is_printed_escaped(project, capsys, monkeypatch):
    with_hostile_chinese_page(project, SECTIONS, {})
    monkeypatch.chdir(project)
    assert run(project, 'translate', 'export', '--lang', 'zh', 'todo\x1b[2K.json') == 0
    err = capsys.readouterr().err
    assert (project / 'todo\x1b[2K.json').exists() and '\x1b' not in err and 'todo\\x1b[2K.json' in err
