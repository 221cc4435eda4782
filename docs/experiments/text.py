r"""
---
title: Character-level Text
summary: >
  Character-level text for the autoregressive experiments: a tokenizer, the training and validation text,
  batches of random windows and of consecutive segments, the bigram baseline and text generation.
---

# Character-level Text

The data and the sampling of the [autoregressive trainer](nlp_autoregression.html), and of the
experiments that train on Tiny Shakespeare their own way.

The model learns to predict the next character of
[Tiny Shakespeare](https://github.com/karpathy/char-rnn/tree/master/data/tinyshakespeare),
a 1.1 MB text of Shakespeare's plays.
At each position $t$ it gives a distribution $p_\theta(x_{t+1} \mid x_1, \dots, x_t)$
over the characters.
A model that knows nothing gives every one of the $V$ characters the same probability,
a loss of $\ln V$ ($\ln 65 \approx 4.17$ for Tiny Shakespeare); one that counts which character follows which,
the [bigram baseline](#bigram_loss), gets about $2.48$.

Here are a [tokenizer](#CharTokenizer) that makes each character a token, the
[training and validation text](#char_data), [random windows](#get_batch) and
[consecutive segments](#consecutive_batch) of the text as batches of inputs and next-character targets,
the bigram baseline, and the [generation](#generate) of text from a prompt.
"""

from typing import List, Optional, Tuple

import torch
from torch import nn

from labml_nn.sampling import make_sampler, sample


class CharTokenizer:
    """
    <a id="CharTokenizer"></a>

    ## Character tokenizer

    Each distinct character of the text is a token;
    its id is its position in the sorted list of characters, `chars`, of length $V$, `n_vocab`.
    """

    def __init__(self, chars: str):
        self.chars, self.n_vocab, self.stoi = chars, len(chars), {c: i for i, c in enumerate(chars)}

    @classmethod
    def from_text(cls, text: str):
        return cls(''.join(sorted(set(text))))

    def encode(self, text: str) -> List[int]:
        # Characters the model has never seen have no id
        unknown = sorted(set(text) - set(self.stoi))
        if unknown:
            raise ValueError(f'characters not in the vocabulary: {unknown!r}')
        return [self.stoi[c] for c in text]

    def decode(self, ids: List[int]) -> str:
        return ''.join(self.chars[i] for i in ids)


def char_data(text: str, train_fraction: float,
              chars: Optional[str] = None) -> Tuple[CharTokenizer, torch.Tensor, torch.Tensor]:
    """
    <a id="char_data"></a>

    ### Training and validation text

    The tokenizer of the characters `chars`, by default those of `text`,
    and the token ids of `text` split in two: the first `train_fraction` for training, the rest for validation.
    """

    tokenizer = CharTokenizer(chars) if chars is not None else CharTokenizer.from_text(text)
    data = torch.tensor(tokenizer.encode(text), dtype=torch.long)
    n_train = int(len(data) * train_fraction)
    return tokenizer, data[:n_train], data[n_train:]


def get_batch(data: torch.Tensor, seq_len: int, batch_size: int,
              generator: torch.Generator) -> Tuple[torch.Tensor, torch.Tensor]:
    """
    <a id="get_batch"></a>

    ### A batch of random windows

    `batch_size` random windows of `seq_len + 1` tokens of the 1-dimensional tensor `data`:
    the inputs are the windows without their last token, the targets without their first,
    so the target at each position is the next token; both `[seq_len, batch_size]`.
    """

    # Random start of each window, of shape `[batch_size]`
    start = torch.randint(len(data) - seq_len, (batch_size,), generator=generator)
    # Positions of the inputs, $start_b + t$, of shape `[seq_len, batch_size]`
    idx = start[None, :] + torch.arange(seq_len)[:, None]
    # Inputs and targets, shifted by one
    return data[idx], data[idx + 1]


