"""Tests of `sitegen.pages.language`: a page in one language: how its copy reaches the URLs of the site, and what
it shows."""

from __future__ import annotations

import json
import re
import shutil

from helpers import (
    ROOT,
    SEEDS,
    make_job,
    make_source,
    mha,
    page_of,
    run_build,
    section_of,
    seed_cache,
    tex_of,
)
from sitegen.building.build import build
from sitegen.doc import CatalogFile, Fragment, Page, Section, url_quote
from sitegen.errors import Messages
from sitegen.pages.language import language_view, url_resolver
from sitegen.reading.config import load_config
from sitegen.translation import catalog
from sitegen.translation.catalog import dump_cache


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


def test_an_outdated_translation_is_shown_marked_with_its_links_moved(labml_style_site):
    home = labml_style_site['zh/index.html']
    section = section_of(home, '页面：')
    assert '<p class="outdated" role="note">此译文译自较早版本的英文原文，可能已过时。</p>' in section
    assert 'lang="en"' not in section.split('>', 2)[1]
    # The link was changed in the English since: the translation links where the English now does.
    assert 'href="notes/index.html"' in section and 'readme.html' not in section
    clip = section_of(labml_style_site['zh/optim.html'], '把梯度裁剪到')
    assert 'class="outdated"' in clip and len(tex_of(clip)) == 3
    # Sections translated for the English as it is carry no marker; neither does the English page.
    assert home.count('class="outdated"') == 1 and 'class="outdated"' not in labml_style_site['index.html']


def seeded_name(lang: str) -> str:
    return f'transformers/mha.{lang}.json'


def test_seed_caches_translate_the_mha_page_completely(mha_seeded):
    assert mha(mha_seeded).translation == {
        'zh': {'found': 37, 'outdated': 0, 'missing': 0, 'invalid': 0},
        'ja': {'found': 37, 'outdated': 0, 'missing': 0, 'invalid': 0},
    }
    zh, ja = page_of(mha_seeded, 'zh'), page_of(mha_seeded, 'ja')
    assert '<title>多头注意力 (MHA)' in zh and '<title>マルチヘッド・アテンション (MHA)' in ja
    assert '<h2>多头注意力模块</h2>' in zh and '<h3>计算 Qurey 和 Key 之间的分数</h3>' in zh
    assert '<p>应用 Dropout</p>' in zh and '<p>ドロップアウトを適用</p>' in ja
    assert '这个代码用 PyTorch 实现了 Transformers 中的多头注意力' in zh
    # Math and inline code came back inside translated sentences.
    assert re.search(
        # The full-width comma is held on the formula's line.
        r'计算注意力分数<span class="nowrap"><span class="katex">.*?</span>，</span>这将得到一个形状为<code class="highlight">',
        zh,
        re.S,
    )
    assert re.search(
        r'<span class="katex">(?:(?!<p>).)*</span>アテンションスコアを計算します。<code class="highlight">',
        ja,
        re.S,
    )
    assert re.search(
        r'[\u3040-\u30ff\u4e00-\u9fff]<code class="highlight">|<code class="highlight">.*?</code>[\u3040-\u30ff\u4e00-\u9fff]',
        zh,
    )
    assert 'translate=no' not in zh and '_^_' not in zh and '_^_' not in ja
    # Nothing is left in English but the title of the paper the page implements, which is.
    main = zh.split('<main', 1)[1]
    assert re.findall(r'<[^>]*lang="en"[^>]*>', main) == ['<p class="paper-title" lang="en">']


def test_seed_repairs_are_notices(mha_seeded):
    assert not [m for m in mha_seeded.messages.warnings if m.file.endswith('.json')]
    warnings = [
        str(m).split('/seeds0/')[-1] for m in sorted(mha_seeded.messages.notices) if m.file.endswith('.json')
    ]
    label = '"<h1>Multi-Headed Attention (MHA)</h1> <p><a href=\\"https://co…"'
    moved = 'punctuation after the end of its paragraph moved inside it (repaired)'
    assert warnings[0] == (
        f'{seeded_name("ja")}:2: key {label}: stray end tag </a> removed; '
        f'empty link around another link removed; {moved[:-11]} (repaired)'
    )
    assert [w.split(':')[1] for w in warnings[1:4]] == ['4', '6', '13']
    assert all(w.endswith(moved) for w in warnings[1:4])
    assert warnings[4:] == [f'{seeded_name("zh")}:2: key {label}: stray end tag </a> removed (repaired)']
    assert '</p>\n</a>' not in page_of(mha_seeded, 'zh')
    # No 「。」 stands alone after a paragraph on the Japanese page.
    assert not re.search(r'</p>\s*。', page_of(mha_seeded, 'ja'))


def test_translated_page_links_stay_in_its_language(mha_seeded):
    zh = page_of(mha_seeded, 'zh')
    assert '<html lang="zh">' in zh
    assert (
        '<link rel="canonical" href="https://labmlai.github.io/annotated_deep_learning_paper_implementations/zh/transformers/mha.html">'
        in zh
    )
    for lang in ('en', 'zh', 'ja'):
        assert f'hreflang="{lang}"' in zh
    assert 'href="../../ja/transformers/mha.html"' in zh and 'href="../../transformers/mha.html"' in zh
    assert 'href="basic/autoregressive_experiment.html"' in zh  # a sibling page, in zh/
    assert 'src="../../static/colab-badge.svg"' in zh and 'src="../static/' not in zh
    sitemap = mha_seeded.files['sitemap.xml'].decode()
    assert '/zh/transformers/mha.html' in sitemap and '/ja/transformers/mha.html' in sitemap


