"""`pygments.css`: the colours of highlighted code in the light and dark themes, from Pygments'
styles (its formatter and styles only: a build whose workers render the pages loads no lexer)."""

from __future__ import annotations

from pygments.formatters import HtmlFormatter

LIGHT, DARK = 'default', 'github-dark'
# github-dark draws builtins (`int`, `bool`, `super`) and `self` in the colour of plain text; the
# light style colours them, so the dark one does too (8.9:1 on the code background, 6.6:1 marked).
DARK_EXTRA = {'nb': '#FFA657', 'bp': '#FFA657'}


def stylesheet() -> bytes:
    """`pygments.css`: light colours, dark ones under the dark theme and when the system asks."""
    light = _style(LIGHT, ['.highlight', '.code'])
    dark = _style(DARK, ':root[data-theme="dark"] :is(.highlight, .code)', DARK_EXTRA)
    auto = _style(DARK, ':root:not([data-theme="light"]) :is(.highlight, .code)', DARK_EXTRA)
    return (
        f'/* Generated from Pygments styles {LIGHT} and {DARK}. */\n'
        f'{light}\n{dark}\n@media (prefers-color-scheme: dark) {{\n{auto}\n}}\n'
    ).encode()


def _style(style: str, scope: str | list[str], extra: dict[str, str] | None = None) -> str:
    """Pygments colours for one theme, scoped under a CSS selector, with `extra` colours by token
    class after them. Backgrounds come from the site's own colours, so both themes keep one look."""
    css = HtmlFormatter(style=style).get_style_defs(scope)
    lines = [
        line
        for line in css.splitlines()
        if not line.startswith('pre ')
        and ' .err' not in line
        and ('background' not in line or '.hll' in line)
    ]
    scopes = [scope] if isinstance(scope, str) else scope
    for token, colour in (extra or {}).items():
        lines.append(f'{", ".join(f"{s} .{token}" for s in scopes)} {{ color: {colour} }}')
    return '\n'.join(lines)
