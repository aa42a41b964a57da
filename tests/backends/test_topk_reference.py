"""The top-k paper search and the bounded statute snippets against the previous computations.

Papers: on a slice of the real papers, many real queries (title words, author names, arXiv
ids) in every match mode, diversification, filter (authors too), order (relevance, newest,
oldest), offset, limit and pool cap run through the service (which reads the ranked pool a
window at a time, up to the page's end and one row more) and through the previous computation
(the whole pool ranked, then diversified, then cut at the offset; `tests/paper_reference.py`):
same rows in the same order, same scores, totals, pool size, truncation, next page, tier
counts and excluded chunks (compared through the note, which states them); an offset past
the last row is refused by both.

Cheaper look-ups: "any of these values" as a group of term queries matches exactly the
documents the term set it replaces matched, for real values of every filtered field; the
full-name check that asks the term dictionary first answers as the count it spares; the
did-you-mean words, counts and suggestions kept per version are the term dictionary's.

Statutes: real section bodies from the data files and the benchmark's real queries, read by
the bounded matcher and by the whole-text reading: the same matched terms, and the same
snippet wherever no word occurs more often than the matcher looks at.
"""

import gzip
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
import tantivy

from bench import workload
from search.answers.pipeline import Rejected
from search.backends.filters import Terms
from search.backends.paper_search import RELEVANCE, Pool, PoolHit
from search.backends.registry import get_backend
from search.backends.tantivy.analysis import analyzer, tokenize
from search.backends.tantivy.compile import MAX_TERM_CLAUSES, any_term, filter_query
from search.backends.tantivy.matching import CANDIDATES_PER_WORD, TextMatcher
from search.backends.tantivy.papers import AUTHOR_KEYS, open_paper_search
from search.backends.tantivy.ranking import count
from search.backends.tantivy.reader import live_index
from search.backends.tantivy.snippets import find_matches, snippet
from search.indexes.names import PAPERS
from search.ingest.papers import ingest_papers
from search.ops.builds.build import build_index
from search.papers import notes
from search.papers.author_names import keys_of_authors, name_key
from search.papers.request import DEFAULT_MAX_PER_DOCUMENT, PaperSearchRequest
from search.papers.service import paper_query, search_papers
from search.papers.text_words import TEXT_WORDS, VersionWords
from search.text.query import parse_query
from search.text.suggest import did_you_mean
from tests.paper_reference import reference_page
from tests.paper_support import forget_paper_caches

pytestmark = [pytest.mark.realdata, pytest.mark.slow]

SEED = 11
FIRST_PAPERS = 12_000
FULL_TEXT_PAPERS = 150
COMBINATIONS = 480
SMALL_CAP = 300
SECTIONS_PER_FILE = 400
STATUTE_FILES = ("wa-stat-housing.jsonl.gz", "fl-stat.jsonl.gz", "usc.jsonl.gz", "ca-stat.jsonl.gz")


@dataclass(frozen=True)
class Slice:
    """The data folder of the slice, and real author names and arXiv ids found in it."""

    data: Path
    authors: tuple[str, ...]
    arxiv_ids: tuple[str, ...]


def _slice(real: Path, target: Path) -> Slice:
    """The first FIRST_PAPERS papers, with the full text of the first FULL_TEXT_PAPERS."""
    folder = target / "papers"
    folder.mkdir(parents=True)
    kept_ids: set[str] = set()
    authors: list[str] = []
    arxiv_ids: list[str] = []
    with (
        gzip.open(real / "papers" / "papers.jsonl.gz", "rt") as src,
        (folder / "papers.jsonl").open("w") as out,
    ):
        for number, line in enumerate(src):
            if number >= FIRST_PAPERS:
                break
            row = json.loads(line)
            kept_ids.add(row["paper_id"])
            authors += row["authors"][:2]
            if row["arxiv_id"]:
                arxiv_ids.append(row["arxiv_id"])
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
    rng = random.Random(SEED)
    return Slice(target, tuple(rng.sample(authors, 40)), tuple(rng.sample(arxiv_ids, 20)))


@pytest.fixture
def real_paper_index(
    db: None, real_data_dir: Path, tmp_path: Path, index_root: Path, settings: Any
) -> Iterator[Slice]:
    found = _slice(real_data_dir, tmp_path / "data")
    settings.PORTAL_DATA_DIR = found.data
    forget_paper_caches()
    ingest_papers(found.data)
    build_index("papers")
    yield found
    forget_paper_caches()


