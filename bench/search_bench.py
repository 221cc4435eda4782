"""Search at scale: a generated site of 1,000 pages in English, Chinese and Japanese, searched in
Chromium. Prints figures; asserts nothing.

    python bench/search_bench.py [--pages 1000] [--jobs 2] [--runs 5] [--keep DIR] [--pagefind [PYTHON]]

The site is built from a generated package (folders of 25 pages; each page a title, eight
headed sections of prose from a fixed vocabulary with a formula or two, and code), with zh and ja
caches whose values are their keys with each word of the vocabulary in Chinese or Japanese, so
that the zh and ja indexes hold CJK text as a translated site does. It is served by a local
`http.server`, and for each language and query a fresh browser context opens a page, types the
query into the search box at once and waits for the results of the whole query. Reported per
query (median and range over `--runs`): the bytes the page downloaded from its opening to those
results (the page and its files, and of them the search code and index by kind), and the time
from the first key press to them (and from the last key press). With `--pagefind`, the same site
is also indexed by Pagefind (where its package is installed) and searched the same way through
its own search box on a copy of the page.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import itertools
import json
import random
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / 'generator')]

# (English, Chinese, Japanese): the words the pages are written with.
WORDS = [
    ('attention', '注意力', 'アテンション'), ('model', '模型', 'モデル'), ('layer', '层', '層'),
    ('vector', '向量', 'ベクトル'), ('matrix', '矩阵', '行列'), ('gradient', '梯度', '勾配'),
    ('training', '训练', '学習'), ('weights', '权重', '重み'), ('query', '查询', 'クエリ'),
    ('key', '键', 'キー'), ('value', '值', '値'), ('softmax', 'softmax', 'softmax'),
    ('sequence', '序列', '系列'), ('position', '位置', '位置'), ('encoding', '编码', 'エンコーディング'),
    ('optimizer', '优化器', 'オプティマイザ'), ('learning', '学习', '学習'), ('rate', '率', '率'),
    ('batch', '批次', 'バッチ'), ('head', '头', 'ヘッド'), ('transformer', '变换器', 'トランスフォーマー'),
    ('normalization', '归一化', '正規化'), ('residual', '残差', '残差'), ('dropout', 'dropout', 'ドロップアウト'),
    ('embedding', '嵌入', '埋め込み'), ('token', '词元', 'トークン'), ('loss', '损失', '損失'),
    ('the', '这个', 'その'), ('of', '的', 'の'), ('is', '是', 'は'), ('and', '和', 'と'),
    ('computes', '计算', '計算する'), ('each', '每个', '各'), ('scaled', '缩放的', 'スケールされた'),
    ('memory', '记忆', 'メモリ'), ('recurrence', '循环', '再帰'), ('relative', '相对', '相対'),
    ('rotary', '旋转', '回転'), ('linear', '线性', '線形'), ('bias', '偏置', 'バイアス'),
]  # fmt: skip
QUERIES = {
    'en': ['attention', 'rotary position'],
    'zh': ['注意力', '旋转 位置'],
    'ja': ['アテンション', '回転 位置'],
}
PYPROJECT = """
[tool.site]
title = "Search benchmark"
url = "https://example.org/bench/"
repository = "https://github.com/example/bench"
source = "bigpkg"
output = "out"
languages = ["en", "zh", "ja"]
cache = "translate_cache"
"""


def _sentence(rng: random.Random, n: int) -> str:
    return ' '.join(rng.choice(WORDS)[0] for _ in range(n)).capitalize() + '.'


def page_source(i: int, rng: random.Random) -> str:
    title = f'{rng.choice(WORDS)[0].capitalize()} {rng.choice(WORDS)[0]} {i}'
    parts = [
        f'"""\n# {title}\n\n{_sentence(rng, 30)} $d_k$ and $\\frac{{Q K^\\top}}{{\\sqrt{{d_k}}}}$.\n"""\n',
        'import torch\n',
    ]
    for k in range(8):
        heading = f'{rng.choice(WORDS)[0].capitalize()} {rng.choice(WORDS)[0]}'
        body = '\n    '.join([_sentence(rng, 25), _sentence(rng, 20)])
        parts.append(f'\n\nclass Part{k}:\n    """\n    ## {heading}\n\n    {body}\n    """\n')
        parts.append(
            f'    def forward(self, x: torch.Tensor):\n        # {_sentence(rng, 12)}\n        return x * {k}\n'
        )
    return ''.join(parts)


