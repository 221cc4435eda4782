"""Tests of `sitegen.reading.identifiers`: the names each source defines and imports, anchors on the
definitions in the code column, and links from an imported name to the page that defines it."""

from __future__ import annotations

from pathlib import Path

from sitegen.reading import identifiers


def test_symbols_follow_relative_imports_and_reexports(tmp_path: Path):
    pkg = tmp_path / 'pkg'
    (pkg / 'sub').mkdir(parents=True)
    (pkg / '__init__.py').write_text('from .sub.model import Thing\n')
    (pkg / 'sub' / '__init__.py').write_text('')
    (pkg / 'sub' / 'model.py').write_text(
        'class Thing:\n    def go(self):\n        pass\n\ndef helper():\n    pass\n'
    )
    (pkg / 'use.py').write_text(
        'from pkg import Thing\nfrom .sub.model import helper as h, missing\n'
        'from os import path\n\ndef Thing2():\n    return Thing()\n'
    )
    sources = [
        (pkg / '__init__.py', '__init__.py', 'index.html'),
        (pkg / 'sub' / '__init__.py', 'sub/__init__.py', 'sub/index.html'),
        (pkg / 'sub' / 'model.py', 'sub/model.py', 'sub/model.html'),
        (pkg / 'use.py', 'use.py', 'use.html'),
    ]
    table = {
        page: identifiers.read_symbols(
            path.read_text(), identifiers.module_name('pkg', rel), page, rel.endswith('__init__.py')
        )
        for path, rel, page in sources
    }
    assert table['sub/model.html'].defined == {'Thing': 1, 'Thing.go': 2, 'helper': 5}
    assert identifiers.cross_links('use.html', table) == {
        'Thing': 'sub/model.html#def-Thing',
        'h': 'sub/model.html#def-helper',
    }
    assert identifiers.cross_links('index.html', table) == {'Thing': 'sub/model.html#def-Thing'}
    assert identifiers.cross_links('sub/model.html', table) == {}


def test_unparsable_source_has_no_symbols():
    assert identifiers.read_symbols('def (:\n', 'm', 'm.html', False).defined == {}


def test_code_html_gets_anchors_and_links():
    lines = [
        '<span class="k">class</span> <span class="nc">Encoder</span>(<span class="n">Layer</span>):',
        '    <span class="k">def</span> <span class="nf">forward</span>(<span class="bp">self</span>):',
        '        <span class="n">x</span> <span class="o">=</span> <span class="n">Layer</span>'
        '<span class="o">.</span><span class="n">Layer</span>',
    ]
    anchored = identifiers.anchor_definitions(lines, {'Encoder': 1, 'Encoder.forward': 2})
    assert '<span class="nc" id="def-Encoder">Encoder</span>' in anchored[0]
    assert '<span class="nf" id="def-Encoder.forward">forward</span>' in anchored[1]
    linked = identifiers.link_names(anchored, {'Layer': '../l.html#def-Layer'})
    assert linked[0].count('<a class="n xref" href="../l.html#def-Layer">Layer</a>') == 1
    # `Layer.Layer`: the attribute is some other object's name and stays plain.
    assert linked[2].count('class="n xref"') == 1 and linked[2].endswith('<span class="n">Layer</span>')
