"""Machine translation behind one small interface, so that a service can be swapped for another.

A backend translates a batch of cache keys (HTML whose untranslatable pieces are
`<span translate=no>` placeholders) into one language and returns the values in the same order.
It is never trusted: `translate machine` checks every value as the build does before merging it.
Backends read their address and credentials from the environment; the tests point the Google one at
a local server that answers as the service does (`tests/test_backends.py`).
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from typing import Protocol


class Backend(Protocol):
    def translate(self, fragments: list[str], lang: str) -> list[str]:
        """One translation per fragment, in order; placeholders kept as they came."""


class BackendError(Exception):
    """The service could not be reached or refused the request."""


class GoogleTranslate:
    """Google Cloud Translation, basic edition (v2 REST), in HTML mode.

    In HTML mode the service leaves the content of `translate=no` elements alone, which is what
    the placeholders rely on. Needs `GOOGLE_TRANSLATE_API_KEY`; `GOOGLE_TRANSLATE_URL` overrides
    the endpoint (a proxy, a regional address).
    """

    URL = 'https://translation.googleapis.com/language/translate/v2'
    TARGETS = {'zh': 'zh-CN', 'ja': 'ja'}
    BATCH = 100  # the service takes at most 128 strings a request

    def __init__(self, api_key: str | None = None, url: str | None = None, timeout: float = 60) -> None:
        self.api_key = api_key or os.environ.get('GOOGLE_TRANSLATE_API_KEY', '')
        self.url = url or os.environ.get('GOOGLE_TRANSLATE_URL', self.URL)
        self.timeout = timeout
        if not self.api_key:
            raise BackendError('set GOOGLE_TRANSLATE_API_KEY to use the google backend')

    def translate(self, fragments: list[str], lang: str) -> list[str]:
        out: list[str] = []
        for i in range(0, len(fragments), self.BATCH):
            out.extend(self._request(fragments[i : i + self.BATCH], self.TARGETS.get(lang, lang)))
        return out

    def _request(self, batch: list[str], target: str) -> list[str]:
        body = json.dumps({'q': batch, 'source': 'en', 'target': target, 'format': 'html'}).encode()
        request = urllib.request.Request(
            f'{self.url}?{urllib.parse.urlencode({"key": self.api_key})}',
            data=body,
            headers={'Content-Type': 'application/json; charset=utf-8'},
            method='POST',
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                reply = json.load(response)
        except urllib.error.HTTPError as e:
            raise BackendError(
                f'{self.url}: HTTP {e.code}: {e.read()[:300].decode("utf-8", "replace")}'
            ) from e
        except (urllib.error.URLError, TimeoutError, json.JSONDecodeError) as e:
            raise BackendError(f'{self.url}: {e}') from e
        try:
            got = [t['translatedText'] for t in reply['data']['translations']]
        except (KeyError, TypeError) as e:
            raise BackendError(f'{self.url}: unexpected reply {str(reply)[:300]}') from e
        if len(got) != len(batch):
            raise BackendError(f'{self.url}: {len(got)} translations for {len(batch)} fragments')
        return got


BACKENDS = {'google': GoogleTranslate}


def get_backend(name: str) -> Backend:
    try:
        return BACKENDS[name]()
    except KeyError:
        raise BackendError(f'unknown backend {name!r}; known: {", ".join(BACKENDS)}') from None
