"""Tests of `sitegen.building.build`: the build: sources -> page jobs -> pages (cached, or rendered by workers) ->
the site's files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers import LITERATE, Page, build_and_read, configured, literate_run, load, run
from sitegen.building import build as build_module


def test_build_writes_a_checked_site(project: Path):
    report = project / 'report.json'
    assert run(project, 'build', '--jobs', '1', '--no-cache', '--report', str(report)) == 0
    out = project / 'out'
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob('*.html')) == [
        'index.html',
        'sub/index.html',
        'sub/model.html',
    ]
    assert (out / '.nojekyll').exists() and (out / 'sub' / 'diagram.svg').exists()
    assert (out / 'static' / 'site.css').exists() and (out / 'static' / 'katex' / 'katex.min.css').exists()
    fonts = list((out / 'static' / 'katex' / 'fonts').glob('*.woff2'))
    assert fonts, 'KaTeX fonts must ship with the site'

    model = Page((out / 'sub' / 'model.html').read_text())
    assert not model.stack
    # Each section named from what it documents, its number kept as a second anchor.
    assert len(model.sections) == 5 == len(set(model.sections))
    assert not any(s.startswith('section-') for s in model.sections)
    assert {f'section-{i}' for i in range(5)} <= model.ids
    assert {'Thing', 'section-0'} <= model.ids
    source = (project / 'pkg' / 'sub' / 'model.py').read_text().splitlines()
    # Line numbers are the source's: every shown line number names that line of the file.
    assert model.lines == sorted(model.lines) and model.lines[0] == 7
    assert all(text == source[n - 1] for n, text in zip(model.lines, model.line_texts))
    assert set(range(1, len(source) + 1)) - set(model.lines) == {
        1,
        2,
        3,
        4,
        5,
        6,
        8,
        9,
        11,
        12,
        14,
        15,
        16,
        17,
        18,
        19,
        20,
        21,  # a blank edge now: `def __init__` goes with the comment that opens its body
        23,
        25,
        26,
    }
    assert model.katex == 2
    assert '../index.html' in model.links
    assert 'https://github.com/example/fixture/blob/{commit}/pkg/sub/model.py' not in model.links  # site.js
    assert 'model.py' in model.links  # the page's own source, carried
    html = (out / 'sub' / 'model.html').read_text()
    assert '<script>alert' not in html and '&lt;/pre&gt;&lt;script&gt;' in html

    home = Page((out / 'index.html').read_text())
    assert 'sub/model.html#Thing' in home.links and home.katex == 1
    sitemap = (out / 'sitemap.xml').read_text()
    assert '<loc>https://example.org/site/sub/model.html</loc>' in sitemap
    assert '<loc>https://example.org/site/</loc>' in sitemap

    data = json.loads(report.read_text())
    assert data['pages'] == 3 and data['math'] == 3 and data['errors'] == [] and data['seconds'] > 0
    # The home page's list of every page is a section of the page, not of its source.
    assert 'site-contents' in home.sections
    assert data['sections'] == 5 + len([s for s in home.sections if s != 'site-contents']) + 1


def test_a_source_python_rejects_is_reported_and_the_rest_still_builds(project: Path, capsys, monkeypatch):
    (project / 'pkg' / 'broken.py').write_text('x = (\n  1,\n')
    result = build_module.build(load(project), ('en',), jobs=1)
    assert [m.file for m in result.messages.errors] == ['pkg/broken.py']
    assert result.messages.errors[0].line in (1, 2, 3)
    assert 'sub/model.html' in result.files
    assert run(project, 'build', '--no-cache') == 1
    assert 'error: pkg/broken.py:' in capsys.readouterr().err


def test_builds_are_deterministic_across_jobs_and_cache(project: Path):
    config = load(project)
    cold = build_module.build(config, ('en',), jobs=1).files
    parallel = build_module.build(config, ('en',), jobs=2).files
    cache = project / '.build_cache'
    first = build_module.build(config, ('en',), jobs=2, cache_dir=cache)
    again = build_module.build(config, ('en',), jobs=2, cache_dir=cache)
    assert cold == parallel == first.files == again.files
    assert again.reused == 3


def test_pages_are_rendered_with_fewer_collections_and_the_caller_keeps_its_collector(
    project: Path, monkeypatch
):
    """While pages are rendered, Python's collector runs every 10,000 new objects (at the default 700
    it takes a twentieth of a build's time); the program that called the build gets its own settings
    back, whether the build ends well or not."""
    import gc

    from sitegen.building import workers
    from sitegen.pages import page

    seen = []
    real = page.render
    monkeypatch.setattr(page, 'render', lambda *a: seen.append(gc.get_threshold()) or real(*a))
    before = gc.get_threshold()
    gc.set_threshold(500, 7, 9)
    try:
        build_module.build(load(project), ('en',), jobs=1)
        assert seen and set(seen) == {workers.COLLECT_EVERY} and gc.get_threshold() == (500, 7, 9)
        monkeypatch.setattr(page, 'render', lambda *a: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            build_module.build(load(project), ('en',), jobs=1)
        assert gc.get_threshold() == (500, 7, 9)
    finally:
        gc.set_threshold(*before)


def test_a_build_without_a_cache_keeps_its_pages_on_disk_until_it_is_written(project: Path):
    """Without a build cache the rendered pages still wait on disk, not in memory (a large site's
    HTML is hundreds of megabytes as text), in a temporary folder that goes with the result."""
    import gc

    config = load(project)
    result = build_module.build(config, ('en', 'zh'), jobs=2)
    assert all(page.html is None for r in result.pages for page in r.languages)
    folder = Path(result.spill.name)
    assert len(list((folder / 'pages').glob('*.page'))) == len(result.pages)
    cached = build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=project / '.cache-elsewhere')
    assert result.files == cached.files
    del result
    gc.collect()
    assert not folder.exists() and not (project / '.build_cache').exists()


def test_writing_never_renders_a_page_the_cache_lost_meanwhile(project: Path, monkeypatch):
    from sitegen.pages import page as page_module

    config = load(project)
    cache = project / '.build_cache'
    build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    result = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert result.reused == 3
    for path in cache.rglob('*.page'):
        path.unlink()

    def no_render(*args, **kwargs):
        raise AssertionError('a page was rendered while its files were written')

    monkeypatch.setattr(page_module, 'render', no_render)
    with pytest.raises(FileNotFoundError, match='the build cache lost this page'):
        result.files  # noqa: B018


@pytest.mark.parametrize(
    'make, message',
    [
        (lambda pkg: (pkg / 'gone.py').symlink_to(pkg / 'nowhere.py'), 'gone.py:1: a link to'),
        (lambda pkg: (pkg / 'loop.py').symlink_to(pkg / 'loop.py'), 'loop.py:1: cannot read'),
        (lambda pkg: (pkg / 'folder.py').mkdir(), 'folder.py:1: a folder named like a Python file'),
        (
            lambda pkg: (pkg / 'sub' / 'index.py').write_text('x = 1\n'),
            'would both be the page sub/index.html',
        ),
    ],
)
def test_a_source_that_cannot_be_a_page_is_an_error_and_the_rest_is_built(project, capsys, make, message):
    make(project / 'pkg')
    code, err = build_and_read(project, capsys, '--out', str(project / 'elsewhere'))
    assert code == 1 and message in err
    assert not (project / 'elsewhere').exists()  # an error: nothing written
    from sitegen.building.build import build
    from sitegen.reading.config import load_config

    result = build(load_config(project), ('en',), jobs=1)
    assert 'sub/model.html' in result.files and len(result.messages.errors) == 1


def test_it_builds_with_default_flags_and_lists_its_warnings(literate_project, capsys):
    report = literate_project / 'report.json'
    assert literate_run(literate_project, '--report', str(report)) == 0
    err = capsys.readouterr().err
    assert "warning: lit/__init__.py:15: broken link 'images/missing.png'" in err
    assert 'looked for lit/images/missing.png, in images/ and the output folder site/' in err
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
    before = (literate_project / 'site' / 'index.html').read_bytes()
    (literate_project / 'lit' / '__init__.py').write_text(
        (literate_project / 'lit' / '__init__.py').read_text() + '\n'
    )
    assert literate_run(literate_project, '--strict') == 1
    assert 'error: lit/__init__.py:15: broken link' in capsys.readouterr().err
    assert (literate_project / 'site' / 'index.html').read_bytes() == before


def test_a_syntax_error_fails_its_page_alone_and_the_command(tmp_path, capsys):
    configured(tmp_path, 'url = "https://notes.test/"\n')
    assert run(tmp_path, 'build') == 0
    out = tmp_path / 'docs'
    before = (out / 'model.html').read_bytes()
    (tmp_path / 'notes' / 'model.py').write_text('"""\n# Model\n"""\nx = (\n')
    (tmp_path / 'notes' / 'sub' / 'deep.py').write_text('"""\n# Deeper\n"""\nx = 2\n')
    assert run(tmp_path, 'build') == 1
    err = capsys.readouterr().err
    assert "notes/model.py:4: '(' was never closed" in err and '1 page failed (model.html)' in err
    assert '<title>Deeper' in (out / 'sub' / 'deep.html').read_text()  # the others are built
    assert (out / 'model.html').read_bytes() == before  # the failed page keeps its last output
    # Warnings made errors (--strict) are not a page's failure: nothing is written then.
    (tmp_path / 'notes' / 'sub' / 'deep.py').write_text('"""\n# Deepest [x](missing.html)\n"""\nx = 2\n')
    assert run(tmp_path, 'build', '--strict') == 1
    assert '<title>Deeper' in (out / 'sub' / 'deep.html').read_text()


