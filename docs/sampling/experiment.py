r"""
---
title: Sampling Strategies Measured
summary: >
  Greedy, temperature, top-k and nucleus sampling of a small GPT trained on Tiny Shakespeare:
  repetition, distinct words and the model's own likelihood of its text, with samples.
---

# Sampling Strategies Measured

This page decodes one small trained model with each of the [samplers](index.html) and measures what comes out.
The model is the base model of the [LoRA experiment](../lora/experiment.html): a
[GPT](../transformers/gpt/index.html) with $d_{model} = 64$, $2$ layers, $4$ heads and a context of $64$
characters, $108{,}352$ parameters, trained for $600$ steps (seed $1$) on the first 81% of Tiny Shakespeare.
Its loss on the base part's validation text is $2.27$ nats per character ([the LoRA page](../lora/experiment.html)
has the run), so it is a weak model: it has
learned the shape of a play and the most common words, and not much more.
[The nucleus paper](https://arxiv.org/abs/1904.09751) measured GPT-2 Large, which writes fluent English;
here every strategy writes text that is mostly not English, and the question is only which way each one
fails.

### The command

```shell
OMP_NUM_THREADS=1 python -m labml_nn.sampling.experiment --data tiny_shakespeare.txt --work-dir DIR
```

loads the base model from `DIR` (where the LoRA experiment saved it; it is trained there if missing)
and, for each setting, writes $8$ samples of $256$ characters from each of $4$ prompts (`ROMEO:`,
`KING HENRY VI:`, `First Citizen:` followed by `We `, and `And then `), drawing with a generator seeded
with $1$. The settings are greedy; temperatures $\tau$ of $0.5$ to $1.5$; top-$k$ with $k$ from $2$ to $20$
and nucleus with $p$ from $0.5$ to $0.95$, both at $\tau = 1$. For the $32$ texts of a setting it measures

* $-\log p$ per character: the model's own negative log-likelihood of the characters it wrote, under its
  unchanged distribution, in nats; lower is text the model finds more likely;
* [repetition](#repetition): the share of the word 4-grams of a text that repeat one before it;
* [distinct-1 and distinct-2](#distinct): different words and word pairs over all the words and pairs;
* known words: the share of the words that occur in the training text.

The last row measures $32$ windows of $256$ characters of the base model's validation text the same way.
The measurements took 63 seconds of processor time on one thread of an AMD EPYC processor
(16 minutes on the clock, on a machine shared with other work), with torch 2.13.0.

### The result

| setting | -log p per character | repetition | distinct-1 | distinct-2 | known words |
| --- | --- | --- | --- | --- | --- |
| greedy | 1.059 | 0.980 | 0.001 | 0.001 | 1.000 |
| tau = 0.5 | 1.599 | 0.002 | 0.329 | 0.829 | 0.578 |
| tau = 0.8 | 1.994 | 0.000 | 0.656 | 0.992 | 0.331 |
| tau = 1 | 2.254 | 0.000 | 0.759 | 0.999 | 0.278 |
| tau = 1.2 | 2.543 | 0.000 | 0.817 | 0.999 | 0.216 |
| tau = 1.5 | 2.992 | 0.000 | 0.885 | 1.000 | 0.146 |
| k = 2 | 1.327 | 0.004 | 0.031 | 0.175 | 0.785 |
| k = 5 | 1.716 | 0.000 | 0.382 | 0.936 | 0.447 |
| k = 10 | 1.965 | 0.000 | 0.629 | 0.994 | 0.341 |
| k = 20 | 2.147 | 0.000 | 0.723 | 0.997 | 0.298 |
| p = 0.5 | 1.551 | 0.000 | 0.154 | 0.730 | 0.632 |
| p = 0.8 | 1.889 | 0.000 | 0.601 | 0.989 | 0.352 |
| p = 0.9 | 2.027 | 0.000 | 0.692 | 0.996 | 0.306 |
| p = 0.95 | 2.110 | 0.000 | 0.736 | 0.997 | 0.286 |
| Shakespeare, held out | 2.307 | 0.004 | 0.414 | 0.876 | 0.912 |

[![The share of known words and distinct-2 against the model's negative log-likelihood per character, for each setting](sampling.png)](sampling.png)

### What it shows

*Greedy decoding loops, as the paper says.* From `ROMEO:` it writes `The the the ...`; its repetition is
$0.98$, and the $32$ texts have almost no words that differ (distinct-1 $0.001$). The model finds this text very
likely, $1.06$ nats per character, far more likely than Shakespeare's own ($2.31$): the most likely text is
not the text people write.

*Sampling at $\tau = 1$ writes text the model finds as likely as real text:* $2.25$ nats per character
against $2.31$ for the held-out Shakespeare, as it should, since it draws from the model's own
distribution. But only $0.28$ of its words are words of the training text, against $0.91$ for real text:
this model's distribution spreads over misspellings, and sampling from it writes them.
Above $\tau = 1$ it gets worse ($0.15$ known words at $\tau = 1.5$).

*Every way of cutting the tail trades variety for likelihood, and here they trade it at about the same
rate.* Lowering $\tau$, $k$ or $p$ raises the share of known words and lowers distinct-2: $\tau = 0.8$,
$k = 10$ and $p = 0.8$ write text of about the same likelihood ($1.99$, $1.97$ and $1.89$ nats) with about
the same distinct-2 ($0.992$, $0.994$, $0.989$) and known words ($0.33$, $0.34$, $0.35$). The plot shows
the three families on one curve. The paper's argument for the nucleus is that a fixed $k$ is wrong in
different ways where the model is sure and where it is not; with $65$ characters and a model this weak
that difference does not show, and we cannot confirm that nucleus sampling is better than top-$k$ at the
same likelihood.

*Small $k$ and $p$ repeat without looping.* At $k = 2$ the repetition measure stays near $0$, but the
$32$ texts share so many words that distinct-2 falls to $0.18$: the text cycles through `the`, `to` and
`tour` without repeating whole 4-grams. Repetition counts loops within a text; distinct-$n$ shows the
sameness across texts, and the held-out text sits in between ($0.41$ and $0.88$).

*Where it differs from the paper.* The paper decodes GPT-2 Large on WebText, with words as tokens,
and finds nucleus sampling with $p = 0.95$ closest to human text in perplexity and in variety. With
characters as tokens and a model of $0.1$ million parameters, no setting comes near real text in known words
and variety at once, and $p = 0.95$ is close to pure sampling. These are the texts of one seed, $32$ per
setting; the plot's ordering of the settings is clear, differences in the second decimal are not.

### Samples

The first sample from `ROMEO:` of some of the settings (the first lines of $256$ characters). The samplers
draw from generators seeded alike, so samples of nearby settings begin alike and part where a cut changes
a draw.

**greedy**

```text
ROMEO:
The the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the the 
```

**k = 2**

```text
ROMEO:
What so the she tou stou to the tou ath an at the tour the to the there the thate to to ther the and that ther to to the to athe the the at an at and the the the an the the at that the ther thand the 
```

**p = 0.5**

```text
ROMEO:
What wit whe the wean wis and wit the hear wit he me the the the meas hard mereand my art my hean the wou hall mer onourd and hand othe ast of ard of my heer herers the mere the here my asthe and the 
```

**tau = 1**

```text
ROMEO:

Wher sevir sto yode-mur, lite
Helle these wivin, mebaut to thy lavelle ruppntis,
Tn: raiergs rof woud lind laceds noourg dhat soppy fasest penemp nelone thing,
```

**p = 0.9**

```text
ROMEO:

Wher sevir sto you dang, lite
Holde these wivin, me the to the lavelle heat so noprrtivierss?

Now, dold hall lig noourg da thencoot asest penemp nelour thing,
```

**tau = 1.5**

```text
ROMEO:

Whe, weviristo yode-Owf,
litet
ElCnd hisesik npr:
Mbaut to thy lavelle ruppnt. Sopn:
Baiergs? my woud lind laced
Trd yon dhatisnp; thas st penemp nelouexten knomes c;, mere wcid.
```

The results are in [`results.json`](results.json), with every sample shown here.
"""

