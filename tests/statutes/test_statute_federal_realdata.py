"""Issue 23 on the real data: popular names, parts, ranges, et seq., contents with names.

One module fixture loads the whole US Code, the three CFR files, Washington and Florida
(about 78,000 sections) and builds their index once. Every expected count is computed here
from the data files themselves (the sections in a range, in code order), not written down.
Skipped where the real data is absent.
"""

import gzip
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.statutes.chapters import ChapterTable, chapters_from_rows
from search.statutes.citations.popular_names import POPULAR_NAMES, CodeSpan, names_in
from search.text.code_order import code_order_key
from tests.statute_support import real_statute_index

pytestmark = [pytest.mark.realdata, pytest.mark.slow, pytest.mark.django_db]

FILES = (
    "usc.jsonl.gz", "cfr-24.jsonl.gz", "cfr-12.jsonl.gz", "cfr-7.jsonl.gz",
    "wa-stat-housing.jsonl.gz", "fl-stat.jsonl.gz",
)  # fmt: skip
API = "/api/statute_search"
LIMIT = 500


@pytest.fixture(scope="module")
def real_index(
    real_data_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
    django_db_setup: None,
    django_db_blocker: Any,
) -> Iterator[Path]:
    """The federal files, Washington and Florida ingested and indexed once."""
    base = tmp_path_factory.mktemp("real-federal")
    with real_statute_index(real_data_dir, FILES, base, django_db_blocker) as root:
        yield root


@cache
def rows_of(folder: str, name: str) -> tuple[dict[str, Any], ...]:
    """A data file's rows (id, title, chapter, section), in file order."""
    keep = ("id", "title", "chapter", "section", "heading")
    with gzip.open(Path(folder) / name, "rt") as lines:
        return tuple({k: row[k] for k in keep} for row in map(json.loads, lines))


def usc_span_ids(data: Path, span: CodeSpan) -> list[str]:
    """The ids of a US Code span's sections, from the file, in code order."""
    rows = [r for r in rows_of(str(data), "usc.jsonl.gz") if r["title"] == span.title]
    low = code_order_key(span.first)
    high = code_order_key(span.last or span.first)
    found = [r for r in rows if low <= code_order_key(r["section"]) <= high]
    return [r["id"] for r in sorted(found, key=lambda r: code_order_key(r["section"]))]


def part_ids(data: Path, name: str, part: str) -> list[str]:
    rows = [r for r in rows_of(str(data), name) if r["chapter"] == part]
    return [r["id"] for r in sorted(rows, key=lambda r: code_order_key(r["section"]))]


def api(client: Client, **params: Any) -> dict[str, Any]:
    response = client.get(API, {"limit": LIMIT, **params})
    assert response.status_code == 200, response.content
    return response.json()


def all_ids(client: Client, q: str) -> list[str]:
    """Every row a citation answers with, paging through."""
    found: list[str] = []
    offset = 0
    while True:
        body = api(client, q=q, offset=offset)
        found += [row["id"] for row in body["results"]]
        if body["next_offset"] is None:
            return found
        offset = body["next_offset"]


@pytest.fixture
def data(real_data_dir: Path) -> Path:
    return real_data_dir / "statutes"


@pytest.mark.parametrize("act", POPULAR_NAMES, ids=lambda a: a.name)
def test_each_popular_name_offers_its_sections(
    client: Client, real_index: Path, data: Path, act: Any
) -> None:
    assert act in names_in(act.name)
    body = api(client, q=act.name)
    assert body["read_as"] == "words" and body["terms_searched"]  # the words are searched too
    [named] = [n for n in body["popular_names"] if n["name"] == act.name]
    assert [c["citation"] for c in named["citations"]] == list(act.citations)
    assert f"The query names {act.name}" in body["note"]
    for span, offered in zip(act.code, named["citations"], strict=False):
        expected = usc_span_ids(data, span)
        assert expected, f"{span.citation} has no section in the data"
        assert offered["loaded"] and offered["url"].startswith("/statutes/?q=")
        assert all_ids(client, span.citation) == expected, span.citation
    for rule, offered in zip(act.regulations, named["citations"][len(act.code) :], strict=True):
        expected = part_ids(data, f"cfr-{rule.title}.jsonl.gz", rule.part)
        assert offered["loaded"] == bool(expected), rule.citation
        if expected:
            assert all_ids(client, rule.citation) == expected, rule.citation


