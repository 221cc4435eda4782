r"""
---
title: A Small U-Net for Denoising Diffusion
summary: >
  The noise predictor of the diffusion pages: a small U-Net for 8×8 single-channel images,
  with a sinusoidal time embedding, residual blocks with group normalisation,
  self-attention at the lowest resolution, and skip connections.
---

# A Small U-Net for Denoising Diffusion

The network $\epsilon_\theta(x_t, t)$ of [DDPM](index.html) takes a noisy image and its time step and
returns an image of the same shape, its guess of the noise. The paper uses a
[U-Net](https://arxiv.org/abs/1505.04597) (Ronneberger, Fischer and Brox, 2015) in the style of
[PixelCNN++](https://arxiv.org/abs/1701.05517), and so does this page, at the size of the
8×8 handwritten digits of [the experiment](../experiment.html):

* the time step enters as a [sinusoidal embedding](#TimeEmbedding), the encoding of positions of
  [the transformer](../../transformers/positional_encoding.html) with the time step as the position,
  followed by a small MLP; every [residual block](#ResidualBlock) adds it to its features;
* residual blocks have two $3 \times 3$ convolutions with group normalisation and the SiLU activation;
* the first half goes down in resolution ($8 \times 8 \to 4 \times 4 \to 2 \times 2$),
  the second half goes back up, and each level of the second half also takes the features of the same
  level of the first half (the *skip connections*), so that the details lost going down come back;
* at the lowest resolution, $2 \times 2$, the four positions attend to each other with
  [self-attention](#AttentionBlock), so the whole image is seen at once.

The paper's model for 32×32 images has four levels of $128$ to $256$ channels, two residual blocks
a level, and attention at $16 \times 16$, $35.7$ million parameters; the default here has three levels of
$16$, $32$ and $32$ channels, one block a level, $211{,}841$ parameters, and trains on one
CPU thread in minutes.
"""

import math
from typing import List

import torch
from torch import nn


class TimeEmbedding(nn.Module):
    r"""
    <a id="TimeEmbedding"></a>

    ### Time embedding

    $$\mathop{PE}(t)_{i} = \sin\big(t \cdot 10000^{-\frac{i}{d/2 - 1}}\big), \quad
    \mathop{PE}(t)_{d/2 + i} = \cos\big(t \cdot 10000^{-\frac{i}{d/2 - 1}}\big), \quad
    i = 0, \dots, \frac{d}{2} - 1$$
    followed by $\mathop{Lin}\big(\mathop{SiLU}(\mathop{Lin}(\cdot))\big)$
    from $d$ to `out_channels` features
    """

    def __init__(self, channels: int, out_channels: int):
        """
        * `channels` is $d$, the size of the sinusoidal encoding
        * `out_channels` is the size of the embedding the blocks receive
        """
        super().__init__()
        self.channels = channels
        # The MLP
        self.mlp = nn.Sequential(nn.Linear(channels, out_channels), nn.SiLU(), nn.Linear(out_channels, out_channels))

    def sinusoidal(self, t: torch.Tensor) -> torch.Tensor:
        r"""
        The sinusoidal encoding $\mathop{PE}(t)$ of the time steps `t`, `[batch_size]` to `[batch_size, channels]`
        """

        # $\frac{d}{2}$
        half = self.channels // 2
        # $10000^{-\frac{i}{d/2 - 1}}$, `[half]`
        freq = torch.exp(-math.log(10_000) * torch.arange(half, device=t.device) / (half - 1))
        # $t \cdot 10000^{-\frac{i}{d/2 - 1}}$, `[batch_size, half]`
        angle = t.float()[:, None] * freq[None, :]
        # Sines, then cosines
        return torch.cat([angle.sin(), angle.cos()], dim=1)

    def forward(self, t: torch.Tensor) -> torch.Tensor:
        #
        return self.mlp(self.sinusoidal(t))


