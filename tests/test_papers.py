"""Papers: the details a page's front matter or the papers file gives, the card and BibTeX a page
shows, the home page's list of every paper, and what a mistake in them says."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
import tomllib

from helpers import make_project, run
from sitegen.sitewide.papers import PaperError, page_bibtex, page_bibtex_parts, paper_bibtex, paper_from

ROOT = Path(__file__).resolve().parents[1]


def _fields(entry: str) -> tuple[str, str, dict[str, str]]:
    """(type, key, fields) of one BibTeX entry, read with balanced braces."""
    m = re.match(r'@(\w+)\{([^,]+),\n', entry)
    assert m, entry
    fields, pos = {}, m.end()
    while True:
        f = re.compile(r'\s*(\w+)\s*=\s*\{').match(entry, pos)
        if not f:
            break
        depth, i = 1, f.end()
        while depth:
            depth += {'{': 1, '}': -1}.get(entry[i], 0) if entry[i - 1] != '\\' else 0
            i += 1
        fields[f.group(1)] = entry[f.end() : i - 1]
        pos = i + 1 if entry[i : i + 1] == ',' else i
    assert entry[pos:].strip() == '}', entry[pos:]
    return m.group(1), m.group(2), fields


def _unbib(text: str) -> str:
    return re.sub(r'\\([&%$#_{}])', r'\1', text)


def test_bibtex_of_a_paper_reads_back_as_its_details():
    paper = paper_from(
        {
            'title': 'Attention Is All You Need',
            'authors': ['Ashish Vaswani', 'Noam Shazeer', 'Aidan N. Gomez', 'Łukasz Kaiser'],
            'year': 2017,
            'arxiv': '1706.03762',
        },
        'x',
    )
    kind, key, fields = _fields(paper_bibtex(paper))
    assert (kind, key) == ('misc', 'vaswani2017attention')
    assert fields['title'] == '{Attention Is All You Need}'  # its capitals kept
    # "Last, First" and "and" between them: back to the names as written.
    names = [' '.join(reversed(a.split(', '))) for a in fields['author'].split(' and ')]
    assert names == list(paper.authors)
    assert (fields['year'], fields['eprint'], fields['archivePrefix']) == ('2017', '1706.03762', 'arXiv')
    assert fields['url'] == 'https://arxiv.org/abs/1706.03762'
    assert paper.pdf_url == 'https://arxiv.org/pdf/1706.03762'


def test_a_report_with_an_institution_is_a_techreport_and_special_characters_are_escaped():
    paper = paper_from(
        {
            'title': 'Models & 100% {braces}',
            'authors': 'Alec Radford',
            'year': 2019,
            'institution': 'OpenAI',
            'url': 'https://openai.com/x',
            'pdf': 'https://cdn.openai.com/x.pdf',
        },
        'r',
    )
    kind, key, fields = _fields(paper_bibtex(paper))
    assert (kind, key, fields['institution']) == ('techreport', 'radford2019models', 'OpenAI')
    assert _unbib(fields['title'][1:-1]) == paper.title
    assert paper.abstract_url == 'https://openai.com/x' and paper.pdf_url == 'https://cdn.openai.com/x.pdf'
    page = page_bibtex('pkg:gpt', 'GPT_2 page', 'Site', 'https://example.org/gpt.html', paper)
    kind, key, fields = _fields(page)
    assert (kind, key) == ('misc', 'pkg:gpt')
    assert fields['howpublished'] == '\\url{https://example.org/gpt.html}'
    assert _unbib(fields['title'][1:-1]) == 'GPT_2 page'
    assert fields['note'].endswith('(Radford, 2019)')
    # The page's script puts the commit at the end of the note, the last field.
    before, after = page_bibtex_parts(page)
    assert before + after == page and before.endswith('(Radford, 2019)') and after == '}\n}'
    assert _fields(before + ', commit abc1234def56' + after)[2]['note'].endswith('2019), commit abc1234def56')


@pytest.mark.parametrize(
    ('details', 'says'),
    [
        ({'authors': ['A B'], 'year': 2017, 'arxiv': '1706.03762'}, 'has no title'),
        ({'title': 'T', 'authors': [], 'year': 2017, 'arxiv': '1706.03762'}, 'authors must be a list'),
        ({'title': 'T', 'authors': ['A B'], 'year': '2017', 'arxiv': '1706.03762'}, 'year must be a year'),
        ({'title': 'T', 'authors': ['A B'], 'year': 2017, 'arxiv': 'attention'}, 'not an arXiv id'),
        ({'title': 'T', 'authors': ['A B'], 'year': 2017, 'doi': 'x'}, 'not a DOI'),
        ({'title': 'T', 'authors': ['A B'], 'year': 2017}, 'needs an arxiv id, a doi or a url'),
        (
            {'title': 'T', 'authors': ['A B'], 'year': 2017, 'arxiv': '1706.03762', 'isbn': 1},
            "unknown field 'isbn'",
        ),
    ],
)
def test_details_that_make_no_paper_say_what_is_wrong(details, says):
    with pytest.raises(PaperError, match=re.escape(says)):
        paper_from(details, 'p')


PAPERS = """
[pages]
"sub/model.py" = "vaswani2017"
"sub/index.html" = "vaswani2017"
"not/yet/here.py" = "dai2019"

[papers.vaswani2017]
title = "Attention Is All You Need"
authors = ["Ashish Vaswani", "Noam Shazeer"]
year = 2017
arxiv = "1706.03762"

[papers.dai2019]
title = "Transformer-XL"
authors = ["Zihang Dai"]
year = 2019
arxiv = "1901.02860"
"""

OTHER = '''"""
---
title: Adam page
paper:
  title: "Adam: A Method for Stochastic Optimization"
  authors: [Diederik P. Kingma, Jimmy Ba]
  year: 2014
  arxiv: "1412.6980"
