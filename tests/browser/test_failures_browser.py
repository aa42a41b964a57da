"""In real Chromium: a live search that fails never leaves the old results on screen; a panel
says what happened and what to do (no network, a proxy's error, an address too long)."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PANEL = "#results [role=alert]"


def with_results(page: Page, live_server: object) -> None:
    page.goto(live_server.url + "/statutes/?q=landlord")  # type: ignore[attr-defined]
    expect(page.locator("ol.hits li").first).to_be_visible()
    expect(page.locator("#result-status")).to_contain_text("matching sections")


def type_by_script(page: Page, text: str) -> None:
    """Put `text` in the query box as a script can (past its maxlength) and fire `input`."""
    page.evaluate(
        """(text) => { const box = document.querySelector('#id_q'); box.value = text;
        box.dispatchEvent(new Event('input', {bubbles: true})); }""",
        text,
    )


def assert_replaced(page: Page, title: str) -> None:
    expect(page.locator(PANEL)).to_contain_text(title)
    expect(page.locator("ol.hits")).to_have_count(0)
    expect(page.locator("#result-status")).to_have_text(re.compile("nothing was searched"))


def test_no_network_replaces_the_results_with_a_panel(
    page: Page, live_server: object, statute_index: Path
) -> None:
    with_results(page, live_server)
    page.route(re.compile(r"/statutes/\?"), lambda route: route.abort("internetdisconnected"))
    page.locator("#id_q").press_sequentially(" deposit", delay=10)
    assert_replaced(page, "Could not reach the portal")
    expect(page.locator(PANEL)).to_contain_text("Check your connection")


def test_a_proxys_error_page_becomes_a_panel_not_its_html(
    page: Page, live_server: object, statute_index: Path
) -> None:
    def bad_gateway(route: Route) -> None:
        route.fulfill(status=502, body="<html><body><h1>502 Bad Gateway</h1></body></html>")

    with_results(page, live_server)
    page.route(re.compile(r"/statutes/\?"), bad_gateway)
    page.locator("#id_q").press_sequentially(" deposit", delay=10)
    assert_replaced(page, "The portal could not answer")
    expect(page.locator(PANEL)).to_contain_text("HTTP 502")
    expect(page.locator("#results h1")).to_have_count(0)


def test_an_address_too_long_is_not_sent_and_says_so(
    page: Page, live_server: object, statute_index: Path
) -> None:
    with_results(page, live_server)
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url))
    type_by_script(page, "\u4e2d" * 1000)
    assert_replaced(page, "The search is too long")
    expect(page.locator(PANEL)).to_contain_text("the portal accepts 8,000")
    assert not [url for url in sent if "/statutes/?" in url]


def test_the_servers_own_refusal_is_swapped_in_as_its_panel(
    page: Page, live_server: object, statute_index: Path
) -> None:
    with_results(page, live_server)
    # Without the page's own check the request goes out, and the portal answers its 414 panel.
    page.evaluate("document.querySelector('meta[name=portal-max-url-bytes]').remove()")
    type_by_script(page, "landlord " * 1000)
    assert_replaced(page, "The search is too long")
    expect(page.locator("#results [data-request-error='414']")).to_contain_text("8,000 the portal")


def test_a_failed_paper_search_is_replaced_too(
    page: Page, live_server: object, paper_index: Path
) -> None:
    page.goto(live_server.url + "/papers/?query=adaptation")  # type: ignore[attr-defined]
    expect(page.locator("ol.hits li").first).to_be_visible()
    page.route(re.compile(r"/papers/\?"), lambda route: route.fulfill(status=500, body="oops"))
    page.locator("#id_query").press_sequentially(" low", delay=10)
    assert_replaced(page, "The portal could not answer")


def test_failed_facet_counts_say_so_in_their_place_and_keep_the_rows(
    page: Page, live_server: object, paper_index: Path
) -> None:
    page.route(re.compile(r"/papers/facets/"), lambda route: route.fulfill(status=502, body="x"))
    page.goto(live_server.url + "/papers/?query=adaptation")  # type: ignore[attr-defined]
    expect(page.locator("#facets [role=alert]")).to_contain_text("This part could not be loaded")
    expect(page.locator("#facets [role=alert]")).to_contain_text("HTTP 502")
    expect(page.locator("ol.hits li").first).to_be_visible()
    expect(page.locator("#result-status")).to_contain_text("passages match")
