"""
---
title: Run the Toy Comparison
summary: >
  The command that trains the GAN and WGAN-GP on the mixtures of Gaussians.
---

# Run the Toy Comparison

`python -m labml_nn.gan.toy` runs [the comparison](index.html).
"""

from labml_nn.gan.toy import main

#
main()
