"""Colour-linked math: the terms that recur across a page's formulas, found in KaTeX's HTML and
coloured alike, without changing a formula's MathML or TeX."""

from __future__ import annotations

import re
from pathlib import Path

from sitegen.doc import SectionView
from sitegen.math import katex
from sitegen.mathcolor import PALETTE, colour_sections, recurring

ROOT = Path(__file__).resolve().parents[1]
ATTENTION = (
    r'\mathop{Attention}(Q, K, V) = \underset{seq}{\mathop{softmax}}\Bigg(\frac{Q K^\top}{\sqrt{d_k}}\Bigg)V'
)
WRAP = re.compile(r'<span class="mc mc-(\d)" data-mc="\1">')


def typeset(*formulas: str, display: bool = True) -> list[str]:
    engine = katex()
    return [engine.typeset(tex, display=display).html for tex in formulas]


def section(i: int, doc: str) -> SectionView:
    return SectionView(i, 'comment', doc, None, ())


def coloured(docs: list[str]) -> list[str]:
    return [s.doc for s in colour_sections([section(i, doc) for i, doc in enumerate(docs)])]


def marks(doc: str) -> list[tuple[str, str]]:
    """Each coloured term of a piece of HTML: its colour and the text it shows."""
    found, depth, open_marks = [], 0, []
    for m in re.finditer(r'<(/?)span\b([^>]*)>|([^<]+)', doc):
        if m.group(3) is not None:
            for o in open_marks:
                o[1].append(m.group(3))
            continue
        if m.group(1):
            depth -= 1
            if open_marks and open_marks[-1][2] == depth:
                n, text, _ = open_marks.pop()
                found.append((n, ''.join(text).replace('\u200b', '')))
            continue
        c = re.search(r'data-mc="(\d)"', m.group(2))
        if c:
            open_marks.append((c.group(1), [], depth))
        depth += 1
    return found


def unmarked(doc: str) -> str:
    """A piece of HTML without what colouring adds: its wrapping spans and its attributes."""
    out, pos, stack = [], 0, []
    for m in re.finditer(r'<span\b[^>]*>|</span>', doc):
        out.append(doc[pos : m.start()])
        pos = m.end()
        if m.group().startswith('</'):
            if not stack.pop():
                out.append(m.group())
        elif WRAP.fullmatch(m.group()):
            stack.append(True)
        else:
            stack.append(False)
            out.append(re.sub(r' mc mc-\d" data-mc="\d"', '"', m.group()))
    out.append(doc[pos:])
    return ''.join(out)


def test_terms_in_two_formulas_get_one_colour_and_others_none():
    docs = typeset(ATTENTION, r'\frac{1}{\sqrt{d_k}}', r'Q K^\top', r'x_i + y')
    found = recurring(docs)
    # d_k, and the product Q K^T (one term, not its K^T); the named operators are in one formula.
    assert set(found) == {'Q K⊤', 'dk'} and sorted(found.values()) == [0, 1]
    k, d = found['Q K⊤'], found['dk']
    assert [sorted(marks(doc)) for doc in coloured(docs)] == [
        sorted([(str(k), 'QK⊤'), (str(d), 'dk')]),
        [(str(d), 'dk')],
        [(str(k), 'QK⊤')],
        [],
    ]


def test_only_spans_and_attributes_are_added_so_mathml_and_tex_stay_as_typeset():
    docs = typeset(ATTENTION, r'\frac{1}{\sqrt{d_k}} \cdot \mathop{softmax}(x)', r'Q K^\top', r'K^\top')
    after = coloured(docs)
    assert after != docs and any(WRAP.search(d) for d in after)
    for before, now in zip(docs, after, strict=True):
        assert unmarked(now) == before
        tex = re.compile(r'<math.*?</math>', re.S)
        assert tex.findall(now) == tex.findall(before)  # what copying and screen readers read


