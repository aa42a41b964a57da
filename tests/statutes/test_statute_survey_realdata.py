"""Issue 15 on the real data: a survey over seven real files (five states, Washington's and
Iowa's housing chapters among them, and the CFR), its rows equal to each state's own search.

One module fixture loads the files and builds their index once; it is unloaded at the end.
Skipped where the real data is absent.
"""

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.statutes.scope import Scope
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.service import search_statutes
from search.statutes.survey.request import StatuteSurveyRequest
from search.statutes.survey.service import survey_statutes
from tests.statute_support import real_statute_index

pytestmark = [pytest.mark.realdata, pytest.mark.slow, pytest.mark.django_db]

FILES = (
    "wa-stat-housing.jsonl.gz", "ia-stat-housing.jsonl.gz", "ut-stat-housing.jsonl.gz",
    "me-stat-housing.jsonl.gz", "ar-stat.jsonl.gz", "az-stat.jsonl.gz", "cfr-12.jsonl.gz",
)  # fmt: skip
DEPOSIT = 'landlord return "security deposit"'


@pytest.fixture(scope="module")
def real_index(
    real_data_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
    django_db_setup: None,
    django_db_blocker: Any,
) -> Iterator[Path]:
    """Seven real files ingested (committed for this module) and indexed once."""
    base = tmp_path_factory.mktemp("real-survey")
    with real_statute_index(real_data_dir, FILES, base, django_db_blocker) as root:
        yield root


def test_security_deposit_survey_finds_washington_and_iowa(real_index: Path) -> None:
    result = survey_statutes(StatuteSurveyRequest.for_query(q=DEPOSIT))
    rows = {row.jurisdiction: row for row in result.rows}
    assert rows["wa"].status == "matched" and rows["wa"].total >= 10
    assert "wa:statute:59.18.280" in {r.id for r in rows["wa"].results}
    assert rows["ia"].status == "matched" and rows["ia"].results[0].citation.startswith("Iowa")
    for row in result.matched:
        assert all('"security deposit"' in r.matched_terms for r in row.results)
        assert all("[hl]security deposit[/hl]" in r.snippet for r in row.results)
    assert rows["us"].status == "not_searched"  # the CFR is searched only when included
    assert rows["tx"].status == "not_loaded" and rows["tx"].total is None
    assert all(rows[p].housing_only for p in ("wa", "ia", "ut", "me"))
    assert "Only the housing-related chapters are loaded for IA, ME, UT, WA" in result.note
    assert "Loaded only in part (partial: " in result.note and "AR, AZ" in result.note


def test_every_row_equals_that_states_own_search(real_index: Path) -> None:
    for q in (DEPOSIT, "notice before entering the dwelling unit", "retaliation"):
        result = survey_statutes(StatuteSurveyRequest.for_query(q=q, scope=Scope(include=("cfr",))))
        assert len(result.matched) >= 3, q
        for row in result.matched:
            alone = search_statutes(
                StatuteSearchRequest.for_query(
                    q=q,
                    limit=3,
                    scope=Scope(jurisdictions=(row.jurisdiction,), include=("cfr",))
                    if row.jurisdiction == "us"
                    else Scope(jurisdictions=(row.jurisdiction,)),
                )
            )
            assert row.total == alone.total, (q, row.jurisdiction)
            assert [r.id for r in row.results] == [r.id for r in alone.results], (q, row)
            assert [r.score for r in row.results] == [r.score for r in alone.results]


def test_api_csv_and_page_on_the_real_files(real_index: Path, client: Client) -> None:
    body = client.get("/api/statute_survey", {"q": DEPOSIT, "sort": "score"}).json()
    matched = [e for e in body["by_jurisdiction"] if e["status"] == "matched"]
    assert matched and matched[0]["results"][0]["score"] >= matched[-1]["results"][0]["score"]
    response = client.get("/api/statute_survey", {"q": DEPOSIT, "format": "csv"})
    lines = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(lines) == sum(len(e["results"]) for e in body["by_jurisdiction"])
    html = client.get("/statutes/survey/", {"q": DEPOSIT}).content.decode()
    assert "RCW 59.18.280" in html and "<mark>security deposit</mark>" in html
    assert "Washington: " in html and "Texas: not loaded" in html
