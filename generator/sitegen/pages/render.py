"""Pages to HTML with Jinja2: a pure function of the page model, its language and the settings.

Templates come from the built-in `templates/` folder; a user's own folder, given with
`--templates`, is searched first, so any one template (or `static/` file) can be overridden.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html as html_lib
import json
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from sitegen.doc import (
    CodeLine,
    Page,
    PageJob,
    SectionView,
    Settings,
    Site,
    breadcrumbs,
    lang_path,
    relative_url,
)
from sitegen.pages import mathcolor
from sitegen.reading.config import LANGUAGE_NAMES
from sitegen.sitewide import papers, toc

if TYPE_CHECKING:
    import jinja2

    from sitegen.pages.language import LanguageView


@lru_cache(maxsize=8)
def environment(dirs: tuple[Path, ...], bytecode: Path | None = None) -> jinja2.Environment:
    """Templates compiled once per process, and once across builds when `bytecode` is a folder."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(d) for d in dirs]),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        bytecode_cache=jinja2.FileSystemBytecodeCache(str(bytecode)) if bytecode else None,
    )
    env.filters['indent_width'] = indent_width  # for templates of a user's own that lay out lines
    env.filters['text_length'] = text_length
    return env


def text_length(html: str) -> int:
    """The length of `html`'s text as Jinja's `striptags` gives it (tags out, blanks as one space,
    entities read): markupsafe's own where a comment could end early, otherwise in one expression
    (a typeset formula has hundreds of tags, and `striptags` took a tenth of a translated build)."""
    if '<!--' in html:
        from markupsafe import Markup

        return len(Markup(html).striptags())
    return len(html_lib.unescape(' '.join(_TAG.sub('', html).split())))


_TAG = re.compile(r'<[^>]*>')

# Interface words only the templates use; the script's copy (`data-ui`) leaves them out.
PAGE_ONLY_WORDS = frozenset(
    'outdated contents previous next pager paper abstract cite cite_paper cite_page implemented all_pages'.split()
)


def code_lines_html(lines: tuple[CodeLine, ...]) -> str:
    """A section's code lines as the page shows them, each with its source line number (and its
    anchor, `#L12`, as a repository's file view has) and, where
    it is indented, its indentation in columns (`--i`): a wrapped line's continuation hangs beneath."""
    out = []
    for line in lines:
        i = indent_width(line.html)
        style = f' style="--i:{i}"' if i else ''
        out.append(f'<span class="line" id="L{line.number}" data-n="{line.number}"{style}>{line.html}</span>')
    return ''.join(out)


def indent_width(line_html: str) -> int:
    """Columns of leading whitespace of a highlighted code line.

    The page hangs a wrapped line's continuation under this indentation, so the indentation
    still shows where a long line wraps on a narrow screen.
    """
    spaces = len(line_html) - len(line_html.lstrip(' '))
    after = spaces
    if line_html.startswith('<', spaces):
        end = line_html.find('>', spaces)
        if end < 0:
            return spaces  # a `<` that starts no tag is text
        after = end + 1
    if line_html[after : after + 1] not in ('', ' ', '\t', '&', '<'):
        return spaces  # text after the spaces, or after a tag after them: most lines, read at once
    text = html_lib.unescape(_TAG.sub('', line_html)).expandtabs(4)
    return len(text) - len(text.lstrip(' '))


_HEADING = re.compile(r'<(/?)h([1-6])\b([^>]*)>')


def outline(sections: Sequence[SectionView]) -> list[SectionView]:
    """Headings renumbered so that none skips a level (h1 then h3 becomes h1 then h2).

    Screen readers navigate by heading level, and a skipped level reads as a missing part.
    A heading is one level below the nearest heading before it that was written higher, never
    deeper than written; a renumbered one keeps the look its author chose through a class named
    for the written level (`<h2 class="h3">`).
    """
    stack: list[tuple[int, int]] = []  # (written, new) level of the headings enclosing this point
    out = []
    for s in sections:
        doc = _renumber_headings(s.doc, stack)
        out.append(s if doc == s.doc else dataclasses.replace(s, doc=doc))
    return out


