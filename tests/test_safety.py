"""Hostile but fair use: the output folder is owned file by file, and nothing else is ever lost."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen import output
from sitegen.catalog import dump_cache
from sitegen.sanitize import check_value, sanitize
from test_site import make_project, run, snapshot

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / 'project')


# ---------------------------------------------------------------- folders that are never an output


@pytest.mark.parametrize(
    'out, what',
    [
        ('pkg', 'is the source folder'),
        ('.', 'is the project root'),
        ('..', 'contains the project root'),
        ('translate_cache', 'is the translation cache'),
        ('.build_cache', 'is the build cache'),
        ('/', 'root of the file system'),
    ],
)
def test_an_output_folder_that_is_or_holds_the_project_is_refused(project: Path, capsys, out, what):
    (project / 'translate_cache').mkdir()
    (project / 'translate_cache' / 'keep.zh.json').write_text('{}')
    run(project, 'build')  # makes .build_cache/ too
    parent = project.parent
    before = snapshot(parent)
    assert run(project, 'build', '--out', str(out if out.startswith('/') else project / out)) == 2
    err = capsys.readouterr().err
    assert what in err and 'choose a folder of its own' in err
    assert snapshot(parent) == before


def test_the_home_folder_and_the_templates_are_refused(project: Path, capsys, monkeypatch):
    monkeypatch.setenv('HOME', str(project.parent))
    assert run(project, 'build', '--out', str(project.parent)) == 2
    assert 'home folder' in capsys.readouterr().err
    templates = project / 'mytemplates'
    templates.mkdir()
    (templates / 'page.html').write_text('{% extends "frame.html" %}')
    assert run(project, 'build', '--templates', str(templates), '--out', str(templates)) == 2
    assert 'is the templates' in capsys.readouterr().err
    assert (templates / 'page.html').exists()


def test_a_file_at_the_output_path_is_an_error_and_is_left_alone(project: Path, capsys):
    (project / 'out').write_text('my notes')
    assert run(project, 'build') == 2
    assert 'is a file, not a folder' in capsys.readouterr().err
    assert (project / 'out').read_text() == 'my notes'


# ---------------------------------------------------------------- what the build owns


def test_files_the_build_did_not_write_are_kept_byte_for_byte(project: Path, capsys):
    assert run(project, 'build') == 0
    out = project / 'out'
    assert (out / output.MANIFEST).is_file()
    (out / 'CNAME').write_text('docs.example.org\n')
    (out / 'images').mkdir()
    (out / 'images' / 'photo.png').write_bytes(b'\x89PNG not really')
    (out / 'empty-folder').mkdir()
    # A page links to the author's image: the link checker sees it.
    home = project / 'pkg' / '__init__.py'
    home.write_text(home.read_text().replace('![diagram]', '![photo](images/photo.png)\n\n![diagram]'))
    assert run(project, 'build') == 0
    assert 'broken link' not in capsys.readouterr().err
    assert (out / 'CNAME').read_text() == 'docs.example.org\n'
    assert (out / 'images' / 'photo.png').read_bytes() == b'\x89PNG not really'
    assert (out / 'empty-folder').is_dir()
    assert 'images/photo.png' in (out / 'index.html').read_text()
    assert run(project, 'check') == 0
    # The author's file where the build would write one is kept, with a warning naming it.
    manifest = output.read_manifest(out)
    manifest.pop('.nojekyll')  # as if the author had put it there before the build ever ran
    (out / output.MANIFEST).write_bytes(output.manifest_bytes(manifest))
    (out / '.nojekyll').write_text('# mine\n')
    capsys.readouterr()
    assert run(project, 'build') == 0
    assert 'out/.nojekyll:1: a file the build does not own' in capsys.readouterr().err
    assert (out / '.nojekyll').read_text() == '# mine\n'
    assert run(project, 'build', '--strict') == 1
    assert re.search(r'error: \S*out/\.nojekyll:1: a file the build does not own', capsys.readouterr().err)
    assert run(project, 'build', '--adopt') == 0
    assert (out / '.nojekyll').read_text() == ''


def test_a_folder_the_build_never_wrote_is_refused_unless_adopted(project: Path, capsys):
    out = project / 'out'
    out.mkdir()
    (out / 'index.html').write_text('another tool')
    (out / 'notes.txt').write_text('unrelated')
    assert run(project, 'build') == 2
    assert '--adopt' in capsys.readouterr().err
    assert snapshot(out) == {'index.html': b'another tool', 'notes.txt': b'unrelated'}
    assert run(project, 'check') == 1
    assert 'build into it once with --adopt' in capsys.readouterr().err
    assert run(project, 'build', '--adopt') == 0
    assert (out / 'notes.txt').read_text() == 'unrelated'
    assert 'Fixture home' in (out / 'index.html').read_text()
    assert run(project, 'build') == 0 and run(project, 'check') == 0
    assert (out / 'notes.txt').read_text() == 'unrelated'


def test_an_empty_folder_needs_no_adoption(project: Path):
    (project / 'out').mkdir()
    assert run(project, 'build') == 0


def test_a_page_the_sources_no_longer_make_is_removed(project: Path):
    assert run(project, 'build') == 0
    (project / 'pkg' / 'sub' / 'model.py').unlink()
    home = project / 'pkg' / '__init__.py'
    home.write_text(
        home.read_text().replace('sub/model.html#Thing', 'sub/index.html').replace('sub/model.html', 'sub/')
    )
    assert run(project, 'build') == 0
    assert not (project / 'out' / 'sub' / 'model.html').exists()


# ---------------------------------------------------------------- the output a write replaced


def _edit(project: Path, n: int) -> None:
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text() + f'\n# Edit {n}.\nEDIT_{n} = {n}\n')


def _fresh(project: Path, where: Path) -> dict[str, bytes]:
    """The site as a build from nothing makes it."""
    assert run(project, 'build', '--quiet', '--no-cache', '--out', str(where)) == 0
    return snapshot(where)


def test_a_write_starts_from_the_output_it_last_replaced_and_makes_the_same_site(
    project: Path, tmp_path: Path, monkeypatch
):
    """The output a write replaces is kept in the build cache, and the next write makes its new
    tree from it, linking only the files that differ: the site is the one a build from nothing
    makes, with the author's own file and empty folder, and a page removed by hand written again."""
    out = project / 'out'
    assert run(project, 'build', '--quiet') == 0
    (out / 'CNAME').write_text('example.org\n')
    (out / 'empty').mkdir()
    real_link = os.link
    links: list[str] = []
    for n in range(4):
        _edit(project, n)
        if n == 3:
            (out / 'index.html').unlink()
        links.clear()
        monkeypatch.setattr(os, 'link', lambda a, b, **k: links.append(b) or real_link(a, b, **k))
        assert run(project, 'build', '--quiet') == 0
        monkeypatch.undo()
        if n:  # from the output the write before replaced: only what differs
            assert 0 < len(links) < len(snapshot(out)) / 3, (n, len(links))
    assert snapshot(out) == {**_fresh(project, tmp_path / 'fresh'), 'CNAME': b'example.org\n'}
    assert (out / 'empty').is_dir()
    assert not [p.name for p in project.iterdir() if p.name.startswith('.out.')]


