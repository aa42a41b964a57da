"""What every search backend must do, checked against pure-Python expectations.

`BackendContract` is engine-neutral: it writes a small corpus with deliberate score ties,
builds both indexes through the backend's own writer (`build_index`), and compares each
answer with what the query semantics say, computed in Python from the rows (the
reference tokenizer `tests.reference_tokenizer.simple_tokenize`, which the index analyzer must equal
on ordinary text). A new backend registers in `search.backends.registry.BACKENDS` and is
run by `tests/backends/test_backend_contract.py` like tantivy: same rows, counts, tie order, marks.
"""

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings

from search.backends.filters import Terms
from search.backends.paper_search import (
    NEWEST,
    OLDEST,
    TIER_MATCH,
    TIER_NAMED_PAPER,
    TIER_UNRECORDED,
    PaperQuery,
)
from search.backends.protocol import IndexUnavailable, SearchBackend
from search.backends.registry import _make
from search.backends.statute_search import GroupedSearch, TextSearch
from search.indexes.names import PAPERS, STATUTES
from search.ingest.papers import ingest_papers
from search.ingest.statutes import ingest_statutes
from search.models import Chunk, IndexBuild, IngestedFile, Paper, Section, Source
from search.ops.builds.build import build_index
from search.text.marks import HL_CLOSE, HL_OPEN
from search.text.query import ALL_WORDS, ANY_WORDS, ParsedQuery, parse_query
from tests.corpus import section, write_corpus, write_jsonl
from tests.reference_tokenizer import simple_tokenize

# Seven sections with the same body score the same for any query: the tie group.
TIED = 7
TIE_BODY = "The tenant shall pay the rent on the first day of each month."
STATUTE_QUERIES = [
    "tenant rent",
    "landlord deposit",
    '"security deposit" landlord',
    '"shall not" tenant',
    "escrow",
    "habitability unicorns",
]
PAPER_QUERIES = ["adaptation", "low rank adaptation", "speech corpora", "model", "lin mu",
                 '"rank adaptation"']  # fmt: skip
_MARKED = re.compile(re.escape(HL_OPEN) + "(.*?)" + re.escape(HL_CLOSE))


def parsed(text: str) -> ParsedQuery:
    return parse_query(text, simple_tokenize)


def occurs(text: str, query: ParsedQuery) -> set[str]:
    """The query's terms and phrases (as rendered) that occur in `text`."""
    tokens = simple_tokenize(text)
    found = {t for t in query.terms if t in tokens}
    for phrase, rendered in zip(
        query.phrases, query.terms_searched[len(query.terms) :], strict=True
    ):
        n = len(phrase)
        if any(tuple(tokens[i : i + n]) == phrase for i in range(len(tokens) - n + 1)):
            found.add(rendered)
    return found


def statute_matches(text: str, query: ParsedQuery) -> bool:
    """Loose terms any-of (only ranking when there is a phrase), every phrase required."""
    found = occurs(text, query)
    phrases = set(query.terms_searched[len(query.terms) :])
    if not phrases <= found:
        return False
    return bool(phrases) or any(t in found for t in query.terms)


def paper_matches(fields: list[str], query: ParsedQuery, mode: str) -> bool:
    """A chunk's record (its text, its paper's title, each author's name) matches: every
    (all_words) or any word in one of the fields, each phrase within one field."""
    found = set().union(*(occurs(text, query) for text in fields))
    phrases = set(query.terms_searched[len(query.terms) :])
    if not phrases <= found:
        return False
    if mode == ALL_WORDS:
        return all(t in found for t in query.terms)
    return bool(phrases) or any(t in found for t in query.terms)


def paper_records() -> dict[int, list[str]]:
    """Each chunk's searched fields by chunk id: its text, title, and each author's name."""
    chunks = Chunk.objects.select_related("paper")
    return {c.pk: [c.text, c.paper.title, *c.paper.authors] for c in chunks}


