"""`annotated-site new FOLDER`: a project that builds, with one page showing every convention.

It writes `[tool.site]` into the folder's `pyproject.toml` (a new one, or added to one that has
no such table) and a package of two pages: its index, and an annotated module whose comments are
the authoring guide in brief (`generator/README.md` is the guide in full). Nothing is overwritten.
"""

from __future__ import annotations

import re
from pathlib import Path

from sitegen.errors import UsageError, display_path

PYPROJECT = """\
[tool.site]
# Everything here may be left out: without it the site documents the one package of the
# project, titled with its name, in English. See the guide: annotated-site's README.md.
title = "{title}"
source = "{package}"
output = "site"
languages = ["en"]
# The site's address: canonical links, the sitemap and the citations of pages use it.
# url = "https://you.example/{package}/"
# The repository the sources are in: pages link each file there, at the built commit.
# repository = "https://github.com/you/{package}"
# Where readers report a problem with a section (a "Report a problem" link on each).
# issues = "https://github.com/you/{package}/issues/new"
# Sources that are no pages (globs, relative to the source folder).
# exclude = ["scratch/*", "*_test.py"]
"""

INDEX = '''"""
---
title: {title}
summary: Annotated implementations, each comment beside the code it explains.
---

# {title}

* [A linear layer](linear.html): the example page, showing every convention of a page.
"""
'''

EXAMPLE = r'''r"""
---
title: A linear layer
summary: The example page of a new project, written to show every convention of a page.
paper:
  title: "Learning representations by back-propagating errors"
  authors: [David E. Rumelhart, Geoffrey E. Hinton, Ronald J. Williams]
  year: 1986
  doi: 10.1038/323533a0
  venue: Nature
---

# A linear layer

The module docstring is the page's opening text: Markdown, with the YAML front matter above
giving the page its `title` and `summary`, and the `paper` it implements (its card and BibTeX).

Math is written as in LaTeX, inline $y = W x + b$ or displayed:

$$\frac{\partial L}{\partial W} = \frac{\partial L}{\partial y} x^\top$$

A docstring with backslashes is a raw string (an `r` before its quotes), as this one is, so
that `\frac` stays `\frac`. Links to other pages are relative: back to [the index](index.html),
or to a definition on a page, such as [`Linear`](#Linear) here.
"""

import random


# <a id="Linear"></a>
#
# ## The layer
#
# Each comment block becomes the text beside the code that follows it.
class Linear:
    """
    A class's or function's docstring is a section of its own.

    * `n_in` is the number of inputs, `n_out` of outputs
    """

    def __init__(self, n_in: int, n_out: int, seed: int = 0):
        rng = random.Random(seed)
        # Weights $W \in \mathbb{R}^{n_{out} \times n_{in}}$, small and random
        self.w = [[rng.gauss(0, n_in**-0.5) for _ in range(n_in)] for _ in range(n_out)]
        # Bias $b$, zero to start with
        self.b = [0.0] * n_out

    def __call__(self, x: list[float]) -> list[float]:
        # $y_i = \sum_j W_{ij} x_j + b_i$
        return [sum(w * v for w, v in zip(row, x)) + b for row, b in zip(self.w, self.b)]


#
def main():
    # A lone `#` above starts a section with no text, for code that needs none.
    layer = Linear(3, 2)
    print(layer([1.0, 2.0, 3.0]))


if __name__ == '__main__':
    main()
'''


def package_name(folder: Path) -> str:
    """The import name a folder's project gets: its name in lower case, `-` and spaces as `_`."""
    name = re.sub(r'\W+', '_', folder.resolve().name.lower()).strip('_')
    if not name or name[0].isdigit():
        name = 'notes_' + name if name else 'notes'
    return name


def new_project(folder: Path, package: str | None = None) -> list[Path]:
    """Write the project into `folder` (made when missing); the files written, in order."""
    package = package or package_name(folder)
    if not package.isidentifier():
        raise UsageError(f'--package {package!r}: not a Python package name')
    title = package.replace('_', ' ').capitalize()
    pyproject = folder / 'pyproject.toml'
    existing = pyproject.read_text(encoding='utf-8') if pyproject.is_file() else ''
    if re.search(r'^\[tool\.site\]', existing, re.MULTILINE):
        raise UsageError(f'{display_path(pyproject)} already has [tool.site]: nothing written')
    pkg = folder / package
    for path in (pkg / '__init__.py', pkg / 'linear.py'):
        if path.exists():
            raise UsageError(f'{display_path(path)} exists: nothing written')
    pkg.mkdir(parents=True, exist_ok=True)
    table = PYPROJECT.format(title=title, package=package)
    pyproject.write_text((existing.rstrip('\n') + '\n\n' if existing.strip() else '') + table)
    (pkg / '__init__.py').write_text(INDEX.format(title=title))
    (pkg / 'linear.py').write_text(EXAMPLE)
    return [pyproject, pkg / '__init__.py', pkg / 'linear.py']
