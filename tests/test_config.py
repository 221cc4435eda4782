"""Tests of `sitegen.reading.config`: site configuration: the `[tool.site]` table of `pyproject.toml`, overridden
by flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import PAGE, ROOT, build_and_read, configured, package, run
from sitegen.errors import UsageError
from sitegen.reading.config import find_package, load_config


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


def test_without_configuration_the_one_package_is_the_source_and_its_name_the_title(tmp_path, capsys):
    package(tmp_path)
    (tmp_path / 'tests').mkdir()
    (tmp_path / 'tests' / '__init__.py').write_text('')
    config = load_config(tmp_path)
    assert (config.source, config.title, config.languages) == (Path('notes'), 'notes', ('en',))
    assert run(tmp_path, 'build') == 0, capsys.readouterr().err
    page = (tmp_path / 'docs' / 'model.html').read_text()
    assert '<title>Model · notes</title>' in page


def test_a_src_layout_and_several_packages_are_found_by_the_project_name(tmp_path, capsys):
    package(tmp_path / 'src', 'lib_a')
    assert find_package(tmp_path) == Path('src/lib_a')
    package(tmp_path, 'lib_b')
    assert find_package(tmp_path) is None  # two, and no name to choose by
    assert run(tmp_path, 'build') == 2
    err = capsys.readouterr().err
    assert '2 packages in ' in err and '(lib_b, src/lib_a) and none named as the project' in err, err
    (tmp_path / 'pyproject.toml').write_text('[project]\nname = "lib-b"\n')
    assert find_package(tmp_path) == Path('lib_b')


def test_no_package_found_says_how_to_name_one(tmp_path, capsys):
    (tmp_path / 'loose.py').write_text('x = 1\n')
    assert run(tmp_path, 'build') == 2
    err = capsys.readouterr().err
    assert 'no package found' in err and '--source' in err and 'annotated-site new' in err
    (tmp_path / 'lib').mkdir()
    (tmp_path / 'lib' / 'a.py').write_text(PAGE.format(title='A'))
    assert run(tmp_path, 'build', '--source', str(tmp_path / 'lib')) == 0
    assert '· lib</title>' in (tmp_path / 'docs' / 'a.html').read_text()


def test_without_url_or_repository_no_address_is_guessed(tmp_path, capsys):
    configured(tmp_path, '')
    assert run(tmp_path, 'build') == 0
    err = capsys.readouterr().err
    assert err.count('no url in [tool.site]') == 1  # one warning for the site, not one a page
    out = tmp_path / 'docs'
    pages = ''.join(p.read_text() for p in out.rglob('*.html'))
    for guessed in ('example.org', 'blob/', 'github.com', 'rel="canonical"', 'og:url', 'data-report'):
        assert guessed not in pages, guessed
    assert not (out / 'sitemap.xml').exists()


@pytest.mark.parametrize(
    ('pyproject', 'line', 'advice'),
    [
        (None, 1, 'create pyproject.toml with a [tool.site] table holding url = "https://..."'),
        ('[project]\nname = "notes"\n', 1, 'add a [tool.site] table holding url = "https://..."'),
        (
            '[project]\nname = "notes"\n\n[tool.site]  # the site\ntitle = "Notes"\n',
            4,
            'set url = "https://..."',
        ),
    ],
)
def test_the_missing_url_warning_names_the_line_where_it_goes(tmp_path, capsys, pyproject, line, advice):
    """With no configuration at all, or a pyproject.toml of another tool's, the warning says what to
    write, and where: never a table the author does not have."""
    package(tmp_path)
    if pyproject is not None:
        (tmp_path / 'pyproject.toml').write_text(pyproject)
    assert run(tmp_path, 'build') == 0
    (warning,) = [w for w in capsys.readouterr().err.splitlines() if 'no url' in w]
    assert warning.startswith(f'warning: pyproject.toml:{line}: no url in [tool.site]')
    assert warning.endswith(f'; {advice}, the address the site is published at'), warning


def test_a_language_not_configured_says_how_to_configure_it(tmp_path, capsys):
    package(tmp_path)
    assert run(tmp_path, 'build', '--lang', 'zh,ja') == 2
    assert (
        'list them as languages = ["en", "zh", "ja"] in [tool.site] of pyproject.toml'
        in capsys.readouterr().err
    )
    assert run(tmp_path, 'translate', 'status') == 2
    assert 'such as languages = ["en", "zh"]' in capsys.readouterr().err
    (tmp_path / 'pyproject.toml').write_text('[tool.site]\nlanguages = ["en", "zh"]\n')
    assert run(tmp_path, 'build', '--lang', 'zh') == 0
    assert (tmp_path / 'docs' / 'zh' / 'model.html').is_file()


def test_this_projects_site_links_no_file_of_the_other_repository():
    config = load_config(ROOT)
    from sitegen.building.build import _settings

    settings = _settings(config, fingerprint='')  # the links do not depend on the code's fingerprint
    assert config.repository and settings.repository_file('labml_nn/transformers/mha.py') == ''
    assert not settings.issues and config.url.startswith('https://')
    # The notebook's Colab link (the MHA page's seed text) still comes from the repository.
    assert settings.colab_url('x.ipynb').startswith('https://colab.research.google.com/github/labmlai/')


def test_the_configured_languages_are_built_by_default_and_lang_narrows_them(tmp_path, capsys):
    configured(tmp_path, 'languages = ["en", "zh"]\n')
    assert run(tmp_path, 'build') == 0
    assert (tmp_path / 'docs' / 'zh' / 'model.html').is_file()
    assert run(tmp_path, 'build', '--lang', 'en', '--out', str(tmp_path / 'en-only')) == 0
    assert (tmp_path / 'en-only' / 'model.html').is_file()
    assert not (tmp_path / 'en-only' / 'zh').exists()


def test_configuration_comes_from_pyproject_and_bad_values_are_usage_errors(tmp_path):
    (tmp_path / 'pyproject.toml').write_text(
        '[tool.site]\ntitle = "T"\nsource = "src"\nlanguages = ["en", "zh"]\n'
    )
    config = load_config(tmp_path)
    assert (config.title, config.source, config.languages) == ('T', Path('src'), ('en', 'zh'))
    (tmp_path / 'pyproject.toml').write_text('[tool.site]\nlanguages = ["zh"]\n')
    with pytest.raises(UsageError, match='must start with "en"'):
        load_config(tmp_path)
    (tmp_path / 'pyproject.toml').write_text('[tool.site\n')
    with pytest.raises(UsageError, match='pyproject.toml'):
        load_config(tmp_path)


def test_an_unknown_configuration_key_is_named(tmp_path):
    (tmp_path / 'pyproject.toml').write_text('[tool.site]\ntitel = "T"\n')
    with pytest.raises(UsageError, match="unknown key 'titel'"):
        load_config(tmp_path)
