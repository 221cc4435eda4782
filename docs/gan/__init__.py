"""
---
title: Generative Adversarial Networks
summary: >
  Generative adversarial networks written out: the original GAN with the non-saturating loss,
  WGAN-GP with its gradient penalty, a DCGAN-style pair, and experiments on mixtures of Gaussians
  and on 8x8 digits.
---

# Generative Adversarial Networks

A generator turns noise into samples, and a second network, trained against it, tells its samples from
the data; the generator learns from the second network's gradients.

* [GAN](original/index.html): the losses of the original paper, with the non-saturating generator loss
* [WGAN-GP](wasserstein/index.html): a critic estimates the Wasserstein distance, kept 1-Lipschitz by a
  penalty on its gradient at points between real and generated samples
* [DCGAN](dcgan/index.html): a convolutional generator and discriminator for $8 \\times 8$ images
* [GAN and WGAN-GP on mixtures of Gaussians](toy/index.html): the modes each method covers on a ring of $8$
  and a grid of $25$ Gaussians, over three seeds, with the scatter plots of the samples
* [DCGAN on 8x8 digits](dcgan/experiment.html): a grid of generated digits, and the classes a classifier of real
  digits sees in them
"""
