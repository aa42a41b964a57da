"""Paper search in real Chromium: live search (URL replaced), submit (URL pushed, recorded in
a research run), Back to the previous submitted search, paging, chips, a paper."""

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


def submit(page: Page, *, button: bool = False) -> None:
    """Press Enter in the query box (or the Search button) and wait until the submitted search
    is in the history."""
    entries = page.evaluate("history.length")
    if button:
        page.locator("#paper-form button[type=submit]").click()
    else:
        page.locator("#id_query").press("Enter")
    for _ in range(200):  # wait_for_function evaluates a string: the page's CSP forbids it
        if page.evaluate("history.length") == entries + 1:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the submitted search was not pushed into the history")


def test_type_filter_submit_go_back_and_open_a_paper(
    page: Page, live_server: object, built_indexes: Path
) -> None:
    open_search(page, live_server)
    entries = page.evaluate("history.length")
    page.locator("#id_query").press_sequentially("adaptation", delay=20)
    expect(page.locator("#result-status")).to_have_text(
        "11 passages match; rows 1–6 of 11; showing 6: at most 2 per paper."
    )
    expect(page.locator("ol.hits > li")).to_have_count(6)
    expect(page.locator("ol.hits mark").first).to_be_visible()
    expect(page.locator(".facets")).to_contain_text("LoRA")
    expect(page).to_have_url(re.compile(r"/papers/\?query=adaptation$"))
    assert page.evaluate("history.length") == entries  # typing replaced the URL
    submit(page)  # pushed

    page.check("input[name=contentType][value=results]")
    expect(page).to_have_url(re.compile(r"contentType=results"))
    expect(page.locator("#result-status")).to_have_text(re.compile(r"^3 passages match"))
    expect(page.locator("ol.hits .ct-results")).to_have_count(3)
    assert page.evaluate("window.__notReloaded") is True
    submit(page, button=True)

    page.go_back()  # the search submitted before: adaptation, every content type
    expect(page).to_have_url(re.compile(r"/papers/\?query=adaptation$"))
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
    page.click("#paper-form button[type=submit]")
    expect(page).to_have_url(re.compile(r"query=noisy"))
    expect(page.locator("ol.hits > li")).to_have_count(1)
    context.close()


def test_back_skips_half_typed_searches(
    page: Page, live_server: object, built_indexes: Path
) -> None:
    open_search(page, live_server)
    box = page.locator("#id_query")
    box.press_sequentially("noisy", delay=20)
    expect(page.locator("ol.hits > li")).to_have_count(1)
    submit(page)
    expect(page).to_have_url(re.compile(r"query=noisy$"))
    box.fill("")
    box.press_sequentially("speech", delay=20)
    expect(page).to_have_url(re.compile(r"query=speech$"))  # typed: replaced
    box.fill("")
    box.press_sequentially("lora", delay=20)
    expect(page).to_have_url(re.compile(r"query=lora$"))
    submit(page)
    page.go_back()  # not "speech" (half-typed), but the search submitted before
    expect(page).to_have_url(re.compile(r"query=noisy$"))
    expect(page.locator("#id_query")).to_have_value("noisy")
    expect(page.locator("ol.hits > li")).to_have_count(1)
    page.go_back()
    expect(page).to_have_url(re.compile(r"/papers/$"))
    expect(page.locator(".idle h2")).to_have_text("How to search")
    page.go_forward()
    expect(page).to_have_url(re.compile(r"query=noisy$"))


def test_next_and_previous_pages(page: Page, live_server: object, built_indexes: Path) -> None:
    page.goto(live_server.url + "/papers/?query=adaptation&limit=2")  # type: ignore[attr-defined]
    expect(page.locator("#result-status")).to_contain_text("rows 1–2 of 11")
    page.locator("nav.paging a[rel=next]").click()
    expect(page).to_have_url(re.compile(r"offset=2"))
    expect(page.locator("#result-status")).to_contain_text("rows 3–4 of 11")
    expect(page.locator("ol.hits .rank").first).to_have_text("3")
    page.locator("nav.paging a[rel=next]").click()
    expect(page.locator("#result-status")).to_contain_text("rows 5–6 of 11")
    expect(page.locator("nav.paging a[rel=next]")).to_have_count(0)
    expect(page.locator("nav.paging .end-note")).to_contain_text("End of the results")
    page.locator("nav.paging a[rel=prev]").click()
    expect(page).to_have_url(re.compile(r"offset=2"))
    page.go_back()
    expect(page).to_have_url(re.compile(r"offset=4"))
    expect(page.locator("#result-status")).to_contain_text("rows 5–6 of 11")
    page.screenshot(path=str(built_indexes.parent / "paging.png"), full_page=True)


def test_only_submitted_searches_join_a_research_run(
    page: Page, live_server: object, built_indexes: Path, django_user_model: object
) -> None:
    from search.models import ResearchRun, RunQuery

    user = django_user_model.objects.create_user("ada", password="pw-for-ada")  # type: ignore[attr-defined]
    research = ResearchRun.objects.create(owner=user, name="PEFT")
    page.goto(live_server.url + "/accounts/login/")  # type: ignore[attr-defined]
    page.fill("#id_username", "ada")
    page.fill("#id_password", "pw-for-ada")
    page.click("button[type=submit]")
    expect(page.locator("h1")).to_have_text("Research runs")
    open_search(page, live_server)
    page.select_option("#id_run_id", str(research.pk))
    box = page.locator("#id_query")
    for word in ("adapt", "ation", " speech"):
        box.press_sequentially(word, delay=30)
        page.wait_for_timeout(600)  # a pause while typing: a live search each time
    expect(page.locator("ol.hits > li").first).to_be_visible()
    assert not RunQuery.objects.exists()
    box.press("Enter")
    expect(page.locator(".summary")).to_contain_text("Recorded in your research run.")
    assert list(RunQuery.objects.values_list("query", flat=True)) == ["adaptation speech"]
    page.goto(live_server.url + "/runs/")  # type: ignore[attr-defined]
    page.locator("a[title='Run this search again']", has_text="adaptation speech").click()
    expect(page.locator("#id_query")).to_have_value("adaptation speech")
    expect(page.locator("#id_run_id")).to_have_value(str(research.pk))
    assert RunQuery.objects.count() == 1  # re-running from the history does not record


def test_facet_links_keep_the_order_and_every_other_choice(
    page: Page, live_server: object, built_indexes: Path
) -> None:
    page.goto(live_server.url + "/papers/?query=adaptation&sort=newest&limit=3&offset=3")  # type: ignore[attr-defined]
    link = page.locator("aside.facets a", has_text="LoRA")  # the panel loads after the rows
    expect(link).to_be_visible()
    link.click()
    expect(page).to_have_url(re.compile(r"entities=LoRA"))
    for kept in ("sort=newest", "limit=3", "query=adaptation"):
        expect(page).to_have_url(re.compile(kept))
    assert "offset=" not in page.url  # a narrowed search starts at its first row
    expect(page.locator("#id_sort")).to_have_value("newest")
    expect(page.locator("#result-status")).to_contain_text("rows 1–")
