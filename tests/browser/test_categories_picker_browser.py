"""In real Chromium: the categories checklist narrows as you type without searching, names
what is chosen, is used with the keyboard alone, and works without JavaScript."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def searches(page: Page) -> list[str]:
    """Every paper search the page sends from now on."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if "/papers/?" in r.url else None)
    return sent


def test_narrowing_the_list_sends_nothing_and_choosing_searches_once(
    page: Page, live_server: LiveServer, paper_index: Path
) -> None:
    page.goto(f"{live_server.url}/papers/?query=adaptation")
    expect(page.locator("ol.hits > li").first).to_be_visible()
    sent = searches(page)
    narrow = page.locator("[data-picker-filter]")
    expect(narrow).to_be_visible()
    narrow.press_sequentially("cv", delay=30)
    items = page.locator("#categories-list .picker-item")
    expect(items.filter(has_text="cs.CV")).to_be_visible()
    expect(items.filter(has_text="cs.CL")).to_be_hidden()
    narrow.press("Enter")  # must not submit the search either
    page.wait_for_timeout(600)
    assert sent == [], sent

    page.locator("input[name=categories][value='cs.CV']").check()
    expect(page).to_have_url(re.compile(r"categories=cs\.CV"))
    expect(page.locator("[data-picker-chosen]")).to_have_text("Chosen: cs.CV")
    expect(page.locator("#result-status")).to_contain_text("passage")
    assert len(sent) == 1, sent


def test_the_keyboard_alone_chooses_a_category(
    page: Page, live_server: LiveServer, paper_index: Path
) -> None:
    page.goto(f"{live_server.url}/papers/?query=adaptation")
    sent = searches(page)
    page.locator("[data-picker-filter]").focus()
    page.keyboard.type("lg")
    page.keyboard.press("Tab")  # to the first category still listed
    expect(page.locator("input[name=categories][value='cs.LG']")).to_be_focused()
    page.keyboard.press("ArrowDown")  # arrows choose nothing: no search per key
    page.wait_for_timeout(600)
    assert sent == [], sent
    page.keyboard.press("Space")
    expect(page).to_have_url(re.compile(r"categories=cs\.LG"))
    expect(page.locator("[data-picker-chosen]")).to_have_text("Chosen: cs.LG")


def test_categories_work_without_javascript(
    browser: Browser, live_server: LiveServer, paper_index: Path
) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/papers/?query=adaptation")
    expect(page.locator("[data-picker-filter]")).to_be_hidden()  # the narrowing box needs JS
    page.locator("input[name=categories][value='cs.CV']").check()
    page.locator("input[name=categories][value='cs.LG']").check()
    page.locator("#paper-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"categories=cs\.CV&categories=cs\.LG"))
    expect(page.locator("[data-picker-chosen]")).to_have_text("Chosen: cs.CV, cs.LG")
    expect(page.locator("input[name=categories]:checked")).to_have_count(2)
    # With results shown the disclosure folds (issue 24); its one-line summary names what is
    # set, and a wide screen still shows the fields themselves.
    filters = page.locator("details.filters")
    expect(filters).not_to_have_attribute("open", "")
    expect(filters.locator("summary")).to_contain_text("cs.CV")
    expect(page.locator("input[name=categories][value='cs.LG']")).to_be_visible()
    context.close()
