"""The built site in a real browser: Debian's Chromium driven by Playwright, network blocked.

The real `labml_nn/` is built once per session, in every language, into a temporary folder and
served by a local `http.server`; search is also tried from `file://`. Every request that is not
to that server (or a local file) is aborted and recorded, and a test fails if any was made, if
the page logged an error, or if a local file was missing.

Without Chromium or Playwright these tests are skipped on a developer's machine, and fail in CI
(where `CI` is set), so that CI cannot pass by testing nothing.
"""

from __future__ import annotations

import functools
import http.server
import itertools
import json
import posixpath
import re
import threading
from pathlib import Path

import pytest

from sitegen.building.build import build
from sitegen.building.output import write_site
from sitegen.reading.config import load_config
from sitegen.sitewide import search

pytestmark = pytest.mark.slow  # a real browser

ROOT = Path(__file__).resolve().parents[1]
MHA = 'transformers/mha.html'
EXPERIMENT = 'transformers/basic/autoregressive_experiment.html'
WIDE, PHONE = {'width': 1400, 'height': 1000}, {'width': 390, 'height': 844}
# Wide enough for the page's contents to stand in a column of their own beside it.
WIDEST = {'width': 1600, 'height': 1000}
NARROW = {'width': 320, 'height': 700}


# ---------------------------------------------------------------- fixtures


TRACKER = 'https://github.com/example/tracker/issues/new'


@pytest.fixture(scope='session')
def site(tmp_path_factory) -> Path:
    """The real sources, every language, built the way `build_site.py build --lang all` does, with
    an issue tracker (`TRACKER`; the project has none) so that the problem reports are tested."""
    config = load_config(ROOT).replace(issues=TRACKER)
    out = tmp_path_factory.mktemp('browser') / 'site'
    result = build(config, config.languages, cache_dir=None)
    assert result.ok, [str(m) for m in result.messages.errors]
    write_site(result.files, out)
    return out


@pytest.fixture(scope='session')
def base_url(site: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f'http://127.0.0.1:{server.server_address[1]}/'
    server.shutdown()
    server.server_close()


class Tab:
    """A page in its own context; records console errors, failed loads and blocked requests."""

    def __init__(self, browser, base_url: str, viewport=WIDE, **options) -> None:
        self.base = base_url
        self.context = browser.new_context(viewport=viewport, **options)
        self.errors: list[str] = []
        self.blocked: list[str] = []
        self.context.route('**/*', self._route)
        self.page = self.context.new_page()
        self.page.on('console', lambda m: m.type == 'error' and self.errors.append(f'console: {m.text}'))
        self.page.on('pageerror', lambda e: self.errors.append(f'page error: {e}'))
        self.page.on('requestfailed', self._failed)
        self.page.on('response', lambda r: r.status >= 400 and self.errors.append(f'{r.status}: {r.url}'))

    def _failed(self, request) -> None:
        # The browser drops a page's icon request when the page is left before it arrives.
        if not ('favicon' in request.url and 'ERR_ABORTED' in (request.failure or '')):
            self.errors.append(f'failed: {request.url} {request.failure}')

    def _route(self, route) -> None:
        url = route.request.url
        if url.startswith((self.base, 'file:', 'data:', 'about:', 'blob:')):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def open(self, path: str, base: str | None = None):
        self.page.goto((base or self.base) + path, wait_until='load')
        return self.page

    def check(self) -> None:
        assert not self.blocked, f'pages asked the network for {self.blocked}'
        assert not self.errors, self.errors

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def tab(browser, base_url):
    t = Tab(browser, base_url)
    yield t
    t.close()
    t.check()


@pytest.fixture
def make_tab(browser, base_url):
    tabs: list[Tab] = []

    def make(**options) -> Tab:
        tabs.append(Tab(browser, base_url, **options))
        return tabs[-1]

    yield make
    for t in tabs:
        t.close()
    for t in tabs:
        t.check()


def _pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob('*.html'))


OVERFLOW = 'document.documentElement.scrollWidth - document.documentElement.clientWidth'
BOXES = """() => { const s = [...document.querySelectorAll('.section')].find(
    s => s.querySelector('.doc p') && s.querySelector('.code .line'));
  const d = s.querySelector('.doc').getBoundingClientRect(), c = s.querySelector('.code').getBoundingClientRect();
  return {doc: [d.left, d.right, d.top, d.bottom], code: [c.left, c.right, c.top, c.bottom]}; }"""


# ---------------------------------------------------------------- layout, offline


def test_layout_side_by_side_wide_and_stacked_on_a_phone(make_tab):
    wide = make_tab(viewport=WIDE)
    page = wide.open(MHA)
    boxes = page.evaluate(BOXES)
    assert boxes['doc'][1] <= boxes['code'][0] + 1, boxes  # documentation left of code
    assert abs(boxes['doc'][2] - boxes['code'][2]) < 2, boxes  # on the same row
    assert page.evaluate(OVERFLOW) <= 0

    phone = make_tab(viewport=PHONE)
    page = phone.open(MHA)
    boxes = page.evaluate(BOXES)
    assert boxes['code'][2] >= boxes['doc'][3] - 1, boxes  # code below its documentation
    assert page.evaluate(OVERFLOW) <= 0


def test_code_and_math_render_with_the_network_blocked(tab):
    page = tab.open(MHA)
    page.evaluate('document.fonts.ready')
    # Code: highlighted lines with the source's line numbers.
    lines = page.locator('.code .line')
    assert lines.count() > 50
    number = page.evaluate("getComputedStyle(document.querySelector('.code .line'), '::before').content")
    assert re.fullmatch(r'"\d+"', number)
    assert page.evaluate("getComputedStyle(document.querySelector('.code .k')).color") != page.evaluate(
        "getComputedStyle(document.querySelector('.code .n')).color"
    )
    # Math: typeset by KaTeX at build time, its fonts loaded from the site itself.
    assert page.locator('.katex').count() >= 5
    assert page.locator('.katex-display .katex-html').first.bounding_box()['width'] > 50
    assert page.evaluate("document.fonts.check('16px KaTeX_Main') && document.fonts.check('16px KaTeX_Math')")
    loaded = page.evaluate("[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)")
    assert any('KaTeX' in f for f in loaded), loaded


def _language_pages(site: Path, lang: str) -> list[str]:
    """The site's pages in one language (`en`: those at its root)."""
    pages = [p for p in _pages(site) if (p[:2] if p.startswith(('zh/', 'ja/')) else 'en') == lang]
    assert len(pages) >= 40 and (MHA if lang == 'en' else f'{lang}/{MHA}') in pages, (lang, pages)
    return pages


@pytest.mark.parametrize('lang', ['en', 'zh', 'ja'])
def test_no_console_errors_or_sideways_scroll_on_any_page_on_a_phone(site, make_tab, lang):
    """On a wide screen, `test_axe_finds_no_violations_on_any_page_in_either_theme` checks the same as
    it opens every page. One test a language, so that parallel test processes share them out."""
    pages = _language_pages(site, lang)
    t = make_tab(viewport=PHONE)
    for path in pages:
        page = t.open(path)
        assert page.evaluate(OVERFLOW) <= 0, f'{path} scrolls sideways at {PHONE["width"]} px'
    t.check()


# ---------------------------------------------------------------- search


def _search(page, query: str):
    page.keyboard.press('/')
    assert page.evaluate('document.activeElement.id') == 'search-input'
    page.keyboard.type(query)
    page.wait_for_selector('.search-results a', state='visible')
    return page.locator('.search-results a')


def test_search_finds_softmax_and_opens_its_section(tab):
    page = tab.open(MHA)
    results = _search(page, 'softmax')
    hrefs = results.evaluate_all('els => els.map(e => e.getAttribute("href"))')
    on_mha = [i for i, h in enumerate(hrefs) if re.search(r'(^|/)mha\.html#[A-Za-z_][\w.-]*$', h)]
    assert on_mha, hrefs
    results.nth(on_mha[0]).click()
    page.wait_for_function('location.hash.length > 1')
    hash_ = page.evaluate('location.hash')
    assert not hash_.startswith('#section-')
    assert page.url.split('#')[0].endswith(MHA)
    section = page.locator(f'[id="{hash_[1:]}"]')
    assert 'softmax' in section.text_content().lower()
    assert page.locator('.search-results').is_hidden()
    # Scrolled to: at the top of the window, or as near as the end of the page allows.
    top, bottom, scrollable = (
        section.evaluate("""s => [s.getBoundingClientRect().top, s.getBoundingClientRect().bottom,
        document.documentElement.scrollHeight - innerHeight - scrollY]""")
    )
    assert (0 <= top < 50) or (scrollable <= 1 and bottom <= page.viewport_size['height'] + 1), (
        top,
        scrollable,
    )


def test_search_from_file_and_in_another_language(site, make_tab):
    t = make_tab()
    page = t.open(MHA, base=site.as_uri() + '/')
    assert _search(page, 'softmax').count() > 0
    page = t.open('zh/' + MHA, base=site.as_uri() + '/')
    results = _search(page, '注意力')
    href = results.first.get_attribute('href')
    results.first.click()
    page.wait_for_function('location.hash.length > 1')
    hash_ = page.evaluate('decodeURIComponent(location.hash.slice(1))')
    assert '/zh/' in page.url and '注意力' in page.locator(f'[id="{hash_}"]').text_content(), href


def _index_files(urls: list[str]) -> set[str]:
    return {
        u.split('/search/')[-1] if '/search/' in u else u.rsplit('/', 1)[-1] for u in urls if 'search' in u
    }


def _search_typed_at_once(page, query: str):
    """As an input method gives a word: the query alone is searched, none of its beginnings."""
    page.keyboard.press('/')
    page.keyboard.insert_text(query)
    page.wait_for_selector('.search-results a', state='visible')
    return page.locator('.search-results a')


def test_a_query_loads_only_the_index_files_it_needs(site, make_tab):
    """The manifest, the shard of each query word's first characters, and the files of the results shown."""
    t = make_tab()
    page = t.open(MHA)
    asked: list[str] = []
    page.on('request', lambda r: asked.append(r.url))
    assert _search_typed_at_once(page, 'softmax').count() > 0
    page.wait_for_timeout(300)
    files = _index_files(asked)
    chunks = {f for f in files if re.fullmatch(r'search-r\d+\.js', f)}
    cut = _key_length(site)
    assert cut == 1  # a site of this size: shards by a term's first character
    assert files - chunks == {'search-index.js', _shard_file('softmax', cut)}, files
    assert 1 <= len(chunks) <= 10, chunks
    total = sum(p.stat().st_size for p in (site / 'search').glob('*.js'))
    loaded = sum((site / 'search' / f).stat().st_size for f in files - {'search-index.js'})
    # A small part of the index: one shard and the display files of the results shown (up to ten)
    assert loaded < total / 10, (loaded, total)
    # Chinese, from file://: the shards of the word's first and last pair of characters.
    asked.clear()
    page = t.open('zh/' + MHA, base=site.as_uri() + '/')
    assert _search_typed_at_once(page, '注意力').count() > 0
    page.wait_for_timeout(300)
    files = _index_files(asked)
    shards = {f for f in files if not re.fullmatch(r'search-r\d+\.js', f)}
    pairs = {_shard_file(pair, _key_length(site / 'zh')) for pair in ('注意', '意力')}
    assert shards == {'search-index.js'} | pairs, files


