"""Statute search on the real Washington statutes (skipped when the real data is absent)."""

from pathlib import Path

import pytest
from django.test import Client

from search.ingest.statutes import ingest_statutes
from search.ops.builds.build import build_index
from search.statutes.scope import Scope
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.service import search_statutes

pytestmark = [pytest.mark.realdata, pytest.mark.slow, pytest.mark.django_db]

WA_FILE = "wa-stat-housing.jsonl.gz"
QUERY = 'landlord "security deposit" return'


@pytest.fixture
def washington(real_data_dir: Path, tmp_path: Path, index_root: Path) -> Path:
    """Only the Washington file, ingested into the test database and indexed."""
    source = real_data_dir / "statutes" / WA_FILE
    if not source.is_file():
        pytest.skip(f"{source} not found")
    data = tmp_path / "data"
    (data / "statutes").mkdir(parents=True)
    (data / "statutes" / WA_FILE).symlink_to(source)
    ingest_statutes(data)
    build_index("statutes")
    return index_root


def test_security_deposit_query_finds_rcw_59_18(washington: Path, client: Client) -> None:
    result = search_statutes(
        StatuteSearchRequest.for_query(q=QUERY, scope=Scope(jurisdictions=("wa",)))
    )
    assert result.total > 0
    assert result.results[0].citation.startswith("RCW 59.18.")
    in_chapter = [r for r in result.results if r.chapter == "59-18"]
    assert len(in_chapter) >= 3
    assert all('"security deposit"' in r.matched_terms for r in result.results)
    assert all("[hl]" in r.snippet for r in result.results)
    assert "wa:statute:59.18.280" in {r.id for r in result.results}

    response = client.get("/api/statute_search", {"q": QUERY, "jurisdiction": "wa"})
    body = response.json()
    assert response.status_code == 200
    assert [r["id"] for r in body["results"]] == [r.id for r in result.results]
    assert "[hl]security deposit[/hl]" in " ".join(r["snippet"] for r in body["results"])

    html = client.get("/statutes/", {"q": QUERY, "jurisdiction": "wa"}).content.decode()
    assert "RCW 59.18." in html and "<mark>security deposit</mark>" in html

    # One ingest serves both checks: the ingest is the slow part (about 6 s).
    jump = search_statutes(StatuteSearchRequest.for_query(q="RCW 59.18.060"))
    assert jump.jump is not None and jump.jump.id == "wa:statute:59.18.060"


def test_a_tenants_question_finds_the_deposit_refund_section(washington: Path) -> None:
    q = "how long does a landlord have to return a security deposit"
    result = search_statutes(
        StatuteSearchRequest.for_query(q=q, scope=Scope(jurisdictions=("wa",)))
    )
    top = [r.id for r in result.results[:3]]
    assert "wa:statute:59.18.280" in top, top
    # The statute says 'refund'; the map adds it for 'return', and says so.
    assert [t.source for t in result.terms_added if t.term == "refund"] == ["return"]
    assert "long" in {d.term for d in result.terms_dropped if d.reason == "question_word"}
