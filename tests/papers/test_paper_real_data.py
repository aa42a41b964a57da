"""Issue 4's "done" example on a slice of the real papers (skipped where the data is absent).

The slice keeps every real paper whose abstract mentions low-rank adaptation, the first
papers of the file, and the full text of a few dozen papers, so it ingests and indexes in
seconds. The pool cap is lowered to match the slice: `model` then overflows it exactly as
it overflows the default cap of 20,000 on the whole corpus (55,914 matching chunks).
"""

import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.ingest.papers import ingest_papers
from search.ops.builds.build import build_index
from tests.paper_support import forget_paper_caches

pytestmark = [pytest.mark.realdata, pytest.mark.django_db]

FIRST_PAPERS = 1500
FULL_TEXT_PAPERS = 20
SLICE_POOL_CAP = 300


def _slice(real: Path, target: Path) -> Path:
    """A papers folder: LoRA papers, the first FIRST_PAPERS, full text of a few others."""
    folder = target / "papers"
    folder.mkdir(parents=True)
    with_text: set[str] = set()
    chunks: list[str] = []
    with gzip.open(real / "papers" / "chunks.jsonl.gz", "rt") as src:
        for line in src:
            paper_id = json.loads(line)["paper_id"]
            if paper_id not in with_text and len(with_text) == FULL_TEXT_PAPERS:
                continue
            with_text.add(paper_id)
            chunks.append(line)
    kept: list[str] = []
    with gzip.open(real / "papers" / "papers.jsonl.gz", "rt") as src:
        for number, line in enumerate(src):
            wanted = number < FIRST_PAPERS or "low-rank adaptation" in line.lower()
            # A substring test first: parsing all 106k rows would double the slicing time.
            if wanted or any(f'"{paper_id}"' in line for paper_id in with_text):
                kept.append(line)
    (folder / "papers.jsonl").write_text("".join(kept))
    (folder / "chunks.jsonl").write_text("".join(chunks))
    (folder / "entities.jsonl.gz").write_bytes((real / "papers" / "entities.jsonl.gz").read_bytes())
    return target


@pytest.fixture
def real_papers(real_data_dir: Path, tmp_path: Path, index_root: Path, settings: Any) -> Path:
    data = _slice(real_data_dir, tmp_path / "data")
    settings.PORTAL_DATA_DIR = data
    forget_paper_caches()
    ingest_papers(data)
    build_index("papers")
    yield data
    forget_paper_caches()


def test_low_rank_adaptation_in_cs_cl_with_facets_and_a_truncated_broad_query(
    real_papers: Path, settings: Any
) -> None:
    client = Client()
    params = {"query": "low-rank adaptation", "categories": "cs.CL", "facets": "true"}
    body = client.get("/api/search_keyword", params).json()
    rows = body["results"]
    assert len(rows) == 10 and body["total"] > 10
    # Every word is in the passage or its paper's title; the snippet marks the passage's.
    assert all(set(row["matched_terms"]) == set(body["terms_searched"]) for row in rows)
    assert all("[hl]" in row["snippet"] or row["matched_in"].get("title") for row in rows)
    assert all("cs.CL" in row["categories"] for row in rows)
    assert max(Counter(row["paper_id"] for row in rows).values()) <= 2
    assert body["facets"]["contentType"]["abstract"] == body["total"]
    assert body["facets"]["entities"] and body["facets"]["matches"] == body["total"]
    assert not body["pool"]["keyword"]["truncated"]

    page = client.get("/papers/", params).content.decode()
    assert "<mark>" in page and 'aria-label="Facets"' in page and "banner-warn" not in page

    settings.PORTAL_PAPER_POOL_CAP = SLICE_POOL_CAP
    broad = client.get("/api/search_keyword", {"query": "model"}).json()
    pool = broad["pool"]["keyword"]
    assert pool["truncated"] and pool["size"] == SLICE_POOL_CAP < pool["total"] == broad["total"]
    assert "Narrow the query" in broad["note"]
    banner = client.get("/papers/", {"query": "model"}).content.decode()
    assert 'class="banner-warn" role="alert"' in banner


def test_what_a_new_user_types_first_finds_it(real_papers: Path) -> None:
    """Issue 12 on the real data: an arXiv id, an author's name, title words, paging, order."""
    client = Client()
    search = "/api/search_keyword"
    by_id = client.get(search, {"query": "2505.23808"}).json()
    assert [p["paper_id"] for p in by_id["paper_matches"]] == ["2505.23808"]
    assert by_id["results"][0]["paper_id"] == "2505.23808" and by_id["results"][0]["paper_match"]
    assert "DenseLoRA" in by_id["paper_matches"][0]["title"]
    for form in ("2505.23808v2", "arXiv:2505.23808", "https://arxiv.org/abs/2505.23808"):
        assert client.get(search, {"query": form}).json()["paper_matches"] == by_id["paper_matches"]
    page = client.get("/papers/", {"query": "2505.23808"}).content.decode()
    assert 'aria-label="Paper"' in page and 'href="/papers/2505.23808/"' in page
    missing = client.get(search, {"query": "2512.99999"}).json()
    assert missing["arxiv_ids_not_loaded"] == ["2512.99999"] and "not loaded" in missing["note"]

    author = client.get(search, {"query": "Lin Mu"}).json()
    assert "Lin Mu" in author["results"][0]["authors"]
    only = client.get(search, {"query": "adaptation", "authors": "lin mu"}).json()
    assert only["results"] and all("Lin Mu" in r["authors"] for r in only["results"])

    # Title words that the abstract does not repeat ("dense" is in the title only).
    title = client.get(search, {"query": "DenseLoRA dense low-rank adaptation"}).json()
    assert title["results"][0]["paper_id"] == "2505.23808"
    assert "title" in title["results"][0]["matched_in"]

    first = client.get(search, {"query": "low-rank adaptation"}).json()
    second = client.get(search, {"query": "low-rank adaptation", "offset": 10}).json()
    assert first["next_offset"] == 10 and [r["rank"] for r in second["results"]][0] == 11
    keys = {(r["paper_id"], r["chunk_index"]) for r in first["results"]}
    assert not keys & {(r["paper_id"], r["chunk_index"]) for r in second["results"]}
    status = client.get("/papers/", {"query": "low-rank adaptation", "offset": 10})
    assert f"rows 11–20 of {first['total']:,}" in status.content.decode()

    newest = client.get(search, {"query": "low-rank adaptation", "sort": "newest"}).json()
    dates = [r["published"] for r in newest["results"]]
    assert dates == sorted(dates, reverse=True) and newest["total"] == first["total"]
    bib = client.get(search, {"query": "2505.23808", "format": "bibtex"})
    assert bib["Content-Type"].startswith("application/x-bibtex")
    assert "eprint = {2505.23808}" in bib.content.decode()
