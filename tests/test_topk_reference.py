"""The top-k paper search and the bounded statute snippets against the previous computations.

Papers: on a slice of the real papers, many real queries in every match mode, diversification,
filter, limit and pool cap run through the service (which reads the ranked pool a window at
a time) and through the previous computation (the whole pool ranked, then diversified;
`tests/paper_reference.py`): same rows in the same order, same scores, totals, pool size,
truncation, tier counts and excluded chunks (compared through the note, which states them).

Statutes: real section bodies from the data files and the benchmark's real queries, read by
the bounded matcher and by the whole-text reading: the same matched terms, and the same
snippet wherever no word occurs more often than the matcher looks at.
"""

import gzip
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench import workload
from search.backends.registry import get_backend
from search.backends.tantivy.analysis import analyzer, tokenize
from search.backends.tantivy.matching import CANDIDATES_PER_WORD, TextMatcher
from search.backends.tantivy.snippets import find_matches, snippet
from search.indexes.build import build_index
from search.ingest.papers import ingest_papers
from search.papers import notes
from search.papers.request import DEFAULT_MAX_PER_DOCUMENT, PaperSearchRequest
from search.papers.service import PaperSearchResult, paper_query, search_papers
from search.query import parse_query
from tests.paper_reference import reference_page
from tests.paper_support import forget_paper_caches

pytestmark = [pytest.mark.realdata, pytest.mark.slow]

SEED = 11
FIRST_PAPERS = 12_000
FULL_TEXT_PAPERS = 150
COMBINATIONS = 320
SMALL_CAP = 300
SECTIONS_PER_FILE = 400
STATUTE_FILES = ("wa-stat-housing.jsonl.gz", "fl-stat.jsonl.gz", "usc.jsonl.gz", "ca-stat.jsonl.gz")


def _slice(real: Path, target: Path) -> Path:
    """The first FIRST_PAPERS papers, with the full text of the first FULL_TEXT_PAPERS."""
    folder = target / "papers"
    folder.mkdir(parents=True)
    kept_ids: set[str] = set()
    with (
        gzip.open(real / "papers" / "papers.jsonl.gz", "rt") as src,
        (folder / "papers.jsonl").open("w") as out,
    ):
        for number, line in enumerate(src):
            if number >= FIRST_PAPERS:
                break
            kept_ids.add(json.loads(line)["paper_id"])
            out.write(line)
    with_text: set[str] = set()
    with (
        gzip.open(real / "papers" / "chunks.jsonl.gz", "rt") as src,
        (folder / "chunks.jsonl").open("w") as out,
    ):
        for line in src:
            paper_id = json.loads(line)["paper_id"]
            if paper_id not in kept_ids:
                continue
            if paper_id not in with_text and len(with_text) >= FULL_TEXT_PAPERS:
                continue
            with_text.add(paper_id)
            out.write(line)
    (folder / "entities.jsonl.gz").write_bytes((real / "papers" / "entities.jsonl.gz").read_bytes())
    return target


@pytest.fixture
def real_paper_index(
    db: None, real_data_dir: Path, tmp_path: Path, index_root: Path, settings: Any
) -> Iterator[Path]:
    data = _slice(real_data_dir, tmp_path / "data")
    settings.PORTAL_DATA_DIR = data
    forget_paper_caches()
    ingest_papers(data)
    build_index("papers")
    yield data
    forget_paper_caches()


def _requests() -> list[PaperSearchRequest]:
    """Seeded combinations of real queries with every option that changes the rows."""
    rng = random.Random(SEED)
    queries = workload.paper_queries(60)
    options: list[dict[str, Any]] = [
        {},
        {"diversify_by": "keyConcept"},
        {"diversify_by": "contentType"},
        {"max_per_document": 1},
        {"max_per_document": 5},
        {"entities": ("LoRA", "BERT", "GPT-4")},
        {"entities": ("ImageNet",), "diversify_by": "keyConcept"},
        {"categories": ("cs.CL", "cs.LG")},
        {"content_types": ("methodology", "results")},
        {"detail": "minimal"},
    ]
    found = []
    for _ in range(COMBINATIONS):
        match = rng.choice(["all_words", "any_words", "phrase", "any_words"])
        query = rng.choice(queries)
        if match == "all_words":
            query = " ".join(query.split()[:2])  # real titles' words rarely all share a chunk
        chosen = dict(rng.choice(options))
        found.append(
            PaperSearchRequest(
                query=query, match=match, limit=rng.choice([5, 10, 37, 100]), **chosen
            )
        )
    return found


