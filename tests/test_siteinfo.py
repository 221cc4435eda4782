"""Tests of `sitegen.sitewide.siteinfo`: what a page shows of the other pages of the site: their titles in every
language, and the papers they implement."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import make_source, run


def _links(html: str, cls: str) -> list[tuple[str, str]]:
    return [
        (unescape(href), ' '.join(re.sub('<[^>]+>', ' ', text).split()))
        for href, text in re.findall(rf'<a class="{cls}" href="([^"]+)"[^>]*>(.*?)</a>', html, re.S)
    ]


def test_previous_and_next_follow_the_reading_order_across_folders():
    from sitegen.sitewide.siteinfo import neighbours

    order = ['index.html', 'a/index.html', 'a/b.html', 'c/index.html']
    found = neighbours(order, {p: (('en', p.upper()),) for p in order})
    assert found['a/b.html'][1].page == 'c/index.html' and found['c/index.html'][0].page == 'a/b.html'
    assert found['index.html'][0] is None and found['c/index.html'][1] is None


def test_pages_link_to_the_previous_and_next_page_in_reading_order_by_title(repo: Path):
    assert run(repo, 'build') == 0
    out = repo / 'out'
    pager = {
        page: _links((out / page).read_text(), 'pager-previous')
        + _links((out / page).read_text(), 'pager-next')
        for page in ('sub/index.html', 'sub/model.html', 'sub/other.html', 'index.html')
    }
    assert pager == {
        'sub/index.html': [('../index.html', 'Previous Fixture home'), ('model.html', 'Next The model')],
        'sub/model.html': [('index.html', 'Previous Sub package'), ('other.html', 'Next Other page')],
        'sub/other.html': [('model.html', 'Previous The model')],
        'index.html': [('sub/index.html', 'Next Sub package')],
    }


def test_the_pager_names_a_page_by_its_title_as_its_cache_file_translates_it_now(repo: Path):
    """In another language the pager names the next page by its title as that page's cache file
    translates it; a translation changed there is the title the next build shows, though the
    build cache keeps the titles it read."""
    pyproject = repo / 'pyproject.toml'
    pyproject.write_text(pyproject.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    cache = repo / 'translate_cache' / 'sub'
    cache.mkdir(parents=True)
    for title in ('其他页面', '另一页'):
        (cache / 'other.zh.json').write_text(json.dumps({'Other page': title}, ensure_ascii=False))
        assert run(repo, 'build', '--quiet', '--lang', 'all') == 0
        html = (repo / 'out' / 'zh' / 'sub' / 'model.html').read_text()
        assert _links(html, 'pager-next') == [('other.html', f'下一页 {title}')], title
    (cache / 'other.zh.json').unlink()
    assert run(repo, 'build', '--quiet', '--lang', 'all') == 0
    html = (repo / 'out' / 'zh' / 'sub' / 'model.html').read_text()
    assert _links(html, 'pager-next') == [('other.html', '下一页 Other page')]


def test_titles_and_summaries_are_translated_once_and_then_found_in_the_build_cache(repo: Path, monkeypatch):
    """A page's title and summary, as its cache file translates them, are looked up in that file
    once: every build after the first finds both in the build cache, however many follow."""
    from sitegen.sitewide import siteinfo

    pyproject = repo / 'pyproject.toml'
    pyproject.write_text(pyproject.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    summarised = repo / 'pkg' / 'sub' / 'other.py'
    summarised.write_text('"""\n---\nsummary: What the other page shows\n---\n# Other page\n"""\nx = 1\n')
    cache = repo / 'translate_cache' / 'sub'
    cache.mkdir(parents=True)
    translations = {'Other page': '其他页面', 'What the other page shows': '其他页面展示的内容'}
    (cache / 'other.zh.json').write_text(json.dumps(translations, ensure_ascii=False))
    assert run(repo, 'build', '--quiet', '--lang', 'all') == 0
    looked_up: list[str] = []
    real = siteinfo._translated_title
    monkeypatch.setattr(
        siteinfo, '_translated_title', lambda text, file: looked_up.append(text) or real(text, file)
    )
    for n in range(3):  # each build edits a page, so that none is answered from the last build's record
        summarised.write_text(summarised.read_text() + f'# Edit {n}\n')
        assert run(repo, 'build', '--quiet', '--lang', 'all') == 0
    assert looked_up == []
    home = (repo / 'out' / 'zh' / 'index.html').read_text()
    assert '其他页面' in home and '其他页面展示的内容' in home  # the contents: its title and summary


def test_a_cached_page_info_is_kept_in_its_format(tmp_path: Path, monkeypatch):
    """The build cache keeps each source's `PageInfo` by the source's bytes; an entry an older
    generator kept (without a field added since) must not be used: the store names its format.
    Adding a field to `PageInfo` means raising `STORES['pageinfo'].format` (and this list)."""
    import dataclasses

    from sitegen.cache import STORES, KeyedCache
    from sitegen.sitewide import siteinfo

    assert [f.name for f in dataclasses.fields(siteinfo.PageInfo)] == [
        'title',
        'paper',
        'paper_line',
        'summary',
    ]
    assert STORES['pageinfo'].format == 2
    source = make_source()
    kept = KeyedCache(tmp_path, 'pageinfo')
    kept.get(source, lambda: siteinfo.PageInfo('Kept'))
    kept.save()
    assert KeyedCache(tmp_path, 'pageinfo').has(source)
    monkeypatch.setitem(STORES, 'pageinfo', STORES['pageinfo']._replace(format=3))
    assert not KeyedCache(tmp_path, 'pageinfo').has(source)


_TITLE_KEYS = [
    'Multi-Head Attention',
    'Multi-Head  Attention',
    ' Multi-Head\nAttention ',
    'Multi-Head &amp; Attention',
]
_TITLE_KEYS += [
    'Multi-Head &#65;ttention',
    '<p>Multi-Head Attention</p>',
    'Other',
    'Multi-Head > Attention',
    'a="b"',
]


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(
        ['Multi-Head Attention', 'Multi-Head & Attention', 'Multi-Head > Attention', 'A <b>bold</b> title']
    ),
    st.lists(
        st.tuples(
            st.sampled_from(_TITLE_KEYS),
            st.sampled_from(['多头注意力', ' 多头\n注意力 ', '', '  ', '<b>多头</b>', 1, None]),
        ),
        max_size=6,
    ),
)
def test_a_pages_title_is_found_in_its_cache_file_as_the_page_finds_it(title, entries):
    """A page's title in another language, read from its cache file for the pages beside it, is the
    one the page itself shows (the file read whole), however the key is written, whatever else the
    file holds."""
    from sitegen.doc import CatalogFile
    from sitegen.sitewide import siteinfo
    from sitegen.translation.catalog import parse_catalog, translate_text

    data = json.dumps(dict(entries), ensure_ascii=False).encode()
    file = CatalogFile('zh', 'm.zh.json', data)
    whole = translate_text(title, parse_catalog(file.name, file.data)[0])
    assert siteinfo._translated_title(title, file) == (whole.html if whole.status == 'found' else None)
