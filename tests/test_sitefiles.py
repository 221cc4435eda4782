"""Tests of `sitegen.building.sitefiles`: the files of the site besides its pages: static files, linked assets,
search indexes, sitemap, the site menu's list of pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import quickjs

from helpers import LITERATE, literate_run, make_project, run
from sitegen.building.sitefiles import compact


def test_asset_folders_are_mirrored_and_translated_pages_link_up_to_them(project: Path, capsys):
    (project / 'images' / 'deep').mkdir(parents=True)
    (project / 'images' / 'deep' / 'plot.png').write_bytes(b'png')
    toml = project / 'pyproject.toml'
    toml.write_text(
        toml.read_text().replace('languages = ["en"]', 'languages = ["en", "si"]\nassets = ["images"]')
    )
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(
        model.read_text().replace('# Store $x$', '# Store $x$\n        # ![plot](../images/deep/plot.png)')
    )
    assert run(project, 'build', '--lang', 'all') == 0
    err = capsys.readouterr().err
    assert 'broken link' not in err
    # A language without interface words gets the English ones, and one warning says so.
    assert err.count("no interface words for 'si'") == 1
    out = project / 'out'
    assert (out / 'images' / 'deep' / 'plot.png').read_bytes() == b'png'
    assert not (out / 'si' / 'images').exists()
    assert 'src="../images/deep/plot.png"' in (out / 'sub' / 'model.html').read_text()
    si = (out / 'si' / 'sub' / 'model.html').read_text()
    assert 'src="../../images/deep/plot.png"' in si and '<html lang="si">' in si
    assert '>සිංහල<' in (out / 'index.html').read_text()
    assert 'href="../static/site.css"' in (out / 'si' / 'index.html').read_text()
    toml.write_text(toml.read_text().replace('assets = ["images"]', 'assets = ["pictures"]'))
    assert run(project, 'build') == 2
    assert 'pictures (in [tool.site]) does not exist' in capsys.readouterr().err


def test_assets_are_found_and_translated_pages_link_to_them(literate_project):
    assert literate_run(literate_project) == 0
    site = literate_project / 'site'
    assert (site / 'images' / 'attention.png').read_bytes() == (
        LITERATE / 'images' / 'attention.png'
    ).read_bytes()
    assert 'src="images/attention.png"' in (site / 'index.html').read_text()
    assert 'src="../images/attention.png"' in (site / 'zh' / 'index.html').read_text()


STATIC = Path(__file__).resolve().parents[1] / 'generator' / 'sitegen' / 'templates' / 'static'


def _parses(script: str) -> str:
    """'ok', or QuickJS's syntax error for `script` (compiled as a function's body, not run)."""
    return quickjs.Context().eval(
        f'(function () {{ try {{ new Function({json.dumps(script)}); return "ok" }} catch (e) {{ return String(e) }} }})()'
    )


def test_the_script_pages_load_is_the_script_without_its_comments_and_still_compiles():
    source = (STATIC / 'site.js').read_text()
    shipped = compact('site.js', source.encode()).decode()
    assert len(shipped) < 0.8 * len(source)
    assert _parses(shipped) == 'ok' and _parses(shipped + '\n}{') != 'ok'  # the check can fail
    # Every line of code kept, in order and whole: only comment lines and indentation go.
    code = [
        line.strip() for line in source.splitlines() if line.strip() and not line.strip().startswith('//')
    ]
    assert shipped.splitlines() == code
    # Sound only while no string or template of the script spans lines.
    assert not any('`' in line or line.endswith('\\') for line in code)


def test_the_style_sheet_pages_load_has_every_rule_and_no_comment():
    source = (STATIC / 'site.css').read_text()
    shipped = compact('site.css', source.encode()).decode()
    assert '/*' not in shipped and len(shipped) < len(source)

    def rules(css: str) -> list[str]:
        css = re.sub(r'/\*.*?\*/', '', css, flags=re.S)
        return [' '.join(rule.split()) for rule in re.split(r'[{};]', css) if rule.strip()]

    assert rules(shipped) == rules(source)
    # No quoted text of the sheet holds a comment's opening, which the compaction would cut.
    assert not any('/*' in q for q in re.findall(r'"[^"\n]*"|\'[^\'\n]*\'', source))


def test_other_files_are_copied_as_they_are():
    for name in ('reload.js', 'favicon.svg', 'katex.min.css'):
        assert compact(name, b'  /* x */\n  // y\n') == b'  /* x */\n  // y\n'


def test_the_generators_own_script_is_compacted_and_a_projects_own_is_copied_as_it_is(project: Path):
    assert run(project, 'build') == 0
    assert (project / 'out' / 'static' / 'site.js').read_bytes() == compact(
        'site.js', (STATIC / 'site.js').read_bytes()
    )
    own = b"// the project's own script, comments and all\n  window.own = 1;\n"
    (project / 'tpl' / 'static').mkdir(parents=True)
    (project / 'tpl' / 'static' / 'site.js').write_bytes(own)
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('[tool.site]\n', '[tool.site]\ntemplates = "tpl"\n'))
    assert run(project, 'build') == 0
    assert (project / 'out' / 'static' / 'site.js').read_bytes() == own


_JOINED_APART = """
import hashlib, json, os, sys
from pathlib import Path
from sitegen.sitewide import search
from sitegen.building import sitefiles
from sitegen.building.build import build
from sitegen.reading.config import load_config

