"""The files besides the pages: the generator's own script and style sheet as pages load them, and
the code's colours (`pygments.css`)."""

import json
import re
from pathlib import Path

import quickjs
from pygments.formatters import HtmlFormatter

from sitegen import codestyle
from sitegen.sitefiles import compact

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
