"""A `make run`-style smoke test on a slice of the real data (skipped where it is absent)."""

import gzip
import itertools
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from search.models import Paper, Section, Source

pytestmark = [pytest.mark.realdata, pytest.mark.django_db]

SLICE_ROWS = 400
STATUTE_FILES = ("wa-stat-housing.jsonl.gz", "cfr-12.jsonl.gz", "usc.jsonl.gz")


def _slice(source: Path, target: Path, rows: int) -> int:
    """Write the first `rows` lines of a real file into a temporary file; return the count."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(source, "rt") as src, gzip.open(target, "wt") as dst:
        lines = list(itertools.islice(src, rows))
        dst.writelines(lines)
    return len(lines)


@pytest.fixture
def real_slice(real_data_dir: Path, tmp_path: Path) -> Path:
    """A data folder holding the first rows of a few real files."""
    data = tmp_path / "data"
    for name in STATUTE_FILES:
        _slice(real_data_dir / "statutes" / name, data / "statutes" / name, SLICE_ROWS)
    _slice(real_data_dir / "papers" / "papers.jsonl.gz", data / "papers" / "papers.jsonl.gz", 2000)
    # Chunks only for papers in the slice, so none is reported as an unknown paper.
    with gzip.open(data / "papers" / "papers.jsonl.gz") as sliced:
        kept = {json.loads(line)["paper_id"] for line in sliced}
    with (
        gzip.open(real_data_dir / "papers" / "chunks.jsonl.gz", "rt") as src,
        gzip.open(data / "papers" / "chunks.jsonl.gz", "wt") as dst,
    ):
        dst.writelines(line for line in src if json.loads(line)["paper_id"] in kept)
    (data / "papers" / "entities.jsonl.gz").write_bytes(
        (real_data_dir / "papers" / "entities.jsonl.gz").read_bytes()
    )
    return data


def test_ingest_index_and_serve_a_real_slice(real_slice: Path, index_root: Path) -> None:
    out = StringIO()
    call_command("ingest_statutes", data_dir=real_slice, stdout=out)
    call_command("ingest_papers", data_dir=real_slice, stdout=out)
    call_command("reindex", "all", if_stale=True, stdout=out)
    report = out.getvalue()
    assert f"{SLICE_ROWS * len(STATUTE_FILES)} rows read" in report
    assert Section.objects.count() == SLICE_ROWS * len(STATUTE_FILES)
    assert Paper.objects.count() == 2000
    assert {s.code for s in Source.objects.all()} == {"wa-stat", "cfr", "usc"}

    health = Client().get("/healthz").json()
    assert health["status"] == "ok"
    assert health["indexes"]["statutes"]["doc_count"] == SLICE_ROWS * len(STATUTE_FILES)

    home = Client().get("/").content.decode()
    assert "wa-stat" in home and "Revised Code of Washington" in home
    assert "Demo data" not in home

    again = StringIO()
    call_command("ingest_statutes", data_dir=real_slice, stdout=again)
    call_command("reindex", "all", if_stale=True, stdout=again)
    assert "3 files unchanged since last ingest" in again.getvalue()
    assert again.getvalue().count("up to date, not rebuilt") == 2
