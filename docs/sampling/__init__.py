r"""
---
title: Sampling from a Language Model
summary: >
  Greedy, temperature, top-k and nucleus (top-p) decoding of an autoregressive language model,
  as one interface, with a PyTorch implementation and what each does to the text.
---

# Sampling from a Language Model

A language model such as the [basic transformer](../transformers/basic/autoregressive_experiment.html)
or [GPT-2](../transformers/gpt/index.html) gives, at each step, the logits $z$ of the next token,
a distribution $p(x_t \mid x_{<t}) = \mathop{softmax}(z)_{x_t}$ over the vocabulary.
To write text with it, we pick a token from that distribution, append it to the sequence and ask
again. How we pick is the *decoding* strategy; this page has four, each a [`Sampler`](#Sampler) that
maps logits to the next token, and [`sample`](#sample), the loop that writes with any of them.
The [autoregressive trainer](../experiments/text.html#generate) samples through them.

* [**Greedy**](#GreedySampler): always the most likely token, $\mathop{argmax}_x p(x)$.
  Deterministic; the text falls into loops.
* [**Temperature**](#TemperatureSampler): a sample from $\mathop{softmax}(z / \tau)$.
  $\tau = 1$ is the model's own distribution; $\tau < 1$ sharpens it towards greedy, $\tau > 1$ flattens it.
* [**Top-$k$**](#TopKSampler): a sample from the $k$ most likely tokens only, their probabilities
  renormalized ([Fan et al. 2018](https://arxiv.org/abs/1805.04833)).
* [**Nucleus**, or top-$p$](#NucleusSampler): a sample from the smallest set of most likely tokens whose
  probabilities add up to $p$ or more, renormalized. This is from the paper
  [The Curious Case of Neural Text Degeneration](https://arxiv.org/abs/1904.09751)
  by Ari Holtzman, Jan Buys, Li Du, Maxwell Forbes and Yejin Choi (2019).

The paper's argument: the most likely text is not the text people write, which is why greedy and beam
search produce bland, repetitive text; but pure sampling ($\tau = 1$) draws, now and then, from the long
tail of unlikely tokens, each rare but many together, and once an odd token is in, the text derails.
A fixed $k$ cuts the tail badly: where the model is sure, $k$ tokens are too many, and where it is
unsure, too few. The nucleus adapts: where one token has most of the mass, the set is that token,
and where the distribution is flat, it is large.

[The measurements](experiment.html) decode a small trained model with each strategy and several values
of $\tau$, $k$ and $p$, and count repetition, distinct words and the model's own likelihood of its text.
"""

from typing import Optional

import torch
from torch import nn


class Sampler:
    """
    <a id="Sampler"></a>

    ## The sampler interface

    A sampler maps the logits of the next token, `[batch_size, n_vocab]`, to the next tokens,
    `[batch_size]`. Random samplers draw with `generator`, a `torch.Generator` on the CPU, so that
    a seeded generator gives the same text on any device.
    """

    def __call__(self, logits: torch.Tensor, generator: Optional[torch.Generator] = None) -> torch.Tensor:
        raise NotImplementedError


class GreedySampler(Sampler):
    r"""
    <a id="GreedySampler"></a>

    ## Greedy

    The most likely token, $\mathop{argmax}_x z_x$
    """

    def __call__(self, logits: torch.Tensor, generator: Optional[torch.Generator] = None) -> torch.Tensor:
        return logits.argmax(dim=-1)


class TemperatureSampler(Sampler):
    r"""
    <a id="TemperatureSampler"></a>

    ## Temperature

    A sample from
    $$p_\tau(x) = \frac{e^{z_x / \tau}}{\sum_{x'} e^{z_{x'} / \tau}}$$
    As $\tau \to 0$ it puts all the mass on the most likely token, so $\tau = 0$ is [greedy](#GreedySampler);
    at $\tau = 1$ it is the model's distribution; as $\tau \to \infty$ it tends to the uniform distribution.
    The other samplers draw through this one, after they have removed the tokens they do not keep.
    """

    def __init__(self, temperature: float = 1.0):
        r"""
        `temperature` is $\tau \ge 0$
        """
        if temperature < 0:
            raise ValueError(f'the temperature must be at least 0, not {temperature}')
        self.temperature = temperature

    def __call__(self, logits: torch.Tensor, generator: Optional[torch.Generator] = None) -> torch.Tensor:
        # $\tau = 0$ is greedy
        if self.temperature == 0:
            return logits.argmax(dim=-1)
        # $p_\tau$, `[batch_size, n_vocab]`, on the CPU where the generator is;
        # tokens removed by a filter have $z = -\infty$ and so $p_\tau = 0$
        probs = torch.softmax(logits.float() / self.temperature, dim=-1).cpu()
        # One token per row, `[batch_size]`
        return torch.multinomial(probs, 1, generator=generator)[:, 0].to(logits.device)


class TopKSampler(Sampler):
    r"""
    <a id="TopKSampler"></a>

    ## Top-$k$

    Keeps the $k$ largest logits of each row, sets the others to $-\infty$,
    and samples from what is left with `sampler`.
    """

    def __init__(self, k: int, sampler: Sampler = TemperatureSampler(1.0)):
        """
        * `k` is the number of tokens kept, at least $1$
        * `sampler` samples from the kept tokens, at a temperature of $1$ by default
        """
        if k < 1:
            raise ValueError(f'k must be at least 1, not {k}')
        self.k = k
        self.sampler = sampler

    def __call__(self, logits: torch.Tensor, generator: Optional[torch.Generator] = None) -> torch.Tensor:
        return self.sampler(top_k_logits(logits, self.k), generator)