def test_a_page_colours_at_most_the_palette_and_the_most_widespread_terms():
    many = [' + '.join(f'a_{{{j}}}' for j in range(i, PALETTE + 3)) for i in range(3)]
    found = recurring(typeset(*many))
    assert len(found) == PALETTE and sorted(found.values()) == list(range(PALETTE))
    # a_0 and a_1 occur in fewer formulas than the rest: they are the ones left out.
    assert 'a0' not in found and 'a1' not in found


def test_a_product_is_one_term_and_its_parts_keep_their_own_colour_elsewhere():
    docs = typeset(
        r'\frac{q_i^\top k_j}{\sqrt{d}}', r'q_i^\top k_j - m', r'k_j = W x_j', r'\sum_j k_j', display=False
    )
    found = recurring(docs)
    assert set(found) == {'qi⊤ kj', 'kj'}
    product, part = str(found['qi⊤ kj']), str(found['kj'])
    assert [marks(doc) for doc in coloured(docs)] == [
        [(product, 'qi⊤kj')],  # one span around the product, no colour of its k_j inside it
        [(product, 'qi⊤kj')],
        [(part, 'kj')],
        [(part, 'kj')],
    ]


def test_the_longest_recurring_run_is_taken_and_a_run_left_alone_is_given_up():
    # Q K^T V recurs in two formulas; in the third Q K^T alone would be in one formula only.
    found = recurring(typeset(r'Q K^\top V', r'Z = Q K^\top V', r'Q K^\top + 1'))
    assert set(found) == {'Q K⊤ V'}
    # Signs, brackets and operators end a run: none of these is a product.
    assert recurring(typeset(r'-x + (a)', r'-x + (a)', r'\max x')) == {}


def test_a_named_operator_is_one_term_however_it_is_written():
    forms = [
        r'\mathop{softmax}(x)',
        r'\operatorname{softmax}(x)',
        r'\mathrm{softmax}(x)',
        r'\text{softmax}(x)',
        r'\underset{seq}{softmax}(x)',
        r'\underset{seq}{\mathop{softmax}}(x)',
        r'softmax(x)',
        r'y = softmax(z) \cdot x',
    ]
    docs = typeset(*forms, display=False)
    assert recurring(docs) == {'softmax': 0}
    for tex, doc in zip(forms, coloured(docs), strict=True):
        assert marks(doc) == [('0', 'softmax')], tex  # the name only: not `seq` under it
    # Italic letters are a name only where the page writes it as an operator somewhere.
    assert set(recurring(typeset(r'softmax(x)', r'softmax(y)'))) == {'so f t ma x'}


def _formulas_of(path: Path) -> list[tuple[str, bool]]:
    """A page's formulas and whether each stands on its own line, read from its source."""
    text = path.read_text()
    return [(d or i, bool(d)) for d, i in re.findall(r'\$\$(.+?)\$\$|\$([^$\n]+)\$', text)]


def test_what_the_mha_page_colours_matches_the_tex_of_its_formulas():
    formulas = _formulas_of(ROOT / 'labml_nn/transformers/mha.py')
    engine = katex()
    docs = [engine.typeset(tex, display=display).html for tex, display in formulas]
    found = recurring(docs)
    assert set(found) == {'softmax', 'dk', 'Q K⊤'}
    # Each term is marked in exactly the formulas whose TeX writes it.
    written = {'softmax': 'softmax', 'dk': 'd_k', 'Q K⊤': r'Q K^\top'}
    shown = {'softmax': 'softmax', 'dk': 'dk', 'Q K⊤': 'QK⊤'}
    for (tex, _), doc in zip(formulas, coloured(docs), strict=True):
        terms = marks(doc)
        for key, n in found.items():
            assert terms.count((str(n), shown[key])) == tex.count(written[key]), (key, tex)
        assert len(terms) == sum(tex.count(w) for w in written.values())
    assert len(formulas) >= 10 and sum(1 for tex, _ in formulas if 'softmax' in tex) >= 4