def _key_length(root: Path) -> int:
    """How the index of the language at `root` is cut into shards (its manifest's `key`)."""
    text = (root / search.INDEX_FILE).read_text()
    return json.loads(text[text.index('=', text.index(']')) + 1 : -2])['key']


def _shard_file(term: str, cut: int) -> str:
    return f'search-{search._file_key(search.shard_key(search.term_key(term), cut))}.js'


def test_the_shard_of_a_words_start_loads_while_it_is_typed(site, tab):
    """The first pair of a Chinese word's characters, as the first letters of an English one, is
    the same as the word grows: its shard loads before the pause after which the query runs (the
    page's timers stand still here), the shard of its last pair only then."""
    tab.page.clock.install()
    page = tab.open('zh/' + MHA)
    page.clock.pause_at(page.evaluate('Date.now()') + 1000)
    asked: list[str] = []
    page.on('request', lambda r: asked.append(r.url))
    page.keyboard.press('/')
    page.keyboard.type('注意力')
    first, last = (_shard_file(pair, _key_length(site / 'zh')) for pair in ('注意', '意力'))
    for _ in range(100):  # real time: the page's timers stand still
        if first in _index_files(asked):
            break
        page.wait_for_timeout(50)
    assert first in _index_files(asked) and last not in _index_files(asked), _index_files(asked)
    assert page.locator('.search-results').is_hidden()  # the query has not run
    page.clock.run_for(100)
    page.wait_for_selector('.search-results a', state='visible')
    assert last in _index_files(asked)
    assert '注意力' in page.locator('.search-results a').first.text_content()


def test_a_query_given_whole_runs_at_once_and_an_input_methods_text_only_once_committed(tab):
    """Pasted (or given by an input method) a query has no more keys coming: it runs without the
    pause that typing waits for (the page's timers stand still here). While an input method is
    composing, the box holds its keys (pinyin), not the query: nothing runs until it commits."""
    tab.page.clock.install()
    page = tab.open('zh/' + MHA)
    page.clock.pause_at(page.evaluate('Date.now()') + 1000)
    page.keyboard.press('/')
    page.keyboard.insert_text('注意力')
    page.wait_for_selector('.search-results a', state='visible')
    assert '注意力' in page.locator('.search-results a').first.text_content()
    page.keyboard.press('Escape')
    page.keyboard.press('Escape')  # and the box emptied
    compose = """([value, end]) => {
        const input = document.getElementById('search-input');
        input.value = value;
        input.dispatchEvent(new InputEvent('input', {isComposing: true, inputType: 'insertCompositionText', data: value}));
        if (end) input.dispatchEvent(new CompositionEvent('compositionend', {data: value}));
    }"""
    page.evaluate(compose, ['zhuyi', False])
    page.clock.run_for(500)
    page.wait_for_timeout(300)
    assert page.locator('.search-results').is_hidden()
    page.evaluate(compose, ['注意力', True])
    page.wait_for_selector('.search-results a', state='visible')
    assert page.locator('.search-results [role=listbox]').get_attribute('data-query') == '注意力'


def test_search_shows_no_results_and_escape_closes(tab):
    page = tab.open(MHA)
    page.keyboard.press('/')
    page.keyboard.type('zzzqqqxxx')
    page.wait_for_selector('.search-results .result-message', state='visible')
    # 'Loading…' stands in the same place until the index's files have come.
    page.wait_for_function(
        "() => document.querySelector('.search-results .result-message').textContent.trim() !== 'Loading…'"
    )
    assert page.locator('.search-results').text_content().strip() == 'No results'
    page.keyboard.press('Escape')
    assert page.locator('.search-results').is_hidden()


# ---------------------------------------------------------------- finding one's way


def test_the_site_menu_lists_every_page_in_reading_order_and_marks_this_one(site, tab):
    page = tab.open('transformers/rope/index.html')
    page.evaluate('window.scrollTo(0, 1500)')
    y = page.evaluate('window.scrollY')
    # The bar stays at the top of a wide window, so the menu and the search are always at hand.
    assert page.locator('.topbar').bounding_box()['y'] == 0
    page.locator('.site-menu summary').click()
    links = page.locator('.site-menu nav a')
    links.first.wait_for()  # the list is loaded when the menu is first opened
    english = _language_pages(site, 'en')
    assert links.count() == len(english)
    current = page.locator('.site-menu a[aria-current="page"]')
    assert current.count() == 1 and current.text_content() == 'Rotary Positional Embeddings (RoPE)'
    assert page.evaluate('window.scrollY') == y  # opening it does not move the page
    hrefs = links.evaluate_all('els => els.map(e => new URL(e.href).pathname)')
    assert hrefs[0].endswith('/index.html') and hrefs.index(hrefs[0]) == 0
    # Every topic's index page before its pages: the reading order of the configuration.
    assert (
        hrefs.index('/transformers/index.html')
        < hrefs.index('/transformers/mha.html')
        < hrefs.index('/optimizers/index.html')
    )
    page.keyboard.press('Escape')
    assert not page.locator('.site-menu').evaluate('m => m.open')
    # In another language, the same pages by their translated titles.
    page = tab.open('zh/transformers/mha.html')
    page.locator('.site-menu summary').click()
    page.locator('.site-menu a[aria-current="page"]').wait_for()
    assert page.locator('.site-menu a[aria-current="page"]').text_content() == page.title().split(' · ')[0]


def test_previous_and_next_go_through_the_site_across_folders(tab):
    page = tab.open('transformers/utils.html')
    page.locator('.pager-next').click()
    page.wait_for_load_state()
    assert page.url.endswith('/transformers/basic/index.html')
    page.locator('.pager-previous').click()
    page.wait_for_load_state()
    assert page.url.endswith('/transformers/utils.html')
    # The home page leads on to the first topic, and lists every page under its topic.
    page = tab.open('index.html')
    assert page.locator('.pager-next').get_attribute('href') == 'transformers/index.html'
    topics = page.locator('.site-contents h3.topic').all_text_contents()
    assert topics[:2] == ['Transformers', 'Optimizers'] and 'Helpers' in topics
    assert page.locator('.site-contents a[href="transformers/rope/index.html"]').count() == 1


# ---------------------------------------------------------------- identifiers


def test_clicking_query_highlights_its_uses(tab):
    page = tab.open(MHA)
    uses = page.evaluate(
        "[...document.querySelectorAll('.code .n')].filter(e => e.textContent === 'query').length"
    )
    assert uses >= 3
    page.locator('.code .n', has_text=re.compile('^query$')).first.click()
    marked = page.evaluate("[...document.querySelectorAll('.highlighted')].map(e => e.textContent)")
    assert set(marked) == {'query'}
    assert page.evaluate("document.querySelectorAll('.code .highlighted').length") == uses
    # Its mentions in inline code in the documentation are marked too.
    assert page.evaluate("document.querySelectorAll('.doc code .highlighted').length") >= 1
    page.locator('.code .n', has_text=re.compile('^query$')).first.click()
    assert page.locator('.highlighted').count() == 0


def test_an_imported_name_links_to_its_definition_on_another_page(tab):
    page = tab.open(EXPERIMENT)
    link = page.locator('.code a.xref', has_text=re.compile('^Encoder$')).first
    assert link.get_attribute('href') == '../models.html#def-Encoder'
    link.click()
    page.wait_for_url(re.compile(r'transformers/models\.html#def-Encoder$'))
    target = page.locator(':target')
    assert target.get_attribute('id') == 'def-Encoder'
    section_code = target.evaluate("t => t.closest('.section').querySelector('.code').textContent")
    assert 'class Encoder' in section_code
    top = target.evaluate('t => t.getBoundingClientRect().top')
    assert 0 <= top < page.viewport_size['height']


# ---------------------------------------------------------------- comfort


BACKGROUND = 'getComputedStyle(document.body).backgroundColor'
LIGHT_BG, DARK_BG = 'rgb(255, 255, 255)', 'rgb(13, 17, 23)'


def test_theme_choice_survives_a_reload(tab):
    page = tab.open(MHA)
    assert page.evaluate('document.documentElement.getAttribute("data-theme")') is None
    toggle = page.locator('.theme-toggle')
    toggle.click()
    assert page.evaluate('document.documentElement.getAttribute("data-theme")') == 'dark'
    page.reload()
    assert page.evaluate('document.documentElement.getAttribute("data-theme")') == 'dark'
    assert page.evaluate(BACKGROUND) == DARK_BG
    assert 'Dark' in toggle.text_content()
    toggle.click()  # the system's own look: automatic again
    page.reload()
    assert page.evaluate('document.documentElement.getAttribute("data-theme")') is None
    assert page.evaluate(BACKGROUND) == LIGHT_BG
    assert 'Auto' in toggle.text_content()


@pytest.mark.parametrize('system', ['light', 'dark'])
def test_every_click_of_the_theme_button_visibly_changes_the_page(make_tab, system):
    page = make_tab(color_scheme=system).open(MHA)
    toggle = page.get_by_role('button', name='Colour theme: Auto')  # what it shows is in its name
    assert toggle.is_visible()
    seen = [page.evaluate(BACKGROUND)]
    for _ in range(4):
        page.locator('.theme-toggle').click()
        seen.append(page.evaluate(BACKGROUND))
        name = page.locator('.theme-toggle .theme-name').text_content()
        assert page.get_by_role('button', name=f'Colour theme: {name}').count() == 1
    assert seen[0] == (LIGHT_BG if system == 'light' else DARK_BG)
    assert all(a != b for a, b in itertools.pairwise(seen)), seen


def test_automatic_theme_follows_the_system(make_tab):
    page = make_tab(color_scheme='dark').open(MHA)
    assert page.evaluate('getComputedStyle(document.body).backgroundColor') == 'rgb(13, 17, 23)'


def test_pages_read_without_javascript(make_tab):
    t = make_tab(java_script_enabled=False)
    page = t.open(MHA)
    boxes = page.evaluate(BOXES)
    assert boxes['doc'][1] <= boxes['code'][0] + 1
    assert page.locator('.search').is_hidden() and page.locator('.theme-toggle').is_hidden()
    assert page.locator('.katex').count() >= 5


def test_print_stacks_documentation_and_code(tab):
    page = tab.open(MHA)
    page.emulate_media(media='print')
    boxes = page.evaluate(BOXES)
    assert boxes['code'][2] >= boxes['doc'][3] - 1, boxes
    assert page.locator('.search').is_hidden() and page.locator('.theme-toggle').is_hidden()
    assert page.evaluate(OVERFLOW) <= 0
    assert page.evaluate("getComputedStyle(document.querySelector('.code pre')).whiteSpace") == 'pre-wrap'


