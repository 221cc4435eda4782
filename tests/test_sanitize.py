"""Tests of `sitegen.translation.sanitize`: translated values are untrusted HTML: each one passes an HTML5 sanitizer
before it reaches a page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import ROOT, SECTIONS, make_project, run, run_build, with_hostile_chinese_page
from sitegen.translation.catalog import dump_cache
from sitegen.translation.sanitize import check_text, check_value, sanitize

P = '<span translate=no>_^_{}_^_</span>'.format


KEY = f'<p>Scale {P(0)} by {P(1)}, see <a href="x.html">this</a>.</p>\n'


VECTORS = [
    '<!--><img alt="x>y" onerror=alert(1) src=z>-->',
    '<![CDATA[><img src=x onerror=alert(1)>]]>',
    '<svg onload=alert(1)><circle r=1></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="java&#x0A;script:alert(1)">x</a>',
    '<a href=" &#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
    '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    '<form><button formaction="javascript:alert(1)">x</button></form>',
    '<span style="background:url(javascript:alert(1))">x</span>',
    '<span style="width: expression(alert(1))">x</span>',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<details open ontoggle=alert(1)>x</details>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<base href="javascript:alert(1)//">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<style>*{x:expression(alert(1))}</style>',
    '<a href="x.html" onmouseover=alert(1)>x</a>',
    '<p/onclick=alert(1)>x</p>',
    '<template><img src=x onerror=alert(1)></template>',
    '<isindex type=image src=1 onerror=alert(1)>',
    '<video><source onerror="alert(1)"></video>',
]


def dangerous(html: str) -> list[str]:
    """What in `html` could run script in a browser: read by a parser and by plain search."""
    from html.parser import HTMLParser

    found: list[str] = []

    class Scan(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag in {'script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'base', 'meta', 'form'}:
                found.append(f'<{tag}>')
            for name, value in attrs:
                text = ''.join(ch for ch in (value or '') if ch > ' ').lower()
                if name.startswith('on') or name in ('srcdoc', 'formaction', 'style'):
                    found.append(f'{tag} {name}=')
                elif text.startswith(('javascript:', 'vbscript:', 'data:')):
                    found.append(f'{tag} {name}={text[:20]}')

        handle_startendtag = handle_starttag

    Scan().feed(html)
    if re.search(r'<\s*(script|iframe|object|embed)', html, re.I) or re.search(
        r'<[^>]*javascript:', html, re.I
    ):
        found.append('raw')
    return found


SECTIONED = '"""\n# Page\n"""\n\n' + ''.join(f'# Section {i}\nx{i} = {i}\n\n' for i in range(len(VECTORS)))


LEGIT = 'A paragraph with `code`, $x^2$ math, a [link](index.html) and ![a diagram](sub/diagram.svg).\n'


HOSTILE = """
<script>alert(1)</script>

<img src="x" onerror="alert(2)">

[click](javascript:alert(3)) and <a href="javascript:alert(4)">here</a>

<iframe src="https://evil.example"></iframe><p onclick="alert(5)">text</p>
"""


def _copied_page(project: Path, text: str, *flags: str) -> str:
    (project / 'pkg' / 'copied.py').write_text(f'"""\n# Copied\n\n{text}"""\nx = 1\n')
    assert run(project, 'build', '--jobs', '1', *flags) == 0
    return (project / 'out' / 'copied.html').read_text()


@pytest.mark.parametrize('vector', VECTORS)
def test_known_xss_vectors_never_pass_the_sanitizer(vector):
    checked = check_value(KEY, f'<p>{P(0)} {P(1)} <a href="x.html">此处</a>{vector}</p>')
    assert checked.value is None and checked.problems
    assert dangerous(sanitize(vector)) == []


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(
                [
                    '<',
                    '>',
                    '"',
                    "'",
                    '=',
                    '/',
                    ' ',
                    '&',
                    '&#',
                    '&#x6a;',
                    '<!--',
                    '-->',
                    '<!-->',
                    '<![CDATA[',
                    ']]>',
                    '<script>',
                    '</script>',
                    '<img',
                    '<svg',
                    '<math',
                    '<a',
                    '</a>',
                    '<p>',
                    '</p>',
                    '<iframe',
                    '<style>',
                    '<object',
                    '<span translate=no>_^_0_^_</span>',
                    ' onerror=',
                    ' onclick=',
                    ' href=',
                    ' src=',
                    ' srcdoc=',
                    ' formaction=',
                    ' style=',
                    'javascript:',
                    'jav\tascript:',
                    'alert(1)',
                    'x',
                    '<noscript>',
                    '<template>',
                    '<textarea>',
                    '<title>',
                ]
            ),
            st.text(max_size=4),
        ),
        max_size=40,
    )
)
def test_random_tag_soup_never_carries_script_onto_a_page(parts):
    soup = ''.join(parts)
    assert dangerous(sanitize(soup)) == []
    checked = check_value(f'<p>Text {P(0)}</p>', soup)
    assert checked.value is None or dangerous(checked.value) == []


