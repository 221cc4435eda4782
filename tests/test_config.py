"""Tests of `sitegen.config`: site configuration: the `[tool.site]` table of `pyproject.toml`, overridden
by flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import run


def test_flags_override_the_configuration(project: Path):
    out = project / 'elsewhere'
    assert (
        run(
            project,
            'build',
            '--out',
            str(out),
            '--set',
            'url=https://preview.example/',
            '--set',
            'repository=https://github.com/example/fork',
            '--set',
            'branch=dev',
        )
        == 0
    )
    html = (out / 'sub' / 'model.html').read_text()
    assert '<link rel="canonical" href="https://preview.example/sub/model.html">' in html
    assert 'data-href="https://github.com/example/fork/blob/{commit}/pkg/sub/model.py"' in html
    assert not (project / 'out').exists()
    assert run(project, 'build', '--set', 'colour=blue') == 2


@pytest.mark.parametrize('languages', ['"en"', '["en", "x y"]', '["zh", "en"]'])
def test_bad_languages_are_usage_errors(project: Path, capsys, languages):
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', f'languages = {languages}'))
    assert run(project, 'build') == 2
    assert 'pyproject.toml' in capsys.readouterr().err