def test_accessible_markup(tab):
    page = tab.open(MHA)
    for landmark in ('header', 'nav[aria-label]', 'main#content', 'footer', '[role=search]'):
        assert page.locator(landmark).count() >= 1, landmark
    assert page.evaluate("[...document.images].every(i => i.hasAttribute('alt'))")
    assert page.locator('label[for=search-input]').count() == 1
    # Every formula carries MathML for screen readers; the visual copy is hidden from them.
    assert page.locator('.katex .katex-mathml math').count() == page.locator('.katex').count()
    assert page.locator('.katex-html[aria-hidden=true]').count() == page.locator('.katex').count()
    # Section links are reachable from the keyboard and visible when focused.
    link = page.locator('.permalink').nth(2)
    link.focus()
    assert link.evaluate('e => getComputedStyle(e).opacity') == '1'
    assert page.get_by_role('button', name='Colour theme: Auto').count() == 1


# ---------------------------------------------------------------- weight (no browser needed)


def test_mha_page_is_light_and_has_no_blocking_script(site: Path):
    html = (site / MHA).read_text()
    css = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    js = re.findall(r'<script src="([^"]+)"', html)
    assert css and js
    total = len(html.encode()) + sum(
        (site / 'transformers' / href).resolve().stat().st_size for href in css + js
    )
    # 150 KB until the contents, the copy buttons, the problem reports and the paper card with
    # its BibTeX came (about 14 KB of HTML, CSS and JS together); 176 KB since the search loads its
    # index in shards, a few files for a query instead of megabytes (about 6 KB of JS); 177 KB since
    # it runs a pasted query, or an input method's word, at once (0.4 KB); 178 KB since each code
    # line is an anchor of its own (`#L12`, as a repository's file view has: 0.8 KB on this page);
    # 191 KB since every result can be reached, a word with a typo finds, snippets end between
    # words (about 6 KB of JS) and a site menu lists every page from a file of the language's
    # titles (JS and CSS; the list itself is loaded when the menu is opened); 196 KB since sections
    # are named (their old numbers kept as anchors) and each coloured term is named.
    assert total < 196_000, f'{MHA} with its CSS and JS weighs {total} bytes'
    assert all(
        re.search(r'<script src="[^"]+" (defer|async)', tag)
        for tag in re.findall(r'<script src=[^>]*>', html)
    )
    inline = re.findall(r'<script>(.*?)</script>', html, re.S)
    assert all(len(s) < 300 for s in inline), 'only a tiny inline script may run before the first paint'
    assert 'search-index' not in ''.join(css + js)  # the index loads on first use


# ---------------------------------------------------------------- live preview


def test_served_page_reloads_on_change_and_shows_a_build_error(browser, tmp_path):
    from test_serve import MODEL, start_server

    with start_server(tmp_path) as (url, root, proc, _):
        t = Tab(browser, url)
        page = t.open('model.html')
        assert 'First version.' in page.locator('main').text_content()
        model = root / 'pkg' / 'model.py'
        model.write_text(MODEL.replace('First version.', 'Second version.'))
        page.wait_for_function(
            "document.querySelector('main').textContent.includes('Second version.')", timeout=30_000
        )
        model.write_text(MODEL + '\ndef broken(:\n')
        overlay = page.locator('#build-error')
        overlay.wait_for(state='visible', timeout=30_000)
        assert 'model.py' in overlay.text_content() and proc.poll() is None
        model.write_text(MODEL.replace('First version.', 'Fixed.'))
        page.wait_for_function(
            "document.querySelector('main').textContent.includes('Fixed.')", timeout=30_000
        )
        assert page.locator('#build-error').count() == 0
        t.close()
        t.check()


# ---------------------------------------------------------------- reading the two columns


def test_a_rule_across_both_columns_starts_each_section(make_tab):
    for viewport in (WIDE, PHONE):
        page = make_tab(viewport=viewport).open(MHA)
        sections = page.evaluate("""() => [...document.querySelectorAll('.section + .section')].map(s => {
          const st = getComputedStyle(s), r = s.getBoundingClientRect();
          const code = s.querySelector('.code').getBoundingClientRect(), doc = s.querySelector('.doc').getBoundingClientRect();
          return {width: parseFloat(st.borderTopWidth), style: st.borderTopStyle, color: st.borderTopColor,
                  left: r.left, right: r.right, top: r.top,
                  columns: [Math.min(doc.left, code.left), Math.max(doc.right, code.right), Math.min(doc.top, code.top)],
                  backgrounds: [getComputedStyle(s.querySelector('.doc')).backgroundColor,
                                getComputedStyle(s.querySelector('.code')).backgroundColor, getComputedStyle(document.body).backgroundColor]};
        })""")
        assert len(sections) > 20
        for s in sections:
            assert s['width'] >= 1 and s['style'] == 'solid', s
            assert s['color'] not in s['backgrounds'], s  # a colour of its own, not the page's
            # The rule is the section's own top edge, so it spans both columns and lies above them.
            assert s['left'] <= s['columns'][0] + 1 and s['right'] >= s['columns'][1] - 1, s
            assert s['top'] < s['columns'][2] + 1, s


# Each wrapped code line: where its indentation ends (the first row's start plus `--i` columns) and
# where each continuation row's first character that is not a space begins.
CONTINUATIONS = """() => [...document.querySelectorAll('.code .line')].map(line => {
  const st = getComputedStyle(line), box = line.getBoundingClientRect();
  const lineHeight = parseFloat(st.lineHeight), ch = parseFloat(st.fontSize) * 0.6;
  if (box.height < 1.5 * lineHeight) return null;
  const indent = box.left + parseFloat(st.paddingLeft) + parseFloat(st.textIndent)
    + ch * (parseInt(st.getPropertyValue('--i')) || 0);
  const range = document.createRange(), walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  const rows = {};
  for (let n; (n = walker.nextNode());) for (let i = 0; i < n.length; i++) {
    if (/\\s/.test(n.data[i])) continue;
    range.setStart(n, i); range.setEnd(n, i + 1);
    const r = range.getBoundingClientRect(), row = Math.round((r.top - box.top) / lineHeight);
    if (row > 0 && !(row in rows)) rows[row] = r.left;
  }
  const room = box.right - parseFloat(st.paddingRight) - 12 * ch;  // at least 12 columns stay for text
  return {n: line.dataset.n, indent, room, ch, rows: Object.values(rows), marker: st.backgroundImage};
}).filter(Boolean)"""


@pytest.mark.parametrize(
    'path, viewport',
    [
        (MHA, PHONE),
        (MHA, {'width': 800, 'height': 900}),
        ('experiments/nlp_autoregression.html', WIDE),
        ('experiments/nlp_autoregression.html', NARROW),
    ],
)
def test_wrapped_code_hangs_under_its_own_indentation(make_tab, path, viewport):
    page = make_tab(viewport=viewport).open(path)
    page.evaluate('document.fonts.ready')
    wrapped = page.evaluate(CONTINUATIONS)
    assert len(wrapped) >= 5, wrapped
    for w in wrapped:
        # Every continuation row starts past the line's indentation by at least a column and a half
        # (on a narrow screen a very deep one hangs less, to leave twelve columns for the text).
        assert w['rows'] and min(w['rows']) >= min(w['indent'] + 1.5 * w['ch'], w['room']) - 1, w
        assert 'linear-gradient' in w['marker'], w  # the bar that marks a continued line


def _columns(page, png: bytes) -> list[float]:
    """Mean luminance (0-255) of each column of pixels of a screenshot."""
    import base64

    return page.evaluate(
        """async b64 => {
      const img = new Image(); img.src = 'data:image/png;base64,' + b64; await img.decode();
      const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
      const g = c.getContext('2d'); g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, c.width, c.height).data, cols = [];
      for (let x = 0; x < c.width; x++) {
        let s = 0;
        for (let y = 0; y < c.height; y++) { const i = (y * c.width + x) * 4; s += 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2]; }
        cols.push(s / c.height);
      }
      return cols; }""",
        base64.b64encode(png).decode(),
    )


def test_wide_formulas_fit_a_phone_or_show_that_they_scroll(make_tab):
    # At 390 px the attention formula is scaled to fit: its final V is in view.
    page = make_tab(viewport=PHONE).open(MHA)
    page.wait_for_function("document.querySelector('.katex-display .katex').style.fontSize !== ''")
    box = page.locator('.katex-display').first
    assert box.evaluate('b => b.scrollWidth <= b.clientWidth')
    assert box.evaluate(
        'b => b.querySelector(".katex-html").getBoundingClientRect().right <= b.getBoundingClientRect().right'
    )
    # At 320 px some are too wide to scale: they scroll, take focus, and a shadow marks the hidden side.
    for scheme in ('light', 'dark'):
        page = make_tab(viewport=NARROW, color_scheme=scheme).open('transformers/feed_forward.html')
        page.evaluate('document.fonts.ready')
        page.wait_for_timeout(200)
        wide = page.locator('.katex-display[tabindex="0"]')
        assert wide.count() >= 1
        for i in range(wide.count()):
            assert wide.nth(i).evaluate('b => b.scrollWidth > b.clientWidth')
        formula = wide.first
        formula.scroll_into_view_if_needed()
        formula.evaluate("b => b.querySelector('.katex').style.visibility = 'hidden'")  # backgrounds only
        surface = _columns(page, formula.screenshot())
        mid = surface[len(surface) // 2]
        assert abs(surface[-2] - mid) > 8 and abs(surface[1] - mid) < 3, (
            scheme,
            surface[:3],
            mid,
            surface[-3:],
        )
        formula.evaluate('b => b.scrollLeft = b.scrollWidth')
        surface = _columns(page, formula.screenshot())
        assert abs(surface[1] - mid) > 8 and abs(surface[-2] - mid) < 3, (
            scheme,
            surface[:3],
            mid,
            surface[-3:],
        )
        formula.focus()
        formula.evaluate('b => b.scrollLeft = 0')
        page.keyboard.press('ArrowRight')
        page.wait_for_function('document.activeElement.scrollLeft > 0')


def test_section_links_show_on_small_and_touch_screens(make_tab):
    page = make_tab(viewport=PHONE, has_touch=True, is_mobile=True).open(MHA)
    links = page.evaluate("""() => [...document.querySelectorAll('.permalink')].map(a => {
      const r = a.getBoundingClientRect(), text = a.nextElementSibling && a.nextElementSibling.getBoundingClientRect();
      return {opacity: getComputedStyle(a).opacity, w: r.width, h: r.height, right: r.right, text: text ? text.left : null};
    })""")
    assert len(links) > 20
    for link in links:
        assert link['opacity'] == '1' and link['w'] >= 24 and link['h'] >= 24, link
        assert link['text'] is None or link['right'] <= link['text'] + 1, link  # beside the text, not over it
    page.locator('.permalink').nth(3).tap()
    assert page.evaluate('location.hash') == page.locator('.permalink').nth(3).get_attribute('href')
    assert not page.evaluate('location.hash').startswith('#section-')


IMAGE_SITE = """
[tool.site]
title = "Fixture"
url = "https://example.org/"
repository = "https://github.com/example/fixture"
source = "pkg"
languages = ["en"]
"""
DIAGRAM = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="80" viewBox="0 0 160 80">'
    '<rect width="160" height="80" fill="#0b5cad"/></svg>'
)