def make_project(root: Path, pages: int) -> None:
    rng = random.Random(1)
    root.mkdir(parents=True, exist_ok=True)
    (root / 'pyproject.toml').write_text(PYPROJECT)
    package = root / 'bigpkg'
    package.mkdir(parents=True)
    (package / '__init__.py').write_text('"""\n# Search benchmark\n\nA generated site.\n"""\n')
    for i in range(pages - 1):
        folder = package / f'part{i // 25:02d}'
        if not folder.exists():
            folder.mkdir()
            (folder / '__init__.py').write_text(f'"""\n# Part {i // 25}\n"""\n')
        (folder / f'page{i:04d}.py').write_text(page_source(i, rng))


def translate(text: str, column: int) -> str:
    """`text` (a cache key) with each word of the vocabulary in another language."""
    table = {w[0]: w[column] for w in WORDS}
    table.update({w[0].capitalize(): w[column] for w in WORDS})

    def words(m: re.Match[str]) -> str:
        return re.sub(r'[A-Za-z]+', lambda w: table.get(w.group(0), w.group(0)), m.group(0))

    return re.sub(r'(?<=>)[^<]+|^[^<]+', words, text)


def build_site(project: Path, jobs: int) -> tuple[Path, float]:
    from sitegen.building.build import build
    from sitegen.building.output import write_site
    from sitegen.commands.translators import cache_uses
    from sitegen.reading.config import load_config
    from sitegen.translation.catalog import dump_cache

    config = load_config(project)
    started = time.perf_counter()
    first = build(config, config.languages, jobs=jobs)
    for use in cache_uses(first, project / 'translate_cache'):
        column = {'zh': 1, 'ja': 2}[use.lang]
        use.path.parent.mkdir(parents=True, exist_ok=True)
        use.path.write_bytes(dump_cache({k: translate(k, column) for k in use.keys}))
    result = build(config, config.languages, jobs=jobs)
    out = project / 'out'
    write_site(result.files, out)
    return out, time.perf_counter() - started


# Notes in the page's clock the first and the last key press or input event, and makes a promise
# (in an object, so that making it waits for nothing) of the time the results of the whole query
# are shown: ours says in its list which query it answers; Pagefind's first result.
WATCH = """query => {
  window.keys = [];
  for (const type of ['keydown', 'input'])
    document.addEventListener(type, () => window.keys.push(performance.now()), true);
  const ours = document.querySelector('.search-results [role=listbox]');
  const ready = () => document.querySelector('.pagefind-ui__result-link') || (ours &&
    ours.getAttribute('data-query') === query && ours.querySelector('a[role=option]'));
  return {shown: new Promise(done => new MutationObserver((_, o) => {
    if (ready()) { o.disconnect(); done(performance.now()); }
  }).observe(document.body, {childList: true, subtree: true, attributes: true}))}; }"""
# Pagefind's own search box and results, on a copy of the page that is measured for ours.
PAGEFIND_UI = """<link rel="stylesheet" href="{root}pagefind/pagefind-ui.css">
<script src="{root}pagefind/pagefind-ui.js"></script><div id="pagefind-search"></div>
<script>window.addEventListener('DOMContentLoaded', () => new PagefindUI({{element: '#pagefind-search',
  showSubResults: true, debounceTimeoutMs: 40, resetStyles: false}}));</script>
"""


