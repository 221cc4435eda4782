"""Hostile but fair input, a fourth round: a strange file name, a hostile translation, a careless
script. Every URL the build writes for a page of its own is relative and cannot run script."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitegen.doc import relative_url
from test_site import make_project, run

REPO = Path(__file__).resolve().parents[1]

# What a browser reads as a URL's scheme (WHATWG URL: a letter, then letters, digits, `+-.`, a colon).
SCHEME = re.compile(r'^[a-zA-Z][a-zA-Z0-9+.-]*:')
EVIL = 'javascript:alert(document.domain)'


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / 'project')


class _Urls(HTMLParser):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.urls += [value or '' for name, value in attrs if name in ('href', 'src', 'action', 'data-root')]

    handle_startendtag = handle_starttag


def _scheme(url: str) -> str:
    """The scheme a browser reads in `url` (tabs and newlines removed, as a browser does), or ''."""
    m = SCHEME.match(''.join(ch for ch in url.strip(' \x00-\x1f') if ch not in '\t\n\r'))
    return m.group(0)[:-1].lower() if m else ''


def _scripted_urls(out: Path) -> list[str]:
    """Every URL of the site's pages and search index that a browser would run as script."""
    found = []
    for page in sorted(out.rglob('*.html')):
        for url in _Urls(page.read_text()).urls:
            if _scheme(url) not in ('', 'http', 'https', 'mailto'):
                found.append(f'{page.relative_to(out)}: {url}')
    for index in sorted(out.rglob('search-*.js')):
        for url in re.findall(r'\[\["([^"]*)"', index.read_text()):
            if _scheme(url):
                found.append(f'{index.relative_to(out)}: {url}')
    return found


def _hostile_names(project: Path) -> Path:
    toml = project / 'pyproject.toml'
    text = toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]')
    toml.write_text(text + 'sanitize_english = true\n')
    pkg = project / 'pkg'
    # A docstring's relative link that is a path on the English page ...
    (pkg / 'linky.py').write_text(
        f'"""\n# Linky\n\nGo [there](zh/{EVIL.replace(":", "%3A")}.html).\n"""\nx = 1\n'
    )
    # ... and a file whose name is a valid file name, and a script URL when written bare.
    (pkg / f'{EVIL}.py').write_text('"""\n# Evil\n"""\nx = 1\n')
    (pkg / 'sub' / f'{EVIL}.py').write_text('"""\n# Evil too\n"""\nx = 1\n')
    return project / 'out'


@pytest.mark.parametrize(
    'here, there',
    [
        ('index.html', f'{EVIL}.html'),
        ('zh/index.html', f'zh/{EVIL}.html'),
        ('sub/model.html', f'sub/{EVIL}.html'),
        ('zh/sub/model.html', f'zh/{EVIL}/'),
        ('index.html', 'data:text/html,x.html'),
    ],
)
def test_a_relative_url_is_never_read_as_a_scheme(here, there):
    url = relative_url(here, there)
    assert _scheme(url) == '' and url.startswith(('./', '../'))
    assert Path('/site', Path(here).parent, url).resolve() == Path('/site', there).resolve()


def test_no_page_of_any_language_links_to_a_script_url(project, capsys):
    out = _hostile_names(project)
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    capsys.readouterr()
    assert (out / 'zh' / 'linky.html').exists() and (out / f'{EVIL}.html').exists()
    assert _scripted_urls(out) == []
    # The links still reach their pages: the Next link of the page before, the docstring's link.
    index = (out / 'index.html').read_text()
    assert f'href="./{EVIL}.html"' in index
    assert f'href="./{EVIL}.html"' in (out / 'zh' / 'linky.html').read_text()
    assert f'href="zh/{EVIL.replace(":", "%3A")}.html"' in (out / 'linky.html').read_text()


