"""Paper pages: full page and htmx partial, errors, links that filter, paper page, runs."""

import re
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from search.models import ResearchRun, RunQuery
from tests.paper_support import forget_paper_caches

pytestmark = pytest.mark.django_db
PAGE = "/papers/"
HTMX = {"HTTP_HX_REQUEST": "true"}


def html_of(client: Client, url: str, status: int = 200, **headers: str) -> str:
    response = client.get(url, **headers)
    assert response.status_code == status
    return response.content.decode()


def chips(html: str) -> list[tuple[str, str, bool]]:
    """(href, text, applied) of every entity chip."""
    pattern = r'<a class="chip ([^"]*)" href="([^"]+)"[^>]*>([^<]+)</a>'
    return [
        (unescape(h), unescape(t), "active" in c.split()) for c, h, t in re.findall(pattern, html)
    ]


def test_idle_page_shows_the_form_and_help(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAGE)
    assert 'id="paper-form"' in html and "data-search-box" in html
    assert 'hx-get="/papers/"' in html and 'hx-sync="this:queue last"' in html
    assert "How to search" in html and "Coverage:" in html
    assert 'name="categories" value="cs.CL" id="id_categories_' in html
    assert "cs.CL (3)</label>" in html
    assert ">I.2.7" not in html  # class codes are not offered
    assert '<datalist id="entity-options">' in html and '<option value="LoRA">' in html
    assert '<a href="/papers/">Papers</a>' in html


def test_results_page_renders_rows_facets_and_marks(client: Client, paper_index: Path) -> None:
    response = client.get(PAGE, {"query": "adaptation"})
    html = response.content.decode()
    assert response.status_code == 200 and "HX-Request" in response["Vary"]
    assert "11 passages match; rows 1–6 of 11; showing 6: at most 2 per paper." in html
    assert "<mark>adaptation</mark>" in html or "<mark>Adaptation</mark>" in html
    assert 'class="badge ct ct-abstract"' in html and 'aria-label="Facets"' in html
    assert ">Grace Hopper</a>, <a " in html and ">Alan Turing</a>" in html
    assert "authors=Grace+Hopper" in html and "§ 2 Method · passage 1" in html
    assert 'value="adaptation"' in html  # the form keeps the query


def test_htmx_request_gets_only_the_results_partial(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAGE + "?query=adaptation", **HTMX)
    assert "<html" not in html and 'id="paper-form"' not in html
    assert 'class="hits"' in html and 'hx-swap-oob="innerHTML"' in html
    restore = html_of(client, PAGE + "?query=adaptation", HTTP_HX_HISTORY_RESTORE_REQUEST="true",
                      **HTMX)  # fmt: skip
    assert "<html" in restore and 'id="paper-form"' in restore


def test_entity_chips_add_the_entity_to_the_filter(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAGE + "?query=adaptation&entities=GLUE&categories=cs.CL")
    found = {text: (href, applied) for href, text, applied in chips(html)}
    params = parse_qs(urlsplit(found["LoRA"][0]).query)
    assert params["entities"] == ["GLUE", "LoRA"] and params["query"] == ["adaptation"]
    assert params["categories"] == ["cs.CL"] and not found["LoRA"][1]
    glue_href, glue_applied = found["GLUE"]
    assert glue_applied and parse_qs(urlsplit(glue_href).query)["entities"] == ["GLUE"]
    following = html_of(client, found["LoRA"][0])
    assert 'value="GLUE, LoRA"' in following  # the entity box shows the new filter


def facets_url(html: str) -> str:
    """The facet panel's own URL, as the results page asks for it after the rows."""
    found = re.search(
        r'<aside class="facets" id="facets" aria-label="Facets" hx-get="([^"]+)"', html
    )
    assert found, "the results page has a facet panel to load"
    return unescape(found.group(1))


