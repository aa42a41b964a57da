"""Coverage statements come from the data's MANIFEST.json, never from a file name."""

import json
from pathlib import Path

import pytest
from django.test import Client

from search.ingest.coverage import COVERAGE_NOT_STATED, joined_coverage
from search.ingest.manifest import MANIFEST_NAME, ManifestUnreadable, read_coverage
from search.ingest.reader import data_files
from search.ingest.statutes import ingest_statutes
from search.models import Source
from search.statutes.catalog import load_catalog
from search.statutes.search.notes import coverage_note
from tests.corpus import STATUTES, section, write_jsonl, write_manifest

pytestmark = pytest.mark.django_db

HOUSING = "housing-related chapters only"
PARTIAL = "partial: the source snapshot holds only part of this code"


def coverage_by_code() -> dict[str, str]:
    return dict(Source.objects.values_list("code", "coverage"))


def test_every_surface_shows_the_manifest_statement(corpus_dir: Path, client: Client) -> None:
    ingest_statutes(corpus_dir)
    assert coverage_by_code() == {
        "ca-stat": "whole code as present",
        "cfr": "selected titles",
        "fl-stat": "whole code as present",
        "ga-stat": "whole code as present",
        "id-stat": "whole code as present",
        "usc": "selected titles",
        "ut-stat": HOUSING,
        "wa-stat": HOUSING,
    }
    api = {s["code"]: s["coverage"] for s in client.get("/api/sources").json()["sources"]}
    assert api["ut-stat"] == HOUSING and api["id-stat"] == "whole code as present"
    html = client.get("/sources/").content.decode()
    assert f"<td>{HOUSING} (title 59)</td>" in html
    note = coverage_note(load_catalog())
    assert "Coverage: whole code as present (CA, FL, GA, ID); selected titles (US);" in note
    assert f"{HOUSING} (UT, WA)." in note
    assert "housing-related chapters only" in coverage_note(load_catalog(), jurisdiction="wa")
    assert f"<td>{HOUSING}</td>" in client.get("/").content.decode()


def test_without_a_manifest_every_source_says_coverage_not_stated(
    corpus_dir: Path, client: Client
) -> None:
    (corpus_dir / "statutes" / MANIFEST_NAME).unlink()
    ingest_statutes(corpus_dir)
    assert set(coverage_by_code().values()) == {COVERAGE_NOT_STATED}
    # A "-housing" file name no longer makes a claim the data does not make.
    assert not load_catalog().by_code["wa-stat"].housing_only
    api = client.get("/api/sources").json()["sources"]
    assert {s["coverage"] for s in api} == {COVERAGE_NOT_STATED}
    assert HOUSING not in client.get("/sources/").content.decode()
    assert f"Coverage: {COVERAGE_NOT_STATED} (" in coverage_note(load_catalog())


def test_a_file_missing_from_the_manifest_says_coverage_not_stated(corpus_dir: Path) -> None:
    write_manifest(corpus_dir / "statutes", {"wa-stat-housing.jsonl.gz": HOUSING})
    ingest_statutes(corpus_dir)
    coverage = coverage_by_code()
    assert coverage["wa-stat"] == HOUSING
    assert coverage["id-stat"] == coverage["ut-stat"] == COVERAGE_NOT_STATED


def test_a_source_made_of_several_files_joins_their_statements(corpus_dir: Path) -> None:
    folder = corpus_dir / "statutes"
    write_jsonl(folder / "wa-stat-extra.jsonl", [section("wa:statute:1.1", "A body.")])
    write_manifest(folder, {"wa-stat-housing.jsonl.gz": HOUSING, "wa-stat-extra.jsonl": PARTIAL})
    ingest_statutes(corpus_dir)
    assert coverage_by_code()["wa-stat"] == (
        f"{PARTIAL} (wa-stat-extra.jsonl); {HOUSING} (wa-stat-housing.jsonl.gz)"
    )


def test_a_changed_manifest_alone_updates_the_statements(corpus_dir: Path) -> None:
    ingest_statutes(corpus_dir)
    assert load_catalog().by_code["id-stat"].coverage == "whole code as present"
    write_manifest(corpus_dir / "statutes", {"id-stat.jsonl": PARTIAL})
    summary = ingest_statutes(corpus_dir)
    assert all(f.not_read for f in summary.files)
    assert load_catalog().by_code["id-stat"].coverage == PARTIAL
    assert load_catalog().by_code["wa-stat"].coverage == COVERAGE_NOT_STATED


def test_an_unreadable_manifest_is_reported_and_loading_goes_on(corpus_dir: Path) -> None:
    (corpus_dir / "statutes" / MANIFEST_NAME).write_text("{not json")
    summary = ingest_statutes(corpus_dir)
    assert Source.objects.count() == len(STATUTES)
    assert set(coverage_by_code().values()) == {COVERAGE_NOT_STATED}
    warning = next(line for line in summary.lines() if "warning:" in line)
    assert MANIFEST_NAME in warning and COVERAGE_NOT_STATED in warning


def test_manifest_reader_takes_both_shapes_and_skips_entries_without_a_statement(
    tmp_path: Path,
) -> None:
    listed = {"files": [{"file": "a.jsonl", "coverage": " partial "}, {"file": "b.jsonl"}]}
    (tmp_path / MANIFEST_NAME).write_text(json.dumps(listed))
    assert read_coverage(tmp_path) == {"a.jsonl": "partial"}
    mapped = {"files": {"papers.jsonl.gz": {"rows": 3, "coverage": "abstracts"}, "x": 1}}
    (tmp_path / MANIFEST_NAME).write_text(json.dumps(mapped))
    assert read_coverage(tmp_path) == {"papers.jsonl.gz": "abstracts"}
    (tmp_path / MANIFEST_NAME).write_text(json.dumps({"total": 1}))
    with pytest.raises(ManifestUnreadable):
        read_coverage(tmp_path)
    assert read_coverage(tmp_path / "nowhere") == {}


def test_joined_coverage_of_one_statement_is_that_statement() -> None:
    assert joined_coverage(["a.jsonl", "b.jsonl"], {"a.jsonl": PARTIAL, "b.jsonl": PARTIAL}) == (
        PARTIAL
    )
    assert joined_coverage([], {}) == COVERAGE_NOT_STATED


@pytest.mark.realdata
def test_every_real_statute_file_has_a_coverage_statement(real_data_dir: Path) -> None:
    folder = real_data_dir / "statutes"
    statements = read_coverage(folder)
    names = [p.name for p in data_files(folder)]
    assert names and all(statements.get(name) for name in names)
    assert statements["me-stat-housing.jsonl.gz"] == HOUSING