@pytest.mark.slow
def test_clicking_the_links_of_hostile_names_runs_no_script(project, capsys, browser):
    out = _hostile_names(project)
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    capsys.readouterr()
    context = browser.new_context()
    dialogs: list[str] = []
    page = context.new_page()
    page.on('dialog', lambda d: (dialogs.append(d.message), d.dismiss()))
    clicked = 0

    def opened(name: str):
        page.goto((out / name).as_uri())
        page.locator('.site-menu summary').click()  # its list of every page, loaded on opening
        page.locator('.site-menu nav a').first.wait_for()
        return page

    for name in ('index.html', 'zh/index.html', 'linky.html', 'zh/linky.html', 'sub/model.html'):
        for i in range(opened(name).locator('a[href*="javascript"]').count()):
            link = opened(name).locator('a[href*="javascript"]').nth(i)
            if not link.evaluate('a => !!a.closest(".site-menu")'):  # one of the page's: the menu closed
                page.locator('.site-menu summary').click()
            link.click()
            page.wait_for_timeout(200)
            clicked += 1
    context.close()
    assert clicked >= 5 and dialogs == []


# ---------------------------------------------------------------- translations: ids, surrogates


def _with_chinese(project: Path, source: str, entries: dict[str, str]) -> Path:
    from sitegen.catalog import dump_cache

    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    (project / 'pkg' / 'hostile.py').write_text(source)
    cache = project / 'translate_cache'
    cache.mkdir(exist_ok=True)
    (cache / 'hostile.zh.json').write_bytes(dump_cache(entries))
    return cache / 'hostile.zh.json'


SECTIONS = '"""\n# Page\n"""\n\n' + ''.join(f'# Section {i}\nx{i} = {i}\n\n' for i in range(4))


@pytest.mark.parametrize(
    'value',
    [
        '<p>译文一 <a id="section-3"></a></p>',
        '<p>译文一 <a name="section-3">这里</a></p>',
        '<p>译文一 <a id="Thing"></a><a ID = "x"></a></p>',
    ],
)
def test_a_translation_brings_no_id_the_english_does_not_have(project, capsys, value):
    _with_chinese(project, SECTIONS, {'<p>Section 1</p>\n': value, '<p>Section 2</p>\n': '<p>第 2 节</p>'})
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    err = capsys.readouterr().err
    html = (project / 'out' / 'zh' / 'hostile.html').read_text()
    assert '第 2 节' in html and '译文一' not in html and 'Section 1' in html  # the English instead
    assert html.count('id="section-3"') == 1 and 'name="section-3"' not in html
    assert re.search(
        r'hostile\.zh\.json:\d+: key .*carries id="[^"]+", which the English does not have', err
    ), err


def test_a_translation_may_keep_the_ids_of_its_english(project, capsys):
    source = '"""\n# Page\n"""\n\n# <a id="here"></a> Section 1\nx = 1\n'
    _with_chinese(
        project, source, {'<p><a id="here"></a> Section 1</p>\n': '<p><a id="here"></a> 译文一</p>'}
    )
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    html = (project / 'out' / 'zh' / 'hostile.html').read_text()
    assert '译文一' in html and html.count('id="here"') == 1


def test_a_lone_surrogate_in_a_cache_is_a_warning_and_the_english_is_shown(project, capsys):
    cache = _with_chinese(project, SECTIONS, {})
    cache.write_text(
        '{\n "<p>Section 1</p>\\n": "<p>\\u8bd1\\udfff</p>",\n "<p>Section 2</p>\\n": "<p>\\u8bd1\\u6587\\u4e8c</p>"\n}'
    )
    assert run(project, 'build', '--lang', 'all', '--jobs', '1') == 0
    err = capsys.readouterr().err
    assert 'Traceback' not in err
    assert 'translate_cache/hostile.zh.json:2: key "<p>Section 1</p>": holds a lone surrogate' in err
    html = (project / 'out' / 'zh' / 'hostile.html').read_text()
    assert '译文二' in html and 'Section 1' in html


def test_importing_a_lone_surrogate_is_a_message_naming_file_and_key(project, capsys):
    cache = _with_chinese(project, SECTIONS, {})
    cache.unlink()
    imported = project / 'import.json'
    imported.write_text(
        '{"hostile.zh.json": {\n"<p>Section 1</p>\\n": "<p>\\udfff</p>",\n"<p>Section 2</p>\\n": "<p>\\u8bd1</p>"}}'
    )
    assert run(project, 'translate', 'import', str(imported)) == 0
    err = capsys.readouterr().err
    assert 'Traceback' not in err
    assert re.search(r'import\.json:2: key "<p>Section 1</p>": holds a lone surrogate', err), err
    written = cache.read_text()
    assert 'Section 2' in written and 'Section 1' not in written


