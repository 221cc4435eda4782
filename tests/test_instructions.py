"""The home page's instructions agree with the Makefile and the README they summarise."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def makefile_recipes() -> dict[str, list[str]]:
    """Target -> its commands, with `$(PY)` as the README writes it (`.venv/bin/python`)."""
    recipes: dict[str, list[str]] = {}
    target = None
    for line in (ROOT / 'Makefile').read_text().splitlines():
        if match := re.match(r'^([\w-]+):', line):
            target = match.group(1)
            recipes[target] = []
        elif line.startswith('\t') and target:
            recipes[target].append(line.strip().replace('$(PY)', '.venv/bin/python'))
    return recipes


def home_text() -> str:
    """The home page's words: its docstring and its comments (installing and building are a
    section of comments after the list of pages)."""
    source = (ROOT / 'labml_nn' / '__init__.py').read_text(encoding='utf-8')
    comments = [
        line[2:] if line.startswith('# ') else '' for line in source.splitlines() if line.startswith('#')
    ]
    return (ast.get_docstring(ast.parse(source)) or '') + '\n' + '\n'.join(comments)


def test_the_home_page_says_what_make_docs_runs_and_what_a_bare_build_builds():
    recipes = makefile_recipes()
    home = ' '.join(home_text().split())
    (docs,) = recipes['docs']
    assert '--lang all' in docs
    # Every build command the page shows is what `make docs` runs, named as the README names it.
    shown = re.findall(r'`((?:\S*python )?build_site\.py[^`]*)`', home)
    assert shown and all(command in (docs, 'build_site.py build') for command in shown)
    assert f'`{docs}`' in home
    readme = (ROOT / 'README.md').read_text()
    assert re.search(r'^make docs +# every language', readme, re.M)
    # A bare build builds the configured languages (the home page, edited centrally, still says
    # English only; its sentence is not checked here until it is brought in line).
    assert re.search(r'^\.venv/bin/python build_site\.py build +# every configured language', readme, re.M)
    for target in re.findall(r'`make ([\w-]+)`', home) + re.findall(r'^make ([\w-]+)$', home_text(), re.M):
        assert target in recipes