def test_a_file_of_the_kept_output_that_is_not_the_outputs_own_is_not_kept(project: Path, tmp_path: Path):
    """A file of the kept output that is another file than the output's (written there by hand)
    is replaced by the output's; a kept output that is a link is not followed, and nothing it
    leads to is touched."""
    out, spare = project / 'out', project / '.build_cache' / 'output-spare'
    assert run(project, 'build', '--quiet') == 0
    _edit(project, 0)
    assert run(project, 'build', '--quiet') == 0
    assert spare.is_dir()
    (spare / 'sub' / 'index.html').unlink()
    (spare / 'sub' / 'index.html').write_text('not the page')  # a page the next write keeps
    _edit(project, 1)
    assert run(project, 'build', '--quiet') == 0
    assert snapshot(out) == _fresh(project, tmp_path / 'fresh')

    elsewhere = tmp_path / 'elsewhere'
    elsewhere.mkdir()
    (elsewhere / 'precious.txt').write_text('keep me')
    import shutil

    shutil.rmtree(spare)
    spare.symlink_to(elsewhere, target_is_directory=True)
    _edit(project, 2)
    assert run(project, 'build', '--quiet') == 0
    assert (elsewhere / 'precious.txt').read_text() == 'keep me' and sorted(elsewhere.iterdir()) == [
        elsewhere / 'precious.txt'
    ]
    shutil.rmtree(tmp_path / 'fresh')
    assert snapshot(out) == _fresh(project, tmp_path / 'fresh')


