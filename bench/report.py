"""Tables, target checks and the markdown report, from one run's results."""

import math
from dataclasses import dataclass, field

from bench.indexing import FTS5, READ, TANTIVY, BuildStat
from bench.latency import ScenarioResult
from bench.load import LoadResult
from bench.quality import Quality
from bench.scaling import SCENARIOS, ScalePoint
from bench.timing import ms, ratio, times

B_OVER_A = 1.5
C_OVER_A = 4.0
FTS5_OVER_OURS = 10.0


@dataclass
class Table:
    title: str
    headers: list[str]
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def markdown(self) -> str:
        lines = [
            f"### {self.title}",
            "",
            "| " + " | ".join(self.headers) + " |",
            "|" + "|".join("---" for _ in self.headers) + "|",
        ]
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        if self.notes:
            lines += ["", *(f"- {note}" for note in self.notes)]
        return "\n".join(lines) + "\n"


def _pct(values: list[float]) -> str:
    return "-" if not values else f"{100 * sum(values) / len(values):.0f}%"


def latency_table(results: list[ScenarioResult]) -> Table:
    table = Table(
        "1. Query latency (ms): (a) raw tantivy + snippets, (b) service, (c) HTTP via gunicorn",
        [
            "search",
            "scenario",
            "runs",
            "a p50",
            "a p95",
            "b p50",
            "b p95",
            "c p50",
            "c p95",
            "b/a",
            "c/a",
            "top-k same a~b",
        ],
    )
    missing = set()
    for r in results:
        table.rows.append(
            [
                r.kind,
                r.scenario,
                str(r.samples["b"].n or r.samples["a"].n),
                ms(r.p50("a")),
                ms(r.p95("a")),
                ms(r.p50("b")),
                ms(r.p95("b")),
                ms(r.p50("c")),
                ms(r.p95("c")),
                times(ratio(r.p50("b"), r.p50("a"))),
                times(ratio(r.p50("c"), r.p50("a"))),
                _pct(r.overlap["a"]),
            ]
        )
        for layer, why in r.unavailable.items():
            if layer != "fts5":
                missing.add(f"{r.kind} layer ({layer}) unavailable: {why}")
    table.notes = sorted(missing) + [
        "Ratios are p50/p50 over the same queries in the same run; each query runs at every "
        "layer back to back.",
        "top-k same: share of (b)'s results that (a) also returned (a sanity check that both "
        "run the same query; ties and diversification explain small differences).",
    ]
    return table


def fts5_table(results: list[ScenarioResult]) -> Table:
    table = Table(
        "2. Peer baseline: SQLite FTS5 (bm25, snippet, unicode61, no stemming), same queries",
        [
            "search",
            "scenario",
            "runs",
            "FTS5 p50",
            "FTS5 p95",
            "ours (b) p50",
            "FTS5/ours (b)",
            "FTS5/raw (a)",
            "top-k same",
        ],
    )
    for r in results:
        if not r.samples["fts5"].n:
            continue
        table.rows.append(
            [
                r.kind,
                r.scenario,
                str(r.samples["fts5"].n),
                ms(r.p50("fts5")),
                ms(r.p95("fts5")),
                ms(r.p50("b")),
                times(ratio(r.p50("fts5"), r.p50("b"))),
                times(ratio(r.p50("fts5"), r.p50("a"))),
                _pct(r.overlap["fts5"]),
            ]
        )
    table.notes = ["FTS5 runs each query once (it is the slow side); ours over all repeats."]
    return table


def build_table(builds: list[BuildStat]) -> Table:
    table = Table(
        "3. Indexing throughput (full corpus)",
        ["index", "engine", "documents", "seconds", "docs/s", "peak RSS MB", "vs tantivy"],
    )
    by_key = {(b.engine, b.index_name): b for b in builds}
    for b in builds:
        ours = by_key.get((TANTIVY, b.index_name))
        versus = ratio(ours.docs_per_second, b.docs_per_second) if ours else float("nan")
        label = {TANTIVY: "tantivy (build_index)", FTS5: "SQLite FTS5", READ: "read rows only"}
        table.rows.append(
            [
                b.index_name,
                label[b.engine],
                f"{b.docs:,}",
                f"{b.seconds:.1f}",
                f"{b.docs_per_second:,.0f}",
                f"{b.peak_rss_mb:.0f}" if b.isolated else "n/a",
                "-" if b.engine == TANTIVY else times(versus),
            ]
        )
    table.notes = [
        "Both builds read the same rows from the database (`search.indexes.documents`); "
        "'read rows only' is that shared cost. 'vs tantivy' = tantivy docs/s ÷ this docs/s.",
        "Peak RSS is the building child process's ru_maxrss (Django loaded: see its start).",
        "FTS5 time includes its 'optimize' merge; tantivy's includes commit, merge and the "
        "document-count check.",
    ]
    return table


