"""Tests of `sitegen.math`: math: find `$...$` / `$$...$$` in Markdown before Markdown sees it, and typeset
it with KaTeX."""

from __future__ import annotations

from pathlib import Path

from helpers import load, run
from sitegen import build as build_module


def test_invalid_latex_is_a_warning_and_an_error_when_strict(project: Path, capsys):
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Store $\\frac{x$'))
    assert run(project, 'build', '--no-cache') == 0
    err = capsys.readouterr().err
    assert 'warning: pkg/sub/model.py:23: KaTeX: KaTeX parse error' in err
    assert 'class="math-error"' in (project / 'out' / 'sub' / 'model.html').read_text()
    assert run(project, 'build', '--no-cache', '--strict') == 1
    assert 'error: pkg/sub/model.py:23: KaTeX' in capsys.readouterr().err


def test_each_distinct_formula_is_typeset_once_per_build_and_cached_across_builds(project: Path, monkeypatch):
    from sitegen.math import KaTeX

    calls: list[tuple[str, bool]] = []
    real = KaTeX.typeset

    def counting(self, tex, display):
        calls.append((tex, display))
        return real(self, tex, display)

    monkeypatch.setattr(KaTeX, 'typeset', counting)
    # The same formula on two pages and twice on one page.
    (project / 'pkg' / 'sub' / 'other.py').write_text('# $x$ and again $x$, and $\\alpha + \\beta$\nx = 1\n')
    cache = project / '.build_cache'
    build_module.build(load(project), ('en',), jobs=1, cache_dir=cache)
    assert sorted(calls) == sorted(set(calls)) and ('x', False) in calls and len(calls) == 3
    calls.clear()
    (project / 'pkg' / 'sub' / 'other.py').write_text('# $x$ once more\nx = 2\n')
    build_module.build(load(project), ('en',), jobs=1, cache_dir=cache)
    assert calls == []
