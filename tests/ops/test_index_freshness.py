"""Notes describe the live index version, and say when the loaded data is newer ('rebuild
pending'): sources, `source=` values and paper counts come from the version, not the database."""

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.indexes import cache, freshness
from search.indexes.freshness import forget_freshness, live_freshness
from search.indexes.store import IndexStore
from search.ingest.papers import ingest_papers
from search.ingest.statutes import ingest_statutes
from search.models import Paper, Section
from search.ops.builds.build import build_index
from search.papers.catalog import forget_catalogs
from search.statutes.catalog import forget_catalogs as forget_statute_catalogs
from tests.corpus import PAPERS, paper, section, write_jsonl

PENDING = "Rebuild pending"


@pytest.fixture(autouse=True)
def fresh_caches() -> None:
    forget_freshness()
    forget_catalogs()
    forget_statute_catalogs()


def api(client: Client, path: str, status: int = 200, **params: Any) -> dict[str, Any]:
    response = client.get(path, params)
    assert response.status_code == status, response.content
    body: dict[str, Any] = response.json()
    assert body["note"] and body["coverage_note"]
    return body


def load_kansas_regulations(corpus_dir: Path) -> None:
    """A new source loaded into the database after the statutes index was built."""
    row = section(
        "ks:kar:16-1-1", "A landlord shall return the deposit.", jurisdiction="ks",
        corpus="regulation", source="ks-kar", title="16", chapter="16-1",
        citation="K.A.R. 16-1-1", code_name="Kansas Administrative Regulations",
    )  # fmt: skip
    write_jsonl(corpus_dir / "statutes" / "ks-kar.jsonl", [row])
    ingest_statutes(corpus_dir)


def test_a_current_index_has_no_rebuild_pending_note(client: Client, built_indexes: Path) -> None:
    statutes = api(client, "/api/statute_search", q="landlord", jurisdiction="wa")
    papers = api(client, "/api/search_keyword", query="adaptation")
    assert PENDING not in statutes["coverage_note"] and PENDING not in papers["coverage_note"]
    health = client.get("/healthz").json()["indexes"]
    assert health["statutes"]["rebuild_pending"] is False


def test_a_source_loaded_after_the_build_is_not_offered_and_the_note_says_rebuild_pending(
    client: Client, built_indexes: Path, corpus_dir: Path
) -> None:
    version = IndexStore("statutes").live_version()
    load_kansas_regulations(corpus_dir)
    forget_freshness()
    sources = api(client, "/api/sources", tool="statute_search")
    assert "ks-kar" not in {s["code"] for s in sources["sources"]}
    assert PENDING in sources["coverage_note"] and str(version) in sources["coverage_note"]
    refused = api(client, "/api/statute_search", 400, q="deposit", source="ks")
    assert "source" in refused["errors"] and PENDING in refused["coverage_note"]
    page = client.get("/statutes/", {"q": "landlord", "jurisdiction": "wa"})
    assert PENDING in page.content.decode()

    build_index("statutes")
    sources = api(client, "/api/sources", tool="statute_search")
    assert "ks-kar" in {s["code"] for s in sources["sources"]}
    assert PENDING not in sources["coverage_note"]
    api(client, "/api/statute_search", q="deposit", source="ks")


def test_paper_counts_are_the_live_versions_until_a_rebuild(
    client: Client, built_indexes: Path, corpus_dir: Path
) -> None:
    before = api(client, "/api/search_keyword", query="adaptation")["coverage_note"]
    assert "holds 9 papers, searched as" in before
    extra = paper("2601.00009", "Adapters Again", "We revisit adapters for adaptation.")
    write_jsonl(corpus_dir / "papers" / "papers.jsonl.gz", [*PAPERS, extra], gz=True)
    ingest_papers(corpus_dir)
    assert Paper.objects.count() == len(PAPERS) + 1 == 10
    forget_catalogs()  # the catalog is per version; the counts must still be the version's
    forget_freshness()  # as PENDING_CHECK_SECONDS later

    after = api(client, "/api/search_keyword", query="adaptation")["coverage_note"]
    assert "holds 9 papers, searched as" in after and PENDING in after

    build_index("papers")
    rebuilt = api(client, "/api/search_keyword", query="adaptation")["coverage_note"]
    assert "holds 10 papers, searched as" in rebuilt and PENDING not in rebuilt


def test_the_home_page_and_healthz_say_which_index_waits_for_a_rebuild(
    client: Client, built_indexes: Path
) -> None:
    Section.objects.filter(id="wa:statute:59.18.260").update(body="Changed upstream.")
    Section.objects.get(id="wa:statute:59.18.260").save()  # bumps updated_at as ingest does
    health = client.get("/healthz").json()
    assert health["status"] == "ok"
    assert health["indexes"]["statutes"]["rebuild_pending"] is True
    assert health["indexes"]["papers"]["rebuild_pending"] is False
    home = client.get("/").content.decode()
    assert "rebuild pending" in home


def test_the_comparison_is_remembered_briefly_per_process(
    built_indexes: Path, monkeypatch: pytest.MonkeyPatch, django_assert_num_queries: Any
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(cache.time, "monotonic", lambda: clock[0])  # the cache's clock
    first = live_freshness("statutes")
    assert first is not None and not first.pending
    Section.objects.get(id="wa:statute:59.18.260").save()
    with django_assert_num_queries(0):
        assert live_freshness("statutes") == first
    clock[0] += freshness.PENDING_CHECK_SECONDS
    again = live_freshness("statutes")
    assert again is not None and again.pending
    assert again.version == first.version and "was built" in again.note()


def test_no_live_version_is_no_freshness(index_root: Path) -> None:
    assert live_freshness("papers") is None
