"""The tables of one run's results (the targets are in `bench.targets`)."""

from dataclasses import dataclass, field

from bench.indexing import FTS5, READ, TANTIVY, BuildStat
from bench.latency import ScenarioResult
from bench.load import LoadResult
from bench.quality import Quality
from bench.scaling import SCENARIOS, ScalePoint
from bench.timing import ms, ratio, times


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
        "1. Query latency (ms): (a) raw tantivy + snippets, (e) the service's own query raw, "
        "(b) service, (c) HTTP via gunicorn",
        ["search", "scenario", "runs", "a p50", "e p50", "b p50", "b p95", "c p50", "c p95",
         "floor p50", "c-floor", "b/a", "e/a", "b/e", "(c-floor)/a", "top-k same a~b", "e~b"],
    )  # fmt: skip
    missing = set()
    for r in results:
        table.rows.append(
            [
                r.kind,
                r.scenario,
                str(r.samples["b"].n or r.samples["a"].n),
                ms(r.p50("a")),
                ms(r.p50("e")),
                ms(r.p50("b")),
                ms(r.p95("b")),
                ms(r.p50("c")),
                ms(r.p95("c")),
                ms(r.p50("floor")),
                ms(r.c_minus_floor),
                times(ratio(r.p50("b"), r.p50("a"))),
                times(ratio(r.p50("e"), r.p50("a"))),
                times(ratio(r.p50("b"), r.p50("e"))),
                times(ratio(r.c_minus_floor, r.p50("a"))),
                _pct(r.overlap["a"]),
                _pct(r.overlap["e"]),
            ]
        )
        for layer, why in r.unavailable.items():
            if layer != "fts5" and not (layer == "e" and r.kind == "paper"):
                missing.add(f"{r.kind} layer ({layer}) unavailable: {why}")
    table.notes = sorted(missing) + [
        "Ratios are p50/p50 over the same queries in the same run; each query runs at every "
        "layer back to back.",
        "floor: `GET /api/` (a JSON answer through the same gunicorn and Django stack that "
        "searches nothing), sent right after each (c) request on the same connection; c-floor "
        "is the search's own work inside a request.",
        "top-k same: share of (b)'s results that (a) also returned (a sanity check that both "
        "run the same query; ties and diversification explain small differences).",
        "(e), statutes: the query the service compiles (added everyday-word terms, heading and "
        "concept clauses, lowered definitions, the scope's filters), built before the clock "
        "and run raw with tantivy's snippets of the body; e/a is the engine's price of the "
        "ranking, b/e what our Python costs around the engine (snippets and matched terms, "
        "rows, notes, did-you-mean). e~b: share of (b)'s results (e) also returned. Paper (a) "
        "already runs the service's weighted query, so papers have no (e).",
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
        "Both builds read the same rows from the database (`search.ops.builds.documents`); "
        "'read rows only' is that shared cost. 'vs tantivy' = tantivy docs/s ÷ this docs/s.",
        "Peak RSS is the building child process's ru_maxrss (Django loaded: see its start).",
        "FTS5 time includes its 'optimize' merge; tantivy's includes commit, merge and the "
        "document-count check.",
    ]
    return table


def scaling_table(points: list[ScalePoint]) -> Table:
    table = Table(
        "4. Scaling: query latency (ms) on 1x, 3x and 10x corpora (copies of the real rows)",
        ["search", "scenario", "corpus", "documents", "a p50", "b p50", "b p95", "b p50 vs 1x"],
    )
    for kind, name in SCENARIOS:
        key = f"{kind}: {name}"
        index = "statutes" if kind == "statute" else "papers"
        measured = [p for p in points if key in p.queries]
        first = measured[0].queries[key].p50("b") if measured else float("nan")
        for p in measured:
            r = p.queries[key]
            table.rows.append(
                [
                    kind,
                    name,
                    f"{p.copies}x",
                    f"{p.builds[index].docs:,}",
                    ms(r.p50("a")),
                    ms(r.p50("b")),
                    ms(r.p95("b")),
                    times(ratio(r.p50("b"), first)),
                ]
            )
    table.notes = [
        "Each larger corpus is every real document copied with new keys (statute id and "
        "order; paper id, paper key, chunk id) in one seeded shuffle, so term statistics stay "
        "realistic; queries are the latency scenarios' first ones, interleaved over the sizes.",
        "Plain paper scenarios are top-k searches (document diversification, no facets); "
        "facets count every match, so their cost grows with the matches by nature.",
    ]
    return table