---

# Adam
"""
x = 1
'''


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    root = make_project(tmp_path / 'project')
    (root / 'papers.toml').write_text(PAPERS)
    (root / 'pkg' / 'adam.py').write_text(OTHER)
    return root


def _text(html: str) -> str:
    return ' '.join(unescape(re.sub(r'<[^>]+>', '', html)).split())


def test_pages_show_their_paper_and_the_home_page_lists_every_paper(project: Path, capsys):
    assert run(project, 'build', '--strict') == 0  # the entry for a page not there says nothing
    assert 'not/yet' not in capsys.readouterr().err
    out = project / 'out'
    model = (out / 'sub' / 'model.html').read_text()
    card = re.search(r'<section class="section paper".*?</section>', model, re.S).group(0)
    assert 'Attention Is All You Need' in card and 'Ashish Vaswani, Noam Shazeer · 2017' in _text(card)
    links = dict((_text(t), h) for h, t in re.findall(r'<a href="([^"]+)">(.*?)</a>', card))
    assert (
        links['Abstract'] == 'https://arxiv.org/abs/1706.03762'
        and links['PDF'] == 'https://arxiv.org/pdf/1706.03762'
    )
    bibtex = [
        unescape(b) for b in re.findall(r'<pre class="bibtex"[^>]*><code>(.*?)</code></pre>', card, re.S)
    ]
    assert [_fields(b)[1] for b in bibtex] == ['vaswani2017attention', 'pkg:sub/model']
    assert _fields(bibtex[1])[2]['howpublished'] == '\\url{https://example.org/site/sub/model.html}'
    # Front matter gives a page its paper without the papers file.
    adam = (out / 'adam.html').read_text()
    assert (
        'Adam: A Method for Stochastic Optimization' in adam and 'Diederik P. Kingma, Jimmy Ba · 2014' in adam
    )
    # The home page: each paper once, oldest first, with the pages that implement it.
    home = re.search(r'<ul class="paper-list">(.*?)</ul>', (out / 'index.html').read_text(), re.S).group(1)
    items = [_text(li) for li in re.findall(r'<li>(.*?)</li>', home, re.S)]
    assert items == [
        'Adam: A Method for Stochastic Optimization Kingma and Ba, 2014: Adam page',
        'Attention Is All You Need Vaswani and Shazeer, 2017: Sub package, The model',
    ]
    assert 'href="sub/model.html"' in home and 'Transformer-XL' not in home
    assert 'class="section paper"' not in (out / 'index.html').read_text()


@pytest.mark.parametrize(
    ('papers', 'line', 'says'),
    [
        (PAPERS.replace('year = 2017', 'year = "2017"'), 10, "paper 'vaswani2017': year must be a year"),
        (
            PAPERS.replace('"sub/model.py" = "vaswani2017"', '"sub/model.py" = "vaswani"'),
            3,
            "'vaswani' is not one of",
        ),
        (PAPERS.replace('[pages]', '[pages'), 2, 'not a TOML file'),
    ],
)
def test_a_mistake_in_the_papers_file_names_its_line(project: Path, capsys, papers, line, says):
    (project / 'papers.toml').write_text(papers)
    assert run(project, 'build') == 1
    err = capsys.readouterr().err
    assert f'papers.toml:{line}' in err and says in err and 'Traceback' not in err


def test_a_front_matter_paper_that_is_not_in_the_papers_file_is_an_error_at_its_line(project: Path, capsys):
    (project / 'pkg' / 'adam.py').write_text(
        OTHER.replace('paper:\n  title', 'paper: kingma2014\nx:\n  title')
    )
    assert run(project, 'build') == 1
    err = capsys.readouterr().err
    assert 'pkg/adam.py:4' in err and "'kingma2014' is not in the papers file" in err


def test_the_projects_papers_file_reads_and_names_pages_that_exist_or_are_coming():
    table = tomllib.loads((ROOT / 'papers.toml').read_text())
    papers = {key: paper_from(details, key) for key, details in table['papers'].items()}
    assert {p.arxiv for p in papers.values()} >= {
        '1706.03762',
        '1901.02860',
        '2104.09864',
        '2108.12409',
        '1412.6980',
        '1711.05101',
    }
    assert all(p in papers for p in table['pages'].values())
    for page in ('transformers/mha.py', 'transformers/models.py', 'optimizers/noam.py'):
        assert papers[table['pages'][page]].title == 'Attention Is All You Need'
    gpt2 = papers[table['pages']['transformers/gpt/__init__.py']]
    assert (gpt2.year, gpt2.institution, gpt2.arxiv) == (2019, 'OpenAI', '') and gpt2.pdf_url.endswith('.pdf')


def test_a_pages_citation_without_a_site_url_has_no_address():
    from sitegen.doc import Paper
    from sitegen.sitewide.papers import page_bibtex

    paper = Paper('k', 'A paper', ('Ann Author',), 2020, arxiv='2001.00001')
    assert 'howpublished' not in page_bibtex('p', 'Page', 'Site', '', paper)
    assert '\\url{https://s.test/p.html}' in page_bibtex('p', 'Page', 'Site', 'https://s.test/p.html', paper)


def test_a_paper_known_by_its_address_alone_is_cited_as_misc():
    from sitegen.doc import Paper
    from sitegen.sitewide.papers import paper_bibtex

    entry = paper_bibtex(Paper('k', 'A note', ('Ann Author',), 2020, url='https://notes.test/a'))
    assert entry.startswith('@misc{') and 'journal' not in entry
    assert paper_bibtex(Paper('k', 'A', ('B C',), 2020, doi='10.1/x', venue='Nature')).startswith('@article{')
