"""
---
title: Tiny Shakespeare
summary: >
  Finds a local copy of Tiny Shakespeare or downloads it,
  with a message that says how to supply the file when there is no network.
---

# Tiny Shakespeare

[Tiny Shakespeare](https://github.com/karpathy/char-rnn/tree/master/data/tinyshakespeare)
is a 1.1 MB text of Shakespeare's plays, the data of the
[autoregressive experiments](../experiments/nlp_autoregression.html).
[`tiny_shakespeare`](#tiny_shakespeare) finds it on disk or downloads it once;
on a machine without network access the error says where to put the file.
"""

import os
import urllib.request
from pathlib import Path
from typing import Optional

from labml import monit

# Where Tiny Shakespeare is downloaded from
TINY_SHAKESPEARE_URL = 'https://raw.githubusercontent.com/karpathy/char-rnn/master/data/tinyshakespeare/input.txt'
# Environment variable that can point at a local copy of it
TINY_SHAKESPEARE_ENV = 'TINY_SHAKESPEARE'
# File name of the copy in the data directory
TINY_SHAKESPEARE_FILE = 'tiny_shakespeare.txt'


class DataNotFoundError(FileNotFoundError):
    """
    Raised when the data is neither on disk nor downloadable;
    the message says how to supply it.
    """
    pass


def download(url: str, path: Path):
    """
    Download `url` to `path`, through a temporary file so that a failed download
    leaves nothing behind.
    """
    # Temporary file next to the destination
    tmp = path.with_name(path.name + '.part')
    #
    try:
        with urllib.request.urlopen(url, timeout=30) as response, open(tmp, 'wb') as f:
            f.write(response.read())
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


def tiny_shakespeare(data: Optional[str] = None, data_dir: str = 'data') -> Path:
    """
    <a id="tiny_shakespeare"></a>

    ### Find or download Tiny Shakespeare

    Looks in this order at `data` (the `--data` option), at the environment variable
    `TINY_SHAKESPEARE`, and at `tiny_shakespeare.txt` in `data_dir`;
    if none of them is given it downloads the text into `data_dir`.
    """

    # A path given explicitly must exist
    for path, source in ((data, '--data'), (os.environ.get(TINY_SHAKESPEARE_ENV), TINY_SHAKESPEARE_ENV)):
        if path:
            if not Path(path).is_file():
                raise DataNotFoundError(f'{source} points at {path}, which is not a file')
            return Path(path)

    # The downloaded copy
    path = Path(data_dir) / TINY_SHAKESPEARE_FILE
    if path.is_file():
        return path

    # Download it
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with monit.section(f'Download {TINY_SHAKESPEARE_URL}'):
            download(TINY_SHAKESPEARE_URL, path)
    except Exception as e:
        raise DataNotFoundError(
            f'Tiny Shakespeare is not at {path} and could not be downloaded '
            f'from {TINY_SHAKESPEARE_URL} ({e}). '
            f'Download input.txt from that URL on a machine with network access, then either '
            f'save it as {path}, pass its path with --data PATH, '
            f'or set the environment variable {TINY_SHAKESPEARE_ENV}=PATH.') from None

    #
    return path