@pytest.mark.slow
def test_pages_built_from_hostile_caches_open_no_dialog(tmp_path: Path, browser):
    project = make_project(tmp_path / 'project')
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    (project / 'pkg' / 'hostile.py').write_text(SECTIONED)
    cache = project / 'translate_cache'
    cache.mkdir()
    keys = [f'<p>Section {i}</p>\n' for i in range(len(VECTORS))]
    entries = {key: f'<p>第 {i} 节 {vector}</p>' for i, (key, vector) in enumerate(zip(keys, VECTORS))}
    entries['<h1>Page</h1>\n'] = '<h1>页 <img src=x onerror=alert(1)></h1>'
    (cache / 'hostile.zh.json').write_bytes(dump_cache(entries))
    assert run(project, 'build', '--lang', 'all') == 0
    html = (project / 'out' / 'zh' / 'hostile.html').read_text()
    assert 'Section 3' in html and dangerous(html.split('<main', 1)[1].split('</main>')[0]) == []
    context = browser.new_context()
    dialogs: list[str] = []
    page = context.new_page()
    page.on('dialog', lambda d: (dialogs.append(d.message), d.dismiss()))
    for name in ('zh/hostile.html', 'zh/index.html', 'zh/sub/model.html'):
        page.goto((project / 'out' / name).as_uri())
        page.mouse.move(10, 10)
        page.wait_for_timeout(300)
    context.close()
    assert dialogs == []


def test_sanitize_passes_english_docstrings_through_the_allow_list(project, capsys):
    clean = _copied_page(project, LEGIT)
    trusted = _copied_page(project, LEGIT + HOSTILE)
    # By default the author is trusted: raw HTML reaches the page as written.
    assert len(dangerous(trusted)) > len(dangerous(clean))
    sanitized = _copied_page(project, LEGIT + HOSTILE, '--sanitize')
    assert dangerous(sanitized) == dangerous(clean)  # the template's own scripts only
    assert 'alert(' not in sanitized
    # What Markdown writes is kept: inline code, math, links and the image.
    kept = _copied_page(project, LEGIT, '--sanitize')
    for piece in ('class="highlight"', 'class="katex"', 'href="index.html"', 'src="sub/diagram.svg"'):
        assert piece in clean and piece in kept, piece
    # The same as a setting of [tool.site].
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text() + 'sanitize_english = true\n')
    assert _copied_page(project, LEGIT + HOSTILE) == sanitized


@pytest.mark.parametrize(
    'value',
    [
        '<p>译文一 <a id="section-3"></a></p>',
        '<p>译文一 <a name="section-3">这里</a></p>',
        '<p>译文一 <a id="Thing"></a><a ID = "x"></a></p>',
    ],
)
def test_a_translation_brings_no_id_the_english_does_not_have(project, capsys, value):
    with_hostile_chinese_page(
        project, SECTIONS, {'<p>Section 1</p>\n': value, '<p>Section 2</p>\n': '<p>第 2 节</p>'}
    )
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    err = capsys.readouterr().err
    html = (project / 'out' / 'zh' / 'hostile.html').read_text()
    assert '第 2 节' in html and '译文一' not in html and 'Section 1' in html  # the English instead
    assert html.count('id="section-3"') == 1 and 'name="section-3"' not in html
    assert re.search(
        r'hostile\.zh\.json:\d+: key .*carries id="[^"]+", which the English does not have', err
    ), err


