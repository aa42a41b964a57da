"""Ingest: validation with file/line/field, idempotency, updates and deletions."""

import json
from pathlib import Path

import pytest

from search.ingest.papers import ingest_papers
from search.ingest.statutes import ingest_statutes
from search.models import Chunk, IngestedFile, Paper, Section, Source
from tests.corpus import CHUNKS, ENTITIES, PAPERS, STATUTES, section, write_jsonl

pytestmark = pytest.mark.django_db


def test_statutes_load_every_valid_row(corpus_dir: Path) -> None:
    summary = ingest_statutes(corpus_dir)
    expected = sum(len(rows) for rows in STATUTES.values())
    assert Section.objects.count() == expected
    assert summary.total("created") == expected
    assert summary.total("skipped") == 0


def test_second_ingest_does_not_read_unchanged_files(corpus_dir: Path) -> None:
    ingest_statutes(corpus_dir)
    again = ingest_statutes(corpus_dir)
    assert all(f.not_read for f in again.files)
    assert again.total("rows_read") == 0
    assert not again.changed


def test_forced_ingest_counts_rows_unchanged(corpus_dir: Path) -> None:
    ingest_statutes(corpus_dir)
    again = ingest_statutes(corpus_dir, force=True)
    assert again.total("unchanged") == Section.objects.count()
    assert again.total("created") == again.total("updated") == 0


def test_changed_row_is_updated_and_removed_row_deleted(corpus_dir: Path) -> None:
    ingest_statutes(corpus_dir)
    rows = [dict(r) for r in STATUTES["id-stat.jsonl"]]
    rows[0]["body"] = "A landlord shall return the deposit within ten days."
    write_jsonl(corpus_dir / "statutes" / "id-stat.jsonl", rows[:1])
    summary = ingest_statutes(corpus_dir)
    file_summary = next(f for f in summary.files if f.name == "id-stat.jsonl")
    assert (file_summary.updated, file_summary.deleted) == (1, len(rows) - 1)
    assert Section.objects.get(id=rows[0]["id"]).body.startswith(
        "A landlord shall return the deposit"
    )
    assert not Section.objects.filter(id=rows[1]["id"]).exists()


def test_malformed_rows_are_reported_with_file_line_and_field(tmp_path: Path) -> None:
    folder = tmp_path / "statutes"
    folder.mkdir(parents=True)
    good = section("wa:statute:1", "Some body text.")
    missing = {k: v for k, v in section("wa:statute:2", "x").items() if k != "citation"}
    wrong_type = section("wa:statute:3", "x") | {"title": 59}
    empty_body = section("wa:statute:4", "   ")
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps(missing),
        json.dumps(wrong_type),
        json.dumps(empty_body),
        json.dumps([1, 2]),
        json.dumps(good),
    ]
    (folder / "bad.jsonl").write_text("\n".join(lines) + "\n")
    summary = ingest_statutes(tmp_path)
    assert Section.objects.count() == 1
    assert summary.total("skipped") == 6
    found = {(p.line, p.field) for p in summary.problems}
    assert found == {(2, ""), (3, "citation"), (4, "title"), (5, "body"), (6, ""), (7, "id")}
    assert all(p.file == "bad.jsonl" for p in summary.problems)
    assert "duplicate" in next(p.reason for p in summary.problems if p.line == 7)


def test_file_is_recorded_only_after_it_completes(corpus_dir: Path) -> None:
    ingest_statutes(corpus_dir)
    assert IngestedFile.objects.filter(kind="statutes").count() == len(STATUTES)


def test_sources_carry_coverage_facts(corpus_dir: Path) -> None:
    ingest_statutes(corpus_dir)
    cfr = Source.objects.get(code="cfr")
    assert cfr.corpus == "regulation"
    assert cfr.jurisdictions == ["us"]
    assert cfr.section_count == 2
    assert cfr.title_forms == ["1002", "1024"]
    assert cfr.as_of == "2014-01-10 … 2018-01-01"
    assert Source.objects.get(code="wa-stat").section_count == len(
        STATUTES["wa-stat-housing.jsonl"]
    )


def test_ends_at_colon_is_derived_from_the_body(corpus_dir: Path) -> None:
    ingest_statutes(corpus_dir)
    assert Section.objects.get(id="wa:statute:59.18.060").ends_at_colon
    assert not Section.objects.get(id="wa:statute:59.18.260").ends_at_colon


def test_papers_become_abstract_chunks_plus_body_chunks(corpus_dir: Path) -> None:
    summary = ingest_papers(corpus_dir)
    assert Paper.objects.count() == len(PAPERS)
    assert Chunk.objects.filter(chunk_index=0).count() == len(PAPERS)
    assert Chunk.objects.filter(has_full_text=True).count() == len(CHUNKS)
    lora = Chunk.objects.get(paper__paper_id="2106.09685", chunk_index=0)
    assert lora.section == "Abstract" and lora.content_type == "abstract"
    assert summary.total("skipped") == 0


def test_source_entity_annotations_are_kept(corpus_dir: Path) -> None:
    ingest_papers(corpus_dir)
    chunk = Chunk.objects.get(paper__paper_id="scirex:abc", chunk_index=1)
    assert chunk.entities_source == "annotated"
    assert {e["name"] for e in chunk.entities} == {"SQuAD", "F1"}


def test_chunks_without_annotations_are_tagged_from_the_vocabulary(corpus_dir: Path) -> None:
    ingest_papers(corpus_dir)
    abstract = Chunk.objects.get(paper__paper_id="2106.09685", chunk_index=0)
    assert abstract.entities_source == "tagged"
    assert {"LoRA", "BERT", "GLUE"} <= {e["name"] for e in abstract.entities}


def test_chunk_of_unknown_paper_is_skipped_with_reason(corpus_dir: Path) -> None:
    write_jsonl(
        corpus_dir / "papers" / "chunks.jsonl",
        [*CHUNKS, {"paper_id": "nope", "chunk_index": 0, "section": "x", "text": "y"}],
    )
    summary = ingest_papers(corpus_dir)
    assert summary.total("skipped") == 1
    assert summary.problems[0].field == "paper_id"
    assert summary.problems[0].line == len(CHUNKS) + 1


def test_paper_reingest_is_idempotent(corpus_dir: Path) -> None:
    ingest_papers(corpus_dir)
    before = list(Chunk.objects.values_list("id", "content_hash"))
    again = ingest_papers(corpus_dir, force=True)
    assert not again.changed
    assert list(Chunk.objects.values_list("id", "content_hash")) == before


def test_vocabulary_change_re_enriches_unchanged_files(corpus_dir: Path) -> None:
    ingest_papers(corpus_dir)
    write_jsonl(
        corpus_dir / "papers" / "entities.jsonl",
        [*ENTITIES, {"name": "Transformer", "type": "method", "aliases": [], "source": "test"}],
    )
    again = ingest_papers(corpus_dir)
    assert not any(f.not_read for f in again.files)
    chunk = Chunk.objects.get(paper__paper_id="2502.00002", chunk_index=0)
    assert "Transformer" in {e["name"] for e in chunk.entities}
    assert all(f.not_read for f in ingest_papers(corpus_dir).files)
