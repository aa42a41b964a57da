"""Score question sets for the portal and the two baselines in one run; tables and JSON."""

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from bench.quality.baselines import FTS5, TANTIVY, Baselines
from bench.quality.portal import Answer, Portal
from bench.quality.scoring import K, Scores, by_length, first_gold, score
from bench.quality.sets import Case, QuestionSet, load_sets
from bench.quality.shards import default_cache

PORTAL = "portal"
NOTES = (
    "gold@k: share of queries with a gold item in the top k; MRR@10: mean of 1/rank of the "
    "first gold item (0 when not in the top 10); papers are ranked one chunk per paper.",
    "baselines: the query's non-stop words OR-ed, plain BM25 with each engine's defaults "
    "(SQLite FTS5 bm25(), tantivy's default tokenizer) over the same texts, confined the same "
    "way: statute bodies, one table per jurisdiction (so word statistics are the "
    "jurisdiction's own), source/title as the case names them; papers: each paper's "
    "abstract, plus title and authors for the title and author sets.",
    "seconds: the set's wall time (a baseline answer already kept for the same data costs "
    "nothing).",
)
ENGINES = (PORTAL, FTS5, TANTIVY)
LABELS = {PORTAL: "portal", FTS5: "SQLite FTS5 bm25", TANTIVY: "raw tantivy BM25"}


@dataclass
class Outcome:
    """One engine's ranks of the first gold item per case (None: not in the top 10)."""

    ranks: list[int | None] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0


@dataclass
class SetResult:
    """Every engine's outcome on one set."""

    questions: QuestionSet
    outcomes: dict[str, Outcome] = field(default_factory=dict)

    def lengths(self) -> list[str]:
        return [case.length for case in self.questions.cases]

    def scores(self, engine: str) -> Scores:
        return score(self.outcomes[engine].ranks)

    def by_length(self, engine: str) -> dict[str, Scores]:
        return by_length(self.outcomes[engine].ranks, self.lengths())


Search = Callable[[QuestionSet, Case], Answer]
# A table: title, headers, rows.
Grid = tuple[str, list[str], list[list[str]]]


def _measure(questions: QuestionSet, search: Search, depth: int = K) -> Outcome:
    outcome = Outcome()
    started = time.perf_counter()
    for case in questions.cases:
        try:
            answer = search(questions, case)
        except Exception as error:  # one failing query is a miss, counted and reported
            answer = Answer([], f"{type(error).__name__}: {error}")
        if answer.error:
            outcome.errors.append(f"{case.qid}: {answer.error}")
        outcome.ranks.append(first_gold(case.gold, answer.keys, depth))
    outcome.seconds = time.perf_counter() - started
    return outcome


def score_set(
    questions: QuestionSet, portal: Portal, baselines: Baselines | None, log: Callable[[str], None]
) -> SetResult:
    """The portal's and (unless None) both baselines' ranks on every case of the set."""
    result = SetResult(questions)
    log(f"{questions.name}: {len(questions.cases)} queries, portal")
    result.outcomes[PORTAL] = _measure(questions, portal.ask, portal.depth)
    if baselines is not None:
        baselines.prepare(questions)
        for engine in (FTS5, TANTIVY):
            log(f"{questions.name}: {LABELS[engine]}")
            search = partial(baselines.search, engine)
            result.outcomes[engine] = _measure(questions, search, baselines.depth)
    return result


def score_sets(
    names: list[str] | None = None,
    *,
    params: dict[str, str] | None = None,
    baselines: bool = True,
    limit: int | None = None,
    cache: Path | None = None,
    depth: int = K,
    log: Callable[[str], None] = lambda message: None,
) -> list[SetResult]:
    """Every named set that exists (all by default), at most `limit` queries each.

    `depth` is how many results each engine returns: ranks past 10 show in the per-query
    lists, the figures count the top 10 only.
    """
    sets, _ = load_sets(names)
    if limit is not None:
        sets = [replace(s, cases=s.cases[:limit]) for s in sets]
    portal = Portal(params or {}, depth=depth)
    peers = Baselines(cache or default_cache(), log, depth) if baselines else None
    try:
        return [score_set(s, portal, peers, log) for s in sets]
    finally:
        if peers is not None:
            peers.close()