@pytest.fixture(scope='session')
def image_site(tmp_path_factory) -> Path:
    """A page with a diagram in its documentation (the real pages have none)."""
    root = tmp_path_factory.mktemp('images')
    (root / 'pyproject.toml').write_text(IMAGE_SITE)
    (root / 'pkg').mkdir()
    (root / 'pkg' / 'diagram.svg').write_text(DIAGRAM)
    (root / 'pkg' / '__init__.py').write_text(
        '"""\n# Home\n\nThe model at a glance:\n\n![The model](diagram.svg)\n"""\n\n# Go\nx = 1\n'
    )
    config = load_config(root)
    result = build(config, ('en',), cache_dir=None)
    assert result.ok, [str(m) for m in result.messages.errors]
    write_site(result.files, root / 'site')
    return root / 'site'


def test_an_image_enlarges_from_mouse_or_keyboard_and_escape_closes_it(make_tab, image_site):
    t = make_tab(viewport=WIDE)
    page = t.open('index.html', base=image_site.as_uri() + '/')
    image = page.get_by_role('button', name='The model')
    small = image.bounding_box()
    image.click()
    dialog = page.locator('dialog[open]')
    assert dialog.count() == 1 and dialog.get_attribute('aria-label') == 'The model'
    big = dialog.locator('img').bounding_box()
    assert big['width'] > 3 * small['width'], (small, big)
    page.keyboard.press('Escape')
    assert page.locator('dialog[open]').count() == 0
    assert page.evaluate("document.activeElement.classList.contains('zoom-button')")
    # From the keyboard: Tab reaches it, Enter opens, the close button closes. (First the page's
    # queued tasks run, the dialog's `close` event among them, which gives the focus back too.)
    page.evaluate('() => new Promise(done => setTimeout(done, 0))')
    page.evaluate('document.activeElement.blur()')
    page.locator('.permalink').first.focus()
    page.keyboard.press('Tab')
    assert page.evaluate("document.activeElement.classList.contains('zoom-button')")
    page.keyboard.press('Enter')
    assert page.locator('dialog[open]').count() == 1
    page.get_by_role('button', name='Close').click()
    assert page.locator('dialog[open]').count() == 0


def test_identifier_highlighting_works_from_the_keyboard(tab):
    page = tab.open(MHA)
    # Tab from the section's link: its code block is one stop, at its first name.
    section = page.locator('.line[data-n="176"]').locator('xpath=ancestor::section')
    section.locator('.permalink').focus()
    for _ in range(10):
        page.keyboard.press('Tab')
        if page.evaluate("!!document.activeElement.closest('.code')"):
            break
    stop = page.evaluate('[document.activeElement.textContent, document.activeElement.getAttribute("role")]')
    assert stop == ['query', 'button'], stop
    uses = page.evaluate(
        "[...document.querySelectorAll('.code .n')].filter(e => e.textContent === 'query').length"
    )
    page.keyboard.press('Enter')
    assert page.evaluate("document.querySelectorAll('.code .highlighted').length") == uses
    assert page.evaluate('document.activeElement.getAttribute("aria-pressed")') == 'true'
    # The arrow keys move to the next name; Space marks it instead.
    page.keyboard.press('ArrowRight')
    name = page.evaluate('document.activeElement.textContent')
    assert name != 'query' and page.evaluate('document.querySelectorAll(\'[tabindex="0"]\').length') >= 1
    page.keyboard.press(' ')
    marked = page.evaluate("[...document.querySelectorAll('.highlighted')].map(e => e.textContent)")
    assert marked and set(marked) == {name}
    page.keyboard.press('Escape')
    assert page.locator('.highlighted').count() == 0
    # One tab stop per code block, not one per name.
    stops = page.evaluate('document.querySelectorAll(\'.code [tabindex="0"]\').length')
    assert stops <= page.locator('.code pre').count()


# ---------------------------------------------------------------- navigation and search


def test_section_anchors_are_named_and_old_numbers_still_lead_there(tab):
    page = tab.open(MHA)
    ids = page.evaluate("[...document.querySelectorAll('article > .section')].map(s => s.id)")
    assert 'MultiHeadAttention.forward' in ids and 'MultiHeadAttention.__init__' in ids
    assert not [i for i in ids if re.fullmatch(r'section-\d+', i)] and len(set(ids)) == len(ids)
    every = page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(every) == len(set(every))  # unique on the page, with the docstrings' and code's anchors
    # The permalink and the contents show the names; the old number leads to the same section.
    forward = page.locator('article > .section[id="MultiHeadAttention.forward"]')
    assert forward.locator('.permalink').get_attribute('href') == '#MultiHeadAttention.forward'
    hrefs = page.evaluate("[...document.querySelectorAll('.toc a')].map(a => a.getAttribute('href'))")
    assert hrefs and not [h for h in hrefs if h.startswith('#section-')]
    number = forward.locator('.old-anchor').get_attribute('id')
    assert re.fullmatch(r'section-\d+', number)
    page = tab.open(f'{MHA}#{number}')
    page.wait_for_function(
        "Math.abs(document.getElementById('MultiHeadAttention.forward').getBoundingClientRect().top) < 80"
    )
    # Links into a page by the anchors its docstrings and code give still land.
    page = tab.open(f'{MHA}#def-MultiHeadAttention.forward')
    page.wait_for_function(
        "Math.abs(document.getElementById('def-MultiHeadAttention.forward').getBoundingClientRect().top) < 400"
    )


def test_switching_language_keeps_the_place(tab):
    page = tab.open(MHA + '#section-12')
    zh = page.locator('.languages a[hreflang=zh]')
    assert zh.get_attribute('href').endswith('mha.html#section-12')
    page.evaluate("location.hash = '#MHA'")
    page.wait_for_function(
        "document.querySelector('.languages a[hreflang=zh]').getAttribute('href').endsWith('#MHA')"
    )
    zh.click()
    page.wait_for_url(re.compile(r'/zh/transformers/mha\.html#MHA$'))
    top = page.locator('#MHA').evaluate('a => a.getBoundingClientRect().top')
    assert -1 <= top < page.viewport_size['height'] / 2
    assert page.locator('.languages a[hreflang=en]').get_attribute('href').endswith('#MHA')


def test_no_sentence_mark_stands_alone_on_the_japanese_page(tab):
    """A translation that left 「。」 after its paragraph's end tag has it moved inside."""
    page = tab.open('ja/' + MHA)
    lone = page.evaluate(
        """() => [...document.querySelectorAll('.doc')].flatMap(doc => [...doc.childNodes])
            .filter(n => n.nodeType === Node.TEXT_NODE && /^[\\s。、．，！？]+$/.test(n.textContent)
                         && /[。、．，！？]/.test(n.textContent)).length"""
    )
    assert lone == 0
    assert page.locator('.doc p', has_text='。').count() > 10


def test_search_results_are_one_per_page_and_heading_with_readable_snippets(tab):
    page = tab.open(MHA)
    results = _search(page, 'attention')
    titles = results.locator('.result-title').all_text_contents()
    hrefs = results.evaluate_all('els => els.map(e => e.getAttribute("href").split("#")[0])')
    assert len(set(zip(hrefs, titles, strict=True))) == len(titles), titles  # no page and heading twice
    # Matches in the title or the heading come first.
    in_title = ['attention' in t.lower() for t in titles]
    assert in_title[0] and in_title == sorted(in_title, reverse=True), titles
    # More results than are shown: a button shows the next ten, until every one has been shown.
    more = page.locator('.search-results .result-more')
    assert re.fullmatch(r'Show 10 more \(\d+ left\)', more.text_content()), more.text_content()
    left = int(re.search(r'\((\d+) left\)', more.text_content()).group(1))
    total = results.count() + left
    while more.is_visible():
        shown = results.count()
        more.click()
        page.wait_for_function(f'document.querySelectorAll(".search-results a").length > {shown}')
        # the first new result is chosen, the focus stays in the box for the arrow keys
        assert page.evaluate('document.activeElement.id') == 'search-input'
        assert results.nth(shown).get_attribute('aria-selected') == 'true'
    assert results.count() == total > 10
    ids = results.evaluate_all('els => els.map(e => e.id)')
    assert len(set(ids)) == len(ids)
    # Math reads as the formula's text.
    page.locator('#search-input').fill('products are scaled by')
    page.wait_for_function(
        "[...document.querySelectorAll('.result-text')].some(e => e.textContent.includes('1/√dₖ'))"
    )
    snippets = ' '.join(page.locator('.search-results .result-text').all_text_contents())
    # No `d_k` read as two letters; words that meet like 'fused kernel' are not that
    assert not re.search(r'\bd k\b', snippets) and '\\' not in snippets, snippets


def test_a_misspelt_word_finds_what_the_word_finds_ranked_below_exact_matches(tab):
    page = tab.open(MHA)
    exact = _search(page, 'transformer')
    found = exact.evaluate_all('els => els.map(e => e.getAttribute("href"))')
    page.locator('#search-input').fill('')
    page.keyboard.press('Escape')
    for typo in ('transformr', 'transfromer', 'rtansformer', 'tranformer'):
        page.locator('#search-input').fill(typo)
        page.wait_for_function(
            f'document.querySelector(".result-list").getAttribute("data-query").startsWith({json.dumps(typo)})'
        )
        results = page.locator('.search-results a')
        assert results.count() > 0, typo
        hrefs = results.evaluate_all('els => els.map(e => e.getAttribute("href"))')
        assert hrefs[0] in found, (typo, hrefs[:3])
        assert page.locator('.search-results mark', has_text='transformer').count() > 0, typo
    # A short word finds only what it starts, and a word with an exact match ranks it first.
    page.locator('#search-input').fill('softmx')
    page.wait_for_function(
        'document.querySelector(".result-list").getAttribute("data-query").startsWith("softmx")'
    )
    first = page.locator('.search-results a').first.text_content().lower()
    assert 'softmax' in first or page.locator('.search-results mark', has_text='softmax').count() > 0


def test_slash_focuses_search_without_moving_the_page_and_escape_returns(tab):
    page = tab.open(MHA)
    page.evaluate('window.scrollTo(0, 3000)')
    page.wait_for_function('window.scrollY >= 2900')
    code = page.locator('.doc a[href]').nth(30)
    code.focus()
    y = _settled_scroll(page)  # focusing may scroll the link into view: where that ends
    page.keyboard.press('/')
    assert page.evaluate('document.activeElement.id') == 'search-input'
    assert abs(_settled_scroll(page) - y) < 2
    page.keyboard.type('softmax')
    page.wait_for_selector('.search-results a', state='visible')
    page.keyboard.press('Escape')
    assert page.locator('.search-results').is_hidden()
    assert code.evaluate('el => document.activeElement === el')  # back where it was
    assert abs(_settled_scroll(page) - y) < 2


