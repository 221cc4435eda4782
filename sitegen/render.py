"""Pages to HTML with Jinja2: a pure function of the page model, its language and the configuration.

Templates come from the project's `templates/` folder; a user's own folder, given with
`--templates`, is searched first, so any one template (or `static/` file) can be overridden.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html as html_lib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sitegen.config import KNOWN_LANGUAGES, SiteConfig
from sitegen.doc import Page, breadcrumbs, relative_url

BUILTIN_TEMPLATES = Path(__file__).resolve().parent.parent / 'templates'


def template_dirs(config: SiteConfig) -> list[Path]:
    dirs = [BUILTIN_TEMPLATES]
    if config.templates:
        dirs.insert(0, config.root / config.templates)
    return dirs


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
    env.filters['indent_width'] = indent_width
    return env


_TAG = re.compile(r'<[^>]*>')


def indent_width(line_html: str) -> int:
    """Columns of leading whitespace of a highlighted code line.

    The page hangs a wrapped line's continuation under this indentation, so the indentation
    still shows where a long line wraps on a narrow screen.
    """
    text = html_lib.unescape(_TAG.sub('', line_html)).expandtabs(4)
    return len(text) - len(text.lstrip(' '))


_HEADING = re.compile(r'<(/?)h([1-6])\b([^>]*)>')


def outline(sections: list[SectionView]) -> list[SectionView]:
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


@lru_cache(maxsize=8)
def interface_strings(dirs: tuple[Path, ...]) -> dict[str, dict[str, str]]:
    """The interface's own words per language (`strings.json` of the first template folder with one)."""
    for d in dirs:
        path = d / 'strings.json'
        if path.is_file():
            return json.loads(path.read_text(encoding='utf-8'))
    return {}


def templates_fingerprint(config: SiteConfig) -> str:
    """Hash of every template and static file, so that editing one invalidates cached pages."""
    h = hashlib.sha256()
    for d in template_dirs(config):
        for path in sorted(d.rglob('*')):
            if path.is_file():
                h.update(path.relative_to(d).as_posix().encode() + b'\0' + path.read_bytes())
    return h.hexdigest()


@dataclass(frozen=True)
class SectionView:
    index: int
    kind: str
    doc: str
    lang: str | None  # set where the text stays in English on a translated page
    code: tuple


def page_url(config: SiteConfig, lang: str, page: str) -> str:
    """Absolute URL of a page in a language, as the canonical link and the sitemap give it."""
    path = lang_path(lang, page)
    if path.endswith('index.html'):
        path = path[: -len('index.html')]
    return config.url.rstrip('/') + '/' + path


def lang_path(lang: str, page: str) -> str:
    """Where a page of a language lives under the output folder."""
    return page if lang == 'en' else f'{lang}/{page}'


def render_page(
    page: Page,
    config: SiteConfig,
    lang: str,
    sections: list[SectionView],
    title: str,
    summary: str,
    pages: frozenset[str],
    extra: dict | None = None,
) -> str:
    """One page of one language."""
    env = environment(tuple(template_dirs(config)), config.template_cache)
    here = lang_path(lang, page.source.page)
    static = relative_url(here, 'static/x')[:-1]
    languages = [
        (
            code,
            KNOWN_LANGUAGES[code],
            relative_url(here, lang_path(code, page.source.page)),
            page_url(config, code, page.source.page),
        )
        for code in config.languages
    ]
    context = dict(
        lang=lang,
        title=title,
        summary=summary,
        site_title=config.title,
        static=static,
        canonical=page_url(config, lang, page.source.page),
        languages=languages,
        breadcrumbs=breadcrumbs(page.source.page, pages, config.package),
        source_url=config.source_url(page.source.rel),
        source_name=page.source.rel,
        sections=outline(sections),
        page=page.source.page,
    )
    strings = interface_strings(tuple(template_dirs(config)))
    ui = {**strings.get('en', {}), **strings.get(lang, {})}
    context.update(ui=ui, ui_json=json.dumps(ui, ensure_ascii=False, sort_keys=True))
    context.update(extra or {})
    return env.get_template('page.html').render(context)
