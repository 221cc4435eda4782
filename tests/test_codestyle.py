"""Tests of `sitegen.codestyle`: `pygments.css`: the colours of highlighted code in the light and dark
themes, from Pygments' styles (its formatter and styles only: a build whose workers render the pages
loads no lexer)."""

from __future__ import annotations

from pathlib import Path

from sitegen import build as build_module
from sitegen.config import load_config


def test_the_code_colours_follow_a_new_generator_not_the_build_cache(project: Path, monkeypatch):
    from sitegen import codestyle

    config = load_config(project)
    cache = project / '.build_cache'
    first = build_module.build(config, ('en',), jobs=1, cache_dir=cache).files['static/pygments.css']
    assert b'.bp { color: #FFA657 }' in first
    # A generator whose dark colours differ: its code has another fingerprint.
    monkeypatch.setattr(codestyle, 'DARK_EXTRA', {'bp': '#79C0FF'})
    monkeypatch.setattr(build_module, 'generator_fingerprint', lambda: 'another generator')
    second = build_module.build(config, ('en',), jobs=1, cache_dir=cache).files['static/pygments.css']
    assert b'.bp { color: #79C0FF }' in second and b'.bp { color: #FFA657 }' not in second