import argparse
import json
import platform
import re
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import torch

from labml_nn.experiments.text import CharTokenizer, get_batch
from labml_nn.helpers.download import DataNotFoundError, tiny_shakespeare
from labml_nn.helpers.plot import INSTALL_HINT, PlotUnavailableError
from labml_nn.helpers.records import processor_name
from labml_nn.lora import experiment as lora_experiment
from labml_nn.sampling import (GreedySampler, NucleusSampler, Sampler, TemperatureSampler, TopKSampler,
                               sample)

# The files of the result, written beside this page by default
RESULTS_FILE = 'results.json'
PLOT_FILE = 'sampling.png'
HERE = Path(__file__).resolve().parent

# The prompts, the same for every setting
PROMPTS = ['ROMEO:\n', 'KING HENRY VI:\n', 'First Citizen:\nWe ', 'And then ']
# The settings measured: a name, the family and its parameter
SETTINGS: List[Tuple[str, str, Optional[float]]] = (
    [('greedy', 'greedy', None)]
    + [(f'tau = {t:g}', 'temperature', t) for t in (0.5, 0.8, 1.0, 1.2, 1.5)]
    + [(f'k = {k}', 'top-k', k) for k in (2, 5, 10, 20)]
    + [(f'p = {p:g}', 'nucleus', p) for p in (0.5, 0.8, 0.9, 0.95)])


