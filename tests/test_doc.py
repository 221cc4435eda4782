"""Tests of `sitegen.doc`: the records the pipeline hands from stage to stage, as plain frozen data."""

from __future__ import annotations

import pytest

from helpers import english_page, make_source
from sitegen.doc import PageResult, link_target


@pytest.mark.parametrize(
    'page, url, target',
    [
        ('a/b.html', 'c.html', ('a/c.html', '')),
        ('a/b.html', '../c.html#x', ('c.html', 'x')),
        ('a/b.html', '#here', ('a/b.html', 'here')),
        ('a/b.html', './', ('a/index.html', '')),
        ('a/b.html', 'sub/', ('a/sub/index.html', '')),
        ('index.html', 'a/c.html?v=1#y', ('a/c.html', 'y')),
        ('index.html', 'my%20page.html', ('my page.html', '')),
        ('a/b.html', '..', ('index.html', '')),
    ],
)
def test_link_targets(page, url, target):
    assert link_target(page, url) == target


def test_coverage_adds_status_by_status_and_a_result_cannot_change_shape():
    import dataclasses

    from sitegen.doc import STATUSES, Coverage

    a, b = Coverage(1, 2, 3, 4), Coverage(found=5, invalid=1)
    assert (a + b).as_dict() == {s: a.as_dict()[s] + b.as_dict()[s] for s in STATUSES}
    result = PageResult(make_source(), (english_page('<p>page</p>'),))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.languages = ()  # type: ignore[misc]
    assert result.without_html().languages[0].html is None and result.languages[0].html == b'<p>page</p>'
    assert result.without_html().languages[0].digest == result.languages[0].digest
