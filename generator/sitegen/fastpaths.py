"""Where the generator writes a library's output without the library, and when it may.

Three parts of a page are made by code of ours that reproduces a library's output byte for byte,
because the library is slow for the common case:

- the code column's colours (Pygments' Python lexer): `sitegen.pages.pyhighlight`;
- the HTML of plain texts (Markdown): `sitegen.pages.markup._simple`;
- a source's tokens (the `tokenize` module): CPython's own tokenizer, `sitegen.reading.parse`.

Each was checked against its library at the versions in `VERIFIED`, and `tests/test_fastpaths.py`
checks all three again. With another version installed, or with `SITEGEN_FAST_PATHS=0` in the
environment, the library itself does that work: slower, never different. The versions are also
part of every page's cache key (`sitegen.building.uptodate.library_versions`), so an upgrade rebuilds.
"""

from __future__ import annotations

import os
import sys

SWITCH = 'SITEGEN_FAST_PATHS'
# The library versions each fast path was checked against, byte for byte.
VERIFIED = {
    'pygments': ('2.21.0',),
    'markdown': ('3.11.3',),
    # CPython's private `_tokenize.TokenizerIter` takes these arguments and gives these tokens in 3.11 only.
    'python': ('3.11',),
}


def enabled(library: str, version: str) -> bool:
    """Whether the fast path standing for `library` may run with `version` of it installed."""
    return os.environ.get(SWITCH, '1') != '0' and version in VERIFIED[library]


def python_version() -> str:
    return f'{sys.version_info[0]}.{sys.version_info[1]}'
