"""Math that links to itself: a term that recurs in several formulas of a page has one colour in
all of them.

It works on KaTeX's typeset HTML (its visible `katex-html` half), at build time, so the colours
show without a script. A formula is read as rows of atoms (KaTeX's `mord`, `mop`, `mbin`, ...: the
children of one element, such as a `base` or a numerator), never looking into scripts or an
operator's limits. A term is, by what it shows:

- a symbol with a subscript or superscript (`d_k`, `K^\\top`, `W^Q_i`), never a number with one
  (`0.02^2`);
- a named operator, however it is written: `\\mathop{softmax}`, `\\operatorname{softmax}`,
  `\\mathrm{softmax}`, `\\text{softmax}`, the name under `\\underset{seq}{...}` (the name only), and
  the same letters typed plainly in italic (`softmax`) when they spell the name of an operator
  written in one of the other ways somewhere on the page;

never a product or a number (`x\\Phi`, `2N`, `4 d_{model}`: a reader links symbols, and a colour on
a product says it is one). Where more terms recur than the palette holds, terms alike but for the
digits of their scripts (`\\beta_1^t`, `\\beta_2^t`) are coloured together or not at all.

The terms found in two formulas or more get a class `mc mc-N` (site.css holds a palette that keeps
4.5:1 contrast on both themes, its colours at least 20 apart in CIEDE2000 in each), `data-mc="N"`
and a `title` naming the term as TeX writes it (`\\beta_1^t`; site.js also says it when the arrow
keys reach it), on the element of a symbol or operator, or on a
span put around an operator's plain letters; site.js highlights a term
everywhere on the page when it is pointed at or focused. Only that span and class and data
attributes are added: the MathML and the TeX annotation, which copying and screen readers read,
stay as they were.
"""

from __future__ import annotations

import dataclasses
import html
import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from sitegen.doc import SectionView, span_end

PALETTE = 8  # colours in site.css (`.mc-0` to `.mc-7`); a page colours at most this many terms

# A tag: its attributes run to the first `>` or `/>` outside quotes (possessive: nothing to try
# again where a quote is not closed, which no shorter reading would match either).
_TAG = re.compile(r'<(/?)([a-zA-Z][\w-]*+)((?:[^>"\'/]++|/(?!>)|"[^"]*+"|\'[^\']*+\')*+)(/?)>')
_CLASS = re.compile(r'\bclass="([^"]*)"')
# KaTeX's visible half of a formula: all that is read of a page, and all that is marked
VISIBLE = '<span class="katex-html" aria-hidden="true">'
_VOID = {'br', 'img', 'hr', 'wbr', 'input', 'col', 'area', 'source', 'meta', 'link'}
_ATOMS = {'mord', 'mop', 'mbin', 'mrel', 'mopen', 'mclose', 'mpunct', 'minner'}
_NAME = re.compile(r'[^\W\d_]{2,}')  # an operator's name: two letters or more, nothing else
_TOP = re.compile(r'style="[^"]*\btop:\s*(-?[\d.]+)em')
_LETTER = re.compile(r'[^\W\d_]')
_SUBSTANCE = re.compile(r'[^\W_]')  # an ordinary atom has a letter or digit (not a sign)

# What an atom of a row is, for finding terms.
SYMBOL, OPERATOR, LETTER, ORDINARY, OTHER = 'symbol', 'operator', 'letter', 'ordinary', 'other'


@dataclass(slots=True)
class _Node:
    classes: tuple[str, ...]
    start: int  # offset of its start tag
    tag_end: int  # offset just after its start tag
    end: int = 0  # offset just after its end tag
    children: list[_Node] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    top: float | None = None  # a script's place in its `vlist` (`style="top:-2.55em"`)
    shown: str | None = None  # `content()`, once asked for (a tree is never changed once read)

    def content(self) -> str:
        if self.shown is None:
            self.shown = ''.join(self.text + [c.content() for c in self.children]).replace('\u200b', '')
        return self.shown

    def has(self, cls: str) -> bool:
        return cls in self.classes

    def atom(self) -> bool:
        return not _ATOMS.isdisjoint(self.classes)

    def anywhere(self, cls: str) -> bool:
        return self.has(cls) or any(c.anywhere(cls) for c in self.children)


