"""Tests of `sitegen.sitewide.toc`: finding one's way on a page and between pages: the page's contents, the pages
before and after it in the site's reading order, and where a problem with one section is reported."""

from __future__ import annotations

import re

from sitegen.doc import CodeLine, Fragment, Section, SectionView
from sitegen.sitewide.toc import contents, depth, reading_order, section_anchors, with_heading_ids


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
