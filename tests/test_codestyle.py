"""Tests of `sitegen.sitewide.codestyle`: `pygments.css`: the colours of highlighted code in the light and dark
themes, from Pygments' styles (its formatter and styles only: a build whose workers render the pages
loads no lexer)."""

from __future__ import annotations

import re
from pathlib import Path

from pygments.formatters import HtmlFormatter

from sitegen import cache as cache_module
from sitegen.building import build as build_module
from sitegen.reading.config import load_config
from sitegen.sitewide import codestyle


def test_the_code_colours_follow_a_new_generator_not_the_build_cache(project: Path, monkeypatch):
    config = load_config(project)
    cache = project / '.build_cache'
    first = build_module.build(config, ('en',), jobs=1, cache_dir=cache).files['static/pygments.css']
    dark = ':root[data-theme="dark"] :is(.highlight,.code)'
    assert _effective(first.decode(), dark)['.bp']['color'] == '#FFA657'
    # A generator whose dark colours differ: its code has another fingerprint.
    monkeypatch.setattr(codestyle, 'DARK_EXTRA', {'bp': '#79C0FF'})
    monkeypatch.setattr(cache_module, 'generator_fingerprint', lambda: 'another generator')
    second = build_module.build(config, ('en',), jobs=1, cache_dir=cache).files['static/pygments.css']
    assert _effective(second.decode(), dark)['.bp']['color'] == '#79C0FF'


def _effective(css: str, scope: str) -> dict[str, dict[str, str]]:
    """Each token class's declarations under `scope`, the rules applied in their order."""
    classes: dict[str, dict[str, str]] = {}
    css = css.replace('@media (prefers-color-scheme: dark) {', '')
    for selectors, body in re.findall(r'([^{}\n]+)\{([^}]*)\}', css):
        for selector in selectors.split(', '):
            selector = selector.strip()
            if not selector.startswith(scope + ' '):
                continue
            names = selector[len(scope) + 1 :].removeprefix(':is(').removesuffix(')')
            for name in names.split(','):
                if re.fullmatch(r'\.\w+', name):
                    for declaration in filter(None, (d.strip() for d in body.split(';'))):
                        key, value = declaration.split(':', 1)
                        classes.setdefault(name, {})[key.strip()] = value.strip()
    return classes


def test_the_code_colours_are_pygments_own_for_every_token_in_both_themes():
    shipped = codestyle.stylesheet().decode()
    light, dark, auto = (
        ':is(.highlight,.code)',
        ':root[data-theme="dark"] :is(.highlight,.code)',
        (':root:not([data-theme="light"]) :is(.highlight,.code)'),
    )
    for style, scopes, extra in (
        (codestyle.LIGHT, [light], {}),
        (codestyle.DARK, [dark, auto], codestyle.DARK_EXTRA),
    ):
        # Pygments' rules as it writes them, less backgrounds (the site's own) and `.err`, then the extra colours.
        expected: dict[str, dict[str, str]] = {}
        for line in HtmlFormatter(style=style).get_style_defs('.p').splitlines():
            rule = re.match(r'\.p (\.\w+) \{([^}]*)\}', line)
            if rule and rule[1] != '.err' and ('background' not in rule[2] or rule[1] == '.hll'):
                expected[rule[1]] = dict(
                    (k.strip(), v.strip())
                    for k, v in (d.split(':', 1) for d in rule[2].split(';') if d.strip())
                )
        for token, colour in extra.items():
            expected.setdefault(f'.{token}', {})['color'] = colour
        assert len(expected) > 20
        for scope in scopes:
            assert _effective(shipped, scope) == expected, scope
    assert '@media (prefers-color-scheme: dark) {' in shipped
    assert len(shipped) < 8000  # every page with code loads it