@dataclass
class _Atom:
    """One atom of a row: what it is, the text that names it, and the elements it spans."""

    kind: str
    text: str
    first: _Node
    last: _Node
    mark: _Node | None  # the element a term of one atom is marked on; None: wrapped in a span
    name: str = ''  # as TeX writes it (`\\beta_1^t`), for its `title`


# A term of a formula (a symbol or an operator), with where the formula is in its HTML.
_Term = tuple[int, _Atom]


def _tree(html: str, start: int) -> tuple[_Node, int]:
    """The element that starts at `start` (a `<span class="katex-html">`), and where it ends."""
    stack: list[_Node] = []
    pos = start
    for m in _TAG.finditer(html, start):
        begin, end = m.span()
        if stack and begin > pos:
            stack[-1].text.append(html[pos:begin])
        pos = end
        closing, name, attrs, selfclosing = m.groups()
        if closing:
            node = stack.pop()
        else:
            classes, top = _attributes(attrs)
            node = _Node(classes, begin, end, top=top)
            if not selfclosing and name.lower() not in _VOID:
                stack.append(node)
                continue
        node.end = end
        if not stack:  # the element that starts at `start` is a `<span>`, never a void one
            return node, end
        stack[-1].children.append(node)
    raise ValueError('unbalanced KaTeX HTML')


@lru_cache(maxsize=4096)
def _attributes(attrs: str) -> tuple[tuple[str, ...], float | None]:
    """(classes, a script's `top`) of a tag's attributes: a formula's few kinds of tag recur."""
    cls = _CLASS.search(attrs)
    top = _TOP.search(attrs)
    return tuple(cls.group(1).split()) if cls else (), float(top.group(1)) if top else None


def _core(node: _Node) -> _Node:
    """What an atom holds under its wrappers (`\\mathrm{x}` is a `mord` in a `mord`), and the
    name of an operator with limits without its limits."""
    while len(node.children) == 1 and node.children[0].atom() and not ''.join(node.text).strip():
        node = node.children[0]
    if node.has('op-limits'):
        return _nucleus(node) or node
    return node


def _nucleus(node: _Node) -> _Node | None:
    """The operator under or over its limits: the atom not in a smaller size."""
    for child in node.children:
        if child.has('sizing'):
            continue
        if child.atom():
            return child
        found = _nucleus(child)
        if found is not None:
            return found
    return None


def _classify(node: _Node) -> _Atom:
    core = _core(node)
    text = core.content()
    scripted = (core.has('mord') or core.has('mop')) and any(c.has('msupsub') for c in core.children)
    base = ''.join(core.text + [c.content() for c in core.children if not c.has('msupsub')])
    scripted = scripted and bool(_LETTER.search(base))  # `0.02^2` is a number, not a term
    if scripted:
        kind = SYMBOL
    elif core.has('mop') and _NAME.search(text):
        kind = OPERATOR
    elif core.has('mord') and _NAME.fullmatch(text) and not core.anywhere('mathnormal'):
        kind = OPERATOR  # upright letters: \text{...}, \mathrm{...}
    elif core.has('mord') and not core.children and core.has('mathnormal') and text.isalpha():
        kind = LETTER
    elif node.has('mord') and _SUBSTANCE.search(text) and not core.has('delimsizing'):
        kind = ORDINARY
    else:
        kind = OTHER
    name = _script_name(core, base) if kind == SYMBOL else text
    return _Atom(kind, text, node, node, core, name)  # marked on what it holds: not a root's padding


def _script_name(core: _Node, base: str) -> str:
    """A symbol with scripts as TeX writes it: `β_1^t`, `d_{model}`, `W_i^Q`. A script above the
    baseline's usual height is a superscript (KaTeX sets subscripts at `top` -2.2 to -2.7em,
    superscripts higher)."""
    sub, sup = '', ''
    for scripts in (c for c in core.children if c.has('msupsub')):
        for item in _placed(scripts):
            text = item.content().strip()
            if item.top is not None and item.top > -2.8:
                sub += text
            else:
                sup += text

    def braced(t: str) -> str:
        return t if len(t) == 1 else '{' + t + '}'

    return base.strip() + (f'_{braced(sub)}' if sub else '') + (f'^{braced(sup)}' if sup else '')


