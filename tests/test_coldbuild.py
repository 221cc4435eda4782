"""A cold build does each piece of work once: what is shared between a page's languages, between
the build's stages and between worker processes gives the same pages as doing it every time."""

from __future__ import annotations

import itertools
import json
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.doc import SectionView
from sitegen.pages import mathcolor, render
from sitegen.reading.math import katex
from sitegen.translation import catalog

ROOT = Path(__file__).resolve().parents[1]
FORMULAS = [
    r'\mathop{Attention}(Q, K, V) = \mathop{softmax}\Bigg(\frac{Q K^\top}{\sqrt{d_k}}\Bigg)V',
    r'\frac{1}{\sqrt{d_k}}',
    r'Q K^\top',
    r'W^Q_i x_i',
]


def typeset(tex: str, display: bool = False) -> str:
    return katex().typeset(tex, display).html


def sections(texts: list[str]) -> list[SectionView]:
    return [SectionView(i, 'comment', doc, None, ()) for i, doc in enumerate(texts)]


def page_in(lang: str) -> list[SectionView]:
    """One page's sections in a language: the same formulas, the words around them the language's."""
    f = [typeset(t, display=i == 0) for i, t in enumerate(FORMULAS)]
    words = {
        'en': ('<p>Attention is</p>', '<p>scaled by {1} so that <em>{2}</em> keeps its size; then {3}.</p>'),
        'zh': ('<p>注意力是</p>', '<p>用 {1} 缩放，使 <em>{2}</em> 的大小不变；然后 {3}。</p>'),
        'ja': ('<h2>アテンション</h2>', '<p>{1} でスケールし、<em>{2}</em> の大きさを保つ。次に {3}</p>'),
    }[lang]
    return sections(
        [
            words[0] + f[0],
            '<p>No formula here.</p>',
            words[1].format(*f),
            '',
        ]
    )


def direct(page: list[SectionView]) -> list[str]:
    return [s.doc for s in mathcolor.colour_sections(page)]


def test_a_page_is_coloured_once_for_all_its_languages_as_each_would_be_alone(monkeypatch):
    expected = {lang: direct(page_in(lang)) for lang in ('en', 'zh', 'ja')}
    assert any('data-mc=' in doc for doc in expected['en'])  # something to colour
    calls = []
    colour = mathcolor.colour_formulas
    monkeypatch.setattr(mathcolor, 'colour_formulas', lambda f: calls.append(1) or colour(f))
    monkeypatch.setattr(mathcolor, 'colour_sections', lambda s: calls.append('whole'))
    colours = render.FormulaColours()
    for lang in ('en', 'zh', 'ja'):
        assert [s.doc for s in colours(page_in(lang))] == expected[lang]
    assert calls == [1]  # the formulas alone, once for all three languages


def test_a_language_whose_formulas_differ_is_coloured_apart():
    en = page_in('en')
    # A translation that leaves a formula out, and one that gives them in another order.
    fewer = sections([en[0].doc, en[2].doc.split('<em>')[0] + '</p>', '', ''])
    f1, f2 = typeset(FORMULAS[1]), typeset(FORMULAS[2])
    swapped = sections([en[0].doc, f'<p>{f2} and {f1}</p>', '', ''])
    colours = render.FormulaColours()
    for page in (en, fewer, swapped, en):
        assert [s.doc for s in colours(page)] == direct(page)


@pytest.mark.parametrize(
    'doc',
    [
        '<p>text only</p>',
        '<span class="katex-html" aria-hidden="true"><span class="base">x',  # never closed
        '<span class="katex-html" aria-hidden="true">\0</span>',  # holds a NUL
        # A formula the colouring cannot read (an element left open in it): the section's later
        # formulas are not read either, as when the page is coloured whole.
        f'<p>{typeset(FORMULAS[2])[:-14]}<b>x</span></span> and {typeset(FORMULAS[1])} {typeset(FORMULAS[2])}</p>',
        # An element named `spanner` in a formula: read as when the page is coloured whole (where
        # the colouring cannot read the formula, nor the next).
        f'<p>{mathcolor.VISIBLE}<spanner>{typeset(FORMULAS[3])}</span> text </span> {typeset(FORMULAS[1])}</p>',
    ],
)
def test_text_without_whole_formulas_is_coloured_as_it_is(doc):
    page = sections([doc, page_in('en')[2].doc, page_in('en')[0].doc])
    assert [s.doc for s in render.FormulaColours()(page)] == direct(page)


