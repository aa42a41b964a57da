"""Scaling: build time and query latency on corpora of 1x, 3x and 10x the real papers and
1x and 3x the real statutes.

The larger corpora are the real documents copied with new keys and shuffled
(`bench.synthetic`), so term statistics stay realistic. Each size is its own index root;
queries are a fixed subset of the latency scenarios, run at layers (a) and (b) (the service
reads the scaled root through PORTAL_INDEX_DIR, as the web workers would read it).
"""

import shutil
from dataclasses import dataclass, field
from pathlib import Path

from bench import workload
from bench.config import BenchConfig
from bench.indexing import index_root
from bench.latency import (
    WARM_UP_QUERIES,
    ScenarioResult,
    paper_layers,
    run_scenario,
    statute_layers,
)
from bench.raw import RawEngine
from bench.synthetic import ScaledBuild, run_scaled, scale_root
from search.indexes.names import PAPERS, STATUTES

SCENARIOS = (
    ("statute", "short, one jurisdiction"),
    ("statute", "long, all jurisdictions"),
    ("paper", "all_words, plain"),
    ("paper", "any_words, plain"),
    ("paper", "phrase, plain"),
    ("paper", "any_words, facets+diversify"),
)
# Top-k paper searches (document diversification, no facets): the scaling target's subject.
TOP_K = ("paper: all_words, plain", "paper: any_words, plain", "paper: phrase, plain")
INDEX_OF = {"statute": STATUTES, "paper": PAPERS}


@dataclass
class ScalePoint:
    """One corpus size: its index root, the builds in it, and query timings by scenario."""

    copies: int
    root: Path
    builds: dict[str, ScaledBuild] = field(default_factory=dict)
    queries: dict[str, ScenarioResult] = field(default_factory=dict)


def build_points(config: BenchConfig, workdir: Path) -> list[ScalePoint]:
    """Write every configured size of both indexes; the points, smallest first."""
    isolate = config.isolate_builds
    built = run_scaled(STATUTES, config.statute_scales, workdir, isolate=isolate)
    built += run_scaled(PAPERS, config.paper_scales, workdir, isolate=isolate)
    points: dict[int, ScalePoint] = {}
    for b in built:
        point = points.setdefault(b.copies, ScalePoint(b.copies, scale_root(workdir, b.copies)))
        point.builds[b.index_name] = b
    return [points[copies] for copies in sorted(points)]


def run_scaling(config: BenchConfig, points: list[ScalePoint]) -> None:
    """Time the scenarios on every point that holds their index (filled in place).

    Rounds are interleaved over the points (round 1 on every point, then round 2), so
    machine load drifting during the run does not favour one corpus size.
    """
    statutes = workload.statute_scenarios(config.scaling_queries, config.scaling_queries)
    papers = workload.paper_scenarios(config.scaling_queries)
    engines = [(point, RawEngine(point.root)) for point in points]
    for round_no in range(config.repeats):
        for kind, name in SCENARIOS:
            cases = statutes[name] if kind == "statute" else papers[name]
            for point, raw in engines:
                if INDEX_OF[kind] not in point.builds:
                    continue
                layers = statute_layers(raw, None) if kind == "statute" else paper_layers(raw, None)
                with index_root(point.root, forget=False):
                    found = run_scenario(
                        name, cases, layers, raw, None,  # type: ignore[arg-type]
                        repeats=1, fts5_runs=0,
                        warm_up=WARM_UP_QUERIES if round_no == 0 else 0,
                    )  # fmt: skip
                key = f"{kind}: {name}"
                point.queries[key] = merge(point.queries.get(key), found)


def remove_points(workdir: Path) -> None:
    """Delete the synthetic corpora (10x papers is about 2 GB)."""
    shutil.rmtree(scale_root(workdir, 1).parent.parent, ignore_errors=True)


def growth(points: list[ScalePoint], key: str) -> tuple[int, float] | None:
    """(largest size, its p50 (b) over the 1x p50 (b)) for a scenario measured at 1x and above."""
    measured = [p for p in points if key in p.queries]
    if len(measured) < 2 or measured[0].copies != 1:
        return None
    first, last = measured[0].queries[key], measured[-1].queries[key]
    return measured[-1].copies, last.p50("b") / first.p50("b")


def merge(into: ScenarioResult | None, more: ScenarioResult) -> ScenarioResult:
    """`into` with the samples and agreement figures of `more` added."""
    if into is None:
        return more
    for layer, samples in more.samples.items():
        into.samples[layer].seconds.extend(samples.seconds)
    for layer, values in more.overlap.items():
        into.overlap[layer].extend(values)
    into.unavailable.update(more.unavailable)
    return into
