"""The paper JSON API: the seed's parameter and field names, list forms, run ownership, and
`note` + `coverage_note` (+ terms) on every answer, 400 and 503 included."""

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.models import ResearchRun, RunQuery
from tests.paper_support import forget_paper_caches

pytestmark = pytest.mark.django_db
SEARCH = "/api/search_keyword"


def get(client: Client, path: str, status: int = 200, **params: Any) -> dict[str, Any]:
    response = client.get(path, params)
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["note"] and body["coverage_note"].startswith("Papers index version")
    return body


def test_response_carries_every_seed_field(client: Client, paper_index: Path) -> None:
    body = get(client, SEARCH, query="adaptation", facets="true", limit=3)
    for field in ("results", "total", "pool", "facets", "terms_searched", "terms_dropped",
                  "match", "note", "coverage_note"):  # fmt: skip
        assert field in body
    assert body["pool"]["keyword"] == {"size": 11, "cap": 20000, "total": 11, "truncated": False}
    row = body["results"][0]
    for field in ("paper_id", "arxiv_id", "title", "chunk_index", "section", "content_type",
                  "snippet", "score", "rank"):  # fmt: skip
        assert field in row
    assert "[hl]" in row["snippet"] and row["rank"] == 1
    assert "10 papers" not in body["coverage_note"] and "holds 9 papers" in body["coverage_note"]


def test_detail_levels_add_fields(client: Client, paper_index: Path) -> None:
    minimal = get(client, SEARCH, query="noisy", detail="minimal")["results"][0]
    # SPEC: ids, title, snippet, score (and rank); nothing else.
    assert set(minimal) == {"rank", "paper_id", "arxiv_id", "chunk_index", "title", "snippet",
                            "score"}  # fmt: skip
    standard = get(client, SEARCH, query="noisy")["results"][0]
    assert standard["authors"] == ["Grace Hopper", "Alan Turing"]
    assert standard["published"] == "2025-03-10" and standard["categories"] == ["eess.AS", "cs.CL"]
    assert standard["chunkContext"]["previous"]["section"] == "3 Experiments"
    assert standard["chunkContext"]["next"]["section"] == "4 Conclusion"
    assert "entities" not in standard and "licenses" not in standard
    full = get(client, SEARCH, query="lora", detail="full")["results"][0]
    assert {"entities", "selfContained", "scores", "licenses"} <= set(full)
    assert {"name": "LoRA", "type": "method"} in full["entities"]
    assert full["scores"]["terms"][0]["term"] == "lora"
    assert full["licenses"]["text"].startswith("unknown")  # the fixture's source is "test"


def test_facets_block(client: Client, paper_index: Path) -> None:
    facets = get(client, SEARCH, query="adaptation", facets="1")["facets"]
    assert facets["matches"] == 11 and facets["counted_over"] == "all matches"
    assert sum(facets["contentType"].values()) == 11
    assert {"name": "LoRA", "type": "method", "count": 4} in facets["entities"]
    assert "facets" not in get(client, SEARCH, query="adaptation")


def test_list_parameters_take_repeats_and_commas(client: Client, paper_index: Path) -> None:
    repeated = client.get(SEARCH + "?query=adaptation&categories=cs.CV&categories=eess.AS").json()
    commas = client.get(SEARCH + "?query=adaptation&categories=cs.CV,eess.AS").json()
    assert repeated["results"] == commas["results"]
    assert {r["paper_id"] for r in commas["results"]} == {"2412.00005", "2503.00003"}
    assert commas["filters"]["categories"] == ["cs.CV", "eess.AS"]
    types = client.get(SEARCH + "?query=adaptation&contentType=results,discussion").json()
    assert {r["content_type"] for r in types["results"]} <= {"results", "discussion"}
    entities = client.get(SEARCH + "?query=adaptation&entities=lora&entities=COCO").json()
    assert entities["filters"]["entities_searched_as"] == ["lora", "coco"]
    assert len(entities["results"]) == 6  # 3 LoRA + 1 COCO, then 2 of the unrecorded paper


def test_every_parameter_is_echoed(client: Client, paper_index: Path) -> None:
    body = get(
        client, SEARCH, query="adaptation", match="any_words", limit=4, dateFrom="2025",
        dateTo="2025-12", diversifyBy="keyConcept", maxPerDocument=3, detail="minimal",
    )  # fmt: skip
    assert body["match"] == "any_words" and body["limit"] == 4 and len(body["results"]) == 4
    assert body["filters"]["dateFrom"] == "2025-01-01"
    assert body["filters"]["dateTo"] == "2025-12-31"
    assert body["diversifyBy"] == "keyConcept" and "maxPerDocument" not in body  # no effect
    assert "maxPerDocument applies only with diversifyBy=document" in body["note"]
    assert get(client, SEARCH, query="adaptation", maxPerDocument=3)["maxPerDocument"] == 3


