"""One statute search answered per jurisdiction (or any grouped raw field) at once.

tantivy's `top_hits` aggregation cannot rank by score, so a survey takes three steps:
1. one terms aggregation counts the matches of every group;
2. one pool search (the top `POOL_HITS` matches by score, no counting pass; RAISED_POOL_HITS
   with a chapter raise) fills the groups whose best hits all score above the pool's lowest
   score: every document scoring higher is in the pool, so those groups' best hits are exact;
3. a filtered search, `per` hits long (the raise's window long with one), for each group
   still short (groups whose matches score low overall, usually the small ones: cheap, since
   the filter's posting list leads).
With a chapter raise each group's first `window` hits are then re-ranked as that group's own
search re-ranks them (`statutes.raised_page`).

Each group's hits come out exactly as the same search with that group's filter would give
them (score descending, ties by the tie-break field), which the backend contract checks.
"""

from dataclasses import replace

import tantivy

from search.backends.filters import Terms
from search.backends.statute_search import GroupedHits, GroupedSearch, HitPage, TextSearch
from search.backends.tantivy.compile import filter_query
from search.backends.tantivy.ranking import Scored, in_order, top_hits
from search.backends.tantivy.reader import LiveIndex, live_index, read_guard
from search.backends.tantivy.schema import GROUP_KEYS, group_key
from search.backends.tantivy.statutes import (
    compile_search,
    hits_wanted,
    live_raise,
    raised_page,
    read_hits,
)
from search.indexes.names import STATUTES
from search.text.query import ALL_WORDS

# Hits in the pool search. Measured on the real statutes (36 jurisdictions): 300 fills about
# 60% of the groups of a common query at the cost of one search of 20 rows; a bigger pool
# fills few more (the rest are jurisdictions whose matches all score low).
POOL_HITS = 300
# With a chapter raise a group is settled only by its first 50 hits, so the pool is larger:
# on 147 real questions of five words or more over all jurisdictions, 3,000 leaves as many
# groups to filtered searches as 300 does without the raise (1,000: twice as many; 10,000
# costs more to collect than it saves).
RAISED_POOL_HITS = 3000
# More distinct values than any grouped field has (jurisdictions: under 60): counts are exact.
MAX_GROUPS = 1_000


def run_grouped(spec: GroupedSearch, index_name: str = STATUTES) -> GroupedHits:
    """Answer `spec` on the live version of `index_name` (IndexUnavailable: none)."""
    live = live_index(index_name)
    with read_guard(index_name, live.version):
        return grouped_live(live, spec)


def grouped_live(live: LiveIndex, spec: GroupedSearch) -> GroupedHits:
    """Counts per group, then each group's best hits, with one searcher."""
    search = spec.search
    query = compile_search(live.index.schema, search)
    searcher = live.searcher()
    counts = group_counts(searcher, query, spec.group_field)
    total = sum(counts.values())
    if not counts:
        return GroupedHits({}, 0)
    # A field without a numeric twin cannot group a pool: every group gets its own search.
    twin = GROUP_KEYS.get(live.name, {}).get(spec.group_field)
    # With a chapter raise each group's page is made from its first `wanted` hits by score.
    raise_ = live_raise(live, search)
    wanted = hits_wanted(search, raise_)
    chosen = {}
    if twin is not None:
        pool = POOL_HITS if raise_ is None else RAISED_POOL_HITS
        chosen = pool_groups(searcher, query, counts, twin, wanted, search.tie_break, pool)
    searches = 1 if twin is not None else 0
    for value, count in counts.items():
        if value in chosen:
            continue
        narrowed = tantivy.Query.boolean_query(
            [
                (tantivy.Occur.Must, query),
                (
                    tantivy.Occur.Must,
                    filter_query(live.index.schema, Terms(spec.group_field, (value,))),
                ),
            ]
        )
        chosen[value], _ = top_hits(searcher, narrowed, wanted, search.tie_break, total=count)
        searches += 1
    pages = {
        value: raised_page(searcher, scored, raise_, search.offset, search.limit)
        for value, scored in chosen.items()
    }
    groups = {
        value: HitPage(read_hits(searcher, pages[value], search), count)
        for value, count in counts.items()
    }
    every = {}
    if spec.count_every_word:
        every = group_counts(searcher, every_word_query(live, search), spec.group_field)
    return GroupedHits(groups, total, searches, every)


def every_word_query(live: LiveIndex, search: TextSearch) -> tantivy.Query:
    """The search's typed words all required (phrases too), without its added terms."""
    typed = replace(search.query, added=())
    plain = replace(
        search,
        query=typed,
        mode=ALL_WORDS,
        rank_also=(),
        concept_bonus=None,
        lowered=None,
        chapter_bonus=(),
    )
    return compile_search(live.index.schema, plain)


def group_counts(searcher: tantivy.Searcher, query: tantivy.Query, field: str) -> dict[str, int]:
    """Matches per value of `field`, from one terms aggregation."""
    answer = searcher.aggregate(query, {"groups": {"terms": {"field": field, "size": MAX_GROUPS}}})
    return {str(b["key"]): int(b["doc_count"]) for b in answer["groups"]["buckets"]}


def pool_groups(
    searcher: tantivy.Searcher,
    query: tantivy.Query,
    counts: dict[str, int],
    twin: str,
    per: int,
    tie_break: str | None,
    pool: int,
) -> dict[str, list[Scored]]:
    """The groups whose best `per` hits (or all their matches) a pool of the first `pool`
    hits settles exactly."""
    total = sum(counts.values())
    hits = searcher.search(query, min(pool, total), count=False).hits
    addresses = [address for _, address in hits]
    values = {group_key(value): value for value in counts}
    keys = searcher.fast_field_values(twin, addresses)
    ties = searcher.fast_field_values(tie_break, addresses) if tie_break else [None] * len(hits)
    # Every match scoring above the pool's lowest score is in the pool; one scoring that low
    # may be missing from it (ties cut at the pool's end), unless the pool holds every match.
    floor = float("-inf") if len(hits) == total else float(hits[-1][0])
    found: dict[str, list[Scored]] = {}
    for (score, address), key, tie in zip(hits, keys, ties, strict=True):
        value = values.get(int(key)) if key is not None else None
        if value is not None and float(score) > floor:
            found.setdefault(value, []).append(
                (float(score), address, None if tie is None else int(tie))
            )
    settled = {}
    for value, scored in found.items():
        if len(scored) >= min(per, counts[value]):
            in_order(scored)
            settled[value] = scored[:per]
    return settled
