"""Site configuration: the `[tool.site]` table of `pyproject.toml`, overridden by flags.

One table holds every address the site and the notebook use, so that changing the
repository or the site URL is one edit.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomllib

from sitegen.errors import UsageError

KNOWN_LANGUAGES = {'en': 'English', 'zh': '中文', 'ja': '日本語'}


BUILTIN_TEMPLATES = Path(__file__).resolve().parent.parent / 'templates'


@dataclass(frozen=True)
class SiteConfig:
    """Where a project's sources, translations and output are, and what its pages say about it.

    Read from `[tool.site]` and overridden by flags; what of it a page's HTML depends on is
    handed to the pages as `sitegen.doc.Settings`.
    """

    root: Path
    title: str = 'Annotated Implementations'
    url: str = 'https://example.org/'
    repository: str = ''
    branch: str = 'main'
    source: Path = Path('labml_nn')
    output: Path = Path('docs')
    languages: tuple[str, ...] = ('en',)
    cache: Path = Path('translate_cache')
    templates: Path | None = None
    strict: bool = False

    @property
    def package(self) -> str:
        """Import name of the documented package; it is the first breadcrumb."""
        return self.source.name

    def template_dirs(self) -> tuple[Path, ...]:
        """The user's template folder (when given) first, then the built-in one."""
        if self.templates:
            return (self.root / self.templates, BUILTIN_TEMPLATES)
        return (BUILTIN_TEMPLATES,)

    def replace(self, **changes: object) -> SiteConfig:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


# What `[tool.site]` may hold.
TABLE_KEYS = ('title', 'url', 'repository', 'branch', 'source', 'output', 'languages', 'cache', 'templates')


def cache_file(cache_dir: Path, rel_in_package: str, lang: str) -> Path:
    """Where the translations of one source live: `<cache>/<path without .py>.<lang>.json`."""
    return cache_dir / f'{rel_in_package[: -len(".py")]}.{lang}.json'


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
    values: dict[str, Any] = {'root': root}
    for key, value in table.items():
        if key not in TABLE_KEYS:
            raise UsageError(f'{path}: unknown key {key!r} in [tool.site]; known: {", ".join(TABLE_KEYS)}')
        if key in ('source', 'output', 'cache', 'templates'):
            values[key] = Path(str(value))
        elif key == 'languages':
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise UsageError(
                    f'{path}: [tool.site] languages must be a list of language codes, not {value!r}'
                )
            values[key] = tuple(value)
        elif not isinstance(value, str):
            raise UsageError(f'{path}: [tool.site] {key} must be a string, not {value!r}')
        else:
            values[key] = value
    config = SiteConfig(**values)
    check_languages(config.languages, path)
    return config


def check_languages(languages: tuple[str, ...], where: object) -> None:
    if not languages or languages[0] != 'en':
        raise UsageError(f'{where}: languages must start with "en", got {list(languages)}')
    for lang in languages:
        if lang not in KNOWN_LANGUAGES:
            raise UsageError(f'{where}: unknown language {lang!r}; known: {", ".join(KNOWN_LANGUAGES)}')
