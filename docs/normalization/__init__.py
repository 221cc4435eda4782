r"""
---
title: Normalization Layers
summary: >
  PyTorch implementations of batch, layer, instance and group normalization, RMSNorm and DeepNorm,
  each written out line by line and tested against PyTorch's own layers, with two experiments:
  group against batch normalization over batch sizes, and DeepNorm against post-LN at depth.
---

# Normalization Layers

A normalization layer rescales the activations of a network to zero mean and unit variance
(or unit root mean square), and then lets a learned scale and shift set them where training wants them.
The layers differ in *which* values share a mean and a variance.
For an input of shape `[batch_size, channels, height, width]`:

* [Batch normalization](batch_norm/index.html) (Ioffe and Szegedy, 2015):
  each channel, over the batch and the positions; moving averages stand in for the batch at evaluation.
* [Layer normalization](layer_norm/index.html) (Ba, Kiros and Hinton, 2016):
  each example, over all its features; the normalization of transformers.
* [Instance normalization](instance_norm/index.html) (Ulyanov, Vedaldi and Lempitsky, 2016):
  each channel of each example, over its positions.
* [Group normalization](group_norm/index.html) (Wu and He, 2018):
  each group of channels of each example, over the channels of the group and the positions;
  between layer normalization ($G = 1$) and instance normalization ($G = C$).
* [RMSNorm](rms_norm/index.html) (Zhang and Sennrich, 2019):
  layer normalization without the mean, dividing by the root mean square alone.
* [DeepNorm](deep_norm/index.html) (Wang et al., 2022): not a new statistic but where layer
  normalization goes in a deep transformer, post-LN with the residual weighed up by $\alpha$ and the
  initialization scaled down by $\beta$.

Only batch normalization depends on the other examples of the batch;
the others compute the same thing in training and in evaluation.
Each layer's tests compare it with PyTorch's own (`torch.nn.BatchNorm2d`, `LayerNorm`,
`InstanceNorm2d`, `GroupNorm` and `RMSNorm`) and with its formula evaluated by hand.

### Experiments

* [Group against batch normalization over batch sizes](group_norm/experiment.html):
  the group normalization paper's Figure 1 at small scale, a small convolutional network on
  $8 \times 8$ digits with batches of $32$ down to $2$, over three seeds.
* [DeepNorm against post-LN](deep_norm/experiment.html): a deep, thin character model on
  Tiny Shakespeare, trained with each, over two seeds.

Both write their results and a plot beside their pages, with a [record](records.html) of the machine,
the software and the time the run took.
"""
