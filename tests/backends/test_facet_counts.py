"""Facet counts on indexes of one and of several segments: exact counts, ties cut by name.

Each index is written here with tantivy's writer directly, one commit per segment, so the
tests choose the segmentation. The reference is the request of every bucket of every
segment (`segment_size` and `size` both ENTITY_SEGMENT_SIZE), sorted and cut in Python.
"""

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import tantivy

from search.backends.tantivy import paper_corpus
from search.backends.tantivy.paper_corpus import ENTITY_SEGMENT_SIZE, facet_counts
from search.backends.tantivy.schema import SCHEMAS, open_index
from search.indexes.names import PAPERS

Docs = list[list[str]]


def _index(directory: Path, segments: list[Docs]) -> tantivy.Searcher:
    """A papers index whose chunks carry these entity lists, one commit per segment."""
    index = open_index(PAPERS, str(directory))
    schema = SCHEMAS[PAPERS]()
    writer = index.writer(heap_size=32_000_000, num_threads=1)
    chunk_id = 0
    for docs in segments:
        for entities in docs:
            chunk_id += 1
            row = {"chunk_id": chunk_id, "content_type": "method", "entities": entities}
            writer.add_document(tantivy.Document.from_dict(row, schema))
        writer.commit()
    writer.wait_merging_threads()
    index.reload()
    return index.searcher()


def _reference(searcher: tantivy.Searcher, top: int) -> tuple[tuple[str, int], ...]:
    terms = {"field": "entities", "size": ENTITY_SEGMENT_SIZE, "segment_size": ENTITY_SEGMENT_SIZE}
    found = searcher.aggregate(tantivy.Query.all_query(), {"entities": {"terms": terms}})
    return paper_corpus._buckets(found.get("entities"))[:top]


class Requests:
    """Every aggregation request a searcher is sent, kept in order."""

    def __init__(self, searcher: tantivy.Searcher) -> None:
        self.searcher = searcher
        self.sent: list[dict[str, Any]] = []

    @property
    def num_segments(self) -> int:
        return self.searcher.num_segments

    def aggregate(self, query: tantivy.Query, request: dict[str, Any]) -> dict:
        self.sent.append(request["entities"]["terms"])
        return self.searcher.aggregate(query, request)


def _ties_at_the_cut() -> Docs:
    """Entity `a` in 30 chunks, then 60 names (`t00`..`t59`) in 5 chunks each."""
    docs: Docs = [["a"] for _ in range(30)]
    docs += [[f"t{n:02d}" for n in range(60)] for _ in range(5)]
    return docs


def test_one_segment_grows_its_request_while_a_tie_group_runs_past_the_answer(
    tmp_path: Path,
) -> None:
    searcher = _index(tmp_path, [_ties_at_the_cut()])
    assert searcher.num_segments == 1
    spy = Requests(searcher)
    found = facet_counts(spy, tantivy.Query.all_query(), 3)  # type: ignore[arg-type]
    # The cut falls inside the 60 names of count 5: the first answer (13 buckets) is all
    # fives past `a`, so the request grows to 104, which holds the whole group.
    assert [terms["size"] for terms in spy.sent] == [13, 104]
    assert all("segment_size" not in terms for terms in spy.sent)
    assert found.entities == (("a", 30), ("t00", 5), ("t01", 5)) == _reference(searcher, 3)
    assert found.content_types == (("method", 35),)


def test_one_segment_asks_once_when_the_cut_falls_between_counts(tmp_path: Path) -> None:
    docs: Docs = [[f"e{n:02d}"] for n in range(40) for _ in range(40 - n)]
    searcher = _index(tmp_path, [docs])
    spy = Requests(searcher)
    found = facet_counts(spy, tantivy.Query.all_query(), 5)  # type: ignore[arg-type]
    assert [terms["size"] for terms in spy.sent] == [15]
    assert found.entities == _reference(searcher, 5)
    assert found.entities[0] == ("e00", 40) and found.entities[-1] == ("e04", 36)


def test_one_segment_ends_with_every_bucket_when_the_tie_group_is_long(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A ceiling of 200 buckets stands in for ENTITY_SEGMENT_SIZE: 13, then 104, then every
    # bucket, since all 150 names tie and 832 would pass the ceiling.
    monkeypatch.setattr(paper_corpus, "ENTITY_SEGMENT_SIZE", 200)
    docs = [[f"t{n:03d}" for n in range(150)] for _ in range(2)]
    searcher = _index(tmp_path, [docs])
    spy = Requests(searcher)
    found = facet_counts(spy, tantivy.Query.all_query(), 3)  # type: ignore[arg-type]
    assert spy.sent == [
        {"field": "entities", "size": 13},
        {"field": "entities", "size": 104},
        {"field": "entities", "size": 200, "segment_size": 200},
    ]
    assert found.entities == (("t000", 2), ("t001", 2), ("t002", 2)) == _reference(searcher, 3)


@pytest.mark.parametrize("top", [0, 1, 3, 20, 61, 100])
def test_several_segments_send_todays_exact_request_once(tmp_path: Path, top: int) -> None:
    docs = _ties_at_the_cut()
    # Three segments; where an entity is counted per segment differs from the whole.
    searcher = _index(tmp_path, [docs[:25], docs[25:32], docs[32:]])
    assert searcher.num_segments == 3
    spy = Requests(searcher)
    found = facet_counts(spy, tantivy.Query.all_query(), top)  # type: ignore[arg-type]
    sent = {"field": "entities", "size": max(top, 1), "segment_size": ENTITY_SEGMENT_SIZE}
    assert spy.sent == [sent]
    assert [count for _, count in found.entities] == [c for _, c in _reference(searcher, top)]
    assert found.entities[: min(top, 1)] == (("a", 30),)[: min(top, 1)]


@pytest.mark.parametrize("top", [0, 1, 2, 3, 10, 59, 60, 61, 62, 200])
def test_one_segment_matches_the_reference_at_every_cut(tmp_path: Path, top: int) -> None:
    docs = _ties_at_the_cut() + [["b"]] * 7 + [["t07", "c"]] * 2
    searcher = _index(tmp_path, [docs])
    found = facet_counts(searcher, tantivy.Query.all_query(), top)
    assert found.entities == _reference(searcher, top)
    counts = Counter(name for entities in docs for name in entities)
    assert all(counts[name] == count for name, count in found.entities)