def test_limit_over_the_maximum_is_capped_with_a_note(client: Client, paper_index: Path) -> None:
    body = get(client, SEARCH, query="adaptation", limit=1000)
    assert body["limit"] == 100 and "limit=1000 was capped to 100" in body["note"]


def test_truncation_is_reported(client: Client, paper_index: Path, settings: Any) -> None:
    settings.PORTAL_PAPER_POOL_CAP = 2
    body = get(client, SEARCH, query="adaptation")
    assert body["pool"]["keyword"] == {"size": 2, "cap": 2, "total": 11, "truncated": True}
    assert body["total"] == 11 and "Narrow the query" in body["note"]


def test_or_in_the_query_points_to_any_words(client: Client, paper_index: Path) -> None:
    body = get(client, SEARCH, query="speech or music")
    assert body["terms_dropped"] == [{"term": "or", "reason": "stop_word"}]
    assert "match=any_words" in body["note"]


def test_unknown_parameters_are_named_in_the_note(client: Client, paper_index: Path) -> None:
    assert "Unknown parameters ignored: q." in get(client, SEARCH, query="lora", q="x")["note"]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({}, "query"),
        ({"query": "the and of"}, "query"),
        ({"query": "lora", "limit": "many"}, "limit"),
        ({"query": "lora", "dateFrom": "2025-02-30"}, "dateFrom"),
        ({"query": "lora", "dateTo": "soon"}, "dateTo"),
        ({"query": "lora", "match": "or"}, "match"),
        ({"query": "lora", "categories": "cs.XX"}, "categories"),
        ({"query": "lora", "contentType": "appendix"}, "contentType"),
        ({"query": "lora", "detail": "everything"}, "detail"),
        ({"query": "lora", "facets": "perhaps"}, "facets"),
        ({"query": "lora", "diversifyBy": "author"}, "diversifyBy"),
        ({"query": "lora", "maxPerDocument": "-1"}, "maxPerDocument"),
        ({"query": "lora", "run_id": "1"}, "run_id"),  # anonymous, from our own page
    ],
)
def test_bad_input_is_a_400_with_notes_and_terms(
    client: Client, paper_index: Path, params: dict[str, str], field: str
) -> None:
    client.defaults["HTTP_SEC_FETCH_SITE"] = "same-origin"
    body = get(client, SEARCH, 400, **params)
    assert body["error"] == "bad_request" and field in body["errors"]
    assert body["note"].startswith("Bad request, nothing was searched.")
    assert "terms_searched" in body and "terms_dropped" in body
    if params.get("query") == "the and of":
        assert [d["reason"] for d in body["terms_dropped"]] == ["stop_word"] * 3


def test_missing_index_is_a_503_with_notes(
    client: Client, paper_index: Path, settings: Any, tmp_path: Path
) -> None:
    settings.PORTAL_INDEX_DIR = tmp_path / "empty"
    forget_paper_caches()
    response = client.get(SEARCH, {"query": "lora"})
    assert response.status_code == 503
    body = response.json()
    assert body["error"] == "index_unavailable" and "not zero matches" in body["note"]
    assert body["coverage_note"].startswith("The papers index is not available")
    assert body["terms_searched"] == ["lora"]
    assert client.get("/api/paper", {"title": "LoRA"}).status_code == 503
    forget_paper_caches()


# --- run_id -----------------------------------------------------------------------------


