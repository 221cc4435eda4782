"""Colour-linked math: the terms that recur across a page's formulas, found in KaTeX's HTML and
coloured alike, without changing a formula's MathML or TeX."""

from __future__ import annotations

import re

from sitegen.doc import SectionView
from sitegen.math import katex
from sitegen.mathcolor import PALETTE, colour_sections, recurring

ATTENTION = (
    r'\mathop{Attention}(Q, K, V) = \underset{seq}{\mathop{softmax}}\Bigg(\frac{Q K^\top}{\sqrt{d_k}}\Bigg)V'
)


def typeset(*formulas: str) -> list[str]:
    engine = katex()
    return [engine.typeset(tex, display=True).html for tex in formulas]


def section(i: int, doc: str) -> SectionView:
    return SectionView(i, 'comment', doc, None, ())


def test_terms_in_two_formulas_get_one_colour_and_others_none():
    docs = typeset(ATTENTION, r'\frac{1}{\sqrt{d_k}}', r'Q K^\top', r'x_i + y')
    found = recurring(docs)
    # d_k, K^T, and the named operators in one formula only are not recurring.
    assert set(found) == {'K⊤', 'dk'} and sorted(found.values()) == [0, 1]
    k, d = str(found['K⊤']), str(found['dk'])
    sections = colour_sections([section(i, doc) for i, doc in enumerate(docs)])
    marks = [sorted(re.findall(r'data-mc="(\d)"', s.doc)) for s in sections]
    assert marks == [sorted([k, d]), [d], [k], []]


def test_only_attributes_are_added_so_mathml_and_tex_stay_as_typeset():
    docs = typeset(ATTENTION, r'\frac{1}{\sqrt{d_k}} \cdot \mathop{softmax}(x)', r'K^\top')
    coloured = [s.doc for s in colour_sections([section(i, d) for i, d in enumerate(docs)])]
    assert coloured != docs
    for before, after in zip(docs, coloured, strict=True):
        assert re.sub(r' mc mc-\d" data-mc="\d"', '"', after) == before
        tex = re.compile(r'<math.*?</math>', re.S)
        assert tex.findall(after) == tex.findall(before)  # what copying reads


def test_a_page_colours_at_most_the_palette_and_the_most_widespread_terms():
    many = [' + '.join(f'a_{{{j}}}' for j in range(i, PALETTE + 3)) for i in range(3)]
    found = recurring(typeset(*many))
    assert len(found) == PALETTE and sorted(found.values()) == list(range(PALETTE))
    # a_0 and a_1 occur in fewer formulas than the rest: they are the ones left out.
    assert 'a0' not in found and 'a1' not in found
