#!/usr/bin/env python3
"""Build the annotated site: `python build_site.py build|check|serve --help`."""

import sys

from sitegen.cli import main

if __name__ == '__main__':
    sys.exit(main())