def test_each_formula_is_cut_out_whole():
    f = typeset(FORMULAS[0], display=True)
    doc = f'<p>a</p>{f}<p>b <span>c</span></p>'
    pieces = render._split_formulas(doc, {})
    assert pieces is not None and ''.join(pieces) == doc
    assert len(pieces) == 3 and pieces[1].startswith('<span class="katex-html"')
    # The visible half ends where its own end tag is: the rest of the formula is text around it.
    assert pieces[1].count('<span') == pieces[1].count('</span>')
    assert pieces[2].endswith('<p>b <span>c</span></p>')


def reference_normalise(key: str) -> str:
    """The cache key identity as first written: with patterns for white space and tags."""
    if '&' in key or '="' in key or "='" in key:  # references and quoting: the same code either way
        return catalog.normalise(key)
    return re.sub(r'\s+(?=<)|(?<=>)\s+', '', re.sub(r'\s+', ' ', key)).strip()


def test_keys_are_one_key_as_before_however_their_white_space_runs():
    keys = [
        k for path in sorted(ROOT.glob('translate_cache/**/*.json')) for k in json.loads(path.read_text())
    ]
    assert len(keys) > 1000
    spaces = [' ', '  ', '\n', '\t', ' \n ', '\xa0', '\u3000', '\x1c', '\u2028', '\r\n']
    made = [
        f'{a}<p>{b}x{a}y{b}</p>{a}<em>{b}z{a}</em>{b}' for a, b in itertools.product(spaces, repeat=2)
    ] + ['> <', ' > < ', 'a >  b < c', '<a>\n\n<b>', '', ' ', '\xa0<span translate=no>_^_0_^_</span>\xa0']
    for key in keys + made:
        assert catalog.normalise(key) == reference_normalise(key), repr(key)


def test_formulas_that_start_alike_are_told_apart():
    long = r'a + b + c + d + e + f + g + h + i + j + k'
    first, second, third = typeset(long + ' + x'), typeset(long + ' + y'), typeset(long)
    docs = [f'<p>{first} then {second}</p>', f'<p>{third}, {second} and {first}</p>']
    seen: dict[str, list[str]] = {}
    for doc in docs + docs:
        pieces = render._split_formulas(doc, seen)
        assert pieces is not None and ''.join(pieces) == doc
        for formula in pieces[1::2]:
            assert render._visible_half(formula, 0) == formula
    assert len(seen) == 1 and len(next(iter(seen.values()))) == 3  # one start, three formulas


FIXTURE = ROOT / 'tests' / 'fixtures' / 'literate'


def test_a_cold_build_parses_each_source_once(tmp_path, monkeypatch):
    """In one process: the first pass (title, symbols) parses each source once, reading its symbols
    from the same syntax tree, and each page's build uses that parse. A build whose first pass is
    cached parses each page's source once, in the page's build, and makes the same site."""
    import ast

    from sitegen.building.build import build
    from sitegen.reading import parse
    from sitegen.reading.config import load_config

    project = Path(shutil.copytree(FIXTURE, tmp_path / 'literate'))
    sources = [p for p in (project / 'lit').rglob('*.py')]
    counted: list[str] = []
    parse_source = parse.parse_source_and_tree  # what every parse of a source runs
    monkeypatch.setattr(
        parse, 'parse_source_and_tree', lambda text, path='': counted.append(path) or parse_source(text, path)
    )
    trees: list[str] = []
    real_ast_parse = ast.parse
    monkeypatch.setattr(
        ast, 'parse', lambda text, *a, **k: trees.append(text) or real_ast_parse(text, *a, **k)
    )
    cache = tmp_path / 'cache'
    once = build(load_config(project), ('en', 'zh'), jobs=1, cache_dir=cache)
    assert sorted(counted) == sorted(str(p.relative_to(project)) for p in sources)
    assert len(trees) == len(counted)  # one syntax tree a parse: the symbols are read from the first pass's
    monkeypatch.setattr(ast, 'parse', real_ast_parse)
    shutil.rmtree(cache / 'pages')  # the pages built again, the first pass cached
    counted.clear()
    twice = build(load_config(project), ('en', 'zh'), jobs=1, cache_dir=cache)
    assert len(counted) == len(sources)
    assert once.files == twice.files and [m.as_dict() for m in once.messages.warnings] == [
        m.as_dict() for m in twice.messages.warnings
    ]


