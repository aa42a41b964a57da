"""Statute pages: full page, htmx partial, history restore, section and sources pages."""

from pathlib import Path

import pytest
from django.test import Client

from search.statutes.search.results_page import PARAMS
from search.statutes.sections.forms import CARRIED

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
SEARCH = "/statutes/"


def page(client: Client, url: str = SEARCH, **headers: str) -> tuple[int, str]:
    response = client.get(url, **headers)  # type: ignore[arg-type]
    return response.status_code, response.content.decode()


def test_empty_page_shows_the_form_and_how_to_search(client: Client, statute_index: Path) -> None:
    status, html = page(client)
    assert status == 200
    assert "<html" in html and 'id="statute-form"' in html
    assert 'hx-get="/statutes/"' in html and 'hx-push-url="true"' in html
    assert 'hx-sync="this:queue last"' in html and "delay:" in html
    assert 'method="get"' in html and 'action="/statutes/"' in html  # works without JS
    assert "How to search" in html and 'aria-live="polite"' in html
    assert "data-search-box" in html and '<label for="id_q">' in html
    assert "No jurisdiction: results will mix states" in html
    assert 'href="/statutes/">Statutes</a>' in html and 'href="/sources/">Sources</a>' in html


def test_search_renders_the_whole_page_without_htmx(client: Client, statute_index: Path) -> None:
    status, html = page(client, SEARCH + '?q=landlord+"security+deposit"+return&jurisdiction=wa')
    assert status == 200 and "<html" in html
    assert "Rows 1–2 of 2 matching sections" in html
    assert "<mark>security deposit</mark>" in html
    assert "Matched 3 of 3 terms" in html
    assert 'href="/statutes/wa:statute:59.18.280/?q=landlord' in html
    assert "Scope: Washington (WA)" in html
    assert '<option value="wa" selected>' in html


def test_a_federal_search_keeps_federal_law_chosen_in_the_form(
    client: Client, statute_index: Path
) -> None:
    """Federal law alone is the select's choice, so the next search (typing again, paging)
    stays federal instead of widening to every jurisdiction; with a state it is the tick."""
    status, html = page(client, SEARCH + "?q=dwelling&jurisdiction=us")
    assert status == 200 and "Scope: United States (federal) (US)" in html
    assert '<option value="us" selected>' in html
    assert 'id="id_with_federal">' in html  # not ticked: the select says it
    _, both = page(client, SEARCH + "?q=dwelling&jurisdiction=wa&jurisdiction=us")
    assert '<option value="wa" selected>' in both and '<option value="us" selected>' not in both
    assert 'id="id_with_federal" checked>' in both


def test_htmx_request_gets_only_the_results_partial(client: Client, statute_index: Path) -> None:
    status, html = page(client, SEARCH + "?q=landlord&jurisdiction=id", **HX)
    assert status == 200
    assert "<html" not in html and 'id="statute-form"' not in html
    assert 'class="hits"' in html
    assert '<p id="result-status" hx-swap-oob="innerHTML">' in html
    assert 'id="jurisdiction-warning" class="field-warn" hx-swap-oob="true"' in html


def test_htmx_response_varies_on_the_htmx_headers(client: Client, statute_index: Path) -> None:
    response = client.get(SEARCH + "?q=landlord", **HX)  # type: ignore[arg-type]
    assert "HX-Request" in response["Vary"]


def test_history_restore_gets_the_full_page(client: Client, statute_index: Path) -> None:
    status, html = page(
        client, SEARCH + "?q=landlord", HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HX
    )
    assert status == 200 and "<html" in html and 'id="statute-form"' in html


def test_title_field_is_swapped_only_when_the_source_changes(
    client: Client, statute_index: Path
) -> None:
    changed = {"HTTP_HX_CURRENT_URL": "http://testserver/statutes/?q=escrow", **HX}
    _, html = page(client, SEARCH + "?q=escrow&source=cfr", **changed)
    assert 'id="title-field" hx-swap-oob="true"' in html
    assert '<option value="1024">1024</option>' in html
    same = {"HTTP_HX_CURRENT_URL": "http://testserver/statutes/?q=escro&source=cfr", **HX}
    _, html = page(client, SEARCH + "?q=escrow&source=cfr&title=1024", **same)
    assert 'id="title-field"' not in html


def test_bad_input_is_a_400_page_with_the_errors(client: Client, statute_index: Path) -> None:
    status, html = page(client, SEARCH + "?q=landlord&limit=lots&jurisdiction=zz")
    assert status == 400 and "<html" in html
    assert "Check the search" in html and 'role="alert"' in html
    assert '<a href="#id_limit">limit</a>: limit must be a whole number.' in html
    assert "Unknown jurisdiction &#x27;zz&#x27;" in html
    assert 'value="landlord"' in html  # the form keeps what was typed