def _renumber_headings(doc: str, stack: list[tuple[int, int]]) -> str:
    """One section's headings, continuing (and updating) the page's `stack` of open headings."""
    parts: list[str] = []
    pos = 0
    for m in _HEADING.finditer(doc):
        closing, written, attrs = m.group(1), int(m.group(2)), m.group(3)
        if closing:
            new = next((n for w, n in reversed(stack) if w == written), written)
        else:
            while stack and stack[-1][0] >= written:
                stack.pop()
            new = min(written, stack[-1][1] + 1 if stack else 1)
            stack.append((written, new))
            if new != written and 'class="' in attrs:
                attrs = attrs.replace('class="', f'class="h{written} ', 1)
            elif new != written:
                attrs = f' class="h{written}"{attrs}'
        parts += [doc[pos : m.start()], f'<{closing}h{new}{attrs}>']
        pos = m.end()
    parts.append(doc[pos:])
    return ''.join(parts)


# ---------------------------------------------------------------- colour-linked math, once a page

Formulas = tuple[tuple[str, ...], ...]  # each section's formulas (their visible halves), in order


class FormulaColours:
    """Colour-linked math (`sitegen.pages.mathcolor`) for the languages of one page, worked out once.

    The colouring reads only the visible half of each formula, and marks only inside it; a page's
    languages show the same formulas in the same sections, their text around them aside. So each
    section is given to it as its formulas alone, and the coloured formulas go back in place of
    the plain ones in every language that shows the same formulas (the others are coloured apart).
    """

    def __init__(self) -> None:
        self._coloured: dict[Formulas, Formulas | None] = {}
        self._seen: dict[str, list[str]] = {}  # formulas found so far, by their first characters

    def __call__(self, sections: list[SectionView]) -> list[SectionView]:
        split = [_split_formulas(s.doc, self._seen) for s in sections]
        if any(pieces is None for pieces in split):
            return mathcolor.colour_sections(sections)
        pieces = [p for p in split if p is not None]
        formulas = tuple(tuple(p[1::2]) for p in pieces)
        if not any(formulas):
            return sections
        if formulas not in self._coloured:
            self._coloured[formulas] = mathcolor.colour_formulas(formulas)
        coloured = self._coloured[formulas]
        if coloured is None:
            return mathcolor.colour_sections(sections)
        out = []
        for s, p, before, after in zip(sections, pieces, formulas, coloured, strict=True):
            p[1::2] = after
            out.append(s if before == after else dataclasses.replace(s, doc=''.join(p)))
        return out


def _split_formulas(doc: str, seen: dict[str, list[str]]) -> list[str] | None:
    """`doc` cut into text, formula, text, ..., text, each formula a visible half of KaTeX's HTML
    (from its start tag through the end tag that closes it); None when one is not closed.

    `seen` holds the formulas found before, by their first characters: one of them that starts
    where a formula starts is that formula (an element ends where its first end tag that balances
    it is, so no other element starting there can be longer or shorter), found without a scan.
    """
    pieces: list[str] = []
    pos = 0
    at = doc.find(mathcolor.VISIBLE)
    while at >= 0:
        head = doc[at : at + _HEAD]
        formula = next((f for f in seen.get(head, ()) if doc.startswith(f, at)), None)
        if formula is None:
            formula = _visible_half(doc, at)
            if formula is None:
                return None
            seen.setdefault(head, []).append(formula)
        pieces += [doc[pos:at], formula]
        pos = at + len(formula)
        at = doc.find(mathcolor.VISIBLE, pos)
    pieces.append(doc[pos:])
    return pieces


_HEAD = len(mathcolor.VISIBLE) + 80  # how much of a formula's start tells formulas apart (mostly)


def _visible_half(doc: str, at: int) -> str | None:
    """The element that starts at `at`, through its end tag; None when it is not closed."""
    # Each end tag closes one element; the start tags before it opened some more.
    depth, end = 1, at + len(mathcolor.VISIBLE)
    while depth:
        close = doc.find('</span>', end)
        if close < 0:
            return None
        depth += doc.count('<span', end, close) - 1
        end = close + len('</span>')
    return doc[at:end]


def forget_templates() -> None:
    """Read templates afresh: a long-lived process (`serve`) calls this when they may have changed,
    since Jinja notices edits to a template it loaded, not a new file that now overrides it."""
    environment.cache_clear()
    interface_strings.cache_clear()