def _requests(found: Slice) -> list[PaperSearchRequest]:
    """Seeded combinations of real queries (title words, author names, arXiv ids with and
    without words) with every option that changes the rows."""
    rng = random.Random(SEED)
    queries = workload.paper_queries(60) + list(found.authors[:20])
    queries += [f"{i} {rng.choice(queries)}" for i in found.arxiv_ids[:10]]
    queries += list(found.arxiv_ids[10:]) + ["2512.99999 model"]
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
        {"offset": 10},
        {"offset": 37, "max_per_document": 1},
        {"offset": 5, "diversify_by": "keyConcept"},
        {"sort": "newest"},
        {"sort": "oldest", "diversify_by": "contentType"},
        {"sort": "newest", "offset": 20, "entities": ("LoRA", "BERT")},
        {"authors": found.authors[20:30]},
        {"authors": found.authors[:3], "sort": "oldest"},
    ]
    requests = []
    for _ in range(COMBINATIONS):
        match = rng.choice(["all_words", "any_words", "phrase", "any_words"])
        query = rng.choice(queries)
        if match == "all_words":
            query = " ".join(query.split()[:2])  # real titles' words rarely all share a chunk
        chosen = dict(rng.choice(options))
        requests.append(
            PaperSearchRequest.for_query(
                query=query, match=match, limit=rng.choice([5, 10, 37, 100]), **chosen
            )
        )
    return requests


@dataclass(frozen=True)
class Reference:
    """What the whole-pool computation gives for one request."""

    pool: Pool
    page: list[PoolHit]
    more: bool
    note: str
    scores: dict[int, float]  # BM25 of every match (date orders show it too)


def _reference(request: PaperSearchRequest, limit: int, cap: int) -> Reference:
    """The reference rows, counts and note of `request`, computed over the whole pool."""
    spec = paper_query(request)
    session = get_backend().paper_session(spec)
    per_doc = request.max_per_document or DEFAULT_MAX_PER_DOCUMENT
    pool, page, held_back, more = reference_page(
        session, request.diversify_by, max_per_document=per_doc, limit=limit, cap=cap,
        offset=request.offset,
    )  # fmt: skip
    named = session.named_papers() if spec.arxiv_ids else ()
    loaded = {p.arxiv_id for p in named}
    facts = notes.NoteFacts(
        pool=pool, cap=cap, limit=limit, limit_capped_from=None,
        max_per_document=per_doc, held_back=held_back, returned=len(page),
        entity_names=request.entities, weights=spec.weights, named_papers=named,
        not_loaded=tuple(i for i in spec.arxiv_ids if i not in loaded),
    )  # fmt: skip
    scores = {h.chunk_id: round(h.score, 4) for h in pool.hits}
    if request.sort != RELEVANCE:  # the whole pool in BM25 order, for the scores shown
        everything = replace(spec, sort=RELEVANCE, pool_cap=max(pool.total, 1))
        ranked = get_backend().paper_session(everything).ranked(max(pool.total, 1))
        scores = {h.chunk_id: round(h.score, 4) for h in ranked.hits}
    note = notes.search_note(request, spec.query, facts)
    # Did-you-mean speaks of the whole pool's count, which the reference knows too.
    hint = did_you_mean(request.query, spec.query.all_words(), pool.total, TEXT_WORDS, "passage")
    return Reference(pool, page, more, f"{note} {hint.note}" if hint else note, scores)


@pytest.mark.django_db
def test_top_k_paper_search_equals_the_whole_pool_computation(
    real_paper_index: Slice, settings: Any
) -> None:
    compared = Counter[str]()
    for number, request in enumerate(_requests(real_paper_index)):
        cap = SMALL_CAP if number % 4 == 0 else 20_000
        settings.PORTAL_PAPER_POOL_CAP = cap
        limit = request.limit or settings.PORTAL_PAPER_LIMIT_DEFAULT
        expected = _reference(request, limit, cap)
        where = f"{request!r} (cap {cap})"
        if request.offset and not expected.page:
            with pytest.raises(Rejected, match="past the end"):
                search_papers(request)
            compared["offset past the end"] += 1
            continue
        result = search_papers(request)
        assert [h.chunk_id for h in result.hits] == [h.chunk_id for h in expected.page], where
        assert [h.score for h in result.hits] == [
            expected.scores[h.chunk_id] for h in expected.page
        ], where
        assert (result.total, result.pool.size, result.pool.truncated) == (
            expected.pool.total, len(expected.pool.hits), expected.pool.truncated,
        ), where  # fmt: skip
        following = request.offset + limit if expected.more else None
        assert result.paging.next_offset == following, where
        assert result.note == expected.note, where
        compared["truncated" if expected.pool.truncated else "whole pool"] += 1
        compared["short page" if len(expected.page) < limit else "full page"] += 1
        compared[request.diversify_by] += 1
        compared["entity tiers" if request.entities else "no tiers"] += 1
        compared[f"sort {request.sort}"] += 1
        compared["offset" if request.offset else "first page"] += 1
        compared["named paper" if result.paper_matches else "no id"] += 1
        compared["authors filter" if request.authors else "all authors"] += 1
    # The seeded mix really exercises each path.
    assert min(compared.values()) >= 10, compared


