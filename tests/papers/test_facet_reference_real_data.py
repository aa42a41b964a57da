"""Paper facets on a slice of the real papers, against the request they replaced.

The slice is built twice: with the default writer settings (one segment: the small request
grown at ties) and with a small budget over two threads (several segments: the request of a
bucket per entity of every segment, `segment_size` ENTITY_SEGMENT_SIZE, as before). On many
real queries (paper titles of the dev set and SciTLDR descriptions, any and all words) and
several cuts, among them cuts inside a group of equal counts, the one-segment answer is
every bucket sorted and cut in Python (same names, order and counts), and the several-segment
answer has the same counts, the same names above the count at the cut and the same content
type counts.
"""

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
import tantivy

from bench.quality.sets import DEVSET, SHARED
from search.backends.registry import get_backend
from search.backends.tantivy.paper_corpus import ENTITY_SEGMENT_SIZE, _buckets
from search.backends.tantivy.reader import live_index
from search.indexes.names import PAPERS
from search.ingest.papers import ingest_papers
from search.ops.builds.build import build_index
from search.papers.request import PaperSearchRequest
from search.papers.service import paper_query
from search.text.query import ALL_WORDS, ANY_WORDS
from tests.paper_support import forget_paper_caches

pytestmark = [pytest.mark.realdata, pytest.mark.slow]

FIRST_PAPERS = 8_000
FULL_TEXT_PAPERS = 60
TITLE_QUERIES = 100
DESCRIPTION_QUERIES = 40
CUTS = (1, 3, 7, 20, 200)
# Cuts inside a group of equal counts added per query (where the query has them).
TIE_CUTS = 2
SCITLDR = SHARED / "papers_scitldr_dev.jsonl"

Answer = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]


def _slice(real: Path, target: Path) -> Path:
    """The first FIRST_PAPERS papers, with the full text of the first FULL_TEXT_PAPERS."""
    folder = target / "papers"
    folder.mkdir(parents=True)
    kept: set[str] = set()
    with (
        gzip.open(real / "papers" / "papers.jsonl.gz", "rt") as src,
        (folder / "papers.jsonl").open("w") as out,
    ):
        for number, line in enumerate(src):
            if number >= FIRST_PAPERS:
                break
            kept.add(json.loads(line)["paper_id"])
            out.write(line)
    with_text: set[str] = set()
    with (
        gzip.open(real / "papers" / "chunks.jsonl.gz", "rt") as src,
        (folder / "chunks.jsonl").open("w") as out,
    ):
        for line in src:
            paper_id = json.loads(line)["paper_id"]
            if paper_id in kept and (paper_id in with_text or len(with_text) < FULL_TEXT_PAPERS):
                with_text.add(paper_id)
                out.write(line)
    (folder / "entities.jsonl.gz").write_bytes((real / "papers" / "entities.jsonl.gz").read_bytes())
    return target


def _queries() -> list[str]:
    rows = (DEVSET / "papers.jsonl").read_text().splitlines()[:TITLE_QUERIES]
    if SCITLDR.exists():
        rows += SCITLDR.read_text().splitlines()[:DESCRIPTION_QUERIES]
    return [json.loads(row)["query"] for row in rows if row.strip()]


def _every_bucket(searcher: tantivy.Searcher, query: tantivy.Query) -> Answer:
    """Both facets with a bucket for every value, sorted as the portal sorts them."""
    terms = {"size": ENTITY_SEGMENT_SIZE, "segment_size": ENTITY_SEGMENT_SIZE}
    request = {name: {"terms": {"field": name, **terms}} for name in ("content_type", "entities")}
    found = searcher.aggregate(query, request)
    return _buckets(found.get("content_type")), _buckets(found.get("entities"))


def _answers(queries: list[str]) -> tuple[int, dict[tuple[str, str, int], Answer]]:
    """Facets of the live version per (query, mode, cut), and its number of segments."""
    backend = get_backend()
    answers: dict[tuple[str, str, int], Answer] = {}
    segments = 0
    for text in queries:
        for mode in (ANY_WORDS, ALL_WORDS):
            session = backend.paper_session(
                paper_query(PaperSearchRequest.for_query(text, match=mode))
            )
            segments = session.searcher.num_segments  # type: ignore[attr-defined]
            every = _every_bucket(session.searcher, session.matching)  # type: ignore[attr-defined]
            counts = [count for _, count in every[1]]
            ties = [k for k in range(1, min(len(counts), 200)) if counts[k - 1] == counts[k]]
            for cut in (*CUTS, *ties[:TIE_CUTS], 0):
                found = session.facets(cut)
                answers[(text, mode, cut)] = (found.content_types, found.entities)
            answers[(text, mode, -1)] = every
    return segments, answers


@pytest.fixture
def real_papers(real_data_dir: Path, tmp_path: Path, index_root: Path, settings: Any) -> Path:
    data = _slice(real_data_dir, tmp_path / "data")
    settings.PORTAL_DATA_DIR = data
    forget_paper_caches()
    ingest_papers(data)
    yield data
    forget_paper_caches()


@pytest.mark.django_db
def test_facets_on_one_segment_and_on_several_match_every_bucket_sorted_by_count_then_name(
    real_papers: Path, settings: Any
) -> None:
    queries = _queries()
    assert len(queries) >= 100
    build_index(PAPERS)
    one_segment, one = _answers(queries)
    settings.PORTAL_INDEX_WRITER_HEAP_MB = 32
    settings.PORTAL_INDEX_WRITER_THREADS = 2
    build_index(PAPERS)
    forget_paper_caches()
    several_segments, several = _answers(queries)
    assert live_index(PAPERS).searcher().num_segments == several_segments

    assert (one_segment, several_segments > 1) == (1, True)
    assert one.keys() == several.keys()
    inside_a_tie = 0
    for (text, mode, cut), (content_types, entities) in one.items():
        if cut < 0:
            continue
        every_types, every_entities = one[(text, mode, -1)]
        case = f"{text!r} {mode} top {cut}"
        assert (content_types, entities) == (every_types, every_entities[:cut]), case
        other_types, other_entities = several[(text, mode, cut)]
        assert other_types == content_types, case
        assert [c for _, c in other_entities] == [c for _, c in entities], case
        at_cut = entities[-1][1] if entities else 0
        assert {e for e in other_entities if e[1] > at_cut} == {
            e for e in entities if e[1] > at_cut
        }
        after = every_entities[cut : cut + 1]
        inside_a_tie += bool(entities and after and after[0][1] == at_cut)
    assert len(one) > 1_000 and inside_a_tie > 100