def scaling_build_table(points: list[ScalePoint]) -> Table:
    table = Table(
        "4b. Scaling: index write time by corpus size",
        ["index", "corpus", "documents", "seconds", "docs/s", "index MB", "peak RSS MB"],
    )
    for name in ("statutes", "papers"):
        for p in points:
            b = p.builds.get(name)
            if b is None:
                continue
            table.rows.append(
                [
                    name,
                    f"{p.copies}x",
                    f"{b.docs:,}",
                    f"{b.seconds:.1f}",
                    f"{b.docs_per_second:,.0f}",
                    f"{b.disk_mb:,.0f}",
                    f"{b.peak_rss_mb:,.0f}",
                ]
            )
    reads = {b.index_name: b.read_seconds for p in points for b in p.builds.values()}
    table.notes = [
        "Written with the backend's own writer (the build service's), from documents read "
        "once from the database ("
        + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in reads.items())
        + ", not included); seconds include the commit, merges and the count check.",
        "Peak RSS is the writing child process's so far: it holds the real documents.",
    ]
    return table


def load_table(levels: list[LoadResult], shape: str, mix: str) -> Table:
    table = Table(
        f"5. Throughput under load: gunicorn {shape}, loopback, closed loop",
        LOAD_HEADERS,
    )
    for level in levels:
        table.rows.append(_load_row(level))
    table.notes = [f"Request mix: {mix}.", *LOAD_NOTES]
    return table


LOAD_HEADERS = ["clients", "seconds", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms",
                "longest wait ms", "errors", "CPU ms/request: server", "clients",
                "other work"]  # fmt: skip
LOAD_NOTES = [
    "The clients are threads of the bench process on the same 2 cores as the server.",
    "Longest wait: the slowest answer a client waited for. The recycling row runs the same "
    "load on a server whose workers recycle every few hundred requests (one at a time, "
    "portal/recycling.py): a recycle should not show in it.",
    "CPU ms/request: CPU time of gunicorn's processes (server) and of the client threads "
    "(clients) per answered request, from /proc; other work: share of the cores busy with "
    "anything but this server and its clients meanwhile (the machine is shared).",
]


def _cpu(value: float) -> str:
    return "-" if value != value else f"{value:.2f}"


def _load_row(level: LoadResult) -> list[str]:
    return [
        f"{level.clients} ({level.condition})" if level.condition else str(level.clients),
        f"{level.seconds:.1f}",
        str(level.completed),
        f"{level.rps:.1f}",
        ms(level.latency.p50),
        ms(level.latency.p95),
        ms(level.latency.p99),
        ms(level.latency.longest),
        str(level.errors),
        _cpu(level.server_ms_per_request),
        _cpu(level.client_ms_per_request),
        "-" if level.other_share != level.other_share else f"{100 * level.other_share:.0f}%",
    ]


def serving_table(shapes: dict[str, list[LoadResult]], mix: str) -> Table:
    table = Table(
        "8. Serving: gunicorn worker class, processes x threads, under the load mix",
        ["gunicorn", *LOAD_HEADERS],
    )
    for shape, levels in shapes.items():
        for level in levels:
            table.rows.append([shape, *_load_row(level)])
    table.notes = [
        f"Request mix: {mix}. All shapes serve at once; each round sends one burst per shape "
        "and concurrency, the shapes' order rotating; figures add up the rounds.",
        *LOAD_NOTES,
    ]
    return table


def quality_table(quality: dict[str, dict[str, Quality]], recorded: dict[str, list[str]]) -> Table:
    table = Table(
        "6. Retrieval quality on the dev set (bench/devset)",
        ["dev set", "engine", "queries", "recall@10", "MRR@10", "top 10 as recorded", "errors"],
    )
    for devset, engines in quality.items():
        for engine, q in engines.items():
            same = "-"
            if engine == "ours" and recorded.get(devset):
                same = f"{q.same_as(recorded[devset])}/{len(q.tops)}"
            table.rows.append(
                [
                    devset,
                    engine,
                    str(len(q.ranks)),
                    f"{q.recall:.3f}",
                    f"{q.mrr:.3f}",
                    same,
                    str(q.errors),
                ]
            )
    table.notes = [
        "statutes: known-item queries from headings, confined to the target's jurisdiction; "
        "'ours' searches the body only, as by default; stem=true adds word forms, "
        "headings=true searches headings too (so these queries find their own heading); "
        "papers: title words -> the paper's abstract chunk, match=any_words; "
        "paper authors: an author's name (all_words) -> any chunk of their papers.",
        "top 10 as recorded: queries whose top 10 keys, in order, are those recorded in "
        "bench/devset/baseline.json (`python -m bench.baseline`; docs/performance.md says when).",
    ]
    return table
