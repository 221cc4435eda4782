"""Site configuration: the `[tool.site]` table of `pyproject.toml`, overridden by flags.

One table holds every address the site and the notebook use, so that changing the
repository or the site URL is one edit.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from pathlib import Path

from sitegen.errors import UsageError

KNOWN_LANGUAGES = {'en': 'English', 'zh': '中文', 'ja': '日本語'}


@dataclass(frozen=True)
class SiteConfig:
    """Everything a build needs besides the sources; hashed into the incremental cache key."""

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
    jobs: int = 0
    template_cache: Path | None = None  # compiled templates kept between builds (in .build_cache/)

    @property
    def package(self) -> str:
        """Import name of the documented package; it is the first breadcrumb."""
        return self.source.name

    def source_url(self, rel: str) -> str:
        """Link to a file of the source tree in the repository."""
        return f'{self.repository.rstrip("/")}/blob/{self.branch}/{rel}'

    def colab_url(self, rel: str) -> str:
        """Colab address of a notebook that sits in the repository."""
        repo = self.repository.rstrip('/').removeprefix('https://github.com/')
        return f'https://colab.research.google.com/github/{repo}/blob/{self.branch}/{rel}'

    def fingerprint(self) -> str:
        """The parts of the configuration that change page bytes."""
        keys = ('title', 'url', 'repository', 'branch', 'source', 'languages')
        return repr([(k, str(getattr(self, k))) for k in keys])

    def replace(self, **changes: object) -> SiteConfig:
        return dataclasses.replace(self, **changes)


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
    values: dict[str, object] = {'root': root}
    for key, value in table.items():
        if key not in TABLE_KEYS:
            raise UsageError(f'{path}: unknown key {key!r} in [tool.site]; known: {", ".join(TABLE_KEYS)}')
        if key in ('source', 'output', 'cache', 'templates'):
            values[key] = Path(str(value))
        elif key == 'languages':
            values[key] = tuple(str(v) for v in value)
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
