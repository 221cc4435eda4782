"""Tests of `sitegen.doc`: the records the pipeline hands from stage to stage, as plain frozen data."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import build_and_read, english_page, make_source, run
from sitegen.doc import (
    PageResult,
    Settings,
    _relpath,
    breadcrumbs,
    lang_path,
    link_target,
    page_path,
    relative_url,
    span_end,
    summary_from,
    title_from,
)
from sitegen.translation.catalog import cache_file


@pytest.mark.parametrize(
    'page, url, target',
    [
        ('a/b.html', 'c.html', ('a/c.html', '')),
        ('a/b.html', '../c.html#x', ('c.html', 'x')),
        ('a/b.html', '#here', ('a/b.html', 'here')),
        ('a/b.html', './', ('a/index.html', '')),
        ('a/b.html', 'sub/', ('a/sub/index.html', '')),
        ('index.html', 'a/c.html?v=1#y', ('a/c.html', 'y')),
        ('index.html', 'my%20page.html', ('my page.html', '')),
        ('a/b.html', '..', ('index.html', '')),
    ],
)
def test_link_targets(page, url, target):
    assert link_target(page, url) == target


def test_coverage_adds_status_by_status_and_a_result_cannot_change_shape():
    import dataclasses

    from sitegen.doc import STATUSES, Coverage

    a, b = Coverage(1, 2, 3, 4), Coverage(found=5, invalid=1)
    assert (a + b).as_dict() == {s: a.as_dict()[s] + b.as_dict()[s] for s in STATUSES}
    result = PageResult(make_source(), (english_page('<p>page</p>'),))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.languages = ()  # type: ignore[misc]
    assert result.without_html().languages[0].html is None and result.languages[0].html == b'<p>page</p>'
    assert result.without_html().languages[0].digest == result.languages[0].digest


HOME_WITH_LINKS = '''"""
# Home

See [a page](my%20page.html), [another](q%231.html#section-0) and [a third](what%3F.html).
"""
'''


def test_file_names_with_spaces_hashes_and_question_marks_get_encoded_urls(project, capsys):
    pkg = project / 'pkg'
    for name in ('my page.py', 'q#1.py', 'what?.py'):
        (pkg / name).write_text(f'"""\n# {name}\n"""\nx = 1\n')
    home = pkg / '__init__.py'
    home.write_text(HOME_WITH_LINKS)
    code, err = build_and_read(project, capsys, '--strict')
    assert code == 0, err
    out = project / 'out'
    assert (out / 'my page.html').exists() and (out / 'q#1.html').exists() and (out / 'what?.html').exists()
    index = (out / 'index.html').read_text()
    assert (
        'href="my%20page.html"' in index
        and 'href="q%231.html#section-0"' in index
        and 'href="what%3F.html"' in index
    )
    page = (out / 'q#1.html').read_text()
    assert 'rel="canonical" href="https://example.org/site/q%231.html"' in page
    assert 'blob/{commit}/pkg/q%231.py' in page and 'href="q%231.py"' in page
    sitemap = (out / 'sitemap.xml').read_text()
    assert '/my%20page.html</loc>' in sitemap and '/what%3F.html</loc>' in sitemap
    index_js = ''.join(p.read_text() for p in sorted((out / 'search').glob('search-r*.js')))
    assert '"my%20page.html"' in index_js and '"q%231.html"' in index_js


# What a browser reads as a URL's scheme (WHATWG URL: a letter, then letters, digits, `+-.`, a colon).
SCHEME = re.compile(r'^[a-zA-Z][a-zA-Z0-9+.-]*:')


EVIL = 'javascript:alert(document.domain)'


class _Urls(HTMLParser):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.urls += [value or '' for name, value in attrs if name in ('href', 'src', 'action', 'data-root')]

    handle_startendtag = handle_starttag


def _scheme(url: str) -> str:
    """The scheme a browser reads in `url` (tabs and newlines removed, as a browser does), or ''."""
    m = SCHEME.match(''.join(ch for ch in url.strip(' \x00-\x1f') if ch not in '\t\n\r'))
    return m.group(0)[:-1].lower() if m else ''


def _scripted_urls(out: Path) -> list[str]:
    """Every URL of the site's pages and search index that a browser would run as script."""
    found = []
    for page in sorted(out.rglob('*.html')):
        for url in _Urls(page.read_text()).urls:
            if _scheme(url) not in ('', 'http', 'https', 'mailto'):
                found.append(f'{page.relative_to(out)}: {url}')
    for index in sorted(out.rglob('search-*.js')):
        for url in re.findall(r'\[\["([^"]*)"', index.read_text()):
            if _scheme(url):
                found.append(f'{index.relative_to(out)}: {url}')
    return found


def _hostile_names(project: Path) -> Path:
    toml = project / 'pyproject.toml'
    text = toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]')
    toml.write_text(text + 'sanitize_english = true\n')
    pkg = project / 'pkg'
    # A docstring's relative link that is a path on the English page ...
    (pkg / 'linky.py').write_text(
        f'"""\n# Linky\n\nGo [there](zh/{EVIL.replace(":", "%3A")}.html).\n"""\nx = 1\n'
    )
    # ... and a file whose name is a valid file name, and a script URL when written bare.
    (pkg / f'{EVIL}.py').write_text('"""\n# Evil\n"""\nx = 1\n')
    (pkg / 'sub' / f'{EVIL}.py').write_text('"""\n# Evil too\n"""\nx = 1\n')
    return project / 'out'


