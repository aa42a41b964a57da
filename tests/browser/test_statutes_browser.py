"""Statute search in real Chromium: live search, filters, replaced and pushed URLs, Back, a
section."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def plain_static_urls(settings: object) -> None:
    """Unhashed static URLs: the live server serves /static/ from the finders, which do not
    know the manifest's hashed names (a 404 would mean no htmx and no portal.js)."""
    settings.STORAGES = {  # type: ignore[attr-defined]
        **settings.STORAGES,  # type: ignore[attr-defined]
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def open_search(page: Page, live_server: object) -> None:
    page.goto(live_server.url + "/statutes/")  # type: ignore[attr-defined]
    # A marker that only survives if the page is never reloaded.
    page.evaluate("window.__notReloaded = true")


def test_typing_swaps_results_in_place_and_enter_pushes_the_url(
    page: Page, live_server: object, statute_index: Path
) -> None:
    open_search(page, live_server)
    page.locator("#id_q").press_sequentially('landlord "security deposit"', delay=20)
    expect(page.locator("#result-status")).to_have_text(re.compile(r"of 3 matching sections"))
    expect(page.locator("ol.hits li")).to_have_count(3)
    expect(page.locator("ol.hits mark").first).to_be_visible()
    expect(page).to_have_url(
        re.compile(r"/statutes/\?q=landlord(\+|%20)%22security(\+|%20)deposit%22$")
    )
    assert page.evaluate("window.__notReloaded") is True

    entries = page.evaluate("history.length")
    page.locator("#id_q").press("Enter")  # a submitted search is a new history entry
    page.select_option("#id_jurisdiction", "id")
    expect(page).to_have_url(re.compile(r"jurisdiction=id"))
    expect(page.locator("ol.hits li")).to_have_count(1)
    expect(page.locator("ol.hits .cite")).to_have_text("Idaho Code § 6-321")
    expect(page.locator("#jurisdiction-warning")).to_have_text("")
    expect(page.locator("details.filters summary")).to_contain_text("Jurisdiction: ID")
    assert page.evaluate("window.__notReloaded") is True
    assert page.evaluate("history.length") == entries + 1  # the change replaced the URL
    page.locator("#id_q").press("Enter")
    expect(page.locator("ol.hits li")).to_have_count(1)
    for _ in range(100):
        if page.evaluate("history.length") == entries + 2:
            break
        page.wait_for_timeout(50)

    page.go_back()
    expect(page).not_to_have_url(re.compile(r"jurisdiction=id"))
    expect(page.locator("ol.hits li")).to_have_count(3)
    expect(page.locator("#id_q")).to_have_value('landlord "security deposit"')


def test_bad_input_shows_the_error_panel_instead_of_stale_rows(
    page: Page, live_server: object, statute_index: Path
) -> None:
    open_search(page, live_server)
    page.fill("#id_q", "landlord")
    expect(page.locator("ol.hits li").first).to_be_visible()
    page.fill("#id_q", "the")
    expect(page.locator("#results [role=alert]")).to_contain_text("Nothing left to search")
    expect(page.locator("ol.hits")).to_have_count(0)


def test_choosing_a_source_enables_its_titles(
    page: Page, live_server: object, statute_index: Path
) -> None:
    open_search(page, live_server)
    expect(page.locator("#id_title")).to_be_disabled()
    page.fill("#id_q", "landlord deposit")
    page.select_option("#id_source", "cfr")
    expect(page.locator("#id_title")).to_be_enabled()
    page.select_option("#id_title", "1002")
    expect(page).to_have_url(re.compile(r"title=1002"))
    expect(page.locator("ol.hits .cite")).to_have_text("12 CFR 1002.1")
    page.select_option("#id_source", "")
    expect(page.locator("#id_title")).to_be_disabled()
    expect(page.locator("#result-status")).to_contain_text("matching sections")


def test_open_a_section_from_the_results(
    page: Page, live_server: object, statute_index: Path
) -> None:
    page.goto(live_server.url + "/statutes/?q=return+%22security+deposit%22&jurisdiction=wa")  # type: ignore[attr-defined]
    page.locator("ol.hits .cite").first.click()
    expect(page).to_have_url(re.compile(r"/statutes/wa:statute:59\.18\.280/\?q="))
    expect(page.locator("h1")).to_contain_text("RCW 59.18.280")
    expect(page.locator(".section-body mark").first).to_be_visible()
    expect(page.locator("a[rel=next]")).to_contain_text("RCW 59.18.310")  # code order
    page.locator(".crumbs > a").click()
    expect(page.locator("ol.hits li")).to_have_count(2)


def test_slash_focuses_the_search_box_and_works_without_javascript(
    browser: object, live_server: object, statute_index: Path
) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(live_server.url + "/statutes/")  # type: ignore[attr-defined]
    page.fill("#id_q", "escrow")
    page.select_option("#id_source", "cfr")
    page.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"q=escrow.*source=cfr"))
    expect(page.locator("ol.hits .cite")).to_have_text("12 CFR 1024.17")
    context.close()


def test_slash_key_focuses_the_query(page: Page, live_server: object, statute_index: Path) -> None:
    page.goto(live_server.url + "/sources/")  # type: ignore[attr-defined]
    expect(page.locator("figure.chart ol.bars li").first).to_be_visible()
    page.goto(live_server.url + "/statutes/?q=landlord&jurisdiction=wa")  # type: ignore[attr-defined]
    # Somewhere that is no form control (the middle of the page may be a checkbox now).
    page.locator("h1").click()
    page.keyboard.press("/")
    expect(page.locator("#id_q")).to_be_focused()
