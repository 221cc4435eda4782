"""The papers the pages implement: where their details come from, their card and their BibTeX.

A page names its paper in its front matter, either in full or by the id of an entry of the
project's papers file (`papers.toml` at the project root unless `[tool.site] papers` says
otherwise)::

    paper:
      title: Attention Is All You Need
      authors: [Ashish Vaswani, Noam Shazeer]
      year: 2017
      arxiv: 1706.03762        # or doi:, or url: (and pdf:)

The papers file can also give pages their paper without touching them: its `[pages]` table maps
a page (its source path in the package, or its page path) to a paper id, and each `[papers.ID]`
table holds a paper's details. An entry for a page that does not exist is not used, silently:
the file may list pages that other branches add. Nothing is fetched: every detail is written
down, so that a build needs no network.
"""

from __future__ import annotations

import re
from pathlib import Path

import tomllib

from sitegen.doc import Neighbour, Paper, Settings, lang_path, page_path, relative_url
from sitegen.errors import Messages, display_path

FIELDS = ('title', 'authors', 'year', 'arxiv', 'doi', 'url', 'pdf', 'institution', 'venue')
_ARXIV = re.compile(r'^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?/\d{7})(v\d+)?$')
_DOI = re.compile(r'^10\.\d{4,9}/\S+$')
_WEB = re.compile(r'^https?://\S+$')