def test_escape_while_a_query_is_pending_keeps_the_results_closed(tab):
    """Escape pressed before a typed query's pause is over, or while its files load: the list does
    not open again when that query would have answered."""
    page = tab.open(MHA)
    page.locator('#search-input').focus()
    page.keyboard.type('attentio')
    page.wait_for_selector('.search-results a', state='visible')
    page.keyboard.type('n')  # its search waits for the typing pause
    page.keyboard.press('Escape')
    page.wait_for_timeout(400)
    assert page.locator('.search-results').is_hidden()


def _settled_scroll(page) -> float:
    """The page's scroll position once it stays the same over two pairs of frames (a busy machine
    may still be moving it)."""
    return page.evaluate(
        """() => new Promise(done => {
            let last = NaN;
            const check = () => {
                const y = window.scrollY;
                if (y === last) done(y);
                else { last = y; requestAnimationFrame(() => requestAnimationFrame(check)); }
            };
            check();
        })"""
    )


def test_snippets_start_and_end_at_word_boundaries(tab):
    page = tab.open(MHA)
    _search(page, 'attention')
    snippets = page.locator('.search-results .result-text').all_text_contents()
    # Each cut, found in the section's whole text, falls between words: a space on its other side.
    edges = page.evaluate(
        """snippets => snippets.map(s => {
            const body = s.replace(/^…/, '').replace(/…$/, '');
            const rows = Object.entries(window.siteSearchIndex)
                .filter(([name]) => /search-r\\d+\\.js$/.test(name)).flatMap(([, rows]) => rows);
            const text = (rows.find(r => r[4] && r[4].includes(body)) || [])[4];
            if (!text) return null;
            const at = text.indexOf(body);
            return [s.startsWith('…') ? text[at - 1] : ' ', s.endsWith('…') ? text[at + body.length] : ' '];
        })""",
        snippets,
    )
    assert sum(s.startswith('…') or s.endswith('…') for s in snippets) >= 3, snippets
    for text, edge in zip(snippets, edges, strict=True):
        assert edge is not None and edge[0] in ' \n' and edge[1] in ' \n', (text, edge)


def test_search_box_is_a_combobox_driven_by_the_arrow_keys(tab):
    page = tab.open(MHA)
    box = page.get_by_role('combobox', name='Search this site')
    assert box.get_attribute('aria-expanded') == 'false'
    _search(page, 'softmax')
    assert box.get_attribute('aria-expanded') == 'true'
    listbox = page.locator('#' + box.get_attribute('aria-controls'))
    assert listbox.get_attribute('role') == 'listbox'
    options = listbox.get_by_role('option')
    assert options.count() >= 2
    page.keyboard.press('ArrowDown')
    page.keyboard.press('ArrowDown')
    second = options.nth(1)
    assert box.get_attribute('aria-activedescendant') == second.get_attribute('id')
    assert (
        second.get_attribute('aria-selected') == 'true'
        and options.nth(0).get_attribute('aria-selected') == 'false'
    )
    assert page.evaluate('document.activeElement.id') == 'search-input'  # focus stays in the box
    href = second.get_attribute('href')
    page.keyboard.press('Enter')
    page.wait_for_function(f'location.href.endsWith({json.dumps(href.lstrip("./"))})')


def test_every_page_has_a_favicon_and_the_root_serves_one(site, tab):
    import urllib.request

    for path in _pages(site):
        html = (site / path).read_text()
        icon = re.search(r'<link rel="icon" href="([^"]+)"', html)
        assert icon and (site / path).parent.joinpath(icon.group(1)).resolve().is_file(), path
    with urllib.request.urlopen(tab.base + 'favicon.ico') as response:
        assert response.status == 200 and response.read(4) == b'\x00\x00\x01\x00'
    page = tab.open('index.html')
    assert page.evaluate("document.querySelector('link[rel=icon]').href").endswith('static/favicon.svg')


def test_pages_load_the_stylesheets_they_use_and_no_others(site):
    seen = set()
    for path in _pages(site):
        html = (site / path).read_text()
        css = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
        has_math, has_code = 'class="katex"' in html, 'class="line"' in html
        assert any(c.endswith('katex.min.css') for c in css) == has_math, path
        assert any(c.endswith('pygments.css') for c in css) == has_code, path
        seen.add((has_math, has_code))
    assert (False, False) in seen and (True, True) in seen
    home = re.findall(r'<link rel="stylesheet" href="([^"]+)"', (site / 'index.html').read_text())
    assert home == ['static/site.css']


# ---------------------------------------------------------------- accessibility, measured


def _rgb(color: str) -> tuple[float, float, float, float]:
    values = [float(v) for v in re.findall(r'[\d.]+', color)]
    return (*values[:3], values[3] if len(values) > 3 else 1.0)