def kind(url: str) -> str:
    """What a downloaded file is for: the search (manifest, shards, display files) or the page."""
    name = url.split('?')[0].rsplit('/', 1)[-1]
    if 'pagefind' in url:
        return 'pagefind ' + ('ui' if 'pagefind-ui' in name else 'index')
    if name == 'search-index.js':
        return 'manifest'
    if name.startswith('search-r'):
        return 'display'
    if name.startswith('search-'):
        return 'shards'
    return 'page'


def measure(base: str, path: str, query: str, browser, pagefind: bool, paste: bool) -> dict[str, object]:
    """Opens `path`, enters `query` in the search box (typed at once, or in one input event as
    pasted or from an input method) and waits for its results."""
    context = browser.new_context(viewport={'width': 1400, 'height': 1000})
    sizes: dict[str, int] = {}

    def record(response) -> None:
        try:
            sizes[response.url] = len(response.body())
        except Exception:  # a response without a body (a redirect)
            sizes[response.url] = 0

    page = context.new_page()
    page.on('response', record)
    page.goto(base + path, wait_until='load')
    page.evaluate('document.fonts.ready')
    page.wait_for_timeout(200)
    box = '.pagefind-ui__search-input' if pagefind else '#search-input'
    page.wait_for_selector(box)
    watch = page.evaluate_handle(WATCH, ' '.join(query.lower().split()))
    page.focus(box)
    if paste:
        page.keyboard.insert_text(query)
    else:
        page.keyboard.type(query, delay=0)
    shown = page.evaluate('w => w.shown', watch)
    keys = page.evaluate('window.keys')
    selector = '.pagefind-ui__result-link' if pagefind else '.search-results a[role=option] .result-title'
    results = page.locator(selector).all_text_contents()
    texts = page.locator('.pagefind-ui__result-excerpt' if pagefind else '.result-text').all_text_contents()
    bytes_by_kind: dict[str, int] = {}
    for url, n in sizes.items():
        bytes_by_kind[kind(url)] = bytes_by_kind.get(kind(url), 0) + n
    context.close()
    return {
        'query': query,
        'entered': 'pasted' if paste else 'typed',
        'bytes_total': sum(sizes.values()),
        'bytes': dict(sorted(bytes_by_kind.items())),
        'ms_to_first_result': round(shown - keys[0], 1),
        'ms_after_last_key': round(shown - keys[-1], 1),
        'first_result': results[0] if results else None,
        'first_text': texts[0] if texts else None,
        'results': len(results),
    }


def median(values: list[float]) -> float:
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def summary(label: str, runs: list[dict[str, object]]) -> dict[str, object]:
    kb = [r['bytes_total'] / 1e3 for r in runs]
    ms = [r['ms_to_first_result'] for r in runs]
    after = [r['ms_after_last_key'] for r in runs]
    last = runs[-1]
    parts = ', '.join(f'{k} {v / 1e3:.0f}' for k, v in last['bytes'].items())
    timing = f'{median(ms):.0f} ms ({min(ms):.0f}-{max(ms):.0f})'
    if last['entered'] == 'typed':
        timing += (
            f' from the first key, {median(after):.0f} ms ({min(after):.0f}-{max(after):.0f}) after the last'
        )
    print(
        f'{label}: {median(kb):.0f} KB ({min(kb):.0f}-{max(kb):.0f}; {parts}), {timing}; '
        f'{last["results"]} shown, first: {last["first_result"]!r}',
        flush=True,
    )
    return {'label': label, 'kb': kb, 'ms': ms, 'ms_after_last_key': after, 'last': last}