class ResidualBlock(nn.Module):
    r"""
    <a id="ResidualBlock"></a>

    ### Residual block

    $$h = \mathop{Conv}\Big(\mathop{SiLU}\big(\mathop{GN}(x)\big)\Big) + \mathop{Lin}(e_t)$$
    $$y = \mathop{Conv}\Big(\mathop{Dropout}\big(\mathop{SiLU}(\mathop{GN}(h))\big)\Big) + \mathop{Shortcut}(x)$$
    where $\mathop{GN}$ is group normalisation and $e_t$ the time embedding;
    the shortcut is a $1 \times 1$ convolution when the number of channels changes.
    """

    def __init__(self, in_channels: int, out_channels: int, time_channels: int, groups: int = 8,
                 dropout: float = 0.1):
        super().__init__()
        # First normalisation and convolution
        self.norm1 = nn.GroupNorm(groups, in_channels)
        self.conv1 = nn.Conv2d(in_channels, out_channels, kernel_size=3, padding=1)
        # The time embedding, projected to the block's channels
        self.time_emb = nn.Linear(time_channels, out_channels)
        # Second normalisation and convolution
        self.norm2 = nn.GroupNorm(groups, out_channels)
        self.dropout = nn.Dropout(dropout)
        self.conv2 = nn.Conv2d(out_channels, out_channels, kernel_size=3, padding=1)
        # The shortcut
        self.shortcut = (nn.Conv2d(in_channels, out_channels, kernel_size=1)
                         if in_channels != out_channels else nn.Identity())
        #
        self.act = nn.SiLU()

    def forward(self, x: torch.Tensor, t_emb: torch.Tensor) -> torch.Tensor:
        """
        * `x` is `[batch_size, in_channels, height, width]`
        * `t_emb` is `[batch_size, time_channels]`
        """

        # $\mathop{Conv}\big(\mathop{SiLU}(\mathop{GN}(x))\big)$, `[batch_size, out_channels, height, width]`
        h = self.conv1(self.act(self.norm1(x)))
        # $+ \mathop{Lin}(e_t)$, the same for every pixel
        h = h + self.time_emb(self.act(t_emb))[:, :, None, None]
        # $\mathop{Conv}\Big(\mathop{Dropout}\big(\mathop{SiLU}(\mathop{GN}(h))\big)\Big)$
        h = self.conv2(self.dropout(self.act(self.norm2(h))))
        # $+ \mathop{Shortcut}(x)$
        return h + self.shortcut(x)


class AttentionBlock(nn.Module):
    r"""
    <a id="AttentionBlock"></a>

    ### Self-attention over the pixels

    The pixels are the sequence and the channels the features:
    [multi-head attention](../../transformers/mha.html) of the group-normalised features with
    themselves, $\mathop{softmax}\big(\frac{Q K^\top}{\sqrt{d_k}}\big) V$ in each head,
    added back to the input.
    """

    def __init__(self, channels: int, heads: int = 4, groups: int = 8):
        super().__init__()
        self.norm = nn.GroupNorm(groups, channels)
        # Queries, keys and values of all heads in one projection
        self.qkv = nn.Linear(channels, 3 * channels)
        self.out = nn.Linear(channels, channels)
        self.heads = heads
        self.d_k = channels // heads

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """
        `x` is `[batch_size, channels, height, width]`
        """
        batch_size, channels, height, width = x.shape
        # The pixels as a sequence, `[batch_size, height * width, channels]`
        h = self.norm(x).view(batch_size, channels, -1).transpose(1, 2)
        # $Q$, $K$, $V$, each `[batch_size, height * width, heads, d_k]`
        q, k, v = self.qkv(h).view(batch_size, -1, self.heads, 3 * self.d_k).chunk(3, dim=-1)
        # $\frac{Q K^\top}{\sqrt{d_k}}$, `[batch_size, height * width, height * width, heads]`
        scores = torch.einsum('bihd,bjhd->bijh', q, k) / math.sqrt(self.d_k)
        # Softmax over the keys $j$
        attn = scores.softmax(dim=2)
        # Weighted values, `[batch_size, height * width, heads, d_k]`
        res = torch.einsum('bijh,bjhd->bihd', attn, v)
        # Heads concatenated and projected, `[batch_size, height * width, channels]`
        res = self.out(res.reshape(batch_size, -1, channels))
        # Back to an image, added to the input
        return x + res.transpose(1, 2).view(batch_size, channels, height, width)


