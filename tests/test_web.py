"""Tests of `sitegen.serving.web`: `serve`: the live preview. Build, serve the files from memory
(`sitegen.serving.server`), rebuild on changes (`sitegen.serving.watcher`)."""

from __future__ import annotations

from pathlib import Path

from helpers import translated_with_a_repair
from sitegen.building import build as build_module
from sitegen.reading.config import load_config


def test_the_preview_counts_notices_and_lists_them_with_verbose(project: Path, capsys, monkeypatch):
    from sitegen.serving.server import SiteState
    from sitegen.serving.web import rebuild

    translated_with_a_repair(project)
    monkeypatch.chdir(project)
    config = load_config(project)
    logged: list[str] = []
    for verbose in (False, True):
        capsys.readouterr()
        assert rebuild(
            config,
            ('en', 'zh'),
            None,
            1,
            SiteState(),
            log=lambda *a, **k: logged.append(a[0]),
            verbose=verbose,
        )
        err = capsys.readouterr().err
        assert ('notice: translate_cache/sub/model.zh.json:' in err) == verbose
        assert "warning: pkg/__init__.py:9: broken link 'sub/missing.html'" in err
    assert '; 1 notice (1 repair; --verbose lists it))' in logged[0]
    assert logged[1].endswith('; 1 notice (1 repair))')


def test_the_preview_after_edits_serves_what_a_fresh_build_makes(project: Path):
    """`serve` keeps the search indexes of its last build and joins again only where an edit
    changed them; after each edit (words changed, a section added, the page back as it was) every
    file it would serve is the one a build of the same sources makes from scratch."""
    from sitegen.building.sitefiles import Kept

    config = load_config(project)
    cache = project / '.build_cache'
    model = project / 'pkg' / 'sub' / 'model.py'
    original = model.read_text()
    kept = Kept()
    build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=cache, kept=kept)
    edits = [
        original.replace('## A thing', '## A thing, twice the softmax'),
        original + '\n# Another section, with words of its own: attention heads.\nEXTRA = 1\n',
        original,
    ]
    for text in edits:
        assert text != model.read_text()
        model.write_text(text)
        served = build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=cache, kept=kept).files
        fresh = build_module.build(config, ('en', 'zh'), jobs=1, cache_dir=None).files
        assert served.keys() == fresh.keys()
        assert [rel for rel in fresh if served[rel] != fresh[rel]] == []
    assert any(rel.startswith('zh/search/') for rel in served)
