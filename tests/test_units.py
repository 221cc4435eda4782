"""Small-input tests of pieces the end-to-end tests only reach as a whole: link targets, languages
of output files, cache pruning, the output manifest, per-language views and the translators' merge."""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sitegen import output
from sitegen.cache import Digester, PageCache, digest
from sitegen.catalog import dump_cache
from sitegen.doc import (
    CatalogFile,
    Fragment,
    LanguagePage,
    Page,
    PageJob,
    PageResult,
    Section,
    Settings,
    Site,
    Source,
    link_target,
    url_quote,
)
from sitegen.errors import Messages
from sitegen.language import language_view, url_resolver
from sitegen.translators import CacheUse, merge, pending, stale

# ---------------------------------------------------------------- links


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


def test_urls_resolve_per_language():
    pages = frozenset({'index.html', 'a/b.html', 'a/c.html'})
    en, zh = url_resolver('a/b.html', 'en', pages), url_resolver('a/b.html', 'zh', pages)
    assert en('static:x.css') == '../static/x.css' and zh('static:x.css') == '../../static/x.css'
    assert en('c.html#s') == 'c.html#s' and zh('c.html#s') == 'c.html#s'  # pages exist in every language
    assert en('img/p.png') == 'img/p.png' and zh('img/p.png') == '../../a/img/p.png'  # files exist once
    assert zh('../top.svg?v=2#f') == '../../top.svg?v=2#f'
    assert zh('my%20img.png') == '../../a/my%20img.png'
    assert url_quote('a b/c#d?.html') == 'a%20b/c%23d%3F.html'


# ---------------------------------------------------------------- the output folder


@pytest.mark.parametrize(
    'rel, lang',
    [('zh/a.html', 'zh'), ('ja/x/y.html', 'ja'), ('zh', 'en'), ('static/site.css', 'en'), ('si/a', 'en')],
)
def test_the_language_of_an_output_file(rel, lang):
    assert output.language_of(rel, ('en', 'zh', 'ja')) == lang


def test_the_manifest_lists_what_the_build_owns(tmp_path):
    out = tmp_path / 'out'
    files = {'a.html': output.Output.of(b'a'), 'zh/a.html': output.Output.of(b'za')}
    plan = output.write_site(files, out)
    assert plan.changes and set(output.read_manifest(out)) == {'a.html', 'zh/a.html'}
    assert output.read_manifest(out)['a.html'] == output.sha256(b'a')
    (out / 'CNAME').write_text('x')
    again = output.plan_write(files, out)
    assert not again.changes and again.foreign == ['CNAME']
    # A build of English alone keeps Chinese pages it owns when told to, and drops them otherwise.
    only_en = {'a.html': output.Output.of(b'a2')}
    kept = output.plan_write(only_en, out, keep=lambda rel: output.language_of(rel, ('en', 'zh')) == 'zh')
    assert list(kept.write) == ['a.html', output.MANIFEST] and kept.remove == []
    dropped = output.plan_write(only_en, out)
    assert dropped.remove == ['zh/a.html']
    (out / output.MANIFEST).write_text('not json')
    assert output.read_manifest(out) is None
    assert output.read_manifest(tmp_path) is None


def test_a_manifest_cannot_name_files_outside_its_folder(tmp_path):
    (tmp_path / output.MANIFEST).write_bytes(
        output.manifest_bytes({'../x': 'd', '/etc/passwd': 'd', 'ok': 'd'})
    )
    assert output.read_manifest(tmp_path) == {'ok': 'd'}


# ---------------------------------------------------------------- caches


def test_the_digest_of_a_record_covers_every_field():
    job = make_job()
    assert digest(job) == digest(make_job())
    for changed in (
        make_job(data=b'x = 2\n'),
        make_job(catalog=b'{}'),
        make_job(pages=frozenset({'index.html', 'other.html'})),
        make_job(title='Another'),
    ):
        assert digest(changed) != digest(job)
    shared = Digester()
    assert shared(job) == digest(job) and shared(job) == digest(job)


def english_page(html: str) -> LanguagePage:
    return LanguagePage('en', hashlib.sha256(html.encode()).hexdigest(), 'Title', (), html=html.encode())


def test_page_cache_pruning_keeps_this_build_and_recent_spares(tmp_path):
    cache = PageCache(tmp_path)
    for i, key in enumerate(['a', 'b', 'c', 'd', 'e']):
        cache.put(key, PageResult(make_source(), (english_page(key),)))
        stamp = time.time() - 100 + i  # used in this order
        os.utime(tmp_path / 'pages' / f'{key}.page', (stamp, stamp))
    (tmp_path / 'pages' / 'f.meta').write_bytes(b'an entry as an older version kept it')
    assert cache.get('b') is not None  # used last
    cache.prune({'a'}, spare=2)
    assert sorted(p.name for p in (tmp_path / 'pages').iterdir()) == ['a.page', 'b.page', 'e.page']
    assert cache.get('e') is not None and cache.get('d') is None


