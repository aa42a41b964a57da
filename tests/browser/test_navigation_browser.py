"""Moving around the searches in real Chromium: Back after typing then Enter (statutes, survey,
papers), paging that lands on the first new row, the skip link to the results."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def wait_for_history(page: Page, entries: int) -> None:
    """Wait until the history holds `entries` entries (wait_for_function evaluates a string:
    the page's CSP forbids it)."""
    for _ in range(200):
        if page.evaluate("history.length") == entries:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"history holds {page.evaluate('history.length')}, not {entries}")


def type_with_pauses(page: Page, box: str, words: list[str]) -> None:
    """Type word by word, pausing after each long enough for a live search."""
    for word in words:
        page.locator(box).press_sequentially(word, delay=20)
        page.wait_for_timeout(500)


@pytest.mark.parametrize("path", ["/statutes/", "/statutes/survey/"])
def test_back_after_typing_then_enter_returns_to_the_page_before(
    page: Page, live_server: LiveServer, statute_index: Path, path: str
) -> None:
    page.goto(live_server.url + path)
    start = page.evaluate("history.length")
    type_with_pauses(page, "#id_q", ["landlord ", "security ", "deposit"])
    expect(page).to_have_url(re.compile(r"q=landlord(\+|%20)security(\+|%20)deposit(&|$)"))
    assert page.evaluate("history.length") == start  # each pause replaced the URL
    page.locator("#id_q").press("Enter")
    wait_for_history(page, start + 1)
    expect(page.locator("#result-status")).to_contain_text(
        "matched" if "survey" in path else "matching"
    )
    page.go_back()  # not "landlord security " (half-typed): the page as it was entered
    expect(page).to_have_url(live_server.url + path)
    expect(page.locator(".idle h2")).to_be_visible()
    page.go_forward()
    expect(page.locator("#id_q")).to_have_value("landlord security deposit")


def test_enter_twice_on_the_same_search_adds_one_entry(
    page: Page, live_server: LiveServer, statute_index: Path
) -> None:
    page.goto(live_server.url + "/statutes/?q=landlord")
    start = page.evaluate("history.length")
    page.locator("#id_q").press("Enter")
    page.wait_for_timeout(600)
    page.locator("#id_q").press("Enter")
    page.wait_for_timeout(600)
    assert page.evaluate("history.length") == start  # the URL shown was the one entered


def first_row_lands_on_top(page: Page) -> None:
    row = page.locator("#results ol.hits > li").first
    expect(row).to_be_focused()
    box = row.bounding_box()
    assert box is not None and abs(box["y"]) <= 2, f"first new row at {box}"


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/statutes/?q=landlord+retaliate&limit=2", r"Rows 3–4 of"),
        ("/papers/?query=adaptation&limit=2", r"rows 3–4 of"),
    ],
)
def test_paging_puts_the_first_new_row_at_the_top_and_focuses_it(
    browser: Browser, live_server: LiveServer, built_indexes: Path, path: str, status: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 600}, is_mobile=True)
    page = context.new_page()
    page.goto(live_server.url + path)
    page.locator("nav.paging a[rel=next]").click()  # scrolled into view to be clicked
    expect(page.locator("#result-status")).to_contain_text(re.compile(status))
    first_row_lands_on_top(page)
    page.keyboard.press("Tab")  # the keyboard carries on from that row
    focused = page.evaluate("document.activeElement.closest('ol.hits > li') !== null")
    assert focused
    page.locator("nav.paging a[rel=prev]").click()
    expect(page.locator("#results ol.hits .rank").first).to_have_text(re.compile(r"^1\.?$"))
    first_row_lands_on_top(page)
    context.close()


def test_paging_without_javascript_opens_at_the_results(
    browser: Browser, live_server: LiveServer, statute_index: Path
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 600}, is_mobile=True, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(live_server.url + "/statutes/?q=landlord+retaliate&limit=2")
    page.locator("nav.paging a[rel=next]").click()
    expect(page).to_have_url(re.compile(r"offset=2#results$"))
    box = page.locator("#results").bounding_box()
    assert box is not None and abs(box["y"]) <= 2
    context.close()


@pytest.mark.parametrize(
    "path",
    ["/statutes/?q=landlord+deposit", "/papers/?query=adaptation", "/statutes/survey/?q=landlord"],
)
def test_the_first_tab_offers_a_skip_to_the_results(
    page: Page, live_server: LiveServer, built_indexes: Path, path: str
) -> None:
    page.goto(live_server.url + path)
    page.locator("body").focus()
    page.keyboard.press("Tab")
    skip = page.locator("a.skip", has_text="Skip to results")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.locator("#results")).to_be_focused()
    expect(page.get_by_role("region", name=re.compile("^Results"))).to_be_visible()
    page.keyboard.press("Tab")  # the next stop is inside the results, not the form
    inside = page.evaluate("document.getElementById('results').contains(document.activeElement)")
    assert inside


PASTE = """(el, text) => {
  const data = new DataTransfer();
  data.setData("text", text);
  el.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true}));
}"""


@pytest.mark.parametrize(("path", "box"), [("/statutes/", "#id_q"), ("/papers/", "#id_query")])
def test_the_length_limit_is_said_near_it_and_when_a_paste_is_cut(
    page: Page, live_server: LiveServer, built_indexes: Path, path: str, box: str
) -> None:
    page.goto(live_server.url + path)
    query = page.locator(box)
    note = page.locator(box + "-length")
    query.focus()
    page.keyboard.insert_text("tenant " * 100)  # 700 characters: below the limit's last tenth
    expect(note).to_have_count(1)
    expect(note).to_have_text("")
    page.keyboard.insert_text("landlord " * 3)
    expect(note).to_have_text("727 of 800 characters.")
    query.fill("")
    long = "deposit " * 120  # 960 characters
    query.evaluate(PASTE, long)
    page.keyboard.insert_text(long)  # what the browser inserts for the paste
    assert len(query.input_value()) == 800
    expect(note).to_have_text(
        "Cut to 800 characters: the pasted text had 960, the rest was left out."
    )
