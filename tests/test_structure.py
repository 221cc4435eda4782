"""The generator's shape: data flows one way, so no module of `sitegen` imports one that imports it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / 'generator' / 'sitegen'


def imports() -> dict[str, set[str]]:
    """Module (dotted, below `sitegen`) -> the `sitegen` modules it imports, anywhere in it (inside
    functions too); `from sitegen.stage import module` names the module."""
    modules = {
        '.'.join(p.relative_to(PACKAGE).with_suffix('').parts)
        for p in PACKAGE.rglob('*.py')
        if p.name != '__init__.py'
    }
    graph: dict[str, set[str]] = {}
    for name in sorted(modules):
        path = PACKAGE.joinpath(*name.split('.')).with_suffix('.py')
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith('sitegen'):
                base = node.module.removeprefix('sitegen').removeprefix('.')
                for alias in node.names:
                    inner = f'{base}.{alias.name}' if base else alias.name
                    found.add(inner if inner in modules else base)
            elif isinstance(node, ast.Import):
                found.update(
                    a.name.removeprefix('sitegen.') for a in node.names if a.name.startswith('sitegen.')
                )
        graph[name] = found & modules - {name}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the chain of modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_generator_has_no_import_cycles():
    graph = imports()
    assert len(graph) > 10 and 'building.build' in graph['commands.cli']
    assert cycle(graph) is None, ' -> '.join(cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({'a': {'b'}, 'b': {'c'}, 'c': {'a'}, 'd': set()}) == ['a', 'b', 'c', 'a']
    assert cycle({'a': {'b'}, 'b': set()}) is None


def test_each_stage_imports_only_its_own_and_earlier_stages():
    # The folders in the order data flows; the package's top level (the records, messages, what a
    # command prints, the caches) comes first.
    order = ['', 'reading', 'translation', 'sitewide', 'pages', 'building', 'serving', 'commands']
    graph = imports()
    assert {m.rpartition('.')[0] for m in graph} == set(order)

    def stage(module: str) -> int:
        return order.index(module.rpartition('.')[0])

    backwards = sorted(
        f'{m} imports {i}'
        for m, found in graph.items()
        if m != '__main__'
        for i in found
        if stage(i) > stage(m)
    )
    assert backwards == []
    assert stage('pages.page') > stage('reading.parse')  # the check compares what it should
