"""Tests of `sitegen.errors`: messages a build reports: each names a file and a line, so a writer can go
straight there."""

from __future__ import annotations

import re

from helpers import package, run

TROJAN = '''"""
# Trojan

Text with \u202eoverride\u202c inside, and `code \u2067x\u2069`.
"""

access_level = "user"
if access_level != "user\u202e \u2066# Check if admin\u2069 \u2066":  # a comment \u2067
    print("You are an admin.")
'''


def test_messages_escape_the_control_characters_of_names_and_links(project, capsys):
    (project / 'pkg' / 'linky.py').write_text(
        '"""\n# Linky\n\n[gone](missing%1b[2K%1b[1A.html)\n"""\nx = 1\n'
    )
    (project / 'pkg' / 'bell\x07\x1b[2K.py').write_text('"""\n# Bell\n\n[gone](nowhere.html)\n"""\nx = 1\n')
    assert run(project, 'build', '--jobs', '1') == 0
    err = capsys.readouterr().err
    assert '\x1b' not in err and '\x07' not in err
    assert 'missing\\x1b[2K\\x1b[1A.html' in err and 'pkg/bell\\x07\\x1b[2K.py:4: broken link' in err


def test_bidirectional_controls_are_warned_about_and_shown_as_code_points(project, capsys):
    (project / 'pkg' / 'trojan.py').write_text(TROJAN)
    assert run(project, 'build', '--jobs', '1') == 0
    err = capsys.readouterr().err
    assert re.search(r'pkg/trojan\.py:4: bidirectional control U\+202E, U\+202C, U\+2067, U\+2069', err), err
    assert re.search(
        r'pkg/trojan\.py:8: bidirectional control U\+202E, U\+2066, U\+2069, U\+2067.*Trojan Source', err
    )
    html = (project / 'out' / 'trojan.html').read_text()
    assert not re.search('[\u202a-\u202e\u2066-\u2069]', html)  # none left to reorder the page
    for code in ('202E', '202C', '2066', '2067', '2069'):
        assert f'&lt;U+{code}&gt;' in html
    # In the code column, where it reads as the string it is.
    assert '"user<span class="bidi-control" title="RIGHT-TO-LEFT OVERRIDE">&lt;U+202E&gt;</span>' in html


def test_counts_are_said_in_the_singular_and_the_plural(tmp_path, capsys):
    from sitegen.errors import plural

    assert (plural(1, 'page'), plural(2, 'page'), plural(1, 'entry', 'entries')) == (
        '1 page',
        '2 pages',
        '1 entry',
    )
    (tmp_path / 'pyproject.toml').write_text('[tool.site]\nsource = "notes"\n')
    package(tmp_path, files=('__init__.py',))
    assert run(tmp_path, 'build') == 0
    out = capsys.readouterr()
    assert '1 page, 1 section, 1 math expression, 1 warning (1 other), 0 errors' in out.out
    assert out.err.startswith('1 source, 0 unchanged')