def consecutive_batch(data: torch.Tensor, seq_len: int, batch_size: int, step: int,
                      rank: int = 0, world_size: int = 1) -> Tuple[torch.Tensor, torch.Tensor, bool]:
    """
    <a id="consecutive_batch"></a>

    ### A batch of consecutive segments

    The text is cut into `batch_size * world_size` streams of equal length, `batch_size` for each process:
    at step `step` the sequence $b$ of the batch is the `step`-th segment of `seq_len` tokens of its stream,
    so it continues the sequence $b$ of the batch before, and a model with a memory, such as
    [Transformer-XL](../transformers/xl/index.html), can be trained to use the text before its segment.
    Returns the inputs and targets, each `[seq_len, batch_size]`, and whether the streams start again
    from their beginning, when a memory of the batch before must be forgotten.
    """

    # Tokens per stream, and this process's streams, `[batch_size, length]`
    length = len(data) // (batch_size * world_size)
    streams = data[:length * batch_size * world_size].view(batch_size * world_size, length)
    streams = streams[rank * batch_size:(rank + 1) * batch_size]
    # Segments in a stream; the last token of a segment's target must be in the stream too
    segments = (length - 1) // seq_len
    if segments < 1:
        raise ValueError(f'a stream of {length} tokens is too short for segments of {seq_len}')
    # Inputs and targets of this step's segments, shifted by one, `[seq_len, batch_size]`
    start = (step % segments) * seq_len
    x = streams[:, start:start + seq_len].T.contiguous()
    y = streams[:, start + 1:start + seq_len + 1].T.contiguous()
    return x, y, start == 0


def bigram_loss(train: torch.Tensor, valid: torch.Tensor, n_vocab: int) -> float:
    r"""
    <a id="bigram_loss"></a>

    ### The bigram baseline

    The validation loss of a model that predicts each character from the one before it alone,
    by counting the pairs of the training text,
    $$p(b \mid a) = \frac{N(a, b) + 1}{N(a) + V}$$
    where $N(a, b)$ is the number of times $b$ follows $a$ in the training text,
    $N(a)$ the number of pairs that start with $a$, and the $1$ and the $V$ (add-one smoothing)
    keep the probability of a pair that never occurred above zero.
    A transformer that does not beat this has learned no more than which character tends to follow which.
    """

    # Pair counts $N(a, b)$ of the training text, `[n_vocab, n_vocab]`
    counts = torch.zeros(n_vocab, n_vocab, dtype=torch.float64)
    counts.index_put_((train[:-1], train[1:]), torch.ones(len(train) - 1, dtype=torch.float64), accumulate=True)
    # $\log p(b \mid a)$ with add-one smoothing
    log_probs = torch.log((counts + 1) / (counts.sum(dim=1, keepdim=True) + n_vocab))
    # The mean of $-\log p(x_{t+1} \mid x_t)$ over the validation text
    return float(-log_probs[valid[:-1], valid[1:]].mean())


@torch.no_grad()
def generate(model: nn.Module, prompt: List[int], length: int, seq_len: int, *, temperature: float = 0.0,
             top_k: int = 0, generator: Optional[torch.Generator] = None) -> List[int]:
    r"""
    <a id="generate"></a>

    ### Generate text

    Starting from the token ids in `prompt`, repeatedly feed the last `seq_len` tokens
    to the model and pick the next token from the logits $z$ at the last position:
    the most likely one when `temperature` $\tau$ is $0$ (greedy),
    otherwise a sample from $\mathop{softmax}(z / \tau)$, from the `top_k` most likely tokens only
    when it is more than $0$. The [sampling page](../sampling/index.html) has these samplers and others.
    """

    # The prompt as one sequence, `[prompt_len, 1]`, and the generated tokens, `[length, 1]`
    prompt_ids = torch.tensor(prompt, device=next(model.parameters()).device)[:, None]
    ids = sample(model, prompt_ids, length, seq_len, make_sampler(temperature, top_k), generator)
    return ids[:, 0].tolist()


def show_sample(step: int, prompt: str, continuation: str, temperature: float, top_k: int):
    """
    Prints a sample at step `step`, [how its tokens were picked](#generate),
    and the prompt and the continuation, each under a heading of its own
    """
    how = 'greedy' if temperature <= 0 else f'temperature {temperature:g}'
    how += f', top-k {top_k}' if temperature > 0 and top_k > 0 else ''
    print(f'Sample at step {step:,} ({how})\n--- prompt ---\n{prompt}\n--- continuation ---\n{continuation}\n---')
