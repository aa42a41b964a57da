"""Paging (`offset`) and CSV export of statute searches: no overlap, no gap, clear ends."""

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.answers.csv_answers import cell, slug

pytestmark = pytest.mark.django_db

API = "/api/statute_search"
# Matches 7 corpus sections, five of them tied (the Utah rows), so ties straddle pages.
QUERY = "landlord retaliate"


def api(client: Client, **params: Any) -> tuple[int, dict[str, Any]]:
    response = client.get(API, params)
    return response.status_code, response.json()


def test_pages_never_overlap_or_skip_a_row(client: Client, statute_index: Path) -> None:
    _, whole = api(client, q=QUERY, limit=50)
    total = whole["total"]
    assert total > 6
    seen: list[str] = []
    offset: int | None = 0
    while offset is not None:
        _, page = api(client, q=QUERY, limit=2, offset=offset)
        assert [r["rank"] for r in page["results"]] == list(range(offset + 1, offset + 3))[
            : len(page["results"])
        ]
        seen += [r["id"] for r in page["results"]]
        offset = page["next_offset"]
    assert seen == [r["id"] for r in whole["results"]]


def test_the_status_line_names_the_rows_shown(client: Client, statute_index: Path) -> None:
    html = client.get("/statutes/", {"q": QUERY, "limit": 2, "offset": 2}).content.decode()
    assert "Rows 3–4 of" in html
    # Without JavaScript a page opens at its rows (#results); htmx gets the URL without it.
    assert 'rel="prev" href="/statutes/?q=landlord+retaliate&amp;limit=2#results"' in html
    assert 'hx-get="/statutes/?q=landlord+retaliate&amp;limit=2&amp;offset=4"' in html
    assert (
        'rel="next" href="/statutes/?q=landlord+retaliate&amp;limit=2&amp;offset=4#results"' in html
    )
    assert '<ol class="hits" aria-label="Matching sections" start="3">' in html


def test_the_last_page_says_the_list_ended(client: Client, statute_index: Path) -> None:
    _, whole = api(client, q=QUERY, limit=50)
    last = whole["total"] - 1
    _, body = api(client, q=QUERY, offset=last)
    assert body["next_offset"] is None and len(body["results"]) == 1
    assert "End of the list" in body["note"]
    html = client.get("/statutes/", {"q": QUERY, "offset": last}).content.decode()
    assert 'rel="next"' not in html
    # The page says it in the paging bar, in the API note's own words.
    end = f"End of the list: all {whole['total']} matching sections have been shown."
    assert end in body["note"] and f'<span class="end-note muted" role="note">{end}</span>' in html


def test_an_offset_past_the_end_is_a_400(client: Client, statute_index: Path) -> None:
    _, whole = api(client, q=QUERY)
    status, body = api(client, q=QUERY, offset=whole["total"])
    assert status == 400
    assert body["errors"]["offset"] == [
        f"offset={whole['total']} is past the end: {whole['total']} sections match, so offset "
        f"must be below {whole['total']}."
    ]
    assert body["note"].startswith("Bad request") and body["coverage_note"]
    page = client.get("/statutes/", {"q": QUERY, "offset": whole["total"]})
    assert page.status_code == 400 and b"past the end" in page.content


def test_paging_stops_at_the_rank_cap(client: Client, statute_index: Path, settings: Any) -> None:
    settings.PORTAL_STATUTE_RANK_CAP = 3
    _, body = api(client, q=QUERY, limit=2, offset=2)
    assert len(body["results"]) == 1 and body["next_offset"] is None
    assert "Paging stops at row 3" in body["note"]
    status, body = api(client, q=QUERY, offset=3)
    assert status == 400 and "past the end of what is ranked" in body["errors"]["offset"][0]

    # A chapter read as a citation is listed in file order, not ranked: it pages to its end.
    _, chapter = api(client, q="RCW 59.18", limit=50)
    assert chapter["total"] > 3
    status, body = api(client, q="RCW 59.18", limit=2, offset=3)
    assert status == 200 and body["results"][0]["id"] == chapter["results"][3]["id"]


def test_csv_export_has_the_rows_of_the_page(client: Client, statute_index: Path) -> None:
    params = {"q": QUERY, "limit": 2, "offset": 2, "jurisdiction": "wa,ut"}
    _, body = api(client, **params)
    response = client.get(API, {**params, "format": "csv"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="statute-search-landlord-retaliate-rows-3-4.csv"'
    )
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert list(rows[0]) == [
        "rank", "citation", "heading", "jurisdiction", "corpus", "source", "as_of", "url",
        "score", "matched_terms", "id",
    ]  # fmt: skip
    assert [r["id"] for r in rows] == [r["id"] for r in body["results"]]
    assert [r["rank"] for r in rows] == ["3", "4"]
    assert rows[0]["matched_terms"] == "; ".join(body["results"][0]["matched_terms"])


def test_the_page_links_the_csv_of_its_rows(client: Client, statute_index: Path) -> None:
    html = client.get("/statutes/", {"q": QUERY, "offset": 2}).content.decode()
    assert 'href="/api/statute_search?q=landlord+retaliate&amp;offset=2&amp;format=csv"' in html


def test_a_csv_of_a_bad_request_is_the_usual_json_400(client: Client, statute_index: Path) -> None:
    status, body = api(client, q=QUERY, format="csv", offset="-3")
    assert status == 400 and "offset" in body["errors"]


def test_csv_cells_never_run_as_formulas() -> None:
    assert cell("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert cell("-5") == "'-5" and cell(12.5) == "12.5" and cell(None) == ""
    assert cell(("a", "b")) == "a; b"
    assert slug('Kansas "deposit" §') == "kansas-deposit" and slug("§") == "query"
    # Accents fold to ASCII, as in the paper exports' file names.
    assert slug("José García-Pérez") == "jose-garcia-perez"


def test_paging_links_report_a_failed_page(client: Client, statute_index: Path) -> None:
    # An htmx page request that fails (4xx, 5xx, network) replaces the rows with an error panel
    # (static/js/portal.js) only on elements marked data-swap-errors.
    html = client.get("/statutes/", {"q": QUERY, "limit": 2, "offset": 2}).content.decode()
    links = [line for line in html.splitlines() if 'rel="prev"' in line or 'rel="next"' in line]
    assert len(links) == 2 and all("data-swap-errors" in line for line in links)