def test_bad_input_over_htmx_is_a_400_partial(client: Client, statute_index: Path) -> None:
    status, html = page(client, SEARCH + "?q=the&limit=2", **HX)
    assert status == 400 and "<html" not in html
    assert "Nothing left to search: &#x27;the&#x27; is a very common word" in html


def test_cleared_query_is_not_an_error(client: Client, statute_index: Path) -> None:
    status, html = page(client, SEARCH + "?q=&jurisdiction=wa", **HX)
    assert status == 200 and "How to search" in html


def test_missing_index_shows_a_503_panel(
    client: Client, statutes_loaded: Path, index_root: Path
) -> None:
    status, html = page(client, SEARCH + "?q=landlord&jurisdiction=wa")
    assert status == 503
    assert "Search index not available" in html and "not</strong> a result of zero" in html
    assert 'class="hits"' not in html and "No section matched" not in html


def test_empty_results_say_what_was_searched_and_what_to_try(
    client: Client, statute_index: Path
) -> None:
    _, html = page(client, SEARCH + '?q="deposit+security"&jurisdiction=id')
    assert "No section matched" in html
    assert "<code>&quot;deposit security&quot;</code> in ID" in html
    assert "try the words without quotes" in html


def test_query_and_data_are_escaped(client: Client, statute_index: Path) -> None:
    q = "?q=%3Cscript%3Ealert(2)%3C%2Fscript%3E+tenant+written&jurisdiction=wa"
    _, html = page(client, SEARCH + q)
    assert "<script>alert(" not in html
    # From the section body: escaped, with the matched words marked inside the escaped text.
    assert "&lt;<mark>script</mark>&gt;<mark>alert</mark>(1)&lt;/<mark>script</mark>&gt;" in html
    assert "&lt;script&gt;alert(2)&lt;/script&gt; tenant written" in html  # the query, in the box


def test_citation_among_words_is_offered_above_the_results(
    client: Client, statute_index: Path
) -> None:
    _, html = page(client, SEARCH + "?q=landlord+RCW+59.18.060+duties")
    assert html.index("Citation match") < html.index("Terms searched")
    assert 'href="/statutes/wa:statute:59.18.060/?q=landlord+RCW+59.18.060+duties"' in html


def test_ends_at_colon_badge_is_explained(client: Client, statute_index: Path) -> None:
    _, html = page(client, SEARCH + "?q=habitation&jurisdiction=wa")
    assert "ends at a colon" in html and "the list this section introduces is missing" in html


def test_section_page_shows_text_metadata_and_neighbours(
    client: Client, statutes_loaded: Path
) -> None:
    status, html = page(
        client, "/statutes/wa:statute:59.18.280/?q=return+%22security+deposit%22&jurisdiction=wa"
    )
    assert status == 200
    assert "<mark>return</mark>" in html and "<mark>security deposit</mark>" in html
    assert "2 matches highlighted" in html
    assert 'data-copy="RCW 59.18.280"' in html
    # Neighbours in code order (the fixture's file order is 260, 280, 060, 070, 310).
    assert 'rel="prev" href="/statutes/wa:statute:59.18.260/?q=return' in html
    assert 'rel="next" href="/statutes/wa:statute:59.18.310/?q=return' in html
    assert 'href="/statutes/?q=return+%22security+deposit%22&amp;jurisdiction=wa"' in html
    assert "Revised Code of Washington" in html
    assert "<dt>As of</dt><dd>2024</dd>" in html


def test_section_page_carries_the_search_page_parameters() -> None:
    assert CARRIED == PARAMS


@pytest.mark.parametrize(
    ("query", "ignored"),
    [
        ("q=" + "deposit+" * 120, "q"),  # 960 characters, past the search's 800
        ("q=deposit%00", "q"),
        ("stem=%00&q=deposit", "stem"),
        ("jurisdiction=" + "w" * 201, "jurisdiction"),
        ("&".join(["include=cfr"] * 61), "include"),
    ],
)
def test_section_page_names_a_parameter_it_does_not_use(
    client: Client, statutes_loaded: Path, query: str, ignored: str
) -> None:
    status, html = page(client, f"/statutes/wa:statute:59.18.280/?{query}&limit=5")
    assert status == 400
    assert 'class="error panel" role="alert"' in html and f"<li><code>{ignored}</code>: " in html
    assert 'data-copy="RCW 59.18.280"' in html
    # Words past their bound are not highlighted; valid ones are, beside another's error.
    assert ("<mark>deposit</mark>" in html) is (ignored != "q" and "q=deposit" in query)
    # The links keep the valid parameters only.
    assert f"{ignored}=" not in html.split('rel="prev" href="', 1)[1].split('"', 1)[0]
    assert 'rel="prev" href="/statutes/wa:statute:59.18.260/?' in html
    assert "limit=5" in html.split('rel="prev" href="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize(
    "query",
    [
        "q=%ff%fe+deposit",  # not UTF-8: decoded with replacement characters
        "q=%ED%A0%80",  # a lone surrogate's bytes
        "q=1" + "0" * 30 + "&limit=1" + "0" * 30,
        "q=escrow&q=deposit&stem=maybe&cited=perhaps",
        "q[]=deposit&jurisdiction[]=wa",
    ],
)
def test_section_page_takes_odd_but_bounded_parameters(
    client: Client, statutes_loaded: Path, query: str
) -> None:
    status, html = page(client, f"/statutes/wa:statute:59.18.280/?{query}")
    assert status == 200 and 'data-copy="RCW 59.18.280"' in html
    assert "Not used from the address" not in html