def test_messages_escape_the_control_characters_of_names_and_links(project, capsys):
    (project / 'pkg' / 'linky.py').write_text(
        '"""\n# Linky\n\n[gone](missing%1b[2K%1b[1A.html)\n"""\nx = 1\n'
    )
    (project / 'pkg' / 'bell\x07\x1b[2K.py').write_text('"""\n# Bell\n\n[gone](nowhere.html)\n"""\nx = 1\n')
    assert run(project, 'build', '--jobs', '1') == 0
    err = capsys.readouterr().err
    assert '\x1b' not in err and '\x07' not in err
    assert 'missing\\x1b[2K\\x1b[1A.html' in err and 'pkg/bell\\x07\\x1b[2K.py:4: broken link' in err


def test_an_import_naming_a_cache_with_control_characters_prints_them_escaped(project, capsys):
    _with_chinese(project, SECTIONS, {})
    imported = project / 'import.json'
    imported.write_text('{"\\u001b[2K\\u001b[1Ahostile.zh.json": {"<p>Section 1</p>\\n": "<p>\\u8bd1</p>"}}')
    run(project, 'translate', 'import', str(imported))
    out, err = capsys.readouterr()
    assert '\x1b' not in out + err and '\\x1b[2K' in out + err


# ---------------------------------------------------------------- Trojan Source

TROJAN = '''"""
# Trojan

Text with \u202eoverride\u202c inside, and `code \u2067x\u2069`.
"""

access_level = "user"
if access_level != "user\u202e \u2066# Check if admin\u2069 \u2066":  # a comment \u2067
    print("You are an admin.")
'''


def test_bidirectional_controls_are_warned_about_and_shown_as_code_points(project, capsys):
    (project / 'pkg' / 'trojan.py').write_text(TROJAN)
    assert run(project, 'build', '--jobs', '1') == 0
    err = capsys.readouterr().err
    assert re.search(r'pkg/trojan\.py:4: bidirectional control U\+202E, U\+202C, U\+2067, U\+2069', err), err
    assert re.search(
        r'pkg/trojan\.py:8: bidirectional control U\+202E, U\+2066, U\+2069, U\+2067.*Trojan Source', err
    )
    html = (project / 'out' / 'trojan.html').read_text()
    assert not re.search('[\u202a-\u202e\u2066-\u2069]', html)  # none left to reorder the page
    for code in ('202E', '202C', '2066', '2067', '2069'):
        assert f'&lt;U+{code}&gt;' in html
    # In the code column, where it reads as the string it is.
    assert '"user<span class="bidi-control" title="RIGHT-TO-LEFT OVERRIDE">&lt;U+202E&gt;</span>' in html


# ---------------------------------------------------------------- the preview and other sites


def _get(address: tuple[str, int], path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    import socket

    lines = [f'GET {path} HTTP/1.1', f'Host: localhost:{address[1]}', 'Connection: close']
    lines += [f'{name.replace("_", "-")}: {value}' for name, value in headers.items()]
    with socket.create_connection(address, timeout=10) as sock:
        sock.sendall(('\r\n'.join(lines) + '\r\n\r\n').encode())
        data = b''
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b'\r\n\r\n')
    status, *fields = head.decode('latin-1').split('\r\n')
    return (
        int(status.split()[1]),
        {k.lower(): v.strip() for k, _, v in (f.partition(':') for f in fields)},
        body,
    )


PREVIEW = {
    'index.html': b'<!DOCTYPE html><html><body><p>Draft</p></body></html>',
    'search-index.js': b'var index = ["draft title"];',
    'search/search-a.js': b'shard(["secret draft text"]);',
}
CROSS = {'Sec_Fetch_Site': 'cross-site', 'Sec_Fetch_Mode': 'no-cors', 'Sec_Fetch_Dest': 'script'}