def test_run_id_of_your_own_run_records_the_query(
    client: Client, paper_index: Path, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("ada", password="pw")
    research = ResearchRun.objects.create(owner=user, name="PEFT")
    client.force_login(user)
    client.defaults["HTTP_SEC_FETCH_SITE"] = "same-origin"  # our own page's script
    body = get(client, SEARCH, query="adaptation", run_id=research.pk)
    assert body["run_id"] == research.pk
    entry = RunQuery.objects.get(run=research)
    assert entry.total == body["total"] and entry.returned == len(body["results"])


def test_run_id_of_another_user_or_unknown_is_a_400(
    client: Client, paper_index: Path, django_user_model: Any
) -> None:
    owner = django_user_model.objects.create_user("owner")
    other = django_user_model.objects.create_user("other")
    research = ResearchRun.objects.create(owner=owner, name="mine")
    client.force_login(other)
    client.defaults["HTTP_SEC_FETCH_SITE"] = "same-origin"
    for run_id in (research.pk, research.pk + 1000, "abc"):
        body = get(client, SEARCH, 400, query="lora", run_id=run_id)
        assert "is not one of your research runs" in body["errors"]["run_id"][0]
    assert RunQuery.objects.count() == 0


def test_without_run_id_anyone_can_search(client: Client, paper_index: Path) -> None:
    assert get(client, SEARCH, query="lora")["run_id"] is None


# --- /api/paper ------------------------------------------------------------------------------


@pytest.mark.parametrize("arxiv_id", ["2106.09685", "2106.09685v2", "arXiv:2106.09685v1"])
def test_paper_by_arxiv_id_with_or_without_version(
    client: Client, paper_index: Path, arxiv_id: str
) -> None:
    body = get(client, "/api/paper", arxiv_id=arxiv_id)
    assert body["paper_id"] == "2106.09685" and body["arxiv_url"].endswith("/abs/2106.09685")
    assert [c["chunk_index"] for c in body["chunks"]] == [0, 1, 2, 3]
    assert body["chunks"][0]["content_type"] == "abstract"
    assert {"name": "Adam", "type": "method"} in body["chunks"][2]["entities"]


def test_paper_by_paper_id(client: Client, paper_index: Path) -> None:
    body = get(client, "/api/paper", paper_id="scirex:abc")
    assert body["arxiv_id"] is None and body["has_full_text"] is True


def test_paper_by_title_puts_exact_matches_first(client: Client, paper_index: Path) -> None:
    body = get(client, "/api/paper", title="lora: low rank adaptation of large language models")
    assert body["papers"][0]["paper_id"] == "2106.09685" and body["papers"][0]["exact_title"]
    words = get(client, "/api/paper", title="adaptation")["papers"]
    assert {p["paper_id"] for p in words} == {"2106.09685", "2503.00003"}
    assert not any(p["exact_title"] for p in words)


def test_paper_lookup_errors(client: Client, paper_index: Path) -> None:
    assert get(client, "/api/paper", 404, arxiv_id="9999.99999")["error"] == "not_found"
    assert get(client, "/api/paper", 400)["error"] == "bad_request"
    assert get(client, "/api/paper", 400, arxiv_id="1", title="x")["error"] == "bad_request"


# --- titles, authors, arXiv ids, paging, order (issue 12) ------------------------------------


def test_arxiv_id_in_the_query_gives_paper_matches(client: Client, paper_index: Path) -> None:
    body = get(client, SEARCH, query="https://arxiv.org/abs/2106.09685v2")
    (match,) = body["paper_matches"]
    assert match["arxiv_id"] == "2106.09685" and match["url"] == "/papers/2106.09685/"
    assert match["lookup"] == "/api/paper?arxiv_id=2106.09685" and match["chunks"] == 4
    assert body["arxiv_ids_not_loaded"] == [] and body["terms_searched"] == []
    assert all(row["paper_match"] for row in body["results"])
    missing = get(client, SEARCH, query="arXiv:2501.99999")
    assert missing["paper_matches"] == [] and missing["arxiv_ids_not_loaded"] == ["2501.99999"]
    assert "2501.99999 is not loaded" in missing["note"] and missing["total"] == 0


def test_rows_say_where_the_words_matched(client: Client, paper_index: Path) -> None:
    row = get(client, SEARCH, query="unsupervised noisy")["results"][0]
    assert row["matched_terms"] == ["unsupervised", "noisy"]
    assert row["matched_in"] == {"text": ["noisy"], "title": ["unsupervised"]}
    full = get(client, SEARCH, query="hopper", detail="full")["results"][0]
    assert [t["term"] for t in full["scores"]["terms"]] == ["authors:hopper"]


def test_authors_filter_takes_repeats_and_commas(client: Client, paper_index: Path) -> None:
    repeated = client.get(SEARCH + "?query=strings+kernels&match=any_words&authors=Mu"
                          "&authors=Garc%C3%ADa-P%C3%A9rez").json()  # fmt: skip
    commas = client.get(SEARCH + "?query=strings+kernels&match=any_words&authors=mu,garcia+perez")
    assert {r["paper_id"] for r in repeated["results"]} == {"hep-th/9901001", "2507.01234"}
    assert repeated["results"] == commas.json()["results"]
    assert repeated["filters"]["authors_searched_as"] == ["mu", "garcia perez"]


def test_offset_pages_through_the_rows(client: Client, paper_index: Path) -> None:
    first = get(client, SEARCH, query="adaptation", limit=4)
    second = get(client, SEARCH, query="adaptation", limit=4, offset=first["next_offset"])
    assert first["offset"] == 0 and first["next_offset"] == 4 and second["next_offset"] is None
    assert [r["rank"] for r in second["results"]] == [5, 6]
    every = get(client, SEARCH, query="adaptation", limit=100)["results"]
    assert first["results"] + second["results"] == every


def test_sort_newest_and_oldest(client: Client, paper_index: Path) -> None:
    newest = get(client, SEARCH, query="strings units kernels", match="any_words", sort="newest")
    oldest = get(client, SEARCH, query="strings units kernels", match="any_words", sort="oldest")
    assert [r["published"] for r in newest["results"]] == ["2025-08-01", "2025-07-02", "1999-01-04"]
    assert [r["paper_id"] for r in oldest["results"]] == [
        r["paper_id"] for r in reversed(newest["results"])
    ]
    assert newest["sort"] == "newest" and "newest first" in newest["note"]


@pytest.mark.parametrize(
    ("params", "field", "says"),
    [
        ({"query": "lora", "sort": "date"}, "sort", "Unknown sort date"),
        ({"query": "lora", "offset": "-1"}, "offset", "must not be negative"),
        ({"query": "lora", "offset": "ten"}, "offset", "whole number"),
        ({"query": "adaptation", "offset": "500"}, "offset", "offset=500 is past the end"),
        ({"query": "lora", "offset": "20000"}, "offset", "pool cap"),
        ({"query": "lora", "format": "xml"}, "format", "Unknown format 'xml'"),
        ({"query": "lora", "authors": "..., ?"}, "authors", "needs letters or digits"),
    ],
)
def test_bad_paging_order_format_and_authors_are_400s(
    client: Client, paper_index: Path, params: dict[str, str], field: str, says: str
) -> None:
    body = get(client, SEARCH, 400, **params)
    assert field in body["errors"] and says in body["errors"][field][0]
    assert body["note"].startswith("Bad request, nothing was searched.")


def test_a_get_without_proof_of_our_origin_cannot_write_to_a_run(
    client: Client, paper_index: Path, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("ada")
    research = ResearchRun.objects.create(owner=user, name="PEFT")
    client.force_login(user)
    params = {"query": "adaptation", "run_id": research.pk}
    refused = (
        {"HTTP_SEC_FETCH_SITE": "cross-site"}, {"HTTP_SEC_FETCH_SITE": "same-site"},
        {"HTTP_ORIGIN": "https://evil.example"},
        {"HTTP_REFERER": "https://evil.example/page"},  # only a foreign Referer
        {"HTTP_SEC_FETCH_SITE": "none", "HTTP_ORIGIN": "https://evil.example"},
        {"HTTP_SEC_FETCH_SITE": "none"}, {},  # typed, or a script holding the session
    )  # fmt: skip
    for headers in refused:
        response = client.get(SEARCH, params, **headers)
        assert response.status_code == 403, headers
        body = response.json()
        assert body["error"] == "run_write_refused" and "API token" in body["note"]
        assert "Nothing was searched or recorded" in body["note"] and body["coverage_note"]
    assert not RunQuery.objects.exists()
    # From this site's own pages, the browser says so: recorded.
    for headers in ({"HTTP_SEC_FETCH_SITE": "same-origin"}, {"HTTP_ORIGIN": "http://testserver"}):
        assert client.get(SEARCH, params, **headers).status_code == 200
    assert RunQuery.objects.filter(run=research).count() == 2
    # Without run_id any request is an ordinary search.
    assert (
        client.get(SEARCH, {"query": "lora"}, HTTP_SEC_FETCH_SITE="cross-site").status_code == 200
    )


def test_an_api_token_writes_to_its_owners_run(
    client: Client, paper_index: Path, django_user_model: Any
) -> None:
    from tests.token_support import issue_token

    user = django_user_model.objects.create_user("ada")
    research = ResearchRun.objects.create(owner=user, name="PEFT")
    secret = issue_token(user, "script").secret
    params = {"query": "adaptation", "run_id": research.pk}
    response = client.get(SEARCH, params, HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert response.status_code == 200 and response.json()["run_id"] == research.pk
    assert RunQuery.objects.filter(run=research).count() == 1
    bad = client.get(SEARCH, params, HTTP_AUTHORIZATION="Bearer not-a-token")
    assert bad.status_code == 401 and bad.json()["error"] == "invalid_token"
    assert bad.json()["note"] and bad.json()["coverage_note"]
    assert RunQuery.objects.filter(run=research).count() == 1


def test_a_search_reads_no_database_once_the_catalog_is_loaded(
    client: Client, paper_index: Path, django_assert_num_queries: Any
) -> None:
    get(client, SEARCH, query="adaptation")  # a process's first search builds the catalog
    with django_assert_num_queries(0):
        get(client, SEARCH, query="adaptation noisy", match="any_words", facets="true",
            diversifyBy="keyConcept")  # fmt: skip