project, log, cache, fork = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4] == 'fork'
files = search.KeptIndex.files

def joined(self, pages, *args):
    with log.open('a') as f:  # the children are other processes: they say so in a file
        f.write(f'{os.getpid()}\\n')
    yield from files(self, pages, *args)

search.KeptIndex.files = joined
if not fork:
    sitefiles.sys.platform = 'elsewhere'  # a system that does not fork
result = build(load_config(project), cache_dir=Path(cache) if cache else None, jobs=1)
print(os.getpid(), json.dumps({rel: hashlib.sha256(data).hexdigest() for rel, data in result.files.items()}))
"""


def test_a_first_builds_search_indexes_are_joined_apart_and_are_those_joined_in_one_process(tmp_path):
    """With nothing kept of them, the search indexes of a site's languages are joined at once:
    each but the first in a process of its own. The files are those one process joins; a second
    build, which keeps them, joins what changed in its own process. (In a process of its own: the
    join is made apart only where no other thread runs.)"""
    import subprocess
    import sys

    project = make_project(tmp_path / 'project')
    toml = project / 'pyproject.toml'
    toml.write_text(toml.read_text().replace('languages = ["en"]', 'languages = ["en", "zh", "ja"]'))
    log, cache = tmp_path / 'joined.log', str(tmp_path / 'cache')

    def build(cache: str, fork: str) -> tuple[str, str]:
        done = subprocess.run(
            [sys.executable, '-c', _JOINED_APART, str(project), str(log), cache, fork],
            capture_output=True,
            text=True,
            check=True,
        )
        pid, files = done.stdout.split(' ', 1)
        return pid, files

    pid, apart = build(cache, 'fork')
    pids = log.read_text().split()
    assert len(pids) == 3 and pids.count(pid) == 1  # two of the three apart
    log.unlink()
    pid, again = build(cache, 'fork')
    assert log.read_text().split() == [pid] * 3  # kept: joined again here, if at all
    log.unlink()
    pid, here = build('', 'one process')
    assert log.read_text().split() == [pid] * 3
    assert apart == here == again


_APART = """
import os
from sitegen.building.sitefiles import _apart

assert _apart(lambda: os.getpid())() != os.getpid()  # made in a child
calls = []

def failing():
    calls.append(os.getpid())
    raise ValueError('no')

try:
    _apart(failing)()
except ValueError:
    assert calls == [os.getpid()]  # the child's call is not seen here; the one made here is
else:
    raise AssertionError('a failure made apart is not made here again')
assert _apart(lambda: lambda: 0)()() == 0  # an answer that cannot cross: made here
print('ok')
"""


def test_work_done_apart_is_answered_or_done_again_here():
    """A call made in a forked process gives its value; one that fails there is made here (and
    fails here, as it would have without the process). (In a process with no other thread.)"""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, '-c', _APART], capture_output=True, text=True)
    assert done.stdout.strip() == 'ok', done.stderr


def test_work_is_not_done_apart_while_another_thread_runs():
    """A thread may hold a lock a forked child would need for ever: with one running, the call
    is made here."""
    import os
    import threading

    from sitegen.building.sitefiles import _apart

    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert _apart(lambda: os.getpid())() == os.getpid()
    finally:
        stop.set()
        thread.join()