@pytest.mark.parametrize(
    'here, there',
    [
        ('index.html', f'{EVIL}.html'),
        ('zh/index.html', f'zh/{EVIL}.html'),
        ('sub/model.html', f'sub/{EVIL}.html'),
        ('zh/sub/model.html', f'zh/{EVIL}/'),
        ('index.html', 'data:text/html,x.html'),
    ],
)
def test_a_relative_url_is_never_read_as_a_scheme(here, there):
    url = relative_url(here, there)
    assert _scheme(url) == '' and url.startswith(('./', '../'))
    assert Path('/site', Path(here).parent, url).resolve() == Path('/site', there).resolve()


def test_no_page_of_any_language_links_to_a_script_url(project, capsys):
    out = _hostile_names(project)
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    capsys.readouterr()
    assert (out / 'zh' / 'linky.html').exists() and (out / f'{EVIL}.html').exists()
    assert _scripted_urls(out) == []
    # The links still reach their pages: the Next link of the page before, the docstring's link.
    index = (out / 'index.html').read_text()
    assert f'href="./{EVIL}.html"' in index
    assert f'href="./{EVIL}.html"' in (out / 'zh' / 'linky.html').read_text()
    assert f'href="zh/{EVIL.replace(":", "%3A")}.html"' in (out / 'linky.html').read_text()


@pytest.mark.slow
def test_clicking_the_links_of_hostile_names_runs_no_script(project, capsys, browser):
    out = _hostile_names(project)
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    capsys.readouterr()
    context = browser.new_context()
    dialogs: list[str] = []
    page = context.new_page()
    page.on('dialog', lambda d: (dialogs.append(d.message), d.dismiss()))
    clicked = 0

    def opened(name: str):
        page.goto((out / name).as_uri())
        page.locator('.site-menu summary').click()  # its list of every page, loaded on opening
        page.locator('.site-menu nav a').first.wait_for()
        return page

    for name in ('index.html', 'zh/index.html', 'linky.html', 'zh/linky.html', 'sub/model.html'):
        for i in range(opened(name).locator('a[href*="javascript"]').count()):
            link = opened(name).locator('a[href*="javascript"]').nth(i)
            if not link.evaluate('a => !!a.closest(".site-menu")'):  # one of the page's: the menu closed
                page.locator('.site-menu summary').click()
            link.click()
            page.wait_for_timeout(200)
            clicked += 1
    context.close()
    assert clicked >= 5 and dialogs == []


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ['<span>', '<span class="k">', '</span>', '<spanner>', '</spanner>', 'x', '<span', '<b>']
        ),
        max_size=24,
    ),
    st.integers(min_value=0, max_value=300),
)
def test_a_spans_end_is_found_by_counting_as_by_reading_each_tag(pieces, at):
    """Where a `<span>` ends, counted between its end tags, is where reading every tag finds it."""

    def read(html: str, start: int) -> int:
        depth = 0
        for tag in re.finditer(r'<span\b|</span>', html[start:]):
            depth += 1 if tag.group(0) == '<span' else -1
            if depth == 0:
                return start + tag.end()
        return -1

    html = ''.join(pieces)
    for start in [i for i in range(len(html)) if html.startswith('<span', i)] + [min(at, len(html))]:
        assert span_end(html, start) == read(html, start), (html, start)


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(st.sampled_from(['a', 'b', 'index.html', 'x y', '.', '..', '', 'ü']), max_size=5).map('/'.join),
    st.lists(st.sampled_from(['a', 'b', 'c.html', '.', '..', '', 'ü']), max_size=4).map('/'.join),
    st.booleans(),
)
def test_a_relative_url_is_the_one_relpath_gives(path, start, absolute):
    """Relative paths between the site's files, found from their parts: those `posixpath.relpath`
    gives (which asks for the working folder), whatever `.`, `..`, `/` and empty parts they hold."""
    import posixpath

    path, start = ('/' + path, '/' + start) if absolute else (path or '.', start or '.')
    assert _relpath(path, start) == posixpath.relpath(path, start)


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
    settings = Settings('T', 'https://example.org/site/', '', 'main', 'pkg', ('en', 'ja'), (), '')
    assert lang_path('en', 'a/b.html') == 'a/b.html' and lang_path('zh', 'a/b.html') == 'zh/a/b.html'
    assert settings.page_url('ja', 'a/index.html') == 'https://example.org/site/ja/a/'
    assert cache_file(Path('tc'), 'transformers/mha.py', 'zh') == Path('tc/transformers/mha.zh.json')


def test_titles_and_summaries():
    assert title_from({'title': ' Multi-Headed\n Attention '}, '', 'mha.py') == 'Multi-Headed Attention'
    assert title_from({}, 'intro\n\n# The Title\n', 'mha.py') == 'The Title'
    assert title_from({}, 'no heading', 'mha.py') == 'mha.py'
    assert summary_from({'summary': 'Short.\n'}, None) == 'Short.'