def test_with_workers_the_sources_are_read_and_the_pages_built_by_the_workers(tmp_path, monkeypatch):
    """The first pass (titles, symbols) of a cold build and the pages are read and built by the
    workers, none in the build's own process, and the site and its warnings are those one process
    makes."""
    import os

    from sitegen.building.build import build
    from sitegen.reading import parse
    from sitegen.reading.config import load_config

    project = Path(shutil.copytree(FIXTURE, tmp_path / 'literate'))
    sources = sorted(p.relative_to(project).as_posix() for p in (project / 'lit').rglob('*.py'))
    log = tmp_path / 'parsed.log'
    parse_source = parse.parse_source_and_tree  # what every parse of a source runs

    def counted(text, path=''):
        with log.open('a') as f:  # the workers are other processes: they say so in a file
            f.write(f'{os.getpid()} {path}\n')
        return parse_source(text, path)

    monkeypatch.setattr(parse, 'parse_source_and_tree', counted)
    temporary = tmp_path / 'tmp'
    temporary.mkdir()
    monkeypatch.setattr(tempfile, 'tempdir', str(temporary))
    made = []
    real_folder = tempfile.TemporaryDirectory
    monkeypatch.setattr(tempfile, 'TemporaryDirectory', lambda **k: made.append(k) or real_folder(**k))
    shared = build(load_config(project), ('en', 'zh'), jobs=2)
    seen = [line.split() for line in log.read_text().splitlines()]
    assert sorted(path for _, path in seen) == sources  # by the first pass; the page uses its parse
    assert seen and str(os.getpid()) not in {pid for pid, _ in seen}  # read by the workers
    # The parses waited in a temporary folder, gone once the pages are built.
    assert {'prefix': 'sitegen-parses-'} in made and not list(temporary.glob('sitegen-parses-*'))
    log.unlink()
    alone = build(load_config(project), ('en', 'zh'), jobs=1)
    assert shared.files == alone.files
    assert [m.as_dict() for m in shared.messages.warnings] == [m.as_dict() for m in alone.messages.warnings]


def test_with_workers_each_formula_of_a_cold_build_is_typeset_once(tmp_path, monkeypatch):
    """Pages that share formulas, built by two workers at once: each distinct formula is typeset
    once in all, by the workers (those their first pass found, before the pages: each page is sent
    with its own), none by the build's own process; they are kept for the next build, and the site
    is the one a single process builds."""
    import os

    from sitegen.building.build import build
    from sitegen.pages import page
    from sitegen.reading.config import load_config
    from test_site import make_project

    project = make_project(tmp_path / 'project')
    for n in range(8):  # each formula on several pages, which the two workers build at once
        (project / 'pkg' / f'm{n}.py').write_text(
            f'# Page {n}: ${FORMULAS[n % 4]}$ and ${FORMULAS[(n + 1) % 4]}$\nx = {n}\n\n'
            f'# $$\\sum_i x_{n % 3}$$\ny = {n}\n'
        )
    log = tmp_path / 'typeset.log'
    real = page.typeset

    def typeset(formulas):
        with log.open('a') as f:  # the workers are other processes: they say so in a file
            f.writelines(f'{os.getpid()} {json.dumps(formula)}\n' for formula in formulas)
        return real(formulas)

    monkeypatch.setattr(page, 'typeset', typeset)
    cache = tmp_path / 'cache'
    shared = build(load_config(project), ('en',), jobs=2, cache_dir=cache)
    seen = [tuple(line.split(' ', 1)) for line in log.read_text().splitlines()]
    assert len(seen) == len({formula for _, formula in seen}) and str(os.getpid()) not in {
        pid for pid, _ in seen
    }
    log.unlink()
    alone = build(load_config(project), ('en',), jobs=1)  # each distinct formula typeset once, here
    every = [formula for _, formula in (line.split(' ', 1) for line in log.read_text().splitlines())]
    assert set(formula for _, formula in seen) == set(every) and len(every) > len(FORMULAS) + 3
    assert shared.files == alone.files
    log.unlink()
    for source in (project / 'pkg').glob('m*.py'):
        source.write_text(source.read_text() + '\n# One more comment\n')
    assert build(load_config(project), ('en',), jobs=2, cache_dir=cache).ok and not log.exists()


