"""End to end: a small package built into a site, checked with a real HTML parser."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitegen import build as build_module
from sitegen import output as site_output
from sitegen.catalog import dump_cache
from sitegen.cli import main
from sitegen.config import load_config

PYPROJECT = """
[tool.site]
title = "Fixture Site"
url = "https://example.org/site/"
repository = "https://github.com/example/fixture"
issues = "https://github.com/example/fixture/issues/new"
branch = "main"
source = "pkg"
output = "out"
languages = ["en"]
"""

HOME = '''\
r"""
---
title: Fixture home
summary: A tiny package for testing.
---

# Fixture home

See [the model](sub/model.html#Thing) and [its page](sub/model.html).
Math: $\\alpha + \\beta$.

![diagram](sub/diagram.svg)
"""
'''

MODEL = '''\
r"""
# The model

$$\\frac{Q K^\\top}{\\sqrt{d_k}}$$
"""

import math

# Escaping check: `</pre>` in code
HTML = "</pre><script>alert(1)</script>"  # a string, not markup


class Thing:
    """
    <a id="Thing"></a>

    ## A thing

    Back [home](../index.html).
    """

    def __init__(self, x: int):
        # Store $x$
        self.x = x

    #
    def twice(self):
        return 2 * self.x
'''


def make_project(root: Path) -> Path:
    (root / 'pkg' / 'sub').mkdir(parents=True)
    (root / 'pyproject.toml').write_text(PYPROJECT)
    (root / 'pkg' / '__init__.py').write_text(HOME)
    (root / 'pkg' / 'sub' / '__init__.py').write_text('"""\n# Sub package\n"""\n')
    (root / 'pkg' / 'sub' / 'model.py').write_text(MODEL)
    (root / 'pkg' / 'sub' / 'diagram.svg').write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    return root


def run(root: Path, *args: str) -> int:
    return main(['--root', str(root), *args])


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under a folder (hidden ones included), by relative path."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob('*')) if p.is_file()
    }