def test_section_page_highlights_the_last_words_given(
    client: Client, statutes_loaded: Path
) -> None:
    status, html = page(client, "/statutes/wa:statute:59.18.280/?q=escrow&q=deposit&stem=maybe")
    assert status == 200 and "<mark>deposit</mark>" in html and "<mark>escrow</mark>" not in html
    assert 'rel="prev" href="/statutes/wa:statute:59.18.260/?q=deposit&amp;stem=maybe"' in html


def test_section_page_without_a_query_has_no_marks(client: Client, statutes_loaded: Path) -> None:
    status, html = page(client, "/statutes/wa:statute:59.18.070/")
    assert status == 200 and "<mark>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "First section of this chapter" not in html


def test_section_page_warns_when_the_text_ends_at_a_colon(
    client: Client, statutes_loaded: Path
) -> None:
    _, html = page(client, "/statutes/wa:statute:59.18.060/")
    assert "Ends at a colon." in html


def test_unknown_section_is_a_404_page_offering_a_search_in_its_jurisdiction(
    client: Client, statutes_loaded: Path
) -> None:
    status, html = page(client, "/statutes/wa:statute:59.18.999/")
    assert status == 404
    assert 'class="brand"' in html and "<h1>Section not loaded</h1>" in html
    assert "<code>wa:statute:59.18.999</code>" in html and "renumbered upstream" in html
    assert 'href="/statutes/?q=59.18.999&amp;jurisdiction=wa"' in html
    assert "in Washington (WA)" in html


def test_removed_jurisdiction_section_searches_every_loaded_one(
    client: Client, statutes_loaded: Path
) -> None:
    status, html = page(client, "/statutes/nv:statute:118A.200/")
    assert status == 404
    assert 'href="/statutes/?q=118A.200"' in html
    assert "no statutes are loaded for Nevada (NV)" in html


@pytest.mark.parametrize(
    ("section_id", "href"),
    [
        ("us:usc:42:9999z", "/statutes/?q=42+9999z&amp;jurisdiction=us"),
        ("pa:statute:30:532", "/statutes/?q=30+532"),
        ("no-colons", "/statutes/?q=no-colons"),
    ],
)
def test_missing_section_search_uses_the_citation_part_of_the_id(
    client: Client, statutes_loaded: Path, section_id: str, href: str
) -> None:
    status, html = page(client, f"/statutes/{section_id}/")
    assert status == 404 and f'href="{href}"' in html


def test_missing_section_page_keeps_the_id_as_text(client: Client, statutes_loaded: Path) -> None:
    status, html = page(client, "/statutes/wa:statute:<b>x</b>/")
    assert status == 404
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


def test_sources_page_has_table_chart_and_missing_defaults(
    client: Client, statutes_loaded: Path
) -> None:
    status, html = page(client, "/sources/")
    assert status == 200
    assert '<ol class="bars">' in html and html.count('class="bar-statute"') == 7
    assert 'class="bar-regulation"' in html  # US has CFR sections
    assert "<code>ut-stat</code>" in html and "housing-related chapters only" in html
    assert "Default regulation source not loaded: ks-kar" in html
    assert "1002, 1024" in html


def test_mixing_warning_is_hidden_for_a_one_jurisdiction_source(
    client: Client, statute_index: Path
) -> None:
    _, html = page(client, SEARCH + "?q=escrow&source=cfr")
    assert "results will mix states" not in html
    _, html = page(client, SEARCH + "?q=escrow")
    assert "results will mix states" in html


def test_regulations_stay_ticked_when_a_link_writes_them_comma_separated(
    client: Client, statute_index: Path
) -> None:
    # Paging links write list parameters comma-joined (`include=cfr,...`); the box stays ticked.
    ticked = 'name="include" value="cfr" checked'
    for include in ("cfr", "CFR, cfr"):
        _, html = page(client, f"{SEARCH}?q=landlord&include={include}")
        assert ticked in html, include
    _, html = page(client, f"{SEARCH}?q=landlord")
    assert ticked not in html