def test_a_worker_held_up_by_one_page_leaves_the_others_to_the_other_worker(tmp_path, monkeypatch):
    """A page that takes long to build holds up its own worker only: the other builds the pages
    left meanwhile, and the site is the same as one worker builds it."""
    import os
    import time

    from sitegen.building.build import build
    from sitegen.pages import page
    from sitegen.reading.config import load_config
    from test_site import make_project

    project = make_project(tmp_path / 'project')
    for n in range(10):
        (project / 'pkg' / f'm{n}.py').write_text(f'# Module {n}\nx = {n}\n')
    # The largest source: the first a worker builds.
    (project / 'pkg' / 'slow.py').write_text('# A page that takes long to build\n' * 12 + 'x = 0\n')
    log = tmp_path / 'built.log'
    real = page.render

    def render(prepared, math, template_cache=None):
        if prepared.job.source.rel.endswith('slow.py'):
            time.sleep(3)
        with log.open('a') as f:  # the workers are other processes: they say so in a file
            f.write(f'{os.getpid()} {prepared.job.source.rel}\n')
        return real(prepared, math, template_cache)

    monkeypatch.setattr(page, 'render', render)
    shared = build(load_config(project), ('en',), jobs=2)
    seen = [line.split() for line in log.read_text().splitlines()]
    slow = next(pid for pid, rel in seen if rel.endswith('slow.py'))
    assert len({pid for pid, _ in seen}) == 2 and len(seen) == 14  # 3 of make_project, 11 here
    # Its worker built the slow page and at most the one it had taken before it.
    assert len([rel for pid, rel in seen if pid == slow]) <= 2
    monkeypatch.setattr(page, 'render', real)
    assert shared.files == build(load_config(project), ('en',), jobs=1).files


def test_after_a_clone_the_workers_read_the_output_folder_and_a_file_edited_there_is_put_right(
    tmp_path, monkeypatch
):
    """A first build after a clone (no build cache) compares every file of the output folder with
    the build's: the workers read them while the build makes the rest of the site, none is read by
    the build's own process, and a page edited by hand in the output folder is still written anew."""
    import os

    from sitegen.building import output
    from test_site import make_project, run, snapshot

    project = make_project(tmp_path / 'project')
    assert run(project, 'build', '--quiet', '--jobs', '2') == 0
    built = snapshot(project / 'out')
    shutil.rmtree(project / '.build_cache')  # as a clone has it: the output folder, no cache
    page = project / 'out' / 'sub' / 'model.html'
    page.write_text(page.read_text().replace('</body>', '<p>edited by hand</p></body>'))
    log = tmp_path / 'read.log'
    read_digests, file_digest = output.read_digests, output.file_digest

    def counted(paths):
        with log.open('a') as f:  # the workers are other processes: they say so in a file
            f.writelines(f'{os.getpid()} {path}\n' for path in paths)

    monkeypatch.setattr(output, 'read_digests', lambda paths: counted(paths) or read_digests(paths))
    monkeypatch.setattr(output, 'file_digest', lambda path: counted([path]) or file_digest(path))
    assert run(project, 'build', '--quiet', '--jobs', '2') == 0
    seen = [line.split(' ', 1) for line in log.read_text().splitlines()]
    manifest = output.read_manifest(project / 'out')
    assert manifest is not None
    assert sorted(Path(path).relative_to(project / 'out').as_posix() for _, path in seen) == sorted(
        [*manifest, output.MANIFEST]
    )
    assert seen and str(os.getpid()) not in {pid for pid, _ in seen}  # read by the workers
    assert snapshot(project / 'out') == built  # the page edited by hand is the build's again
    # The digests the workers read are kept, even by a build that had nothing to write: the next
    # build, after an edit, reads none of the output's files again.
    shutil.rmtree(project / '.build_cache')
    assert run(project, 'build', '--quiet', '--jobs', '2') == 0 and log.read_text()
    log.unlink()
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text() + '\nEDITED = 1\n')
    assert run(project, 'build', '--quiet', '--jobs', '2') == 0
    assert not log.exists()


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


