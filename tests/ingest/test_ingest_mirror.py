"""Ingest mirrors the data folder: a removed file is unloaded, an empty folder is refused."""

import gzip
import shutil
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from search.ingest.common import EmptyDataFolder
from search.ingest.papers import ingest_papers
from search.ingest.statutes import ingest_statutes
from search.models import Chunk, IngestedFile, Paper, Section, Source
from search.ops.builds.build import build_index, is_stale
from search.statutes.catalog import load_catalog
from search.statutes.search.notes import coverage_note
from tests.corpus import CHUNKS, PAPERS, STATUTES, section, write_jsonl

pytestmark = pytest.mark.django_db

ALL_SECTIONS = sum(len(rows) for rows in STATUTES.values())
ID_FILE = "id-stat.jsonl"
ID_ROWS = len(STATUTES[ID_FILE])


def statutes_dir(data: Path) -> Path:
    return data / "statutes"


def data_files_of(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith((".jsonl", ".jsonl.gz"))]


def test_removed_statute_file_unloads_its_sections_and_its_source(corpus_dir: Path) -> None:
    ingest_statutes(corpus_dir)
    (statutes_dir(corpus_dir) / ID_FILE).unlink()
    summary = ingest_statutes(corpus_dir)

    assert [(f.name, f.deleted) for f in summary.removed] == [(ID_FILE, ID_ROWS)]
    assert summary.lines()[0].endswith(f"0 deleted; 1 removed files unloaded ({ID_ROWS} rows)")
    assert f"  unloaded {ID_FILE} (no longer in the data folder): {ID_ROWS} rows" in summary.lines()
    assert Section.objects.count() == ALL_SECTIONS - ID_ROWS
    assert not Section.objects.filter(jurisdiction="id").exists()
    assert not Source.objects.filter(code="id-stat").exists()
    assert not IngestedFile.objects.filter(kind="statutes", name=ID_FILE).exists()
    catalog = load_catalog()
    assert "id" not in catalog.jurisdictions and "id" in catalog.not_loaded_jurisdictions
    assert "Idaho" not in coverage_note(catalog)