def _contrast(fg: str, bg: str) -> float:
    """WCAG contrast ratio of a colour (with its alpha) over an opaque background."""
    *f, alpha = _rgb(fg)
    b = _rgb(bg)[:3]
    mixed = [alpha * x + (1 - alpha) * y for x, y in zip(f, b, strict=True)]

    def luminance(rgb) -> float:
        c = [v / 255 for v in rgb]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    hi, lo = sorted((luminance(mixed), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_line_numbers_have_enough_contrast_in_both_themes(make_tab):
    """Axe cannot see text drawn by CSS (`::before`), so the line numbers are measured here."""
    for scheme in ('light', 'dark'):
        page = make_tab(color_scheme=scheme).open(MHA)
        colours = page.evaluate("""() => { const line = document.querySelector('.code .line'), n = getComputedStyle(line, '::before');
          let bg = 'rgba(0, 0, 0, 0)', el = line;
          while (el && /rgba\\(0, 0, 0, 0\\)|transparent/.test(bg)) { bg = getComputedStyle(el).backgroundColor; el = el.parentElement; }
          return [n.color, n.opacity, bg]; }""")
        color, opacity, background = colours
        *rgb, alpha = _rgb(color)
        ratio = _contrast(f'rgba({rgb[0]}, {rgb[1]}, {rgb[2]}, {alpha * float(opacity)})', background)
        print(f'line numbers, {scheme}: {color} on {background}: {ratio:.2f}:1')
        assert ratio >= 4.5, (scheme, colours, ratio)


def test_targets_are_at_least_24_px_on_a_phone(make_tab):
    t = make_tab(viewport=PHONE, has_touch=True, is_mobile=True)
    for path in ('index.html', MHA, 'zh/' + MHA):
        page = t.open(path)
        boxes = page.evaluate("""() => [...document.querySelectorAll('header a, header button, header input, .permalink')]
          .filter(e => e.getClientRects().length).map(e => { const r = e.getBoundingClientRect();
            return [e.textContent.trim() || e.getAttribute('aria-label'), r.width, r.height]; })""")
        assert len(boxes) >= 5
        small = [b for b in boxes if b[1] < 24 or b[2] < 24]
        assert not small, (path, small)


AXE_OPTIONS = {
    'resultTypes': ['violations'],
    # Off by default in axe-core (experimental); the theme button once failed it.
    'rules': {'label-content-name-mismatch': {'enabled': True}},
}
# The rules about colours: the only ones whose findings a theme can change (the dark theme changes
# colours only; `test_only_the_colour_rules_find_differently_in_the_dark_theme` checks). They are
# three quarters of the time of a run on the site's pages.
COLOUR_RULES = ['color-contrast', 'link-in-text-block']
AXE_COLOURS = {'resultTypes': ['violations'], 'runOnly': {'type': 'rule', 'values': COLOUR_RULES}}
AXE_OTHERS = {
    **AXE_OPTIONS,
    'rules': {**AXE_OPTIONS['rules'], **{r: {'enabled': False} for r in COLOUR_RULES}},
}
# The rules a page's run takes, by (theme, whether its colours are checked); none where absent.
AXE_RUNS = {('light', True): AXE_OPTIONS, ('light', False): AXE_OTHERS, ('dark', True): AXE_COLOURS}
# What the colour rules read of each text on a page, as one string a combination: whether it shows,
# its colour, the backgrounds under it down to the first opaque one, its opacity, size, weight and
# shadow; of a link's text, the colour of the text around the link and the link's underline.
COLOURS_SHOWN = """() => {
  const clear = c => c === 'rgba(0, 0, 0, 0)' || c === 'transparent';
  const below = new Map([[document, ['', 1]]]);  // element: [backgrounds under it, its opacity]
  const shown = new Set();
  for (const e of [document.documentElement, ...document.documentElement.querySelectorAll('*')]) {
    const s = getComputedStyle(e), [under, opacity] = below.get(e.parentNode);
    const own = s.backgroundColor + ' ' + s.backgroundImage;
    const here = [/^rgb\\(/.test(s.backgroundColor) ? own
                  : clear(s.backgroundColor) && s.backgroundImage === 'none' ? under : own + ',' + under,
                  opacity * s.opacity];
    below.set(e, here);
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const link = e.closest('a');
    shown.add([e.checkVisibility(), s.color, ...here, s.fontSize, s.fontWeight, s.textShadow,
               link ? getComputedStyle(link.parentElement).color + ' ' + s.textDecorationLine : ''].join('|'));
  }
  return [...shown]; }"""


def _axe(page, where: str, options: dict, context: str | None = None) -> list[str]:
    """What axe finds on `page` (within `context`), each violation a line that says `where`."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, context=context, options=options).response['violations']
    return [f'{where}: {v["id"]} [{v["impact"]}] {[n["target"] for n in v["nodes"][:3]]}' for v in found]


@pytest.fixture(scope='session')
def english_colours(site, browser, base_url) -> dict[str, set[str]]:
    """Every combination `COLOURS_SHOWN` finds on the English pages, in each theme."""
    t = Tab(browser, base_url)
    shown: dict[str, set[str]] = {'light': set(), 'dark': set()}
    for path in _language_pages(site, 'en'):
        page = t.open(path)
        for scheme, combinations in shown.items():
            page.emulate_media(color_scheme=scheme)
            combinations.update(page.evaluate(COLOURS_SHOWN))
    t.close()
    t.check()
    return shown


@pytest.mark.parametrize('lang', ['en', 'zh', 'ja'])
def test_axe_finds_no_violations_on_any_page_in_either_theme(site, make_tab, lang, request):
    """Each language's pages, one test each (so that parallel test workers share them out).

    Every rule in the light theme, the colour rules in the dark one. A Chinese or Japanese page is
    its English page's template and stylesheet with other words, and the colour rules take three
    quarters of axe's time: they run on it in a theme where it shows a combination of colours,
    sizes and weights (`COLOURS_SHOWN`) that no English page shows in that theme."""
    pytest.importorskip('axe_playwright_python.sync_playwright')
    import time

    started = time.perf_counter()
    english = request.getfixturevalue('english_colours') if lang != 'en' else None
    pages = _language_pages(site, lang)
    found: list[str] = []
    checked = {'light': 0, 'dark': 0}  # pages whose colours were checked
    t = make_tab(viewport=WIDE)  # its console errors are checked as the test ends (`make_tab`)
    for path in pages:
        page = t.open(path)
        assert page.evaluate(OVERFLOW) <= 0, f'{path} scrolls sideways at {WIDE["width"]} px'
        for scheme in ('light', 'dark'):
            page.emulate_media(color_scheme=scheme)
            colours = english is None or not set(page.evaluate(COLOURS_SHOWN)) <= english[scheme]
            checked[scheme] += colours
            options = AXE_RUNS.get((scheme, colours))
            if options is not None:
                found += _axe(page, f'{path} ({scheme})', options)
    print(
        f'axe, {lang}: {len(pages)} pages, every rule but the colour ones; the colour rules on '
        f'{checked["light"]} in the light theme and {checked["dark"]} in the dark: '
        f'{len(found)} violations, {time.perf_counter() - started:.0f} s'
    )
    assert not found, '\n'.join(found)
    if english is not None:
        # A colour no English page shows is seen: the colour rules would run on such a page.
        page.add_style_tag(content='.doc p { color: #9a9a9a }')
        assert not set(page.evaluate(COLOURS_SHOWN)) <= english['dark']


def test_axe_finds_no_violations_in_the_open_search_on_marked_names_or_on_a_phone(make_tab):
    pytest.importorskip('axe_playwright_python.sync_playwright')
    found: list[str] = []
    # The open search results, and the top bar and section links as a phone shows them.
    page = make_tab(viewport=WIDE).open(MHA)
    _search(page, 'attention')
    page.keyboard.press('ArrowDown')
    for scheme in ('light', 'dark'):
        page.emulate_media(color_scheme=scheme)
        found += _axe(page, f'search results ({scheme})', AXE_OPTIONS, '.search')
    # Marked uses of a name (the colours of every kind of token on the marking colour).
    page.keyboard.press('Escape')
    for kind in ('n', 'nc', 'nf', 'fm', 'bp', 'nb'):
        page.locator(f'.code span.{kind}').first.click()
        for scheme in ('light', 'dark'):
            page.emulate_media(color_scheme=scheme)
            found += _axe(page, f'marked .{kind} ({scheme})', AXE_OPTIONS, '.highlighted')
    phone = make_tab(viewport=PHONE, has_touch=True, is_mobile=True)
    for path in ('index.html', MHA, 'ja/' + MHA):
        found += _axe(phone.open(path), f'{path} (phone)', AXE_OPTIONS)
    assert not found, '\n'.join(found)


def test_only_the_colour_rules_find_differently_in_the_dark_theme(make_tab):
    """What every other rule finds, passes and cannot tell, node by node, is the same in both themes,
    so that the dark theme needs only the colour rules on every page (`COLOUR_RULES`)."""
    axe_module = pytest.importorskip('axe_playwright_python.sync_playwright')
    axe = axe_module.Axe()
    t = make_tab(viewport=WIDE)
    for path in ('index.html', 'ja/' + MHA):
        page = t.open(path)
        found = {}
        for scheme in ('light', 'dark'):
            page.emulate_media(color_scheme=scheme)
            response = axe.run(page, options={'rules': AXE_OPTIONS['rules']}).response
            found[scheme] = {
                (kind, rule['id']): sorted(json.dumps([n['target'], n['html']]) for n in rule['nodes'])
                for kind in ('violations', 'passes', 'incomplete', 'inapplicable')
                for rule in response[kind]
                if rule['id'] not in COLOUR_RULES
            }
        assert any(kind == 'passes' for kind, _ in found['light']), path
        assert found['light'] == found['dark'], path


# ---------------------------------------------------------------- the generator's part (no browser)


def test_headings_never_skip_a_level_and_keep_their_written_size():
    from sitegen.pages.render import SectionView, outline

    views = [
        SectionView(0, 'module', '<h1>Title</h1><h2>List</h2><h4>Group</h4><p>x</p>', None, ()),
        SectionView(1, 'comment', '<h4 id="a">Other group</h4>', None, ()),
        SectionView(2, 'comment', '<h2>Next</h2><h3>Sub</h3><h2>Third</h2><h4 class="x">Deep</h4>', None, ()),
    ]
    assert [v.doc for v in outline(views)] == [
        '<h1>Title</h1><h2>List</h2><h3 class="h4">Group</h3><p>x</p>',
        '<h3 class="h4" id="a">Other group</h3>',
        '<h2>Next</h2><h3>Sub</h3><h2>Third</h2><h3 class="h4 x">Deep</h3>',
    ]
    assert outline([SectionView(0, 'module', '<h3>Only</h3>', None, ())])[0].doc == '<h1 class="h3">Only</h1>'


def test_indent_width_reads_the_leading_spaces_of_a_highlighted_line():
    from sitegen.pages.render import indent_width

    assert indent_width('        <span class="bp">self</span>') == 8
    assert indent_width('<span class="w">    </span><span class="k">return</span>') == 4
    assert indent_width('<span class="sd">  text</span>') == 2
    assert indent_width('<span class="k">def</span>') == 0
    assert indent_width('') == 0


# ---------------------------------------------------------------- reading


@pytest.mark.parametrize('scheme', ['light', 'dark'])
def test_inline_code_in_a_shaded_docstring_has_a_background_of_its_own(make_tab, scheme):
    """Its padding then reads as part of the code, not as stray spaces before a full stop."""
    page = make_tab(color_scheme=scheme).open(MHA)
    pairs = page.evaluate("""() => [...document.querySelectorAll('.section.docstring .doc code')]
      .filter(c => !c.closest('pre'))
      .map(c => [c.textContent, getComputedStyle(c).backgroundColor, getComputedStyle(c.closest('.doc')).backgroundColor])""")
    assert len(pairs) >= 10 and any(text == '[seq_len, batch_size, d_model]' for text, _, _ in pairs)
    for text, code, block in pairs:
        ratio = _contrast(code, block)
        assert ratio >= 1.1, (scheme, text, code, block, ratio)  # the same background was 1.02:1


# Inline formulas after an opening bracket, or before closing punctuation, on a paragraph set to
# each width from 150 to 700 px: the bracket and the formula's first box (or its last box and the
# punctuation) must end on the same line.
GLUED = r"""() => {
  const opening = '([{“‘（「', closing = ')]},.;:!?”’）」、。，';
  const formulas = [...document.querySelectorAll('.doc p .katex')].filter(k => !k.closest('.katex-display'));
  const textBefore = k => { const n = k.previousSibling; return n && n.nodeType === 3 ? n : null; };
  const textAfter = k => { const n = k.nextSibling; return n && n.nodeType === 3 ? n : null; };
  const charRect = (node, i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect(); };
  const pairs = [];
  for (const k of formulas) {
    const before = textBefore(k), after = textAfter(k), bases = k.querySelectorAll('.katex-html > .base');
    if (before && opening.includes(before.data.slice(-1))) pairs.push([k, () => charRect(before, before.data.length - 1), () => bases[0].getBoundingClientRect(), before.data.slice(-1)]);
    if (after && closing.includes(after.data[0])) pairs.push([k, () => bases[bases.length - 1].getBoundingClientRect(), () => charRect(after, 0), after.data[0]]);
  }
  const broken = [];
  for (const [k, left, right, mark] of pairs) {
    const p = k.closest('p'), old = p.style.width;
    for (let w = 150; w <= 700; w += 1) {
      p.style.width = w + 'px';
      const a = left(), b = right();
      if (b.top >= a.bottom - 2) { broken.push([mark, k.querySelector('annotation').textContent, w]); break; }
    }
    p.style.width = old;
  }
  return [pairs.length, broken];
}"""


@pytest.mark.parametrize('lang', ['', 'zh/'])
def test_a_bracket_or_comma_never_parts_from_the_formula_it_touches(make_tab, lang):
    t = make_tab()
    checked = 0
    for path in (
        'optimizers/noam.html',
        'experiments/nlp_autoregression.html',
        'transformers/mha_fast.html',
        MHA,
    ):
        count, broken = t.open(lang + path).evaluate(GLUED)
        assert not broken, (lang + path, broken)
        checked += count
    assert checked >= 10


@pytest.mark.parametrize('scheme', ['light', 'dark'])
def test_builtins_and_self_keep_a_colour_of_their_own(make_tab, scheme):
    page = make_tab(color_scheme=scheme).open(MHA)
    colours = page.evaluate("""() => { const c = {};
      for (const e of document.querySelectorAll('.code .nb, .code .bp, .code .n'))
        (c[e.textContent] ??= new Set()).add(getComputedStyle(e).color);
      return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, [...v]])); }""")
    plain = set(colours['x']) | set(colours['query'])
    text = page.evaluate('getComputedStyle(document.body).color')
    for name in ('int', 'bool', 'super', 'self'):
        assert name in colours, name
        assert not set(colours[name]) & (plain | {text}), (scheme, name, colours[name], plain, text)


# ---------------------------------------------------------------- finding one's way

MARKED_TOC = "() => [...document.querySelectorAll('.toc a')].findIndex(a => a.getAttribute('aria-current'))"
READING = """() => { const tops = [...document.querySelectorAll('.toc a')].map(
    a => document.getElementById(a.hash.slice(1)).getBoundingClientRect().top);
  let at = 0; tops.forEach((t, i) => { if (t <= innerHeight / 4) at = i; }); return at; }"""


@pytest.mark.parametrize('where', ['http', 'file'])
def test_contents_stand_beside_the_page_and_mark_the_heading_being_read(site, make_tab, where):
    t = make_tab(viewport=WIDEST)
    page = t.open(MHA, site.as_uri() + '/' if where == 'file' else None)
    # The headings under the page's title, in order, each linking to its section.
    headings = page.evaluate("""() => [...document.querySelectorAll('article > .section:has(> .old-anchor) :is(h2, h3)')].map(
        h => [h.textContent.trim(), '#' + (h.id || h.closest('section').id)])""")
    links = page.evaluate(
        "() => [...document.querySelectorAll('.toc a')].map(a => [a.textContent.trim(), a.getAttribute('href')])"
    )
    assert len(links) >= 3 and links == headings
    toc, article = page.locator('.toc').bounding_box(), page.locator('article').bounding_box()
    assert toc['x'] + toc['width'] <= article['x'] + 1 and toc['width'] >= 180
    for i in range(len(links)):
        page.evaluate(f"document.querySelectorAll('.toc a')[{i}].click()")
        page.wait_for_function(f'({MARKED_TOC})() === ({READING})()')
        assert page.evaluate(MARKED_TOC) >= i
        box = page.locator('.toc').bounding_box()
        # it stays in view, under the bar that stays at the top
        assert 0 <= box['y'] <= page.locator('.topbar').bounding_box()['height'] + 1
        assert page.locator('.toc a').nth(i).is_visible()
    assert page.evaluate('location.hash') == links[-1][1]
    assert page.evaluate(OVERFLOW) <= 0


def test_contents_are_a_disclosure_on_a_phone_and_open_without_javascript_when_wide(make_tab):
    t = make_tab(viewport=PHONE, has_touch=True, is_mobile=True)
    page = t.open('zh/' + MHA)
    summary = page.locator('.toc summary')
    assert summary.inner_text() == '目录' and page.locator('.toc a').first.is_hidden()
    summary.tap()
    second = page.locator('.toc a').nth(1)
    assert second.is_visible()
    href = second.get_attribute('href')
    second.tap()
    page.wait_for_function(f'location.hash === {json.dumps(href)}')
    assert page.locator('.toc a').first.is_hidden()  # closed again once a heading is chosen
    top = page.evaluate(
        f"document.querySelector({json.dumps(href)} + ' h2, ' + {json.dumps(href)} + ' h3').getBoundingClientRect().top"
    )
    assert 0 <= top <= PHONE['height'] / 4  # its heading is at the top of the window
    plain = make_tab(viewport=WIDEST, java_script_enabled=False)
    page = plain.open(MHA)
    assert page.locator('.toc a').first.is_visible()  # wide, the contents are open, script or not


def test_pages_end_with_the_previous_and_next_page_in_reading_order(site, tab):
    menu = (site / 'ja' / 'menu.js').read_text(encoding='utf-8')
    order = [entry[0] for entry in json.loads(menu[menu.index('=') + 1 :].strip().rstrip(';'))]
    at = order.index(MHA)
    here = posixpath.dirname(MHA)
    page = tab.open('ja/' + MHA)
    pager = page.locator('nav.pager')
    assert pager.get_attribute('aria-label') == '前後のページ'
    previous, following = pager.locator('a[rel=prev]'), pager.locator('a[rel=next]')
    assert previous.get_attribute('href') == posixpath.relpath(order[at - 1], here)
    assert following.get_attribute('href') == posixpath.relpath(order[at + 1], here)
    expected = tab.open(f'ja/{order[at + 1]}').title().split(' · ')[0]
    page = tab.open('ja/' + MHA)
    assert page.locator('a[rel=next] .pager-title').inner_text() == expected
    page.locator('a[rel=next]').click()
    assert page.url.endswith('ja/' + order[at + 1])


@pytest.mark.parametrize('where', ['http', 'file'])
def test_copy_button_copies_a_sections_code_without_its_line_numbers(site, make_tab, where):
    source = (ROOT / 'labml_nn' / 'transformers' / 'mha.py').read_text(encoding='utf-8').split('\n')
    t = make_tab(viewport=WIDE)
    t.context.grant_permissions(['clipboard-read', 'clipboard-write'])
    page = t.open('ja/' + MHA, site.as_uri() + '/' if where == 'file' else None)
    sections = page.locator('section:has(.code .line)')
    assert page.locator('.code > .copy-button').count() == sections.count() > 10
    section = sections.nth(3)
    numbers = section.locator('.line').evaluate_all('lines => lines.map(l => +l.dataset.n)')
    expected = '\n'.join(source[n - 1] for n in numbers) + '\n'
    # From the keyboard: a stop after the section's documentation and its code's names.
    section.locator('.doc a').last.focus()
    for _ in range(3):
        page.keyboard.press('Tab')
        if page.evaluate('document.activeElement.className') == 'copy-button':
            break
    button = section.locator('.copy-button')
    assert page.evaluate('document.activeElement.className') == 'copy-button'
    assert button.evaluate('b => b === document.activeElement')
    assert button.inner_text() == 'コードをコピー'
    page.keyboard.press('Enter')
    status = page.locator('[role=status][aria-live=polite].copy-status')
    status.wait_for(state='attached')
    page.wait_for_function("document.querySelector('.copy-status').textContent === 'コードをコピーしました'")
    assert page.evaluate('navigator.clipboard.readText()') == expected
    assert not re.search(r'^\s*\d+\s', page.evaluate('navigator.clipboard.readText()'))


def test_each_section_reports_its_problem_to_the_repository(site, tab):
    page = tab.open('zh/' + MHA)
    report = page.locator('#PrepareForMultiHeadAttention a.report')
    assert report.inner_text() == '报告本节的问题'
    report.focus()
    assert page.evaluate('getComputedStyle(document.activeElement).opacity') == '1'
    href = report.get_attribute('href')
    from urllib.parse import parse_qs, urlsplit

    parts = urlsplit(href)
    config = load_config(ROOT)
    assert href.startswith(TRACKER + '?')
    query = parse_qs(parts.query)
    anchor = 'PrepareForMultiHeadAttention'
    heading = page.locator(f'#{anchor} h2, #{anchor} h3').first.inner_text().strip()
    assert query['title'] == [f'{MHA}#{anchor}: {heading}']
    body = query['body'][0].splitlines()
    assert f'Page: {config.url}zh/{MHA}#{anchor}' in body and 'Language: zh' in body
    assert f'Section: {anchor} ({heading})' in body
    # One on every section with words; none on code alone.
    counts = page.evaluate("""() => [...document.querySelectorAll('article > .section[id]')].map(s => [
        s.querySelectorAll('a.report').length,
        [...s.querySelector('.doc').children].some(c => !c.matches('.permalink, .report'))])""")
    assert all(n == int(words) for n, words in counts) and sum(n for n, _ in counts) > 20
    # The commit the site was built from (the fixture's build ran at the checked-out commit).
    built = re.search(r'"([0-9a-f]*)"', (site / 'static' / 'source-commit.js').read_text()).group(1)
    import subprocess

    known = subprocess.run(['git', 'cat-file', '-e', f'{built}^{{commit}}'], cwd=ROOT, capture_output=True)
    if built:
        assert known.returncode == 0 and f'Commit: {built}' in body
    else:
        assert not any(line.startswith('Commit:') for line in body)


def test_a_page_shows_its_paper_and_copies_its_bibtex(site, make_tab):
    t = make_tab(viewport=WIDE)
    t.context.grant_permissions(['clipboard-read', 'clipboard-write'])
    page = t.open('zh/' + MHA)
    card = page.locator('section.paper')
    assert card.locator('h2').inner_text().strip() == '论文'
    title = card.locator('.paper-title a')
    assert title.inner_text() == 'Attention Is All You Need'
    assert card.locator('.paper-title').get_attribute('lang') == 'en'
    links = card.locator('.paper-links a')
    assert [links.nth(i).inner_text() for i in range(links.count())] == ['摘要', 'PDF']
    assert links.nth(1).get_attribute('href') == 'https://arxiv.org/pdf/1706.03762'
    # It follows the page's first section, before the text of the implementation.
    order = page.evaluate("[...document.querySelectorAll('article > section')].map(s => s.id).slice(0, 3)")
    assert order == ['multi-headed-attention-mha', 'paper', 'PrepareForMultiHeadAttention']
    bibtex = card.locator('pre.bibtex')
    assert bibtex.count() == 2
    first = bibtex.first.inner_text()
    assert first.startswith('@misc{vaswani2017attention,') and 'eprint        = {1706.03762}' in first
    card.locator('.copy-button').first.click()
    page.wait_for_function("document.querySelector('.copy-status').textContent === '已复制代码'")
    assert page.evaluate('navigator.clipboard.readText()') == first
    # The page's entry names the commit the site was built from (from the one file that names it,
    # source-commit.js) at the end of its note, and copying it copies that too.
    built = re.search(r'"([0-9a-f]*)"', (site / 'static' / 'source-commit.js').read_text()).group(1)
    own = bibtex.nth(1).inner_text()
    note = re.search(r'note += \{(.*)\}\n\}$', own).group(1)
    assert note.endswith(
        f'(Vaswani et al., 2017), commit {built[:12]}' if built else '(Vaswani et al., 2017)'
    )
    page.evaluate("document.querySelector('.copy-status').textContent = ''")
    card.locator('.copy-button').nth(1).click()
    page.wait_for_function("document.querySelector('.copy-status').textContent === '已复制代码'")
    assert page.evaluate('navigator.clipboard.readText()') == own
    home = t.open('ja/index.html')
    papers = home.locator('.paper-list li')
    listed = [papers.nth(i).inner_text() for i in range(papers.count())]
    assert any('Attention Is All You Need' in item for item in listed), listed
    assert home.locator('#papers-label').inner_text() == 'このサイトで実装している論文'


@pytest.mark.parametrize('scheme', ['light', 'dark'])
def test_recurring_terms_of_the_formulas_share_a_colour_that_reads_and_light_up_together(make_tab, scheme):
    for path in (MHA, 'optimizers/noam.html', 'zh/transformers/positional_encoding.html'):
        page = make_tab(color_scheme=scheme).open(path)
        terms = page.evaluate("""() => [...document.querySelectorAll('.katex .mc')].map(el => {
            let bg = 'rgba(0, 0, 0, 0)', at = el;
            while (at && /rgba\\(0, 0, 0, 0\\)|transparent/.test(bg)) { bg = getComputedStyle(at).backgroundColor; at = at.parentElement; }
            const formulas = [...document.querySelectorAll('.katex')];
            return {n: el.dataset.mc, text: el.textContent, color: getComputedStyle(el).color, bg,
                    formula: formulas.indexOf(el.closest('.katex'))}; })""")
        assert len({t['n'] for t in terms}) >= 2, path
        by_term: dict[str, list[dict]] = {}
        for t in terms:
            by_term.setdefault(t['n'], []).append(t)
            ratio = _contrast(t['color'], t['bg'])
            assert ratio >= 4.5, (path, scheme, t, ratio)  # text's contrast, as axe checks it
        for n, found in by_term.items():
            assert len({t['color'] for t in found}) == 1, (path, n)  # one colour on the whole page
            assert len({t['text'] for t in found}) == 1, (path, n)  # for one term
            assert len({t['formula'] for t in found}) >= 2, (path, n)  # that recurs
        colours = [found[0]['color'] for found in by_term.values()]
        assert len(set(colours)) == len(colours), path  # a colour for each
        text = page.evaluate(
            "getComputedStyle([...document.querySelectorAll('.katex-html .mord')].find(e => !e.closest('.mc'))).color"
        )
        assert text not in colours
    # Pointing at one marks it in every formula of the page; TeX in the annotation is untouched.
    page = make_tab(color_scheme=scheme).open(MHA)
    first = page.locator('.katex .mc').first
    n = first.get_attribute('data-mc')
    first.scroll_into_view_if_needed()
    first.hover()
    lit = page.evaluate("[...document.querySelectorAll('.mc-on')].map(e => e.dataset.mc)")
    assert lit and set(lit) == {n} and len(lit) == page.locator(f'.mc[data-mc="{n}"]').count()
    tex = page.evaluate("[...document.querySelectorAll('.katex annotation')].map(a => a.textContent)")
    assert any('d_k' in t for t in tex) and not any('mc' in t for t in tex)


LIT = """() => [...document.querySelectorAll('.mc-on')].map(e => { let bg = 'rgba(0, 0, 0, 0)', at = e;
    while (at && /rgba\\(0, 0, 0, 0\\)|transparent/.test(bg)) { bg = getComputedStyle(at).backgroundColor; at = at.parentElement; }
    return {n: e.dataset.mc, text: e.textContent, color: getComputedStyle(e).color, bg,
            at: e.classList.contains('mc-at'), here: document.activeElement.contains(e)}; })"""


@pytest.mark.parametrize('scheme', ['light', 'dark'])
def test_a_formula_is_one_tab_stop_whose_arrow_keys_mark_its_terms_on_the_whole_page(make_tab, scheme):
    page = make_tab(color_scheme=scheme).open(MHA)
    stops = page.evaluate(
        "[...document.querySelectorAll('#content [tabindex]')].filter(e => e.closest('.katex'))"
        ".map(e => [e.className, e.querySelectorAll('.mc').length])"
    )
    holding = page.evaluate(
        "[...document.querySelectorAll('.katex')].filter(k => k.querySelector('.mc')).length"
    )
    # One stop per formula that holds coloured terms; no term, nothing under aria-hidden, is one.
    assert stops and all(c.split()[0] == 'katex' and n for c, n in stops) and len(stops) == holding
    assert (
        page.evaluate("document.querySelectorAll('.katex-html [tabindex], .katex-html[tabindex]').length")
        == 0
    )
    # A screen reader reads the formula as before: no name or role is given to it.
    attrs = page.evaluate(
        "[...new Set([...document.querySelectorAll('.katex.mc-stop')].flatMap(k => k.getAttributeNames()))]"
    )
    assert sorted(attrs) == ['class', 'tabindex']
    # Reach the first formula with terms from the keyboard.
    for _ in range(200):
        page.keyboard.press('Tab')
        if page.evaluate("document.activeElement.classList.contains('mc-stop')"):
            break
    formula = page.evaluate_handle('document.activeElement')
    # Its terms as they stand from left to right.
    terms = formula.evaluate("""k => [...new Set([...k.querySelectorAll('.mc')]
        .map(e => [e.getBoundingClientRect().left, e.dataset.mc]).sort((a, b) => a[0] - b[0]).map(p => p[1]))]""")
    assert terms
    seen = []
    for i, key in enumerate([None] + ['ArrowRight'] * (len(terms) - 1)):
        if key:
            page.keyboard.press(key)
        lit = page.evaluate(LIT)
        n = terms[i]
        assert lit and {t['n'] for t in lit} == {n}, (i, lit)
        assert len(lit) == page.locator(f'.mc[data-mc="{n}"]').count()  # in every formula
        assert len({t['text'] for t in lit}) == 1
        assert [t['here'] for t in lit if t['at']] == [True]  # the one in the focused formula outlined
        for t in lit:
            assert _contrast(t['color'], t['bg']) >= 4.5, (scheme, t)
        # Named as TeX writes it: beside the formula and to a screen reader (the pointer: its title).
        name = page.locator(f'.mc[data-mc="{n}"]').first.get_attribute('title')
        assert name and formula.evaluate('k => k.dataset.term') == name
        assert page.evaluate("document.querySelector('[role=status].term-name').textContent") == name
        seen.append(n)
    assert seen == terms
    page.keyboard.press('ArrowRight')  # past the last: stays on it
    assert {t['n'] for t in page.evaluate(LIT)} == {terms[-1]}
    page.keyboard.press('Home')
    assert {t['n'] for t in page.evaluate(LIT)} == {terms[0]}
    axe_module = pytest.importorskip('axe_playwright_python.sync_playwright')
    found = axe_module.Axe().run(page, options=AXE_OPTIONS).response['violations']
    assert not found, [(v['id'], [n['target'] for n in v['nodes'][:3]]) for v in found]
    page.keyboard.press('Escape')
    assert page.evaluate(LIT) == []
    page.keyboard.press('End')
    assert {t['n'] for t in page.evaluate(LIT)} == {terms[-1]}
    page.keyboard.press('Tab')  # leaving the formula lets go of its term, unless the next is one too
    after = page.evaluate("document.activeElement.classList.contains('mc-stop')")
    assert after or page.evaluate(LIT) == []
    # The pointer marks what it points at even in a formula that has the focus by a click.
    first = page.locator('.katex .mc').first
    first.scroll_into_view_if_needed()
    first.click()
    assert {t['n'] for t in page.evaluate(LIT)} == {first.get_attribute('data-mc')}


def test_copying_a_coloured_formula_copies_what_it_copied_without_colours(make_tab):
    t = make_tab(viewport=WIDE)
    t.context.grant_permissions(['clipboard-read', 'clipboard-write'])
    page = t.open(MHA)
    copy = """k => { const r = document.createRange(); r.selectNodeContents(k);
        const s = getSelection(); s.removeAllRanges(); s.addRange(r); return s.toString(); }"""
    formulas = page.locator('.katex:has(.mc)')
    assert formulas.count() >= 3
    before = [formulas.nth(i).evaluate(copy) for i in range(formulas.count())]
    tex = [formulas.nth(i).locator('annotation').text_content() for i in range(formulas.count())]
    assert any(r'Q K^\top' in x for x in tex) and any('softmax' in x for x in tex)
    # The same formulas with each coloured span replaced by its contents and the classes removed.
    page.evaluate("""() => { document.querySelectorAll('.mc').forEach(e => {
        if (e.className === 'mc mc-' + e.dataset.mc) e.replaceWith(...e.childNodes);
        else { e.classList.remove('mc', 'mc-' + e.dataset.mc); e.removeAttribute('data-mc'); } }); }""")
    assert page.locator('.mc').count() == 0
    plain = page.locator('.katex')
    after = [
        plain.nth(i).evaluate(copy)
        for i in range(plain.count())
        if plain.nth(i).locator('annotation').text_content() in tex
    ]
    assert after == before and all(before)


# Each character drawn in the element's own fonts, against a private-use character that no font
# has: a character drawn the same is a missing-glyph box.
MISSING_GLYPHS = r"""(element) => {
  const font = getComputedStyle(element).fontFamily;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const g = canvas.getContext('2d');
  const draw = (ch) => {
    g.clearRect(0, 0, 64, 64); g.font = '40px ' + font; g.fillText(ch, 4, 48);
    return Array.from(g.getImageData(0, 0, 64, 64).data).join(',');
  };
  const box = draw('\uE000');
  const chars = Array.from(new Set(Array.from(element.textContent)))
    .filter(ch => /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/.test(ch));
  return {chars: chars.length, boxes: chars.filter(ch => draw(ch) === box)};
}"""


def test_chinese_and_japanese_pages_show_their_glyphs_not_boxes(tab):
    """Chromium needs CJK fonts (Debian's fonts-noto-cjk, which `make browser` installs) for the
    zh and ja pages; without them their text, and their screenshots, are rows of boxes."""
    import shutil
    import subprocess

    from conftest import _unavailable

    fonts = shutil.which('fc-list') and subprocess.run(
        ['fc-list', ':lang=zh'], capture_output=True, text=True
    )
    if not fonts or not fonts.stdout.strip():
        _unavailable('no Chinese or Japanese font: apt-get install fonts-noto-cjk (make browser)')
    for lang in ('zh', 'ja'):
        page = tab.open(f'{lang}/{MHA}')
        for selector in ('h1', '.section .doc p:not(:has(img))'):
            found = page.locator(selector).first.evaluate(MISSING_GLYPHS)
            assert found['chars'] > 3, (lang, selector, found)
            assert not found['boxes'], (
                f'{lang} {selector}: drawn as missing glyphs: {"".join(found["boxes"])}'
            )


# ---------------------------------------------------------------- print, phones, plots and titles


def test_print_takes_the_sheets_width_and_prints_link_addresses_not_the_colab_badge(make_tab):
    # At 1600 px (A3 landscape) the page once printed in a 240 px column: 11 sheets, now 5.
    for width in (700, 1200, 1600):
        page = make_tab(viewport={'width': width, 'height': 1000}).open(MHA)
        page.emulate_media(media='print')
        found = page.evaluate("""() => {
            const link = [...document.querySelectorAll('.doc a[href^="http"]')].find(a => !a.querySelector('img'));
            const badge = document.querySelector('.doc img[src$="colab-badge.svg"]');
            return {article: document.querySelector('article').getBoundingClientRect().width,
                    after: getComputedStyle(link, '::after').content, href: link.getAttribute('href'),
                    badge: badge ? badge.getBoundingClientRect().width : null};
        }""")
        assert found['article'] >= 0.9 * width, (width, found)
        assert found['href'] in found['after'], found
        assert found['badge'] == 0, found  # not printed


def test_a_phone_shows_the_report_and_copy_controls_of_the_section_tapped(make_tab):
    page = make_tab(viewport=PHONE, has_touch=True, is_mobile=True).open(MHA)
    shown = """() => [...document.querySelectorAll('.doc .report, .copy-button')]
        .filter(e => e.getClientRects().length).map(e => e.closest('.section').id)"""
    assert page.evaluate(shown) == []  # was one of each on every section: 37 reports on this page
    section = page.locator('article > .section[id="MultiHeadAttention.forward"]')
    section.locator('.code pre').tap()
    assert page.evaluate(shown) == ['MultiHeadAttention.forward'] * 2
    other = page.locator('article > .section[id="MultiHeadAttention.get_scores"]')
    other.locator('.doc p').first.tap()
    assert page.evaluate(shown) == ['MultiHeadAttention.get_scores'] * 2


@pytest.mark.parametrize('scheme', ['light', 'dark'])
def test_plots_read_in_both_themes(make_tab, scheme):
    page = make_tab(color_scheme=scheme).open('transformers/positions/index.html')
    filters = page.evaluate(
        '[...document.querySelectorAll(\'.doc img[src$=".png"]\')].map(i => getComputedStyle(i).filter)'
    )
    assert filters
    if scheme == 'dark':  # a white figure inverted, its hues turned back
        assert all('invert' in f and 'hue-rotate' in f for f in filters), filters
    else:
        assert set(filters) == {'none'}


def test_translated_titles_end_in_the_sites_title_in_their_language(site):
    home = {
        lang: re.search(r'<title>([^<]*)</title>', (site / lang / 'index.html').read_text()).group(1)
        for lang in ('zh', 'ja')
    }
    english = re.search(r'<title>([^<]*)</title>', (site / 'index.html').read_text()).group(1)
    for lang, name in home.items():
        assert name != english and not re.search('[A-Za-z]{4}', name), name
        title = re.search(r'<title>([^<]*)</title>', (site / lang / MHA).read_text()).group(1)
        assert title.endswith(' · ' + name), title  # once "... · Annotated Deep Learning Implementations"