def test_fair_housing_act_is_offered_above_the_keyword_rows(
    client: Client, real_index: Path
) -> None:
    html = client.get("/statutes/", {"q": "Fair Housing Act"}).content.decode()
    panel = html[html.index('class="jump named-acts"') : html.index('class="summary"')]
    assert "Fair Housing Act</strong> — " in panel
    assert ">42 U.S.C. §§ 3601-3619</a> · " in panel and ">24 CFR part 100</a>" in panel
    assert html.index("named-acts") < html.index('<ol class="hits"')
    regulation_z = api(client, q="Truth in Lending Act")["popular_names"][0]["citations"]
    assert regulation_z[-1] == {
        "citation": "12 CFR part 1026",
        "loaded": False,  # the README: part 1026 is missing from the CFR title 12 snapshot
        "url": "/statutes/?q=12+CFR+part+1026",
        "api_url": "/api/statute_search?q=12+CFR+part+1026",
    }


@pytest.mark.parametrize(
    ("q", "part"),
    [("24 CFR part 982", "982"), ("24 C.F.R. pt. 966", "966"), ("24 CFR 982 subpart K", "982"),
     ("24 CFR Part 100", "100"), ("7 CFR part 3560", "3560")],
)  # fmt: skip
def test_a_cfr_part_answers_like_a_chapter(
    client: Client, real_index: Path, data: Path, q: str, part: str
) -> None:
    title = q.split()[0]
    expected = part_ids(data, f"cfr-{title}.jsonl.gz", part)
    body = api(client, q=q)
    assert body["read_as"] == "chapter" and body["total"] == len(expected)
    assert body["chapter"]["chapter"] == part and body["chapter"]["title"] == title
    assert f"part {part} of the Code of Federal Regulations" in body["note"]
    assert all_ids(client, q) == expected
    if "subpart" in q:
        assert "does not record subparts" in body["note"]


def test_title_12_and_title_24_parts_of_one_number_stay_apart(
    client: Client, real_index: Path, data: Path
) -> None:
    hud = api(client, q="24 CFR part 1003")
    cfpb = api(client, q="12 CFR part 1003")
    assert hud["total"] == len(part_ids(data, "cfr-24.jsonl.gz", "1003"))
    assert cfpb["total"] == len(part_ids(data, "cfr-12.jsonl.gz", "1003"))
    assert {r["title"] for r in hud["results"]} == {"24"}
    assert {r["title"] for r in cfpb["results"]} == {"12"}


def test_ranges_and_et_seq_list_their_sections_in_code_order(
    client: Client, real_index: Path, data: Path
) -> None:
    fair_housing = usc_span_ids(data, CodeSpan("42", "3601", "3619"))
    assert len(fair_housing) == 23 and "us:usc:42:3614-1" in fair_housing
    for q in ("42 U.S.C. §§ 3601-3619", "42 USC 3601-3619", "42 U.S.C. §§ 3601–3619",
              "42 U.S.C.A. §§ 3601 through 3619"):  # fmt: skip
        body = api(client, q=q)
        assert body["read_as"] == "citation" and "of a range" in body["note"], q
        assert [r["id"] for r in body["results"]] == fair_housing, q
    chapter_45 = [r for r in rows_of(str(data), "usc.jsonl.gz") if r["title"] == "42"
                  and r["chapter"] == "45"]  # fmt: skip
    after = sorted(
        (r for r in chapter_45 if code_order_key(r["section"]) >= code_order_key("3601")),
        key=lambda r: code_order_key(r["section"]),
    )
    body = api(client, q="42 U.S.C. 3601 et seq.")
    assert [r["id"] for r in body["results"]] == [r["id"] for r in after]
    assert len(after) > len(fair_housing)  # 3631 and on are in the chapter too
    wa = [r for r in rows_of(str(data), "wa-stat-housing.jsonl.gz") if r["chapter"] == "59-18"]
    low, high = code_order_key("59.18.010"), code_order_key("59.18.060")
    expected = sorted(
        (r for r in wa if low <= code_order_key(r["section"]) <= high),
        key=lambda r: code_order_key(r["section"]),
    )
    body = api(client, q="RCW 59.18.010 to 59.18.060")
    assert [r["id"] for r in body["results"]] == [r["id"] for r in expected]
    assert body["results"][0]["citation"] == "RCW 59.18.010"


