"""Did you mean on the real data: Washington's housing law and a slice of the real papers.

Skipped where the real data is absent. The statute module fixture loads the Washington file
once (unloaded at the end); the papers slice keeps every paper whose abstract says
"diffusion" and the first papers of the file, so it ingests and indexes in seconds.
"""

import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.ingest.papers import ingest_papers
from search.ops.builds.build import build_index
from tests.paper_support import forget_paper_caches
from tests.statute_support import real_statute_index

pytestmark = [pytest.mark.realdata, pytest.mark.django_db]

FIRST_PAPERS = 500


@pytest.fixture(scope="module")
def washington(
    real_data_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
    django_db_setup: None,
    django_db_blocker: Any,
) -> Iterator[Path]:
    base = tmp_path_factory.mktemp("real-did-you-mean")
    with real_statute_index(
        real_data_dir, ("wa-stat-housing.jsonl.gz",), base, django_db_blocker
    ) as root:
        yield root


@pytest.fixture
def wa_index(washington: Path, settings: Any) -> Path:
    settings.PORTAL_INDEX_DIR = washington
    return washington


def suggested(client: Client, path: str, **params: str) -> dict[str, Any]:
    body = client.get(path, params).json()
    assert body["total"] <= 5, body["total"]
    return body


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("tenent", "tenant"), ("evicton", "eviction"), ("landlrod", "landlord"),
     ("retaliaton", "retaliation"), ("tneant", "tenant")],
)  # fmt: skip
def test_washington_misspellings_get_the_codes_words(
    client: Client, wa_index: Path, typed: str, meant: str
) -> None:
    body = suggested(client, "/api/statute_search", q=typed, jurisdiction="wa")
    assert [s["suggestion"] for s in body["suggestions"]] == [meant]
    assert body["suggestions"][0]["term_documents"] == 0
    assert body["suggested_query"] == meant and body["terms_searched"] == [typed]
    # The suggestion counts the sections holding the word itself: the corrected search
    # without the everyday-words map's added terms finds exactly those.
    corrected = client.get(
        "/api/statute_search", {"q": meant, "jurisdiction": "wa", "expand": "false"}
    ).json()
    assert corrected["total"] == body["suggestions"][0]["documents"]


def test_two_misspellings_at_once_and_the_page_link(client: Client, wa_index: Path) -> None:
    body = suggested(client, "/api/statute_search", q="tenent evicton", jurisdiction="wa")
    assert body["suggested_query"] == "tenant eviction"
    page = client.get("/statutes/", {"q": "tenent evicton", "jurisdiction": "wa"})
    assert "/statutes/?q=tenant+eviction&amp;jurisdiction=wa" in page.content.decode()


def test_a_correct_word_is_left_alone(client: Client, wa_index: Path) -> None:
    body = client.get("/api/statute_search", {"q": "habitability", "jurisdiction": "wa"}).json()
    assert body["suggestions"] == [] and body["suggested_query"] is None


@pytest.fixture
def diffusion_papers(real_data_dir: Path, tmp_path: Path, index_root: Path, settings: Any) -> Path:
    folder = tmp_path / "data" / "papers"
    folder.mkdir(parents=True)
    kept = []
    with gzip.open(real_data_dir / "papers" / "papers.jsonl.gz", "rt") as src:
        for number, line in enumerate(src):
            if number < FIRST_PAPERS or "diffusion" in line.lower():
                kept.append(line)
    (folder / "papers.jsonl").write_text("".join(kept))
    (folder / "chunks.jsonl").write_text("")
    (folder / "entities.jsonl.gz").write_bytes(
        (real_data_dir / "papers" / "entities.jsonl.gz").read_bytes()
    )
    settings.PORTAL_DATA_DIR = tmp_path / "data"
    forget_paper_caches()
    ingest_papers(tmp_path / "data")
    build_index("papers")
    yield tmp_path / "data"
    forget_paper_caches()


def test_difussion_gets_diffusion_in_the_papers(client: Client, diffusion_papers: Path) -> None:
    body = suggested(client, "/api/search_keyword", query="difussion models")
    assert [(s["term"], s["suggestion"]) for s in body["suggestions"]] == [
        ("difussion", "diffusion")
    ]
    assert body["suggested_query"] == "diffusion models"
    assert 'Did you mean "diffusion models"?' in body["note"]
