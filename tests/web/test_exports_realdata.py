"""The one export path of both searches on a slice of the real data (skipped where absent).

A statute search and a paper search asked for `format=csv` go through the same field and the
same answer: the download is, byte for byte, the file the search's own rows make, its rows
are the JSON answer's rows in order, and a bad format is each search's ordinary 400.
"""

import csv
import gzip
import io
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client, RequestFactory

from search.ingest.papers import ingest_papers
from search.ingest.statutes import ingest_statutes
from search.ops.builds.build import build_index
from search.papers.catalog import load_catalog as load_paper_catalog
from search.papers.forms import PaperSearchForm
from search.papers.payloads import export_file
from search.papers.service import search_papers
from search.statutes.catalog import forget_catalogs, load_catalog
from search.statutes.payloads import search_export
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.search.service import search_statutes
from tests.paper_support import forget_paper_caches

pytestmark = [pytest.mark.realdata, pytest.mark.django_db]

WA_FILE = "wa-stat-housing.jsonl.gz"
STATUTE_ROWS = 1500
PAPER_ROWS = 1500
STATUTES = {"q": "landlord security deposit", "jurisdiction": "wa", "limit": "7", "offset": "3"}
PAPERS = {"query": "neural networks", "limit": "6", "offset": "2"}


def _first_lines(source: Path, target: Path, rows: int) -> list[str]:
    """The first `rows` lines of a real gzipped file, written gzipped to `target`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(source, "rt") as src, gzip.open(target, "wt") as dst:
        lines = list(itertools.islice(src, rows))
        dst.writelines(lines)
    return lines


@pytest.fixture
def real_slice(real_data_dir: Path, tmp_path: Path, index_root: Path, settings: Any) -> Path:
    """The first real Washington sections and papers (with their chunks), both indexed."""
    data = tmp_path / "data"
    real = real_data_dir
    _first_lines(real / "statutes" / WA_FILE, data / "statutes" / WA_FILE, STATUTE_ROWS)
    name = "papers.jsonl.gz"
    papers = _first_lines(real / "papers" / name, data / "papers" / name, PAPER_ROWS)
    kept = {json.loads(line)["paper_id"] for line in papers}
    with (
        gzip.open(real / "papers" / "chunks.jsonl.gz", "rt") as src,
        gzip.open(data / "papers" / "chunks.jsonl.gz", "wt") as dst,
    ):
        dst.writelines(line for line in src if json.loads(line)["paper_id"] in kept)
    entities = real / "papers" / "entities.jsonl.gz"
    (data / "papers" / "entities.jsonl.gz").write_bytes(entities.read_bytes())
    settings.PORTAL_DATA_DIR = data
    forget_paper_caches()
    forget_catalogs()
    ingest_statutes(data)
    ingest_papers(data)
    build_index("statutes")
    build_index("papers")
    yield data
    forget_paper_caches()
    forget_catalogs()


def _download(client: Client, path: str, params: dict[str, str]) -> tuple[bytes, str]:
    response = client.get(path, params)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return response.content, response["Content-Disposition"]


def test_both_searches_export_their_rows_through_one_path(real_slice: Path) -> None:
    client = Client()
    statute_csv, statute_name = _download(
        client, "/api/statute_search", {**STATUTES, "format": "csv"}
    )
    paper_csv, paper_name = _download(client, "/api/search_keyword", {**PAPERS, "format": "csv"})

    # Byte for byte the file the search's own rows make.
    form = StatuteSearchForm(STATUTES, catalog=load_catalog(), exports=True)
    assert form.is_valid(), form.errors
    expected = search_export(search_statutes(form.to_request(), form.catalog), "csv")
    assert statute_csv == expected.body.encode()
    assert statute_name == f'attachment; filename="{expected.filename}"'
    assert expected.filename.startswith("statute-search-landlord-security-deposit-rows-4-")
    paper_form = PaperSearchForm(PAPERS, catalog=load_paper_catalog(), exports=True)
    assert paper_form.is_valid(), paper_form.errors
    absolute = RequestFactory().get("/").build_absolute_uri
    expected = export_file(search_papers(paper_form.to_request()), "csv", absolute)
    assert paper_csv == expected.body.encode()
    assert paper_name == f'attachment; filename="{expected.filename}"'

    # The file's rows are the JSON page's rows, in order, numbered from the offset.
    statute_rows = list(csv.DictReader(io.StringIO(statute_csv.decode())))
    statute_json = client.get("/api/statute_search", STATUTES).json()["results"]
    assert len(statute_rows) == 7 and [r["id"] for r in statute_rows] == [
        r["id"] for r in statute_json
    ]
    assert [r["rank"] for r in statute_rows] == [str(n) for n in range(4, 11)]
    paper_rows = list(csv.DictReader(io.StringIO(paper_csv.decode())))
    paper_json = client.get("/api/search_keyword", PAPERS).json()["results"]
    assert len(paper_rows) == 6
    assert [(r["paper_id"], int(r["chunk_index"])) for r in paper_rows] == [
        (r["paper_id"], r["chunk_index"]) for r in paper_json
    ]
    assert [r["rank"] for r in paper_rows] == [str(n) for n in range(3, 9)]

    # One field: case and spaces do not matter to either search.
    assert _download(client, "/api/statute_search", {**STATUTES, "format": " CSV "})[0] == (
        statute_csv
    )
    assert _download(client, "/api/search_keyword", {**PAPERS, "format": "Csv"})[0] == paper_csv


STATUTE_FORMATS = "Unknown format 'pdf': use json or csv."
BAD_FORMATS = (
    ("/api/statute_search", STATUTES, "limit", STATUTE_FORMATS),
    ("/api/statute_survey", {"q": "deposit"}, "per", STATUTE_FORMATS),
    ("/api/search_keyword", PAPERS, "limit", "Unknown format 'pdf': use json, csv or bibtex."),
)


def test_a_bad_format_is_the_search_s_own_400_with_its_other_errors(real_slice: Path) -> None:
    client = Client()
    for path, params, rows, says in BAD_FORMATS:
        response = client.get(path, {**params, rows: "0", "format": "PDF"})
        body = response.json()
        assert response.status_code == 400
        assert body["errors"]["format"] == [says]
        assert set(body["errors"]) == {"format", rows}
        assert body["terms_searched"] and body["note"].startswith("Bad request, nothing was")
        assert body["coverage_note"]
