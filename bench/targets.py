"""The issue's targets, each checked against this run's measurements (reported, never failing).

Layers as in the latency table: (a) raw tantivy, (b) our service in-process, (c) the JSON API
over HTTP; the floor is `GET /api/` through the same server, so (c) minus the floor is the
search's own work inside a request. Every ratio compares figures of the same run.
"""

import math

from bench.latency import ScenarioResult
from bench.load import LoadResult
from bench.quality import Quality
from bench.report import Table
from bench.scaling import TOP_K, ScalePoint, growth
from bench.timing import ms, ratio, times

PAPER_FTS5_OVER_B = 3.0
PAPER_C_FLOOR_OVER_A = 3.0
STATUTE_B_OVER_A = 2.0
STATUTE_C_FLOOR_OVER_A = 3.0
STATUTE_LONG_FTS5_OVER_B = 15.0
LOAD_CLIENTS = 4
LOAD_MIN_RPS = 150.0
LOAD_MAX_P95 = 0.100
SCALE_COPIES = 10
SCALE_MAX_GROWTH = 3.0

HOLDS, FALLS_SHORT, NOT_MEASURED = "holds", "falls short", "not measured"


def verdict(value: float, bound: float, *, at_most: bool) -> str:
    if math.isnan(value):
        return NOT_MEASURED
    ok = value <= bound if at_most else value >= bound
    return HOLDS if ok else FALLS_SHORT


def targets_table(
    latency: list[ScenarioResult],
    load: list[LoadResult],
    scaling: list[ScalePoint],
    quality: dict[str, dict[str, Quality]],
    recorded: dict[str, list[str]],
) -> Table:
    table = Table(
        "Targets (each from this run's figures; reported, never failing the run)",
        ["target", "scenario", "measured", "verdict"],
    )
    table.rows += _paper_rows(latency) + _statute_rows(latency) + _load_rows(load)
    table.rows += _scaling_rows(scaling) + _quality_rows(quality, recorded)
    return table


def _paper_rows(latency: list[ScenarioResult]) -> list[list[str]]:
    papers = [r for r in latency if r.kind == "paper"]
    rows = [
        _ratio_row(
            f"paper (b) >= {PAPER_FTS5_OVER_B:g}x faster than FTS5", r, "fts5", "b",
            PAPER_FTS5_OVER_B, at_most=False,
        )
        for r in papers
    ]  # fmt: skip
    rows += [
        _c_floor_row("paper", r, PAPER_C_FLOOR_OVER_A) for r in papers if "facets" not in r.scenario
    ]
    return rows


def _statute_rows(latency: list[ScenarioResult]) -> list[list[str]]:
    statutes = [r for r in latency if r.kind == "statute"]
    rows = [
        _ratio_row(
            f"statute (b) within {STATUTE_B_OVER_A:g}x of (a)", r, "b", "a",
            STATUTE_B_OVER_A, at_most=True,
        )
        for r in statutes
    ]  # fmt: skip
    rows += [_c_floor_row("statute", r, STATUTE_C_FLOOR_OVER_A) for r in statutes]
    rows += [
        _ratio_row(
            f"statute FTS5 >= {STATUTE_LONG_FTS5_OVER_B:g}x slower than (b)", r, "fts5", "b",
            STATUTE_LONG_FTS5_OVER_B, at_most=False,
        )
        for r in statutes
        if r.scenario.startswith("long")
    ]  # fmt: skip
    return rows


def _ratio_row(
    target: str, r: ScenarioResult, over: str, under: str, bound: float, *, at_most: bool
) -> list[str]:
    """One target measured as the ratio of two layers' p50 in one scenario."""
    value = ratio(r.p50(over), r.p50(under))
    label = {"fts5": "FTS5"}.get(over, over), {"fts5": "FTS5"}.get(under, under)
    return [
        target,
        r.scenario,
        f"{label[0]} {ms(r.p50(over))} / {label[1]} {ms(r.p50(under))} ms = {times(value)}",
        verdict(value, bound, at_most=at_most),
    ]


def _c_floor_row(kind: str, r: ScenarioResult, bound: float) -> list[str]:
    value = ratio(r.c_minus_floor, r.p50("a"))
    return [
        f"{kind} (c) - floor within {bound:g}x of (a)",
        r.scenario,
        f"(c {ms(r.p50('c'))} - floor {ms(r.p50('floor'))}) / a {ms(r.p50('a'))} ms = "
        f"{times(value)}",
        verdict(value, bound, at_most=True),
    ]


def _load_rows(load: list[LoadResult]) -> list[list[str]]:
    level = next((level for level in load if level.clients == LOAD_CLIENTS), None)
    name = f"mixed load, {LOAD_CLIENTS} clients"
    if level is None:
        return [
            [
                f"throughput >= {LOAD_MIN_RPS:g} req/s, p95 < {ms(LOAD_MAX_P95)} ms",
                name,
                "-",
                NOT_MEASURED,
            ]
        ]
    return [
        [
            f"throughput >= {LOAD_MIN_RPS:g} req/s",
            name,
            f"{level.rps:.1f} req/s",
            verdict(level.rps, LOAD_MIN_RPS, at_most=False),
        ],
        [
            f"p95 under {ms(LOAD_MAX_P95)} ms",
            name,
            f"{ms(level.latency.p95)} ms" + (f", {level.errors} errors" if level.errors else ""),
            verdict(level.latency.p95, LOAD_MAX_P95, at_most=True)
            if not level.errors
            else FALLS_SHORT,
        ],
    ]


def _scaling_rows(points: list[ScalePoint]) -> list[list[str]]:
    rows = []
    for key in TOP_K:
        found = growth(points, key)
        target = f"p50 (b) at {SCALE_COPIES}x within {SCALE_MAX_GROWTH:g}x of 1x"
        scenario = key.removeprefix("paper: ")
        if found is None or found[0] != SCALE_COPIES:
            measured = "-" if found is None else f"only up to {found[0]}x: {times(found[1])}"
            rows.append([target, scenario, measured, NOT_MEASURED])
            continue
        first = next(p for p in points if key in p.queries).queries[key].p50("b")
        last = [p for p in points if key in p.queries][-1].queries[key].p50("b")
        rows.append(
            [
                target,
                scenario,
                f"{ms(last)} / {ms(first)} ms = {times(found[1])}",
                verdict(found[1], SCALE_MAX_GROWTH, at_most=True),
            ]
        )
    return rows


def _quality_rows(
    quality: dict[str, dict[str, Quality]], recorded: dict[str, list[str]]
) -> list[list[str]]:
    rows = []
    for devset, engines in quality.items():
        ours = engines["ours"]
        target = "retrieval unchanged: same top 10 as recorded"
        if not recorded.get(devset):
            rows.append([target, devset, f"recall@10 {ours.recall:.3f}", NOT_MEASURED])
            continue
        same = ours.same_as(recorded[devset])
        total = len(ours.tops)
        rows.append(
            [
                target,
                devset,
                f"{same}/{total} queries, recall@10 {ours.recall:.3f}, MRR@10 {ours.mrr:.3f}",
                HOLDS if same == total else FALLS_SHORT,
            ]
        )
    return rows
