"""Save-to-reload benchmark for `build_site.py serve`: from saving a source to the open page showing it.

Prints a table; asserts nothing.

    python bench/reload_bench.py [--saves 10] [--lang all] [--page labml_nn/transformers/mha.py ...]

`serve` runs on a temporary copy of the project (sources, translation caches, pyproject.toml and
the build cache when there is one), so the real sources are never edited. Chromium (Debian's, driven
by Playwright as in the browser tests) opens each page; each save appends a new line of code with a
unique name to the page's source, and the time is taken from just before the write until the page
in the browser contains that name: the file event, the grouping of the editor's writes, the
rebuild of every language, the pushed event, the reload and the parsing of the new page. Pages
measured: `transformers/mha.html` and the largest page of the site (by served size). Each page gets
one unmeasured save first.

The moment the page shows the edit is taken inside the page: from the start of each new document,
a script checks on every animation frame whether the text is there, and keeps the frame's time
(`performance.timeOrigin` plus the frame's timestamp, set against `time.time()` here by reading
both clocks around a call into the page).
The columns after the total split it: until the server starts the rebuild (file event and the
grouping of writes), the rebuild as the server reports it, and from the end of the rebuild to the
first frame that shows the edit (pushed event, reload, loading and parsing the page).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MHA = 'labml_nn/transformers/mha.py'
CHROMIUM = os.environ.get('CHROMIUM') or shutil.which('chromium') or '/usr/bin/chromium'
CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']


# Runs at the start of every document in the tab: the time of the first frame that shows the text
# the benchmark waits for (set in sessionStorage, which a reload keeps).
SHOWN = """(() => {
  const want = sessionStorage.getItem('reload-bench');
  if (!want) return;
  const check = ts => {
    if (document.body && document.body.textContent.includes(want)) window.__shown = {want, at: performance.timeOrigin + ts};
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()"""


class Server:
    """`build_site.py serve --port 0` on a project folder; its output lines with their arrival times."""

    def __init__(self, project: Path, lang: str) -> None:
        self.lines: list[str] = []
        self.times: list[float] = []
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / 'build_site.py'), '--root', str(project)]
            + ['serve', '--port', '0', '--lang', lang],
            cwd=project,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, 'PYTHONUNBUFFERED': '1'},
        )
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + 600
        while not (m := re.search(r'serving (http://\S+)', ''.join(self.lines))):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                sys.exit('serve did not start:\n' + ''.join(self.lines))
            time.sleep(0.05)
        self.url = m.group(1)

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.times.append(time.time())
            self.lines.append(line)

    def after(self, start: int, prefix: str) -> float | None:
        """When the first line starting with `prefix` from line `start` on arrived."""
        for when, line in zip(self.times[start:], self.lines[start:], strict=False):
            if line.startswith(prefix):
                return when
        return None

    def rebuilds(self, start: int = 0) -> list[float]:
        """Seconds of each rebuild from line `start` on, as the server printed them."""
        text = ''.join(self.lines[start:])
        return [float(s) for s in re.findall(r'^built \d+ pages in ([\d.]+) s', text, re.M)]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def copy_project(into: Path) -> Path:
    project = into / 'project'
    project.mkdir()
    for name in ('labml_nn', 'translate_cache'):
        shutil.copytree(ROOT / name, project / name, ignore=shutil.ignore_patterns('__pycache__'))
    shutil.copy2(ROOT / 'pyproject.toml', project)
    if (ROOT / '.build_cache').is_dir():  # a warm start; the copy is the one written to
        shutil.copytree(ROOT / '.build_cache', project / '.build_cache')
    return project


def page_of(source: str) -> str:
    """The URL path (English) of a source file under the package folder."""
    rel = Path(source).relative_to('labml_nn')
    return (rel.parent / 'index.html' if rel.name == '__init__.py' else rel.with_suffix('.html')).as_posix()


def largest_source(project: Path, url: str) -> str:
    sizes = {}
    for path in sorted((project / 'labml_nn').rglob('*.py')):
        source = path.relative_to(project).as_posix()
        request = urllib.request.Request(url + page_of(source), method='HEAD')
        with urllib.request.urlopen(request, timeout=30) as r:
            sizes[source] = int(r.headers['Content-Length'])
    return max(sizes, key=lambda s: sizes[s])


def clock_offset(page) -> float:
    """Seconds the page's clock (`performance.timeOrigin + performance.now()`) is ahead of `time.time()`.

    Chromium's page clock is a monotonic clock anchored once, and may be off the wall clock by a
    second or more; the round trip of the best of five reads bounds the error (a few milliseconds).
    """
    best = (float('inf'), 0.0)
    for _ in range(5):
        before = time.time()
        page_now = page.evaluate('performance.timeOrigin + performance.now()') / 1000
        after = time.time()
        best = min(best, (after - before, page_now - (before + after) / 2))
    return best[1]


@dataclass
class Save:
    total: float  # seconds from the save to the first frame that shows it
    waited: float  # until the server started the rebuild
    rebuild: float  # the rebuild, as the server reports it
    page: float  # from the rebuild's end to the first frame that shows the edit


def measure(browser, server: Server, project: Path, source: str, saves: int) -> list[Save]:
    path = project / source
    original = path.read_text()
    context = browser.new_context(viewport={'width': 1400, 'height': 1000})
    context.add_init_script(SHOWN)
    page = context.new_page()
    page.goto(server.url + page_of(source), wait_until='load')
    measured: list[Save] = []
    for i in range(saves + 1):
        time.sleep(1.0)  # the server and the page are idle before each save
        name = f'reload_bench_{os.getpid()}_{i}'
        page.evaluate('name => sessionStorage.setItem("reload-bench", name)', name)
        start = len(server.lines)
        saved = time.time()
        path.write_text(original + f'\n{name} = {i}\n')
        page.wait_for_function(
            'name => window.__shown && window.__shown.want === name', arg=name, timeout=60_000
        )
        shown = page.evaluate('window.__shown.at') / 1000 - clock_offset(page)
        deadline = time.monotonic() + 10
        while server.after(start, 'built ') is None and time.monotonic() < deadline:
            time.sleep(0.02)
        changed, built = server.after(start, 'changed:'), server.after(start, 'built ')
        rebuilds = server.rebuilds(start)
        if i and changed and built and rebuilds:  # the first save warms up
            measured.append(Save(shown - saved, changed - saved, sum(rebuilds), shown - built))
    if page.locator('#build-error').count():
        sys.exit(f'{source}: the page shows a build error:\n' + page.locator('#build-error').text_content())
    context.close()
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--saves', type=int, default=10, help='measured saves per page (default 10)')
    parser.add_argument('--lang', default='all', help='languages serve builds (default: all)')
    parser.add_argument('--page', action='append', help='a source file to edit, relative to the project')
    args = parser.parse_args()
    for source in args.page or []:
        if not source.startswith('labml_nn/') or not source.endswith('.py') or not (ROOT / source).is_file():
            parser.error(f'--page {source}: expected a source file such as {MHA}')
    if args.saves < 1:
        parser.error('--saves: at least 1')
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit('needs playwright: pip install playwright (it drives the Chromium installed here)')
    if not Path(CHROMIUM).exists():
        sys.exit(f'no Chromium at {CHROMIUM}: apt-get install chromium, or set CHROMIUM')

    with tempfile.TemporaryDirectory(prefix='reload-bench-') as tmp:
        project = copy_project(Path(tmp))
        started = time.perf_counter()
        server = Server(project, args.lang)
        print(f'serve started in {time.perf_counter() - started:.1f} s: {server.url}', flush=True)
        rows = []
        try:
            sources = args.page or [MHA, largest_source(project, server.url)]
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for source in dict.fromkeys(sources):
                    saves = measure(browser, server, project, source, args.saves)
                    size = len(urllib.request.urlopen(server.url + page_of(source), timeout=30).read())
                    rows.append((page_of(source), size, saves))
                browser.close()
        finally:
            server.stop()

    print(
        f'\nsave to reload, median of {args.saves} saves per page, languages: {args.lang}; {os.cpu_count()} CPUs'
    )
    print(
        f'{"page":<38} {"KB":>4} {"median":>7} {"min":>6} {"max":>6} | {"to build":>8} {"rebuild":>7} {"page":>6}'
    )
    for page, size, saves in rows:
        if not saves:
            print(f'{page:<38} no save measured')
            continue

        def ms(values: list[float]) -> str:
            return f'{statistics.median(values) * 1000:.0f}'

        total = [s.total * 1000 for s in saves]
        print(
            f'{page:<38} {size / 1024:>4.0f} {statistics.median(total):>7.0f} {min(total):>6.0f} {max(total):>6.0f}'
            f' | {ms([s.waited for s in saves]):>8} {ms([s.rebuild for s in saves]):>7}'
            f' {ms([s.page for s in saves]):>6}'
        )
    print('milliseconds; after |: medians of the parts (until the rebuild starts, the rebuild, the page)')


if __name__ == '__main__':
    main()
