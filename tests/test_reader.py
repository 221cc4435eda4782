"""Finding one's way through the site: each page's contents, the previous and next pages of its
folder, and the link that reports a problem with a section (with the commit the site was built
from), checked in the HTML a build writes. The browser's side is in `test_browser.py`."""

from __future__ import annotations

import json
import re
import subprocess
from html import unescape
from pathlib import Path

import pytest

from sitegen.doc import CodeLine, Fragment, Section, SectionView
from sitegen.toc import contents, depth, reading_order, section_anchors, with_heading_ids
from test_site import make_project, run


def view(index: int, doc: str) -> SectionView:
    return SectionView(index, 'comment', doc, None, ())


def test_section_anchors_are_named_from_what_they_document_and_do_not_shift():
    def section(index: int, doc: str | None, lines: tuple[int, ...] = ()) -> Section:
        fragment = Fragment(doc, (), (), tuple(re.findall(r'id="([^"]+)"', doc))) if doc else None
        return Section(index, 'comment', fragment, tuple(CodeLine(n, '') for n in lines), 1)

    definitions = (('Model', 10), ('Model.forward', 20))
    sections = [
        section(0, '<h1>A Model: of Things</h1>'),
        section(1, '<p><a id="Model"></a>The model</p>', (10, 11)),
        section(2, '<p>more</p>', (12,)),
        section(3, '<p>forward</p>', (20,)),
        section(4, None, (21,)),
        section(5, '<h2>Section 6</h2>'),
    ]
    names = [s.anchor for s in section_anchors(sections, definitions)]
    # The heading's words; a definition's name (kept apart from the docstring's own `Model`); the
    # name before with a count; never an id that is taken, `section-N` included.
    assert names == [
        'a-model-of-things',
        'Model-2',
        'Model-3',
        'Model.forward',
        'Model.forward-2',
        'heading-section-6',
    ]
    # A section added before them leaves every named anchor as it was.
    added = [section(0, '<h1>A Model: of Things</h1>'), section(1, '<p>new</p>')] + [
        Section(s.index + 1, s.kind, s.doc, s.code, 1) for s in sections[1:]
    ]
    after = [s.anchor for s in section_anchors(added, definitions)]
    assert after[0] == names[0] and after[2:5] == names[1:4]


def test_contents_list_the_headings_under_the_title_with_their_sections():
    sections = [
        view(0, '<h1>Title</h1><p>intro</p>'),
        view(1, '<p>no heading</p>'),
        view(2, '<h2>First <span class="katex"><math><mi>x</mi></math></span></h2>'),
        view(3, '<h3>Inner</h3>'),
        view(4, '<h4>Too deep</h4>'),
        view(5, '<h2>Second</h2>'),
    ]
    assert [(e.level, e.text, e.anchor) for e in contents(sections)] == [
        (1, 'First x', 'section-2'),
        (2, 'Inner', 'section-3'),
        (1, 'Second', 'section-5'),
    ]
    # Several top-level headings are the contents themselves; a single entry is no contents.
    assert [e.text for e in contents([view(0, '<h1>A</h1>'), view(1, '<h1>B</h1>')])] == ['A', 'B']
    assert contents([view(0, '<h1>Title</h1>'), view(1, '<h2>Only</h2>')]) == []


def test_headings_that_share_a_section_get_anchors_of_their_own():
    # A home page written as one docstring is one section with all its headings.
    sections = [view(0, '<h1>Home</h1><p>a</p><h2>One</h2><p>b</p><h2 id="mine">Two</h2><h3>Three</h3>')]
    entries = contents(sections)
    assert [(e.text, e.anchor) for e in entries] == [
        ('One', 'section-0-1'),
        ('Two', 'mine'),
        ('Three', 'section-0-3'),
    ]
    doc = with_heading_ids(sections)[0].doc
    ids = re.findall(r'<h\d[^>]*\bid="([^"]+)"', doc)
    assert ids == ['section-0-1', 'mine', 'section-0-3']  # every entry leads to its own heading
    # Text before a section's first heading: the heading is not at the section's top.
    late = [view(0, '<h1>T</h1>'), view(1, '<p>x</p><h2>A</h2>'), view(2, '<h2>B</h2>')]
    assert [e.anchor for e in contents(late)] == ['section-1-0', 'section-2']


