"""Colour-linked math: the terms that recur across a page's formulas, found in KaTeX's HTML and
coloured alike, without changing a formula's MathML or TeX."""

from __future__ import annotations

import math
import re
from pathlib import Path

from sitegen.doc import SectionView
from sitegen.pages.mathcolor import PALETTE, colour_sections, recurring
from sitegen.reading.math import katex

ROOT = Path(__file__).resolve().parents[1]
ATTENTION = (
    r'\mathop{Attention}(Q, K, V) = \underset{seq}{\mathop{softmax}}\Bigg(\frac{Q K^\top}{\sqrt{d_k}}\Bigg)V'
)
WRAP = re.compile(r'<span class="mc mc-(\d)" data-mc="\1"(?: title="[^"]*")?>')


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
            out.append(re.sub(r' mc mc-\d" data-mc="\d"(?: title="[^"]*")?', '"', m.group()))
    out.append(doc[pos:])
    return ''.join(out)


def test_terms_in_two_formulas_get_one_colour_and_others_none():
    docs = typeset(ATTENTION, r'\frac{1}{\sqrt{d_k}}', r'Q K^\top', r'x_i + y')
    found = recurring(docs)
    # d_k and K^T (never the product Q K^T); the named operators are in one formula.
    assert set(found) == {'K⊤', 'dk'} and sorted(found.values()) == [0, 1]
    k, d = found['K⊤'], found['dk']
    assert [sorted(marks(doc)) for doc in coloured(docs)] == [
        sorted([(str(k), 'K⊤'), (str(d), 'dk')]),
        [(str(d), 'dk')],
        [(str(k), 'K⊤')],
        [],
    ]


def test_only_spans_and_attributes_are_added_so_mathml_and_tex_stay_as_typeset():
    docs = typeset(ATTENTION, r'\frac{1}{\sqrt{d_k}} \cdot \mathop{softmax}(x)', r'Q K^\top', r'K^\top')
    after = coloured(docs)
    assert after != docs and any('data-mc=' in d for d in after)
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


def test_terms_are_symbols_never_products_or_numbers():
    docs = typeset(
        r'0.02^2 + x\Phi + 2N + 4 d_{model}',
        r'0.02^2 = x\Phi - 2N \cdot 4 d_{model}',
        r'\frac{q_i^\top k_j}{\sqrt{d}}',
        r'q_i^\top k_j - m',
        display=False,
    )
    assert set(recurring(docs)) == {'dmodel', 'qi⊤', 'kj'}


def test_terms_alike_but_for_digits_are_coloured_together_or_not_at_all():
    # Adam's β₁ᵗ recurs in fewer formulas than the eight above it, β₂ᵗ as often as β₁ᵗ.
    top = ' + '.join(f'{c}_t' for c in 'abcdefg')
    docs = typeset(top, top, top, r'\beta_1^t + \beta_2^t + h_t', r'\beta_1^t + \beta_2^t', display=False)
    found = recurring(docs)
    assert ('β1t' in found) == ('β2t' in found)
    assert len(found) <= PALETTE and {f'{c}t' for c in 'abcdefg'} <= set(found)


def test_a_term_is_named_as_tex_writes_it():
    docs = typeset(r'\beta_1^t + W^Q_i + d_{model}', r'\beta_1^t W^Q_i d_{model}', display=False)
    titles = re.findall(r'data-mc="\d" title="([^"]*)"', coloured(docs)[0])
    assert titles == ['β_1^t', 'W_i^Q', 'd_{model}']


