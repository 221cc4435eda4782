#!/usr/bin/env python3
"""Build this repository's site: `python build_site.py build|check|serve|translate --help`.

The generator is the `annotated-site` distribution in `generator/` (`pip install ./generator`
gives the same thing as the `annotated-site` command, for any project). This wrapper runs it from
this checkout, installed or not.
"""

import os
import sys

try:
    try:
        from sitegen.commands.cli import run
    except ImportError:
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), 'generator'))
        from sitegen.commands.cli import run
except KeyboardInterrupt:  # Ctrl-C while the command loads: one line, as once it runs
    print('interrupted', file=sys.stderr)
    sys.exit(130)

if __name__ == '__main__':
    run()
