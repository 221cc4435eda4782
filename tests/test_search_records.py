"""Search records read formulas once: the text is the same as reading every tag of the HTML."""

from __future__ import annotations

import shutil
from pathlib import Path

from sitegen import search
from sitegen.build import build
from sitegen.config import load_config

FIXTURE = Path(__file__).parent / 'fixtures' / 'literate'


def every_tag(html: str) -> tuple[str, list[str]]:
    """The reading of the HTML by the parser alone, each formula's visual HTML included."""
    parser = search._Text()
    parser.feed(html)
    parser.close()
    return ' '.join(''.join(parser.parts).split()), parser.headings


FORMULA = (
    '<span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>x</mi><mo>&lt;</mo>'
    '<msub><mi>y</mi><mn>2</mn></msub></mrow><annotation encoding="application/x-tex">x &lt; y_2'
    '</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">'
    '<span class="base"><span class="mord">x</span><svg><path d="M0 0"/></svg></span></span></span>'
)


def test_a_formula_in_a_heading_and_repeated_reads_as_every_tag_would():
    html = f'<h3>Where {FORMULA} holds</h3><p>Again {FORMULA} &amp; <b>again</b> {FORMULA}.</p>'
    assert search.doc_text(html) == every_tag(html)
    assert search.doc_text(html) == (
        'Where x < y₂ holds Again x < y₂ & again x < y₂.',
        ['Where x < y₂ holds'],
    )


def test_formulas_read_before_on_a_page_read_as_every_tag_would():
    """The formulas a page's sections and languages share are read once: a formula that starts as
    one read before (the same first characters, then more), or is that one cut short, is still
    read whole as what it is."""
    base = FORMULA.replace('<mrow>', '<mrow>' + '<mi>a</mi><mo>+</mo>' * 12)  # a long common start
    longer = base.replace('<mi>x</mi>', '<mi>x</mi><mo>+</mo><mi>z</mi>')
    same_start = base.replace('<mn>2</mn>', '<mn>3</mn>')
    docs = [
        f'<p>One {base} and {longer}</p>',
        f'<p>Then {same_start}, {base} and {base}</p>',
        f'<p>Cut short {base[:-7]} here</p>',
        f'<h2>Again {longer}</h2><p>{same_start}</p>',
    ]
    formulas: search.Formulas = {}
    for doc in docs + docs:
        assert search.doc_text(doc, formulas) == every_tag(doc)
    assert [len(read) for read in formulas.values()] == [3]  # three formulas alike, each read once


def test_a_formula_without_its_end_tag_is_read_as_written():
    html = '<p>Broken ' + FORMULA[: -len('</span>') * 2] + ' tail</p>'
    assert search.doc_text(html) == every_tag(html)


def test_every_page_of_a_build_reads_the_same(tmp_path: Path):
    project = Path(shutil.copytree(FIXTURE, tmp_path / 'literate'))
    result = build(load_config(project), ('en', 'zh'), jobs=1)
    pages = [data.decode() for rel, data in result.files.items() if rel.endswith('.html')]
    assert sum(page.count('<span class="katex">') for page in pages) > 10
    for page in pages:
        assert search.doc_text(page) == every_tag(page)


def test_plain_html_is_read_as_the_html_parser_reads_it():
    """Documentation HTML of plain tags is read by a pattern of tags: the same text and headings as
    the HTML parser reads, whatever the tags, entities and quoted `>` in attributes; anything else
    (a comment, a script, a `<` that starts no tag, an end tag with attributes) goes to the parser."""
    import random

    from sitegen import search

    rng = random.Random(3)
    pieces = ['<p>', '</p>', '<h2>', '</h2>', '<h3 id="x">', '</h3>', '<br>', '<br />', '<li>', '</li>']
    pieces += [
        '<a href="a>b.html" title=\'c>d\'>',
        '</a>',
        '<code>',
        '</code>',
        '<span class="n">',
        '</span>',
    ]
    pieces += [
        '<img alt="x" src="y.png">',
        'word',
        ' ',
        '\n',
        '&amp;',
        '&lt;',
        '&#x41;',
        '&nbsp;',
        'naïve',
        '>',
    ]
    pieces += ['<!-- note -->', '<script>a<b</script>', '< 3', '</p class="x">', 'a<b', '&unknown;']
    read = 0
    for _ in range(5000):
        html = ''.join(rng.choice(pieces) for _ in range(rng.randint(1, 25)))
        parser = search._Text()
        parser.feed(html)
        parser.close()
        expected = (search._squash(''.join(parser.parts)), parser.headings)
        fast = search._plain_text(html)
        if fast is not None:
            read += 1
            assert fast == expected, html
        assert search.doc_text(html) == expected
    assert read > 500
    assert search._plain_text('<p>a</p><!-- b -->') is None and search._plain_text('</p x=">">') is None