def test_one_section_with_a_hyphen_is_not_a_range(client: Client, real_index: Path) -> None:
    body = api(client, q="42 U.S.C. § 2000e-17")
    assert [r["id"] for r in body["results"]] == ["us:usc:42:2000e-17"]


@pytest.mark.parametrize(
    "q",
    ["42 USCA 3604", "42 U.S.C.A. § 3604", "42 U.S.C. Sec. 3604", "42 U.S.C. section 3604",
     "42 USC § 3604"],
)  # fmt: skip
def test_parallel_forms_open_the_section(client: Client, real_index: Path, q: str) -> None:
    body = api(client, q=q)
    assert [r["id"] for r in body["results"]] == ["us:usc:42:3604"], q


def test_a_citation_followed_by_words_keeps_both(client: Client, real_index: Path) -> None:
    body = api(client, q="24 CFR 982.401 inspection")
    assert body["read_as"] == "words" and "inspection" in body["terms_searched"]
    assert [m["id"] for m in body["citation_matches"]] == ["us:cfr:24:982.401"]
    spanned = api(client, q="24 CFR part 982 inspection")
    assert spanned["read_as"] == "words" and "inspection" in spanned["terms_searched"]
    assert spanned["citation_matches"][0]["id"] == "us:cfr:24:982.1"


def test_contents_pages_name_titles_and_parts(client: Client, real_index: Path) -> None:
    sources = client.get("/sources/").content.decode()
    assert "Title 42 — The Public Health and Welfare</a>" in sources
    assert "Title 24 — Housing and Urban Development</a>" in sources
    usc = client.get("/sources/usc/").content.decode()
    assert '<h2 id="title-42">Title 42 — The Public Health and Welfare' in usc
    cfr = client.get("/sources/cfr/").content.decode()
    assert '<h2 id="title-24">Title 24 — Housing and Urban Development' in cfr
    part_982 = "Section 8 Tenant-Based Assistance: Housing Choice Voucher Program"
    assert f">Part 982 — {part_982}</a>" in cfr
    # A part with no name in the table: the range of its section headings.
    assert re.search(r">Part 1071 — Purpose … Payment of award</a>", cfr)
    # Parts in code order: 500 before 900 before 1000 (the file has 1000-1007 before 500).
    assert cfr.index(">Part 570 —") < cfr.index(">Part 982 —") < cfr.index(">Part 1000 —")
    wa = client.get("/sources/wa-stat/").content.decode()
    assert re.search(r">Chapter 59\.18 — [^<]+ … [^<]+</a>", wa)
    florida = client.get("/sources/fl-stat/").content.decode()
    assert "Title 0060" not in florida and '<h2 id="title-0060">Title 60 ' in florida


def test_chapter_pages_and_neighbours_follow_code_order(
    client: Client, real_index: Path, data: Path
) -> None:
    html = client.get("/sources/wa-stat/chapter/", {"title": "59", "chapter": "59-18"})
    text = html.content.decode()
    assert text.index("RCW 59.18.280</strong>") < text.index("RCW 59.18.283</strong>")
    wa = [r["section"] for r in rows_of(str(data), "wa-stat-housing.jsonl.gz")
          if r["chapter"] == "59-18"]  # fmt: skip
    ordered = sorted(wa, key=code_order_key)
    after = ordered[ordered.index("59.18.280") + 1]
    section = client.get("/api/statute", {"id": "wa:statute:59.18.280"}).json()
    assert section["next"]["id"] == f"wa:statute:{after}"