def test_the_reading_order_goes_through_each_folder_then_its_subfolders():
    pages = frozenset(
        {'index.html', 'a/index.html', 'a/b.html', 'a/c.html', 'a/z/index.html', 'a/z/y.html', 'd.html'}
    )
    assert reading_order(pages) == [
        'index.html',
        'd.html',
        'a/index.html',
        'a/b.html',
        'a/c.html',
        'a/z/index.html',
        'a/z/y.html',
    ]
    # Listed paths (folders or sources) come first in their folder, in the order given.
    assert reading_order(pages, ('a', 'a/z', 'a/c.py')) == [
        'index.html',
        'a/index.html',
        'a/z/index.html',
        'a/z/y.html',
        'a/c.html',
        'a/b.html',
        'd.html',
    ]
    assert [depth(p) for p in reading_order(pages)] == [0, 0, 0, 1, 1, 1, 2]


def test_previous_and_next_follow_the_reading_order_across_folders():
    from sitegen.siteinfo import neighbours

    order = ['index.html', 'a/index.html', 'a/b.html', 'c/index.html']
    found = neighbours(order, {p: (('en', p.upper()),) for p in order})
    assert found['a/b.html'][1].page == 'c/index.html' and found['c/index.html'][0].page == 'a/b.html'
    assert found['index.html'][0] is None and found['c/index.html'][1] is None