def make(family: str, value: Optional[float]) -> Sampler:
    """
    The [sampler](index.html#Sampler) of a setting; top-$k$ and nucleus sample at a temperature of $1$
    """
    if family == 'greedy':
        return GreedySampler()
    if family == 'temperature':
        return TemperatureSampler(value)
    if family == 'top-k':
        return TopKSampler(int(value))
    return NucleusSampler(value)


def words(text: str) -> List[str]:
    """
    The words of a text, in lower case, without punctuation
    """
    return re.findall(r"[a-z']+", text.lower())


def ngrams(seq: Sequence[str], n: int) -> List[Tuple[str, ...]]:
    """
    The $n$-grams of a sequence
    """
    return [tuple(seq[i:i + n]) for i in range(len(seq) - n + 1)]


def repetition(text: str, n: int = 4) -> float:
    r"""
    <a id="repetition"></a>

    ### Repetition

    The share of the word $n$-grams of a text that repeat an $n$-gram earlier in it,
    $1 - \frac{\lvert \text{unique } n\text{-grams} \rvert}{\lvert n\text{-grams} \rvert}$,
    with $n = 4$ (*seq-rep-4* of [Welleck et al. 2019](https://arxiv.org/abs/1908.04319)).
    A text that loops has a share near $1$.
    """
    grams = ngrams(words(text), n)
    return 1 - len(set(grams)) / len(grams) if grams else 0.


def distinct(texts: Sequence[str], n: int) -> float:
    r"""
    <a id="distinct"></a>

    ### Distinct-$n$

    The number of different word $n$-grams in all the texts of a setting divided by the number of
    $n$-grams ([Li et al. 2016](https://arxiv.org/abs/1510.03055)): how varied the texts are,
    across samples and prompts.
    """
    grams = [g for t in texts for g in ngrams(words(t), n)]
    return len(set(grams)) / len(grams) if grams else 0.


def known_words(texts: Sequence[str], vocabulary: set) -> float:
    """
    The share of the words of the texts that occur in the training text: a crude measure of whether
    the model spells
    """
    all_words = [w for t in texts for w in words(t)]
    return sum(w in vocabulary for w in all_words) / len(all_words) if all_words else 0.


def measure(texts: List[str], nll: float, vocabulary: set) -> Dict:
    r"""
    <a id="measure"></a>

    ### The measures of a setting

    `texts` are the written texts, without their prompts, and `nll` the mean of
    $-\log p(x_t \mid x_{<t})$ over their characters
    """
    return {'nll': round(nll, 4),
            'repetition': round(sum(repetition(t) for t in texts) / len(texts), 4),
            'distinct_1': round(distinct(texts, 1), 4),
            'distinct_2': round(distinct(texts, 2), 4),
            'known_words': round(known_words(texts, vocabulary), 4)}


