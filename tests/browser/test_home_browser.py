"""The home page in real Chromium: sources and index versions are visible."""

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
