"""Site configuration: the `[tool.site]` table of `pyproject.toml`, overridden by flags.

One table holds every address the site and the notebook use, so that changing the
repository or the site URL is one edit.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomllib

from sitegen.errors import UsageError
from sitegen.reading.docstrings import FIELD_STYLES

BUILTIN_TEMPLATES = Path(__file__).resolve().parents[1] / 'templates'
BUILD_CACHE = '.build_cache'


@dataclass(frozen=True)
class SiteConfig:
    """Where a project's sources, translations and output are, and what its pages say about it.

    Read from `[tool.site]` and overridden by flags; what of it a page's HTML depends on is
    handed to the pages as `sitegen.doc.Settings`.
    """

    root: Path
    title: str = ''  # '' in the table: the package's name (`load_config`)
    url: str = ''  # '' : no canonical links, sitemap or page citations (one warning says so)
    repository: str = ''  # '' : no links to a repository; else pinned to the built commit
    branch: str = 'main'  # the branch Colab opens notebooks from (`colab:` links)
    source: Path = Path()  # Path(): the package found in the project (`find_package`)
    output: Path = Path('docs')
    languages: tuple[str, ...] = ('en',)
    cache: Path = Path('translate_cache')
    templates: Path | None = None
    assets: tuple[Path, ...] = ()  # folders whose files are mirrored into the site by their path
    strict: bool = False
    field_style: str = 'plain'  # `:param x: text` as "`x` text", or "`x`: text" with 'colon'
    markdown: tuple[Path, ...] = ()  # Markdown files of the source folder that are pages, besides readmes
    max_source_mb: float = 5.0  # a larger source is an error
    sanitize_english: bool = False  # English docstring HTML passes the translations' allow-list
    # The papers the pages implement (`sitegen.sitewide.papers`); may be absent.
    papers: Path = Path('papers.toml')
    # Source paths read first in their folder, in this order (`sitegen.sitewide.toc.reading_order`).
    order: tuple[str, ...] = ()
    # The commit problem reports name; None: `git rev-parse HEAD` (`sitegen.sitewide.revision`).
    commit: str | None = None
    issues: str = ''  # where a new issue is opened ("Report a problem"); '' : no such links
    # false: `repository` serves Colab and installs only; the pages link no file there
    repository_links: bool = True
    exclude: tuple[str, ...] = ()  # globs of source paths (relative to the source folder) that are no pages

    @property
    def build_cache(self) -> Path:
        """`.build_cache/` of the project: pages, formulas and small values kept between builds."""
        return self.root / BUILD_CACHE

    @property
    def package(self) -> str:
        """Import name of the documented package."""
        return self.source.name

    def template_dirs(self) -> tuple[Path, ...]:
        """The user's template folder (when given) first, then the built-in one."""
        user = (self.root / self.templates,) if self.templates else ()
        return (*user, BUILTIN_TEMPLATES)

    def replace(self, **changes: object) -> SiteConfig:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


# What `[tool.site]` may hold: every field but the project's root and those only flags set.
TABLE_KEYS = tuple(
    f.name for f in dataclasses.fields(SiteConfig) if f.name not in ('root', 'strict', 'commit')
)
PATHS = ('source', 'output', 'cache', 'templates', 'papers')
LISTS = ('languages', 'assets', 'markdown', 'order', 'exclude')
NUMBERS = ('max_source_mb',)
BOOLEANS = ('sanitize_english', 'repository_links')


def load_config(root: Path) -> SiteConfig:
    """Read `[tool.site]` from `root/pyproject.toml`; defaults where it is absent."""
    path = root / 'pyproject.toml'
    table: dict[str, object] = {}
    if path.exists():
        try:
            with path.open('rb') as f:
                table = tomllib.load(f).get('tool', {}).get('site', {})
        except tomllib.TOMLDecodeError as e:
            raise UsageError(f'{path}: {e}') from e
        except OSError as e:
            raise UsageError(f'cannot read {path}: {e.strerror or e}') from e
    values: dict[str, Any] = {'root': root}
    for key, value in table.items():
        if key not in TABLE_KEYS:
            raise UsageError(f'{path}: unknown key {key!r} in [tool.site]; known: {", ".join(TABLE_KEYS)}')
        if key in LISTS:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise UsageError(f'{path}: [tool.site] {key} must be a list of strings, not {value!r}')
            values[key] = tuple(Path(v) for v in value) if key in ('assets', 'markdown') else tuple(value)
            outside = [v for v in value if key in ('assets', 'markdown') and _leaves_project(v)]
            if outside:
                raise UsageError(
                    f'{path}: [tool.site] {key} = {outside[0]!r}: give a folder of the project, relative to '
                    'it (an absolute path or one through .. would publish files from elsewhere)'
                )
        elif key in NUMBERS:
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
                raise UsageError(f'{path}: [tool.site] {key} must be a positive number, not {value!r}')
            values[key] = float(value)
        elif key in BOOLEANS:
            if not isinstance(value, bool):
                raise UsageError(f'{path}: [tool.site] {key} must be true or false, not {value!r}')
            values[key] = value
        elif not isinstance(value, str):
            raise UsageError(f'{path}: [tool.site] {key} must be a string, not {value!r}')
        else:
            values[key] = Path(value) if key in PATHS else value
    style = values.get('field_style', 'plain')
    if style not in FIELD_STYLES:
        raise UsageError(
            f'{path}: [tool.site] field_style must be one of {", ".join(map(repr, FIELD_STYLES))}, not {style!r}'
        )
    if 'source' not in values:
        values['source'] = find_package(root) or Path()
    if not values.get('title'):
        values['title'] = values['source'].name
    config = SiteConfig(**values)
    check_languages(config.languages, path)
    check_addresses(config, f'{path}: [tool.site]')
    return config