def answer_tables(results: list[SetResult]) -> list[Grid]:
    """The by-set and by-length grids."""
    return [set_table(results), length_table(results)]


def _figures(s: Scores) -> list[str]:
    return [f"{s.at1:.3f}", f"{s.at3:.3f}", f"{s.at10:.3f}", f"{s.mrr:.3f}"]


def render(grid: Grid) -> str:
    """A (title, headers, rows) grid as a markdown table under a heading."""
    title, headers, rows = grid
    lines = [f"### {title}", "", "| " + " | ".join(headers) + " |"]
    lines.append("|" + "|".join("---" for _ in headers) + "|")
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


FIGURES = ["gold@1", "gold@3", "gold@10", "MRR@10"]


def set_table(results: list[SetResult]) -> Grid:
    rows = []
    for r in results:
        for engine, outcome in r.outcomes.items():
            rows.append([r.questions.name, LABELS[engine], str(len(outcome.ranks)),
                         *_figures(r.scores(engine)), str(len(outcome.errors)),
                         f"{outcome.seconds:.1f}"])  # fmt: skip
    headers = ["set", "engine", "queries", *FIGURES, "errors", "seconds"]
    return "Answer quality by set (rank of the first gold item)", headers, rows


def length_table(results: list[SetResult]) -> Grid:
    rows = []
    for r in results:
        for engine in r.outcomes:
            for bucket, s in r.by_length(engine).items():
                rows.append([r.questions.name, bucket, LABELS[engine], str(s.n), *_figures(s)])
    headers = ["set", "length", "engine", "queries", *FIGURES]
    return "Answer quality by query length (short 2-4 words, medium 5-9, long 10+)", headers, rows


def _rank(rank: int | None) -> str:
    return "-" if rank is None else str(rank)


def per_query(result: SetResult) -> str:
    """Each case's gold rank by engine ('-': not in the top 10), worst portal ranks first."""
    engines = list(result.outcomes)
    lines = [f"# {result.questions.name}: " + " / ".join(LABELS[e] for e in engines)]
    order = sorted(
        range(len(result.questions.cases)),
        key=lambda n: result.outcomes[PORTAL].ranks[n] or 10**6,
        reverse=True,
    )
    for n in order:
        case = result.questions.cases[n]
        ranks = " ".join(f"{_rank(result.outcomes[e].ranks[n]):>3}" for e in engines)
        where = "/".join(p for p in (case.jurisdiction, case.source, case.title) if p)
        lines.append(f"{ranks}  {case.qid} [{case.length}] {where} {case.query!r} -> "
                     f"{', '.join(case.gold)}")  # fmt: skip
    return "\n".join(lines) + "\n"


def as_json(results: list[SetResult], params: dict[str, str]) -> dict[str, Any]:
    """Every figure, per set, engine and length, and every case's ranks."""
    sets: dict[str, Any] = {}
    for r in results:
        engines = {}
        for engine, outcome in r.outcomes.items():
            engines[engine] = {
                "all": r.scores(engine).as_dict(),
                "by_length": {b: s.as_dict() for b, s in r.by_length(engine).items()},
                "errors": outcome.errors,
                "seconds": round(outcome.seconds, 2),
            }
        queries = [
            {
                "qid": c.qid,
                "query": c.query,
                "length": c.length,
                "gold": list(c.gold),
                "ranks": {e: o.ranks[n] for e, o in r.outcomes.items()},
            }  # fmt: skip
            for n, c in enumerate(r.questions.cases)
        ]
        sets[r.questions.name] = {"about": r.questions.about, "engines": engines,
                                  "queries": queries}  # fmt: skip
    return {"params": params, "sets": sets}


def markdown(results: list[SetResult], notes: list[str]) -> str:
    """The two tables and the run's notes."""
    text = render(set_table(results)) + "\n" + render(length_table(results))
    return text + ("\n" + "\n".join(f"- {n}" for n in notes) + "\n" if notes else "")