def top_k_logits(logits: torch.Tensor, k: int) -> torch.Tensor:
    r"""
    <a id="top_k_logits"></a>

    The logits `[batch_size, n_vocab]` with all but the $k$ largest of each row set to $-\infty$.
    Exactly $k$ are kept, even where several tie with the $k$-th.
    """
    # Nothing to remove
    if k >= logits.shape[-1]:
        return logits
    # Indexes of the $k$ largest, `[batch_size, k]`
    idx = torch.topk(logits, k, dim=-1).indices
    # $-\infty$ everywhere but there
    return torch.full_like(logits, float('-inf')).scatter(-1, idx, logits.gather(-1, idx))


class NucleusSampler(Sampler):
    r"""
    <a id="NucleusSampler"></a>

    ## Nucleus (top-$p$)

    Keeps the *nucleus* $V^{(p)}$, the smallest set of tokens such that
    $$\sum_{x \in V^{(p)}} p(x) \ge p$$
    which is the most likely tokens, taken in order of their probability until their mass reaches $p$,
    and samples from it with `sampler`, $p(x) / \sum_{x' \in V^{(p)}} p(x')$ at a temperature of $1$.
    $p = 1$ keeps every token; a small $p$ keeps only the most likely one.
    """

    def __init__(self, p: float, sampler: Sampler = TemperatureSampler(1.0)):
        """
        * `p` is the probability mass kept, in $(0, 1]$
        * `sampler` samples from the nucleus
        """
        if not 0 < p <= 1:
            raise ValueError(f'p must be in (0, 1], not {p}')
        self.p = p
        self.sampler = sampler

    def __call__(self, logits: torch.Tensor, generator: Optional[torch.Generator] = None) -> torch.Tensor:
        return self.sampler(nucleus_logits(logits, self.p), generator)


def nucleus_logits(logits: torch.Tensor, p: float) -> torch.Tensor:
    r"""
    <a id="nucleus_logits"></a>

    The logits `[batch_size, n_vocab]` with the tokens outside the nucleus of each row set to $-\infty$
    """
    # The probabilities, sorted in decreasing order, `[batch_size, n_vocab]`, and where each token went
    probs = torch.softmax(logits.float(), dim=-1)
    sorted_probs, order = torch.sort(probs, dim=-1, descending=True)
    # The mass of the tokens before each one in that order, $\sum_{j < i} p_{(j)}$
    before = torch.cumsum(sorted_probs, dim=-1) - sorted_probs
    # A token is in the nucleus when the mass before it has not yet reached $p$;
    # the first token always is, since nothing comes before it
    keep_sorted = before < p
    # Back to the order of the vocabulary
    keep = torch.zeros_like(keep_sorted).scatter(-1, order, keep_sorted)
    #
    return logits.masked_fill(~keep, float('-inf'))


def make_sampler(temperature: float = 1.0, top_k: int = 0, top_p: float = 1.0) -> Sampler:
    """
    <a id="make_sampler"></a>

    ## A sampler from the options

    The trainer's `--temperature` and `--top-k` as one sampler: greedy at a temperature of $0$,
    otherwise a temperature sampler, behind a top-$k$ filter when `top_k` $> 0$
    and behind a nucleus filter when `top_p` $< 1$.
    """
    # Greedy
    if temperature <= 0:
        return GreedySampler()
    #
    sampler: Sampler = TemperatureSampler(temperature)
    # Filters in front of it
    if top_p < 1:
        sampler = NucleusSampler(top_p, sampler)
    if top_k > 0:
        sampler = TopKSampler(top_k, sampler)
    #
    return sampler


@torch.no_grad()
def sample(model: nn.Module, prompt: torch.Tensor, length: int, seq_len: int, sampler: Sampler,
           generator: Optional[torch.Generator] = None, with_log_probs: bool = False):
    r"""
    <a id="sample"></a>

    ## Write text

    * `model` maps token ids `[seq_len, batch_size]` to logits `[seq_len, batch_size, n_vocab]`
    * `prompt` is the token ids to start from, `[prompt_len, batch_size]`, one column for each text
    * `length` is the number of tokens to write
    * `seq_len` is the longest context the model takes; it sees the last `seq_len` tokens
    * `sampler` picks each token
    * `generator` is the random generator of the sampler
    * `with_log_probs` also returns the model's own log-probability of each written token,
      $\log p(x_t \mid x_{<t})$ under its unchanged distribution (at a temperature of $1$, nothing removed),
      `[length, batch_size]`

    Returns the written tokens, without the prompt, `[length, batch_size]`.
    A model with a cache of its keys and values would feed only the last token; ours computes the whole
    window again at each step, which costs more but needs nothing of the model.
    """

    # The sequences so far, `[prompt_len, batch_size]`
    tokens = prompt
    # $\log p(x_t \mid x_{<t})$ of each written token
    log_probs = []
    for _ in range(length):
        # Logits of the next token of each sequence, at the last position, `[batch_size, n_vocab]`
        logits = model(tokens[-seq_len:])[-1].float()
        # The next tokens, `[batch_size]`
        next_tokens = sampler(logits, generator)
        # Their log-probabilities under the model, `[batch_size]`
        if with_log_probs:
            log_probs.append(torch.log_softmax(logits, dim=-1).gather(-1, next_tokens[:, None])[:, 0])
        # Append them, `[1, batch_size]`
        tokens = torch.cat([tokens, next_tokens[None]])
    # Without the prompt
    if with_log_probs:
        return tokens[len(prompt):], torch.stack(log_probs)
    return tokens[len(prompt):]
