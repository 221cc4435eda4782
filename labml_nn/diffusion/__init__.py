"""
---
title: Diffusion Models
summary: >
  Annotated PyTorch implementations of denoising diffusion: DDPM, its U-Net, the DDIM sampler,
  an experiment on handwritten digits, and DDIM's few-step result reproduced.
---

# Diffusion Models

Index page, written below.
"""
