r"""
---
title: Diffusion Models
summary: >
  Annotated PyTorch implementations of denoising diffusion: DDPM, its U-Net, the DDIM sampler,
  an experiment on 8×8 handwritten digits, and DDIM's few-step result reproduced on them.
---

# Diffusion Models

A diffusion model generates an image by starting from pure noise and removing a little of it at each
of many steps. A network trained to tell the noise in a noisy image does the removing; the noise is
added during training by a fixed process, so the only thing learned is that one network.

* [Denoising Diffusion Probabilistic Models (DDPM)](ddpm/index.html): the forward process that adds
  noise and its closed form, the reverse process, the simplified loss $L_\text{simple}$, and sampling
  with all $T$ steps.
* [A small U-Net](ddpm/unet.html): the noise predictor, with a sinusoidal time embedding, residual
  blocks, self-attention at the lowest resolution and skip connections.
* [Denoising Diffusion Implicit Models (DDIM)](ddim/index.html): a sampler for the same trained model
  on a sub-sequence of the steps, deterministic when $\eta = 0$.
* [DDPM on handwritten digits](experiment.html): trains the U-Net on scikit-learn's $8 \times 8$
  digits, on a CPU.
* [Sample quality against sampling steps](few_steps.html): DDIM's Table 1 at the scale of the digits,
  $10$ to $1{,}000$ steps with $\eta = 0$ and $\eta = 1$, scored by a Fréchet distance in the features
  of a digit classifier.
"""