def _chunk_ids(searcher: tantivy.Searcher, query: tantivy.Query) -> set[int]:
    hits = searcher.search(query, max(int(searcher.num_docs), 1)).hits
    return {int(i) for i in searcher.fast_field_values("chunk_id", [a for _, a in hits])}


def _check_term_groups(found: Slice) -> None:
    """Each real value set matches the same chunks as the term set."""
    live = live_index(PAPERS)
    searcher, schema = live.searcher(), live.index.schema
    addresses = [a for _, a in searcher.search(tantivy.Query.all_query(), 4000).hits]
    docs = [searcher.doc(a) for a in addresses]
    values: dict[str, list[str | int]] = {
        field: sorted({str(v) for d in docs for v in d.get_all(field)})
        for field in ("entities", "categories", "content_type", "arxiv_id")
    }
    values[AUTHOR_KEYS] = sorted(set(keys_of_authors(found.authors)))
    values["chunk_id"] = sorted({int(d.get_first("chunk_id") or 0) for d in docs})
    rng = random.Random(SEED)
    checked = Counter[str]()
    for field, pool in values.items():
        for size in (2, 3, 5, 12, 40, MAX_TERM_CLAUSES, MAX_TERM_CLAUSES + 1, 150):
            chosen = rng.sample(pool, min(size, len(pool)))
            if field != "chunk_id":
                chosen[-1] = "no such value"
            old = tantivy.Query.term_set_query(schema, field, chosen)
            expected = _chunk_ids(searcher, old)
            assert _chunk_ids(searcher, any_term(schema, field, chosen)) == expected, field
            if field != "chunk_id":
                typed = Terms(field, tuple(str(v) for v in chosen))
                assert _chunk_ids(searcher, filter_query(schema, typed)) == expected, field
            checked["some match" if expected else "none"] += 1
    assert checked["some match"] >= 30, checked


def _check_name_look_ups(found: Slice) -> None:
    """Real author names (both ways round) and title words: the same answer as the count."""
    names = list(found.authors) + workload.paper_queries(40)
    names += [" ".join(n.split()[::-1]) for n in found.authors[:10]]
    answers = Counter[bool]()
    for name in names:
        key = name_key(name)
        if not key:
            continue
        session = open_paper_search(paper_query(PaperSearchRequest.for_query(query=name)))
        keys = tuple(dict.fromkeys((key, " ".join(key.split()[::-1]))))
        set_query = tantivy.Query.term_set_query(session.schema, AUTHOR_KEYS, list(keys))
        expected = count(session.searcher, set_query) > 0
        assert session._some_author_is(keys) == expected, name
        answers[expected] += 1
    assert answers[True] >= 20 and answers[False] >= 20, answers


def _check_text_words(found: Slice) -> None:
    """Misspelt and rare words of real titles and names: the same prefixes' words, counts and
    suggestions (asked twice, the second time kept) as the term dictionary read each time."""
    words = VersionWords(live_index(PAPERS).version)
    rng = random.Random(SEED)
    texts = workload.paper_queries(60) + list(found.authors)
    typed = [" ".join(_slip(w, rng) for w in text.split()) for text in texts]
    hints = Counter[bool]()
    for text in typed + texts[:20]:
        terms = tokenize(text)
        for _ in range(2):
            expected = did_you_mean(text, terms, 0, TEXT_WORDS, "passage")
            assert did_you_mean(text, terms, 0, words, "passage") == expected, text
            kept = did_you_mean(text, terms, 0, words, "passage", words.best)
            assert kept == expected, text
        hints[expected is not None] += 1
        for term in terms:
            assert words.documents(term) == TEXT_WORDS.documents(term), term
            for prefix in {term[:2], term[:1] + term[2:3]}:
                assert list(words.words(prefix)) == list(TEXT_WORDS.words(prefix)), prefix
    assert hints[True] >= 20, hints


def _slip(word: str, rng: random.Random) -> str:
    """The word with two neighbouring letters swapped (a typing slip), when long enough."""
    if len(word) < 5:
        return word
    at = rng.randrange(1, len(word) - 2)
    return word[:at] + word[at + 1] + word[at] + word[at + 2 :]


@pytest.mark.django_db
def test_cheaper_look_ups_answer_as_the_ones_they_replace(real_paper_index: Slice) -> None:
    _check_term_groups(real_paper_index)
    _check_name_look_ups(real_paper_index)
    _check_text_words(real_paper_index)


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