@pytest.mark.parametrize(
    'path, headers, status',
    [
        ('/search-index.js', CROSS, 403),
        ('/search/search-a.js', CROSS, 403),
        ('/search-index.js', {**CROSS, 'Sec_Fetch_Site': 'same-site'}, 403),  # localhost:3000
        (
            '/__reload',
            {'Sec_Fetch_Site': 'cross-site', 'Sec_Fetch_Mode': 'cors', 'Sec_Fetch_Dest': 'empty'},
            403,
        ),
        (
            '/__events',
            {'Sec_Fetch_Site': 'cross-site', 'Sec_Fetch_Mode': 'cors', 'Sec_Fetch_Dest': 'empty'},
            403,
        ),
        ('/index.html', {**CROSS, 'Sec_Fetch_Mode': 'navigate', 'Sec_Fetch_Dest': 'iframe'}, 403),
        ('/search-index.js', {'Referer': 'https://attacker.example/page.html'}, 403),
        ('/search-index.js', {'Referer': 'http://localhost:3000/'}, 403),
        # What the preview's own pages and its reader ask for.
        ('/search-index.js', {**CROSS, 'Sec_Fetch_Site': 'same-origin'}, 200),
        (
            '/index.html',
            {'Sec_Fetch_Site': 'none', 'Sec_Fetch_Mode': 'navigate', 'Sec_Fetch_Dest': 'document'},
            200,
        ),
        (
            '/',
            {'Sec_Fetch_Site': 'cross-site', 'Sec_Fetch_Mode': 'navigate', 'Sec_Fetch_Dest': 'document'},
            200,
        ),
        ('/index.html', {'Referer': 'https://attacker.example/'}, 200),  # a link followed, older browser
        ('/search-index.js', {'Referer': 'http://localhost:{port}/index.html'}, 200),
        ('/search-index.js', {}, 200),  # curl, a test, a browser that says nothing
    ],
)
def test_another_site_cannot_load_the_previews_scripts_and_data(path, headers, status):
    from test_serve_safety import serving

    with serving(PREVIEW) as address:
        headers = {k: v.format(port=address[1]) for k, v in headers.items()}
        got, fields, body = _get(address, path, **headers)
    assert got == status, body
    assert fields.get('cross-origin-resource-policy') == 'same-origin'
    if status == 403:
        assert b'draft' not in body


# ---------------------------------------------------------------- files the commands write


def test_translate_import_keeps_the_mode_of_the_cache_file(project, capsys):
    import os

    cache = _with_chinese(project, SECTIONS, {'<p>Section 1</p>\n': '<p>旧</p>'})
    os.chmod(cache, 0o644)
    imported = project / 'import.json'
    imported.write_text('{"hostile.zh.json": {"<p>Section 2</p>\\n": "<p>\\u8bd1</p>"}}')
    assert run(project, 'translate', 'import', str(imported)) == 0
    assert 'Section 2' in cache.read_text() and oct(cache.stat().st_mode & 0o777) == oct(0o644)
    os.chmod(cache, 0o664)
    imported.write_text('{"hostile.zh.json": {"<p>Section 3</p>\\n": "<p>\\u8bd1</p>"}}')
    assert run(project, 'translate', 'import', str(imported)) == 0
    assert 'Section 3' in cache.read_text() and oct(cache.stat().st_mode & 0o777) == oct(0o664)
    # A cache file the import makes is made as any other file is (the umask), not 0600.
    imported.write_text('{"sub/model.zh.json": {"The model": "\\u6a21\\u578b"}}')
    assert run(project, 'translate', 'import', str(imported)) == 0
    made = project / 'translate_cache' / 'sub' / 'model.zh.json'
    mask = os.umask(0o022)
    os.umask(mask)
    assert oct(made.stat().st_mode & 0o777) == oct(0o666 & ~mask)


@pytest.mark.parametrize(
    'command, target, message',
    [
        (('translate', 'export', '--lang', 'zh'), 'translate_cache/hostile.zh.json', 'the translation cache'),
        (('translate', 'export', '--lang', 'zh'), 'pyproject.toml', 'the project file'),
        (('build', '--report'), 'pkg/hostile.py', 'the source folder'),
        (('build', '--report'), 'pyproject.toml', 'the project file'),
        (('build', '--report'), 'papers.toml', 'the papers file'),
        (('build', '--report'), '.build_cache/report.json', 'the build cache'),
    ],
)
def test_a_command_never_writes_over_one_of_the_projects_inputs(project, capsys, command, target, message):
    from test_site import snapshot

    _with_chinese(project, SECTIONS, {'<p>Section 1</p>\n': '<p>译</p>'})
    (project / 'papers.toml').write_text('# no papers\n')
    (project / '.build_cache').mkdir(exist_ok=True)
    before = snapshot(project)
    code = run(project, *command, str(project / target))
    err = capsys.readouterr().err
    assert code == 2 and message in err and 'Traceback' not in err, err
    after = snapshot(project)
    assert {k: v for k, v in after.items() if not k.startswith(('.build_cache', 'out/'))} == {
        k: v for k, v in before.items() if not k.startswith('.build_cache')
    }