def test_a_pages_keys_are_made_once_for_all_its_languages_and_its_views_are_the_same(monkeypatch):
    """The keys of a page are English whatever the language: each section's is made, and each key
    normalised, once for the page (the cache files' keys are found among them), and every
    language's view is the one made with nothing shared."""
    from sitegen.doc import CatalogFile, Fragment, Page, Section
    from sitegen.errors import Messages
    from sitegen.pages import language
    from sitegen.translation.catalog import dump_cache
    from test_units import make_job, make_source

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
    from sitegen.doc import span_end

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


_JOINED_APART = """
import hashlib, json, os, sys
from pathlib import Path
from sitegen.sitewide import search
from sitegen.building import sitefiles
from sitegen.building.build import build
from sitegen.reading.config import load_config

project, log, cache, fork = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4] == 'fork'
files = search.KeptIndex.files

def joined(self, pages, *args):
    with log.open('a') as f:  # the children are other processes: they say so in a file
        f.write(f'{os.getpid()}\\n')
    yield from files(self, pages, *args)

search.KeptIndex.files = joined
if not fork:
    sitefiles.sys.platform = 'elsewhere'  # a system that does not fork
result = build(load_config(project), cache_dir=Path(cache) if cache else None, jobs=1)
print(os.getpid(), json.dumps({rel: hashlib.sha256(data).hexdigest() for rel, data in result.files.items()}))
"""


def test_a_first_builds_search_indexes_are_joined_apart_and_are_those_joined_in_one_process(tmp_path):
    """With nothing kept of them, the search indexes of a site's languages are joined at once:
    each but the first in a process of its own. The files are those one process joins; a second
    build, which keeps them, joins what changed in its own process. (In a process of its own: the
    join is made apart only where no other thread runs.)"""
    import subprocess
    import sys

    from test_site import make_project

    project = make_project(tmp_path / 'project')
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh", "ja"]'))
    log, cache = tmp_path / 'joined.log', str(tmp_path / 'cache')

    def build(cache: str, fork: str) -> tuple[str, str]:
        done = subprocess.run(
            [sys.executable, '-c', _JOINED_APART, str(project), str(log), cache, fork],
            capture_output=True,
            text=True,
            check=True,
        )
        pid, files = done.stdout.split(' ', 1)
        return pid, files

    pid, apart = build(cache, 'fork')
    pids = log.read_text().split()
    assert len(pids) == 3 and pids.count(pid) == 1  # two of the three apart
    log.unlink()
    pid, again = build(cache, 'fork')
    assert log.read_text().split() == [pid] * 3  # kept: joined again here, if at all
    log.unlink()
    pid, here = build('', 'one process')
    assert log.read_text().split() == [pid] * 3
    assert apart == here == again


_APART = """
import os
from sitegen.building.sitefiles import _apart

assert _apart(lambda: os.getpid())() != os.getpid()  # made in a child
calls = []

def failing():
    calls.append(os.getpid())
    raise ValueError('no')

try:
    _apart(failing)()
except ValueError:
    assert calls == [os.getpid()]  # the child's call is not seen here; the one made here is
else:
    raise AssertionError('a failure made apart is not made here again')
assert _apart(lambda: lambda: 0)()() == 0  # an answer that cannot cross: made here
print('ok')
"""


