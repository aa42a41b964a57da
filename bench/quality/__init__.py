"""Retrieval quality: the recorded known-item check and the answer-quality harness.

`bench.quality.known_items` is the bench's section-6 check (recall@10, MRR@10 and the
recorded top 10 on `bench/devset`); `python -m bench.quality` scores every dev set for the
portal, SQLite FTS5 and raw tantivy BM25 (`bench.quality.harness`).
"""

from bench.quality.known_items import (
    Quality,
    paper_author_quality,
    paper_quality,
    statute_quality,
)

__all__ = ["Quality", "paper_author_quality", "paper_quality", "statute_quality"]