def test_a_saved_link_to_an_unloaded_section_offers_a_search(
    corpus_dir: Path, client: Client
) -> None:
    ingest_statutes(corpus_dir)
    assert client.get("/statutes/id:statute:6-321/").status_code == 200
    (statutes_dir(corpus_dir) / ID_FILE).unlink()
    ingest_statutes(corpus_dir)

    response = client.get("/statutes/id:statute:6-321/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "Section not loaded" in html and "removed or renumbered upstream" in html
    # Idaho is no longer loaded, so the search cannot be narrowed to it.
    assert 'href="/statutes/?q=6-321"' in html
    assert "no statutes are loaded for Idaho (ID)" in html


def test_unloading_makes_the_index_stale_and_the_rebuild_matches_the_folder(
    corpus_dir: Path, index_root: Path
) -> None:
    ingest_statutes(corpus_dir)
    build_index("statutes")
    assert not is_stale("statutes")
    (statutes_dir(corpus_dir) / ID_FILE).unlink()
    ingest_statutes(corpus_dir)
    assert is_stale("statutes")
    out = StringIO()
    call_command("reindex", "statutes", if_stale=True, stdout=out)
    assert f"{ALL_SECTIONS - ID_ROWS} documents" in out.getvalue()


def test_sections_that_moved_to_another_file_are_kept(corpus_dir: Path) -> None:
    ingest_statutes(corpus_dir)
    folder = statutes_dir(corpus_dir)
    (folder / ID_FILE).rename(folder / "id-stat-2026.jsonl")
    summary = ingest_statutes(corpus_dir)
    assert [(f.name, f.deleted) for f in summary.removed] == [(ID_FILE, 0)]
    moved = Section.objects.filter(source="id-stat")
    assert moved.count() == ID_ROWS
    assert set(moved.values_list("source_file", flat=True)) == {"id-stat-2026.jsonl"}
    assert Source.objects.get(code="id-stat").files == ["id-stat-2026.jsonl"]


def test_a_source_keeps_its_row_while_another_of_its_files_is_there(corpus_dir: Path) -> None:
    extra = statutes_dir(corpus_dir) / "wa-stat-extra.jsonl"
    write_jsonl(extra, [section("wa:statute:59.20.010", "A mobile home landlord shall ...")])
    ingest_statutes(corpus_dir)
    wa_rows = len(STATUTES["wa-stat-housing.jsonl"])
    assert Source.objects.get(code="wa-stat").section_count == wa_rows + 1
    extra.unlink()
    summary = ingest_statutes(corpus_dir)
    assert [(f.name, f.deleted) for f in summary.removed] == [("wa-stat-extra.jsonl", 1)]
    wa = Source.objects.get(code="wa-stat")
    assert wa.section_count == wa_rows and wa.files == ["wa-stat-housing.jsonl.gz"]


def test_rows_of_a_file_that_was_never_recorded_are_unloaded_too(corpus_dir: Path) -> None:
    """An ingest that died before recording the file still left its rows: they go as well."""
    ingest_statutes(corpus_dir)
    IngestedFile.objects.filter(name=ID_FILE).delete()
    (statutes_dir(corpus_dir) / ID_FILE).unlink()
    summary = ingest_statutes(corpus_dir)
    assert [(f.name, f.deleted) for f in summary.removed] == [(ID_FILE, ID_ROWS)]
    assert not Section.objects.filter(source="id-stat").exists()


@pytest.mark.parametrize("how", ["emptied", "missing"])
def test_empty_statutes_folder_is_refused_and_nothing_is_deleted(
    corpus_dir: Path, how: str
) -> None:
    ingest_statutes(corpus_dir)
    folder = statutes_dir(corpus_dir)
    if how == "emptied":
        for path in data_files_of(folder):
            path.unlink()
    else:
        shutil.rmtree(folder)
    with pytest.raises(CommandError) as refused:
        call_command("ingest_statutes", data_dir=corpus_dir, stdout=StringIO())
    message = str(refused.value)
    assert f"no data files (*.jsonl[.gz]) in {folder}" in message
    assert "Nothing was loaded or unloaded" in message and "--allow-empty" in message
    assert Section.objects.count() == ALL_SECTIONS
    assert Source.objects.count() == len(STATUTES)
    with pytest.raises(EmptyDataFolder):
        ingest_statutes(corpus_dir)


def test_allow_empty_unloads_every_statute_file(corpus_dir: Path) -> None:
    ingest_statutes(corpus_dir)
    for path in data_files_of(statutes_dir(corpus_dir)):
        path.unlink()
    out = StringIO()
    call_command("ingest_statutes", data_dir=corpus_dir, allow_empty=True, stdout=out)
    assert f"{len(STATUTES)} removed files unloaded ({ALL_SECTIONS} rows)" in out.getvalue()
    assert not Section.objects.exists() and not Source.objects.exists()
    assert not IngestedFile.objects.filter(kind="statutes").exists()


def test_unreadable_folder_is_refused_even_with_allow_empty(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ingest_statutes(corpus_dir)
    real_iterdir = Path.iterdir

    def failing_mount(self: Path) -> Iterator[Path]:
        if self.name == "statutes":
            raise OSError(107, "Transport endpoint is not connected", str(self))
        return real_iterdir(self)

    monkeypatch.setattr(Path, "iterdir", failing_mount)
    with pytest.raises(CommandError) as refused:
        call_command("ingest_statutes", data_dir=corpus_dir, allow_empty=True, stdout=StringIO())
    message = str(refused.value)
    assert "cannot read" in message and "Transport endpoint is not connected" in message
    assert "mounted and readable" in message
    assert Section.objects.count() == ALL_SECTIONS


def test_empty_papers_folder_is_refused(corpus_dir: Path) -> None:
    ingest_papers(corpus_dir)
    papers_before = Paper.objects.count()
    for path in data_files_of(corpus_dir / "papers"):
        if not path.name.startswith("entities"):
            path.unlink()
    with pytest.raises(CommandError, match="--allow-empty"):
        call_command("ingest_papers", data_dir=corpus_dir, stdout=StringIO())
    assert Paper.objects.count() == papers_before
    call_command("ingest_papers", data_dir=corpus_dir, allow_empty=True, stdout=StringIO())
    assert not Paper.objects.exists() and not Chunk.objects.exists()


def test_removed_chunks_file_unloads_the_full_text_and_keeps_abstracts(
    corpus_dir: Path, index_root: Path
) -> None:
    ingest_papers(corpus_dir)
    build_index("papers")
    abstracts = Chunk.objects.filter(has_full_text=False).count()
    (corpus_dir / "papers" / "chunks.jsonl").unlink()
    summary = ingest_papers(corpus_dir)

    assert [(f.name, f.deleted) for f in summary.removed] == [("chunks.jsonl", len(CHUNKS))]
    assert "1 removed files unloaded" in summary.lines()[0]
    assert not Chunk.objects.filter(has_full_text=True).exists()
    assert Chunk.objects.count() == abstracts and Paper.objects.count() == len(PAPERS)
    assert not IngestedFile.objects.filter(kind="papers", name="chunks.jsonl").exists()
    assert is_stale("papers")


def test_removed_papers_file_unloads_its_papers_and_a_restored_one_brings_all_back(
    corpus_dir: Path,
) -> None:
    ingest_papers(corpus_dir)
    chunks_before = Chunk.objects.count()
    papers_file = corpus_dir / "papers" / "papers.jsonl.gz"
    kept = papers_file.read_bytes()
    papers_file.unlink()
    summary = ingest_papers(corpus_dir)
    assert [(f.name, f.deleted) for f in summary.removed] == [("papers.jsonl.gz", len(PAPERS))]
    assert not Paper.objects.exists() and not Chunk.objects.exists()

    papers_file.write_bytes(kept)
    ingest_papers(corpus_dir)
    # The chunks file did not change, but its papers came back: it is read again.
    assert Paper.objects.count() == len(PAPERS) and Chunk.objects.count() == chunks_before


def test_recompressed_papers_file_keeps_every_paper(corpus_dir: Path) -> None:
    ingest_papers(corpus_dir)
    folder = corpus_dir / "papers"
    compressed = folder / "papers.jsonl.gz"
    (folder / "papers.jsonl").write_bytes(gzip.decompress(compressed.read_bytes()))
    compressed.unlink()
    summary = ingest_papers(corpus_dir)
    assert [(f.name, f.deleted) for f in summary.removed] == [("papers.jsonl.gz", 0)]
    assert Paper.objects.count() == len(PAPERS)
    assert set(Paper.objects.values_list("source_file", flat=True)) == {"papers.jsonl"}
    assert Chunk.objects.filter(has_full_text=True).count() == len(CHUNKS)