def test_a_report_beside_the_project_file_is_still_written(project, capsys):
    assert run(project, 'build', '--report', str(project / 'report.json')) == 0
    assert (project / 'report.json').read_text().startswith('{')


# ---------------------------------------------------------------- inputs that cost too much


def _deep_list(depth: int) -> str:
    return ''.join('    ' * i + '- item\n' for i in range(depth))


@pytest.fixture
def python_recursion_limit():
    """Python's own recursion limit, which a build process has: an earlier test that compiled a
    model may have raised this process's (torch's compiler does), and then nothing runs out."""
    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    yield
    sys.setrecursionlimit(limit)


@pytest.mark.parametrize('text', [_deep_list(250), '1. ' * 3000 + 'x\n'])
def test_a_list_nested_hundreds_deep_is_an_error_naming_file_and_line(
    project, capsys, text, python_recursion_limit
):
    (project / 'pkg' / 'deep.py').write_text('x = 1\n\n\ndef f():\n    """\n' + text + '    """\n')
    assert run(project, 'build', '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'Traceback' not in err and 'RecursionError' not in err
    assert re.search(r'error: pkg/deep\.py:6: the documentation nests lists or quotes too deeply', err), err
    # Every other page was built and checked: their problems are reported too.
    (project / 'pkg' / 'other.py').write_text('"""\n# Other\n\n[gone](nowhere.html)\n"""\n')
    assert run(project, 'build', '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'pkg/deep.py:6' in err and "pkg/other.py:4: broken link 'nowhere.html'" in err


def _render_seconds(text: str) -> float:
    import time

    from sitegen.markup import render_markdown
    from sitegen.math import protect_math

    start = time.perf_counter()
    render_markdown(protect_math(text), lambda tex, display: None, lambda target: target)
    return time.perf_counter() - start


@pytest.mark.parametrize('unit', ['[', '![', '[(', '[`', '[a](', '[a](<', '[a][', '[a](((('])
def test_runs_of_link_openings_cost_linear_time(unit):
    small, large = _render_seconds(unit * (2000 // len(unit))), _render_seconds(unit * (8000 // len(unit)))
    # Four times the text: about four times the time (the square would be sixteen), and little at all.
    assert large < 2.0 and large < 8 * small + 0.2, (small, large)


def test_links_still_read_as_markdown_reads_them(python_recursion_limit):
    from sitegen.markup import render_markdown
    from sitegen.math import protect_math

    def html(text: str) -> str:
        fragment = render_markdown(protect_math(text), lambda tex, display: None, lambda target: target)
        return fragment.html(lambda url: url)

    # After a text Markdown gave up on, in the same process, as a worker goes on to its next page.
    with pytest.raises(RecursionError):
        html(_deep_list(250))
    assert html('[a [b] c](x.html)') == '<p><a href="x.html">a [b] c</a></p>\n'
    assert html('[[a]](x.html) [b]') == '<p><a href="x.html">[a]</a> [b]</p>\n'
    assert html('[a](x.html "title (t)")') == '<p><a href="x.html" title="title (t)">a</a></p>\n'
    assert html('[a](y(1).html) [b](<z.html>)') == '<p><a href="y(1).html">a</a> <a href="z.html">b</a></p>\n'
    assert (
        html('![i](d.svg) [[x] and [y](q.html)')
        == '<p><img alt="i" src="d.svg"> [[x] and <a href="q.html">y</a></p>\n'
    )


@pytest.mark.parametrize(
    'setting, message',
    [
        ('max_source_mb = inf', 'max_source_mb must be a positive number, not inf'),
        ('max_source_mb = nan', 'max_source_mb must be a positive number, not nan'),
        ('max_source_mb = -inf', 'max_source_mb must be a positive number'),
        ('assets = ["/etc"]', "assets = '/etc': give a folder of the project"),
        ('assets = ["pkg", "../elsewhere"]', "assets = '../elsewhere': give a folder of the project"),
        ('markdown = ["/etc/passwd.md"]', "markdown = '/etc/passwd.md': give a folder of the project"),
    ],
)
def test_settings_out_of_range_are_usage_errors_naming_the_setting(project, capsys, setting, message):
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text() + setting + '\n')
    assert run(project, 'build') == 2
    err = capsys.readouterr().err
    assert message in err and 'Traceback' not in err, err


# ---------------------------------------------------------------- processes


def _busy_project(project: Path) -> Path:
    """A project whose cold build of every language takes a few seconds on two workers."""
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    body = ''.join(
        f'# Step {i}: $x_{i} = \\alpha_{i} + {i}$ and `code {i}`\nx{i} = {i}\n\n' for i in range(300)
    )
    for n in range(24):
        (project / 'pkg' / f'busy{n}.py').write_text(f'"""\n# Busy {n}\n"""\n\n{body}')
    return project


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f'/proc/{pid}/task').glob('*'):
        try:
            found |= {int(c) for c in (task / 'children').read_text().split()}
        except OSError:
            pass
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f'/proc/{pid}/stat').read_text().rsplit(')', 1)[1].split()[0]
    except OSError:
        return False
    return state not in ('Z', 'X')


def _command(project: Path, *args: str) -> list[str]:
    import sys

    return [sys.executable, str(REPO / 'build_site.py'), '--root', str(project), *args]


def _environment() -> dict[str, str]:
    import os

    path = f'{REPO}{os.pathsep}{REPO / "generator"}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'
    return {**os.environ, 'PYTHONPATH': path, 'CI': '1'}


@pytest.mark.slow
@pytest.mark.skipif(not Path('/proc/self/task').exists(), reason='reads the processes from /proc (Linux)')
@pytest.mark.parametrize('signum', ['SIGTERM', 'SIGKILL'])
def test_the_workers_end_with_a_build_that_is_killed(project, signum):
    import signal
    import subprocess
    import time

    _busy_project(project)
    proc = subprocess.Popen(
        _command(project, 'build', '--lang', 'all', '--jobs', '2'),
        env=_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while len(workers := _children(proc.pid)) < 2:
        assert proc.poll() is None and time.monotonic() < deadline, 'the build ended before its workers began'
        time.sleep(0.02)
    time.sleep(1.0)  # the workers are at work
    assert proc.poll() is None, 'the build ended before it could be killed: give it more pages'
    proc.send_signal(getattr(signal, signum))
    proc.wait(timeout=30)
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [w for w in workers if _alive(w)]
    for w in left:
        os_kill = __import__('os').kill
        os_kill(w, signal.SIGKILL)
    assert left == []


@pytest.mark.slow
@pytest.mark.skipif(not Path('/proc/self/task').exists(), reason='reads the processes from /proc (Linux)')
@pytest.mark.parametrize('delay', [0.0, 0.1, 0.3])
def test_ctrl_c_early_is_one_line_and_exit_130(project, delay):
    """Ctrl-C while the early workers load what they need (Markdown, Pygments, KaTeX)."""
    import os
    import signal
    import subprocess
    import time

    _busy_project(project)
    proc = subprocess.Popen(
        _command(project, 'build', '--lang', 'all', '--jobs', '2'),
        env=_environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    deadline = time.monotonic() + 30
    while not _children(proc.pid):  # the workers forked as the command starts
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.005)
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends: the build and its workers alike
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert 'Traceback' not in err and 'KeyboardInterrupt' not in err, err
    assert err.strip().splitlines()[-1].startswith('interrupted'), err
    assert [line for line in err.splitlines() if 'interrupted' in line] == [err.strip().splitlines()[-1]]


def test_an_export_file_name_with_control_characters_is_printed_escaped(project, capsys, monkeypatch):
    _with_chinese(project, SECTIONS, {})
    monkeypatch.chdir(project)
    assert run(project, 'translate', 'export', '--lang', 'zh', 'todo\x1b[2K.json') == 0
    err = capsys.readouterr().err
    assert (project / 'todo\x1b[2K.json').exists() and '\x1b' not in err and 'todo\\x1b[2K.json' in err


def test_a_source_whose_name_is_not_utf8_is_an_error_naming_it(project, capsys):
    import os

    name = os.fsencode(str(project / 'pkg')) + b'/bad\xff.py'
    with open(name, 'wb') as f:
        f.write(b'"""\n# Bad name\n"""\nx = 1\n')
    assert run(project, 'build', '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'Traceback' not in err and 'pkg/bad\\udcff.py:1: a file name that is not UTF-8' in err, err
