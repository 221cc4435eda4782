"""Tests of `sitegen.cache`: what builds keep in `.build_cache/` between them: pages, typeset formulas,
small derived values."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from helpers import PYPROJECT, english_page, load, make_job, make_source, run, snapshot
from sitegen.building import build as build_module
from sitegen.cache import STORES, BuildCache, Digester, PageCache, digest
from sitegen.doc import PageResult


def test_editing_one_source_rebuilds_only_that_page(project: Path):
    config = load(project)
    cache = project / '.build_cache'
    build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    model = project / 'pkg' / 'sub' / 'model.py'
    model.write_text(model.read_text().replace('# Store $x$', '# Keep $x$'))
    result = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert result.reused == 2
    assert b'Keep' in result.files['sub/model.html']
    assert result.files == build_module.build(config, ('en',), jobs=1).files


def test_corrupt_cache_is_discarded(project: Path):
    config = load(project)
    cache = project / '.build_cache'
    cold = build_module.build(config, ('en',), jobs=1, cache_dir=cache).files
    for path in cache.rglob('*.page'):
        path.write_bytes(b'not a page')
    result = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert result.reused == 0 and result.files == cold
    for path in cache.rglob('*.page'):  # the result as it was, the HTML not
        data = path.read_bytes()
        path.write_bytes(data[:-20] + b'not the page either\n')
    for path in cache.glob('*.pickle'):
        path.write_bytes(b'\x80\x05garbage')
    result = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    # An entry whose HTML is damaged is a miss when the build looks it up, not a render while it writes.
    assert result.reused == 0 and result.files == cold


def test_a_cached_page_is_read_to_check_it_only_where_its_file_is_not_the_one_written(
    project: Path, monkeypatch
):
    """A warm build reads no cached page's HTML while the files are as they were written; the same
    bytes in another file are checked and used, other bytes of the same size are a miss."""
    from sitegen import cache as cache_module

    config = load(project)
    cache = project / '.build_cache'
    cold = build_module.build(config, ('en',), jobs=1, cache_dir=cache).files
    read: list[str] = []
    real = cache_module._html  # a language's HTML read from a cached page's file
    monkeypatch.setattr(cache_module, '_html', lambda f, *a: read.append(f.name) or real(f, *a))
    warm = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert warm.reused == 3 and read == []
    pages = sorted((cache / 'pages').glob('*.page'))
    assert len(pages) == 3
    for path in pages:  # the same bytes, another file
        data = path.read_bytes()
        path.unlink()
        path.write_bytes(data)
    copied = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert copied.reused == 3 and len(read) == 3 and copied.files == cold
    for path in pages:  # other bytes of the same size
        data = path.read_bytes()
        path.write_bytes(data[:-9] + b'<!--x-->\n')
    damaged = build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    assert damaged.reused == 0 and damaged.files == cold


def test_builds_of_different_languages_do_not_evict_each_other(project: Path):
    (project / 'pyproject.toml').write_text(
        PYPROJECT.replace('languages = ["en"]', 'languages = ["en", "zh"]')
    )
    config = load(project)
    cache = project / '.build_cache'
    build_module.build(config, ('en',), jobs=1, cache_dir=cache)
    build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=cache)
    assert build_module.build(config, ('en',), jobs=1, cache_dir=cache).reused == 3
    assert build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=cache).reused == 3


def test_the_digest_of_a_record_covers_every_field():
    job = make_job()
    assert digest(job) == digest(make_job())
    for changed in (
        make_job(data=b'x = 2\n'),
        make_job(catalog=b'{}'),
        make_job(pages=frozenset({'index.html', 'other.html'})),
        make_job(title='Another'),
    ):
        assert digest(changed) != digest(job)
    shared = Digester()
    assert shared(job) == digest(job) and shared(job) == digest(job)


def test_a_store_is_keyed_as_the_table_says_and_another_format_is_missed(tmp_path, monkeypatch):
    source = make_source()
    kept = BuildCache(tmp_path)
    assert kept.symbols is kept.symbols  # each store opened once a build
    kept.symbols.get((source, 'm'), lambda: 'symbols')
    kept.symbols.save()
    assert BuildCache(tmp_path).symbols.has((source, 'm'))
    assert not BuildCache(tmp_path).symbols.has((make_source(b'x = 2\n'), 'm'))  # other bytes
    assert not BuildCache(tmp_path).symbols.has((source, 'n'))  # another module's name
    monkeypatch.setitem(STORES, 'symbols', STORES['symbols']._replace(format=STORES['symbols'].format + 1))
    assert not BuildCache(tmp_path).symbols.has((source, 'm'))
    assert not (tmp_path / 'symbols.pickle').exists()  # discarded, never read
    nothing = BuildCache(None)
    assert nothing.symbols.get((source, 'm'), lambda: 'made') == 'made'
    assert not nothing.symbols.has((source, 'm'))  # nothing kept without a folder
    math = BuildCache(tmp_path, 'KaTeX 1').math
    math.add([('x', False)], ['<x>'])
    math.save()
    assert BuildCache(tmp_path, 'KaTeX 1').math.missing([('x', False), ('y', True)]) == [('y', True)]
    assert BuildCache(tmp_path, 'KaTeX 2').math.missing([('x', False)]) == [('x', False)]


def test_page_cache_pruning_keeps_this_build_and_recent_spares(tmp_path):
    cache = PageCache(tmp_path)
    for i, key in enumerate(['a', 'b', 'c', 'd', 'e']):
        cache.put(key, PageResult(make_source(), (english_page(key),)))
        stamp = time.time() - 100 + i  # used in this order
        os.utime(tmp_path / 'pages' / f'{key}.page', (stamp, stamp))
    (tmp_path / 'pages' / 'f.meta').write_bytes(b'an entry as an older version kept it')
    assert cache.get('b') is not None  # used last
    cache.prune({'a'}, spare=2)
    assert sorted(p.name for p in (tmp_path / 'pages').iterdir()) == ['a.page', 'b.page', 'e.page']
    assert cache.get('e') is not None and cache.get('d') is None


def test_a_cache_entry_that_does_not_match_its_digest_is_discarded(tmp_path):
    cache = PageCache(tmp_path)
    cache.put('k', PageResult(make_source(), (english_page('<p>page</p>'),)))
    entry = tmp_path / 'pages' / 'k.page'
    data = bytearray(entry.read_bytes())
    data[data.index(b'\n') + 20] ^= 1  # one flipped bit inside the pickled result
    entry.write_bytes(bytes(data))
    assert cache.get('k') is None and not entry.exists()


def test_a_cached_page_whose_html_changed_is_discarded_and_one_copied_whole_is_used(tmp_path):
    cache = PageCache(tmp_path)
    cache.put('k', PageResult(make_source(), (english_page('<p>page</p>'),)))
    entry = tmp_path / 'pages' / 'k.page'
    data = entry.read_bytes()
    assert data.endswith(b'<p>page</p>') and cache.html('k', 'en', english_page('<p>page</p>').digest)
    entry.unlink()
    entry.write_bytes(data)  # the same bytes in another file: read and checked, then used
    assert cache.get('k') is not None
    entry.write_bytes(data.replace(b'<p>page</p>', b'<p>Page</p>'))  # the same size, other bytes
    assert cache.get('k') is None and not entry.exists()


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

    from sitegen.building import workers

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
