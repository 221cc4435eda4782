"""Tests of `sitegen.serving.web`: `serve`: the live preview. Build, serve the files from memory
(`sitegen.serving.server`), rebuild on changes (`sitegen.serving.watcher`)."""

from __future__ import annotations

from pathlib import Path

from helpers import HOME, translated_with_a_repair
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


def test_the_preview_prints_a_warning_once_and_counts_it_after(project: Path, capsys, monkeypatch):
    """A site may carry hundreds of warnings: a rebuild prints only those the last build did not,
    so that an edit's new warning stands out, and counts the others."""
    from sitegen.serving.server import SiteState
    from sitegen.serving.web import rebuild

    (project / 'pkg' / '__init__.py').write_text(HOME.replace('sub/model.html)', 'sub/missing.html)'))
    monkeypatch.chdir(project)
    config = load_config(project)
    model = project / 'pkg' / 'sub' / 'model.py'
    original = model.read_text()
    logged: list[str] = []
    said: set[str] = set()
    old = "warning: pkg/__init__.py:9: broken link 'sub/missing.html'"
    new = "broken link 'nowhere.html'"
    texts = [original, original + '\n# See [this](nowhere.html).\nMORE = 1\n', original, original]
    printed = []
    for text in texts:
        model.write_text(text)
        assert rebuild(
            config,
            ('en',),
            project / '.build_cache',
            1,
            SiteState(),
            log=lambda *a, **k: logged.append(a[0]),
            said=said,
        )
        printed.append(capsys.readouterr().err)
    assert old in printed[0] and new not in printed[0]
    assert old not in printed[1] and new in printed[1]
    assert printed[2] == printed[3] == ''
    assert [line.split('(')[-1] for line in logged] == [
        '0 unchanged)',
        '2 unchanged; 1 warning already shown)',
        '3 unchanged; 1 warning already shown)',  # the page as the first build made it
        '3 unchanged; 1 warning already shown)',
    ]


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
