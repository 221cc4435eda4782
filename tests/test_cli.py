"""Tests of `sitegen.cli`: command line: `build`, `check`, `serve`. Exit status 0 on success, 1 when an
error was reported, 2 for bad usage."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import run


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