def test_a_manifest_changed_since_it_was_read_is_read_again(tmp_path: Path):
    """A build reads the output folder's manifest once while the file stays the same; another
    file in its place (same size, same time), or the same file written again, is read anew."""
    out = tmp_path / 'out'
    out.mkdir()
    first = output.manifest_bytes({'a.html': '1' * 64})
    (out / output.MANIFEST).write_bytes(first)
    an_hour_ago = time.time_ns() - 3600 * 10**9  # not changing as it is read
    os.utime(out / output.MANIFEST, ns=(an_hour_ago, an_hour_ago))
    assert output.read_manifest(out) == {'a.html': '1' * 64}
    st = os.stat(out / output.MANIFEST)
    other = tmp_path / 'other.json'
    other.write_bytes(first.replace(b'1' * 64, b'2' * 64))
    os.utime(other, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.replace(other, out / output.MANIFEST)
    assert output.read_manifest(out) == {'a.html': '2' * 64}
    (out / output.MANIFEST).write_bytes(output.manifest_bytes({'a.html': '3' * 64, 'b.html': '4' * 64}))
    assert output.read_manifest(out) == {'a.html': '3' * 64, 'b.html': '4' * 64}
    (out / output.MANIFEST).unlink()
    assert output.read_manifest(out) is None


# ---------------------------------------------------------------- interruptions and concurrency


def test_sigint_during_the_write_says_what_is_on_disk(project: Path, capsys, monkeypatch):
    assert run(project, 'build') == 0
    before = snapshot(project / 'out')
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    monkeypatch.setattr(output, '_swap', lambda *a: (_ for _ in ()).throw(KeyboardInterrupt))
    assert run(project, 'build') == 130
    assert 'out holds the previous output, as it was' in capsys.readouterr().err
    assert snapshot(project / 'out') == before
    monkeypatch.undo()

    real_rmtree = output.shutil.rmtree
    calls = []

    def interrupt_after_swap(path, *args, **kwargs):
        calls.append(path)
        real_rmtree(path, *args, **kwargs)
        if len(calls) == 2:  # the first clears a stale temporary folder; the second runs after the swap
            raise KeyboardInterrupt

    monkeypatch.setattr(output.shutil, 'rmtree', interrupt_after_swap)
    assert run(project, 'build') == 130
    assert 'out holds the new build' in capsys.readouterr().err
    monkeypatch.undo()
    assert 'Keep' in (project / 'out' / 'sub' / 'model.html').read_text()
    assert run(project, 'check') == 0


KILLER = textwrap.dedent(
    """
    import os, signal, sys
    from sitegen import output
    from sitegen.cli import main
    point = sys.argv[1]
    real_rename, real_write = os.rename, output._write_file
    def rename(src, dst):
        real_rename(src, dst)
        if point == 'between-renames' and '.old-' in str(dst):
            os.kill(os.getpid(), signal.SIGKILL)
    def write_file(path, data):
        if point == 'while-writing' and '.tmp-' in path:
            os.kill(os.getpid(), signal.SIGKILL)
        return real_write(path, data)
    def exchange(a, b):
        done = real_exchange(a, b)
        if point == 'after-exchange':
            os.kill(os.getpid(), signal.SIGKILL)
        return done
    real_exchange = output._exchange
    output.os.rename = rename
    output._write_file = write_file
    output._exchange = exchange
    sys.exit(main(['--root', sys.argv[2], 'build']))
    """
)


@pytest.mark.slow
@pytest.mark.parametrize('point', ['while-writing', 'between-renames', 'after-exchange'])
def test_sigkill_at_any_point_leaves_the_old_or_the_new_output(project: Path, tmp_path: Path, point):
    assert run(project, 'build') == 0
    before = snapshot(project / 'out')
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    env = {**os.environ, 'PYTHONPATH': f'{REPO}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'}
    if point == 'between-renames':
        env['SITEGEN_NO_EXCHANGE'] = '1'  # the two-rename swap of systems without an exchange
    script = tmp_path / 'killer.py'
    script.write_text(KILLER)
    done = subprocess.run([sys.executable, str(script), point, str(project)], env=env, cwd=project)
    assert done.returncode == -signal.SIGKILL
    # The next command puts things right before anything else, and then the output is whole.
    assert run(project, 'check') in (0, 1)
    after = snapshot(project / 'out')
    if point == 'after-exchange':
        assert 'Keep' in after['sub/model.html'].decode()
    else:
        assert after == before
    assert not [p.name for p in project.iterdir() if p.name.startswith('.out.')]
    assert run(project, 'build') == 0 and run(project, 'check') == 0


@pytest.mark.slow
def test_two_builds_into_one_folder_take_turns(project: Path):
    assert run(project, 'build') == 0
    env = {**os.environ, 'PYTHONPATH': f'{REPO}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'}
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    held = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with output.lock(project / 'out'):
            held.set()
            release.wait(60)

    holder = threading.Thread(target=hold)
    holder.start()
    held.wait(10)
    proc = subprocess.Popen(
        [sys.executable, str(REPO / 'build_site.py'), 'build'],
        cwd=project,
        env=env,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    lines: list[str] = []
    waiting = threading.Event()

    def read() -> None:
        for line in proc.stderr:
            lines.append(line)
            if 'waiting for another build' in line:
                waiting.set()

    reader = threading.Thread(target=read)
    reader.start()
    try:
        assert waiting.wait(60), ''.join(lines)
        time.sleep(0.5)
        assert proc.poll() is None
        assert 'Keep' not in (project / 'out' / 'sub' / 'model.html').read_text()
    finally:
        release.set()
        holder.join()
    assert proc.wait(60) == 0, ''.join(lines)
    reader.join()
    assert 'Keep' in (project / 'out' / 'sub' / 'model.html').read_text()


# ---------------------------------------------------------------- script through a translation

P = '<span translate=no>_^_{}_^_</span>'.format
KEY = f'<p>Scale {P(0)} by {P(1)}, see <a href="x.html">this</a>.</p>\n'

VECTORS = [
    '<!--><img alt="x>y" onerror=alert(1) src=z>-->',
    '<![CDATA[><img src=x onerror=alert(1)>]]>',
    '<svg onload=alert(1)><circle r=1></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="java&#x0A;script:alert(1)">x</a>',
    '<a href=" &#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
    '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    '<form><button formaction="javascript:alert(1)">x</button></form>',
    '<span style="background:url(javascript:alert(1))">x</span>',
    '<span style="width: expression(alert(1))">x</span>',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<details open ontoggle=alert(1)>x</details>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<base href="javascript:alert(1)//">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<style>*{x:expression(alert(1))}</style>',
    '<a href="x.html" onmouseover=alert(1)>x</a>',
    '<p/onclick=alert(1)>x</p>',
    '<template><img src=x onerror=alert(1)></template>',
    '<isindex type=image src=1 onerror=alert(1)>',
    '<video><source onerror="alert(1)"></video>',
]


def dangerous(html: str) -> list[str]:
    """What in `html` could run script in a browser: read by a parser and by plain search."""
    from html.parser import HTMLParser

    found: list[str] = []

    class Scan(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag in {'script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'base', 'meta', 'form'}:
                found.append(f'<{tag}>')
            for name, value in attrs:
                text = ''.join(ch for ch in (value or '') if ch > ' ').lower()
                if name.startswith('on') or name in ('srcdoc', 'formaction', 'style'):
                    found.append(f'{tag} {name}=')
                elif text.startswith(('javascript:', 'vbscript:', 'data:')):
                    found.append(f'{tag} {name}={text[:20]}')

        handle_startendtag = handle_starttag

    Scan().feed(html)
    if re.search(r'<\s*(script|iframe|object|embed)', html, re.I) or re.search(
        r'<[^>]*javascript:', html, re.I
    ):
        found.append('raw')
    return found


@pytest.mark.parametrize('vector', VECTORS)
def test_known_xss_vectors_never_pass_the_sanitizer(vector):
    checked = check_value(KEY, f'<p>{P(0)} {P(1)} <a href="x.html">此处</a>{vector}</p>')
    assert checked.value is None and checked.problems
    assert dangerous(sanitize(vector)) == []


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(
                [
                    '<',
                    '>',
                    '"',
                    "'",
                    '=',
                    '/',
                    ' ',
                    '&',
                    '&#',
                    '&#x6a;',
                    '<!--',
                    '-->',
                    '<!-->',
                    '<![CDATA[',
                    ']]>',
                    '<script>',
                    '</script>',
                    '<img',
                    '<svg',
                    '<math',
                    '<a',
                    '</a>',
                    '<p>',
                    '</p>',
                    '<iframe',
                    '<style>',
                    '<object',
                    '<span translate=no>_^_0_^_</span>',
                    ' onerror=',
                    ' onclick=',
                    ' href=',
                    ' src=',
                    ' srcdoc=',
                    ' formaction=',
                    ' style=',
                    'javascript:',
                    'jav\tascript:',
                    'alert(1)',
                    'x',
                    '<noscript>',
                    '<template>',
                    '<textarea>',
                    '<title>',
                ]
            ),
            st.text(max_size=4),
        ),
        max_size=40,
    )
)
def test_random_tag_soup_never_carries_script_onto_a_page(parts):
    soup = ''.join(parts)
    assert dangerous(sanitize(soup)) == []
    checked = check_value(f'<p>Text {P(0)}</p>', soup)
    assert checked.value is None or dangerous(checked.value) == []


SECTIONED = '"""\n# Page\n"""\n\n' + ''.join(f'# Section {i}\nx{i} = {i}\n\n' for i in range(len(VECTORS)))


@pytest.mark.slow
def test_pages_built_from_hostile_caches_open_no_dialog(tmp_path: Path, browser):
    project = make_project(tmp_path / 'project')
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    (project / 'pkg' / 'hostile.py').write_text(SECTIONED)
    cache = project / 'translate_cache'
    cache.mkdir()
    keys = [f'<p>Section {i}</p>\n' for i in range(len(VECTORS))]
    entries = {key: f'<p>第 {i} 节 {vector}</p>' for i, (key, vector) in enumerate(zip(keys, VECTORS))}
    entries['<h1>Page</h1>\n'] = '<h1>页 <img src=x onerror=alert(1)></h1>'
    (cache / 'hostile.zh.json').write_bytes(dump_cache(entries))
    assert run(project, 'build', '--lang', 'all') == 0
    html = (project / 'out' / 'zh' / 'hostile.html').read_text()
    assert 'Section 3' in html and dangerous(html.split('<main', 1)[1].split('</main>')[0]) == []
    context = browser.new_context()
    dialogs: list[str] = []
    page = context.new_page()
    page.on('dialog', lambda d: (dialogs.append(d.message), d.dismiss()))
    for name in ('zh/hostile.html', 'zh/index.html', 'zh/sub/model.html'):
        page.goto((project / 'out' / name).as_uri())
        page.mouse.move(10, 10)
        page.wait_for_timeout(300)
    context.close()
    assert dialogs == []


# ---------------------------------------------------------------- bad input: a message, never a traceback


def build_and_read(project: Path, capsys, *args: str) -> tuple[int, str]:
    code = run(project, 'build', *args)
    err = capsys.readouterr().err
    assert 'Traceback' not in err
    return code, err


@pytest.mark.parametrize(
    'make, message',
    [
        (lambda pkg: (pkg / 'gone.py').symlink_to(pkg / 'nowhere.py'), 'gone.py:1: a link to'),
        (lambda pkg: (pkg / 'loop.py').symlink_to(pkg / 'loop.py'), 'loop.py:1: cannot read'),
        (lambda pkg: (pkg / 'folder.py').mkdir(), 'folder.py:1: a folder named like a Python file'),
        (
            lambda pkg: (pkg / 'sub' / 'index.py').write_text('x = 1\n'),
            'would both be the page sub/index.html',
        ),
    ],
)
def test_a_source_that_cannot_be_a_page_is_an_error_and_the_rest_is_built(project, capsys, make, message):
    make(project / 'pkg')
    code, err = build_and_read(project, capsys, '--out', str(project / 'elsewhere'))
    assert code == 1 and message in err
    assert not (project / 'elsewhere').exists()  # an error: nothing written
    from sitegen.build import build
    from sitegen.config import load_config

    result = build(load_config(project), ('en',), jobs=1)
    assert 'sub/model.html' in result.files and len(result.messages.errors) == 1


def test_an_unreadable_source_is_an_error_naming_it(project, capsys, monkeypatch):
    real = Path.read_bytes

    def read_bytes(self):
        if self.name == 'model.py':
            raise PermissionError(13, 'Permission denied')
        return real(self)

    monkeypatch.setattr(Path, 'read_bytes', read_bytes)
    code, err = build_and_read(project, capsys)
    assert code == 1 and 'pkg/sub/model.py:1: cannot read' in err and 'Permission denied' in err


def test_a_deeply_nested_expression_is_shown_with_a_warning(project, capsys):
    (project / 'pkg' / 'deep.py').write_text('"""# Deep"""\nx = ' + '+'.join(['1'] * 20000) + '\n')
    code, err = build_and_read(project, capsys)
    assert code == 0 and 'pkg/deep.py:1: cannot build a syntax tree (RecursionError)' in err
    assert (project / 'out' / 'deep.html').exists()


@pytest.mark.parametrize(
    'args, message',
    [
        (['--source', 'nowhere'], 'source folder nowhere does not exist'),
        (['--source', 'pyproject.toml'], 'pyproject.toml is a file: --source'),
        (['--source', 'empty'], 'holds no .py files'),
        (['--templates', 'nowhere'], 'templates folder nowhere does not exist'),
        (['--report', '.'], 'is a folder: give a file name'),
    ],
)
def test_bad_folders_and_files_are_usage_errors(project, capsys, monkeypatch, args, message):
    (project / 'empty').mkdir()
    monkeypatch.chdir(project)
    code, err = build_and_read(project, capsys, *args)
    assert code == 2 and message in err


def test_an_output_folder_that_cannot_be_written_is_an_error(project, capsys):
    (project / 'blocker').write_text('a file where a folder would be')
    code, err = build_and_read(project, capsys, '--out', str(project / 'blocker' / 'site'))
    assert code == 1 and 'cannot write' in err
    assert (project / 'blocker').read_text() == 'a file where a folder would be'


def test_importing_a_file_that_does_not_exist_is_an_error(project, capsys):
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    assert run(project, 'translate', 'import', str(project / 'nothing.json'), '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'nothing.json:1: cannot read it' in err and 'Traceback' not in err


def test_file_names_with_spaces_hashes_and_question_marks_get_encoded_urls(project, capsys):
    pkg = project / 'pkg'
    for name in ('my page.py', 'q#1.py', 'what?.py'):
        (pkg / name).write_text(f'"""\n# {name}\n"""\nx = 1\n')
    home = pkg / '__init__.py'
    home.write_text(HOME_WITH_LINKS)
    code, err = build_and_read(project, capsys, '--strict')
    assert code == 0, err
    out = project / 'out'
    assert (out / 'my page.html').exists() and (out / 'q#1.html').exists() and (out / 'what?.html').exists()
    index = (out / 'index.html').read_text()
    assert (
        'href="my%20page.html"' in index
        and 'href="q%231.html#section-0"' in index
        and 'href="what%3F.html"' in index
    )
    page = (out / 'q#1.html').read_text()
    assert 'rel="canonical" href="https://example.org/site/q%231.html"' in page
    assert 'blob/{commit}/pkg/q%231.py' in page and 'href="q%231.py"' in page
    sitemap = (out / 'sitemap.xml').read_text()
    assert '/my%20page.html</loc>' in sitemap and '/what%3F.html</loc>' in sitemap
    index_js = ''.join(p.read_text() for p in sorted((out / 'search').glob('search-r*.js')))
    assert '"my%20page.html"' in index_js and '"q%231.html"' in index_js


HOME_WITH_LINKS = '''"""
# Home

See [a page](my%20page.html), [another](q%231.html#section-0) and [a third](what%3F.html).
"""
'''


# ---------------------------------------------------------------- translators working at once

# Runs `translate import` with the merge held back until the other process is ready too (5 s at
# most), and each cache file read slowly: two runs that do not take turns both read the old file.
_RACING_IMPORT = """
import sys, time
from pathlib import Path
from sitegen import translators
from sitegen.cli import main

here, me, other = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
merge, read_cache = translators.merge, translators.read_cache

def slow_read(*args):
    found = read_cache(*args)
    time.sleep(0.3)
    return found

def held_merge(*args, **kwargs):
    (here / f'ready-{me}').touch()
    deadline = time.monotonic() + 5
    while not (here / f'ready-{other}').exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return merge(*args, **kwargs)

translators.merge, translators.read_cache = held_merge, slow_read
sys.exit(main(['--root', str(here), 'translate', 'import', '--jobs', '1', '--no-cache', str(here / f'{me}.json')]))
"""


@pytest.mark.slow
def test_two_imports_at_once_take_turns_and_lose_no_entry(project, capsys):
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    assert run(project, 'translate', 'export', '--jobs', '1', str(project / 'todo.json')) == 0
    todo = json.loads((project / 'todo.json').read_text())
    halves: dict[str, dict[str, dict[str, str]]] = {'a': {}, 'b': {}}
    for name, table in todo.items():
        for i, key in enumerate(sorted(table)):
            halves['ab'[i % 2]].setdefault(name, {})[key] = key  # the English as its own translation
    for me, table in halves.items():
        (project / f'{me}.json').write_text(json.dumps(table))
    env = {**os.environ, 'PYTHONPATH': f'{REPO}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'}
    procs = [
        subprocess.Popen(
            [sys.executable, '-c', _RACING_IMPORT, str(project), me, other],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for me, other in (('a', 'b'), ('b', 'a'))
    ]
    outputs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    assert all('Traceback' not in err for _, err in outputs)
    for name, table in todo.items():
        cache = json.loads((project / 'translate_cache' / name).read_text())
        assert set(cache) == set(table), name  # every entry of both imports
    assert not list((project / 'translate_cache').rglob('*.tmp'))
    assert any(
        re.search(r'waiting for another translate command writing \S*translate_cache', err)
        for _, err in outputs
    )


def test_a_cache_write_that_fails_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    from sitegen import translators

    path = tmp_path / 'mha.zh.json'
    path.write_bytes(dump_cache({'a': '甲'}))
    real = os.replace

    def full(src, dst):
        raise OSError(28, 'No space left on device')

    monkeypatch.setattr(os, 'replace', full)
    with pytest.raises(OSError):
        translators.write_cache(path, {'a': '甲', 'b': '乙'})
    monkeypatch.setattr(os, 'replace', real)
    assert path.read_bytes() == dump_cache({'a': '甲'})
    assert sorted(p.name for p in tmp_path.iterdir()) == ['mha.zh.json']


# ---------------------------------------------------------------- caches written by hand, or by a hostile tool


@pytest.mark.parametrize(
    'data',
    [b'not marshal', b'', None, {'x': 1}, {'/a': (1, 2)}, {'/a': ('1', 2, 'd')}, [1, 2]],
    ids=['garbage', 'empty', 'entries-of-another-kind', 'an-int', 'short', 'a-string-size', 'a-list'],
)
def test_a_damaged_digest_cache_only_costs_reading_the_output_again(project: Path, tmp_path: Path, data):
    """The digests of the output's files kept between builds (`.build_cache/output-digests.marshal`)
    written by something else: the build reads the files instead, and writes what changed."""
    import marshal

    assert run(project, 'build', '--quiet') == 0
    cache = project / '.build_cache' / 'output-digests.marshal'
    assert cache.is_file()
    if data is None:  # the real paths, with entries that are not (size, time, digest)
        data = {path: [1, 2, 3] for path in marshal.loads(cache.read_bytes())}
    cache.write_bytes(data if isinstance(data, bytes) else marshal.dumps(data))
    page = project / 'out' / 'sub' / 'model.html'
    page.write_text('edited by hand')
    assert run(project, 'build', '--quiet') == 0
    assert run(project, 'build', '--quiet', '--no-cache', '--out', str(tmp_path / 'fresh')) == 0
    assert snapshot(project / 'out') == snapshot(tmp_path / 'fresh')


def _with_chinese(project: Path) -> Path:
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh"]'))
    cache = project / 'translate_cache' / 'sub'
    cache.mkdir(parents=True)
    return cache / 'model.zh.json'


def test_a_key_written_twice_in_a_cache_is_a_warning_naming_file_and_line(project, capsys):
    cache = _with_chinese(project)
    cache.write_text(
        '{\n "Fixture model": "甲",\n "other": "x",\n "Fixture model": "乙"\n}\n', encoding='utf-8'
    )
    assert run(project, 'build', '--lang', 'zh', '--jobs', '1') == 0
    err = capsys.readouterr().err
    assert 'translate_cache/sub/model.zh.json:4: key "Fixture model" appears 2 times (first on line 2)' in err
    assert 'Traceback' not in err


def test_a_cache_nested_100000_deep_is_a_message_naming_it_not_a_traceback(project, capsys):
    cache = _with_chinese(project)
    cache.write_text('{"a": ' + '[' * 100_000 + ']' * 100_000 + '}')
    assert run(project, 'build', '--lang', 'zh', '--jobs', '1') == 0  # the page is built in English
    err = capsys.readouterr().err
    assert (
        'translate_cache/sub/model.zh.json:1: nested too deeply to be read' in err and 'Traceback' not in err
    )
    assert (project / 'out' / 'zh' / 'sub' / 'model.html').exists()
    export = project / 'deep.json'
    export.write_text('{"sub/model.zh.json": {"a": ' + '[' * 100_000 + ']' * 100_000 + '}}')
    assert run(project, 'translate', 'import', str(export), '--jobs', '1') == 1
    err = capsys.readouterr().err
    assert 'deep.json:1: nested too deeply to be read' in err and 'Traceback' not in err


def test_importing_a_file_with_a_key_written_twice_warns(project, capsys):
    _with_chinese(project).unlink(missing_ok=True)
    export = project / 'todo.json'
    export.write_text(
        '{"sub/model.zh.json": {\n "Fixture model": "甲",\n "Fixture model": "乙"\n}}', encoding='utf-8'
    )
    run(project, 'translate', 'import', str(export), '--jobs', '1')
    err = capsys.readouterr().err
    assert (
        'todo.json:3: key "Fixture model" appears 2 times (first on line 2)' in err and 'Traceback' not in err
    )


# ---------------------------------------------------------------- a full disk, a cache folder removed meanwhile


def _no_temporaries(root: Path) -> list[str]:
    return sorted(
        p.relative_to(root).as_posix() for p in root.rglob('*') if p.name.endswith('.tmp') or '.tmp' in p.name
    )


def test_a_full_disk_in_the_build_cache_is_a_message_and_leaves_nothing_behind(project, capsys, monkeypatch):
    import io

    assert run(project, 'build') == 0
    before = snapshot(project / 'out')
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# The model', '# The changed model'))
    real_open = io.open
    cache = str(project / '.build_cache')

    class Full:
        """A file on a full disk: half of the first write goes through, then ENOSPC."""

        def __init__(self, f) -> None:
            self.f = f

        def write(self, data) -> int:
            self.f.write(data[: len(data) // 2])
            raise OSError(28, 'No space left on device')

        def __getattr__(self, name):
            return getattr(self.f, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc) -> None:
            self.f.close()

    def full_open(file, mode='r', *args, **kwargs):
        f = real_open(file, mode, *args, **kwargs)
        name = os.readlink(f'/proc/self/fd/{file}') if isinstance(file, int) else os.fspath(file)
        return Full(f) if ('w' in mode or 'a' in mode) and str(name).startswith(cache) else f

    monkeypatch.setattr(io, 'open', full_open)
    code = run(project, 'build', '--jobs', '1')
    monkeypatch.setattr(io, 'open', real_open)
    err = capsys.readouterr().err
    assert code == 1 and 'Traceback' not in err
    assert re.search(r'error: \S*\.build_cache/\S+: No space left on device; free some space', err), err
    assert snapshot(project / 'out') == before
    assert _no_temporaries(project) == []
    assert (
        run(project, 'build') == 0
        and 'The changed model' in (project / 'out' / 'sub' / 'model.html').read_text()
    )


@pytest.mark.parametrize('jobs', ['1', '2'])
def test_the_build_cache_removed_during_a_build_is_a_message(project, capsys, monkeypatch, jobs):
    import shutil

    from sitegen import workers

    assert run(project, 'build') == 0
    before = snapshot(project / 'out')
    for source in (project / 'pkg').rglob('*.py'):  # every page renders again: two workers
        source.write_text(source.read_text() + '\n# One more comment\n')
    render = workers.render_pages

    def removed_first(*args, **kwargs):
        shutil.rmtree(project / '.build_cache')
        return render(*args, **kwargs)

    monkeypatch.setattr(workers, 'render_pages', removed_first)
    code = run(project, 'build', '--jobs', jobs)
    err = capsys.readouterr().err
    assert code == 1 and 'Traceback' not in err and 'WorkerError' not in err
    assert 'a folder was removed while the command ran: run it again' in err
    assert snapshot(project / 'out') == before
    assert _no_temporaries(project) == []
    monkeypatch.setattr(workers, 'render_pages', render)
    assert run(project, 'build', '--jobs', jobs) == 0


# ---------------------------------------------------------------- English documentation from elsewhere

LEGIT = 'A paragraph with `code`, $x^2$ math, a [link](index.html) and ![a diagram](sub/diagram.svg).\n'
HOSTILE = """
<script>alert(1)</script>

<img src="x" onerror="alert(2)">

[click](javascript:alert(3)) and <a href="javascript:alert(4)">here</a>

<iframe src="https://evil.example"></iframe><p onclick="alert(5)">text</p>
"""


def _copied_page(project: Path, text: str, *flags: str) -> str:
    (project / 'pkg' / 'copied.py').write_text(f'"""\n# Copied\n\n{text}"""\nx = 1\n')
    assert run(project, 'build', '--jobs', '1', *flags) == 0
    return (project / 'out' / 'copied.html').read_text()


def test_sanitize_passes_english_docstrings_through_the_allow_list(project, capsys):
    clean = _copied_page(project, LEGIT)
    trusted = _copied_page(project, LEGIT + HOSTILE)
    # By default the author is trusted: raw HTML reaches the page as written.
    assert len(dangerous(trusted)) > len(dangerous(clean))
    sanitized = _copied_page(project, LEGIT + HOSTILE, '--sanitize')
    assert dangerous(sanitized) == dangerous(clean)  # the template's own scripts only
    assert 'alert(' not in sanitized
    # What Markdown writes is kept: inline code, math, links and the image.
    kept = _copied_page(project, LEGIT, '--sanitize')
    for piece in ('class="highlight"', 'class="katex"', 'href="index.html"', 'src="sub/diagram.svg"'):
        assert piece in clean and piece in kept, piece
    # The same as a setting of [tool.site].
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text() + 'sanitize_english = true\n')
    assert _copied_page(project, LEGIT + HOSTILE) == sanitized


def test_prune_waits_for_the_cache_folder_and_says_so(project):
    from sitegen.files import hold

    cache = _with_chinese(project)
    cache.write_text(json.dumps({'<p>A sentence no page has any more.</p>\n': '<p>不再使用。</p>\n'}))
    env = {**os.environ, 'PYTHONPATH': f'{REPO}{os.pathsep}{os.environ.get("PYTHONPATH", "")}'}
    command = [sys.executable, str(REPO / 'build_site.py'), '--root', str(project), 'translate', 'prune']
    lines: list[str] = []
    with hold(project / 'translate_cache', 'test holding'):
        proc = subprocess.Popen([*command, '--jobs', '1'], env=env, stderr=subprocess.PIPE, text=True)
        reader = threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True)
        reader.start()
        deadline = time.monotonic() + 60
        while not any('waiting for another translate command writing' in line for line in lines):
            assert proc.poll() is None and time.monotonic() < deadline, ''.join(lines)
            time.sleep(0.05)
        assert cache.exists()  # nothing pruned while the folder is held
    assert proc.wait(timeout=120) == 0, ''.join(lines)
    reader.join(10)
    assert not cache.exists()  # its only entry was stale: the file goes once the lock is free