def strings_file(dirs: tuple[Path, ...]) -> Path:
    """`strings.json` of the first template folder that has one."""
    return next(
        (d / 'strings.json' for d in dirs if (d / 'strings.json').is_file()), dirs[-1] / 'strings.json'
    )


@lru_cache(maxsize=8)
def interface_strings(dirs: tuple[Path, ...]) -> dict[str, dict[str, str]]:
    """The interface's own words per language."""
    path = strings_file(dirs)
    return json.loads(path.read_text(encoding='utf-8')) if path.is_file() else {}


def templates_fingerprint(dirs: tuple[Path, ...]) -> str:
    """Hash of every template and static file, so that editing one invalidates cached pages."""
    h = hashlib.sha256()
    for d in dirs:
        for path in sorted(d.rglob('*')):
            if path.is_file():
                h.update(path.relative_to(d).as_posix().encode() + b'\0' + path.read_bytes())
    return h.hexdigest()


def render_page(
    page: Page,
    view: LanguageView,
    settings: Settings,
    site: Site,
    template_cache: Path | None = None,
    job: PageJob | None = None,
    colours: FormulaColours | None = None,
) -> str:
    """One page of one language; `job` brings what it shows of other pages (`sitegen.sitewide.toc`,
    `sitegen.sitewide.papers`); `colours`, shared by a page's languages, colours its formulas once."""
    lang = view.lang
    env = environment(settings.template_dirs, template_cache)
    here = lang_path(lang, page.source.page)
    static = relative_url(here, 'static/')
    site_title = (dict(job.site_titles).get(lang) if job else None) or settings.title
    sections = (colours or FormulaColours())(outline(view.sections))
    context: dict[str, object] = dict(
        lang=lang,
        title=view.title,
        summary=view.summary,
        site_title=site_title,
        static=static,
        canonical=settings.page_url(lang, page.source.page),
        languages=_language_links(here, page.source.page, settings),
        breadcrumbs=breadcrumbs(page.source.page, site.pages, site_title),  # the site's name leads home
        source_url=relative_url(here, page.source.in_package),  # the carried file (`build`)
        source_name=page.source.rel,
        repository_file=settings.repository_file(page.source.rel),
        sections=sections,
        page=page.source.page,
        root=relative_url(here, lang_path(lang, '')),  # this language's home folder
        has_code=any(s.code for s in sections),
        has_math='class="katex' in ''.join(s.doc for s in sections),
    )
    neighbours = (job.previous, job.next) if job else (None, None)
    context.update(toc.navigation(page.source.page, lang, sections, settings, neighbours))
    context['contents'] = _contents(here, lang, page.source.page, job) if job and job.contents else ()
    paper, every_paper = (job.paper, job.papers) if job else (None, ())
    context.update(papers.card_context(page.source.page, lang, settings, view.title, paper, every_paper))
    context.update(_interface_words(settings, lang))
    return env.get_template('page.html').render(context)


def _language_links(here: str, page: str, settings: Settings) -> list[tuple[str, str, str, str]]:
    """The page in each language of the site: its code, its name, its address from `here` and
    its full URL."""
    return [
        (
            code,
            LANGUAGE_NAMES.get(code, code),
            relative_url(here, lang_path(code, page)),
            settings.page_url(code, page),
        )
        for code in settings.languages
    ]


def _contents(here: str, lang: str, page: str, job: PageJob) -> list[tuple[str, str, str, int]]:
    """The home page's list of every other page, by topic: address, title and summary in `lang`
    (the English where it has none), depth."""
    return [
        (
            relative_url(here, lang_path(lang, e.page)),
            dict(e.titles).get(lang) or dict(e.titles).get('en', ''),
            dict(e.summaries).get(lang) or dict(e.summaries).get('en', ''),
            e.depth,
        )
        for e in job.contents
        if e.page != page
    ]


def _interface_words(settings: Settings, lang: str) -> dict[str, object]:
    """The words of the page's interface in `lang` (`ui`, English where it has none) and, as JSON,
    those the page's script shows (`ui_json`)."""
    strings = interface_strings(settings.template_dirs)
    ui = {**strings.get('en', {}), **strings.get(lang, {})}
    script_words = {k: v for k, v in ui.items() if k not in PAGE_ONLY_WORDS}
    return dict(ui=ui, ui_json=json.dumps(script_words, ensure_ascii=False, sort_keys=True))