def test_a_translation_may_keep_the_ids_of_its_english(project, capsys):
    source = '"""\n# Page\n"""\n\n# <a id="here"></a> Section 1\nx = 1\n'
    with_hostile_chinese_page(
        project, source, {'<p><a id="here"></a> Section 1</p>\n': '<p><a id="here"></a> 译文一</p>'}
    )
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    html = (project / 'out' / 'zh' / 'hostile.html').read_text()
    assert '译文一' in html and html.count('id="here"') == 1


@pytest.mark.parametrize(
    'value, extra',
    [
        ('<p><a id="here"></a> 译文一 <a name="here"></a></p>', 'here'),  # the English's id twice
        # The English's id as it writes it, and another written otherwise.
        ('<p><a id="here"></a> 译文一 <a ID="there"></a></p>', 'there'),
        ('<p><a id="here"></a> 译文一 <a id=\'there\'></a></p>', 'there'),
        ('<p><a id="here"></a> 译文一 <a id=there></a></p>', 'there'),
        ('<p><a id="here"></a> 译文一 <a name = "there"></a></p>', 'there'),
    ],
)
def test_a_translation_gives_its_english_ids_once_each(project, capsys, value, extra):
    source = '"""\n# Page\n"""\n\n# <a id="here"></a> Section 1\nx = 1\n'
    with_hostile_chinese_page(project, source, {'<p><a id="here"></a> Section 1</p>\n': value})
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    html = (project / 'out' / 'zh' / 'hostile.html').read_text()
    assert '译文一' not in html and html.count('id="here"') == 1 and 'there' not in html
    assert f'carries id="{extra}", which the English does not have' in capsys.readouterr().err


class Strict(HTMLParser):
    VOID = {
        'area',
        'base',
        'br',
        'col',
        'embed',
        'hr',
        'img',
        'input',
        'link',
        'meta',
        'source',
        'track',
        'wbr',
    }

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        self.scripts += tag == 'script'
        for name, value in attrs:
            if name.startswith('on') or (value or '').strip().lower().startswith('javascript:'):
                self.problems.append(f'{tag} {name}={value}')
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f'</{tag}> with {self.stack[-3:]} open at {self.getpos()}')
        else:
            self.stack.pop()


def parsed(data: bytes) -> Strict:
    parser = Strict()
    parser.feed(data.decode())
    parser.close()
    return parser


@pytest.mark.parametrize(
    'value, problem',
    [
        (f'<p>用 {P(1)} 缩放，见<a href="x.html">此处</a>。</p>', 'placeholder _^_0_^_ is missing'),
        (
            f'<p>用 {P(1)} 缩放 {P(0)} {P(2)}<a href="x.html">此处</a></p>',
            'placeholder _^_2_^_ is not in the English',
        ),
        (f'<p>{P(0)}{P(0)}{P(1)}<a href="x.html">此处</a></p>', 'placeholder _^_0_^_ is repeated'),
        (  # a machine translation that dropped every placeholder: one problem, not one a placeholder
            '<p>用缩放，见<a href="x.html">此处</a>。</p>',
            'placeholders _^_0_^_ and _^_1_^_ are missing',
        ),
        (f'<p>{P(0)} _^_1_^_ <a href="x.html">此处</a></p>', 'a placeholder lost its <span translate=no>'),
        (f'<p><b>{P(0)}{P(1)}<a href="x.html">此处</a></p>', 'unbalanced HTML: <b> is closed by </p>'),
        (f'<p>{P(0)}{P(1)}<a href="x.html">此处</p>', 'unbalanced HTML: <a> is closed by </p>'),
        (
            f'<p>{P(0)}{P(1)}<a href="x.html">此处</a></p><script>alert(1)</script>',
            'carries <script>, which a page may not',
        ),
        (
            f'<p onclick="alert(1)">{P(0)}{P(1)}<a href="x.html">此处</a></p>',
            'carries an event handler attribute onclick=',
        ),
        (
            f'<p>{P(0)}{P(1)}<a href="jav&#x09;ascript:alert(1)">此处</a></p>',
            'carries a URL in href= that a page may not link to',
        ),
        (
            f'<p>{P(0)}{P(1)}<a href=" JAVASCRIPT:alert(1)">此处</a></p>',
            'carries a URL in href= that a page may not link to',
        ),
        (f'<p>{P(0)}{P(1)}<img src=x onerror=alert(1)></p>', 'carries <img>, which a page may not'),
        (f'<p>{P(0)}{P(1)}<iframe src="https://x"></iframe></p>', 'carries <iframe>, which a page may not'),
    ],
)
def test_bad_values_fall_back_to_english(value, problem):
    checked = check_value(KEY, value)
    assert checked.value is None and problem in checked.problems


