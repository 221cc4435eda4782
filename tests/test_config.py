"""Tests of `sitegen.config`: site configuration: the `[tool.site]` table of `pyproject.toml`, overridden
by flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import build_and_read, run


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


@pytest.mark.parametrize(
    'setting, message',
    [
        ('max_source_mb = inf', 'max_source_mb must be a positive number, not inf'),
        ('max_source_mb = nan', 'max_source_mb must be a positive number, not nan'),
        ('max_source_mb = -inf', 'max_source_mb must be a positive number'),
        ('assets = ["/etc"]', "assets = '/etc': give a folder of the project"),
        ('assets = ["pkg", "../elsewhere"]', "assets = '../elsewhere': give a folder of the project"),
        ('markdown = ["/etc/passwd.md"]', "markdown = '/etc/passwd.md': give a folder of the project"),
    ],
)
def test_settings_out_of_range_are_usage_errors_naming_the_setting(project, capsys, setting, message):
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text() + setting + '\n')
    assert run(project, 'build') == 2
    err = capsys.readouterr().err
    assert message in err and 'Traceback' not in err, err


@pytest.mark.parametrize(
    'value', ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'github.com/x']
)
def test_a_repository_that_is_not_a_web_address_is_an_error_naming_the_setting(project, capsys, value):
    toml = project / 'pyproject.toml'
    text = toml.read_text()
    toml.write_text(text.replace('https://github.com/example/fixture', value))
    code, err = build_and_read(project, capsys)
    assert code == 2 and '[tool.site] repository' in err and 'http:// or https://' in err
    assert not (project / 'out').exists()
    toml.write_text(text)
    code, err = build_and_read(project, capsys, '--set', f'repository={value}')
    assert code == 2 and '--set repository' in err
    assert not (project / 'out').exists()
