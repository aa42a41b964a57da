"""Scoring of ranked answers: gold@k and MRR@10 by the first gold item's rank, per length."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

K = 10
CUTOFFS = (1, 3, 10)
LENGTHS = ("short", "medium", "long")


def length_of(query: str) -> str:
    """The query's length bucket by its words: short 2-4 (or fewer), medium 5-9, long 10+."""
    words = len(query.split())
    return "short" if words <= 4 else "medium" if words <= 9 else "long"


def first_gold(gold: Iterable[str], keys: Sequence[str], k: int = K) -> int | None:
    """1-based rank of the first key in `gold` among the top `k` keys, None when absent."""
    wanted = set(gold)
    return next((n for n, key in enumerate(keys[:k], 1) if key in wanted), None)


@dataclass(frozen=True)
class Scores:
    """gold@1, gold@3, gold@10 and MRR@10 over a list of ranks (None: not in the top 10)."""

    n: int
    at1: float
    at3: float
    at10: float
    mrr: float

    def as_dict(self) -> dict[str, float | int]:
        return {"n": self.n, "gold@1": self.at1, "gold@3": self.at3, "gold@10": self.at10,
                "mrr@10": self.mrr}  # fmt: skip


def score(ranks: Sequence[int | None]) -> Scores:
    """The figures of `ranks`; NaN everywhere for an empty list."""
    n = len(ranks)
    if not n:
        nan = float("nan")
        return Scores(0, nan, nan, nan, nan)

    def at(k: int) -> float:
        return sum(1 for r in ranks if r is not None and r <= k) / n

    mrr = sum(1 / r for r in ranks if r is not None and r <= K) / n
    return Scores(n, at(1), at(3), at(10), mrr)


def by_length(ranks: Sequence[int | None], lengths: Sequence[str]) -> dict[str, Scores]:
    """Scores per length bucket present, in short/medium/long order."""
    found = {}
    for bucket in LENGTHS:
        chosen = [r for r, length in zip(ranks, lengths, strict=True) if length == bucket]
        if chosen:
            found[bucket] = score(chosen)
    return found
