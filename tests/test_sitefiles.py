"""Tests of `sitegen.sitefiles`: the files of the site besides its pages: static files, linked assets,
search indexes, sitemap, the site menu's list of pages."""

from __future__ import annotations

from pathlib import Path

from helpers import LITERATE, literate_run, run


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