@torch.no_grad()
def reference(model: torch.nn.Module, data: torch.Tensor, tokenizer: CharTokenizer, n: int, length: int,
              vocabulary: set) -> Dict:
    """
    <a id="reference"></a>

    ### Real text, measured alike

    `n` windows of `length` characters of the validation text, after a context of the model's length,
    with the model's loss on them: what the measures give for Shakespeare's own text
    """
    context = lora_experiment.MODEL['max_len']
    generator = torch.Generator().manual_seed(2000)
    x, _ = get_batch(data, context + length, n, generator)
    # The model's $-\log p$ of each character after the context, with the last `context` characters before it
    total = 0.
    for t in range(context, context + length):
        logits = model(x[t - context:t])[-1]
        total += float(-torch.log_softmax(logits, dim=-1).gather(-1, x[t][:, None]).mean())
    texts = [tokenizer.decode(x[context:, b].tolist()) for b in range(n)]
    return measure(texts, total / length, vocabulary)


def run_setting(model: torch.nn.Module, tokenizer: CharTokenizer, family: str, value: Optional[float],
                args: argparse.Namespace, vocabulary: set) -> Tuple[Dict, List[str]]:
    """
    <a id="run_setting"></a>

    ### One setting

    `--samples` texts of `--length` characters from each prompt, drawn with a generator seeded with
    `--seed`, and their measures
    """
    sampler = make(family, value)
    generator = torch.Generator().manual_seed(args.seed)
    texts, log_probs = [], []
    for prompt in PROMPTS:
        # The prompt in each column, `[prompt_len, samples]`
        ids = torch.tensor(tokenizer.encode(prompt))[:, None].repeat(1, args.samples)
        # The written tokens and their log-probabilities, `[length, samples]`
        out, lp = sample(model, ids, args.length, lora_experiment.MODEL['max_len'], sampler, generator,
                         with_log_probs=True)
        texts += [tokenizer.decode(out[:, b].tolist()) for b in range(args.samples)]
        log_probs.append(lp)
    nll = float(-torch.cat(log_probs, dim=1).mean())
    return measure(texts, nll, vocabulary), texts