def _leaves_project(value: str) -> bool:
    """A path of `[tool.site]` that is absolute (on any system) or climbs out through `..`."""
    return Path(value).is_absolute() or value.startswith(('/', '\\')) or '..' in re.split(r'[/\\]', value)


# Folders of a project that are never its package, whatever they hold.
NOT_PACKAGES = frozenset(
    {'tests', 'test', 'docs', 'doc', 'build', 'dist', 'site', 'examples', 'scripts', 'bench'}
)


def find_package(root: Path) -> Path | None:
    """The package a project documents when `[tool.site]` names none: the one of `packages`, or
    among several the one named as the project (`[project] name`, `-` read as `_`); None when
    there is none, or no way to choose."""
    found = packages(root)
    if len(found) == 1:
        return found[0]
    wanted = _project_name(root)
    return next((f for f in found if f.name == wanted), None)


def packages(root: Path) -> list[Path]:
    """The folders of a project that could be its package: those with an `__init__.py`, at its top
    or under `src/`, relative to `root`."""
    found = []
    for top in (root, root / 'src'):
        if not top.is_dir():
            continue
        for folder in sorted(top.iterdir()):
            name = folder.name
            if name.startswith(('.', '_')) or name in NOT_PACKAGES or not name.isidentifier():
                continue
            if (folder / '__init__.py').is_file() and not (folder / 'pyvenv.cfg').exists():
                found.append(folder.relative_to(root))
    return found


def _project_name(root: Path) -> str:
    try:
        with (root / 'pyproject.toml').open('rb') as f:
            name = tomllib.load(f).get('project', {}).get('name', '')
    except (OSError, tomllib.TOMLDecodeError):
        return ''
    return name.replace('-', '_').replace('.', '_').lower() if isinstance(name, str) else ''


def where_to_set(root: Path, setting: str) -> tuple[int, str]:
    """Where a setting of `[tool.site]` that is missing would go, for a message that names the
    place: the table's line in `root`'s pyproject.toml (1 where it has none, or there is no such
    file), and what to do there, ending in `setting` (`url = "https://..."`)."""
    try:
        lines = (root / 'pyproject.toml').read_text(encoding='utf-8').splitlines()
    except FileNotFoundError:
        return 1, f'create pyproject.toml with a [tool.site] table holding {setting}'
    except (OSError, UnicodeDecodeError):
        lines = []
    for number, line in enumerate(lines, 1):
        if _SITE_TABLE.match(line):
            return number, f'set {setting}'
    return 1, f'add a [tool.site] table holding {setting}'


_SITE_TABLE = re.compile(r'\s*\[\s*tool\s*\.\s*site\s*\]\s*(#.*)?$')


def check_addresses(config: SiteConfig, where: str) -> None:
    """The repository, the issue tracker and the site URL are linked from the pages: only http(s)
    addresses may be (an empty one means no such link)."""
    for key in ('repository', 'url', 'issues'):
        url = getattr(config, key)
        if url and not _WEB_ADDRESS.match(url):
            raise UsageError(
                f'{where} {key} = {url!r}: it must be an http:// or https:// address '
                f'(such as https://github.com/you/project), or empty'
            )


_WEB_ADDRESS = re.compile(r'^https?://[^\s/?#"\'<>\\]+([/?#][^\s"\'<>]*)?$', re.IGNORECASE)


# Each language's own name, for the language links; a code not listed here is shown as itself.
LANGUAGE_NAMES = {
    'en': 'English',
    'zh': '中文',
    'ja': '日本語',
    'ko': '한국어',
    'si': 'සිංහල',
    'ta': 'தமிழ்',
    'hi': 'हिन्दी',
    'bn': 'বাংলা',
    'fr': 'Français',
    'de': 'Deutsch',
    'es': 'Español',
    'pt': 'Português',
    'it': 'Italiano',
    'ru': 'Русский',
    'uk': 'Українська',
    'tr': 'Türkçe',
    'vi': 'Tiếng Việt',
    'id': 'Bahasa Indonesia',
    'th': 'ไทย',
    'ar': 'العربية',
    'fa': 'فارسی',
    'he': 'עברית',
    'pl': 'Polski',
    'nl': 'Nederlands',
    'sv': 'Svenska',
    'zh-Hant': '繁體中文',
}
_LANGUAGE_CODE = re.compile(r'^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$')


def check_languages(languages: tuple[str, ...], where: object) -> None:
    if not languages or languages[0] != 'en':
        raise UsageError(f'{where}: languages must start with "en", got {list(languages)}')
    for lang in languages:
        if not _LANGUAGE_CODE.match(lang):
            raise UsageError(f'{where}: {lang!r} is not a language code (such as zh, ja, si or pt-BR)')