def _linear(hex_colour: str) -> list[float]:
    rgb = [int(hex_colour.lstrip('#')[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]


def _srgb_to_lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65)."""
    r, g, b = _linear(hex_colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c**7 / (mean_c**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_cp = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    theta = 30 * math.exp(-(((mean_h - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(mean_cp**7 / (mean_cp**7 + 25**7))
    s_l = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    s_c, s_h = 1 + 0.045 * mean_cp, 1 + 0.015 * mean_cp * t
    r_t = -math.sin(math.radians(2 * theta)) * r_c
    dl, dc = (l2 - l1) / s_l, (c2 - c1) / s_c
    return math.sqrt(dl**2 + dc**2 + (d_h / s_h) ** 2 + r_t * dc * (d_h / s_h))


def _contrast(a: str, b: str) -> float:
    lum = sorted(
        (0.2126 * r + 0.7152 * g + 0.0722 * b_ for r, g, b_ in (_linear(a), _linear(b))), reverse=True
    )
    return (lum[0] + 0.05) / (lum[1] + 0.05)


def test_the_colour_difference_is_ciede2000():
    # Sharma, Wu and Dalal's test data, pairs 1 and 17.
    assert round(_ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4) == 2.0425
    assert round(_ciede2000((50, 2.5, 0), (73, 25, -18)), 4) == 27.1492


def test_the_palette_keeps_terms_apart_and_readable_in_both_themes():
    css = (ROOT / 'generator/sitegen/templates/static/site.css').read_text()
    themes = {
        'light': (
            re.search(r':root \{[^}]*--mc-0[^}]*\}', css).group(0),
            ('#ffffff', '#eef2f7', '#f6f8fa', '#fff1a8'),
        ),
        'dark': (
            re.search(r':root\[data-theme="dark"\] \{[^}]*--mc-0[^}]*\}', css).group(0),
            ('#0d1117', '#111923', '#161b22', '#3b3200'),
        ),
    }
    for name, (block, backgrounds) in themes.items():
        palette = re.findall(r'--mc-\d: (#[0-9a-f]{6})', block)
        assert len(palette) == PALETTE
        labs = [_srgb_to_lab(c) for c in palette]
        closest = min(_ciede2000(labs[i], labs[j]) for i in range(PALETTE) for j in range(i + 1, PALETTE))
        assert closest >= 20, (name, closest)  # the old palette's closest pair: 6.3 (light), 13.0 (dark)
        assert min(_contrast(c, bg) for c in palette for bg in backgrounds) >= 4.5, name


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
    assert recurring(typeset(r'softmax(x)', r'softmax(y)')) == {}


def _formulas_of(path: Path) -> list[tuple[str, bool]]:
    """A page's formulas and whether each stands on its own line, read from its source."""
    text = path.read_text()
    return [(d or i, bool(d)) for d, i in re.findall(r'\$\$(.+?)\$\$|\$([^$\n]+)\$', text)]


def test_what_the_mha_page_colours_matches_the_tex_of_its_formulas():
    formulas = _formulas_of(ROOT / 'labml_nn/transformers/mha.py')
    engine = katex()
    docs = [engine.typeset(tex, display=display).html for tex, display in formulas]
    found = recurring(docs)
    assert set(found) == {'softmax', 'dk', 'K⊤'}
    # Each term is marked in exactly the formulas whose TeX writes it.
    written = {'softmax': 'softmax', 'dk': 'd_k', 'K⊤': r'K^\top'}
    shown = {'softmax': 'softmax', 'dk': 'dk', 'K⊤': 'K⊤'}
    for (tex, _), doc in zip(formulas, coloured(docs), strict=True):
        terms = marks(doc)
        for key, n in found.items():
            assert terms.count((str(n), shown[key])) == tex.count(written[key]), (key, tex)
        assert len(terms) == sum(tex.count(w) for w in written.values())
    assert len(formulas) >= 10 and sum(1 for tex, _ in formulas if 'softmax' in tex) >= 4


def test_a_tag_is_read_as_a_lazy_reading_of_its_attributes_reads_it():
    """The tag pattern reads attributes possessively, to the first `>` or `/>` outside quotes: the
    same tags, at the same places, as the plain lazy pattern, whatever the quotes and slashes."""
    import random

    from sitegen.pages import mathcolor

    lazy = re.compile(r'<(/?)([a-zA-Z][\w-]*)((?:[^>"\']|"[^"]*"|\'[^\']*\')*?)(/?)>')
    rng = random.Random(5)
    pieces = ['<', '>', '/', '"', "'", 'span', 'a', ' ', '=', 'class', '-', '\n', '&amp;', 'x', '/>']
    found = 0
    for _ in range(20000):
        html = ''.join(rng.choice(pieces) for _ in range(rng.randint(1, 20)))
        expected = [(m.groups(), m.span()) for m in lazy.finditer(html)]
        assert [(m.groups(), m.span()) for m in mathcolor._TAG.finditer(html)] == expected, html
        found += len(expected)
    assert found > 1000
