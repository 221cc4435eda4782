"""The search index and the identifier links, on small inputs and on a fixture build."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from sitegen.building.build import build
from sitegen.doc import CodeLine
from sitegen.reading.config import load_config
from sitegen.sitewide import search


@dataclass
class View:
    index: int
    doc: str
    code: tuple


def test_doc_text_reads_math_as_its_rendered_text_and_keeps_headings():
    html = (
        '<h2>Scaled <em>attention</em></h2><p>Take the <span class="katex"><span class="katex-mathml">'
        '<math><semantics><mrow><mo>softmax</mo><mo>(</mo><mi>Q</mi><msup><mi>K</mi><mi>⊤</mi></msup>'
        '<mo>)</mo></mrow><annotation encoding="application/x-tex">\\mathop{softmax}(QK^\\top)'
        '</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">'
        '<span class="mord">garbage</span></span></span> of it.</p>'
    )
    text, headings = search.doc_text(html)
    assert headings == ['Scaled attention']
    assert text == 'Scaled attention Take the softmax(QKᵀ) of it.'


@pytest.mark.parametrize(
    'tex, text',
    [
        (
            r'\mathop{Attention}(Q, K, V) = \underset{seq}{\mathop{softmax}}\Bigg(\frac{Q K^\top}{\sqrt{d_k}}\Bigg)V',
            'Attention(Q, K, V) = softmax_seq(QKᵀ/√dₖ)V',
        ),
        (r'\frac{1}{\sqrt{d_k}}', '1/√dₖ'),
        (r'\frac{a + b}{2}', '(a + b)/2'),
        (r'x_{i+1} = \sum_{j=1}^{n} a_{ij} x_j^2', 'xᵢ₊₁ = ∑ⱼ₌₁ⁿ aᵢⱼxⱼ²'),
        (
            r'PE_{p,2i} = \sin\Big(\frac{p}{10000^{\frac{2i}{d_{model}}}}\Big)',
            'PE_(p,2i) = sin(p/(10000^(2i/d_model)))',
        ),
        (r'\hat{y} \in \mathbb{R}^{n \times d}', 'ŷ ∈ ℝ^(n×d)'),
        (r'\text{FFN}(x) = \max(0, x W_1 + b_1) W_2', 'FFN(x) = max(0, xW₁ + b₁)W₂'),
        (r'\begin{pmatrix}a & b\\ c & d\end{pmatrix}', '(a b; c d)'),
    ],
)
def test_a_formula_reads_as_the_text_of_the_rendered_formula(tex, text):
    """Search snippets show what the page shows, not flattened TeX (`seq softmax ( Q K d k )`)."""
    from sitegen.reading.math import katex

    for display in (False, True):
        html = katex().typeset(tex, display).html
        assert search.doc_text(f'<p>Then {html} holds.</p>')[0] == f'Then {text} holds.'


def test_records_carry_heading_and_code_names():
    views = [
        View(0, '<h1>Page</h1><p>Intro</p>', ()),
        View(
            1,
            '<h2>Part</h2><p>About it</p>',
            (
                CodeLine(
                    3,
                    '<span class="k">def</span> <span class="nf" id="def-f">f</span>'
                    '(<span class="n">query</span>, <a class="n xref" href="x.html#def-E">E</a>)',
                ),
            ),
        ),
        View(2, '<p>More</p>', ()),
        View(3, '', ()),
    ]
    records = search.page_records(views, 'Page')
    assert records == [
        ('section-0', '', 'Page Intro', ''),
        ('section-1', 'Part', 'Part About it', 'f query E'),
        ('section-2', 'Part', 'More', ''),
    ]


PAGES = [
    (
        'a/b.html',
        'Multi-head attention </script>',
        [(1, 'Scaled attention', 'softmax of QKᵀ/√dₖ, softmax', 'MultiHead x')],
    ),
    (
        'c d.html',
        '多头注意力',
        [(0, '', '注意力机制 and attention', ''), (2, '缩放', '这个 softmax', 'f_softmax')],
    ),
]


def _loaded(files: dict[str, str]) -> dict:
    """What the browser has after running every file: name -> value."""
    found = {}
    prefix = '(self.siteSearchIndex=self.siteSearchIndex||{})['
    for name, script in files.items():
        assert script.startswith(prefix) and script.endswith(';\n') and '</script' not in script, name
        key, _, body = script[len(prefix) : -2].partition(']=')
        assert json.loads(key) == name
        found[name] = json.loads(body.replace('<\\/', '</'))
    return found


@pytest.fixture
def large(monkeypatch):
    """Every index cut into shards by two characters of a term's key, as a large site's is."""
    monkeypatch.setattr(search, 'SMALL_INDEX', 0)


def test_no_two_shards_share_a_file_name():
    """Every key a term can have, one character of any script or a CJK bucket, names a file of
    its own (two characters are two hex numbers with `-` between them: never one of these)."""
    keys = [chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000] + [
        f'#{b:02x}'[:n] for b in range(search.BUCKETS) for n in (2, 3)
    ]
    names = [search._file_key(key) for key in set(keys)]
    assert len(set(names)) == len(names)
    assert {search._file_key('#da'), search._file_key('수')} == {'hda', 'c218'}


def test_index_files_are_inert_scripts_named_in_the_manifest(large):
    files = search.index_files(PAGES)
    data = _loaded(files)
    manifest = data['search-index.js']
    shards = {
        f'search/search-h{k[1:]}.js'
        if k[0] == '#'
        else f'search/search-{"-".join(f"{ord(c):x}" for c in k)}.js'
        for k in manifest['keys']
    }
    # Each CJK term is in one of a few shards by a hash, the others by their first two characters.
    assert {k for k in manifest['keys'] if k[0] != '#'} >= {'so', 'at', 'mu', 'he', 'x'}
    assert sum(k[0] == '#' for k in manifest['keys']) > 5 and manifest['key'] == 2
    # Each page's sections numbered from a multiple of 16, with room to grow: 0, then 16 and 17;
    # 4 to a file, a file a page.
    chunks = {'search/search-r0.js', 'search/search-r4.js'}
    assert set(files) == {'search-index.js'} | shards | chunks
    # Three page-and-heading pairs: a bit a number, set where one begins (the room to grow is in
    # a page's last group).
    assert manifest['sections'] == 32
    assert base64.b64decode(manifest['groups']) == bytes([0b10000000, 0, 0b11000000, 0])
    assert data['search/search-r4.js'][0] == [
        'c%20d.html',
        '多头注意力',
        0,
        '',
        '注意力机制 and attention',
        '',
    ]
    assert search.index_files(PAGES) == files  # deterministic


def test_a_small_index_is_cut_by_the_first_character_of_each_key(monkeypatch):
    """Under `SMALL_INDEX`, a shard holds the terms whose key starts with one character (of a
    CJK bucket: one hex digit, 16 shards), and a file of display fields 16 sections: the same
    terms, postings and fields, in fewer files."""
    small = search.index_files(PAGES)
    monkeypatch.setattr(search, 'SMALL_INDEX', 0)  # as a large site's index is cut
    large = search.index_files(PAGES)
    manifest = _loaded(small)['search-index.js']
    assert manifest['key'] == 1 and all(len(k) == (2 if k[0] == '#' else 1) for k in manifest['keys'])
    assert {'s', 'a', 'm', 'h', 'x'} <= set(manifest['keys'])
    shards = [name for name in small if name.startswith('search/') and '-r' not in name]
    assert len(shards) < len([n for n in large if n.startswith('search/') and '-r' not in n])

    def postings(files):
        found = {}
        for name, value in _loaded(files).items():
            if name.startswith('search/') and '-r' not in name:
                assert not found.keys() & value.keys(), name  # each term in one shard
                found.update(value)
        return found

    assert postings(small) == postings(large)
    # The display fields: a file of 16 sections, as many as a page's numbers start apart (each
    # page's sections are in files of their own), rather than of 4.
    chunks = {n: v for n, v in _loaded(small).items() if '-r' in n}
    assert manifest['chunk'] == search.BLOCK == 16 and _loaded(large)['search-index.js']['chunk'] == 4
    assert chunks == {
        'search/search-r0.js': _loaded(large)['search/search-r0.js'],
        'search/search-r1.js': _loaded(large)['search/search-r4.js'],
    }
    # Where site.js looks for a term: its key cut as the manifest says.
    for term in ('softmax', 'x', '注意', '力'):
        key = search.shard_key(search.term_key(term), 1)
        assert term in _loaded(small)[f'search/search-{search._file_key(key)}.js'], term


def _decode(postings: str) -> list[tuple[int, int]]:
    """(section, code) pairs of a posting string, read one character at a time as the browser does."""
    digits = [c for c in map(chr, range(35, 127)) if c != '\\']
    found, r, gap_digits = [], -1, []
    for c in postings:
        d = digits.index(c)
        if d >= 60:
            gap_digits.append(d - 60)
            continue
        r += 1 if not gap_digits else 2 + sum(g * 31**i for i, g in enumerate(gap_digits))
        gap_digits = []
        count, flags = divmod(d, 12)
        found.append((r, 16 * count + flags))
    return found


def test_posting_strings_read_back_any_gaps_and_codes():
    codes = [16 * count + flags for count in range(5) for flags in range(12) if flags & 12 != 12]
    sections = sorted({0, 1, 2, 3, 33, 34, 35, 64, 993, 994, 30_000, 30_001, 1_000_000})
    pairs = [(r, codes[i % len(codes)]) for i, r in enumerate(sections)]
    text = search.posting_string(pairs)
    assert _decode(text) == pairs
    assert '"' not in text and '\\' not in text
    # A section in a row with the one before costs one character.
    assert len(search.posting_string([(r, 16) for r in range(1000)])) == 1000


def numbered(pages) -> dict[int, tuple]:
    """Each section by its number: a page's from the multiple of 16 past the one before's last
    section (the one before's numbers and at least one more)."""
    found, base = {}, 0
    for _, title, records in pages:
        for i, record in enumerate(records):
            found[base + i] = (title, record)
        base += -(-(len(records) + 1) // 16) * 16 if records else 0
    return found


def test_postings_list_every_section_a_term_occurs_in_and_how():
    data = _loaded(search.index_files(PAGES))
    sections = numbered(PAGES)
    decoded: dict[str, dict[int, int]] = {}
    for name, shard in data.items():
        if name == 'search-index.js' or '-r' in name:
            continue
        for term, postings in shard.items():
            for r, code in _decode(postings):
                decoded.setdefault(term, {})[r] = code

    # The same, by looking at each section's text for each term.
    def occurs(term: str, text: str) -> int:
        if term.isascii():
            return len(re.findall(rf'(?<![^\W_]){term}(?![^\W_])', text.lower()))
        return text.count(term)

    for term in ('softmax', 'attention', 'multihead', 'head', 'scaled', '注意', '意力', '力', '缩放'):
        expected = {}
        for r, (title, (_, heading, text, names)) in sections.items():
            in_names = max([2 if term == n.lower() else int(term in n.lower()) for n in names.split()] or [0])
            code = (
                bool(occurs(term, title))
                + 2 * bool(occurs(term, heading))
                + 4 * in_names
                + 16 * min(occurs(term, text), 4)
            )
            if code:
                expected[r] = code
        assert decoded.get(term, {}) == expected, term


def test_a_terms_postings_joined_across_pages_list_each_section_near_or_far(large):
    """A term on many pages, in sections next to each other and hundreds apart (gaps past the
    table of common pieces and of common gaps), twice or four times in one."""
    where = {0: [0, 2], 1: [0, 1, 299], 2: [], 3: [5], 4: [0, 1199], 5: [3]}
    sizes = [3, 300, 2, 40, 1200, 4]
    pages = [
        (
            f'p{k}.html',
            f'Page {k}',
            [
                (f's{i}', '', 'common ' * (1 + 3 * (i % 2)) if i in where[k] else 'other', '')
                for i in range(n)
            ],
        )
        for k, n in enumerate(sizes)
    ]
    expected = [
        (r, 16 * min(record[2].split().count('common'), 4))
        for r, (_, record) in numbered(pages).items()
        if 'common' in record[2]
    ]
    data = _loaded(search.index_files(pages))
    assert _decode(data['search/search-63-6f.js']['common']) == sorted(expected)
    assert len(expected) == sum(map(len, where.values()))


def test_the_table_of_posting_pieces_is_made_by_the_first_page_read_not_by_the_import():
    """A process that reads no page (the build's own, where workers render) does without it."""
    code = (
        'from sitegen.sitewide import search\n'
        'made = search._pieces.cache_info().currsize\n'
        "search.page_postings('t', [('a', '', 'x y', ''), ('b', '', 'x', '')])\n"
        'print(made, search._pieces.cache_info().currsize)\n'
    )
    env = {**os.environ, 'PYTHONPATH': os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.split() == ['0', '1']


def test_kept_postings_of_unchanged_pages_give_the_index_made_from_scratch(large):
    """A build keeps each page's postings; after one page changes (a section more), the others'
    kept postings and the changed page's new ones give the index as if made at once."""
    kept = [search.page_postings(title, records) for _, title, records in PAGES]
    assert search.index_files(PAGES, kept) == search.index_files(PAGES)
    (url, title, records), *rest = PAGES
    changed = [
        (url, title, [*records, (9, 'More', 'attention again, softmax twice: softmax', 'extra')]),
        *rest,
    ]
    postings = [search.page_postings(title, changed[0][2]), *kept[1:]]
    assert search.index_files(changed, postings) == search.index_files(changed)
    assert search.index_files(changed, kept) != search.index_files(changed)
    shard = _loaded(search.index_files(changed))['search/search-73-6f.js']  # "so"
    assert [r for r, _ in _decode(shard['softmax'])] == [
        r for r, (_, (_, _, text, _)) in numbered(changed).items() if 'softmax' in text
    ]


def test_a_page_that_gains_a_section_leaves_the_other_pages_search_files_as_they_were(large):
    """The other pages' sections keep their numbers: what changes is the files of the new
    section's terms (its page's title's among them: a title's terms are in each of its sections),
    its page's chunk of display fields and the manifest (its groups), and not every file whose
    postings run past the page."""
    (url, title, records), *rest = PAGES
    before = search.index_files(PAGES)
    after = search.index_files([(url, title, [*records, (9, 'More', 'again twice', 'extra')]), *rest])
    changed = {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}
    new_terms = {'mo', 'ag', 'tw', 'ex'}  # the shards of `more`, `again`, `twice`, `extra`
    new_terms |= {'mu', 'he', 'at', 'sc'}  # and of the title's `multi`, `head`, `attention`, `script`
    shards = {f'search/search-{"-".join(f"{ord(c):x}" for c in k)}.js' for k in new_terms}
    assert changed == {'search-index.js', 'search/search-r0.js'} | shards


def _random_pages(rng, n: int) -> list[tuple[str, str, list]]:
    return [(f'p{i}.html', f'Page {_words(rng)}', _random_records(rng)) for i in range(n)]


def _words(rng) -> str:
    words = 'attention softmax head query key value scaled 注意力 缩放 点积 mask layer norm'.split()
    return ' '.join(rng.choice(words) for _ in range(rng.randrange(1, 9)))


def _random_records(rng) -> list:
    count = rng.randrange(0, 20)
    return [
        (r, f'Heading {r // 3}', _words(rng), rng.choice(['', 'MultiHead', 'softmax x']))
        for r in range(count)
    ]


def _texts(files) -> dict:
    """A kept index's files by name (`serve`'s keeps every text)."""
    return {name: text for name, text, _ in files}


@pytest.mark.parametrize('small_index', [0, 1 << 40, 'midway'])
def test_an_index_kept_between_builds_is_the_index_made_from_scratch_after_every_edit(
    monkeypatch, small_index
):
    """`serve` keeps each language's index joined (`search.KeptIndex`) and joins again only the
    terms of the pages that changed. After each random edit (other words in the same sections,
    sections added or removed within a page's room or past it, so that the pages after it move, a
    page added or removed) its files are the index made from scratch, byte for byte: with the keys
    whole (a large index), cut (a small one), and an index that grows past `SMALL_INDEX` and back."""
    import random

    rng = random.Random(11)
    pages = _random_pages(rng, 12)
    if small_index == 'midway':
        small_index = sum(len(search.page_postings(title, records)) for _, title, records in pages)
    monkeypatch.setattr(search, 'SMALL_INDEX', small_index)
    lengths = set()
    ids = [f'{i}.0' for i in range(len(pages))]
    kept = search.KeptIndex()
    for step in range(1, 80):
        i = rng.randrange(len(pages))
        url, title, records = pages[i]
        roll = rng.random()
        if roll < 0.6:  # the same sections, other words
            records = [(r, h, _words(rng), n) for r, h, _, n in records]
            pages[i] = (url, title, records)
            ids[i] = f'{i}.{step}'
        elif roll < 0.9:
            pages[i] = (url, title, _random_records(rng))
            ids[i] = f'{i}.{step}'
        elif len(pages) > 2 and roll < 0.95:
            del pages[i], ids[i]
        else:
            pages.insert(i, (f'new{step}.html', 'New page', _random_records(rng)))
            ids.insert(i, f'new.{step}')
        postings = [search.page_postings(title, records) for _, title, records in pages]
        assert _texts(kept.files(pages, postings, ids)) == search.index_files(pages), step
        lengths.add(search.key_length(postings))
    assert lengths == ({2} if small_index == 0 else {1} if small_index == 1 << 40 else {1, 2})


def test_a_pages_sections_spliced_into_a_posting_string_give_the_string_made_at_once():
    """An edit's shard is made from its last text (`KeptIndex`): one page's sections of a term are
    cut out of its posting string and the page's new ones put in, the gap of the section after them
    counted again. The string is the one made from all the sections at once, with gaps of every
    length (one digit, several, and past the gaps made in advance)."""
    import random

    rng = random.Random(3)
    code = lambda: 16 * rng.randrange(5) + rng.randrange(12)
    for _ in range(400):
        old = {s: code() for s in rng.sample(range(3000), rng.randrange(0, 30))}
        start = rng.randrange(3000)
        stop = start + rng.randrange(1, 1500)
        new = {s: code() for s in rng.sample(range(start, stop), rng.randrange(0, min(12, stop - start)))}
        line = None
        if new:
            first, *rest = sorted(new)
            digits = search._code(new[first]) + search.posting_string(
                [(s - start, new[s]) for s in rest], first - start
            )
            line = f'ke term {first - start} {max(new) - start} {digits}'
        whole = {**{s: c for s, c in old.items() if not start <= s < stop}, **new}
        made = search._spliced(search.posting_string(sorted(old.items())), start, stop, line)
        assert made == search.posting_string(sorted(whole.items())), (old, start, stop, new)


def test_an_edit_of_one_page_joins_again_only_that_pages_terms(monkeypatch, large):
    """The files of the shards the page's terms are not in, and the other pages' chunks, are
    not made again: an edit costs what the page's own terms cost, not what the site's index does."""
    import random

    rng = random.Random(5)
    pages = _random_pages(rng, 40)
    ids = [str(i) for i in range(len(pages))]
    kept = search.KeptIndex()
    before = _texts(kept.files(pages, [search.page_postings(t, r) for _, t, r in pages], ids))
    old_terms = set(search.terms(' '.join(f'{h} {t} {n}' for _, h, t, n in pages[3][2]) + ' ' + pages[3][1]))
    url, title, records = pages[3]
    pages[3] = (url, title, [(r, h, t.replace('mask', 'masked'), n) for r, h, t, n in records])
    ids[3] = '3 edited'
    postings = [search.page_postings(t, r) for _, t, r in pages]
    scratch = search.index_files(pages)
    made: list[str] = []
    real = search._index_file
    monkeypatch.setattr(search, '_index_file', lambda name, value: made.append(name) or real(name, value))
    after = _texts(kept.files(pages, postings, ids))
    assert after == scratch
    changed = {name for name in after if before.get(name) != after[name]}
    assert changed <= set(made)
    shards = {f'search/search-{search._file_key(search.term_key(t))}.js' for t in old_terms | {'masked'}}
    first = search._layout(pages)[0][3] // search.CHUNK
    chunks = {f'search/search-r{first + k}.js' for k in range(-(-len(pages[3][2]) // search.CHUNK))}
    assert chunks | {search.INDEX_FILE} <= set(made) <= shards | chunks | {search.INDEX_FILE}
    assert len(made) < len(after) / 3, (len(made), len(after))


PYPROJECT = """
[tool.site]
title = "Fixture"
url = "https://example.org/"
repository = "https://github.com/example/fixture"
source = "pkg"
languages = ["en"]
"""


def _fixture(tmp_path: Path) -> Path:
    (tmp_path / 'pyproject.toml').write_text(PYPROJECT)
    pkg = tmp_path / 'pkg'
    pkg.mkdir()
    (pkg / '__init__.py').write_text('"""\n# Home\n\nThe fixture.\n"""\n')
    (pkg / 'model.py').write_text(
        textwrap.dedent('''\
        """
        # Model

        Uses $\\\\mathop{softmax}(x)$.
        """


        class Encoder:
            """
            ## The encoder
            """

            def forward(self, x):
                # Apply it
                return x
        ''')
    )
    (pkg / 'train.py').write_text(
        textwrap.dedent('''\
        """
        # Training
        """

        from pkg.model import Encoder

        # Make one
        encoder = Encoder()
        ''')
    )
    return tmp_path


def test_build_writes_index_and_links_across_pages(tmp_path: Path):
    root = _fixture(tmp_path)
    config = load_config(root)
    cache = tmp_path / 'cache'
    result = build(config, ('en',), cache_dir=cache, jobs=1)
    assert result.ok, result.messages.errors
    index = b''.join(data for rel, data in result.files.items() if rel.startswith('search')).decode()
    assert '"model.html","Model"' in index and 'softmax' in index and 'The encoder' in index
    train = result.files['train.html'].decode()
    assert '<a class="n xref" href="model.html#def-Encoder">Encoder</a>' in train
    assert 'id="def-Encoder"' in result.files['model.html'].decode()

    # Renaming the class re-renders the page that links to it, and only that one and its own.
    (root / 'pkg' / 'model.py').write_text(
        (root / 'pkg' / 'model.py').read_text().replace('Encoder', 'Coder')
    )
    again = build(config, ('en',), cache_dir=cache, jobs=1)
    assert again.reused == 1  # the home page
    assert 'class="n xref"' not in again.files['train.html'].decode()


def _vocabulary() -> list[str]:
    """Words of many shards: an edit of a word or two touches a few of them."""
    import itertools

    latin = [a + b + 'ion' for a, b in itertools.product('abcdefghijklmnop', 'aeiou')]
    return latin + ['注意力', '缩放', '点积', '多头', '层', 'アテンション', 'スケール']


def _edited(rng, records: list, words: list[str]) -> list:
    """The same sections, a word or two of one of them changed."""
    if not records:
        return records
    k = rng.randrange(len(records))
    r, h, text, n = records[k]
    text = (
        ' '.join(rng.choice(words) if rng.random() < 0.2 else w for w in text.split())
        + ' '
        + rng.choice(words)
    )
    return [*records[:k], (r, h, text, n), *records[k + 1 :]]


def test_a_build_joins_again_only_what_an_edit_changed_and_its_index_is_the_one_made_from_scratch():
    """`build` keeps each language's index between builds as digests (`KeptIndex.state`), takes the
    changed pages' old postings from the page cache and the shards' last files from the output
    folder, and makes again only the shards of the terms they changed: the files it makes, and
    those it left as they were made when the write needs them (`make`), are the index made from
    scratch after every edit, byte for byte; most edits of a word or two do not join the index
    anew, and none does without the output folder's files."""
    import random

    rng = random.Random(7)
    words = _vocabulary()

    def records(n: int) -> list:
        return [
            (
                r,
                f'Heading {r // 4}',
                ' '.join(rng.choice(words) for _ in range(12)),
                rng.choice(['', 'MultiHead']),
            )
            for r in range(n)
        ]

    pages = [(f'p{i}.html', f'Page {rng.choice(words)}', records(rng.randrange(1, 14))) for i in range(30)]
    ids = [f'{i}.0' for i in range(len(pages))]
    cached: dict[str, str] = {}  # the page cache: each id's postings
    written: dict[str, str] = {}  # the output folder: each search file's text
    state = None
    joined = incremental = 0
    for step in range(1, 60):
        i = rng.randrange(len(pages))
        url, title, old = pages[i]
        roll = rng.random()
        if roll < 0.8:
            pages[i] = (url, title, _edited(rng, old, words))
            ids[i] = f'{i}.{step}'
        elif roll < 0.9:
            pages[i] = (url, title, records(rng.randrange(0, 30)))  # past its room, perhaps
            ids[i] = f'{i}.{step}'
        elif roll < 0.95:
            del pages[i], ids[i]
        else:
            pages.insert(i, (f'new{step}.html', 'New page', records(5)))
            ids.insert(i, f'new.{step}')
        postings = [search.page_postings(t, r) for _, t, r in pages]
        cached.update(zip(ids, postings))
        if step % 10 == 0:  # the output folder removed: no shard is made from its last file
            written.clear()
        index = search.KeptIndex.kept(state)
        files = list(index.files(pages, postings, ids, cached.get, written.get))
        made = {name for name, text, _ in files if text is not None}
        shards = {name for name, _, _ in files if not name.startswith(('search/search-r', search.INDEX_FILE))}
        assert written or made & shards in (set(), shards), step
        texts = {name: text if text is not None else index.make(name) for name, text, _ in files}
        assert texts == search.index_files(pages), step
        assert {name: digest for name, _, digest in files} == {
            name: hashlib.sha256(text.encode()).hexdigest() for name, text in texts.items()
        }
        if len(made) == len(files):
            joined += 1
        else:
            incremental += 1
        state, written = index.state(), texts
    assert incremental > 2 * joined, (incremental, joined)


def test_a_build_after_an_edit_makes_only_the_search_files_the_edit_changed(tmp_path, monkeypatch, large):
    """After a word is added to one page, `build` makes again the shards of that page's changed
    terms, its chunks and the manifest, not the whole index; the site is the one a fresh build
    makes, and a search file removed from the output folder by hand is written again."""
    import shutil

    from helpers import make_project, run, snapshot

    project = make_project(tmp_path / 'project')
    assert run(project, 'build', '--quiet') == 0
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text() + '\n# Zebras graze.\nzebra = 1\n')
    made: list[str] = []
    real = search._index_file
    monkeypatch.setattr(search, '_index_file', lambda name, value: made.append(name) or real(name, value))
    assert run(project, 'build', '--quiet') == 0
    index = {p.relative_to(project / 'out').as_posix() for p in (project / 'out' / 'search').iterdir()}
    shards = {name for name in made if not name.startswith('search/search-r')} - {search.INDEX_FILE}
    assert shards and len(shards) <= len(index) / 3, (sorted(made), len(index))
    assert f'search/search-{search._file_key("ze")}.js' in shards  # `zebra`, `zebras`
    assert search.INDEX_FILE in made
    monkeypatch.setattr(search, '_index_file', real)
    fresh = tmp_path / 'fresh'
    assert run(project, 'build', '--quiet', '--no-cache', '--out', str(fresh)) == 0
    assert snapshot(project / 'out') == snapshot(fresh)

    untouched = sorted(index - set(made))[0]
    (project / 'out' / untouched).unlink()
    model.write_text(model.read_text() + '# Zebras run.\n')
    assert run(project, 'build', '--quiet') == 0
    shutil.rmtree(fresh)
    assert run(project, 'build', '--quiet', '--no-cache', '--out', str(fresh)) == 0
    assert snapshot(project / 'out') == snapshot(fresh)


LITERATE = Path(__file__).parent / 'fixtures' / 'literate'


def every_tag(html: str) -> tuple[str, list[str]]:
    """The reading of the HTML by the parser alone, each formula's visual HTML included."""
    parser = search._Text()
    parser.feed(html)
    parser.close()
    return ' '.join(''.join(parser.parts).split()), parser.headings


FORMULA = (
    '<span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>x</mi><mo>&lt;</mo>'
    '<msub><mi>y</mi><mn>2</mn></msub></mrow><annotation encoding="application/x-tex">x &lt; y_2'
    '</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">'
    '<span class="base"><span class="mord">x</span><svg><path d="M0 0"/></svg></span></span></span>'
)


def test_a_formula_in_a_heading_and_repeated_reads_as_every_tag_would():
    html = f'<h3>Where {FORMULA} holds</h3><p>Again {FORMULA} &amp; <b>again</b> {FORMULA}.</p>'
    assert search.doc_text(html) == every_tag(html)
    assert search.doc_text(html) == (
        'Where x < y₂ holds Again x < y₂ & again x < y₂.',
        ['Where x < y₂ holds'],
    )


def test_formulas_read_before_on_a_page_read_as_every_tag_would():
    """The formulas a page's sections and languages share are read once: a formula that starts as
    one read before (the same first characters, then more), or is that one cut short, is still
    read whole as what it is."""
    base = FORMULA.replace('<mrow>', '<mrow>' + '<mi>a</mi><mo>+</mo>' * 12)  # a long common start
    longer = base.replace('<mi>x</mi>', '<mi>x</mi><mo>+</mo><mi>z</mi>')
    same_start = base.replace('<mn>2</mn>', '<mn>3</mn>')
    docs = [
        f'<p>One {base} and {longer}</p>',
        f'<p>Then {same_start}, {base} and {base}</p>',
        f'<p>Cut short {base[:-7]} here</p>',
        f'<h2>Again {longer}</h2><p>{same_start}</p>',
    ]
    formulas: search.Formulas = {}
    for doc in docs + docs:
        assert search.doc_text(doc, formulas) == every_tag(doc)
    assert [len(read) for read in formulas.values()] == [3]  # three formulas alike, each read once


def test_a_formula_without_its_end_tag_is_read_as_written():
    html = '<p>Broken ' + FORMULA[: -len('</span>') * 2] + ' tail</p>'
    assert search.doc_text(html) == every_tag(html)


def test_every_page_of_a_build_reads_the_same(tmp_path: Path):
    project = Path(shutil.copytree(LITERATE, tmp_path / 'literate'))
    result = build(load_config(project), ('en', 'zh'), jobs=1)
    pages = [data.decode() for rel, data in result.files.items() if rel.endswith('.html')]
    assert sum(page.count('<span class="katex">') for page in pages) > 10
    for page in pages:
        assert search.doc_text(page) == every_tag(page)


def test_plain_html_is_read_as_the_html_parser_reads_it():
    """Documentation HTML of plain tags is read by a pattern of tags: the same text and headings as
    the HTML parser reads, whatever the tags, entities and quoted `>` in attributes; anything else
    (a comment, a script, a `<` that starts no tag, an end tag with attributes) goes to the parser."""
    import random

    from sitegen.sitewide import search

    rng = random.Random(3)
    pieces = ['<p>', '</p>', '<h2>', '</h2>', '<h3 id="x">', '</h3>', '<br>', '<br />', '<li>', '</li>']
    pieces += [
        '<a href="a>b.html" title=\'c>d\'>',
        '</a>',
        '<code>',
        '</code>',
        '<span class="n">',
        '</span>',
    ]
    pieces += [
        '<img alt="x" src="y.png">',
        'word',
        ' ',
        '\n',
        '&amp;',
        '&lt;',
        '&#x41;',
        '&nbsp;',
        'naïve',
        '>',
    ]
    pieces += ['<!-- note -->', '<script>a<b</script>', '< 3', '</p class="x">', 'a<b', '&unknown;']
    read = 0
    for _ in range(5000):
        html = ''.join(rng.choice(pieces) for _ in range(rng.randint(1, 25)))
        parser = search._Text()
        parser.feed(html)
        parser.close()
        expected = (search._squash(''.join(parser.parts)), parser.headings)
        fast = search._plain_text(html)
        if fast is not None:
            read += 1
            assert fast == expected, html
        assert search.doc_text(html) == expected
    assert read > 500
    assert search._plain_text('<p>a</p><!-- b -->') is None and search._plain_text('</p x=">">') is None


def test_unusual_html_is_found_by_two_patterns_as_by_one_ignoring_case():
    """The two patterns that find what only the HTML parser reads right (each quick to scan for)
    find it where one pattern of both, ignoring case, does: whatever the case, and the characters
    that match `k`, `s` or `i` ignoring case (the Kelvin sign, the long s, the dotless i)."""
    import random

    one = re.compile(
        r'<(?![a-zA-Z/])|</(?![a-zA-Z])|katex(?!-display">)|<script|<style|<textarea|<title|<plaintext|<xmp',
        re.I,
    )
    rng = random.Random(5)
    pieces = ['<', '/', '>', ' ', 'a', 'p', 'k', 'K', '\u212a', 'atex', 'aTeX', 'ATEX', '-display">']
    pieces += ['-DISPLAY">', '-display', 'Script', 'style', 'XMP', 'title', 'textarea', 'plaintext', 'scr']
    pieces += ['\u017fcript', '\u0131pt', 'sty', 'le', 't', 'tex', 'x', '1']
    found = 0
    for _ in range(30000):
        html = ''.join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        expected = one.search(html) is not None
        fast = search._UNUSUAL.search(html) or search._UNUSUAL_KATEX.search(html)
        assert (fast is not None) == expected, html
        found += expected
    assert 1000 < found < 29000


@pytest.mark.parametrize('display', [False, True])
def test_katex_mathml_is_read_by_its_tags_as_the_html_parser_reads_it(display):
    """A formula's MathML as KaTeX writes it is read by a pattern of its tags (self-closing
    `mspace` included), to the same text as the HTML parser; what KaTeX does not write goes to
    the parser."""
    from sitegen.reading.math import katex

    texts = [
        r'a \quad b \qquad c \; d',
        r'\mathbb{R}^{n \times d} \ni \hat{x}',
        r'\sqrt[3]{x + 1} < \frac{a}{b} \text{ if } x \ge 0',
        r'\begin{aligned} a &= b \\ c &= \operatorname{softmax}(d) \end{aligned}',
        r'\underset{seq}{\mathop{softmax}} \left( \frac{QK^\top}{\sqrt{d_k}} \right) \& \{x\}',
        r'\begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}',
    ]
    for tex in texts:
        formula = katex().typeset(tex, display).html
        formula = formula[formula.index('<span class="katex">') :]
        mathml = formula[: formula.index('<span class="katex-html"')]
        fast = search._mathml_text(mathml)
        assert fast is not None, tex
        assert fast == _parsed(mathml + '</span>'), tex
    other = [
        mathml.replace('</math>', '</math>text'),  # text beside the formula
        mathml.replace('<math', '<br><math'),  # a void element
        mathml.replace('</semantics>', '</mi></semantics>'),  # an end tag that closes nothing open
        mathml.replace('<mi>', '<mi>a < b', 1),  # a `<` that starts no tag
        mathml[: -len('</span>')],
    ]
    for html in other:
        assert search._mathml_text(html) is None
        assert search._formula_text(html + '<span class="katex-html"></span></span>') == _parsed(
            html + '</span>'
        )


def _parsed(html: str) -> str:
    """What the HTML parser alone reads of a formula cut before its visual half (`_formula_text`)."""
    parser = search._Text()
    parser.feed(html)
    parser.close()
    return ''.join(parser.parts)


def test_a_display_formulas_wrapper_is_read_by_the_pattern_as_the_parser_reads_it():
    """A display formula's wrapper, left when the formula is read as text, is a plain element to
    the HTML parser (its class is not `katex`): the pattern of tags reads it, to the same text."""
    html = f'<h2>Loss</h2><p><span class="katex-display">{FORMULA}</span></p><p>so.</p>'
    read = search._formulas_as_text(html, {})
    assert search._plain_text(read) is not None
    assert search.doc_text(html) == every_tag(html) == ('Loss x < y₂ so.', ['Loss'])
    for other in ('<span class="katex-display katex">x</span>', '<p>KaTeX</p>', '<i class="katex">x</i>'):
        assert search._plain_text(other) is None
        assert search.doc_text(other) == every_tag(other)


def test_a_tag_is_read_as_a_lazy_reading_of_its_attributes_reads_it():
    """The tag pattern of plain HTML reads attributes possessively, to the first `>` or `/>`
    outside quotes: the same tags, at the same places, as the plain lazy pattern."""
    import random

    lazy = re.compile(r'<(/?)([a-zA-Z][^\s/>]*)((?:[^>"\']|"[^"]*"|\'[^\']*\')*?)(/?)>')
    rng = random.Random(7)
    pieces = ['<', '>', '/', '"', "'", 'p', 'a', ' ', '=', 'href', '-', '\n', '&amp;', 'x', '/>', 'h2']
    found = 0
    for _ in range(20000):
        html = ''.join(rng.choice(pieces) for _ in range(rng.randint(1, 20)))
        expected = [(m.groups(), m.span()) for m in lazy.finditer(html)]
        assert [(m.groups(), m.span()) for m in search._TAG.finditer(html)] == expected, html
        found += len(expected)
    assert found > 1000
