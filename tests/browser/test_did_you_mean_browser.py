"""Did you mean in real Chromium: typing a misspelling offers the link, following it runs the
corrected search with the filters kept, and the box then holds the corrected words."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_link_runs_the_corrected_search_and_keeps_the_filters(
    page: Page, live_server: object, statute_index: Path
) -> None:
    page.goto(live_server.url + "/statutes/?jurisdiction=wa")  # type: ignore[attr-defined]
    page.locator("#id_q").press_sequentially("landlrod", delay=20)
    expect(page.locator("#result-status")).to_have_text("No section matched.")
    offer = page.locator(".did-you-mean a")
    expect(offer).to_have_text("landlord")
    expect(page.locator("#id_q")).to_have_value("landlrod")  # nothing changed by itself
    offer.click()
    expect(page).to_have_url(re.compile(r"/statutes/\?q=landlord&jurisdiction=wa$"))
    expect(page.locator("#id_q")).to_have_value("landlord")
    expect(page.locator("#id_jurisdiction")).to_have_value("wa")
    expect(page.locator("ol.hits li").first).to_be_visible()
    expect(page.locator(".did-you-mean")).to_have_count(0)
