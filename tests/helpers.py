"""Helpers shared by several test files: the small project a build is tested on (`make_project`, `run`,
`snapshot`), the fixture packages (`LITERATE`, `LABML_STYLE`), the records of the unit tests (`make_job`),
and this project's MHA page with its seed caches (`SEED_FILES`, `run_build`)."""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

from sitegen.building.build import build
from sitegen.commands.cli import main
from sitegen.doc import CatalogFile, LanguagePage, PageJob, Settings, Site, Source
from sitegen.reading.config import load_config
from sitegen.translation.catalog import dump_cache

PYPROJECT = """
[tool.site]
title = "Fixture Site"
url = "https://example.org/site/"
repository = "https://github.com/example/fixture"
issues = "https://github.com/example/fixture/issues/new"
branch = "main"
source = "pkg"
output = "out"
languages = ["en"]
"""


HOME = '''\
r"""
---
title: Fixture home
summary: A tiny package for testing.
---

# Fixture home

See [the model](sub/model.html#Thing) and [its page](sub/model.html).
Math: $\\alpha + \\beta$.

![diagram](sub/diagram.svg)
"""
'''


MODEL = '''\
r"""
# The model

$$\\frac{Q K^\\top}{\\sqrt{d_k}}$$
"""

import math

# Escaping check: `</pre>` in code
HTML = "</pre><script>alert(1)</script>"  # a string, not markup


class Thing:
    """
    <a id="Thing"></a>

    ## A thing

    Back [home](../index.html).
    """

    def __init__(self, x: int):
        # Store $x$
        self.x = x

    #
    def twice(self):
        return 2 * self.x
'''


def make_project(root: Path) -> Path:
    (root / 'pkg' / 'sub').mkdir(parents=True)
    (root / 'pyproject.toml').write_text(PYPROJECT)
    (root / 'pkg' / '__init__.py').write_text(HOME)
    (root / 'pkg' / 'sub' / '__init__.py').write_text('"""\n# Sub package\n"""\n')
    (root / 'pkg' / 'sub' / 'model.py').write_text(MODEL)
    (root / 'pkg' / 'sub' / 'diagram.svg').write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    return root


def run(root: Path, *args: str) -> int:
    return main(['--root', str(root), *args])


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under a folder (hidden ones included), by relative path."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob('*')) if p.is_file()
    }


class Page(HTMLParser):
    """Collects what a reader checks: sections, ids, line numbers, links, math, scripts."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.sections, self.ids, self.lines, self.links, self.scripts = [], set(), [], [], []
        self.katex = 0
        self.stack: list[str] = []
        self.line_texts: list[str] = []
        self._line_depth: int | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag not in ('meta', 'link', 'img', 'br', 'hr', 'input', 'source'):
            self.stack.append(tag)
        if 'id' in a:
            self.ids.add(a['id'])
        if tag == 'section':
            self.sections.append(a.get('id'))
        if 'data-n' in a:
            self.lines.append(int(a['data-n']))
            self.line_texts.append('')
            self._line_depth = len(self.stack)
        if tag == 'a' and 'href' in a:
            self.links.append(a['href'])
        if tag == 'script':
            self.scripts.append(a.get('src'))
        if 'katex' in (a.get('class') or '').split():
            self.katex += 1

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f'unbalanced </{tag}>'
        self.stack.pop()
        if self._line_depth is not None and len(self.stack) < self._line_depth:
            self._line_depth = None

    def handle_data(self, data):
        if self._line_depth is not None:
            self.line_texts[-1] += data


def load(root: Path):
    from sitegen.reading.config import load_config

    return load_config(root)


def translated_with_a_repair(project: Path) -> Path:
    """The fixture with a Chinese cache (each value its key); one value has a stray `</a>`, which
    the build repairs (a notice), and the home page keeps a broken link (a warning)."""
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    (project / 'pkg' / '__init__.py').write_text(HOME.replace('sub/model.html)', 'sub/missing.html)'))
    todo = project / 'todo.json'
    assert run(project, 'translate', 'export', '--lang', 'zh', '--no-cache', str(todo)) == 0
    for name, keys in json.loads(todo.read_text()).items():
        values = {key: key + (' </a>' if 'A thing' in key else '') for key in keys}
        (project / 'translate_cache' / name).parent.mkdir(parents=True, exist_ok=True)
        (project / 'translate_cache' / name).write_bytes(dump_cache(values))
    return project / 'translate_cache' / 'sub' / 'model.zh.json'


def english_page(html: str) -> LanguagePage:
    return LanguagePage('en', hashlib.sha256(html.encode()).hexdigest(), 'Title', (), html=html.encode())


def make_source(data: bytes = b'x = 1\n') -> Source:
    return Source(Path('/p/pkg/m.py'), 'pkg/m.py', 'm.py', 'm.html', data)


def make_job(data: bytes = b'x = 1\n', catalog: bytes | None = None, pages=None, title: str = 'T') -> PageJob:
    settings = Settings(
        title, 'https://e.org/', 'https://github.com/e/p', 'main', 'pkg', ('en', 'zh'), (), 'f'
    )
    return PageJob(
        make_source(data),
        ('en', 'zh'),
        (CatalogFile('zh', 'm.zh.json', catalog),),
        Site(pages or frozenset({'index.html', 'm.html'}), frozenset()),
        settings,
    )


def run_git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ['git', '-c', 'user.name=t', '-c', 'user.email=t@example.org', *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


REPO = Path(__file__).resolve().parents[1]


def build_and_read(project: Path, capsys, *args: str) -> tuple[int, str]:
    code = run(project, 'build', *args)
    err = capsys.readouterr().err
    assert 'Traceback' not in err
    return code, err


def with_chinese_cache(project: Path) -> Path:
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    cache = project / 'translate_cache' / 'sub'
    cache.mkdir(parents=True)
    return cache / 'model.zh.json'


def with_hostile_chinese_page(project: Path, source: str, entries: dict[str, str]) -> Path:
    from sitegen.translation.catalog import dump_cache

    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    (project / 'pkg' / 'hostile.py').write_text(source)
    cache = project / 'translate_cache'
    cache.mkdir(exist_ok=True)
    (cache / 'hostile.zh.json').write_bytes(dump_cache(entries))
    return cache / 'hostile.zh.json'


SECTIONS = '"""\n# Page\n"""\n\n' + ''.join(f'# Section {i}\nx{i} = {i}\n\n' for i in range(4))


