"""Diversification of the ranked pool (`diversifyBy`), pure and order-preserving.

- `document`: walk the pool in rank order and keep at most `max_per_document` chunks of
  each paper; the rest are held back, never reordered.
- `keyConcept` / `contentType`: round robin over groups. Every group's best chunk comes
  before any group's second best, and inside one round chunks keep their rank order, so
  the first rows spread over as many main ideas (or content types) as the pool holds.
  A chunk with no key concept is grouped with its own paper: nothing says which idea it
  carries, but the chunks of one paper usually share one.

The entity tiers stay in force: tier 0 (entity matches) is diversified and placed before
tier 1 (no entities recorded), as SPEC asks.
"""

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import groupby

from search.backends.paper_search import PoolHit
from search.papers.group_keys import NO_CONCEPT

DOCUMENT = "document"
KEY_CONCEPT = "keyConcept"
CONTENT_TYPE = "contentType"
DIVERSIFY_MODES = (DOCUMENT, KEY_CONCEPT, CONTENT_TYPE)


@dataclass(frozen=True)
class Page:
    """The rows shown and how many pool hits the per-paper cap held back (exact only when the
    whole pool was read, which is always the case when fewer rows than the limit are shown)."""

    rows: tuple[PoolHit, ...]
    held_back: int


def first_rows(
    hits: Sequence[PoolHit], mode: str, *, max_per_document: int, limit: int, complete: bool
) -> Page | None:
    """The first `limit` rows after diversifying the whole pool, read off its prefix `hits`.

    None when the prefix cannot settle them yet (read more of the pool and ask again). The
    rows equal those of diversifying the whole pool: per-paper capping keeps the pool's
    order, so a prefix whose capped rows fill the page settles it; a round robin settles its
    first rows once the prefix holds as many groups as rows are still wanted, because the
    first round takes each group's best hit in rank order. `hits` must be in rank order
    (tier, score descending, chunk id ascending) and `complete` says it is the whole pool.
    """
    if mode not in DIVERSIFY_MODES:
        raise ValueError(f"diversifyBy must be one of {DIVERSIFY_MODES}, got {mode!r}")
    if mode == DOCUMENT:
        kept = cap_per_paper(hits, max_per_document)
        if len(kept) < limit and not complete:
            return None
        return Page(tuple(kept[:limit]), len(hits) - len(kept))
    key = _concept_group if mode == KEY_CONCEPT else _content_type_group
    tiers = [list(tier_hits) for _, tier_hits in groupby(hits, key=lambda h: h.tier)]
    rows: list[PoolHit] = []
    for number, tier_hits in enumerate(tiers):
        wanted = limit - len(rows)
        # Only the last tier in the prefix can continue beyond it.
        partial = number == len(tiers) - 1 and not complete
        if partial and len({key(h) for h in tier_hits}) < wanted:
            return None
        rows.extend(round_robin(tier_hits, key)[:wanted])
        if len(rows) >= limit:
            break
    if len(rows) < limit and not complete:
        return None
    return Page(tuple(rows), 0)


def held_back_before(hits: Sequence[PoolHit], rows: Sequence[PoolHit]) -> int:
    """How many of `hits` ranked before the last of `rows` are not among them; `rows` must be
    what per-paper capping kept of `hits` (a subsequence, in the same order)."""
    if not rows:
        return 0
    last = rows[-1].chunk_id  # a chunk is in one tier only: its id alone finds it
    position = next(i for i, hit in enumerate(hits) if hit.chunk_id == last)
    return position + 1 - len(rows)


def cap_per_paper(hits: Sequence[PoolHit], cap: int) -> list[PoolHit]:
    """Hits in order, skipping any beyond the `cap`-th of its paper."""
    if cap < 1:
        raise ValueError(f"max_per_document must be at least 1, got {cap}")
    seen: Counter[int] = Counter()
    kept = []
    for hit in hits:
        seen[hit.paper_key] += 1
        if seen[hit.paper_key] <= cap:
            kept.append(hit)
    return kept


def round_robin(hits: Sequence[PoolHit], key: Callable[[PoolHit], Hashable]) -> list[PoolHit]:
    """Order by (how many better hits share the group, rank): round robin, stable."""
    seen: Counter[Hashable] = Counter()
    turns = []
    for position, hit in enumerate(hits):
        group = key(hit)
        turns.append((seen[group], position, hit))
        seen[group] += 1
    return [hit for _, _, hit in sorted(turns, key=lambda t: (t[0], t[1]))]


def _concept_group(hit: PoolHit) -> Hashable:
    if hit.concept_key == NO_CONCEPT:
        return ("paper", hit.paper_key)
    return ("concept", hit.concept_key)


def _content_type_group(hit: PoolHit) -> Hashable:
    return hit.content_type_key