def run_pagefind(python: str, out: Path) -> dict[str, object] | None:
    """Indexes the built site with Pagefind (its CLI in `python`), or None where it is not installed."""
    import shutil
    import subprocess

    if subprocess.run([python, '-c', 'import pagefind'], capture_output=True).returncode:
        print(f'pagefind: not installed for {python}; skipped')
        return None
    shutil.rmtree(out / 'pagefind', ignore_errors=True)
    started = time.perf_counter()
    subprocess.run(
        [python, '-m', 'pagefind', '--site', str(out), '--root-selector', 'main', '--quiet'], check=True
    )
    seconds = time.perf_counter() - started
    files = [p for p in (out / 'pagefind').rglob('*') if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f'pagefind: indexed in {seconds:.0f} s, {len(files)} files, {size / 1e6:.1f} MB')
    return {'seconds': seconds, 'files': len(files), 'bytes': size}


def pagefind_page(out: Path, path: str) -> str:
    """Copies of the page at `path` in each language with Pagefind's search box; their path."""
    for lang in ('en', 'zh', 'ja'):
        where = ('' if lang == 'en' else f'{lang}/') + path
        page = out / where
        root = '../' * where.count('/')
        html = page.read_text().replace('</body>', PAGEFIND_UI.format(root=root) + '</body>')
        page.with_name('pagefind-' + page.name).write_text(html)
    return str(Path(path).with_name('pagefind-' + Path(path).name))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--pages', type=int, default=1000)
    parser.add_argument('--jobs', type=int, default=2)
    parser.add_argument('--runs', type=int, default=1, help='measure each query this many times')
    parser.add_argument('--keep', type=Path, help='build into this folder and keep it')
    parser.add_argument(
        '--pagefind',
        nargs='?',
        const=sys.executable,
        metavar='PYTHON',
        help='also index the site with Pagefind (installed for PYTHON) and measure it the same way',
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        project = args.keep or Path(tmp) / 'project'
        if not (project / 'out').is_dir():
            make_project(project, args.pages)
            out, seconds = build_site(project, args.jobs)
            print(f'built {args.pages} pages x 3 languages in {seconds:.0f} s')
        out = project / 'out'
        for lang in ('en', 'zh', 'ja'):
            root = out / ('' if lang == 'en' else lang)
            files = [root / 'search-index.js', *(root / 'search').glob('*.js')]
            print(
                f'{lang}: index {sum(f.stat().st_size for f in files) / 1e6:.1f} MB in {len(files)} files, '
                f'manifest {files[0].stat().st_size / 1e3:.1f} KB'
            )
        pages = sorted(p.relative_to(out).as_posix() for p in out.glob('part*/page[0-9]*.html'))
        page_path = pages[len(pages) // 2]
        engines = [('ours', page_path)]
        if args.pagefind and run_pagefind(args.pagefind, out):
            engines.append(('pagefind', pagefind_page(out, page_path)))

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *a) -> None:
                pass

        server = http.server.ThreadingHTTPServer(
            ('127.0.0.1', 0), functools.partial(Quiet, directory=str(out))
        )
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f'http://127.0.0.1:{server.server_address[1]}/'
        figures = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path='/usr/bin/chromium', args=['--no-sandbox'])
            for engine, path in engines:
                for lang, queries in QUERIES.items():
                    for query, paste in itertools.product(queries, (False, True)):
                        where = ('' if lang == 'en' else f'{lang}/') + path
                        pf = engine == 'pagefind'
                        runs = [measure(base, where, query, browser, pf, paste) for _ in range(args.runs)]
                        how = 'pasted' if paste else 'typed'
                        figures.append(summary(f'{engine} {lang} {query!r} {how}', runs))
            if len(engines) > 1:
                page = browser.new_page()
                page.goto(out.joinpath(engines[1][1]).as_uri(), wait_until='load')
                page.wait_for_timeout(1000)
                page.keyboard.type('attention')
                page.wait_for_timeout(3000)
                found = page.locator('.pagefind-ui__result-link').count()
                print(f'pagefind from file://: {found} results shown')
            browser.close()
        server.shutdown()
        print(json.dumps(figures, ensure_ascii=False))


if __name__ == '__main__':
    main()