def scaling_table(points: list[ScalePoint]) -> Table:
    headers = [
        "corpus",
        "statute docs",
        "paper docs",
        "build s statutes (FTS5)",
        "build s papers (FTS5)",
    ]
    headers += [f"{kind} {name} p50 b (FTS5)" for kind, name in SCENARIOS]
    table = Table("4. Scaling: build time and query p50 (ms) by share of the corpus", headers)
    for p in points:
        row = [f"{p.percent}%"]
        for name in ("statutes", "papers"):
            ours = p.builds.get((TANTIVY, name))
            row.append(f"{ours.docs:,}" if ours else "-")
        for name in ("statutes", "papers"):
            ours, peer = p.builds.get((TANTIVY, name)), p.builds.get((FTS5, name))
            row.append(f"{ours.seconds:.1f} ({peer.seconds:.1f})" if ours and peer else "-")
        for kind, name in SCENARIOS:
            r = p.queries.get(f"{kind}: {name}")
            row.append(f"{ms(r.p50('b'))} ({ms(r.p50('fts5'))})" if r else "-")
        table.rows.append(row)
    table.notes = ["Partial corpora are hash samples (statutes by id, papers by paper)."]
    return table


def load_table(levels: list[LoadResult], workers: int, mix: str) -> Table:
    table = Table(
        f"5. Throughput under load: gunicorn ({workers} workers), loopback, closed loop",
        ["clients", "seconds", "requests", "req/s", "p50 ms", "p95 ms", "errors"],
    )
    for level in levels:
        table.rows.append(
            [
                str(level.clients),
                f"{level.seconds:.1f}",
                str(level.completed),
                f"{level.rps:.1f}",
                ms(level.latency.p50),
                ms(level.latency.p95),
                str(level.errors),
            ]
        )
    table.notes = [f"Request mix: {mix}."]
    return table


def quality_table(quality: dict[str, dict[str, Quality]]) -> Table:
    table = Table(
        "6. Retrieval quality on the dev set (bench/devset)",
        ["dev set", "engine", "queries", "recall@10", "MRR@10", "errors"],
    )
    for devset, engines in quality.items():
        for engine, q in engines.items():
            table.rows.append(
                [
                    devset,
                    engine,
                    str(len(q.ranks)),
                    f"{q.recall:.3f}",
                    f"{q.mrr:.3f}",
                    str(q.errors),
                ]
            )
    table.notes = [
        "statutes: known-item queries from headings, confined to the target's jurisdiction; "
        "'ours' searches the body only, as by default; stem=true adds word forms, "
        "headings=true searches headings too (so these queries find their own heading); "
        "papers: title words -> the paper's abstract chunk, match=any_words; "
        "paper authors: an author's name (all_words) -> any chunk of their papers.",
    ]
    return table


def _holds(ok: bool | None) -> str:
    return "n/a" if ok is None else ("holds" if ok else "MISSED")


def _check(value: float, bound: float, *, at_most: bool) -> bool | None:
    if math.isnan(value):
        return None
    return value <= bound if at_most else value >= bound


def targets_table(latency: list[ScenarioResult], quality: dict[str, dict[str, Quality]]) -> Table:
    table = Table(
        "Targets (reported, never failing the build)", ["target", "scenario", "measured", ""]
    )
    for r in latency:
        b_a = ratio(r.p50("b"), r.p50("a"))
        c_a = ratio(r.p50("c"), r.p50("a"))
        label = f"{r.kind}: {r.scenario}"
        table.rows.append(
            [
                f"b p50 within {B_OVER_A}x of a",
                label,
                times(b_a),
                _holds(_check(b_a, B_OVER_A, at_most=True)),
            ]
        )
        table.rows.append(
            [
                f"HTTP p50 within {C_OVER_A}x of a",
                label,
                times(c_a),
                _holds(_check(c_a, C_OVER_A, at_most=True)),
            ]
        )
    for r in latency:
        if r.kind == "statute" and r.scenario.startswith("long") and r.samples["fts5"].n:
            f_b = ratio(r.p50("fts5"), r.p50("b"))
            table.rows.append(
                [
                    f"FTS5/ours >= {FTS5_OVER_OURS:g}x on long queries",
                    f"{r.kind}: {r.scenario}",
                    times(f_b),
                    _holds(_check(f_b, FTS5_OVER_OURS, at_most=False)),
                ]
            )
    for devset, engines in quality.items():
        if "fts5" not in engines:
            continue
        ours, peer = engines["ours"], engines["fts5"]
        for metric in ("recall", "mrr"):
            a, b = getattr(ours, metric), getattr(peer, metric)
            table.rows.append(
                [
                    f"{metric}@10 >= FTS5",
                    devset,
                    f"{a:.3f} vs {b:.3f}",
                    _holds(None if math.isnan(a) or math.isnan(b) else a >= b),
                ]
            )
    return table