def secret_folder(tmp_path: Path) -> Path:
    secret = tmp_path / 'secret'
    secret.mkdir()
    (secret / 'passwords.py').write_text('"""\n# Secret page\n"""\nkey = "hunter2"\n')
    (secret / 'photo.png').write_bytes(b'\x89PNG secret')
    return secret


LABML_STYLE = Path(__file__).resolve().parent / 'fixtures' / 'labml_style'

# `bench/fidelity.py` measures the labml-style fixture; the tests hold its thresholds.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'bench'))
from fidelity import measure, raw_tex  # noqa: E402, F401 (for the tests of the fixture)


def docs(page_html: str) -> list[str]:
    return re.findall(r'<div class="doc"[^>]*>(.*?)</div>\n<div class="code">', page_html, re.S)


def section_of(page_html: str, text: str) -> str:
    return next(s for s in re.findall(r'<section.*?</section>', page_html, re.S) if text in s)


def tex_of(fragment: str) -> list[str]:
    return [
        html.unescape(t)
        for t in re.findall(r'<annotation encoding="application/x-tex">(.*?)</annotation>', fragment, re.S)
    ]


LITERATE = Path(__file__).resolve().parent / 'fixtures' / 'literate'


def literate_run(project: Path, *args: str) -> int:
    return main(['--root', str(project), 'build', '--lang', 'all', *args])


PAGE = '''r"""
---
title: {title}
---

# {title}

Math: $\\alpha$.
"""

x = 1
'''


def package(root: Path, name: str = 'notes', files: tuple[str, ...] = ('__init__.py', 'model.py')) -> Path:
    for rel in files:
        path = root / name / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(PAGE.format(title=Path(rel).stem.replace('_', ' ').capitalize()))
    return root


ROOT = Path(__file__).resolve().parents[1]


def configured(root: Path, table: str) -> Path:
    (root / 'pyproject.toml').write_text('[tool.site]\nsource = "notes"\n' + table)
    return package(root, files=('__init__.py', 'model.py', 'sub/deep.py'))


SEEDS = ROOT / 'translate_cache' / 'transformers'


# The two caches of the MHA page as the project received them: the Chinese one is still ours, byte
# for byte; the Japanese one (a machine translation, since retranslated by hand) is kept here.
SEED_FILES = {
    'zh': SEEDS / 'mha.zh.json',
    'ja': Path(__file__).resolve().parent / 'data' / 'seed_mha.ja.json',
}


P = '<span translate=no>_^_{}_^_</span>'.format


MHA = 'transformers/mha.html'

# Formulas that pages share: the attention of a transformer, and pieces of it.
FORMULAS = [
    r'\mathop{Attention}(Q, K, V) = \mathop{softmax}\Bigg(\frac{Q K^\top}{\sqrt{d_k}}\Bigg)V',
    r'\frac{1}{\sqrt{d_k}}',
    r'Q K^\top',
    r'W^Q_i x_i',
]


def seed_cache(folder: Path) -> Path:
    (folder / 'transformers').mkdir(parents=True, exist_ok=True)
    for lang in ('zh', 'ja'):
        shutil.copyfile(SEED_FILES[lang], folder / 'transformers' / f'mha.{lang}.json')
    return folder


def run_build(cache: Path, work: Path, languages=('en', 'zh', 'ja'), root: Path = ROOT):
    config = load_config(root).replace(cache=cache, output=work / 'out')
    return build(config, languages, cache_dir=work / 'cache', jobs=1)


def page_of(result, lang: str, path: str = MHA) -> str:
    return result.files[(f'{lang}/' if lang != 'en' else '') + path].decode()


def mha(result):
    return next(p for p in result.pages if p.source.page == MHA)


def translate(project: Path, *args: str) -> int:
    return main(['--root', str(project), 'translate', *args, '--jobs', '1', '--no-cache'])
