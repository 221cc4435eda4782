"""The authoring guide (`generator/README.md`) is tested: each example page it gives is built, and
the page holds each line of what the guide says it shows; its configuration is read as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitegen.commands.cli import main
from sitegen.reading.config import TABLE_KEYS, load_config

GUIDE = Path(__file__).resolve().parents[1] / 'generator' / 'README.md'
EXAMPLE = re.compile(
    r'<!-- example: (?P<name>[\w.]+) -->\n```python\n(?P<code>.*?)```\n\nshows:\n\n```html\n(?P<shows>.*?)```',
    re.DOTALL,
)


def examples() -> list[tuple[str, str, list[str]]]:
    text = GUIDE.read_text()
    found = [(m['name'], m['code'], m['shows'].strip().splitlines()) for m in EXAMPLE.finditer(text)]
    assert len(found) == text.count('<!-- example:'), 'an example without what it shows'
    return found


@pytest.fixture(scope='module')
def site(tmp_path_factory) -> Path:
    """Every example of the guide, a page each of a package named `guide`, built with no warning."""
    root = tmp_path_factory.mktemp('guide')
    (root / 'pyproject.toml').write_text(
        '[tool.site]\nurl = "https://you.example/guide/"\nrepository = "https://github.com/you/guide"\n'
    )
    package = root / 'guide'
    package.mkdir()
    (package / '__init__.py').write_text('"""\n# The guide\'s examples\n"""\n')
    (package / 'experiment.ipynb').write_text(
        '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n'
    )
    (package / 'loss.svg').write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    for name, code, _ in examples():
        (package / name).write_text(code)
    assert main(['--root', str(root), 'build', '--strict', '--no-cache', '--jobs', '1']) == 0
    return root / 'docs'


@pytest.mark.parametrize('name, code, shows', examples(), ids=[e[0] for e in examples()])
def test_each_example_shows_what_the_guide_says(site, name, code, shows):
    page = (site / name.replace('.py', '.html')).read_text()
    for line in shows:
        assert line in page, line


def test_the_guide_covers_every_convention():
    titles = re.findall(r'^### (.*)$', GUIDE.read_text(), re.MULTILINE)
    for subject in ('Sections', 'Math', 'Front matter', 'Papers', 'Anchors', 'Notebooks', 'Readmes'):
        assert any(t.startswith(subject) for t in titles), subject
    assert '## Translations' in GUIDE.read_text() and '## Configuration' in GUIDE.read_text()


def test_the_configuration_of_the_guide_is_read_as_written_and_names_every_key(tmp_path):
    table = re.search(r'```toml\n(\[tool\.site\]\n.*?)```', GUIDE.read_text(), re.DOTALL).group(1)
    (tmp_path / 'pyproject.toml').write_text(table)
    config = load_config(tmp_path)
    assert config.exclude == ('scratch', '*_test.py') and config.issues.endswith('/issues/new')
    named = set(re.findall(r'^(\w+) =', table, re.MULTILINE))
    # Every key but the safety settings, which the project README describes.
    assert set(TABLE_KEYS) - named <= {'field_style', 'max_source_mb', 'sanitize_english', 'repository_links'}


def test_the_papers_file_of_the_guide_gives_its_page_a_paper(tmp_path):
    text = GUIDE.read_text()
    papers = re.search(r'```toml\n(\[pages\]\n.*?)```', text, re.DOTALL).group(1)
    (tmp_path / 'pyproject.toml').write_text('[tool.site]\nurl = "https://t.test/"\n')
    (tmp_path / 'papers.toml').write_text(papers)
    (tmp_path / 'guide').mkdir()
    (tmp_path / 'guide' / '__init__.py').write_text('"""\n# Home\n"""\n')
    (tmp_path / 'guide' / 'transformer.py').write_text('"""\n# The transformer\n"""\n')
    assert main(['--root', str(tmp_path), 'build', '--strict', '--no-cache', '--jobs', '1']) == 0
    assert 'https://arxiv.org/abs/1706.03762' in (tmp_path / 'docs' / 'transformer.html').read_text()
