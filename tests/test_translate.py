"""Translated sites: the seed caches, bad values and files, and the translators' workflow."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitegen.build import build
from sitegen.catalog import dump_cache, key_label, normalise
from sitegen.cli import _parser, cmd_translate, main
from sitegen.config import load_config
from sitegen.sanitize import check_text, check_value

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / 'translate_cache' / 'transformers'
MALFORMED = Path(__file__).resolve().parent / 'data' / 'malformed_mha.ja.json'
# The two caches of the MHA page as the project received them: the Chinese one is still ours, byte
# for byte; the Japanese one (a machine translation, since retranslated by hand) is kept here.
SEED_FILES = {
    'zh': SEEDS / 'mha.zh.json',
    'ja': Path(__file__).resolve().parent / 'data' / 'seed_mha.ja.json',
}
# The seed: the Chinese cache of the MHA page, byte for byte as the project received it.
SEED_ZH_SHA256 = '427e8e7b7418be6af8686a054649d71ece334250ab52f903150a56345f6fbe6a'
P = '<span translate=no>_^_{}_^_</span>'.format
MHA = 'transformers/mha.html'
SCORES = '<h3>Calculate scores between queries and keys</h3>\n<p>This method can be overridden for other variations like relative attention.</p>\n'


@pytest.fixture(scope='module')
def work(tmp_path_factory) -> Path:
    """Formulas typeset once for the whole module."""
    return tmp_path_factory.mktemp('build-cache')


def seed_cache(folder: Path) -> Path:
    (folder / 'transformers').mkdir(parents=True, exist_ok=True)
    for lang in ('zh', 'ja'):
        shutil.copyfile(SEED_FILES[lang], folder / 'transformers' / f'mha.{lang}.json')
    return folder


def run_build(cache: Path, work: Path, languages=('en', 'zh', 'ja'), root: Path = ROOT):
    config = load_config(root).replace(cache=cache, output=work / 'out')
    return build(config, languages, cache_dir=work / 'cache', jobs=1)


def page(result, lang: str, path: str = MHA) -> str:
    return result.files[(f'{lang}/' if lang != 'en' else '') + path].decode()


def mha(result):
    return next(p for p in result.pages if p.source.page == MHA)


@pytest.fixture(scope='module')
def seeded(tmp_path_factory, work):
    return run_build(seed_cache(tmp_path_factory.mktemp('seeds')), work)


# ---------------------------------------------------------------- the seeds


def test_the_seed_cache_is_kept_byte_for_byte():
    assert hashlib.sha256((SEEDS / 'mha.zh.json').read_bytes()).hexdigest() == SEED_ZH_SHA256


def test_seed_caches_translate_the_mha_page_completely(seeded):
    assert mha(seeded).translation == {
        'zh': {'found': 37, 'outdated': 0, 'missing': 0, 'invalid': 0},
        'ja': {'found': 37, 'outdated': 0, 'missing': 0, 'invalid': 0},
    }
    zh, ja = page(seeded, 'zh'), page(seeded, 'ja')
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


def test_seed_repairs_are_notices(seeded):
    assert not [m for m in seeded.messages.warnings if m.file.endswith('.json')]
    warnings = [
        str(m).split('/seeds0/')[-1] for m in sorted(seeded.messages.notices) if m.file.endswith('.json')
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
    assert '</p>\n</a>' not in page(seeded, 'zh')
    # No 「。」 stands alone after a paragraph on the Japanese page.
    assert not re.search(r'</p>\s*。', page(seeded, 'ja'))


def seeded_name(lang: str) -> str:
    return f'transformers/mha.{lang}.json'


def test_the_interface_speaks_the_page_language(seeded):
    en, zh, ja = page(seeded, 'en'), page(seeded, 'zh'), page(seeded, 'ja')
    assert '>Source<' in en
    assert '>源代码<' in zh and '>Source<' not in zh
    assert '>ソースコード<' in ja and 'placeholder="検索"' in ja
    assert 'aria-label="链接到第 1 节"' in zh


def test_translated_page_links_stay_in_its_language(seeded):
    zh = page(seeded, 'zh')
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
    sitemap = seeded.files['sitemap.xml'].decode()
    assert '/zh/transformers/mha.html' in sitemap and '/ja/transformers/mha.html' in sitemap


def test_untranslated_sections_are_marked_english(seeded):
    models = page(seeded, 'zh', 'transformers/models.html')
    assert models.count('<div class="doc" lang="en">') > 50
    sections = ''.join(re.findall(r'<section class="section \w+" id="[^"]+">.*?</section>', models, re.S))
    for body in re.findall(r'<div class="doc">(.*?)</div>', sections, re.S):  # no words, no mark
        assert re.sub(r'<a class="permalink"[^>]*>#</a>', '', body).strip() == ''


# ---------------------------------------------------------------- checking values

KEY = f'<p>Scale {P(0)} by {P(1)}, see <a href="x.html">this</a>.</p>\n'


@pytest.mark.parametrize(
    'value, problem',
    [
        (f'<p>用 {P(1)} 缩放，见<a href="x.html">此处</a>。</p>', 'placeholder _^_0_^_ is missing'),
        (
            f'<p>用 {P(1)} 缩放 {P(0)} {P(2)}<a href="x.html">此处</a></p>',
            'placeholder _^_2_^_ is not in the English',
        ),
        (f'<p>{P(0)}{P(0)}{P(1)}<a href="x.html">此处</a></p>', 'placeholder _^_0_^_ is repeated'),
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


def test_lookup_ignores_incidental_whitespace():
    assert normalise('<p> <a id="MHA"></a></p>\n<h2>X  y</h2>\n') == normalise(
        '<p><a id="MHA"></a></p><h2>X y</h2>'
    )


@pytest.mark.parametrize(
    'value, status, text',
    [
        ('<h3>计算分数</h3><p>可以重写。</p></em>', 'found', 'stray end tag </em> removed (repaired)'),
        (
            '<h3>计算分数</h3><p onmouseover="x()">可以重写。</p>',
            'invalid',
            'carries an event handler attribute onmouseover=; the English text is used',
        ),
    ],
)
def test_a_bad_cache_value_warns_with_file_line_and_key(tmp_path, work, value, status, text):
    cache = seed_cache(tmp_path / 'cache')
    path = cache / 'transformers' / 'mha.zh.json'
    entries = json.loads(path.read_text())
    entries[SCORES] = value
    path.write_bytes(dump_cache(entries))
    line = next(
        i
        for i, row in enumerate(path.read_text().splitlines(), 1)
        if row.startswith(' "<h3>Calculate scores')
    )
    result = run_build(cache, work, ('en', 'zh'))
    assert mha(result).translation['zh'][status] >= 1
    wanted = f'transformers/mha.zh.json:{line}: key {key_label(SCORES)}: {text}'
    # A repair is a notice (it lets the value be used); a rejection is a warning.
    reported = result.messages.notices if status == 'found' else result.messages.warnings
    assert any(str(m).replace(str(cache) + '/', '').startswith(wanted) for m in reported)
    zh = page(result, 'zh')
    if status == 'invalid':
        assert '<div class="doc" lang="en">' in zh and 'Calculate scores between queries and keys' in zh
        assert 'onmouseover' not in zh
    else:
        assert '<h3>计算分数</h3>' in zh and '</em>' not in zh.split('计算分数')[1].split('</div>')[0]


def test_a_broken_cache_file_is_a_warning_and_the_page_stays_english(tmp_path, work):
    cache = seed_cache(tmp_path / 'cache')
    broken = cache / 'transformers' / 'mha.ja.json'
    shutil.copyfile(MALFORMED, broken)
    before = broken.read_bytes()
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(before.decode())
    result = run_build(cache, work, ('en', 'ja'))
    e = expected.value
    assert result.messages.errors == []
    assert [str(m) for m in result.messages.warnings if m.kind == 'cache'] == [
        f'{broken}:{e.lineno}: invalid JSON (line {e.lineno}, column {e.colno}): {e.msg}; '
        'the page is built in English until the file is fixed'
    ]
    ja = page(result, 'ja')
    assert '<h2>Multi-Head Attention Module</h2>' in ja and '<html lang="ja">' in ja
    assert mha(result).translation['ja'] == {'found': 0, 'outdated': 0, 'missing': 37, 'invalid': 0}
    assert broken.read_bytes() == before


# ---------------------------------------------------------------- the built pages


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


def test_translated_pages_are_well_formed_without_script_from_caches(tmp_path, work):
    result = run_build(ROOT / 'translate_cache', work)
    checked = 0
    for name, data in result.files.items():
        if not name.endswith('.html') or not name.startswith(('zh/', 'ja/')):
            continue
        parser = parsed(data)
        assert parser.problems == [] and parser.stack == [], name
        assert parser.scripts == parsed(result.files[name[3:]]).scripts, name  # the site's own only
        checked += 1
    assert checked == 2 * sum(1 for p in result.pages)


# ---------------------------------------------------------------- the workflow


@pytest.fixture
def project(tmp_path) -> Path:
    for name in ('pyproject.toml',):
        shutil.copyfile(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / 'labml_nn', tmp_path / 'labml_nn', ignore=shutil.ignore_patterns('__pycache__'))
    shutil.copytree(ROOT / 'templates', tmp_path / 'templates')
    seed_cache(tmp_path / 'translate_cache')
    return tmp_path


def translate(project: Path, *args: str) -> int:
    return main(['--root', str(project), 'translate', *args, '--jobs', '1', '--no-cache'])


def seeds_untouched(project: Path) -> bool:
    return all(
        (project / 'translate_cache/transformers' / f'mha.{lang}.json').read_bytes()
        == SEED_FILES[lang].read_bytes()
        for lang in ('zh', 'ja')
    )


@pytest.mark.slow
def test_status_strict_fails_on_a_miss(project, capsys):
    assert translate(project, 'status') == 0
    out = capsys.readouterr().out
    assert re.search(r'transformers/mha\.html\s+37/37 100%\s+37/37 100%', out)
    assert translate(project, 'status', '--strict') == 1
    assert 'missing, outdated or rejected (--strict)' in capsys.readouterr().err


@pytest.mark.slow
def test_export_import_prune_round_trip(project, capsys):
    export = project / 'todo.json'
    assert translate(project, 'export', '--lang', 'zh', str(export)) == 0
    todo = json.loads(export.read_text())
    assert 'transformers/mha.zh.json' not in todo and all(n.endswith('.zh.json') for n in todo)
    noam = todo['optimizers/noam.zh.json']
    assert set(noam.values()) == {''}
    title = 'Noam optimizer' if 'Noam optimizer' in noam else next(k for k in noam if '<' not in k)
    with_code = next(k for k in noam if '_^_1_^_' in k)
    plain_p = next(k for k in noam if k.startswith('<p>') and '_^_' not in k and '<a' not in k)
    noam[title] = 'Noam 优化器'
    noam[with_code] = re.sub(r'<span translate=no>_\^_1_\^_</span>', '', with_code)  # one dropped
    noam[plain_p] = '<p>译文<script>alert(1)</script></p>'
    export.write_text(json.dumps(todo, ensure_ascii=False))
    assert translate(project, 'import', str(export)) == 1
    err = capsys.readouterr().err
    assert (
        'placeholder _^_1_^_ is missing; not imported' in err
        and 'carries <script>, which a page may not; not imported' in err
    )
    written = project / 'translate_cache/optimizers/noam.zh.json'
    assert written.read_bytes() == dump_cache({title: 'Noam 优化器'})
    assert seeds_untouched(project)

    entries = json.loads(written.read_text())
    entries['<p>A sentence no page has any more.</p>\n'] = '<p>不再使用。</p>\n'
    written.write_bytes(dump_cache(entries))
    assert translate(project, 'status') == 0
    assert 'stale: translate_cache/optimizers/noam.zh.json: 1 entry' in capsys.readouterr().out
    assert translate(project, 'prune') == 0
    assert json.loads(written.read_text()) == {title: 'Noam 优化器'}
    assert seeds_untouched(project)


class FakeBackend:
    def __init__(self) -> None:
        self.calls = 0

    def translate(self, fragments: list[str], lang: str) -> list[str]:
        self.calls += 1
        out = []
        for f in fragments:
            if 'Noam' in f and '<' not in f:
                out.append(f'{lang}: {f}')
            elif '_^_0_^_' in f:
                out.append(
                    f.replace('<p>', '<p>★', 1).replace('<span translate=no>', '<span translate="no">')
                )
            else:
                out.append(f + '</div><a href="javascript:x()">')
        return out


@pytest.mark.slow
def test_machine_translation_is_checked_before_it_is_merged(project, capsys):
    args = _parser().parse_args(
        ['--root', str(project), 'translate', 'machine', '--lang', 'ja', '--jobs', '1', '--no-cache']
    )
    fake = FakeBackend()
    assert cmd_translate(args, backend=fake) == 1  # some values were rejected
    assert fake.calls > 0
    err = capsys.readouterr().err
    assert 'carries a URL in href= that a page may not link to' in err
    noam = json.loads((project / 'translate_cache/optimizers/noam.ja.json').read_text())
    assert any(v.startswith('<p>★') and P(0) in v for v in noam.values())
    assert not any('javascript' in v for v in noam.values())
    assert seeds_untouched(project)


def test_a_missing_translation_is_an_error_in_a_strict_build(tmp_path, work):
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


@pytest.mark.slow
def test_building_one_language_keeps_the_others(tmp_path):
    out = tmp_path / 'site'
    root = ['--root', str(ROOT)]
    assert main([*root, 'build', '--lang', 'all', '--out', str(out), '--no-cache', '--quiet']) == 0
    english = (out / MHA).read_bytes()
    japanese = (out / 'ja' / MHA).read_bytes()
    (out / 'zh' / MHA).write_text('stale')
    assert main([*root, 'build', '--lang', 'zh', '--out', str(out), '--no-cache', '--quiet']) == 0
    assert (out / MHA).read_bytes() == english and (out / 'ja' / MHA).read_bytes() == japanese
    assert '多头注意力' in (out / 'zh' / MHA).read_text()
    assert main([*root, 'check', '--out', str(out), '--no-cache']) == 0


def written_by_another_tool(key: str) -> str:
    """The same HTML as another tool may write it: references, quoting and line breaks."""
    key = key.replace("'", '&#x27;').replace('"', '&quot;') if '<' not in key else key.replace("'", '&#39;')
    return key.replace('translate=no', 'translate="no"').replace('>\n<', '>\n\n<').replace('\n', ' \n')


@pytest.mark.slow
def test_keys_written_differently_are_found_kept_and_never_pruned(project, capsys):
    path = project / 'translate_cache/transformers/mha.zh.json'
    entries = json.loads(path.read_text())
    rewritten = {written_by_another_tool(k): v for k, v in entries.items()}
    assert sum(a != b for a, b in zip(entries, rewritten)) > 30
    path.write_bytes(dump_cache(rewritten))
    assert translate(project, 'status', '--lang', 'zh') == 0
    out = capsys.readouterr().out
    assert (
        re.search(r'transformers/mha\.html\s+37/37 100%', out)
        and 'stale: translate_cache/transformers' not in out
    )
    assert translate(project, 'prune', '--lang', 'zh') == 0
    assert json.loads(path.read_text()) == rewritten


# ---------------------------------------------------------------- the Japanese MHA page, by hand

BLOCK = re.compile(r'<(p|li|h[1-6])>(.*?)</\1>', re.S)
PLACEHOLDER = re.compile(r'_\^_(\d+)_\^_')
# Two pieces of code or math with nothing between them: words that belonged between them moved away.
TOUCHING = re.compile(r'_\^_(\d+)_\^_</span>\s*<span translate=no>_\^_(\d+)_\^_')


def blocks(fragment: str) -> list[tuple[str, list[str]]]:
    """Each paragraph, list item and heading: its tag and the placeholders in it, in order."""
    return [(tag, sorted(PLACEHOLDER.findall(body))) for tag, body in BLOCK.findall(fragment)]


def misplaced(key: str, value: str) -> bool:
    """A placeholder in another paragraph than the English has it in, or pushed against another
    one that has words between them in the English."""
    return blocks(value) != blocks(key) or bool(set(TOUCHING.findall(value)) - set(TOUCHING.findall(key)))


def test_the_japanese_mha_cache_has_the_seed_keys_and_reads_as_written_by_hand():
    ja = json.loads((SEEDS / 'mha.ja.json').read_text())
    zh = json.loads((SEEDS / 'mha.zh.json').read_text())
    assert sorted(ja) == sorted(zh) and len(ja) == 37
    for key, value in ja.items():
        # Every code or math piece sits next to the words the English has it with.
        assert not misplaced(key, value), key
        checked = check_value(key, value) if '<' in key else check_text(key, value)
        assert checked.value is not None and not checked.repairs, (key, checked)
        assert not re.search(r'<a [^>]*>(?:(?!</a>).)*<a ', value, re.S), key  # no link inside a link
    text = ' '.join(ja.values())
    assert 'マルチヘッドアテンション' in text and 'トランスフォーマー' in text and '勾配' in text
    assert 'ヘッド' in text
    # The seed it replaces fails the same reading, so the checks above can see what was wrong.
    seed = json.loads(SEED_FILES['ja'].read_text())
    assert sum(misplaced(k, v) for k, v in seed.items()) == 7
    assert sum(bool(check_value(k, v).repairs) for k, v in seed.items() if '<' in k) == 4


def test_the_japanese_mha_page_is_built_from_the_new_cache_without_a_notice(tmp_path, work):
    (tmp_path / 'cache' / 'transformers').mkdir(parents=True)
    shutil.copyfile(SEEDS / 'mha.ja.json', tmp_path / 'cache' / 'transformers' / 'mha.ja.json')
    result = run_build(tmp_path / 'cache', work, ('en', 'ja'))
    assert mha(result).translation['ja'] == {'found': 37, 'missing': 0, 'invalid': 0, 'outdated': 0}
    assert not [m for m in result.messages.notices + result.messages.warnings if 'mha.ja.json' in m.file]
    ja = page(result, 'ja')
    assert (
        '<title>マルチヘッドアテンション (MHA)' in ja and '<h2>マルチヘッドアテンションモジュール</h2>' in ja
    )
    for word in ('変圧器', '多面的な注意', 'グラデーション', '撮影'):
        assert word not in ja


# ---------------------------------------------------------------- the glossary

GLOSSARY = ROOT / 'translate_cache' / 'glossary.toml'


def test_our_caches_pass_the_glossary_and_the_pinned_seed_is_only_noticed():
    from sitegen.glossary import CacheText, check_caches, load_glossary

    glossary, problems = load_glossary(GLOSSARY, 'glossary.toml', ('zh', 'ja'))
    assert problems == [] and {t.lang for t in glossary.terms} == {'zh', 'ja'}
    cache = ROOT / 'translate_cache'
    files = sorted(cache.rglob('*.json'))
    assert len(files) >= 30
    found = check_caches(
        glossary,
        (
            CacheText(
                p.relative_to(cache).as_posix(),
                p.relative_to(ROOT).as_posix(),
                p.suffixes[-2][1:],
                p.read_bytes(),
            )
            for p in files
        ),
    )
    assert found.warnings == [] and found.errors == []
    assert found.notices and {m.file for m in found.notices} == {'translate_cache/transformers/mha.zh.json'}
    assert all(m.message.endswith('(a pinned file, kept as it was received)') for m in found.notices)


def test_a_forbidden_word_is_found_as_a_word_not_inside_a_longer_one_we_accept():
    from sitegen.glossary import Term

    head = Term('ja', 'head', 'ヘッド', ('頭',), ('先頭', '冒頭'))
    assert head.found_in('すべての頭に同じマスク') == ['頭']
    assert head.found_in('系列の次元が先頭です。冒頭で述べたとおり') == []
    assert head.found_in('先頭の頭') == ['頭']
    # Markup is not text: an attribute holding the word is not a use of it.
    from sitegen.glossary import CacheText, Glossary, check_caches

    value = dump_cache({'<p>x</p>': '<p><a href="頭.html">ヘッド</a></p>', '<p>y</p>': '<p>頭</p>'})
    found = check_caches(Glossary((head,)), [CacheText('a.ja.json', 'tc/a.ja.json', 'ja', value)])
    assert [str(m) for m in found.warnings] == [
        'tc/a.ja.json:3: key "<p>y</p>": uses 頭 for "head"; the glossary writes ヘッド'
    ]


@pytest.mark.parametrize(
    ('text', 'line', 'says'),
    [
        ('[[ja]]\nterm = "head"\nuse = "ヘッド"\nnever = ["頭"\n', 4, 'invalid TOML'),
        (
            'pinned = []\n\n[[ja]]\nterm = "a"\nuse = "b"\n\n[[ja]]\nterm = "head"\nnever = ["頭"]\n',
            7,
            'term and use',
        ),
        ('[[ja]]\nterm = "head"\nuse = "ヘッド"\nnevr = ["頭"]\n', 1, "unknown field 'nevr'"),
        ('[[ja]]\nterm = "head"\nuse = "頭"\nnever = ["頭"]\n', 1, 'both the word we use'),
    ],
)
def test_a_bad_glossary_is_an_error_naming_its_line(tmp_path, text, line, says):
    from sitegen.glossary import load_glossary

    path = tmp_path / 'glossary.toml'
    path.write_text(text, encoding='utf-8')
    _, (problem,) = load_glossary(path, 'tc/glossary.toml', ('ja',))
    assert (problem.file, problem.line) == ('tc/glossary.toml', line) and says in problem.message


@pytest.mark.slow
def test_status_warns_on_a_forbidden_word_strict_fails_and_prune_keeps_the_glossary(project, capsys):
    # The seed caches, with the Japanese one as received (a machine translation), and our glossary.
    shutil.copyfile(GLOSSARY, project / 'translate_cache' / 'glossary.toml')
    assert translate(project, 'status') == 0
    captured = capsys.readouterr()
    seed = json.loads(SEED_FILES['ja'].read_text())
    (key,) = [k for k in seed if '変圧器' in seed[k]]
    line = next(
        i
        for i, row in enumerate(SEED_FILES['ja'].read_text().splitlines(), 1)
        if row.startswith(f' {json.dumps(key)}')
    )
    assert (
        f'warning: translate_cache/transformers/mha.ja.json:{line}: key {key_label(key)}: '
        'uses 変圧器 for "transformer"; the glossary writes トランスフォーマー'
    ) in captured.err
    assert 'uses 多面的な注意 for "multi-head attention"' in captured.err
    # The pinned Chinese seed: counted, not listed, never a warning.
    assert 'mha.zh.json' not in captured.err
    assert (
        'glossary: 5 notices in pinned files, kept as they were received (--verbose lists them)'
        in captured.out
    )

    assert translate(project, 'status', '--strict') == 1
    err = capsys.readouterr().err
    assert f'error: translate_cache/transformers/mha.ja.json:{line}: key {key_label(key)}: uses 変圧器' in err
    assert 'values use words the glossary never uses (--strict)' in err and 'mha.zh.json' not in err

    assert translate(project, 'status', '--verbose') == 0
    assert 'notice: translate_cache/transformers/mha.zh.json:3: key ' in capsys.readouterr().err

    before = (project / 'translate_cache' / 'glossary.toml').read_bytes()
    assert translate(project, 'prune') == 0
    assert 'glossary' not in capsys.readouterr().out
    assert (project / 'translate_cache' / 'glossary.toml').read_bytes() == before