class UNet(nn.Module):
    r"""
    <a id="UNet"></a>

    ## U-Net

    `channels[i]` is the number of channels at level $i$, whose resolution is that of the image divided
    by $2^i$; the last level has the attention.
    """

    def __init__(self, image_channels: int = 1, channels: List[int] = (16, 32, 32), heads: int = 4,
                 groups: int = 8, dropout: float = 0.1):
        super().__init__()
        channels = list(channels)
        # The time embedding, four times the first level's channels as in the paper
        time_channels = 4 * channels[0]
        self.time_emb = TimeEmbedding(channels[0], time_channels)
        # The image to the first level's channels
        self.image_proj = nn.Conv2d(image_channels, channels[0], kernel_size=3, padding=1)

        # The first half: a residual block at each level, and a strided convolution that halves the
        # resolution between levels
        self.down = nn.ModuleList()
        self.downsample = nn.ModuleList()
        prev = channels[0]
        for i, ch in enumerate(channels):
            self.down.append(ResidualBlock(prev, ch, time_channels, groups, dropout))
            prev = ch
            if i < len(channels) - 1:
                self.downsample.append(nn.Conv2d(ch, ch, kernel_size=3, stride=2, padding=1))
        # Attention at the lowest resolution
        self.down_attn = AttentionBlock(channels[-1], heads, groups)

        # The middle: residual block, attention, residual block
        self.middle1 = ResidualBlock(channels[-1], channels[-1], time_channels, groups, dropout)
        self.middle_attn = AttentionBlock(channels[-1], heads, groups)
        self.middle2 = ResidualBlock(channels[-1], channels[-1], time_channels, groups, dropout)

        # The second half, from the lowest level up: each block takes its input concatenated with the
        # output of the same level of the first half, and a transposed convolution doubles the resolution
        self.up = nn.ModuleList()
        self.upsample = nn.ModuleList()
        prev = channels[-1]
        for i in reversed(range(len(channels))):
            self.up.append(ResidualBlock(prev + channels[i], channels[i], time_channels, groups, dropout))
            prev = channels[i]
            if i > 0:
                self.upsample.append(nn.ConvTranspose2d(channels[i], channels[i - 1], kernel_size=4, stride=2,
                                                        padding=1))
                prev = channels[i - 1]
        # Attention at the lowest resolution of the second half too
        self.up_attn = AttentionBlock(channels[-1], heads, groups)

        # Back to the image's channels
        self.final = nn.Sequential(nn.GroupNorm(groups, channels[0]), nn.SiLU(),
                                   nn.Conv2d(channels[0], image_channels, kernel_size=3, padding=1))

    def forward(self, x: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        r"""
        * `x` is $x_t$, `[batch_size, image_channels, height, width]`, height and width divisible by
          $2^{\text{levels} - 1}$
        * `t` is the time step, `[batch_size]`
        """

        # $e_t$, `[batch_size, time_channels]`
        t_emb = self.time_emb(t)
        # `[batch_size, channels[0], height, width]`
        h = self.image_proj(x)

        # Down, keeping the output of each level for the skip connections
        skips = []
        for i, block in enumerate(self.down):
            h = block(h, t_emb)
            if i == len(self.down) - 1:
                h = self.down_attn(h)
            skips.append(h)
            if i < len(self.downsample):
                h = self.downsample[i](h)

        # Middle, `[batch_size, channels[-1], height / 2^(levels - 1), width / 2^(levels - 1)]`
        h = self.middle2(self.middle_attn(self.middle1(h, t_emb)), t_emb)

        # Up, concatenating the skip of each level
        for i, block in enumerate(self.up):
            h = block(torch.cat([h, skips.pop()], dim=1), t_emb)
            if i == 0:
                h = self.up_attn(h)
            if i < len(self.upsample):
                h = self.upsample[i](h)

        # `[batch_size, image_channels, height, width]`
        return self.final(h)
