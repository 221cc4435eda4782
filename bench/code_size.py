"""The generator's module sizes and its longest functions (lines, from the ast).

python bench/code_size.py [PACKAGE_DIR] [--top N]
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path


def measure(package: Path) -> tuple[dict[str, int], list[tuple[int, str]]]:
    sizes: dict[str, int] = {}
    functions: list[tuple[int, str]] = []
    for path in sorted(package.rglob('*.py')):
        if 'vendor' in path.parts:
            continue
        name = path.relative_to(package).as_posix()
        text = path.read_text(encoding='utf-8')
        sizes[name] = len(text.splitlines())
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno:
                functions.append((node.end_lineno - node.lineno + 1, f'{name}:{node.lineno} {node.name}'))
    functions.sort(key=lambda item: (-item[0], item[1]))
    return sizes, functions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        'package', nargs='?', default=str(Path(__file__).parent.parent / 'generator' / 'sitegen')
    )
    parser.add_argument('--top', type=int, default=5, help='how many of the longest functions to list')
    args = parser.parse_args()
    sizes, functions = measure(Path(args.package))
    for name, lines in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f'{lines:6} {name}')
    print(f'{sum(sizes.values()):6} total, {len(sizes)} modules')
    print(f'the {args.top} longest functions:')
    for lines, where in functions[: args.top]:
        print(f'{lines:6} {where}')


if __name__ == '__main__':
    main()
