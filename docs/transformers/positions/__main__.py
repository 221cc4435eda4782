"""
---
title: Run the Comparison of Positions
summary: >
  The command that runs the comparison of positional schemes.
---

# Run the Comparison of Positions

`python -m labml_nn.transformers.positions` runs [the comparison](index.html).
"""

from labml_nn.transformers.positions import main

#
main()
