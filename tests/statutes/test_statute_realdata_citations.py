"""Issue 13 on the real data: citation forms, chapters, links, word forms, places, one list.

One module fixture loads six real files (Washington, Florida, Georgia, California, the US
Code, the CFR; about 42,000 sections) and builds their index once; it is unloaded at the
end. Skipped where the real data is absent.
"""

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.ingest.coverage import citation_forms
from search.statutes.citations.grammar import ALIASES, CitationGrammar, PrefixForm
from search.statutes.scope import Scope
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.service import search_statutes
from tests.statute_support import real_statute_index

pytestmark = [pytest.mark.realdata, pytest.mark.slow, pytest.mark.django_db]

FILES = (
    "wa-stat-housing.jsonl.gz", "fl-stat.jsonl.gz", "ga-stat.jsonl.gz", "ca-stat.jsonl.gz",
    "usc.jsonl.gz", "cfr-12.jsonl.gz",
)  # fmt: skip
API = "/api/statute_search"
LOADED = [
    ("RCW 59.18.280", "wa:statute:59.18.280"),
    ("Wash. Rev. Code § 59.18.280", "wa:statute:59.18.280"),
    ("42 U.S.C. § 3604", "us:usc:42:3604"),
    ("42 USC 3604", "us:usc:42:3604"),
    ("12 C.F.R. § 1024.17", "us:cfr:12:1024.17"),
    ("12 CFR 1024.17", "us:cfr:12:1024.17"),
]
# Forms the issue lists whose sections the real data does not hold (see its README).
NOT_LOADED = [
    ("Fla. Stat. § 83.49", "Florida Statutes (fl-stat)", "Its chapter 83 has"),
    ("O.C.G.A. § 44-7-34", "Official Code of Georgia Annotated (ga-stat)", "Nothing numbered"),
    ("Cal. Civ. Code § 1950.5", "California Codes (ca-stat)", "Nothing numbered"),
]


@pytest.fixture(scope="module")
def real_index(
    real_data_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
    django_db_setup: None,
    django_db_blocker: Any,
) -> Iterator[Path]:
    """Six real files ingested (committed for this module) and indexed once."""
    base = tmp_path_factory.mktemp("real-citations")
    with real_statute_index(real_data_dir, FILES, base, django_db_blocker) as root:
        yield root


def api(client: Client, **params: Any) -> tuple[int, dict[str, Any]]:
    response = client.get(API, params)
    return response.status_code, response.json()


@pytest.mark.parametrize(("q", "section_id"), LOADED)
def test_each_loaded_form_opens_its_section(
    client: Client, real_index: Path, q: str, section_id: str
) -> None:
    status, body = api(client, q=q)
    assert status == 200 and body["read_as"] == "citation"
    assert [row["id"] for row in body["results"]] == [section_id]
    page = client.get("/statutes/", {"q": q})
    assert page.status_code == 302 and page["Location"].startswith(f"/statutes/{section_id}/")


@pytest.mark.parametrize(("q", "code", "hint"), NOT_LOADED)
def test_each_form_not_in_the_data_says_which_code_it_cites(
    client: Client, real_index: Path, q: str, code: str, hint: str
) -> None:
    status, body = api(client, q=q)
    assert status == 200 and body["read_as"] == "citation" and body["results"] == []
    assert f"reads as a citation of the {code}, but no loaded section has it" in body["note"]
    assert hint in body["note"]


def test_a_bare_number_and_a_chapter_in_washington(client: Client, real_index: Path) -> None:
    page = client.get("/statutes/", {"q": "59.18.280", "jurisdiction": "wa"})
    assert page["Location"].startswith("/statutes/wa:statute:59.18.280/")
    _, body = api(client, q="RCW 59.18", limit=50)
    assert body["read_as"] == "chapter" and body["total"] >= 90
    assert body["results"][0]["citation"] == "RCW 59.18.010"
    _, within = api(client, q="deposit", jurisdiction="wa", chapter="59.18")
    assert within["total"] > 0
    assert {row["chapter"] for row in within["results"]} == {"59-18"}


def test_rcw_59_18_280_links_rcw_59_18_310(client: Client, real_index: Path) -> None:
    html = client.get("/statutes/wa:statute:59.18.280/").content.decode()
    assert '<a class="xref" href="/statutes/wa:statute:59.18.310/"' in html
    assert (
        '<a href="/sources/wa-stat/chapter/?title=59&amp;chapter=59-18">Chapter 59.18</a>' in html
    )


def test_deposits_with_word_forms_finds_at_least_what_deposit_finds(real_index: Path) -> None:
    scope = Scope(jurisdictions=("wa",))
    plain = search_statutes(StatuteSearchRequest.for_query(q="deposit", scope=scope))
    plural = search_statutes(StatuteSearchRequest.for_query(q="deposits", scope=scope))
    forms = search_statutes(StatuteSearchRequest.for_query(q="deposits", scope=scope, stem=True))
    assert plural.total < plain.total <= forms.total


def test_washington_federal_statutes_and_the_cfr_in_one_list(
    client: Client, real_index: Path
) -> None:
    _, body = api(client, q="escrow account deposit", jurisdiction="wa,us", include="cfr", limit=50)
    sources = {row["source"] for row in body["results"]}
    assert sources == {"wa-stat", "usc", "cfr"}


def test_kansas_is_said_to_be_missing_before_any_row(client: Client, real_index: Path) -> None:
    _, body = api(client, q="Kansas landlord kept the security deposit")
    assert body["note"].startswith("Kansas (KS) law is not in this portal")
    status, bad = api(client, q="deposit", jurisdiction="ks")
    assert status == 400 and "not in this portal" in bad["errors"]["jurisdiction"][0]


def test_every_alias_names_a_form_the_data_writes(real_data_dir: Path) -> None:
    rows = []
    places: dict[str, str] = {}
    for path in sorted((real_data_dir / "statutes").glob("*.jsonl.gz")):
        with gzip.open(path, "rt") as lines:
            for line in lines:
                row = json.loads(line)
                rows.append((row["source"], row["citation"], row["section"]))
                places[row["source"]] = row["jurisdiction"]
    forms = [
        PrefixForm(source, places[source], f["template"], f["example"], f["sections"])
        for source, found in citation_forms(rows).items()
        for f in found
    ]
    grammar = CitationGrammar(forms, set(places.values()))
    active = {(a.written, a.canonical) for a in grammar.aliases}
    listed = {
        pair for place, pairs in ALIASES.items() if place in places.values() for pair in pairs
    }
    assert listed - active == set()