def _placed(node: _Node) -> list[_Node]:
    """The elements of a `vlist` placed at a height that show something: each script."""
    if node.top is not None:
        return [node] if node.content().strip() else []
    return [found for c in node.children for found in _placed(c)]


def _rows(node: _Node, out: list[list[_Atom]]) -> None:
    """The rows under `node`: the atoms of each element that has some, never inside a script, an
    operator's limits or a term."""
    if node.has('msupsub'):
        return
    if node.has('op-limits'):
        nucleus = _nucleus(node)
        if nucleus is not None:
            _rows(nucleus, out)
        return
    row = [_classify(c) for c in node.children if c.atom()]
    if row:
        out.append(row)
    terms = {id(a.first) for a in row if a.kind in (SYMBOL, OPERATOR)}
    for child in node.children:
        if id(child) not in terms:
            _rows(child, out)


def _formulas(html: str) -> list[tuple[int, list[list[_Atom]]]]:
    """The rows of atoms of each formula of a piece of HTML, each with the offset of the formula
    (the atoms' offsets are from there)."""
    starts, formulas = [], []
    at = html.find(VISIBLE)
    while at >= 0 and (end := span_end(html, at)) >= 0:
        starts.append(at)
        formulas.append(html[at:end])
        at = html.find(VISIBLE, end)
    return list(zip(starts, _read(formulas)))


@lru_cache(maxsize=4096)
def _formula_rows(formula: str) -> list[list[_Atom]]:
    """The rows of atoms of one formula's visible HTML. A page's formulas recur (in its languages,
    in its sections, and on other pages): each distinct one is read once. Never changed once made."""
    root, _ = _tree(formula, 0)
    rows: list[list[_Atom]] = []
    _rows(root, rows)
    return rows


def _spell(row: list[_Atom], names: set[str]) -> list[_Atom]:
    """A row with each maximal run of italic letters that spells an operator's name made one
    atom, that operator; other letters are ordinary atoms."""
    if all(a.kind != LETTER for a in row):
        return row  # most rows: nothing to spell (a row is never changed once made)
    out: list[_Atom] = []
    for letters, group in itertools.groupby(row, key=lambda a: a.kind == LETTER):
        run = list(group)
        word = ''.join(a.text for a in run)
        if not letters:
            out += run
        elif word in names:
            out.append(_Atom(OPERATOR, word, run[0].first, run[-1].last, None, word))
        else:
            out += [dataclasses.replace(a, kind=ORDINARY) for a in run]
    return out


def _place(formula: list[list[_Atom]], base: int) -> list[_Term]:
    """The terms of a formula in order: its symbols and operators. `base`: where the formula is in
    its HTML."""
    return [(base, atom) for row in formula for atom in row if atom.kind in (SYMBOL, OPERATOR)]


def _choose(
    formulas: list[list[list[_Atom]]], bases: list[int] | None = None
) -> tuple[dict[str, int], list[list[_Term]]]:
    """The colour of each term chosen for the page, and the terms of each formula (`bases`: where
    each is in its HTML)."""
    names = {a.text for f in formulas for row in f for a in row if a.kind == OPERATOR}
    formulas = [[_spell(row, names) for row in f] for f in formulas]
    placed = [_place(f, b) for f, b in zip(formulas, bases or [0] * len(formulas), strict=True)]
    count: dict[str, int] = {}
    first: dict[str, tuple[int, int]] = {}  # (formula, place in it) where it first appears
    for i, terms in enumerate(placed):
        for j, key in enumerate(dict.fromkeys(atom.text for _, atom in terms)):
            count[key] = count.get(key, 0) + 1
            first.setdefault(key, (i, j))
    recurring = sorted((k for k, n in count.items() if n >= 2), key=lambda k: (-count[k], first[k]))
    chosen = _fill(recurring)
    return {k: i for i, k in enumerate(sorted(chosen, key=lambda k: first[k]))}, placed


