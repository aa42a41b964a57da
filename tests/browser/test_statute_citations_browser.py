"""Citations, state + federal, paging and the browse pages in real Chromium."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def plain_static_urls(settings: object) -> None:
    """Unhashed static URLs (the live server serves /static/ from the finders)."""
    settings.STORAGES = {  # type: ignore[attr-defined]
        **settings.STORAGES,  # type: ignore[attr-defined]
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def test_a_typed_citation_is_offered_and_enter_opens_the_section(
    page: Page, live_server: object, statute_index: Path
) -> None:
    page.goto(live_server.url + "/statutes/")  # type: ignore[attr-defined]
    page.locator("#id_q").press_sequentially("Wash. Rev. Code § 59.18.280", delay=15)
    # While typing, the page stays and offers the section.
    expect(page.locator(".open-section a.open")).to_contain_text("Open RCW 59.18.280")
    expect(page).to_have_url(re.compile(r"/statutes/\?q="))
    page.locator("#id_q").press("Enter")
    expect(page).to_have_url(re.compile(r"/statutes/wa:statute:59\.18\.280/\?.*cited=true"))
    expect(page.locator("h1")).to_contain_text("RCW 59.18.280")
    banner = page.locator(".cited-banner")
    expect(banner).to_contain_text("is this section's citation")
    banner.get_by_role("link", name="Search these words instead").click()
    expect(page).to_have_url(re.compile(r"words=true"))
    expect(page.locator("#result-status")).to_contain_text("matching section")


def test_a_chapter_citation_lists_the_chapter(
    page: Page, live_server: object, statute_index: Path
) -> None:
    page.goto(live_server.url + "/statutes/?q=RCW+59.18")  # type: ignore[attr-defined]
    expect(page.locator("#result-status")).to_have_text(
        "Chapter 59.18: rows 1–5 of 5 sections, in code order."
    )
    # In code order (the test file lists 59.18.260 first).
    expect(page.locator("ol.hits .cite").first).to_have_text("RCW 59.18.060")


def test_my_state_plus_federal_in_one_step(
    page: Page, live_server: object, statute_index: Path
) -> None:
    page.goto(live_server.url + "/statutes/?q=housing+deposit&jurisdiction=wa")  # type: ignore[attr-defined]
    expect(page.locator("ol.hits .badge[title=Jurisdiction]").first).to_have_text("WA")
    page.locator("#id_with_federal").check()
    expect(page).to_have_url(re.compile(r"jurisdiction=wa&jurisdiction=us"))
    badges = page.locator("ol.hits .badge[title=Jurisdiction]")
    expect(badges.filter(has_text="US")).not_to_have_count(0)
    expect(badges.filter(has_text="WA")).not_to_have_count(0)
    expect(page.locator("#jurisdiction-warning")).to_have_text("")


def test_typing_again_in_a_federal_search_stays_federal(
    page: Page, live_server: object, statute_index: Path
) -> None:
    page.goto(live_server.url + "/statutes/?q=dwelling&jurisdiction=us")  # type: ignore[attr-defined]
    expect(page.locator("#id_jurisdiction")).to_have_value("us")
    page.locator("#id_q").press("End")
    page.locator("#id_q").press_sequentially(" rent", delay=15)
    expect(page).to_have_url(re.compile(r"q=dwelling(\+|%20)rent&jurisdiction=us"))
    badges = page.locator("ol.hits .badge[title=Jurisdiction]")
    expect(badges.first).to_have_text("US")
    expect(badges.filter(has_text="WA")).to_have_count(0)


def test_next_and_previous_pages(page: Page, live_server: object, statute_index: Path) -> None:
    page.goto(live_server.url + "/statutes/?q=landlord+retaliate&limit=2")  # type: ignore[attr-defined]
    expect(page.locator("#result-status")).to_contain_text(re.compile(r"Rows 1–2 of \d+ "))
    page.locator("a[rel=next]").click()
    expect(page.locator("#result-status")).to_contain_text(re.compile(r"Rows 3–4 of \d+ "))
    expect(page).to_have_url(re.compile(r"offset=2"))
    expect(page.locator("ol.hits .rank").first).to_have_text("3.")
    page.locator("a[rel=prev]").click()
    expect(page.locator("#result-status")).to_contain_text(re.compile(r"Rows 1–2 of \d+ "))
    expect(page.locator("a.csv")).to_have_attribute("href", re.compile(r"format=csv"))


def test_browse_from_the_sources_to_a_section_and_back_to_its_chapter(
    page: Page, live_server: object, statute_index: Path
) -> None:
    page.goto(live_server.url + "/sources/")  # type: ignore[attr-defined]
    page.locator('a[href="/sources/wa-stat/"]').first.click()
    expect(page.locator("h1")).to_contain_text("Revised Code of Washington")
    page.get_by_role("link", name=re.compile(r"^Chapter 59\.18 — ")).click()
    expect(page.locator("h1")).to_contain_text("Chapter 59.18")
    expect(page.locator("ol.chapter-sections li")).to_have_count(5)
    page.get_by_role("link", name="RCW 59.18.310").click()
    trail = page.locator(".crumbs .trail li")
    expect(trail).to_have_text(
        ["Revised Code of Washington", "Title 59", "Chapter 59.18", "RCW 59.18.310"]
    )
    page.locator("a.xref", has_text="RCW 59.18.280").click()
    expect(page.locator("h1")).to_contain_text("RCW 59.18.280")
    page.locator(".crumbs .trail").get_by_role("link", name="Chapter 59.18").click()
    page.fill("#chapter-q", "deposit")
    page.locator("form.chapter-search button").click()
    expect(page).to_have_url(re.compile(r"chapter=59\.18"))
    expect(page.locator(".coverage").first).to_contain_text("chapter 59.18 (title 59) alone")
