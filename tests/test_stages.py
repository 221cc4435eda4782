"""Small-input tests of the stages that the end-to-end build exercises only as a whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitegen.doc import breadcrumbs, lang_path, page_path, relative_url, summary_from, title_from
from sitegen.errors import UsageError
from sitegen.pages.highlight import highlight_lines
from sitegen.reading.config import load_config
from sitegen.reading.parse import source_lines
from sitegen.reading.sources import discover
from sitegen.translation.catalog import cache_file


def test_highlighting_keeps_one_line_per_source_line_and_escapes():
    text = 'x = "</code><b>"  # <i>\n\fdef f():\n    """a\nb"""\n'
    lines = source_lines(text)
    html = highlight_lines(lines)
    assert len(html) == len(lines) == 4
    assert '<b>' not in ''.join(html) and '&lt;/code&gt;&lt;b&gt;' in html[0]
    assert html[3].endswith('</span>')  # a string spanning lines is closed on each line


@pytest.mark.parametrize(
    'source, page',
    [
        ('__init__.py', 'index.html'),
        ('mha.py', 'mha.html'),
        ('transformers/__init__.py', 'transformers/index.html'),
        (
            'transformers/basic/autoregressive_experiment.py',
            'transformers/basic/autoregressive_experiment.html',
        ),
    ],
)
def test_page_paths(source, page):
    assert page_path(source) == page


def test_relative_urls_and_breadcrumbs():
    assert relative_url('transformers/basic/x.html', 'static/site.css') == '../../static/site.css'
    assert relative_url('index.html', 'transformers/mha.html') == 'transformers/mha.html'
    pages = frozenset({'index.html', 'transformers/index.html', 'transformers/basic/x.html'})
    assert breadcrumbs('transformers/basic/x.html', pages, 'pkg') == [
        ('pkg', '../../index.html'),
        ('transformers', '../index.html'),
        ('basic', None),
    ]


def test_relative_urls_to_folders_match_counting_the_slashes_of_the_path():
    """A folder's URL (the templates' `root` and `static`) as `'../' * depth` used to write it."""
    for page in ('index.html', 'a/b.html', 'a/b/c.html', 'zh/index.html', 'zh/a/b/c.html'):
        depth = page.count('/')
        assert relative_url(page, '') == '../' * depth
        assert relative_url(page, 'static/') == '../' * depth + 'static/'
        lang_root = 'zh/' if page.startswith('zh/') else ''
        assert relative_url(page, lang_root) == '../' * (depth - (1 if lang_root else 0))
    assert relative_url('a b/c.html', 'd e/f.html') == '../d%20e/f.html'


def test_language_paths_and_urls():
    from sitegen.doc import Settings

    settings = Settings('T', 'https://example.org/site/', '', 'main', 'pkg', ('en', 'ja'), (), '')
    assert lang_path('en', 'a/b.html') == 'a/b.html' and lang_path('zh', 'a/b.html') == 'zh/a/b.html'
    assert settings.page_url('ja', 'a/index.html') == 'https://example.org/site/ja/a/'
    assert cache_file(Path('tc'), 'transformers/mha.py', 'zh') == Path('tc/transformers/mha.zh.json')


def test_titles_and_summaries():
    assert title_from({'title': ' Multi-Headed\n Attention '}, '', 'mha.py') == 'Multi-Headed Attention'
    assert title_from({}, 'intro\n\n# The Title\n', 'mha.py') == 'The Title'
    assert title_from({}, 'no heading', 'mha.py') == 'mha.py'
    assert summary_from({'summary': 'Short.\n'}, None) == 'Short.'


def test_discover_skips_hidden_and_cache_folders(tmp_path):
    for name in ('pkg/__init__.py', 'pkg/a.py', 'pkg/.hidden/b.py', 'pkg/__pycache__/c.py', 'pkg/sub/d.py'):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text('x = 1\n')
    found, messages = discover(tmp_path / 'pkg', tmp_path)
    assert not messages.errors
    assert [(f.rel, f.page) for f in found] == [
        ('pkg/__init__.py', 'index.html'),
        ('pkg/a.py', 'a.html'),
        ('pkg/sub/d.py', 'sub/d.html'),
    ]


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
