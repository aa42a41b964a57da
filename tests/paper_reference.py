"""The paper search's previous full-pool computation, kept as the reference for the top-k one.

Before the search read the ranked pool a window at a time, it read the whole pool (up to
the cap) and diversified all of it. `reference_diversify` is that diversification, kept as
it was; `reference_page` runs it on a session's whole pool and cuts the page at `offset`.
The service must give exactly the rows, order, totals, tier counts, truncation and paging
these give.
"""

from collections.abc import Sequence
from itertools import groupby

from search.backends.paper_search import PaperSearchSession, Pool, PoolHit
from search.papers.diversify import (
    DIVERSIFY_MODES,
    DOCUMENT,
    KEY_CONCEPT,
    _concept_group,
    _content_type_group,
    cap_per_paper,
    round_robin,
)


def reference_diversify(
    hits: Sequence[PoolHit], mode: str, *, max_per_document: int, limit: int
) -> tuple[list[PoolHit], int]:
    """The first `limit` hits after diversifying the whole pool, and how many were held back."""
    if mode not in DIVERSIFY_MODES:
        raise ValueError(f"diversifyBy must be one of {DIVERSIFY_MODES}, got {mode!r}")
    if mode == DOCUMENT:
        kept = cap_per_paper(hits, max_per_document)
        return kept[:limit], len(hits) - len(kept)
    key = _concept_group if mode == KEY_CONCEPT else _content_type_group
    ordered: list[PoolHit] = []
    for _, tier_hits in groupby(hits, key=lambda h: h.tier):
        ordered.extend(round_robin(list(tier_hits), key))
    return ordered[:limit], 0


def reference_page(
    session: PaperSearchSession,
    mode: str,
    *,
    max_per_document: int,
    limit: int,
    cap: int,
    offset: int = 0,
) -> tuple[Pool, list[PoolHit], int, bool]:
    """The whole pool of a session, the page of its diversified rows at `offset`, how many
    hits the per-paper cap held back over the whole pool, and whether rows follow the page."""
    pool = session.ranked(cap)
    rows, held_back = reference_diversify(
        pool.hits, mode, max_per_document=max_per_document, limit=len(pool.hits)
    )
    return pool, rows[offset : offset + limit], held_back, len(rows) > offset + limit
