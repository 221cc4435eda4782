"""A package written for the literate tools that came before: it builds, reads as meant, reuses its cache.

`tests/fixtures/literate` is such a package: docstrings that are not raw strings but hold LaTeX,
Sphinx field lists, comments right under `def` lines, an image in an asset folder, an image that is
missing, a link to a missing anchor, and a Chinese cache whose keys another tool wrote (character
references, other line breaks and quoting) for the same English text.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from sitegen.build import build
from sitegen.cli import main
from sitegen.config import load_config

FIXTURE = Path(__file__).resolve().parent / 'fixtures' / 'literate'


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    return Path(shutil.copytree(FIXTURE, tmp_path / 'literate'))


def run(project: Path, *args: str) -> int:
    return main(['--root', str(project), 'build', '--lang', 'all', *args])


def section_of(html: str, text: str) -> str:
    """The `<section>` of a page that holds `text`."""
    return next(s for s in re.findall(r'<section.*?</section>', html, re.S) if text in s)


def test_it_builds_with_default_flags_and_lists_its_warnings(project, capsys):
    report = project / 'report.json'
    assert run(project, '--report', str(report)) == 0
    err = capsys.readouterr().err
    assert "warning: lit/__init__.py:15: broken link 'images/missing.png'" in err
    assert 'looked for lit/images/missing.png, in images/, and the output folder site/' in err
    assert (
        "warning: lit/__init__.py:18: broken link 'model.html#nowhere': no anchor #nowhere in model.html"
        in err
    )
    data = json.loads(report.read_text())
    # The docstrings are not raw, as many annotated packages write them: the page shows them as
    # typed, and a warning says that Python itself reads `\f`, `\t` in them as escapes.
    assert [(w['file'], w['line'], w['kind']) for w in data['warnings']] == [
        ('lit/__init__.py', 10, 'source'),
        ('lit/__init__.py', 15, 'link'),
        ('lit/__init__.py', 18, 'link'),
        ('lit/model.py', 9, 'source'),
        ('lit/model.py', 59, 'source'),
    ]
    assert data['errors'] == [] and data['translation']['zh'] == {
        'found': 12,
        'outdated': 0,
        'missing': 0,
        'invalid': 0,
    }
    # Under --strict the same warnings are errors, and the site is left as it was.
    before = (project / 'site' / 'index.html').read_bytes()
    (project / 'lit' / '__init__.py').write_text((project / 'lit' / '__init__.py').read_text() + '\n')
    assert run(project, '--strict') == 1
    assert 'error: lit/__init__.py:15: broken link' in capsys.readouterr().err
    assert (project / 'site' / 'index.html').read_bytes() == before


def test_docstrings_that_are_not_raw_typeset_their_formulas(project):
    assert run(project) == 0
    home = (project / 'site' / 'index.html').read_text()
    model = (project / 'site' / 'model.html').read_text()
    for page in (home, model):
        assert 'math-error' not in page
    assert '<annotation encoding="application/x-tex">\\frac{1}{\\sqrt{d_k}}</annotation>' in home
    assert '\\theta_t = \\theta_{t-1} - \\alpha \\nabla_\\theta' in home
    assert '\\beta_1, \\beta_2' in home and '\\vec{v} \\cdot \\vec{w}' in home
    assert 'A price is $5, not math.' in home
    assert '\\theta \\leftarrow \\theta - \\alpha \\nabla_\\theta \\mathcal{L}' in model
    assert not re.search('[\x07\x08\x0b\x0c]', home + model)  # no escape became a control character
    result = build(load_config(project), ('en',), jobs=1)
    assert sum(p.math for p in result.pages) == 13


def test_field_lists_read_as_lists_with_names_as_code(project):
    assert run(project) == 0
    model = (project / 'site' / 'model.html').read_text()
    attention = section_of(model, '<h2>Attention</h2>')
    items = re.findall(r'<li>(.*?)</li>', attention, re.S)
    assert len(items) == 5
    assert re.match(r'<code class="highlight">.*d_model.*</code>: the number of features', items[0])
    assert 'which is split between the heads' in items[0]  # the continuation line joined its field
    assert items[3] == '<strong>Returns:</strong> nothing; this is a constructor'
    assert items[4].startswith('<strong>Raises</strong> <code class="highlight">')
    assert 'class="katex"' in items[2]  # math inside a field is typeset


def test_definitions_sit_with_the_comment_that_documents_them(project):
    assert run(project) == 0
    model = (project / 'site' / 'model.html').read_text()
    scale = section_of(model, 'keeps the dot products from growing')
    assert re.findall(r'data-n="(\d+)"', scale)[:4] == ['35', '36', '37', '38']  # decorator and signature
    assert '@staticmethod' in scale
    call = section_of(model, 'Dot products of the query with every key')
    assert re.findall(r'data-n="(\d+)"', call) == ['42', '44']
    attention = section_of(model, '<h2>Attention</h2>')
    assert 'def-Attention.scale' not in attention and 'def-Attention.__call__' not in attention


def test_assets_are_found_and_translated_pages_link_to_them(project):
    assert run(project) == 0
    site = project / 'site'
    assert (site / 'images' / 'attention.png').read_bytes() == (
        FIXTURE / 'images' / 'attention.png'
    ).read_bytes()
    assert 'src="images/attention.png"' in (site / 'index.html').read_text()
    assert 'src="../images/attention.png"' in (site / 'zh' / 'index.html').read_text()


def test_a_cache_another_tool_wrote_is_used_whole(project):
    written = json.loads((project / 'translate_cache' / 'model.zh.json').read_text())
    assert sum('&#x27;' in k or 'translate="no"' in k or '</li><li>' in k for k in written) >= 6
    result = build(load_config(project), ('en', 'zh'), jobs=1)
    stats = result.translation()['zh']
    assert stats['found'] / (stats['found'] + stats['missing']) >= 0.97
    zh = result.files['zh/model.html'].decode()
    assert '<h2>注意力</h2>' in zh and '这是最小的一步' in zh and 'lang="en"' not in zh.split('<main', 1)[1]
