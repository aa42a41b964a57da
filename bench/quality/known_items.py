"""Retrieval quality on the committed dev set: recall@10 and MRR@10, ours and FTS5's.

Statutes: known-item queries from headings, confined to the target's jurisdiction, through
our statute service (limit 10), with the word-forms (`stem`) and headings switches off, and
each on (the queries are headings' words, so `headings=true` is expected to help most).
Papers: title-word queries for the paper's abstract chunk, `match=any_words` (the seed's
advice for title look-ups) with the service's default diversification; FTS5 runs the same
parsed terms as an OR. Paper authors: an author's name with the default `match=all_words`;
a hit is any chunk of one of their papers (recall@10: one in the top 10; MRR@10: the first
one's rank).
Our top 10 of each default query is also compared with the recorded baseline
(`bench.baseline`): retrieval unchanged means the same keys in the same order.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench import adapters
from bench.baseline import digest
from bench.fts5 import Fts5Peer
from bench.raw import RawEngine
from bench.workload import PaperCase, StatuteCase, devset

K = 10
# Statute service variants besides the default: (engine label, stem, headings).
STATUTE_SWITCHES = (
    ("ours, stem=true", True, False),
    ("ours, headings=true", False, True),
    ("ours, stem+headings", True, True),
)


@dataclass
class Quality:
    """Ranks (1-based, None when not in the top K) of each dev-set target for one engine."""

    engine: str
    ranks: list[int | None] = field(default_factory=list)
    errors: int = 0
    # Digest of each query's top-K keys, in dev-set order (`bench.baseline.digest`).
    tops: list[str] = field(default_factory=list)

    def same_as(self, recorded: list[str]) -> int:
        """How many queries returned exactly the recorded top K (compared in dev-set order)."""
        return sum(a == b for a, b in zip(self.tops, recorded, strict=False))

    @property
    def recall(self) -> float:
        return (
            sum(r is not None for r in self.ranks) / len(self.ranks) if self.ranks else float("nan")
        )

    @property
    def mrr(self) -> float:
        return sum(1 / r for r in self.ranks if r) / len(self.ranks) if self.ranks else float("nan")


def rank_of(target: str, keys: list[str]) -> int | None:
    return keys.index(target) + 1 if target in keys[:K] else None


def first_of(papers: set[str], keys: list[str]) -> int | None:
    """Rank of the first `paper_id#chunk` key of one of `papers` in the top K."""
    return next((n for n, key in enumerate(keys[:K], 1) if key.split("#")[0] in papers), None)


def _judge(found: Quality, target: str | set[str], search: Callable[[], list[str]]) -> None:
    try:
        keys = search()
    except Exception:  # an engine failing on one query counts as a miss, and is reported
        found.errors += 1
        found.ranks.append(None)
        found.tops.append("")
        return
    found.ranks.append(rank_of(target, keys) if isinstance(target, str) else first_of(target, keys))
    found.tops.append(digest(keys[:K]))


def statute_quality(
    raw: RawEngine, peer: Fts5Peer | None, devset_dir: Path, limit: int | None
) -> dict[str, Quality]:
    rows = devset("statutes", devset_dir)[:limit]
    ours, theirs = Quality("ours"), Quality("fts5")
    variants = {label: Quality(label) for label, _, _ in STATUTE_SWITCHES}
    for row in rows:
        case = StatuteCase(str(row["q"]), str(row["jurisdiction"]))
        target = str(row["id"])
        _judge(ours, target, lambda case=case: adapters.statute_service(case, K))
        for label, stem, headings in STATUTE_SWITCHES:
            _judge(
                variants[label],
                target,
                lambda case=case, stem=stem, headings=headings: adapters.statute_service(
                    case, K, stem=stem, headings=headings
                ),
            )
        if peer is not None:
            prepared = raw.prepare(case)
            _judge(theirs, target, lambda prepared=prepared: peer.statutes(prepared, K))
    found = {"ours": ours, **variants}
    return found | {"fts5": theirs} if peer is not None else found


def paper_quality(
    raw: RawEngine, peer: Fts5Peer | None, devset_dir: Path, limit: int | None
) -> dict[str, Quality]:
    rows = devset("papers", devset_dir)[:limit]
    ours, theirs = Quality("ours"), Quality("fts5")
    for row in rows:
        case = PaperCase(str(row["query"]), "any_words")
        target = f"{row['paper_id']}#{row['chunk_index']}"
        _judge(ours, target, lambda case=case: adapters.paper_default(case, K))
        if peer is not None:
            prepared = raw.prepare(case)
            _judge(theirs, target, lambda prepared=prepared: peer.papers(prepared, K))
    return {"ours": ours, "fts5": theirs} if peer is not None else {"ours": ours}


def paper_author_quality(
    raw: RawEngine, peer: Fts5Peer | None, devset_dir: Path, limit: int | None
) -> dict[str, Quality]:
    rows = devset("paper_authors", devset_dir)[:limit]
    ours, theirs = Quality("ours"), Quality("fts5")
    for row in rows:
        case = PaperCase(str(row["query"]), "all_words")
        papers = {str(p) for p in row["paper_ids"]}  # type: ignore[attr-defined]
        _judge(ours, papers, lambda case=case: adapters.paper_default(case, K))
        if peer is not None:
            prepared = raw.prepare(case)
            _judge(theirs, papers, lambda prepared=prepared: peer.papers(prepared, K))
    return {"ours": ours, "fts5": theirs} if peer is not None else {"ours": ours}