def test_missouri_titles_count_as_roman_numerals(data: Path) -> None:
    rows = rows_of(str(data), "mo-stat.jsonl.gz")
    table = ChapterTable(
        tuple(
            chapters_from_rows(
                ("mo-stat", r["title"], r["chapter"], r["section"], r["heading"]) for r in rows
            )
        )
    )
    titles = [chapters[0].cited_title for _, chapters in table.titles("mo-stat")]
    assert titles[:10] == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]


def test_a_range_whose_ends_the_data_lacks_counts_decimally_in_florida(
    client: Client, real_index: Path, data: Path
) -> None:
    florida = [r for r in rows_of(str(data), "fl-stat.jsonl.gz") if r["chapter"] == "0083"]
    low, high = (code_order_key(n, decimal=True) for n in ("83.40", "83.49"))
    expected = sorted(
        (r for r in florida if low <= code_order_key(r["section"], decimal=True) <= high),
        key=lambda r: code_order_key(r["section"], decimal=True),
    )
    assert "fl:statute:0083:83.425" in [r["id"] for r in expected]  # 83.42 < 83.425 < 83.43
    body = api(client, q="Fla. Stat. §§ 83.40-83.49")
    assert [r["id"] for r in body["results"]] == [r["id"] for r in expected]


def test_a_kansas_range_is_said_to_be_missing(client: Client, real_index: Path) -> None:
    body = api(client, q="K.S.A. 58-2540 to 58-2560")
    assert body["results"] == [] and body["note"].startswith("Kansas (KS) law is not in this")


def test_a_part_named_with_the_words_leads_on_the_real_regulations(
    client: Client, real_index: Path
) -> None:
    """24 CFR 966.6 (prohibited lease clauses: waiving a jury trial) is the public housing
    part's rule; the voucher, Section 8 and rural programs' parts hold lease rules with the
    same words. 'public housing' names part 966 ("Public Housing Lease and Grievance
    Procedure"), so its rule comes first, and the note says why."""
    params = {"jurisdiction": "us", "source": "cfr", "title": "24", "limit": 10}
    body = client.get(API, {"q": "public housing lease waive jury trial", **params}).json()
    assert body["results"][0]["id"] == "us:cfr:24:966.6"
    assert "whose name holds searched words" in body["note"]


def test_each_act_raises_the_sections_its_spans_hold_in_the_file(
    real_index: Path, data: Path
) -> None:
    """The sections an act's name raises are those of its spans, read from the data file, and
    its regulation parts those the CFR files hold."""
    from search.statutes.citations.act_sections import forget_loaded_acts, loaded_acts

    forget_loaded_acts()
    found = {law.act.name: law for law in loaded_acts()}
    for act in POPULAR_NAMES:
        expected = [i for span in act.code for i in usc_span_ids(data, span)]
        assert list(found[act.name].sections) == expected, act.name
        parts = [
            f"cfr|{r.title}|{r.part}"
            for r in act.regulations
            if part_ids(data, f"cfr-{r.title}.jsonl.gz", r.part)
        ]
        assert list(found[act.name].parts) == parts, act.name


def test_an_act_named_with_the_words_leads_on_the_real_code(
    client: Client, real_index: Path
) -> None:
    """15 U.S.C. § 1692h (a payment may not go to a disputed debt) never says 'collection';
    the Fair Debt Collection Practices Act's name does, so the act's rule comes first among
    the US Code's payment rules, and the note names the act."""
    q = (
        "I owe two collection accounts and made a payment, but they put the money toward the "
        "one I'm disputing"
    )
    body = client.get(API, {"q": q, "jurisdiction": "us", "limit": 10}).json()
    assert body["results"][0]["id"] == "us:usc:15:1692h"
    assert "(Fair Debt Collection Practices Act" in body["note"]
