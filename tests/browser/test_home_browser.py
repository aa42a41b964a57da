"""The home page in real Chromium: both searches first, then the sources and index versions."""

from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_lists_sources_and_live_indexes(
    page: object, live_server: object, built_indexes: Path, tmp_path: Path
) -> None:
    page.goto(live_server.url + "/")  # type: ignore[attr-defined]
    text = page.inner_text("main")  # type: ignore[attr-defined]
    assert "wa-stat" in text and "cfr" in text
    assert "not built" not in text
    page.screenshot(path=str(tmp_path / "home.png"), full_page=True)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("box", "words", "found"),
    [
        ("#home-q", "security deposit", "ol.hits .cite"),
        ("#home-query", "adaptation", "ol.hits .paper-title"),
    ],
)
def test_both_searches_start_from_the_home_page_above_what_is_loaded(
    page: object, live_server: object, built_indexes: Path, box: str, words: str, found: str
) -> None:
    from playwright.sync_api import expect

    page.goto(live_server.url + "/")  # type: ignore[attr-defined]
    searches = page.locator("form.home-search")  # type: ignore[attr-defined]
    expect(searches).to_have_count(2)
    loaded = page.locator("h2", has_text="What is loaded").bounding_box()  # type: ignore[attr-defined]
    assert all(f.bounding_box()["y"] < loaded["y"] for f in searches.all())
    page.fill(box, words)  # type: ignore[attr-defined]
    page.press(box, "Enter")  # type: ignore[attr-defined]
    expect(page.locator(found).first).to_be_visible()  # type: ignore[attr-defined]
