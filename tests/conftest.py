"""Test settings shared by every file."""

import os

from hypothesis import settings

# Locally each run explores new examples; in CI the examples are fixed, so a run that passed
# once passes again and a landing never depends on the luck of a draw.
settings.register_profile('ci', derandomize=True, print_blob=True)
if os.environ.get('CI'):
    settings.load_profile('ci')
