"""Tests of `sitegen.console`: what a command prints: messages, a progress bar on a terminal (plain lines
in CI), a summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import run, translated_with_a_repair


@pytest.mark.parametrize('command', ['build', 'check'])
def test_notices_are_counted_in_the_summary_and_listed_with_verbose(project: Path, capsys, command):
    cache = translated_with_a_repair(project)
    assert any(v.endswith(' </a>') for v in json.loads(cache.read_text()).values())
    if command == 'check':
        run(project, 'build', '--lang', 'all', '--no-cache')
    capsys.readouterr()
    run(project, command, '--lang', 'all', '--no-cache')
    captured = capsys.readouterr()
    assert 'notice:' not in captured.err + captured.out
    assert '1 notice (1 repair; --verbose lists it)' in captured.out
    # Warnings keep their file and line, listed every time.
    assert "warning: pkg/__init__.py:9: broken link 'sub/missing.html'" in captured.err

    run(project, command, '--lang', 'all', '--no-cache', '--verbose')
    captured = capsys.readouterr()
    (notice,) = [line for line in captured.err.splitlines() if line.startswith('notice:')]
    assert notice.startswith('notice: translate_cache/sub/model.zh.json:')
    assert 'stray end tag </a> removed (repaired)' in notice
    assert '1 notice (1 repair)' in captured.out and '--verbose lists' not in captured.out
    assert "warning: pkg/__init__.py:9: broken link 'sub/missing.html'" in captured.err
