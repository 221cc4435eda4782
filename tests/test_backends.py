"""Tests of `sitegen.translation.backends`: the Google backend against a local server that answers as the
service's v2 REST interface does (`GOOGLE_TRANSLATE_URL` points it there), and the errors it says."""

from __future__ import annotations

import json
import threading
import urllib.parse
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from sitegen.translation.backends import BackendError, GoogleTranslate, get_backend


class _Service:
    """What the local service was asked, and how it answers: `reply(request body) -> (status, body)`."""

    def __init__(self) -> None:
        self.requests: list[tuple[dict[str, list[str]], dict]] = []  # (query, JSON body)
        self.reply = self.translated

    @staticmethod
    def translated(body: dict) -> tuple[int, object]:
        texts = [f'[{body["target"]}] {q}' for q in body['q']]
        return 200, {'data': {'translations': [{'translatedText': t} for t in texts]}}


@pytest.fixture
def service(monkeypatch) -> Iterator[_Service]:
    state = _Service()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
            state.requests.append((urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query), body))
            status, reply = state.reply(body)
            data = reply if isinstance(reply, bytes) else json.dumps(reply).encode()
            self.send_response(status)
            self.send_header('Content-Length', str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv('GOOGLE_TRANSLATE_URL', f'http://127.0.0.1:{server.server_address[1]}/v2')
    monkeypatch.setenv('GOOGLE_TRANSLATE_API_KEY', 'test-key')
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


def test_fragments_go_in_batches_in_html_mode_and_come_back_in_order(service):
    fragments = [f'<p>Text {i} <span translate=no>_^_0_^_</span></p>\n' for i in range(150)]
    got = get_backend('google').translate(fragments, 'zh')
    assert got == [f'[zh-CN] {f}' for f in fragments]
    assert [len(body['q']) for _, body in service.requests] == [100, 50]
    for query, body in service.requests:
        assert query == {'key': ['test-key']}
        assert (body['source'], body['target'], body['format']) == ('en', 'zh-CN', 'html')


def test_a_refusal_is_an_error_naming_the_address_and_the_status(service):
    service.reply = lambda body: (403, b'{"error": {"message": "API key not valid"}}')
    with pytest.raises(BackendError, match=r'/v2: HTTP 403: .*API key not valid'):
        GoogleTranslate().translate(['<p>x</p>\n'], 'ja')


@pytest.mark.parametrize(
    'reply, said',
    [
        ({'data': {}}, 'unexpected reply'),
        ({'data': {'translations': []}}, '0 translations for 1 fragments'),
        (b'<html>not JSON</html>', '/v2: '),
    ],
)
def test_a_reply_that_is_not_one_translation_a_fragment_is_an_error(service, reply, said):
    service.reply = lambda body: (200, reply)
    with pytest.raises(BackendError, match=said):
        GoogleTranslate().translate(['<p>x</p>\n'], 'ja')


def test_a_service_that_cannot_be_reached_is_an_error():
    with pytest.raises(BackendError, match='http://127.0.0.1:9/'):
        GoogleTranslate(api_key='k', url='http://127.0.0.1:9/', timeout=5).translate(['<p>x</p>\n'], 'ja')


def test_without_a_key_or_with_an_unknown_name_the_message_says_what_to_do(monkeypatch):
    monkeypatch.delenv('GOOGLE_TRANSLATE_API_KEY', raising=False)
    with pytest.raises(BackendError, match='set GOOGLE_TRANSLATE_API_KEY'):
        get_backend('google')
    with pytest.raises(BackendError, match="unknown backend 'deepl'; known: google"):
        get_backend('deepl')
