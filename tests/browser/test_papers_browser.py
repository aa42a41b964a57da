"""Paper search in real Chromium: live search, filters, pushed URLs, Back, chips, a paper."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def paper_site(settings: object, corpus_dir: Path) -> None:
    """Unhashed static URLs (the live server serves /static/ from the finders) and the test
    corpus's own entity vocabulary."""
    settings.STORAGES = {  # type: ignore[attr-defined]
        **settings.STORAGES,  # type: ignore[attr-defined]
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.PORTAL_DATA_DIR = corpus_dir  # type: ignore[attr-defined]


def open_search(page: Page, live_server: object) -> None:
    page.goto(live_server.url + "/papers/")  # type: ignore[attr-defined]
    page.evaluate("window.__notReloaded = true")


def test_type_filter_go_back_and_open_a_paper(
    page: Page, live_server: object, built_indexes: Path
) -> None:
    open_search(page, live_server)
    page.locator("#id_query").press_sequentially("adaptation", delay=20)
    expect(page.locator("#result-status")).to_have_text("9 passages match; showing 6.")
    expect(page.locator("ol.hits > li")).to_have_count(6)
    expect(page.locator("ol.hits mark").first).to_be_visible()
    expect(page.locator(".facets")).to_contain_text("LoRA")
    expect(page).to_have_url(re.compile(r"/papers/\?query=adaptation"))
    assert page.evaluate("window.__notReloaded") is True

    page.select_option("#id_contentType", ["results"])
    expect(page).to_have_url(re.compile(r"contentType=results"))
    expect(page.locator("#result-status")).to_have_text(re.compile(r"^2 passages match"))
    expect(page.locator("ol.hits .ct-results")).to_have_count(2)
    assert page.evaluate("window.__notReloaded") is True

    page.go_back()
    expect(page).not_to_have_url(re.compile(r"contentType"))
    expect(page.locator("ol.hits > li")).to_have_count(6)
    expect(page.locator("#id_query")).to_have_value("adaptation")

    page.locator("ol.hits a.chip", has_text="LoRA").first.click()
    expect(page).to_have_url(re.compile(r"entities=LoRA"))
    expect(page.locator("#id_entities")).to_have_value("LoRA")
    expect(page.locator("ol.hits .badge.tier").first).to_be_visible()  # unrecorded tier follows

    page.locator("ol.hits a.paper-title", has_text="Unsupervised Domain Adaptation").first.click()
    expect(page.locator("h1")).to_have_text("Unsupervised Domain Adaptation for Speech")
    expect(page.locator("ol.chunks > li")).to_have_count(5)
    expect(page.locator("ol.chunks mark").first).to_be_visible()
    page.screenshot(path=str(built_indexes.parent / "paper.png"), full_page=True)


def test_entity_box_suggests_without_searching_each_keystroke(
    page: Page, live_server: object, built_indexes: Path
) -> None:
    open_search(page, live_server)
    page.fill("#id_query", "adaptation")
    expect(page.locator("ol.hits > li")).to_have_count(6)
    page.locator("#id_entities").press_sequentially("CO", delay=30)
    expect(page.locator("#entity-options option[value=COCO]")).to_have_count(1)
    page.wait_for_timeout(600)
    expect(page).not_to_have_url(re.compile(r"entities="))
    page.locator("#id_entities").fill("COCO")
    page.locator("#id_entities").press("Enter")
    expect(page).to_have_url(re.compile(r"entities=COCO"))
    expect(page.locator("ol.hits > li").first).to_contain_text("Adapters for Vision")


def test_bad_input_replaces_the_results_with_the_errors(
    page: Page, live_server: object, built_indexes: Path
) -> None:
    open_search(page, live_server)
    page.fill("#id_query", "adaptation")
    expect(page.locator("ol.hits > li").first).to_be_visible()
    page.fill("#id_dateFrom", "2025-13")
    expect(page.locator("#results [role=alert]")).to_contain_text("has no month 13")
    expect(page.locator("ol.hits")).to_have_count(0)


def test_works_without_javascript(
    browser: object, live_server: object, built_indexes: Path
) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(live_server.url + "/papers/")  # type: ignore[attr-defined]
    page.fill("#id_query", "noisy")
    page.click("button[type=submit]")
    expect(page).to_have_url(re.compile(r"query=noisy"))
    expect(page.locator("ol.hits > li")).to_have_count(1)
    context.close()