def write_plot(results: Dict, path: Path) -> Path:
    r"""
    <a id="write_plot"></a>

    ### Draw the result

    The share of known words and distinct-2 against the model's $-\log p$ per character, for each setting,
    with Shakespeare's text for reference
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(INSTALL_HINT) from None
    fig = Figure(figsize=(10, 4), layout='constrained')
    axes = fig.subplots(1, 2)
    colors = {'greedy': 'black', 'temperature': 'tab:blue', 'top-k': 'tab:orange', 'nucleus': 'tab:green'}
    for ax, key, label in zip(axes, ('known_words', 'distinct_2'), ('share of known words', 'distinct-2')):
        for family, color in colors.items():
            points = [s for s in results['settings'] if s['family'] == family]
            ax.plot([s['nll'] for s in points], [s[key] for s in points], 'o-', color=color, label=family)
            for s in points:
                ax.annotate(s['name'].split(' = ')[-1], (s['nll'], s[key]), fontsize=7,
                            textcoords='offset points', xytext=(3, 3))
        ref = results['reference']
        ax.plot([ref['nll']], [ref[key]], '*', color='tab:red', markersize=12, label='Shakespeare (held out)')
        ax.set_xlabel('-log p per character under the model (nats)')
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize='small')
    fig.suptitle(f'{len(PROMPTS)} prompts x {results["samples"]} samples of {results["length"]} characters, '
                 f'seed {results["seed"]}')
    path = Path(path)
    fig.savefig(path, dpi=100, metadata={'Software': None})
    return path


def markdown_table(results: Dict) -> str:
    """
    <a id="markdown_table"></a>

    ### The table of this page

    Made from the results; the tests check that the page shows the committed results
    """
    rows = ['| setting | -log p per character | repetition | distinct-1 | distinct-2 | known words |',
            '| --- ' * 6 + '|']
    ref = dict(results['reference'], name='Shakespeare, held out')
    for s in results['settings'] + [ref]:
        rows.append(f'| {s["name"]} | {s["nll"]:.3f} | {s["repetition"]:.3f} | {s["distinct_1"]:.3f} '
                    f'| {s["distinct_2"]:.3f} | {s["known_words"]:.3f} |')
    return '\n'.join(rows)


def build_parser() -> argparse.ArgumentParser:
    """
    ### Command line options
    """
    parser = argparse.ArgumentParser(
        prog='python -m labml_nn.sampling.experiment',
        description='Sample from the base model of the LoRA experiment with greedy, temperature, top-k and '
                    'nucleus decoding, and measure repetition, distinct words and the model\'s likelihood.')
    parser.add_argument('--data', help='path of a local copy of Tiny Shakespeare '
                                       '(default: the TINY_SHAKESPEARE environment variable, or download it)')
    parser.add_argument('--work-dir', default='checkpoints/lora',
                        help='folder of the base model of the LoRA experiment, trained there if it is missing '
                             '(default: checkpoints/lora)')
    parser.add_argument('--samples', type=int, default=8, help='samples from each prompt (default: 8)')
    parser.add_argument('--length', type=int, default=256, help='characters in each sample (default: 256)')
    parser.add_argument('--seed', type=int, default=1, help='seed of the samplers (default: 1)')
    parser.add_argument('--out', default=str(HERE),
                        help=f'folder for {RESULTS_FILE} and {PLOT_FILE} (default: beside this page)')
    return parser


def main(argv: Optional[List[str]] = None) -> Dict:
    """
    <a id="main"></a>

    ### Run the measurements
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.samples < 1 or args.length < 8:
        parser.error('--samples must be at least 1 and --length at least 8')
    torch.set_num_threads(1)
    start, start_cpu = time.perf_counter(), time.process_time()
    # The text and its parts, as the LoRA experiment splits it
    try:
        text = tiny_shakespeare(args.data).read_text(encoding='utf-8')
    except DataNotFoundError as e:
        sys.exit(f'error: {e}')
    tokenizer = CharTokenizer.from_text(text)
    parts = lora_experiment.split(text, tokenizer)
    # The base model of the [LoRA experiment](../lora/experiment.html), loaded or trained
    lora_args = lora_experiment.build_parser().parse_args(['--work-dir', args.work_dir, '--resume'])
    model, info = lora_experiment.base_model(lora_args, tokenizer, parts)
    model.eval()
    # The words of the base model's training text
    vocabulary = set(words(tokenizer.decode(parts['base_train'].tolist())))
    # Each setting
    settings, samples = [], {}
    for name, family, value in SETTINGS:
        measures, texts = run_setting(model, tokenizer, family, value, args, vocabulary)
        settings.append({'name': name, 'family': family, 'value': value, **measures})
        # The first sample of the first prompt, to show
        samples[name] = texts[0]
        print(f'{name}: ' + ', '.join(f'{k} {v:.3f}' for k, v in measures.items()))
    #
    results = {
        'command': 'OMP_NUM_THREADS=1 python -m labml_nn.sampling.experiment',
        'prompts': PROMPTS, 'samples': args.samples, 'length': args.length, 'seed': args.seed,
        'base': info,
        'reference': reference(model, parts['base_valid'], tokenizer, len(PROMPTS) * args.samples,
                               args.length, vocabulary),
        'settings': settings, 'shown_samples': samples,
        'torch_threads': torch.get_num_threads(), 'torch': torch.__version__,
        'python': platform.python_version(), 'processor': processor_name(),
        'wall_seconds': round(time.perf_counter() - start, 1),
        'cpu_seconds': round(time.process_time() - start_cpu, 1),
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / RESULTS_FILE
    path.write_text(json.dumps(results, indent=1) + '\n', encoding='utf-8')
    print(f'Wrote {path}')
    try:
        print(f'Wrote {write_plot(results, out / PLOT_FILE)}')
    except PlotUnavailableError as e:
        print(f'No plot: {e}', file=sys.stderr)
    print(markdown_table(results))
    print(f'Wall time: {results["wall_seconds"] / 60:.1f} minutes, '
          f'processor time: {results["cpu_seconds"] / 60:.1f} minutes')
    return results


#
if __name__ == '__main__':
    main()
