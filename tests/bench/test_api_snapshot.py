"""The behaviour snapshot compares two builds of the same data: build names and times go."""

from bench.api_snapshot import _normalise


def test_version_names_and_build_times_are_normalised_in_every_body() -> None:
    body = '{"index_version": "v20261202T055247300476Z-2705", "published": "2025-03-19"}'
    assert (
        _normalise("json", body.encode())
        == '{"index_version": "VERSION", "published": "2025-03-19"}'
    )
    page = "<td><code>v20261202T061257063050Z-8267</code></td><td>2026-12-02T05:52:47+00:00</td>"
    assert _normalise("html", page.encode()) == "<td><code>VERSION</code></td><td>BUILT</td>"


def test_words_that_only_look_like_versions_are_kept() -> None:
    body = '{"query": "v2 of the model", "text": "v20261202 and 2026-12-02T05:52:47+00:00"}'
    assert _normalise("json", body.encode()) == body