class PaperError(ValueError):
    """Details that do not make a paper; the message says which and why, `field` names the
    detail at fault (None for the paper as a whole)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def paper_from(data: object, key: str) -> Paper:
    """A paper from a mapping of its details (front matter, or a table of the papers file)."""
    if not isinstance(data, dict):
        raise PaperError(f'paper {key!r} must be a table of details ({", ".join(FIELDS)})')
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise PaperError(
            f'paper {key!r}: unknown field {unknown[0]!r}; known: {", ".join(FIELDS)}', unknown[0]
        )
    title, authors, year = data.get('title'), data.get('authors'), data.get('year')
    if not isinstance(title, str) or not title.strip():
        raise PaperError(f'paper {key!r} has no title', 'title')
    if isinstance(authors, str):
        authors = [authors]
    if (
        not isinstance(authors, list)
        or not authors
        or not all(isinstance(a, str) and a.strip() for a in authors)
    ):
        raise PaperError(f'paper {key!r}: authors must be a list of names', 'authors')
    if isinstance(year, bool) or not isinstance(year, int) or not 1000 <= year <= 9999:
        raise PaperError(f'paper {key!r}: year must be a year such as 2017, not {year!r}', 'year')
    text = {}
    for name in FIELDS[3:]:  # the details given as text
        value = data.get(name, '')
        if not isinstance(value, (str, float)):
            raise PaperError(f'paper {key!r}: {name} must be a string, not {value!r}', name)
        text[name] = str(value).strip()
    if text['arxiv'] and not _ARXIV.match(text['arxiv']):
        raise PaperError(
            f'paper {key!r}: arxiv {text["arxiv"]!r} is not an arXiv id such as 1706.03762', 'arxiv'
        )
    if text['doi'] and not _DOI.match(text['doi']):
        raise PaperError(f'paper {key!r}: doi {text["doi"]!r} is not a DOI such as 10.1000/xyz123', 'doi')
    for name in ('url', 'pdf'):
        if text[name] and not _WEB.match(text[name]):
            raise PaperError(f'paper {key!r}: {name} must be an http:// or https:// address', name)
    if not (text['arxiv'] or text['doi'] or text['url']):
        raise PaperError(f'paper {key!r} needs an arxiv id, a doi or a url')
    names = tuple(' '.join(a.split()) for a in authors)
    return Paper(bibtex_key(names[0], year, title), ' '.join(title.split()), names, year, **text)


def bibtex_key(first_author: str, year: int, title: str) -> str:
    """`vaswani2017attention`: the first author's family name, the year, the title's first word
    that is not a small one (the key Google Scholar gives)."""
    family = re.sub(r'[^a-z]', '', _family(first_author).lower()) or 'paper'
    words = [w for w in re.findall(r'[A-Za-z]+', title) if w.lower() not in _SMALL]
    return f'{family}{year}{words[0].lower() if words else ""}'


_SMALL = {'a', 'an', 'the', 'on', 'of', 'for', 'to', 'in', 'and', 'with', 'is'}


def _family(name: str) -> str:
    return name.split(',')[0].strip() if ',' in name else name.split()[-1]


def _bib_name(name: str) -> str:
    """`Last, First` as BibTeX wants it (a name written with a comma is taken as it is)."""
    if ',' in name or ' ' not in name:
        return name
    first, last = name.rsplit(' ', 1)
    return f'{last}, {first}'


def _bib(text: str) -> str:
    """Text as a BibTeX value: its special characters escaped."""
    return re.sub(r'([&%$#_])', r'\\\1', text).replace('{', '\\{').replace('}', '\\}')


def _entry(kind: str, key: str, fields: list[tuple[str, str]]) -> str:
    width = max(len(name) for name, _ in fields)
    body = ',\n'.join(f'  {name.ljust(width)} = {{{value}}}' for name, value in fields if value)
    return f'@{kind}{{{key},\n{body}\n}}'


def paper_bibtex(paper: Paper) -> str:
    """The paper's BibTeX entry: `@misc` with its arXiv id, `@techreport` for an institution's
    report, `@article` in its journal (`venue`), `@misc` for a paper known by its address alone."""
    fields = [
        ('title', '{' + _bib(paper.title) + '}'),  # double braces keep its capitals
        ('author', ' and '.join(_bib(_bib_name(a)) for a in paper.authors)),
        ('year', str(paper.year)),
    ]
    if paper.arxiv:
        kind = 'misc'
        fields += [('eprint', paper.arxiv), ('archivePrefix', 'arXiv')]
    elif paper.institution:
        kind = 'techreport'
        fields.append(('institution', _bib(paper.institution)))
    elif paper.venue:
        kind = 'article'
        fields.append(('journal', _bib(paper.venue)))
    else:  # no journal to name: an @article without one is incomplete
        kind = 'misc'
    if paper.doi:
        fields.append(('doi', paper.doi))
    fields.append(('url', paper.abstract_url))
    return _entry(kind, paper.key, fields)


def page_bibtex(key: str, title: str, site_title: str, url: str, paper: Paper) -> str:
    """A BibTeX entry for the page that implements `paper`: its title and address. The page's
    script adds the commit the site was built from at the end of the note, the last field
    (`page_bibtex_parts`)."""
    note = f'Annotated implementation of {paper.title} ({_family(paper.authors[0])} et al., {paper.year})'
    if len(paper.authors) == 1:
        note = note.replace(' et al.', '')
    fields = [
        ('title', '{' + _bib(title) + '}'),
        ('howpublished', '\\url{' + url + '}'),
        ('organization', _bib(site_title)),
        ('note', _bib(note)),
    ]
    if not url:  # a site without a configured address
        del fields[1]
    return _entry('misc', key, fields)


def page_bibtex_parts(entry: str) -> tuple[str, str]:
    """The page's BibTeX before and after the place of the commit: the end of its last field's value."""
    cut = len(entry) - len('}\n}')
    return entry[:cut], entry[cut:]


def page_key(package: str, page: str) -> str:
    """`labml_nn:transformers/mha`: a BibTeX key for a page of the site."""
    stem = page.removesuffix('.html').removesuffix('/index')
    return f'{package}:{"" if stem == "index" else stem}'.rstrip(':')


def read_papers_file(
    path: Path, root: Path, pages: frozenset[str], messages: Messages
) -> dict[str, Paper | str]:
    """The papers file's pages and papers: page path -> its paper, and `#ID` -> each paper (for
    front matter that names one). A problem is an error naming the file and line; a page that
    does not exist is skipped without a word."""
    shown = display_path(path, root)

    def error(line: int, message: str) -> None:
        messages.error(shown, line, message, 'papers')

    try:
        text = path.read_bytes().decode('utf-8')
        table = tomllib.loads(text)
    except FileNotFoundError:
        return {}
    except OSError as e:
        error(1, f'cannot read the papers file: {e.strerror or e}')
        return {}
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        line = int(m.group(1)) if (m := re.search(r'line (\d+)', str(e))) else 1
        error(line, f'not a TOML file: {e}')
        return {}
    found: dict[str, Paper | str] = {}
    papers = table.get('papers', {})
    for key in sorted(set(table) - {'papers', 'pages'}):
        error(_line(text, key), f'unknown table [{key}]: expected [pages] and [papers.ID]')
    if not isinstance(papers, dict):
        error(_line(text, 'papers'), 'papers must be tables [papers.ID]')
        papers = {}
    for key, details in papers.items():
        try:
            found['#' + key] = paper_from(details, key)
        except PaperError as e:
            error(_line(text, f'papers.{key}', e.field), str(e))
    listed = table.get('pages', {})
    if not isinstance(listed, dict):
        error(_line(text, 'pages'), '[pages] must map pages to paper ids')
        listed = {}
    for page, key in listed.items():
        if not isinstance(key, str) or '#' + key not in found:
            if not isinstance(key, str) or key not in papers:
                error(_line(text, page), f'{page}: {key!r} is not one of the [papers.ID] tables')
            continue
        target = page if page.endswith('.html') else page_path(page)
        if target in pages:
            found[target] = found['#' + key]
    return found


def _line(text: str, needle: str, field: str | None = None) -> int:
    """The line of the papers file that mentions `needle` first (1 when none does), or the line
    after it that sets `field`."""
    lines = text.splitlines()
    at = next((n for n, line in enumerate(lines, 1) if needle in line), 1)
    if not field:
        return at
    sets = re.compile(rf'\s*"?{re.escape(field)}"?\s*=')
    return next((n for n, line in enumerate(lines[at - 1 :], at) if sets.match(line)), at)


def page_paper(front_matter: object, page: str, papers: dict[str, Paper | str]) -> Paper | str | None:
    """The paper of one page: its front matter's (details or a papers file id), else the papers
    file's entry for it; a string is a problem to report at the page."""
    if front_matter is None:
        found = papers.get(page)
        return found if isinstance(found, Paper) else None
    if isinstance(front_matter, str):
        found = papers.get('#' + front_matter.strip())
        if isinstance(found, Paper):
            return found
        return f'front matter paper {front_matter!r} is not in the papers file'
    try:
        return paper_from(front_matter, 'in the front matter')
    except PaperError as e:
        return f'front matter: {e}'