def test_facets_load_after_the_rows_and_are_counted_over_every_match(
    client: Client, paper_index: Path
) -> None:
    html = html_of(client, PAGE + "?query=adaptation")
    assert "Counts over all" not in html  # the rows come first; counting waits for the panel
    url = facets_url(html)
    assert parse_qs(urlsplit(url).query)["query"] == ["adaptation"]
    panel = html_of(client, url, **HTMX)
    assert "<html" not in panel and "Counts over all 11 matching passages" in panel
    # Without JavaScript the placeholder's link opens the page with the counts in it.
    inline = html_of(client, PAGE + "?query=adaptation&facets=true")
    assert "Counts over all 11 matching passages" in inline


def test_facets_panel_of_bad_input_says_why(client: Client, paper_index: Path) -> None:
    panel = html_of(client, "/papers/facets/?query=adaptation&dateFrom=2025-13", 400, **HTMX)
    assert "could not be made" in panel and "has no month 13" in panel


def test_facet_counts_link_to_filtered_searches(client: Client, paper_index: Path) -> None:
    html = html_of(client, facets_url(html_of(client, PAGE + "?query=adaptation")), **HTMX)
    aside = html[html.index('aria-label="Facets"') :]
    found = re.findall(
        r'<a href="([^"]+)"[^>]*>([^<]+)</a> <span class="count">(\d+)</span>', aside
    )
    by_label = {label: (unescape(href), int(n)) for href, label, n in found}
    href, count = by_label["results"]
    assert parse_qs(urlsplit(href).query)["contentType"] == ["results"]
    narrowed = html_of(client, href)
    assert f"{count} passage" in narrowed
    lora_href, lora_count = by_label["LoRA"]
    assert parse_qs(urlsplit(lora_href).query)["entities"] == ["LoRA"] and lora_count == 4


SEARCH_PARAMS = {
    "query": ["adaptation"], "match": ["any_words"], "sort": ["newest"], "limit": ["3"],
    "dateFrom": ["2020-01-01"], "detail": ["full"], "diversifyBy": ["contentType"],
    "categories": ["cs.CL", "cs.LG"],
}  # fmt: skip


@pytest.mark.parametrize("inline", [False, True])
def test_every_filter_link_keeps_the_other_parameters_and_starts_at_row_one(
    client: Client, paper_index: Path, inline: bool
) -> None:
    from urllib.parse import urlencode

    url = PAGE + "?" + urlencode({**SEARCH_PARAMS, "offset": ["3"]}, doseq=True)
    html = html_of(client, url + ("&facets=true" if inline else ""))
    if not inline:  # the panel loads on its own: its links are what counts
        html += html_of(client, facets_url(html), **HTMX)
    links = [
        unescape(h) for h in re.findall(r'<a (?:class="[^"]*" )?href="(/papers/\?[^"]+)"', html)
    ]
    changed = {"contentType", "entities", "authors"}
    checked = 0
    for link in links:
        params = parse_qs(urlsplit(link).query)
        if not changed & params.keys() and "offset" in params:
            continue  # paging: keeps the offset on purpose
        for name, values in SEARCH_PARAMS.items():
            if name != "authors":
                assert params.get(name) == values, (link, name)
        assert "offset" not in params, link
        assert ("facets" in params) == inline, link
        checked += 1
    assert checked >= 5  # content types, entities and author names all link


def test_an_unclosed_quote_is_said_as_in_the_statute_search(
    client: Client, built_indexes: Path
) -> None:
    from django.utils.html import escape

    from search.text.query_notes import UNCLOSED_QUOTE_WARNING

    shown = f'<p class="warn" role="note">{escape(UNCLOSED_QUOTE_WARNING)}</p>'
    assert shown in html_of(client, PAGE + '?query=low+"rank+adaptation')
    assert shown in html_of(client, '/statutes/?q=landlord+"security+deposit')
    api = client.get("/api/search_keyword", {"query": 'low "rank adaptation'}).json()
    assert UNCLOSED_QUOTE_WARNING in api["note"]
    closed = html_of(client, PAGE + '?query=low+"rank+adaptation"')
    assert "Unclosed quote" not in closed


