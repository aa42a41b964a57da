"""In real Chromium at phone size (390x844): results come first (filters set or not), filters
fold to one line, nothing overflows sideways; at desktop size the filters stay in view; typing
logs no htmx errors."""

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


def first_result_fits(page: Page) -> None:
    """The first result's heading is on the first screen, without scrolling."""
    first = page.locator("ol.hits > li").first
    expect(first).to_be_visible()
    box = first.bounding_box()
    assert box is not None and page.evaluate("window.scrollY") == 0
    assert box["y"] + 60 <= PHONE["height"], f"first result starts at {box['y']:.0f}px"


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"page is {width}px wide"


def test_results_come_first_on_a_phone_under_the_demo_banner(
    phone: Page, live_server: LiveServer, statute_index: Path, settings: Any
) -> None:
    settings.PORTAL_DEMO_DATA = True
    phone.goto(f"{live_server.url}/statutes/?q=landlord+deposit")
    expect(phone.locator(".banner.demo")).to_be_visible()
    assert phone.locator(".banner.demo").bounding_box()["height"] <= 40  # type: ignore[index]
    first_result_fits(phone)
    no_sideways_scroll(phone)


def test_statute_results_come_first_on_a_phone(
    phone: Page, live_server: LiveServer, statute_index: Path
) -> None:
    phone.goto(f"{live_server.url}/statutes/?q=landlord+deposit")
    first_result_fits(phone)
    expect(phone.locator("details.filters")).not_to_have_attribute("open", "")
    expect(phone.locator("#id_jurisdiction")).to_be_hidden()
    no_sideways_scroll(phone)
    # Real citations run long (Maryland's name the article): a row's citation wraps rather than
    # widening the page.
    phone.locator("ol.hits .cite").first.evaluate(
        "el => { el.textContent = 'Md. Code Ann., Financial Institutions § 6-101.1.23'; }"
    )
    no_sideways_scroll(phone)

    # With filters set the rows still come first: the closed disclosure names what is set.
    phone.goto(f"{live_server.url}/statutes/?q=landlord+deposit&jurisdiction=wa&stem=true")
    expect(phone.locator("#id_jurisdiction")).to_be_hidden()
    summary = phone.locator("details.filters summary")
    expect(summary).to_contain_text("2 set")
    expect(summary).to_contain_text("Jurisdiction: WA · Match word forms")
    first_result_fits(phone)
    no_sideways_scroll(phone)

    # Typed on the empty page with filters set, then submitted with the filters open: the
    # disclosure closes and the first row is on the first screen again.
    phone.goto(f"{live_server.url}/statutes/?jurisdiction=wa&stem=true")
    expect(phone.locator("#id_jurisdiction")).to_be_visible()  # no results yet: open
    phone.locator("#id_q").press_sequentially("landlord", delay=20)
    expect(phone.locator("#result-status")).to_contain_text("matching")
    expect(phone.locator("#id_jurisdiction")).to_be_hidden()
    first_result_fits(phone)
    phone.locator("details.filters summary").click()
    expect(phone.locator("#id_jurisdiction")).to_be_visible()
    phone.locator("#id_q").press("Enter")
    expect(phone.locator("#id_jurisdiction")).to_be_hidden()
    first_result_fits(phone)

    # Opening the disclosure by hand shows the filters; choosing one searches in place.
    phone.goto(f"{live_server.url}/statutes/?q=landlord+deposit")
    phone.locator("details.filters summary").click()
    phone.select_option("#id_jurisdiction", "id")
    expect(phone).to_have_url(re.compile("jurisdiction=id"))
    expect(phone.locator("ol.hits .cite").first).to_have_text("Idaho Code § 6-321")


def test_paper_results_come_first_on_a_phone(
    phone: Page, live_server: LiveServer, paper_index: Path
) -> None:
    phone.goto(f"{live_server.url}/papers/?query=adaptation")
    first_result_fits(phone)
    no_sideways_scroll(phone)
    phone.goto(
        f"{live_server.url}/papers/?query=adaptation&categories=cs.CL&sort=newest&dateFrom=2020"
    )
    expect(phone.locator("details.filters summary")).to_contain_text("3 set")
    first_result_fits(phone)
    no_sideways_scroll(phone)