@pytest.fixture(scope="class")
def contract_corpus(
    request: pytest.FixtureRequest,
    django_db_setup: Any,
    django_db_blocker: Any,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Path]:
    """The corpus ingested and both indexes built by this backend, once per class."""
    base = tmp_path_factory.mktemp("contract")
    data = write_corpus(base / "data")
    rows = [
        section(f"zz:statute:{n}", TIE_BODY, jurisdiction="wy", source="wy-stat",
                title="1", chapter="1-1", citation=f"W.S. 1-1-{n}")
        for n in range(TIED)
    ]  # fmt: skip
    write_jsonl(data / "statutes" / "wy-stat-housing.jsonl", rows)
    root = base / "indexes"
    backend = request.cls.backend_name
    with (
        django_db_blocker.unblock(),
        override_settings(PORTAL_INDEX_DIR=root, PORTAL_DATA_DIR=data,
                          PORTAL_SEARCH_BACKEND=backend),
    ):  # fmt: skip
        ingest_statutes(data)
        ingest_papers(data)
        build_index(STATUTES)
        build_index(PAPERS)
        yield root
        for model in (Chunk, Paper, Section, Source, IngestedFile, IndexBuild):
            model.objects.all().delete()


class BackendContract:
    """The contract; subclasses (or a parametrised fixture) supply `backend_name`."""

    backend_name = "tantivy"

    @pytest.fixture
    def backend(self, settings: Any) -> Iterator[SearchBackend]:
        settings.PORTAL_SEARCH_BACKEND = self.backend_name
        backend = _make(self.backend_name)
        backend.forget_open_indexes()
        yield backend
        backend.forget_open_indexes()

    @pytest.fixture
    def built(self, db: None, contract_corpus: Path, settings: Any) -> Path:
        settings.PORTAL_INDEX_DIR = contract_corpus
        return contract_corpus

    # --- text analysis ---------------------------------------------------------------------

    def test_tokenize_is_the_reference_tokenizer(self, backend: SearchBackend) -> None:
        text = "The Landlord's § 59.18.280 — Security-Deposit (a)(1) ÉTÉ naïve x" + "y" * 45
        assert backend.tokenize(text) == simple_tokenize(text)

    def test_mark_text_marks_exactly_the_occurrences(self, backend: SearchBackend) -> None:
        query = parsed('"notice to quit" landlord')
        text = "Notice to the landlord. A notice to quit is served by a LANDLORD."
        marked = backend.mark_text(text, query)
        assert _MARKED.findall(marked) == ["landlord", "notice to quit", "LANDLORD"]
        assert marked.replace(HL_OPEN, "").replace(HL_CLOSE, "") == text

    # --- statutes --------------------------------------------------------------------------

    def test_statute_totals_rows_marks_and_matched_terms(
        self, built: Path, backend: SearchBackend
    ) -> None:
        bodies = dict(Section.objects.values_list("id", "body"))
        for text in STATUTE_QUERIES:
            query = parsed(text)
            spec = TextSearch(query=query, field="body", limit=5, tie_break="order",
                              fields=("id",))  # fmt: skip
            page = backend.search_statutes(spec)
            expected = {i for i, body in bodies.items() if statute_matches(body, query)}
            assert page.total == len(expected), text
            ids = [hit.first("id") for hit in page.hits]
            assert set(ids) <= expected and len(ids) == min(5, len(expected)), text
            scores = [hit.score for hit in page.hits]
            assert scores == sorted(scores, reverse=True), text
            for hit in page.hits:
                body = bodies[hit.first("id")]
                present = occurs(body, query)
                assert set(hit.matched) == present and list(hit.matched) == [
                    t for t in query.terms_searched if t in present
                ], text
                for marked in _MARKED.findall(hit.snippet):
                    words = tuple(simple_tokenize(marked))
                    assert words in {(t,) for t in query.terms} | set(query.phrases), marked

    def test_statute_ties_are_broken_by_file_order(
        self, built: Path, backend: SearchBackend
    ) -> None:
        query = parsed("month")
        for limit in (1, 3, TIED):
            spec = TextSearch(query=query, field="body", limit=limit, tie_break="order",
                              fields=("id",))  # fmt: skip
            page = backend.search_statutes(spec)
            assert page.total == TIED
            assert [h.first("id") for h in page.hits] == [f"zz:statute:{n}" for n in range(limit)]
            assert [h.tie_key for h in page.hits] == sorted(h.tie_key for h in page.hits)

    def test_statute_filters_never_change_scores(self, built: Path, backend: SearchBackend) -> None:
        query = parsed("landlord deposit tenant")
        plain = backend.search_statutes(TextSearch(query=query, field="body", limit=50,
                                                   tie_break="order", fields=("id",)))  # fmt: skip
        only = backend.search_statutes(
            TextSearch(query=query, field="body", limit=50, tie_break="order", fields=("id",),
                       filters=(Terms("jurisdiction", ("wa",)),))
        )  # fmt: skip
        scores = {h.first("id"): h.score for h in plain.hits}
        assert only.hits and all(h.first("id").startswith("wa:") for h in only.hits)
        assert all(abs(scores[h.first("id")] - h.score) < 1e-6 for h in only.hits)

    def test_grouped_search_equals_one_filtered_search_per_group(
        self, built: Path, backend: SearchBackend
    ) -> None:
        places = dict(Section.objects.values_list("id", "jurisdiction"))
        bodies = dict(Section.objects.values_list("id", "body"))
        for text in [*STATUTE_QUERIES, "month", "tenant landlord month"]:
            query = parsed(text)
            expected = {i for i, body in bodies.items() if statute_matches(body, query)}
            for per in (1, 3):
                search = TextSearch(query=query, field="body", limit=per, tie_break="order",
                                    fields=("id",))  # fmt: skip
                grouped = backend.search_statutes_grouped(GroupedSearch(search, "jurisdiction"))
                assert grouped.total == len(expected), text
                assert set(grouped.groups) == {places[i] for i in expected}, text
                for value, page in grouped.groups.items():
                    alone = backend.search_statutes(
                        replace(search, filters=(Terms("jurisdiction", (value,)),))
                    )
                    assert page.total == alone.total, (text, value)
                    assert [h.first("id") for h in page.hits] == [
                        h.first("id") for h in alone.hits
                    ], (text, value)
                    assert [h.score for h in page.hits] == [h.score for h in alone.hits]
                    assert [h.snippet for h in page.hits] == [h.snippet for h in alone.hits]
                    assert [h.matched for h in page.hits] == [h.matched for h in alone.hits]

    # --- the vocabulary (did you mean) ------------------------------------------------------

    def test_vocabulary_counts_the_documents_holding_each_word_within_filters(
        self, built: Path, backend: SearchBackend
    ) -> None:
        def held(prefix: str, jurisdiction: str | None = None) -> Counter[str]:
            sections = Section.objects.all()
            if jurisdiction:
                sections = sections.filter(jurisdiction=jurisdiction)
            bodies = sections.values_list("body", flat=True)
            words = (w for body in bodies for w in set(simple_tokenize(body)))
            return Counter(w for w in words if w.startswith(prefix))

        for prefix in ("te", "de", "la", "s", "zzq"):
            words = list(backend.vocabulary(STATUTES, "body", prefix))
            assert dict(words) == held(prefix)
            assert [n for _, n in words] == sorted((n for _, n in words), reverse=True)
            in_wa = backend.vocabulary(STATUTES, "body", prefix, (Terms("jurisdiction", ("wa",)),))
            assert dict(in_wa) == held(prefix, "wa")
        assert held("tenant")["tenant"] > held("tenant", "wa")["tenant"] > 0
        assert backend.word_documents(STATUTES, "body", "tenant") == held("tenant")["tenant"]
        assert backend.word_documents(STATUTES, "body", "tenent") == 0
        chunks = Counter(w for text in Chunk.objects.values_list("text", flat=True)
                         for w in set(simple_tokenize(text)) if w.startswith("ad"))  # fmt: skip
        assert chunks and dict(backend.vocabulary(PAPERS, "text", "ad")) == chunks
        assert backend.word_documents(PAPERS, "text", "adaptation") == chunks["adaptation"]

    # --- papers ----------------------------------------------------------------------------

    def test_paper_counts_follow_each_mode_and_windows_are_prefixes(
        self, built: Path, backend: SearchBackend
    ) -> None:
        records = paper_records()
        for text in PAPER_QUERIES:
            for mode in (ALL_WORDS, ANY_WORDS):
                query = parsed(text)
                session = backend.paper_session(PaperQuery(query=query, mode=mode))
                whole = session.ranked(10_000)
                expected = {i for i, f in records.items() if paper_matches(f, query, mode)}
                assert whole.total == len(expected) and whole.complete, (text, mode)
                assert {h.chunk_id for h in whole.hits} == expected
                keys = [(-h.score, h.chunk_id) for h in whole.hits]
                assert keys == sorted(keys), (text, mode)  # score desc, chunk id asc
                for window in (1, 2, 3):
                    assert session.ranked(window).hits == whole.hits[:window]

    def test_paper_entity_tiers_and_facets_count_every_match(
        self, built: Path, backend: SearchBackend
    ) -> None:
        query = parsed("adaptation")
        spec = PaperQuery(query=query, mode=ANY_WORDS, entities=("lora",), pool_cap=2)
        session = backend.paper_session(spec)
        pool = session.ranked(10)
        rows = list(Chunk.objects.values("id", "text", "entities", "content_type"))
        records = paper_records()
        matching = [r for r in rows if paper_matches(records[r["id"]], query, ANY_WORDS)]
        named = [r for r in matching if "lora" in {e["name"].casefold() for e in r["entities"]}]
        unrecorded = [r for r in matching if not r["entities"]]
        assert pool.tier_totals == (len(named), len(unrecorded))
        assert pool.excluded_by_entities == len(matching) - len(named) - len(unrecorded)
        assert pool.truncated == (pool.total > 2) and len(pool.hits) == min(2, pool.total)
        tiers = [h.tier for h in pool.hits]
        assert tiers == sorted(tiers) and set(tiers) <= {TIER_MATCH, TIER_UNRECORDED}
        facets = backend.paper_session(PaperQuery(query=query, mode=ANY_WORDS)).facets(50)
        by_type: dict[str, int] = {}
        for r in matching:
            by_type[r["content_type"]] = by_type.get(r["content_type"], 0) + 1
        assert dict(facets.content_types) == by_type

    def test_paper_rows_carry_their_stored_fields_and_marks(
        self, built: Path, backend: SearchBackend
    ) -> None:
        query = parsed("adaptation")
        session = backend.paper_session(PaperQuery(query=query, mode=ANY_WORDS))
        hits = session.ranked(3).hits
        rows = session.chunks(hits, explain=False)
        stored = {c.pk: c for c in Chunk.objects.select_related("paper")}
        for hit, row in zip(hits, rows, strict=True):
            chunk = stored[row.chunk_id]
            assert row.chunk_id == hit.chunk_id and row.paper_id == chunk.paper.paper_id
            assert row.title == chunk.paper.title and row.chunk_index == chunk.chunk_index
            assert row.matched_terms == ("adaptation",) and HL_OPEN in row.snippet

    def test_paper_date_orders_are_total_and_windows_are_prefixes(
        self, built: Path, backend: SearchBackend
    ) -> None:
        query = parsed("adaptation strings units")
        chunks = {c.pk: c.paper.published for c in Chunk.objects.select_related("paper")}
        for sort in (NEWEST, OLDEST):
            session = backend.paper_session(PaperQuery(query=query, mode=ANY_WORDS, sort=sort))
            whole = session.ranked(10_000)
            dated = [chunks[h.chunk_id] for h in whole.hits if chunks[h.chunk_id]]
            assert dated == sorted(dated, reverse=sort == NEWEST), sort
            undated = [h.chunk_id for h in whole.hits if chunks[h.chunk_id] is None]
            assert [h.chunk_id for h in whole.hits][len(dated) :] == undated  # last
            same_day = [(chunks[h.chunk_id], h.chunk_id) for h in whole.hits]
            assert same_day == sorted(same_day, key=lambda p: (
                (p[0].toordinal() * (-1 if sort == NEWEST else 1)) if p[0] else 10**9, p[1]
            ))  # fmt: skip
            for window in (1, 2, 5):
                assert session.ranked(window).hits == whole.hits[:window]
            rows = session.chunks(whole.hits[:3], explain=False)
            relevance = backend.paper_session(PaperQuery(query=query, mode=ANY_WORDS))
            scores = {h.chunk_id: h.score for h in relevance.ranked(10_000).hits}
            assert all(abs(r.score - scores[r.chunk_id]) < 1e-4 for r in rows)

    def test_paper_named_by_arxiv_id_comes_first_and_others_follow(
        self, built: Path, backend: SearchBackend
    ) -> None:
        spec = PaperQuery(query=parsed("adaptation"), arxiv_ids=("2503.00003", "2106.09685"))
        session = backend.paper_session(spec)
        pool = session.ranked(100)
        named = {c.pk for c in Chunk.objects.filter(paper__arxiv_id__in=spec.arxiv_ids)}
        tiers = [h.tier for h in pool.hits]
        assert tiers == sorted(tiers) and tiers.count(TIER_NAMED_PAPER) == len(named)
        assert {h.chunk_id for h in pool.hits if h.tier == TIER_NAMED_PAPER} == named
        assert not named & {h.chunk_id for h in pool.hits if h.tier != TIER_NAMED_PAPER}
        papers = session.named_papers()
        assert [p.arxiv_id for p in papers] == ["2503.00003", "2106.09685"]
        assert papers[1].title.startswith("LoRA") and papers[1].chunks == 4
        only_id = backend.paper_session(PaperQuery(query=parsed(""), arxiv_ids=("hep-th/9901001",)))
        assert [h.tier for h in only_id.ranked(10).hits] == [TIER_NAMED_PAPER]
        missing = backend.paper_session(PaperQuery(query=parsed("x"), arxiv_ids=("2501.99999",)))
        assert missing.named_papers() == ()

    def test_paper_author_filter_reads_folded_names(
        self, built: Path, backend: SearchBackend
    ) -> None:
        cases = [
            (("garcia perez",), {"2507.01234"}),
            (("perez", "mu"), {"2507.01234", "hep-th/9901001"}),
            (("lin mu",), {"hep-th/9901001"}),
            (("lukasz kaiser",), {"2507.01234"}),
            (("lin",), {"2508.00007"}),  # Wei Lin; Lin Mu's last name is Mu
        ]
        for keys, expected in cases:
            spec = PaperQuery(query=parsed("strings kernels friction"), mode=ANY_WORDS,
                              authors=keys)  # fmt: skip
            hits = backend.paper_session(spec).ranked(100).hits
            found = set(Chunk.objects.filter(pk__in=[h.chunk_id for h in hits])
                        .values_list("paper__paper_id", flat=True))  # fmt: skip
            assert found == expected, keys

    # --- no index --------------------------------------------------------------------------

    def test_no_index_is_unavailable_never_empty(
        self, db: None, tmp_path: Path, backend: SearchBackend
    ) -> None:
        with override_settings(PORTAL_INDEX_DIR=tmp_path / "empty"):
            with pytest.raises(IndexUnavailable):
                backend.probe(STATUTES)
            with pytest.raises(IndexUnavailable):
                backend.search_statutes(TextSearch(query=parsed("rent"), field="body", limit=1))
            with pytest.raises(IndexUnavailable):
                backend.search_statutes_grouped(
                    GroupedSearch(TextSearch(query=parsed("rent"), field="body", limit=1), "x")
                )
            with pytest.raises(IndexUnavailable):
                backend.paper_session(PaperQuery(query=parsed("model"))).ranked(1)