def test_placeholders_missing_in_a_run_are_named_as_a_range():
    key = '<p>' + ' '.join(P(n) for n in range(6)) + '</p>'
    checked = check_value(key, f'<p>只有 {P(3)}</p>')
    assert checked.problems == ('placeholders _^_0_^_ to _^_2_^_, _^_4_^_ and _^_5_^_ are missing',)


def test_a_stray_end_tag_is_dropped():
    checked = check_value(KEY, f'<p>用{P(1)}缩放{P(0)}，</b>见<a href="x.html">此处</a>。</p></a>')
    assert checked.value == f'<p>用{P(1)}缩放{P(0)}，见<a href="x.html">此处</a>。</p>'
    assert checked.repairs == ('stray end tag </b> removed', 'stray end tag </a> removed')


def test_placeholders_may_be_reordered_and_requoted():
    checked = check_value(
        KEY, f'<p><span translate="no">_^_1_^_</span>で{P(0)}を<a href="x.html">ここ</a></p>'
    )
    assert checked.value == f'<p>{P(1)}で{P(0)}を<a href="x.html">ここ</a></p>' and not checked.repairs


def test_plain_text_entries_carry_no_markup():
    assert check_text('Noam optimizer', 'Noam 优化器').value == 'Noam 优化器'
    assert check_text('Noam optimizer', '<b>Noam</b>').value is None


def test_translated_pages_are_well_formed_without_script_from_caches(tmp_path, mha_work):
    result = run_build(ROOT / 'translate_cache', mha_work)
    checked = 0
    for name, data in result.files.items():
        if not name.endswith('.html') or not name.startswith(('zh/', 'ja/')):
            continue
        parser = parsed(data)
        assert parser.problems == [] and parser.stack == [], name
        assert parser.scripts == parsed(result.files[name[3:]]).scripts, name  # the site's own only
        checked += 1
    assert checked == 2 * sum(1 for p in result.pages)


_PLACEHOLDER_PIECES = [
    '<span translate=no>_^_3_^_</span>',
    '<span translate=no>_^_01_^_</span>',
    '<span translate="no">_^_2_^_</span>',
    '<span translate=no>',
    '<span translate="no">',
    "<SPAN translate = 'no' >",
    '_^_',
    '_^_ ',
    '0',
    '1',
    '01',
    '12',
    '</span>',
    '</span >',
    ' ',
    '字',
    '<p>',
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_PLACEHOLDER_PIECES), max_size=24).map(''.join))
def test_placeholders_are_written_as_the_cache_format_writes_them_however_they_came_back(value):
    """The check of a value written with its placeholders as the format has them (most values)
    gives what rewriting every placeholder gives."""
    from sitegen.translation.sanitize import _LOOSE_PLACEHOLDER, canonical_placeholders

    rewritten = _LOOSE_PLACEHOLDER.sub(lambda m: f'<span translate=no>_^_{int(m.group(2))}_^_</span>', value)
    assert canonical_placeholders(value) == rewritten


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(['<span translate=no>_^_0_^_</span>', '<span translate=no>_^_1_^_</span>', 'x']),
        max_size=5,
    ),
    st.lists(
        st.sampled_from(
            ['<span translate=no>_^_0_^_</span>', '<span translate=no>_^_1_^_</span>', '_^_1_^_', 'y']
        ),
        max_size=6,
    ),
)
def test_a_value_has_no_placeholder_problem_just_where_it_has_the_keys_placeholders_each_once(key, value):
    from collections import Counter

    from sitegen.doc import PLACEHOLDER_RE
    from sitegen.translation.sanitize import _placeholder_problems

    key, value = ''.join(key), ''.join(value)
    same = Counter(PLACEHOLDER_RE.findall(key)) == Counter(PLACEHOLDER_RE.findall(value))
    bare = value.count('_^_') // 2 == len(PLACEHOLDER_RE.findall(value))
    assert (_placeholder_problems(key, value) == []) == (same and bare)
