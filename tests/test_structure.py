"""The generator's shape: data flows one way, so no module of `sitegen` imports one that imports it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / 'generator' / 'sitegen'


def imports() -> dict[str, set[str]]:
    """Module -> the `sitegen` modules it imports, anywhere in it (inside functions too)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.glob('*.py')):
        name = path.stem
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith('sitegen'):
                if node.module == 'sitegen':
                    found.update(alias.name for alias in node.names)
                else:
                    found.add(node.module.split('.')[1])
            elif isinstance(node, ast.Import):
                found.update(a.name.split('.')[1] for a in node.names if a.name.startswith('sitegen.'))
        graph[name] = found - {name}
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
    assert len(graph) > 10 and 'build' in graph['cli']
    assert cycle(graph) is None, ' -> '.join(cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({'a': {'b'}, 'b': {'c'}, 'c': {'a'}, 'd': set()}) == ['a', 'b', 'c', 'a']
    assert cycle({'a': {'b'}, 'b': set()}) is None


def test_the_model_and_the_early_stages_import_no_later_stage():
    graph = imports()
    later = {
        'build',
        'cli',
        'web',
        'server',
        'watcher',
        'translators',
        'workers',
        'page',
        'output',
        'sitefiles',
    }
    for early in ('doc', 'errors', 'parse', 'math', 'markup', 'highlight', 'sanitize', 'catalog'):
        assert not graph[early] & later, (early, graph[early] & later)
