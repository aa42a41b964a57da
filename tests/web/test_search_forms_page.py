"""The search forms as pages render them: limits from settings, the Filters disclosure (open
when a filter is set and nothing is shown yet; with results, one closed line naming what is set),
the categories checklist, and no live-search abort on every keystroke."""

import re
from pathlib import Path
from typing import Any

from django.test import Client

from search.papers.request import DEFAULT_MAX_PER_DOCUMENT, MAX_PER_DOCUMENT_LIMIT
from search.templatetags.search_forms import filters_set, filters_summary
from search.text.query import MAX_QUERY_CHARS

STATUTES = "/statutes/"
PAPERS = "/papers/"


def html_of(client: Client, url: str, **params: Any) -> str:
    response = client.get(url, params)
    assert response.status_code in (200, 400), response.status_code
    return response.content.decode()


def disclosure(html: str) -> str:
    found = re.search(
        r'<details class="filters wide"( open)?>\s*<summary>(.*?)</summary>', html, re.S
    )
    assert found, "no Filters disclosure"
    summary = " ".join(re.sub(r"<[^>]+>", "", found.group(2)).split())
    return ("open " if found.group(1) else "closed ") + summary


def test_limits_come_from_settings_not_the_template(
    client: Client, statute_index: Path, paper_index: Path, settings: Any
) -> None:
    settings.PORTAL_STATUTE_LIMIT_MAX, settings.PORTAL_STATUTE_LIMIT_DEFAULT = 30, 7
    settings.PORTAL_PAPER_LIMIT_MAX, settings.PORTAL_PAPER_LIMIT_DEFAULT = 60, 9
    statutes = html_of(client, STATUTES)
    assert ">Rows (at most 30)</label>" in statutes and 'placeholder="7"' in statutes
    assert "at most 50" not in statutes
    papers = html_of(client, PAPERS)
    assert ">Rows (at most 60)</label>" in papers and 'placeholder="9"' in papers
    assert "at most 100" not in papers
    assert f'placeholder="{DEFAULT_MAX_PER_DOCUMENT}"' in papers
    assert f'max="{MAX_PER_DOCUMENT_LIMIT}"' in papers
    for html in (statutes, papers):
        assert f'maxlength="{MAX_QUERY_CHARS}"' in html and 'maxlength="10000"' not in html


def test_the_statute_filters_fold_to_a_line_once_results_show(
    client: Client, statute_index: Path
) -> None:
    assert disclosure(html_of(client, STATUTES)) == "closed Filters"
    assert disclosure(html_of(client, STATUTES, q="landlord")) == "closed Filters"
    assert disclosure(html_of(client, STATUTES, q="landlord", jurisdiction="wa")) == (
        "closed Filters 1 set Jurisdiction: WA"
    )
    # Nothing shown yet (no words): a chosen filter is in view.
    assert disclosure(html_of(client, STATUTES, jurisdiction="wa")) == (
        "open Filters 1 set Jurisdiction: WA"
    )
    # A bad value is in view with its error.
    assert disclosure(html_of(client, STATUTES, q="landlord", limit="x")).startswith("open")


def test_the_paper_filters_fold_to_a_line_once_results_show(
    client: Client, paper_index: Path
) -> None:
    assert disclosure(html_of(client, PAPERS, query="adaptation")) == "closed Filters"
    chosen = html_of(client, PAPERS, query="adaptation", categories="cs.CL", dateFrom="2025")
    assert disclosure(chosen) == "closed Filters 2 set Published from: 2025 · Categories: cs.CL"
    bad = html_of(client, PAPERS, query="adaptation", dateFrom="2025-13")
    assert disclosure(bad) == "open Filters 1 set Published from: 2025-13"
    # Facets are no filter of the form: asking for them keeps the filters folded.
    assert disclosure(html_of(client, PAPERS, query="adaptation", facets="true")) == (
        "closed Filters"
    )


def test_filters_set_counts_fields_with_a_value(paper_index: Path) -> None:
    from django.http import QueryDict

    from search.papers.catalog import load_catalog
    from search.papers.forms import PaperSearchForm

    form = PaperSearchForm(
        QueryDict("query=x&categories=&categories=cs.CL&entities=+&limit=5"),
        catalog=load_catalog(),
    )
    assert filters_set(form, "query") == 2
    assert filters_set(PaperSearchForm(catalog=load_catalog()), "query") == 0
    assert filters_summary(form, "query") == "Rows: 5 · Categories: cs.CL"


def test_filters_summary_names_choices_switches_and_codes(statute_index: Path) -> None:
    from django.http import QueryDict

    from search.statutes.catalog import load_catalog
    from search.statutes.search.forms import StatuteSearchForm

    data = QueryDict("q=x&jurisdiction=wa,us&stem=true&headings=false&include=cfr")
    form = StatuteSearchForm(data, catalog=load_catalog())
    assert filters_summary(form, "q") == (
        "Jurisdiction: WA, US · Also include regulations: CFR · Match word forms"
    )


def test_the_categories_checklist_shows_what_is_chosen(client: Client, paper_index: Path) -> None:
    html = html_of(client, PAPERS, query="adaptation", categories="cs.CL,cs.LG")
    checked = re.findall(
        r'<input type="checkbox" name="categories" value="([^"]+)"[^>]*checked', html
    )
    assert checked == ["cs.CL", "cs.LG"]
    assert "Chosen: <strong>cs.CL,cs.LG</strong>" in html
    assert "<select" not in html.split('id="categories-list"')[1].split("</fieldset>")[0]
    assert "None chosen: every category." in html_of(client, PAPERS, query="adaptation")
    # The narrowing box sends nothing (no name) and is shown by the script only.
    assert re.search(r'<input type="search" class="picker-filter"[^>]*hidden>', html)
    assert 'name="" class="picker-filter"' not in html


def test_live_search_waits_for_the_request_in_flight_instead_of_aborting_it(
    client: Client, statute_index: Path, paper_index: Path
) -> None:
    statutes, papers = html_of(client, STATUTES), html_of(client, PAPERS)
    assert re.search(r'id="statute-form"[^>]*hx-sync="this:queue last"', statutes)
    assert re.search(r'id="paper-live"[^>]*hx-sync="this:queue last"', papers)
    assert re.search(r'id="id_entities"[^>]*hx-sync="this:queue last" hx-indicator="this"', papers)
    assert 'hx-indicator="none"' not in statutes + papers