def test_a_cold_build_parses_each_source_once(tmp_path, monkeypatch):
    """In one process: the first pass (title, symbols) parses each source once, reading its symbols
    from the same syntax tree, and each page's build uses that parse. A build whose first pass is
    cached parses each page's source once, in the page's build, and makes the same site."""
    import ast

    from sitegen.building.build import build
    from sitegen.reading import parse
    from sitegen.reading.config import load_config

    project = Path(shutil.copytree(LITERATE, tmp_path / 'literate'))
    sources = [p for p in (project / 'lit').rglob('*.py')]
    counted: list[str] = []
    parse_source = parse.parse_source_and_tree  # what every parse of a source runs
    monkeypatch.setattr(
        parse, 'parse_source_and_tree', lambda text, path='': counted.append(path) or parse_source(text, path)
    )
    trees: list[str] = []
    real_ast_parse = ast.parse
    monkeypatch.setattr(
        ast, 'parse', lambda text, *a, **k: trees.append(text) or real_ast_parse(text, *a, **k)
    )
    cache = tmp_path / 'cache'
    once = build(load_config(project), ('en', 'zh'), jobs=1, cache_dir=cache)
    assert sorted(counted) == sorted(str(p.relative_to(project)) for p in sources)
    assert len(trees) == len(counted)  # one syntax tree a parse: the symbols are read from the first pass's
    monkeypatch.setattr(ast, 'parse', real_ast_parse)
    shutil.rmtree(cache / 'pages')  # the pages built again, the first pass cached
    counted.clear()
    twice = build(load_config(project), ('en', 'zh'), jobs=1, cache_dir=cache)
    assert len(counted) == len(sources)
    assert once.files == twice.files and [m.as_dict() for m in once.messages.warnings] == [
        m.as_dict() for m in twice.messages.warnings
    ]
