"""Math that links to itself: a term that recurs in several formulas of a page has one colour in
all of them.

It works on KaTeX's typeset HTML (its visible `katex-html` half), at build time, so the colours
show without a script. A term is a symbol with a subscript or superscript (`d_k`, `K^\\top`,
`W^Q_i`) or a named operator (`\\mathop{softmax}`, `\\operatorname{Attention}`), told apart by
what it shows; the ones found in two formulas or more get a class `mc mc-N` (site.css holds a
palette that keeps 4.5:1 contrast on both themes) and `data-mc="N"`, by which site.js highlights a
term everywhere on the page when it is pointed at. Only class and data attributes are added: the
MathML and the TeX annotation, which copying reads, stay as they were.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from sitegen.doc import SectionView

PALETTE = 8  # colours in site.css (`.mc-0` to `.mc-7`); a page colours at most this many terms

_TAG = re.compile(r'<(/?)([a-zA-Z][\w-]*)((?:[^>"\']|"[^"]*"|\'[^\']*\')*?)(/?)>')
_CLASS = re.compile(r'\bclass="([^"]*)"')
_VISIBLE = '<span class="katex-html" aria-hidden="true">'
_VOID = {'br', 'img', 'hr', 'wbr', 'input', 'col', 'area', 'source', 'meta', 'link'}
_LETTERS = re.compile(r'[^\W\d_]{2,}')


@dataclass
class _Node:
    classes: tuple[str, ...]
    start: int  # offset of its start tag
    tag_end: int  # offset just after its start tag
    children: list[_Node] = field(default_factory=list)
    text: list[str] = field(default_factory=list)

    def content(self) -> str:
        return ''.join(self.text + [c.content() for c in self.children]).replace('\u200b', '')


def _tree(html: str, start: int) -> tuple[_Node, int]:
    """The element that starts at `start` (a `<span class="katex-html">`), and where it ends."""
    root: _Node | None = None
    stack: list[_Node] = []
    pos = start
    for m in _TAG.finditer(html, start):
        if stack:
            stack[-1].text.append(html[pos : m.start()])
        pos = m.end()
        closing, name, attrs, selfclosing = m.group(1), m.group(2).lower(), m.group(3), m.group(4)
        if closing:
            node = stack.pop()
            if stack:
                stack[-1].children.append(node)
            if not stack:
                return node, m.end()
            continue
        cls = _CLASS.search(attrs)
        node = _Node(tuple(cls.group(1).split()) if cls else (), m.start(), m.end())
        if selfclosing or name in _VOID:
            if stack:
                stack[-1].children.append(node)
            continue
        if root is None:
            root = node
        stack.append(node)
    raise ValueError('unbalanced KaTeX HTML')


def _terms(node: _Node, out: list[tuple[str, _Node]]) -> None:
    """The terms under `node` in order: the outermost only (`d_k` in `\\sqrt{d_k}`, not its `k`)."""
    for child in node.children:
        kind = set(child.classes)
        scripted = kind & {'mord', 'mop'} and any('msupsub' in c.classes for c in child.children)
        named = 'mop' in kind and _LETTERS.search(child.content())
        if (scripted or named) and 'mtight' not in kind:
            out.append((child.content(), child))
        else:
            _terms(child, out)


def _formulas(html: str) -> list[list[tuple[str, _Node]]]:
    """The terms of each formula of a piece of HTML."""
    found = []
    at = html.find(_VISIBLE)
    while at >= 0:
        try:
            root, end = _tree(html, at)
        except (ValueError, IndexError):
            break
        terms: list[tuple[str, _Node]] = []
        _terms(root, terms)
        found.append(terms)
        at = html.find(_VISIBLE, end)
    return found


def recurring(docs: list[str]) -> dict[str, int]:
    """The terms found in two formulas or more of a page, each with its colour: the most
    widespread first (at most `PALETTE`), coloured in the order they first appear."""
    formulas = [f for doc in docs for f in _formulas(doc)]
    count: dict[str, int] = {}
    first: dict[str, tuple[int, int]] = {}  # (formula, place in it) where it first appears
    for i, terms in enumerate(formulas):
        for j, text in enumerate(dict.fromkeys(t for t, _ in terms)):
            count[text] = count.get(text, 0) + 1
            first.setdefault(text, (i, j))
    chosen = sorted((t for t, n in count.items() if n >= 2), key=lambda t: (-count[t], first[t]))[:PALETTE]
    return {t: i for i, t in enumerate(sorted(chosen, key=lambda t: first[t]))}


def colour(doc: str, colours: dict[str, int]) -> str:
    """One section's HTML with its recurring terms marked."""
    if not colours or _VISIBLE not in doc:
        return doc
    edits = []
    for terms in _formulas(doc):
        for text, node in terms:
            if text in colours:
                edits.append((node.start, node.tag_end, colours[text]))
    for start, end, n in sorted(edits, reverse=True):
        tag = doc[start:end]
        m = _CLASS.search(tag)
        if not m:
            continue
        marked = tag[: m.start()] + f'class="{m.group(1)} mc mc-{n}" data-mc="{n}"' + tag[m.end() :]
        doc = doc[:start] + marked + doc[end:]
    return doc


def colour_sections(sections: list[SectionView]) -> list[SectionView]:
    """A page's sections with the terms recurring across its formulas coloured alike."""
    colours = recurring([s.doc for s in sections])
    if not colours:
        return sections
    return [dataclasses.replace(s, doc=colour(s.doc, colours)) if _VISIBLE in s.doc else s for s in sections]