class Page(HTMLParser):
    """Collects what a reader checks: sections, ids, line numbers, links, math, scripts."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.sections, self.ids, self.lines, self.links, self.scripts = [], set(), [], [], []
        self.katex = 0
        self.stack: list[str] = []
        self.line_texts: list[str] = []
        self._line_depth: int | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag not in ('meta', 'link', 'img', 'br', 'hr', 'input', 'source'):
            self.stack.append(tag)
        if 'id' in a:
            self.ids.add(a['id'])
        if tag == 'section':
            self.sections.append(a.get('id'))
        if 'data-n' in a:
            self.lines.append(int(a['data-n']))
            self.line_texts.append('')
            self._line_depth = len(self.stack)
        if tag == 'a' and 'href' in a:
            self.links.append(a['href'])
        if tag == 'script':
            self.scripts.append(a.get('src'))
        if 'katex' in (a.get('class') or '').split():
            self.katex += 1

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f'unbalanced </{tag}>'
        self.stack.pop()
        if self._line_depth is not None and len(self.stack) < self._line_depth:
            self._line_depth = None

    def handle_data(self, data):
        if self._line_depth is not None:
            self.line_texts[-1] += data


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / 'project')


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


def test_a_broken_link_is_a_warning_with_file_and_line_and_fails_a_strict_build(project: Path, capsys):
    assert run(project, 'build', '--no-cache') == 0
    before = {p: p.read_bytes() for p in (project / 'out').rglob('*') if p.is_file()}
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(
        model.read_text()
        .replace('../index.html', '../index.html#nowhere')
        .replace('Back [home]', 'Back [home]')
        .replace('self.x = x', 'self.x = x  # ok')
    )
    (project / 'pkg' / '__init__.py').write_text(HOME.replace('sub/model.html)', 'sub/missing.html)'))
    capsys.readouterr()
    assert run(project, 'build', '--no-cache', '--strict') == 1
    err = capsys.readouterr().err
    assert 'error: pkg/__init__.py:9: broken link' in err and 'sub/missing.html' in err
    assert "error: pkg/sub/model.py:19: broken link '../index.html#nowhere'" in err
    after = {p: p.read_bytes() for p in (project / 'out').rglob('*') if p.is_file()}
    assert after == before
    # By default the page is written as the author wrote it, and the warning says where it looked.
    assert run(project, 'build', '--no-cache') == 0
    err = capsys.readouterr().err
    assert "warning: pkg/__init__.py:9: broken link 'sub/missing.html'" in err
    assert 'looked for pkg/sub/missing.html' in err
    assert 'href="sub/missing.html"' in (project / 'out' / 'index.html').read_text()


def test_invalid_latex_is_a_warning_and_an_error_when_strict(project: Path, capsys):
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Store $\\frac{x$'))
    assert run(project, 'build', '--no-cache') == 0
    err = capsys.readouterr().err
    assert 'warning: pkg/sub/model.py:23: KaTeX: KaTeX parse error' in err
    assert 'class="math-error"' in (project / 'out' / 'sub' / 'model.html').read_text()
    assert run(project, 'build', '--no-cache', '--strict') == 1
    assert 'error: pkg/sub/model.py:23: KaTeX' in capsys.readouterr().err


def test_a_source_python_rejects_is_reported_and_the_rest_still_builds(project: Path, capsys, monkeypatch):
    (project / 'pkg' / 'broken.py').write_text('x = (\n  1,\n')
    result = build_module.build(load(project), ('en',), jobs=1)
    assert [m.file for m in result.messages.errors] == ['pkg/broken.py']
    assert result.messages.errors[0].line in (1, 2, 3)
    assert 'sub/model.html' in result.files
    assert run(project, 'build', '--no-cache') == 1
    assert 'error: pkg/broken.py:' in capsys.readouterr().err


def load(root: Path):
    from sitegen.config import load_config

    return load_config(root)


def test_builds_are_deterministic_across_jobs_and_cache(project: Path):
    config = load(project)
    cold = build_module.build(config, ('en',), jobs=1).files
    parallel = build_module.build(config, ('en',), jobs=2).files
    cache = project / '.build_cache'
    first = build_module.build(config, ('en',), jobs=2, cache_dir=cache)
    again = build_module.build(config, ('en',), jobs=2, cache_dir=cache)
    assert cold == parallel == first.files == again.files
    assert again.reused == 3


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


def test_editing_one_source_rebuilds_only_that_page(project: Path):
    config = load(project)
    cache = project / '.build_cache'
    build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    result = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert result.reused == 2
    assert b'Keep' in result.files['sub/model.html']
    assert result.files == build_module.build(config, ('en',), jobs=1).files


def test_corrupt_cache_is_discarded(project: Path):
    config = load(project)
    cache = project / '.build_cache'
    cold = build_module.build(config, ('en',), jobs=1, cache_dir=cache).files
    for path in cache.rglob('*.page'):
        path.write_bytes(b'not a page')
    result = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert result.reused == 0 and result.files == cold
    for path in cache.rglob('*.page'):  # the result as it was, the HTML not
        data = path.read_bytes()
        path.write_bytes(data[:-20] + b'not the page either\n')
    for path in cache.glob('*.pickle'):
        path.write_bytes(b'\x80\x05garbage')
    result = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    # An entry whose HTML is damaged is a miss when the build looks it up, not a render while it writes.
    assert result.reused == 0 and result.files == cold


def test_a_cached_page_is_read_to_check_it_only_where_its_file_is_not_the_one_written(
    project: Path, monkeypatch
):
    """A warm build reads no cached page's HTML while the files are as they were written; the same
    bytes in another file are checked and used, other bytes of the same size are a miss."""
    from sitegen import cache as cache_module

    config = load(project)
    cache = project / '.build_cache'
    cold = build_module.build(config, ('en',), jobs=1, cache_dir=cache).files
    read: list[str] = []
    real = cache_module._html  # a language's HTML read from a cached page's file
    monkeypatch.setattr(cache_module, '_html', lambda f, *a: read.append(f.name) or real(f, *a))
    warm = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert warm.reused == 3 and read == []
    pages = sorted((cache / 'pages').glob('*.page'))
    assert len(pages) == 3
    for path in pages:  # the same bytes, another file
        data = path.read_bytes()
        path.unlink()
        path.write_bytes(data)
    copied = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert copied.reused == 3 and len(read) == 3 and copied.files == cold
    for path in pages:  # other bytes of the same size
        data = path.read_bytes()
        path.write_bytes(data[:-9] + b'<!--x-->\n')
    damaged = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert damaged.reused == 0 and damaged.files == cold


def test_writing_never_renders_a_page_the_cache_lost_meanwhile(project: Path, monkeypatch):
    from sitegen import page as page_module

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


def test_check_passes_on_a_fresh_build_and_fails_on_a_stale_one(project: Path, capsys):
    assert run(project, 'build') == 0
    assert run(project, 'check') == 0
    page = project / 'out' / 'sub' / 'model.html'
    page.write_text(page.read_text() + '<!-- edited -->')
    assert run(project, 'check') == 1
    assert 'out/sub/model.html: stale' in capsys.readouterr().err


def test_interrupted_write_leaves_the_previous_output(project: Path, monkeypatch):
    assert run(project, 'build') == 0
    before = {p: p.read_bytes() for p in (project / 'out').rglob('*') if p.is_file()}
    calls = 0
    real = site_output._write_file  # each file the new build writes into the new tree

    def failing(path, data):
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        return real(path, data)

    monkeypatch.setattr(site_output, '_write_file', failing)
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    assert run(project, 'build', '--no-cache') == 130
    monkeypatch.undo()
    after = {p: p.read_bytes() for p in (project / 'out').rglob('*') if p.is_file()}
    assert after == before
    assert not [p for p in project.iterdir() if p.name.startswith('.out.')]


@pytest.mark.parametrize('args', [['build', '--lang', 'xx'], ['build', '--source', '/nonexistent'], ['nope']])
def test_bad_usage_exits_2(project: Path, args):
    with pytest.raises(SystemExit) as e:
        raise SystemExit(run(project, *args))
    assert e.value.code == 2


def test_an_unchanged_build_touches_nothing_and_a_hand_edit_is_repaired(project: Path, capsys):
    assert run(project, 'build') == 0
    page = project / 'out' / 'sub' / 'model.html'
    stamp = page.stat().st_mtime_ns
    assert run(project, 'build') == 0
    assert 'up to date' in capsys.readouterr().out
    assert page.stat().st_mtime_ns == stamp
    fresh = page.read_bytes()
    page.write_bytes(b'edited by hand')
    (project / 'out' / 'stray.html').write_text('not from the sources')
    assert run(project, 'build') == 0
    assert page.read_bytes() == fresh
    # A file the build did not write is the author's: kept, and `check` does not count it.
    assert (project / 'out' / 'stray.html').read_text() == 'not from the sources'
    assert run(project, 'check') == 0


def test_a_colab_link_to_a_missing_notebook_is_a_warning_at_its_line(project: Path, capsys):
    home = project / 'pkg' / '__init__.py'
    home.write_text(
        HOME.replace(
            '![diagram](sub/diagram.svg)', '[![Open In Colab](static:colab-badge.svg)](colab:sub/train.ipynb)'
        )
    )
    assert run(project, 'build', '--no-cache', '--strict') == 1
    assert (
        "error: pkg/__init__.py:12: colab link to missing notebook 'sub/train.ipynb'"
        in capsys.readouterr().err
    )
    (project / 'pkg' / 'sub' / 'train.ipynb').write_text('{}')
    assert run(project, 'build', '--no-cache') == 0
    html = (project / 'out' / 'index.html').read_text()
    assert (
        'href="https://colab.research.google.com/github/example/fixture/blob/main/pkg/sub/train.ipynb"'
        in html
    )
    assert (
        'src="static/colab-badge.svg"' in html and (project / 'out' / 'static' / 'colab-badge.svg').exists()
    )


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


def test_flags_override_the_configuration(project: Path):
    out = project / 'elsewhere'
    assert (
        run(
            project,
            'build',
            '--out',
            str(out),
            '--set',
            'url=https://preview.example/',
            '--set',
            'repository=https://github.com/example/fork',
            '--set',
            'branch=dev',
        )
        == 0
    )
    html = (out / 'sub' / 'model.html').read_text()
    assert '<link rel="canonical" href="https://preview.example/sub/model.html">' in html
    assert 'data-href="https://github.com/example/fork/blob/{commit}/pkg/sub/model.py"' in html
    assert not (project / 'out').exists()
    assert run(project, 'build', '--set', 'colour=blue') == 2


def test_a_page_without_code_reads_as_one_column(project: Path):
    assert run(project, 'build') == 0
    assert 'class="page prose"' in (project / 'out' / 'sub' / 'index.html').read_text()
    assert 'class="page"' in (project / 'out' / 'sub' / 'model.html').read_text()


def test_builds_of_different_languages_do_not_evict_each_other(project: Path):
    (project / 'pyproject.toml').write_text(
        PYPROJECT.replace('languages = ["en"]', 'languages = ["en", "zh"]')
    )
    config = load(project)
    cache = project / '.build_cache'
    build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=cache)
    assert build_module.build(config, ('en',), jobs=1, cache_dir=cache).reused == 3
    assert build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=cache).reused == 3


def test_a_link_to_a_folder_reaches_its_index_page(project: Path):
    home = project / 'pkg' / '__init__.py'
    home.write_text(HOME.replace('[its page](sub/model.html)', '[its page](sub/) and [here](./)'))
    assert run(project, 'build', '--no-cache') == 0
    (project / 'pkg' / 'sub' / '__init__.py').unlink()
    assert run(project, 'build', '--no-cache', '--strict') == 1


def test_asset_folders_are_mirrored_and_translated_pages_link_up_to_them(project: Path, capsys):
    (project / 'images' / 'deep').mkdir(parents=True)
    (project / 'images' / 'deep' / 'plot.png').write_bytes(b'png')
    toml = project / 'pyproject.toml'
    toml.write_text(
        toml.read_text().replace('languages = ["en"]', 'languages = ["en", "si"]\nassets = ["images"]')
    )
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(
        model.read_text().replace('# Store $x$', '# Store $x$\n        # ![plot](../images/deep/plot.png)')
    )
    assert run(project, 'build', '--lang', 'all') == 0
    err = capsys.readouterr().err
    assert 'broken link' not in err
    # A language without interface words gets the English ones, and one warning says so.
    assert err.count("no interface words for 'si'") == 1
    out = project / 'out'
    assert (out / 'images' / 'deep' / 'plot.png').read_bytes() == b'png'
    assert not (out / 'si' / 'images').exists()
    assert 'src="../images/deep/plot.png"' in (out / 'sub' / 'model.html').read_text()
    si = (out / 'si' / 'sub' / 'model.html').read_text()
    assert 'src="../../images/deep/plot.png"' in si and '<html lang="si">' in si
    assert '>සිංහල<' in (out / 'index.html').read_text()
    assert 'href="../static/site.css"' in (out / 'si' / 'index.html').read_text()
    toml.write_text(toml.read_text().replace('assets = ["images"]', 'assets = ["pictures"]'))
    assert run(project, 'build') == 2
    assert 'pictures (in [tool.site]) does not exist' in capsys.readouterr().err


@pytest.mark.parametrize('languages', ['"en"', '["en", "x y"]', '["zh", "en"]'])
def test_bad_languages_are_usage_errors(project: Path, capsys, languages):
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', f'languages = {languages}'))
    assert run(project, 'build') == 2
    assert 'pyproject.toml' in capsys.readouterr().err


def _translated_with_a_repair(project: Path) -> Path:
    """The fixture with a Chinese cache (each value its key); one value has a stray `</a>`, which
    the build repairs (a notice), and the home page keeps a broken link (a warning)."""
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    (project / 'pkg' / '__init__.py').write_text(HOME.replace('sub/model.html)', 'sub/missing.html)'))
    todo = project / 'todo.json'
    assert run(project, 'translate', 'export', '--lang', 'zh', '--no-cache', str(todo)) == 0
    for name, keys in json.loads(todo.read_text()).items():
        values = {key: key + (' </a>' if 'A thing' in key else '') for key in keys}
        (project / 'translate_cache' / name).parent.mkdir(parents=True, exist_ok=True)
        (project / 'translate_cache' / name).write_bytes(dump_cache(values))
    return project / 'translate_cache' / 'sub' / 'model.zh.json'


@pytest.mark.parametrize('command', ['build', 'check'])
def test_notices_are_counted_in_the_summary_and_listed_with_verbose(project: Path, capsys, command):
    cache = _translated_with_a_repair(project)
    assert any(v.endswith(' </a>') for v in json.loads(cache.read_text()).values())
    if command == 'check':
        run(project, 'build', '--lang', 'all', '--no-cache')
    capsys.readouterr()
    run(project, command, '--lang', 'all', '--no-cache')
    captured = capsys.readouterr()
    assert 'notice:' not in captured.err + captured.out
    assert '1 notice (1 repair; --verbose lists it)' in captured.out
    # Warnings keep their file and line, listed every time.
    assert "warning: pkg/__init__.py:9: broken link 'sub/missing.html'" in captured.err

    run(project, command, '--lang', 'all', '--no-cache', '--verbose')
    captured = capsys.readouterr()
    (notice,) = [line for line in captured.err.splitlines() if line.startswith('notice:')]
    assert notice.startswith('notice: translate_cache/sub/model.zh.json:')
    assert 'stray end tag </a> removed (repaired)' in notice
    assert '1 notice (1 repair)' in captured.out and '--verbose lists' not in captured.out
    assert "warning: pkg/__init__.py:9: broken link 'sub/missing.html'" in captured.err


def test_the_preview_counts_notices_and_lists_them_with_verbose(project: Path, capsys, monkeypatch):
    from sitegen.server import SiteState
    from sitegen.web import rebuild

    _translated_with_a_repair(project)
    monkeypatch.chdir(project)
    config = load_config(project)
    logged: list[str] = []
    for verbose in (False, True):
        capsys.readouterr()
        assert rebuild(
            config,
            ('en', 'zh'),
            None,
            1,
            SiteState(),
            log=lambda *a, **k: logged.append(a[0]),
            verbose=verbose,
        )
        err = capsys.readouterr().err
        assert ('notice: translate_cache/sub/model.zh.json:' in err) == verbose
        assert "warning: pkg/__init__.py:9: broken link 'sub/missing.html'" in err
    assert '; 1 notice (1 repair; --verbose lists it))' in logged[0]
    assert logged[1].endswith('; 1 notice (1 repair))')


def test_the_preview_after_edits_serves_what_a_fresh_build_makes(project: Path):
    """`serve` keeps the search indexes of its last build and joins again only where an edit
    changed them; after each edit (words changed, a section added, the page back as it was) every
    file it would serve is the one a build of the same sources makes from scratch."""
    from sitegen.sitefiles import Kept

    config = load_config(project)
    cache = project / '.build_cache'
    model = project / 'pkg' / 'sub' / 'model.py'
    original = model.read_text()
    kept = Kept()
    build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=cache, kept=kept)
    edits = [
        original.replace('## A thing', '## A thing, twice the softmax'),
        original + '\n# Another section, with words of its own: attention heads.\nEXTRA = 1\n',
        original,
    ]
    for text in edits:
        assert text != model.read_text()
        model.write_text(text)
        served = build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=cache, kept=kept).files
        fresh = build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=None).files
        assert served.keys() == fresh.keys()
        assert [rel for rel in fresh if served[rel] != fresh[rel]] == []
    assert any(rel.startswith('zh/search/') for rel in served)


def test_the_code_colours_follow_a_new_generator_not_the_build_cache(project: Path, monkeypatch):
    from sitegen import codestyle

    config = load_config(project)
    cache = project / '.build_cache'
    first = build_module.build(config, ('en',), jobs=1, cache_dir=cache).files['static/pygments.css']
    assert b'.bp { color: #FFA657 }' in first
    # A generator whose dark colours differ: its code has another fingerprint.
    monkeypatch.setattr(codestyle, 'DARK_EXTRA', {'bp': '#79C0FF'})
    monkeypatch.setattr(build_module, 'generator_fingerprint', lambda: 'another generator')
    second = build_module.build(config, ('en',), jobs=1, cache_dir=cache).files['static/pygments.css']
    assert b'.bp { color: #79C0FF }' in second and b'.bp { color: #FFA657 }' not in second