def short_authors(paper: Paper) -> str:
    """`Vaswani et al.`, `Kingma and Ba`, `Radford`: the authors as a citation names them."""
    families = [_family(a) for a in paper.authors]
    if len(families) > 2:
        return f'{families[0]} et al.'
    return ' and '.join(families)


def card_context(
    page: str,
    lang: str,
    settings: Settings,
    title: str,
    paper: Paper | None,
    every_paper: tuple[tuple[Paper, tuple[Neighbour, ...]], ...],
) -> dict[str, object]:
    """What the templates show of papers: `paper` (or None) with `paper_bibtex` and
    `page_bibtex`, and on the home page `every_paper`: (paper, its authors as cited, [(relative
    URL, title)] of the pages implementing it)."""
    from sitegen.sitewide.toc import neighbour_title  # the titles of other pages, as the pager shows them

    here = lang_path(lang, page)
    listing = [
        (
            p,
            short_authors(p),
            [(relative_url(here, lang_path(lang, n.page)), neighbour_title(n, lang)) for n in pages],
        )
        for p, pages in every_paper
    ]
    context: dict[str, object] = dict(paper=paper, every_paper=listing, paper_bibtex='', page_bibtex=('', ''))
    if paper is not None:
        url = settings.page_url(lang, page)
        key = page_key(settings.package, page)
        context.update(
            paper_bibtex=paper_bibtex(paper),
            page_bibtex=page_bibtex_parts(page_bibtex(key, title, settings.title, url, paper)),
            paper_authors=', '.join(paper.authors),
        )
    return context