def _links(html: str, cls: str) -> list[tuple[str, str]]:
    return [
        (unescape(href), ' '.join(re.sub('<[^>]+>', ' ', text).split()))
        for href, text in re.findall(rf'<a class="{cls}" href="([^"]+)"[^>]*>(.*?)</a>', html, re.S)
    ]


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ['git', '-c', 'user.name=t', '-c', 'user.email=t@example.org', *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    root = make_project(tmp_path / 'project')
    (root / 'pkg' / 'sub' / 'other.py').write_text('"""\n# Other page\n"""\nx = 1\n')
    _git(root, 'init', '-q')
    _git(root, 'add', '.')
    _git(root, 'commit', '-qm', 'first')
    return root


def test_pages_link_to_the_previous_and_next_page_in_reading_order_by_title(repo: Path):
    assert run(repo, 'build') == 0
    out = repo / 'out'
    pager = {
        page: _links((out / page).read_text(), 'pager-previous')
        + _links((out / page).read_text(), 'pager-next')
        for page in ('sub/index.html', 'sub/model.html', 'sub/other.html', 'index.html')
    }
    assert pager == {
        'sub/index.html': [('../index.html', 'Previous Fixture home'), ('model.html', 'Next The model')],
        'sub/model.html': [('index.html', 'Previous Sub package'), ('other.html', 'Next Other page')],
        'sub/other.html': [('model.html', 'Previous The model')],
        'index.html': [('sub/index.html', 'Next Sub package')],
    }


def test_the_pager_names_a_page_by_its_title_as_its_cache_file_translates_it_now(repo: Path):
    """In another language the pager names the next page by its title as that page's cache file
    translates it; a translation changed there is the title the next build shows, though the
    build cache keeps the titles it read."""
    pyproject = repo / 'pyproject.toml'
    pyproject.write_text(pyproject.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    cache = repo / 'translate_cache' / 'sub'
    cache.mkdir(parents=True)
    for title in ('其他页面', '另一页'):
        (cache / 'other.zh.json').write_text(json.dumps({'Other page': title}, ensure_ascii=False))
        assert run(repo, 'build', '--quiet', '--lang', 'all') == 0
        html = (repo / 'out' / 'zh' / 'sub' / 'model.html').read_text()
        assert _links(html, 'pager-next') == [('other.html', f'下一页 {title}')], title
    (cache / 'other.zh.json').unlink()
    assert run(repo, 'build', '--quiet', '--lang', 'all') == 0
    html = (repo / 'out' / 'zh' / 'sub' / 'model.html').read_text()
    assert _links(html, 'pager-next') == [('other.html', '下一页 Other page')]


def test_pages_say_where_problems_are_reported_and_the_commit_built(repo: Path):
    commit = _git(repo, 'rev-parse', 'HEAD')
    assert run(repo, 'build') == 0
    html = (repo / 'out' / 'sub' / 'model.html').read_text()
    # site.js makes each section's link from these (checked in test_browser.py).
    article = re.search(r'<article [^>]*>', html).group(0)
    data = dict(re.findall(r'data-(\w+)="([^"]*)"', article))
    assert data == {
        'report': 'https://github.com/example/fixture/issues/new',
        'page': 'sub/model.html',
        'url': 'https://example.org/site/sub/model.html',
    }
    # The commit is in one file every page loads, not in the pages.
    assert (repo / 'out' / 'static' / 'source-commit.js').read_text() == f'self.sourceCommit = "{commit}";\n'
    assert '<script src="../static/source-commit.js" defer></script>' in html and commit not in html


def test_a_new_commit_rewrites_the_commit_file_and_no_page(repo: Path):
    assert run(repo, 'build') == 0
    out = repo / 'out'
    pages = {p: p.read_bytes() for p in out.rglob('*.html')}
    _git(repo, 'commit', '-q', '--allow-empty', '-m', 'second')
    assert run(repo, 'build') == 0
    assert {p: p.read_bytes() for p in out.rglob('*.html')} == pages
    assert _git(repo, 'rev-parse', 'HEAD') in (out / 'static' / 'source-commit.js').read_text()


def test_check_compares_with_the_commit_the_output_was_built_from(repo: Path, capsys):
    assert run(repo, 'build') == 0
    built = _git(repo, 'rev-parse', 'HEAD')
    # Committing the built site (or anything else) does not make it stale...
    _git(repo, 'commit', '-q', '--allow-empty', '-m', 'second')
    assert run(repo, 'check') == 0
    # ...a build of another commit is what it is compared with only when asked for.
    assert run(repo, 'check', '--set', f'commit={_git(repo, "rev-parse", "HEAD")}') == 1
    assert 'stale' in capsys.readouterr().err
    # The same commit builds the same bytes.
    before = (repo / 'out' / 'sub' / 'model.html').read_bytes()
    assert run(repo, 'build', '--no-cache', '--set', f'commit={built}') == 0
    assert (repo / 'out' / 'sub' / 'model.html').read_bytes() == before


def test_without_git_the_commit_is_left_out_and_check_still_passes(tmp_path: Path, capsys):
    root = make_project(tmp_path / 'plain')
    assert run(root, 'build', '--set', 'commit=') == 0
    html = (root / 'out' / 'sub' / 'model.html').read_text()
    assert (root / 'out' / 'static' / 'source-commit.js').read_text() == 'self.sourceCommit = "";\n'
    assert 'source-commit.js' in html
    assert run(root, 'check') == 0
    assert run(root, 'build', '--set', 'commit=not-a-commit') == 2
    assert 'commit=not-a-commit' in capsys.readouterr().err


def test_a_cached_page_info_is_keyed_by_its_format():
    """The build cache keeps each source's `PageInfo` by the source's bytes; an entry an older
    generator kept (without a field added since) must not be used: the key names the format.
    Adding a field to `PageInfo` means raising `INFO_FORMAT` (and this list)."""
    import dataclasses

    from sitegen import siteinfo
    from sitegen.doc import Source

    assert [f.name for f in dataclasses.fields(siteinfo.PageInfo)] == [
        'title',
        'paper',
        'paper_line',
        'summary',
    ]
    source = Source.__new__(Source)
    object.__setattr__(source, 'data', b'x = 1\n')
    object.__setattr__(source, 'rel', 'a.py')
    assert siteinfo.info_key(source)[-1] == siteinfo.INFO_FORMAT == 2