def test_papers_with_an_arxiv_id_link_their_abstract_page_and_pdf(
    client: Client, paper_index: Path
) -> None:
    html = html_of(client, PAGE + "?query=lora")
    assert '<a href="https://arxiv.org/abs/2106.09685" rel="noopener"' in html
    assert '<a href="https://arxiv.org/pdf/2106.09685" rel="noopener"' in html
    page = html_of(client, "/papers/2106.09685/")
    assert 'href="https://arxiv.org/abs/2106.09685"' in page
    assert 'href="https://arxiv.org/pdf/2106.09685"' in page


def test_truncation_shows_a_banner(client: Client, paper_index: Path, settings: Any) -> None:
    settings.PORTAL_PAPER_POOL_CAP = 2
    html = html_of(client, PAGE + "?query=adaptation")
    assert 'class="banner-warn" role="alert"' in html
    assert "11 chunks match, more than the pool of 2" in html
    assert "Ranked the top 2 of 11 matches" in html


def test_invalid_input_is_a_400_page_with_errors(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAGE + "?query=the+of&dateFrom=2025-13", 400)
    assert "Check the search" in html and "has no month 13" in html
    assert "are very common words" in html
    partial = html_of(client, PAGE + "?query=x&limit=zero", 400, **HTMX)
    assert "<html" not in partial and "limit must be a whole number" in partial


def test_user_text_is_escaped(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAGE + "?query=%3Cscript%3Ealert(1)%3C/script%3E+adaptation")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;" in html


def test_missing_index_is_a_503_page(
    client: Client, paper_index: Path, settings: Any, tmp_path: Path
) -> None:
    settings.PORTAL_INDEX_DIR = tmp_path / "none"
    forget_paper_caches()
    html = html_of(client, PAGE + "?query=lora", 503)
    assert "Search index not available" in html and "not zero matches" in html
    forget_paper_caches()


def test_paper_page_lists_chunks_in_order_with_types_and_entities(
    client: Client, paper_index: Path
) -> None:
    html = html_of(client, "/papers/2106.09685/?query=lora")
    order = [int(n) for n in re.findall(r'id="chunk-(\d+)"', html)]
    assert order == [0, 1, 2, 3]
    assert html.count('class="badge ct ct-') == 4 and "ct-methodology" in html
    assert ">Adam</a>" in html and "<mark>LoRA</mark>" in html
    assert "not self-contained" in html  # chunk 3 opens with "These results"
    assert 'href="https://arxiv.org/abs/2106.09685"' in html


def test_results_link_to_the_paper_page(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAGE + "?query=reader")
    assert 'href="/papers/scirex:abc/?query=reader"' in html
    assert "Question Answering on SQuAD" in html_of(client, "/papers/scirex:abc/")
    html_of(client, "/papers/nope/", 404)


def test_the_paper_page_leads_back_to_the_same_search(client: Client, paper_index: Path) -> None:
    search = "?query=adaptation&match=any_words&dateFrom=2025-01-01&categories=cs.CL&limit=5"
    results = html_of(client, PAGE + search)
    link = unescape(re.search(r'class="paper-title" href="([^"]+)"', results).group(1))  # type: ignore[union-attr]
    paper = html_of(client, link)
    back = unescape(re.search(r'class="crumbs"><a href="([^"]+)"', paper).group(1))  # type: ignore[union-attr]
    assert back.startswith(PAGE + "?") and "Back to the search" in paper
    assert parse_qs(urlsplit(back).query) == parse_qs(urlsplit(PAGE + search).query)
    assert 'href="/papers/">← Paper search' in html_of(client, "/papers/scirex:abc/")


def test_entity_suggestions_come_from_the_vocabulary(client: Client, paper_index: Path) -> None:
    html = html_of(client, "/papers/entities/?entities=GLUE,+co")
    assert '<option value="COCO" label="COCO (dataset)">' in html and "GLUE" not in html


# --- research runs -------------------------------------------------------------------------