def test_work_done_apart_is_answered_or_done_again_here():
    """A call made in a forked process gives its value; one that fails there is made here (and
    fails here, as it would have without the process). (In a process with no other thread.)"""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, '-c', _APART], capture_output=True, text=True)
    assert done.stdout.strip() == 'ok', done.stderr


def test_work_is_not_done_apart_while_another_thread_runs():
    """A thread may hold a lock a forked child would need for ever: with one running, the call
    is made here."""
    import os
    import threading

    from sitegen.building.sitefiles import _apart

    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert _apart(lambda: os.getpid())() == os.getpid()
    finally:
        stop.set()
        thread.join()


def test_the_workers_read_the_digests_of_many_files_in_their_order(tmp_path):
    """Thousands of files, their digests read by two workers a part at a time: every one comes back,
    in the order asked, as this process reads them."""
    from sitegen.building import output, workers

    files = []
    for n in range(3000):
        path = tmp_path / f'a-file-{n:05}.html'
        path.write_bytes(b'%d' % n)
        files.append(str(path))
    with workers.Workers(2) as pool:
        assert pool.digests(files)() == output.read_digests(files)


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

    from sitegen.doc import _relpath

    path, start = ('/' + path, '/' + start) if absolute else (path or '.', start or '.')
    assert _relpath(path, start) == posixpath.relpath(path, start)


_FIRST_BUILD = """
import os, sys
from pathlib import Path
from sitegen.commands import cli
from sitegen.sitewide import siteinfo
from sitegen.building import workers

log = Path(sys.argv[1])
start, first_read = workers._start, siteinfo.first_read

def noted(what, call):
    def note(*args, **kwargs):
        with log.open('a') as f:  # the workers are other processes: they say so in a file
            f.write(f'{what} {os.getpid()}\\n')
        return call(*args, **kwargs)
    return note

workers._start = noted('early', start)
siteinfo.first_read = noted('first', first_read)
code = cli.main(sys.argv[2:])
try:
    left = os.waitpid(-1, os.WNOHANG) is not None
except ChildProcessError:
    left = False
loaded = sorted(m for m in ('sitegen.pages.page', 'markdown', 'jinja2', 'pygments.lexers', 'quickjs') if m in sys.modules)
print(code, left, ' '.join(loaded) or '-')
"""


def test_a_first_build_forks_its_workers_as_the_command_starts(tmp_path):
    """With no build recorded (a first build, or one without a cache), the workers are forked as
    the command starts, and load what reading, typesetting and rendering need while the
    build is loaded: the sources are read by those, the command's own process loads
    none of it, no process is left, and the site is the one a single process builds."""
    import os
    import subprocess
    import sys

    from test_site import make_project, run, snapshot

    project = make_project(tmp_path / 'project')
    for n in range(6):
        (project / 'pkg' / f'm{n}.py').write_text(f'"""\n# Page {n}: $x_{n}$\n"""\nX = {n}\n')
    log = tmp_path / 'workers.log'
    env = {**os.environ, 'PYTHONPATH': f'{ROOT / "generator"}{os.pathsep}{ROOT}'}
    for flags in (['--jobs', '2'], ['--jobs', '2', '--no-cache']):
        done = subprocess.run(
            [
                sys.executable,
                '-c',
                _FIRST_BUILD,
                str(log),
                '--root',
                str(project),
                'build',
                '--quiet',
                *flags,
            ],
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.stdout.splitlines()[-1].split() == ['0', 'False', '-'], done.stderr
        seen = [line.split() for line in log.read_text().splitlines()]
        early = {pid for what, pid in seen if what == 'early'}
        assert len(early) == 2 and {pid for what, pid in seen if what == 'first'} <= early
        log.unlink()
        shutil.rmtree(project / '.build_cache', ignore_errors=True)  # a first build again
    built = snapshot(project / 'out')
    assert run(project, 'build', '--quiet', '--jobs', '1', '--no-cache', '--out', str(tmp_path / 'one')) == 0
    assert snapshot(tmp_path / 'one') == built