def test_tables_and_chart_stay_inside_a_phone_screen(
    phone: Page, live_server: LiveServer, statute_index: Path
) -> None:
    for path in ("/", "/sources/"):
        phone.goto(live_server.url + path)
        no_sideways_scroll(phone)
    table = phone.locator(".table-scroll").first
    assert table.evaluate("el => el.scrollWidth > el.clientWidth")  # it scrolls in its box
    label = phone.locator(".chart .bar-label").first
    size = label.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 14


EVERY_PAGE_TYPE = (
    "/",
    "/statutes/",
    "/statutes/?q=landlord+deposit&jurisdiction=wa&stem=true",
    "/statutes/?q=RCW+59.18",  # a citation's chapter answer
    "/statutes/wa:statute:59.18.280/?q=deposit",
    "/statutes/wa:statute:0.0.0/",  # a section that is not loaded
    "/sources/",
    "/sources/wa-stat/",
    "/sources/wa-stat/chapter/?title=59&chapter=59-18",
    "/statutes/survey/",
    "/statutes/survey/?q=landlord+%22security+deposit%22",
    "/papers/",
    "/papers/?query=adaptation&facets=true&detail=full",
    "/papers/2106.09685/?query=lora",
    "/papers/lookup/?title=adaptation",
    "/runs/",
    "/accounts/login/",
    "/no/such/page/",
)


def test_no_page_type_is_wider_than_a_phone(
    phone: Page, live_server: LiveServer, built_indexes: Path
) -> None:
    wide = {}
    for path in EVERY_PAGE_TYPE:
        phone.goto(live_server.url + path)
        phone.wait_for_load_state("load")
        width = phone.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide[path] = width
    assert not wide, wide
    # A long id, a long BibTeX line and a long URL wrap on the paper page.
    phone.goto(live_server.url + "/papers/2106.09685/")
    phone.locator("pre.bibtex").evaluate("el => { el.textContent += 'x'.repeat(300); }")
    phone.locator(".meta-list dd code").first.evaluate(
        "el => { el.textContent = 'scirex:' + '0b0cf7e00e7532e3'.repeat(4); }"
    )
    no_sideways_scroll(phone)


def test_filters_stay_in_view_on_a_desktop(
    page: Page, live_server: LiveServer, statute_index: Path
) -> None:
    page.goto(f"{live_server.url}/statutes/?q=landlord")
    expect(page.locator("details.filters")).not_to_have_attribute("open", "")
    expect(page.locator("details.filters summary")).to_be_hidden()
    expect(page.locator("#id_jurisdiction")).to_be_visible()


def test_typing_a_search_logs_no_htmx_error(
    page: Page, live_server: LiveServer, built_indexes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from search.web.views import statutes

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)  # each search is still running when the next keystroke asks for one
        return search(*args, **kwargs)

    search = statutes.statute_outcome
    monkeypatch.setattr(statutes, "statute_outcome", slow)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/statutes/")
    page.locator("#id_q").press_sequentially("landlord", delay=400)
    expect(page.locator("#result-status")).to_contain_text("match")
    expect(page).to_have_url(re.compile("q=landlord$"))
    page.goto(f"{live_server.url}/papers/")
    page.locator("#id_query").press_sequentially("low rank adaptation", delay=60)
    expect(page.locator("#result-status")).to_contain_text("match")
    page.locator("#id_entities").press_sequentially("Lo", delay=60)  # suggestions only
    page.wait_for_timeout(500)
    assert not errors, errors


def test_the_admins_rebuild_buttons_are_on_a_phones_screen(
    phone: Page, live_server: LiveServer, built_indexes: Path, django_user_model: Any
) -> None:
    django_user_model.objects.create_superuser("staff", password="phone-test-pass")
    phone.goto(f"{live_server.url}/admin/login/")
    phone.fill("#id_username", "staff")
    phone.fill("#id_password", "phone-test-pass")
    phone.click("input[type=submit]")
    phone.wait_for_url(f"{live_server.url}/admin/")
    phone.goto(f"{live_server.url}/admin/search/indexbuild/")
    buttons = phone.locator(".index-panels a.button", has_text="Rebuild")
    expect(buttons).to_have_count(3)  # statutes, papers, all
    for button in buttons.all():
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    expect(phone.locator(".index-table td[data-label=Documents]").first).to_be_visible()
    phone.screenshot(path=str(built_indexes.parent / "admin-phone.png"), full_page=True)