def _reference_note(request: PaperSearchRequest, result: PaperSearchResult, cap: int) -> tuple:
    """The reference rows, counts and note of `request`, computed over the whole pool."""
    spec = paper_query(request)
    session = get_backend().paper_session(spec)
    per_doc = request.max_per_document or DEFAULT_MAX_PER_DOCUMENT
    pool, page, held_back = reference_page(
        session, request.diversify_by, max_per_document=per_doc, limit=result.limit, cap=cap
    )
    facts = notes.NoteFacts(
        pool=pool, cap=cap, limit=result.limit, limit_capped_from=None,
        max_per_document=per_doc, held_back=held_back, returned=len(page),
        entity_names=request.entities,
    )  # fmt: skip
    return pool, page, notes.search_note(request, spec.query, facts)


@pytest.mark.django_db
def test_top_k_paper_search_equals_the_whole_pool_computation(
    real_paper_index: Path, settings: Any
) -> None:
    compared = Counter[str]()
    for number, request in enumerate(_requests()):
        cap = SMALL_CAP if number % 4 == 0 else 20_000
        settings.PORTAL_PAPER_POOL_CAP = cap
        result = search_papers(request)
        pool, page, note = _reference_note(request, result, cap)
        where = f"{request!r} (cap {cap})"
        assert [h.chunk_id for h in result.hits] == [h.chunk_id for h in page], where
        assert [h.score for h in result.hits] == [round(h.score, 4) for h in page], where
        assert (result.total, result.pool.size, result.pool.truncated) == (
            pool.total, len(pool.hits), pool.truncated,
        ), where  # fmt: skip
        assert result.note == note, where
        compared["truncated" if pool.truncated else "whole pool"] += 1
        compared["short page" if len(page) < result.limit else "full page"] += 1
        compared[request.diversify_by] += 1
        compared["entity tiers" if request.entities else "no tiers"] += 1
    # The seeded mix really exercises each path.
    assert min(compared.values()) >= 10, compared


def _real_sections(real: Path) -> list[str]:
    """Section bodies from a few real files: the longest and a seeded sample of the rest."""
    rng = random.Random(SEED)
    bodies: list[str] = []
    for name in STATUTE_FILES:
        path = real / "statutes" / name
        if not path.is_file():
            continue
        with gzip.open(path, "rt") as src:
            rows = [json.loads(line)["body"] for line in src]
        rows.sort(key=len, reverse=True)
        bodies += rows[:40] + rng.sample(rows[40:], min(SECTIONS_PER_FILE, len(rows) - 40))
    return bodies


def test_bounded_statute_snippets_agree_with_the_whole_text_reading(real_data_dir: Path) -> None:
    bodies = _real_sections(real_data_dir)
    assert len(bodies) > 1000
    queries = workload.statute_short(50) + workload.statute_long(20)
    queries += ['"security deposit" landlord', '"notice to quit"', '"shall not" tenant']
    rng = random.Random(SEED)
    same_snippets = checked = 0
    for text in bodies:
        for query in rng.sample(queries, 6):
            parsed = parse_query(query, tokenize)
            reference = find_matches(analyzer(), text, parsed)
            shown, matched = TextMatcher(parsed).summary(text, 240)
            assert matched == reference.matched(parsed), (query, text[:200])
            per_term = Counter(span.term for span in reference.spans)
            if not per_term or max(per_term.values()) < CANDIDATES_PER_WORD:
                assert shown == snippet(reference, 240), (query, text[:200])
                same_snippets += 1
            checked += 1
    assert same_snippets > checked * 0.8
