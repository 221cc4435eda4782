"""`pygments.css`: the colours of highlighted code in the light and dark themes, from Pygments'
styles (its formatter and styles only: a build whose workers render the pages loads no lexer).

Each style's rules are Pygments' own (`HtmlFormatter.get_style_defs`), written once per
declaration: the token classes that share one (`.c`, `.ch`, `.c1` ...) in one `:is()` list. A
class in an `:is()` list counts as one class, so every rule matches what Pygments' rule for its
class matches, as specifically; the file is a quarter of Pygments' length, and every page loads it.
"""

from __future__ import annotations

import re

from pygments.formatters import HtmlFormatter

LIGHT, DARK = 'default', 'github-dark'
# github-dark draws builtins (`int`, `bool`, `super`) and `self` in the colour of plain text; the
# light style colours them, so the dark one does too (8.9:1 on the code background, 6.6:1 marked).
DARK_EXTRA = {'nb': '#FFA657', 'bp': '#FFA657'}
SCOPE = ':is(.highlight,.code)'
# One token class's rule in `get_style_defs('.x')`: `.x .kn { color: #008000; font-weight: bold } /* ... */`
_RULE = re.compile(r'\.x \.(\w+) \{ ([^}]*?) \}')


def stylesheet() -> bytes:
    """`pygments.css`: light colours, dark ones under the dark theme and when the system asks."""
    light = _style(LIGHT, SCOPE)
    dark = _style(DARK, f':root[data-theme="dark"] {SCOPE}', DARK_EXTRA)
    auto = _style(DARK, f':root:not([data-theme="light"]) {SCOPE}', DARK_EXTRA)
    return (
        f'/* Generated from Pygments styles {LIGHT} and {DARK}. */\n'
        f'{light}\n{dark}\n@media (prefers-color-scheme: dark) {{\n{auto}\n}}\n'
    ).encode()


def token_styles(style: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """Each token class's declarations in a Pygments style (`color: #3D7B7B; font-style: italic`),
    with `extra` colours by token class in place of the style's. Backgrounds come from the site's
    own colours, so both themes keep one look: a class that sets one is left out, and `.err` (a
    red box around what the lexer could not read) too."""
    styles = {}
    for line in HtmlFormatter(style=style).get_style_defs('.x').splitlines():
        rule = _RULE.match(line)
        if rule and rule[1] != 'err' and ('background' not in rule[2] or rule[1] == 'hll'):
            styles[rule[1]] = rule[2]
    for token, colour in (extra or {}).items():
        kept = [d for d in styles.get(token, '').split('; ') if d and not d.startswith('color:')]
        styles[token] = '; '.join([f'color: {colour}', *kept])
    return styles


def _style(style: str, scope: str, extra: dict[str, str] | None = None) -> str:
    """One theme's rules under a CSS selector, one per declaration, in Pygments' order."""
    shared: dict[str, list[str]] = {}
    for token, declarations in token_styles(style, extra).items():
        shared.setdefault(declarations, []).append(f'.{token}')
    return '\n'.join(f'{scope} {_either(tokens)} {{ {d} }}' for d, tokens in shared.items())


def _either(classes: list[str]) -> str:
    return f':is({",".join(classes)})' if len(classes) > 1 else classes[0]
