"""Search at scale: a generated site of 1,000 pages in English, Chinese and Japanese, searched in
Chromium. Prints figures; asserts nothing.

    python bench/search_bench.py [--pages 1000] [--jobs 2] [--keep DIR]

The site is built from a generated package (folders of 25 pages; each page a title, eight
headed sections of prose from a fixed vocabulary with a formula or two, and code), with zh and ja
caches whose values are their keys with each word of the vocabulary in Chinese or Japanese, so
that the zh and ja indexes hold CJK text as a translated site does. It is served by a local
`http.server`, and for each language and query a fresh browser context opens a page, types the
query into the search box and waits for the first result. Reported per query: the bytes the page
downloaded before the first result (the page and its files, and of them the search index), and
the time from the first key press to the first result shown.
"""

from __future__ import annotations

import argparse
import functools
import http.server
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
    from sitegen.build import build
    from sitegen.catalog import dump_cache
    from sitegen.config import load_config
    from sitegen.output import write_site
    from sitegen.translators import cache_uses

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


WATCH_FIRST = """() => { window.firstResult = null;
  const box = document.querySelector('.search-results');
  new MutationObserver((_, o) => {
    if (box.querySelector('a[role=option]')) { o.disconnect(); window.firstResult = performance.now(); }
  }).observe(box, {childList: true, subtree: true}); }"""


def measure(base: str, page_path: str, lang: str, query: str, browser) -> dict[str, object]:
    context = browser.new_context(viewport={'width': 1400, 'height': 1000})
    sizes: dict[str, int] = {}

    def record(response) -> None:
        try:
            sizes[response.url] = len(response.body())
        except Exception:  # a response without a body (a redirect)
            sizes[response.url] = 0

    page = context.new_page()
    page.on('response', record)
    path = ('' if lang == 'en' else f'{lang}/') + page_path
    page.goto(base + path, wait_until='load')
    page.evaluate('document.fonts.ready')
    page.wait_for_timeout(200)
    page.evaluate(WATCH_FIRST)
    page.focus('#search-input')
    started = page.evaluate('performance.now()')
    page.keyboard.type(query, delay=0)
    page.wait_for_function('window.firstResult !== null', timeout=60_000)
    shown = page.evaluate('window.firstResult')
    results = page.locator('.search-results a[role=option]').all_text_contents()
    page.wait_for_timeout(100)
    context.close()
    index = sum(n for url, n in sizes.items() if 'search' in url.rsplit('/', 1)[-1])
    return {
        'lang': lang,
        'query': query,
        'bytes_total': sum(sizes.values()),
        'bytes_index': index,
        'ms_to_first_result': round(shown - started, 1),
        'first_result': results[0] if results else None,
        'results': len(results),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--pages', type=int, default=1000)
    parser.add_argument('--jobs', type=int, default=2)
    parser.add_argument('--keep', type=Path, help='build into this folder and keep it')
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
            index = out / ('' if lang == 'en' else lang) / 'search-index.js'
            print(f'{lang}: search-index.js {index.stat().st_size / 1e3:.0f} KB')

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *a) -> None:
                pass

        server = http.server.ThreadingHTTPServer(
            ('127.0.0.1', 0), functools.partial(Quiet, directory=str(out))
        )
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f'http://127.0.0.1:{server.server_address[1]}/'
        pages = sorted(p.relative_to(out).as_posix() for p in out.glob('part*/page*.html'))
        page_path = pages[len(pages) // 2]
        figures = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path='/usr/bin/chromium', args=['--no-sandbox'])
            for lang, queries in QUERIES.items():
                for query in queries:
                    figures.append(measure(base, page_path, lang, query, browser))
                    f = figures[-1]
                    print(
                        f'{lang} {query!r}: {f["bytes_total"] / 1e3:.0f} KB before the first result '
                        f'(search index {f["bytes_index"] / 1e3:.0f} KB), {f["ms_to_first_result"]} ms, '
                        f'{f["results"]} shown, first: {f["first_result"]!r}'
                    )
            browser.close()
        server.shutdown()
        print(json.dumps(figures, ensure_ascii=False))


if __name__ == '__main__':
    main()