def test_untranslated_sections_are_marked_english(mha_seeded):
    models = page_of(mha_seeded, 'zh', 'transformers/models.html')
    assert models.count('<div class="doc" lang="en">') > 50
    sections = ''.join(re.findall(r'<section class="section \w+" id="[^"]+">.*?</section>', models, re.S))
    for body in re.findall(r'<div class="doc">(.*?)</div>', sections, re.S):  # no words, no mark
        assert re.sub(r'<a class="permalink"[^>]*>#</a>', '', body).strip() == ''


def test_a_missing_translation_is_an_error_in_a_strict_build(tmp_path, mha_work):
    cache = seed_cache(tmp_path)
    entries = json.loads((cache / 'transformers' / 'mha.zh.json').read_text())
    del entries['<p>Apply dropout </p>\n']
    (cache / 'transformers' / 'mha.zh.json').write_text(json.dumps(entries))
    config = load_config(ROOT).replace(cache=cache, strict=True)
    result = build(config, ('en', 'zh'), jobs=1)
    mha_errors = [m for m in result.messages.errors if m.file == 'labml_nn/transformers/mha.py']
    assert [m.message for m in mha_errors] == [
        f'no zh translation for "<p>Apply dropout</p>": add one to {cache}/transformers/mha.zh.json'
    ]
    assert (
        'Apply dropout'
        in (ROOT / 'labml_nn' / 'transformers' / 'mha.py').read_text().splitlines()[mha_errors[0].line - 1]
    )


def test_the_japanese_mha_page_is_built_from_the_new_cache_without_a_notice(tmp_path, mha_work):
    (tmp_path / 'cache' / 'transformers').mkdir(parents=True)
    shutil.copyfile(SEEDS / 'mha.ja.json', tmp_path / 'cache' / 'transformers' / 'mha.ja.json')
    result = run_build(tmp_path / 'cache', mha_work, ('en', 'ja'))
    assert mha(result).translation['ja'] == {'found': 37, 'missing': 0, 'invalid': 0, 'outdated': 0}
    assert not [m for m in result.messages.notices + result.messages.warnings if 'mha.ja.json' in m.file]
    ja = page_of(result, 'ja')
    assert (
        '<title>マルチヘッドアテンション (MHA)' in ja and '<h2>マルチヘッドアテンションモジュール</h2>' in ja
    )
    for word in ('変圧器', '多面的な注意', 'グラデーション', '撮影'):
        assert word not in ja


def test_a_pages_keys_are_made_once_for_all_its_languages_and_its_views_are_the_same(monkeypatch):
    """The keys of a page are English whatever the language: each section's is made, and each key
    normalised, once for the page (the cache files' keys are found among them), and every
    language's view is the one made with nothing shared."""
    from sitegen.pages import language

    fragments = [
        Fragment(
            '<p>Hello \ue0000\ue001, see <a href="\ue0030\ue004">this</a></p>\n',
            ('<code>x</code>',),
            ('b.html',),
        ),
        Fragment('<p>Scaled by \ue0000\ue001 &amp; more</p>\n', ('<code>y</code>',)),
        Fragment('<p>Left in English</p>\n', ()),
    ]
    page = Page(
        make_source(),
        'Title',
        'A summary',
        tuple(Section(i, 'comment', f, (), 3 + i) for i, f in enumerate(fragments)),
        0,
    )
    job = make_job(pages=frozenset({'m.html', 'b.html'}))
    english = language.url_resolver('m.html', 'en', job.site.pages)
    keys = [f.key(english) for f in fragments]
    caches = {  # every key translated: a missing one is looked for among older English (`Catalog.nearest`)
        'zh': dict(
            zip(
                [*keys, 'Title', 'A summary'],
                [
                    '<p>你好 <span translate=no>_^_0_^_</span>，见<a href="b.html">此</a></p>',
                    '<p>用 <span translate=no>_^_0_^_</span> 缩放</p>',
                    '<p>英语</p>',
                    '标题',
                    '摘要',
                ],
            )
        ),
        'ja': dict(
            zip(
                [*keys, 'Title', 'A summary', 'Gone'],
                [
                    '<p>こんにちは <span translate=no>_^_0_^_</span>、<a href="b.html">これ</a></p>',
                    '<p><span translate=no>_^_0_^_</span> で</p>',
                    '<p>日本語</p>',
                    'タイトル',
                    '要約',
                    'ない',
                ],
            )
        ),
    }
    files = {
        lang: CatalogFile(lang, f'm.{lang}.json', dump_cache(entries)) for lang, entries in caches.items()
    }
    apart = {lang: language.language_view(page, job, lang, files[lang], Messages()) for lang in caches}
    counted: list[str] = []
    real = language.normalise
    monkeypatch.setattr(language, 'normalise', lambda key: counted.append(key) or real(key))
    monkeypatch.setattr(catalog, 'normalise', lambda key: counted.append(key) or real(key))
    made: list[Fragment] = []
    key_of = Fragment.key
    monkeypatch.setattr(Fragment, 'key', lambda self, resolve: made.append(self) or key_of(self, resolve))
    shared = language.english_keys(page, job)
    views = {
        lang: language.language_view(page, job, lang, files[lang], Messages(), shared) for lang in caches
    }
    assert sorted(counted) == sorted([*keys, 'Title', 'A summary', 'Gone'])  # the file's own key once
    assert len(made) == len(fragments)
    assert views == apart