def test_runs_need_a_signed_in_user(client: Client, paper_index: Path) -> None:
    response = client.get("/runs/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_create_a_run_search_in_it_and_rerun_from_its_history(
    client: Client, paper_index: Path, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("ada")
    client.force_login(user)
    assert client.post("/runs/", {"name": " "}).status_code == 400
    response = client.post("/runs/", {"name": "PEFT survey"})
    research = ResearchRun.objects.get(owner=user)
    assert response.status_code == 302 and response["Location"] == f"/runs/{research.pk}/"
    page = html_of(client, PAGE)
    assert f'<option value="{research.pk}" >PEFT survey</option>' in page
    # Typing (GET) never records; submitting (POST) does, then shows the search's GET URL.
    html_of(client, f"{PAGE}?query=adaptation&categories=cs.CL&run_id={research.pk}")
    assert not RunQuery.objects.exists()
    submitted = client.post(PAGE, {"query": "adaptation", "categories": "cs.CL",
                                   "run_id": research.pk})  # fmt: skip
    assert submitted.status_code == 303
    shown_at = f"/papers/?query=adaptation&categories=cs.CL&run_id={research.pk}"
    assert submitted["Location"] == shown_at
    assert RunQuery.objects.filter(run=research).count() == 1
    history = html_of(client, f"/runs/{research.pk}/")
    rerun = unescape(re.search(r'<a href="(/papers/\?[^"]+)">page</a>', history).group(1))
    assert parse_qs(urlsplit(rerun).query)["categories"] == ["cs.CL"]
    assert "1 query" in history and "adaptation" in history
    assert "PEFT survey" in html_of(client, "/runs/")


def test_another_users_run_is_not_shown(
    client: Client, paper_index: Path, django_user_model: Any
) -> None:
    owner = django_user_model.objects.create_user("owner")
    research = ResearchRun.objects.create(owner=owner, name="private")
    client.force_login(django_user_model.objects.create_user("other"))
    html_of(client, f"/runs/{research.pk}/", 404)
    assert "private" not in html_of(client, "/runs/")
    html = html_of(client, f"{PAGE}?query=lora&run_id={research.pk}", 400)
    assert "is not one of your research runs" in html


# --- submitting, paging, the paper panel, look-up, exports (issue 12) ---------------------------


def test_an_htmx_submit_records_and_pushes_the_get_url(
    client: Client, paper_index: Path, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("ada")
    research = ResearchRun.objects.create(owner=user, name="PEFT")
    client.force_login(user)
    response = client.post(PAGE, {"query": "adaptation", "run_id": research.pk, "sort": "",
                                  "match": "all_words"}, **HTMX)  # fmt: skip
    assert response.status_code == 200 and "<html" not in response.content.decode()
    assert response["HX-Push-Url"] == f"/papers/?query=adaptation&run_id={research.pk}"
    assert RunQuery.objects.get(run=research).query_string == (
        f"query=adaptation&run_id={research.pk}"
    )
    assert "Recorded in your research run." in response.content.decode()


def test_a_submit_needs_the_csrf_token(paper_index: Path) -> None:
    guarded = Client(enforce_csrf_checks=True)
    assert guarded.post(PAGE, {"query": "adaptation"}).status_code == 403
    page = guarded.get(PAGE)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    assert token, "the form carries its CSRF token"
    submitted = guarded.post(PAGE, {"query": "adaptation", "csrfmiddlewaretoken": token.group(1)})
    assert submitted.status_code == 303 and submitted["Location"] == "/papers/?query=adaptation"


def test_an_invalid_submit_shows_the_errors(client: Client, paper_index: Path) -> None:
    response = client.post(PAGE, {"query": "lora", "sort": "sideways"})
    assert response.status_code == 400 and "Unknown sort sideways" in response.content.decode()
    partial = client.post(PAGE, {"query": "lora", "offset": "-3"}, **HTMX)
    assert partial.status_code == 400 and "HX-Push-Url" not in partial
    assert "offset must not be negative" in partial.content.decode()


def test_pages_link_to_the_next_and_previous_rows(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAGE + "?query=adaptation&limit=2")
    assert "11 passages match; rows 1–2 of 11" in html
    nexts = re.findall(r'<a rel="next" href="([^"]+)#results" hx-get="[^"]+"', html)
    assert nexts and parse_qs(urlsplit(unescape(nexts[0])).query)["offset"] == ["2"]
    assert 'rel="prev"' not in html and "Rows 1–2 of 11" in html and "Next 2 →" in html
    second = html_of(client, unescape(nexts[0]))
    assert "rows 3–4 of 11" in second and 'rel="prev"' in second
    assert re.search(r'<a rel="prev" href="/papers/\?query=adaptation&amp;limit=2#results"', second)
    last = html_of(client, PAGE + "?query=adaptation&limit=4&offset=4")
    assert 'rel="next"' not in last
    assert '<span class="end-note muted" role="note">End of the results' in last
    past = html_of(client, PAGE + "?query=adaptation&offset=40", 400)
    assert "offset=40 is past the end" in past


def test_status_says_when_the_per_paper_cap_held_rows_back(
    client: Client, paper_index: Path
) -> None:
    assert "showing 6: at most 2 per paper" in html_of(client, PAGE + "?query=adaptation")
    wide = html_of(client, PAGE + "?query=adaptation&maxPerDocument=10")
    assert "at most 10 per paper" not in wide and "rows 1–10 of 11." in wide


def test_an_arxiv_id_shows_the_paper_panel(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAGE + "?query=2106.09685")
    assert '<section class="panel paper-panel" aria-label="Paper">' in html
    assert '<a href="/papers/2106.09685/">LoRA: Low-Rank Adaptation' in html
    assert "arXiv:2106.09685" in html and "named paper" in html
    missing = html_of(client, PAGE + "?query=2501.99999")
    assert "arXiv:2501.99999 is not loaded." in missing


def test_author_names_link_to_a_search_by_that_author(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAGE + "?query=noisy&offset=0")
    link = re.search(r'<a href="([^"]+)" class="author"[^>]*>Grace Hopper</a>', html)
    assert link, "the author's name is a link"
    params = parse_qs(urlsplit(unescape(link.group(1))).query)
    assert params["authors"] == ["Grace Hopper"] and params["query"] == ["noisy"]
    narrowed = html_of(client, unescape(link.group(1)))
    assert 'class="author active"' in narrowed
    marked = html_of(client, PAGE + "?query=hopper")
    assert "Grace <mark>Hopper</mark>" in marked and "the author names (hopper)" in marked


def test_the_page_links_its_rows_as_files(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAGE + "?query=adaptation&sort=newest&offset=2&limit=2")
    links = dict(re.findall(r'<a href="(/api/search_keyword\?[^"]+)" download>(\w+)</a>', html))
    assert set(links.values()) == {"CSV", "BibTeX"}
    for href, label in links.items():
        params = parse_qs(urlsplit(unescape(href)).query)
        assert params["format"] == [label.lower()] and params["offset"] == ["2"]
        assert params["sort"] == ["newest"] and "run_id" not in params


def test_paper_lookup_by_title_lists_candidates(client: Client, paper_index: Path) -> None:
    html = html_of(client, "/papers/lookup/?title=adaptation")
    assert "2 candidates for this title" in html and 'href="/papers/2106.09685/"' in html
    exact = html_of(client, "/papers/lookup/?title=Strings+on+Branes")
    assert "exact title" in exact and 'href="/papers/hep-th/9901001/"' in exact
    by_id = client.get("/papers/lookup/?arxiv_id=arXiv:2106.09685v1")
    assert by_id.status_code == 302 and by_id["Location"] == "/papers/2106.09685/"
    assert "Not loaded" in html_of(client, "/papers/lookup/?arxiv_id=2501.99999", 404)
    assert "Look up a paper by its title" in html_of(client, PAGE)


def test_runs_page_lists_each_runs_queries_with_rerun_links(
    client: Client, paper_index: Path, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("ada")
    research = ResearchRun.objects.create(owner=user, name="PEFT")
    client.force_login(user)
    for query in ("adaptation", "lora"):
        client.post(PAGE, {"query": query, "run_id": research.pk})
    html = html_of(client, "/runs/")
    found = re.findall(r'<a href="(/papers/\?[^"]+)" title="Run this search again">(\w+)</a>', html)
    assert [text for _, text in found] == ["lora", "adaptation"]  # newest first
    assert parse_qs(urlsplit(unescape(found[0][0])).query)["query"] == ["lora"]