def test_a_cache_entry_that_does_not_match_its_digest_is_discarded(tmp_path):
    cache = PageCache(tmp_path)
    cache.put('k', PageResult(make_source(), (english_page('<p>page</p>'),)))
    entry = tmp_path / 'pages' / 'k.page'
    data = bytearray(entry.read_bytes())
    data[data.index(b'\n') + 20] ^= 1  # one flipped bit inside the pickled result
    entry.write_bytes(bytes(data))
    assert cache.get('k') is None and not entry.exists()


def test_a_cached_page_whose_html_changed_is_discarded_and_one_copied_whole_is_used(tmp_path):
    cache = PageCache(tmp_path)
    cache.put('k', PageResult(make_source(), (english_page('<p>page</p>'),)))
    entry = tmp_path / 'pages' / 'k.page'
    data = entry.read_bytes()
    assert data.endswith(b'<p>page</p>') and cache.html('k', 'en', english_page('<p>page</p>').digest)
    entry.unlink()
    entry.write_bytes(data)  # the same bytes in another file: read and checked, then used
    assert cache.get('k') is not None
    entry.write_bytes(data.replace(b'<p>page</p>', b'<p>Page</p>'))  # the same size, other bytes
    assert cache.get('k') is None and not entry.exists()


# ---------------------------------------------------------------- a page in one language


def test_a_language_view_translates_and_counts(tmp_path):
    key = '<p>Hello <span translate=no>_^_0_^_</span></p>\n'
    fragment = Fragment('<p>Hello \ue0000\ue001</p>\n', ('<code>x</code>',))
    source = make_source()
    page = Page(source, 'Title', '', (Section(0, 'comment', fragment, (), 3),), 0)
    catalog = CatalogFile(
        'zh', 'cache/m.zh.json', dump_cache({key: '<p>你好 <span translate="no">_^_0_^_</span></p>'})
    )
    messages = Messages()
    view = language_view(page, make_job(), 'zh', catalog, messages)
    assert view.sections[0].doc == '<p>你好 <code>x</code></p>' and view.sections[0].lang is None
    assert view.coverage is not None and view.coverage.as_dict() == {
        'found': 1,
        'outdated': 0,
        'missing': 1,
        'invalid': 0,
    }  # the title has no translation
    assert [m.kind for m in messages.warnings] == ['translation'] and 'Title' in messages.warnings[0].message
    english = language_view(page, make_job(), 'en', None, Messages())
    assert english.sections[0].doc == '<p>Hello <code>x</code></p>\n'


# ---------------------------------------------------------------- the translators' merge


def test_merge_pending_and_stale(tmp_path):
    path = tmp_path / 'm.zh.json'
    path.write_bytes(dump_cache({'<p>Old</p>': '<p>旧</p>', 'Title': ''}))
    use = CacheUse(path, 'm.zh.json', 'm.html', 'zh', ('Title', '<p>New</p>\n'), {})
    assert pending([use]) == {'m.zh.json': {'Title': '', '<p>New</p>\n': ''}}
    assert stale([use], tmp_path, ['zh']) == {path: ['<p>Old</p>']}
    done = merge(
        {'m.zh.json': {'Title': '标题', '<p>New</p>': '<p>新</p><script>x()</script>', '<p>Gone</p>': 'x'}},
        [use],
        tmp_path,
        'import.json',
    )
    assert done.merged == 1 and len(done.messages.errors) == 2
    assert json.loads(path.read_text())['Title'] == '标题'
    assert pending([use]) == {'m.zh.json': {'<p>New</p>\n': ''}}
    dry = merge({'m.zh.json': {'<p>New</p>': '<p>新</p>'}}, [use], tmp_path, 'import.json', dry_run=True)
    assert dry.merged == 1 and dry.written == [] and '新' not in path.read_text()


# ---------------------------------------------------------------- helpers


def make_source(data: bytes = b'x = 1\n') -> Source:
    return Source(Path('/p/pkg/m.py'), 'pkg/m.py', 'm.py', 'm.html', data)


def make_job(data: bytes = b'x = 1\n', catalog: bytes | None = None, pages=None, title: str = 'T') -> PageJob:
    settings = Settings(
        title, 'https://e.org/', 'https://github.com/e/p', 'main', 'pkg', ('en', 'zh'), (), 'f'
    )
    return PageJob(
        make_source(data),
        ('en', 'zh'),
        (CatalogFile('zh', 'm.zh.json', catalog),),
        Site(pages or frozenset({'index.html', 'm.html'}), frozenset()),
        settings,
    )


# ---------------------------------------------------------------- the records of a page's result


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


@given(
    st.lists(
        st.sampled_from(
            [' ', '  ', '\t', '&amp;', '&#32;', '&nbsp;', '<span class="k">', '</span>', '<', '>', 'x', 'if']
        ),
        max_size=8,
    ).map(''.join)
)
def test_a_code_lines_indentation_is_read_as_the_text_without_its_tags_shows_it(line):
    """The columns of leading spaces of a highlighted line, read at once where the line begins with
    spaces and text: those of its text with the tags taken out, entities read and tabs expanded."""
    import html as html_lib

    from sitegen.render import _TAG, indent_width

    text = html_lib.unescape(_TAG.sub('', line)).expandtabs(4)
    assert indent_width(line) == len(text) - len(text.lstrip(' '))
