"""Deterministic top hits: score descending, then a fast unsigned field ascending.

A plain top-N would cut a group of equal scores at the limit in engine order (segment and
document id, which depend on how the writer threads split the build), so when the score
at the limit boundary continues past it, the window grows until the whole tie group is in.
"""

import tantivy

# Largest window fetched to settle a tie at the limit boundary; past it, engine order
# decides inside the tie group (still the same for the same index version).
MAX_TIE_WINDOW = 10_000
# Hits fetched past the page's last one in the first search. The engine visits every match to
# count them either way, so a longer heap costs nothing measurable (64 more: within noise on
# 1x and 10x paper corpora), and a tie group at the boundary (duplicated chunks, copies of a
# text) is usually settled without a second full search.
TIE_MARGIN = 64

Scored = tuple[float, tantivy.DocAddress, int | None]


def top_hits(
    searcher: tantivy.Searcher,
    query: tantivy.Query,
    limit: int,
    tie_break: str | None,
    offset: int = 0,
    total: int | None = None,
) -> tuple[list[Scored], int]:
    """Hits `offset` to `offset + limit` ordered by (score desc, tie_break asc), and the match
    count. Every hit above the page's last one is fetched and sorted with it, so consecutive
    pages neither overlap nor skip. A `total` known already (an aggregation counted it) spares
    the engine counting every match."""
    last = offset + limit
    # tantivy sizes its heap by the window asked for (48 bytes a row: an offset of 2**31
    # aborts the process, one past 2**64 overflows), so no window passes the index's size.
    want = min(last + 1 + (TIE_MARGIN if tie_break else 0), window_cap(searcher))
    result = searcher.search(query, want, count=total is None)
    if total is None:
        total = int(result.count)  # type: ignore[attr-defined]  # in the wheel, not in its stub
    hits = result.hits
    while (
        tie_break
        and len(hits) == want
        and want < min(total, MAX_TIE_WINDOW)
        and hits[-1][0] == hits[last - 1][0]
    ):
        want = min(want * 4, total, MAX_TIE_WINDOW)
        hits = searcher.search(query, want, count=False).hits
    addresses = [address for _, address in hits]
    if tie_break and addresses:
        keys: list[int | None] = [
            None if k is None else int(k) for k in searcher.fast_field_values(tie_break, addresses)
        ]
    else:
        keys = [None] * len(addresses)
    scored = [
        (float(score), address, key) for (score, address), key in zip(hits, keys, strict=True)
    ]
    if tie_break:
        in_order(scored)
    return scored[offset:last], total


def in_order(scored: list[Scored]) -> None:
    """Sort by score descending, then tie key ascending (in place)."""
    # Python's sort is stable, so a document without a key keeps its engine position.
    scored.sort(key=lambda s: (-s[0], s[2] if s[2] is not None else 2**64))


def count(searcher: tantivy.Searcher, query: tantivy.Query) -> int:
    """How many documents match (limit=0 panics in tantivy; one hit is the cheapest count)."""
    return int(searcher.search(query, 1, count=True).count)  # type: ignore[attr-defined]


def top_by_key(
    searcher: tantivy.Searcher,
    query: tantivy.Query,
    limit: int,
    key: str,
    *,
    ascending: bool,
    offset: int = 0,
) -> tuple[list[tantivy.DocAddress], int]:
    """Matches `offset` to `offset + limit` ordered by a fast unsigned field whose values are
    unique (so the order is total), and the match count."""
    order = tantivy.Order.Asc if ascending else tantivy.Order.Desc
    total: int | None = None
    if offset:
        # Counted first, so an offset past the matches never reaches the engine's heap.
        total = count(searcher, query)
        if offset >= total:
            return [], total
    result = searcher.search(
        query, min(limit, window_cap(searcher)), count=total is None, order_by_field=key,
        offset=offset, order=order,
    )  # fmt: skip
    if total is None:
        total = int(result.count)  # type: ignore[attr-defined]  # in the wheel, not in its stub
    return [address for _, address in result.hits], total


def window_cap(searcher: tantivy.Searcher) -> int:
    """The most hits one search can return: the documents of the version (at least 1, since
    limit=0 panics in tantivy)."""
    return max(int(searcher.num_docs), 1)
