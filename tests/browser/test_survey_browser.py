"""The survey in real Chromium: run one by typing, read the map, reach a row by keyboard, open
one section, change the order, bad input, and the phone layout."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEPOSIT = 'landlord return "security deposit"'


@pytest.fixture(autouse=True)
def plain_static_urls(settings: object) -> None:
    """Unhashed static URLs (the live server serves /static/ from the finders)."""
    settings.STORAGES = {  # type: ignore[attr-defined]
        **settings.STORAGES,  # type: ignore[attr-defined]
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def test_a_survey_runs_as_you_type_and_opens_one_section(
    page: Page, live_server: object, statute_index: Path
) -> None:
    page.goto(live_server.url + "/statutes/survey/")  # type: ignore[attr-defined]
    page.evaluate("window.__notReloaded = true")
    page.locator("#id_q").press_sequentially(DEPOSIT, delay=15)
    expect(page.locator("#result-status")).to_have_text(
        "Sections matched in 2 of 7 jurisdictions searched (3 sections in all)."
    )
    expect(page).to_have_url(re.compile(r"/statutes/survey/\?q=landlord"))
    assert page.evaluate("window.__notReloaded") is True
    # The map: the count as text on Washington's tile (its sections holding every searched
    # word: one of its two matches), Texas not loaded, Georgia a miss.
    washington = page.locator(".tile.r2.c0")
    expect(washington.locator(".count")).to_have_text("1")
    expect(washington.locator("a")).to_have_accessible_name("Washington: 1 section with every word")
    expect(page.locator(".tile.status-not_loaded", has_text="TX")).to_be_visible()
    expect(page.locator("#j-ga")).to_contain_text("no section matched these words")
    expect(page.locator("#j-wa ol.hits li")).to_have_count(2)
    expect(page.locator("#j-wa mark", has_text="security deposit").first).to_be_visible()

    # Keyboard: the map's tile leads to its row.
    washington.locator("a").focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"#j-wa$"))

    page.locator("#j-wa .cite").first.click()
    expect(page).to_have_url(re.compile(r"/statutes/wa:statute:59\.18\.280/\?q=landlord"))
    expect(page.locator("h1")).to_contain_text("RCW 59.18.280")
    expect(page.locator(".section-body mark").first).to_be_visible()


def test_the_order_switch_puts_the_best_match_first(
    page: Page, live_server: object, statute_index: Path
) -> None:
    page.goto(live_server.url + "/statutes/survey/?q=landlord")  # type: ignore[attr-defined]
    first = page.locator(".survey-row").first
    expect(first).to_have_id("j-us")  # by name, federal law first
    page.locator("#id_sort_score").check()
    expect(page).to_have_url(re.compile(r"sort=score"))
    expect(first).not_to_have_id("j-us")
    expect(first.locator(".survey-count")).to_contain_text("with every word")


def test_bad_input_shows_the_form_error(
    page: Page, live_server: object, statute_index: Path
) -> None:
    page.goto(live_server.url + "/statutes/survey/?q=landlord")  # type: ignore[attr-defined]
    expect(page.locator(".survey-row").first).to_be_visible()
    page.fill("#id_q", "the")
    expect(page.locator("#results .error")).to_contain_text("Nothing left to search")
    expect(page.locator(".survey-row")).to_have_count(0)
    expect(page.locator("#result-status")).to_have_text(
        "The survey has errors; nothing was searched."
    )


def test_on_a_phone_the_map_fits_and_its_numbers_stay_legible(
    browser: Browser, live_server: object, statute_index: Path
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto(live_server.url + "/statutes/survey/?q=landlord")  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    tiles = page.locator(".tiles:not(.strip) .tile")
    box = tiles.first.bounding_box()
    assert box is not None and box["width"] >= 26
    size = page.locator(".tile .count").first.evaluate("e => getComputedStyle(e).fontSize")
    assert float(size.removesuffix("px")) >= 11
    context.close()
