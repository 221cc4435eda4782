"""Tests of `sitegen.language`: a page in one language: how its copy reaches the URLs of the site, and what
it shows."""

from __future__ import annotations

from helpers import make_job, make_source
from sitegen.catalog import dump_cache
from sitegen.doc import CatalogFile, Fragment, Page, Section, url_quote
from sitegen.errors import Messages
from sitegen.language import language_view, url_resolver


def test_urls_resolve_per_language():
    pages = frozenset({'index.html', 'a/b.html', 'a/c.html'})
    en, zh = url_resolver('a/b.html', 'en', pages), url_resolver('a/b.html', 'zh', pages)
    assert en('static:x.css') == '../static/x.css' and zh('static:x.css') == '../../static/x.css'
    assert en('c.html#s') == 'c.html#s' and zh('c.html#s') == 'c.html#s'  # pages exist in every language
    assert en('img/p.png') == 'img/p.png' and zh('img/p.png') == '../../a/img/p.png'  # files exist once
    assert zh('../top.svg?v=2#f') == '../../top.svg?v=2#f'
    assert zh('my%20img.png') == '../../a/my%20img.png'
    assert url_quote('a b/c#d?.html') == 'a%20b/c%23d%3F.html'


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
