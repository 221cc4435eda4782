"""Names in the code that lead somewhere: definitions get anchors, imported ones link to them.

Everything is found statically with `ast`, never by importing: a page's top-level classes and
functions, and the methods of its top-level classes, get an anchor `def-Name` (`def-Class.method`)
on the line that defines them. A name that a page imports from another page of the site
(`from labml_nn.transformers.models import Encoder`, or `from .models import Encoder`) links to
that anchor wherever it appears in the page's code. Imports are followed through re-exports, so a
name imported from a package's `__init__.py` that itself imports it reaches the defining page.

The symbol table is read from every source on each build (an `ast.parse` per file, milliseconds),
and the part one page uses is hashed into that page's cache key, so renaming or moving a class
re-renders exactly the pages that link to it.
"""

from __future__ import annotations

import ast
import re
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field

from sitegen.doc import relative_url
from sitegen.reading.parse import BLOCKS, DEFINITIONS, syntax_tree

ANCHOR_PREFIX = 'def-'


@dataclass(frozen=True)
class ModuleSymbols:
    """What one source defines and imports, found without running it."""

    module: str  # dotted name, e.g. labml_nn.transformers.mha
    page: str  # its page, e.g. transformers/mha.html
    defined: dict[str, int] = field(default_factory=dict)  # name or Class.method -> line
    imports: dict[str, tuple[str, str]] = field(default_factory=dict)  # local name -> (module, name)


def module_name(package: str, rel_in_package: str) -> str:
    """`transformers/mha.py` in package `labml_nn` is `labml_nn.transformers.mha`."""
    parts = [package] + rel_in_package[: -len('.py')].split('/')
    if parts[-1] == '__init__':
        parts.pop()
    return '.'.join(parts)


def read_symbols(source: str, module: str, page: str, is_package: bool) -> ModuleSymbols:
    """Definitions and `from ... import` names of one source; an unparsable source has none."""
    try:
        tree = syntax_tree(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # the page says why, if it can be built
        return ModuleSymbols(module, page)
    return symbols_of(tree, module, page, is_package)


def symbols_of(tree: ast.Module, module: str, page: str, is_package: bool) -> ModuleSymbols:
    """`read_symbols` of a source whose syntax tree is read already."""
    symbols = ModuleSymbols(module, page)
    for node in tree.body:
        if isinstance(node, DEFINITIONS):
            symbols.defined.setdefault(node.name, node.lineno)
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, DEFINITIONS):
                    symbols.defined.setdefault(f'{node.name}.{item.name}', item.lineno)
    package = module if is_package else module.rpartition('.')[0]
    for node in _import_froms(tree):
        base = _absolute(package, node.module, node.level)
        if base is None:
            continue
        for alias in node.names:
            if alias.name != '*':
                symbols.imports.setdefault(alias.asname or alias.name, (base, alias.name))
    return symbols


def _import_froms(tree: ast.Module) -> Iterator[ast.ImportFrom]:
    """`from ... import` statements in the order `ast.walk` meets them, visiting statements only:
    an import never sits inside an expression, and skipping expressions is several times faster."""
    queue: deque[ast.AST] = deque([tree])
    while queue:
        node = queue.popleft()
        if isinstance(node, ast.ImportFrom):
            yield node
        for block in BLOCKS:
            children = getattr(node, block, None)
            if isinstance(children, list):
                queue.extend(children)


def _absolute(package: str, module: str | None, level: int) -> str | None:
    if level == 0:
        return module
    parts = package.split('.') if package else []
    if level - 1 > len(parts):
        return None
    parts = parts[: len(parts) - (level - 1)]
    return '.'.join(parts + ([module] if module else []))


def cross_links(
    page: str, table: dict[str, ModuleSymbols], by_module: dict[str, ModuleSymbols] | None = None
) -> dict[str, str]:
    """Local name -> `other/page.html#def-Name` for each name the page imports from another page.
    `by_module`: the same table by module name (`modules(table)`), made once for every page."""
    by_module = by_module if by_module is not None else modules(table)
    here = table.get(page)
    if here is None:
        return {}
    links = {}
    for local, (module, name) in sorted(here.imports.items()):
        target = _resolve(module, name, by_module, set())
        if target is not None and target[0] != page and local not in here.defined:
            links[local] = f'{relative_url(page, target[0])}#{ANCHOR_PREFIX}{target[1]}'
    return links


def modules(table: dict[str, ModuleSymbols]) -> dict[str, ModuleSymbols]:
    return {s.module: s for s in table.values()}


def _resolve(
    module: str, name: str, by_module: dict[str, ModuleSymbols], seen: set[tuple[str, str]]
) -> tuple[str, str] | None:
    """(page, name) that defines `module.name`, following re-exports; None outside the site."""
    symbols = by_module.get(module)
    if symbols is None or (module, name) in seen:
        return None
    seen.add((module, name))
    if name in symbols.defined:
        return symbols.page, name
    imported = symbols.imports.get(name)
    return None if imported is None else _resolve(*imported, by_module, seen)


# ---------------------------------------------------------------- HTML of the code column

# A plain name, not an attribute (`x.Encoder` is some other object's `Encoder`).
_USE = re.compile(r'(?<!<span class="o">\.</span>)<span class="n">([A-Za-z_][A-Za-z_0-9]*)</span>')


# A definition's name as Pygments marks it; one pattern for every name (the name is compared after).
_DEFINITION = re.compile(r'<span class="(nc|nf|fm)">([^<]*)</span>')


def anchor_definitions(lines: list[str], defined: dict[str, int]) -> list[str]:
    """Give each definition's name on its `class`/`def` line the id `def-Name`: the first span of
    a class or function name on that line that reads the name."""
    out = list(lines)
    for qualified, line in defined.items():
        if not 1 <= line <= len(out):
            continue
        short = qualified.rpartition('.')[2]
        text = out[line - 1]
        for m in _DEFINITION.finditer(text):
            if m.group(2) == short:
                anchored = f'<span class="{m.group(1)}" id="{ANCHOR_PREFIX}{qualified}">{short}</span>'
                out[line - 1] = text[: m.start()] + anchored + text[m.end() :]
                break
    return out


def link_names(lines: list[str], links: dict[str, str]) -> list[str]:
    """Wrap each use of an imported name in a link to its definition on the other page."""
    if not links:
        return list(lines)

    def replace(m: re.Match) -> str:
        href = links.get(m.group(1))
        return m.group(0) if href is None else f'<a class="n xref" href="{href}">{m.group(1)}</a>'

    return [_USE.sub(replace, line) for line in lines]