def _family(key: str) -> str:
    return re.sub(r'\d+', '#', key)


def _fill(ranked: list[str]) -> list[str]:
    """At most `PALETTE` of the terms, in rank: a term with others alike but for digits (`β1t`,
    `β2t`) comes with all of them or, where they do not fit, none (unless they are more than the
    palette: then they are taken in rank)."""
    sizes = Counter(map(_family, ranked))
    chosen: list[str] = []
    for key in ranked:
        family = _family(key)
        if key in chosen or len(chosen) >= PALETTE:
            continue
        if sizes[family] > PALETTE:
            chosen.append(key)
        elif len(chosen) + sizes[family] <= PALETTE:
            chosen += [k for k in ranked if _family(k) == family]
    return chosen


def recurring(docs: list[str]) -> dict[str, int]:
    """The terms found in two formulas or more of a page, each with its colour: the most
    widespread first (at most `PALETTE`), coloured in the order they first appear."""
    return _choose([f for doc in docs for _, f in _formulas(doc)])[0]


def _marked(doc: str, terms: list[_Term], colours: dict[str, int]) -> str:
    """`doc` with each of its `terms` that has a colour marked with it."""
    if not terms or not colours:
        return doc
    edits: list[tuple[int, int, str]] = []
    for base, atom in terms:
        n = colours.get(atom.text)
        if n is None:
            continue
        title = f' title="{html.escape(atom.name)}"' if atom.name else ''
        attributes = f'mc mc-{n}" data-mc="{n}"{title}'  # the class's end, then the others
        if atom.mark is None:
            start, end = base + atom.first.start, base + atom.last.end
            edits += [(start, start, f'<span class="{attributes}>'), (end, end, '</span>')]
            continue
        start, tag_end = base + atom.mark.start, base + atom.mark.tag_end
        tag = doc[start:tag_end]
        m = _CLASS.search(tag)
        if m:
            edits.append(
                (start, tag_end, f'{tag[: m.start()]}class="{m.group(1)} {attributes}{tag[m.end() :]}')
            )
    out, pos = [], 0
    # A span closed where the next term starts is closed first.
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1] != e[0], e[2] != '</span>')):
        out.append(doc[pos:start])
        out.append(text)
        pos = end
    out.append(doc[pos:])
    return ''.join(out)


def colour_formulas(formulas: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...] | None:
    """Each section's formulas (their visible halves, in order), coloured as `colour_sections`
    colours the sections that hold them, or None where that cannot be told without the sections:
    a formula holding an element whose name starts with `span` (`<spanner>`), which the formulas
    were not cut out around as this module reads them."""
    if any(_NOT_SPAN.search(f) for section in formulas for f in section):
        return None
    read = [_read(section) for section in formulas]
    colours, placed = _choose([rows for section in read for rows in section])
    terms = iter(placed)  # of each formula read, in order
    return tuple(
        tuple(_marked(f, next(terms), colours) if i < len(rows) else f for i, f in enumerate(section))
        for section, rows in zip(formulas, read, strict=True)
    )


def _read(formulas: Sequence[str]) -> list[list[list[_Atom]]]:
    """The rows of atoms of each formula, up to the first that cannot be read."""
    read = []
    for formula in formulas:
        try:
            read.append(_formula_rows(formula))
        except (ValueError, IndexError):
            break
    return read


_NOT_SPAN = re.compile(r'<span\w')


def colour_sections(sections: list[SectionView]) -> list[SectionView]:
    """A page's sections with the terms recurring across its formulas coloured alike."""
    per_section = [_formulas(s.doc) if VISIBLE in s.doc else [] for s in sections]
    found = [f for formulas in per_section for f in formulas]
    colours, placed = _choose([rows for _, rows in found], [base for base, _ in found])
    if not colours:
        return sections
    out, at = [], 0
    for s, formulas in zip(sections, per_section, strict=True):
        terms = [t for f in placed[at : at + len(formulas)] for t in f]
        at += len(formulas)
        out.append(dataclasses.replace(s, doc=_marked(s.doc, terms, colours)) if terms else s)
    return out
