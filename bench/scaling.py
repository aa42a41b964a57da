"""Scaling: build time and query p50 at fractions of the corpus (25%, 50%, 100%).

Partial corpora are hash samples (`bench.indexing.in_sample`) built with the same build
service and FTS5 code as the full run; the 100% point reuses the full builds. Queries are a
fixed subset of the latency scenarios, run at layers (a), (b) and FTS5 (once per query).
"""

import shutil
from dataclasses import dataclass, field
from pathlib import Path

from bench import workload
from bench.config import BenchConfig
from bench.fts5 import Fts5Peer
from bench.indexing import FTS5, TANTIVY, BuildStat, index_root, run_build
from bench.latency import (
    WARM_UP_QUERIES,
    ScenarioResult,
    paper_layers,
    run_scenario,
    statute_layers,
)
from bench.raw import RawEngine

INDEXES = ("statutes", "papers")
SCENARIOS = (
    ("statute", "short, one jurisdiction"),
    ("statute", "long, all jurisdictions"),
    ("paper", "all_words, plain"),
    ("paper", "any_words, facets+diversify"),
)


@dataclass
class ScalePoint:
    """Builds and query timings at one fraction of the corpus."""

    percent: int
    builds: dict[tuple[str, str], BuildStat] = field(default_factory=dict)
    queries: dict[str, ScenarioResult] = field(default_factory=dict)


def build_point(
    config: BenchConfig, workdir: Path, percent: int
) -> tuple[ScalePoint, Path, dict[str, Path]]:
    """Build both indexes with both engines at `percent`; the point, index root, FTS5 paths."""
    point = ScalePoint(percent)
    root = workdir / f"scale-{percent}" / "indexes"
    databases = {name: workdir / f"scale-{percent}" / f"{name}.sqlite3" for name in INDEXES}
    root.mkdir(parents=True, exist_ok=True)
    for name in INDEXES:
        point.builds[(TANTIVY, name)] = run_build(
            TANTIVY, name, root, percent, isolate=config.isolate_builds
        )
        point.builds[(FTS5, name)] = run_build(
            FTS5, name, databases[name], percent, isolate=config.isolate_builds
        )
    return point, root, databases


@dataclass
class Built:
    """A scale point whose indexes exist: where they are."""

    point: ScalePoint
    root: Path
    databases: dict[str, Path]


def build_partial(config: BenchConfig, workdir: Path) -> list[Built]:
    """Build every configured fraction below 100% (done beside the full builds, so all
    build times come from the same stretch of the run)."""
    return [Built(*build_point(config, workdir, p)) for p in sorted(config.scales) if p < 100]


def run_scaling(
    config: BenchConfig, partial: list[Built], full: Built | None, *, keep: bool = False
) -> list[ScalePoint]:
    """Query every built point; partial builds are deleted after use.

    Rounds are interleaved over the points (round 1 on every point, then round 2), so
    machine load drifting during the run does not favour one corpus size.
    """
    built = [*partial, *([full] if full and 100 in config.scales else [])]
    statutes = workload.statute_scenarios(config.scaling_queries, config.scaling_queries)
    papers = workload.paper_scenarios(config.scaling_queries)
    engines = [
        (b, RawEngine(b.root), {n: Fts5Peer(p) for n, p in b.databases.items()}) for b in built
    ]
    try:
        for round_no in range(config.repeats):
            for kind, name in SCENARIOS:
                cases = statutes[name] if kind == "statute" else papers[name]
                for b, raw, peers in engines:
                    layers = (
                        statute_layers(raw, peers["statutes"])
                        if kind == "statute"
                        else paper_layers(raw, peers["papers"])
                    )
                    with index_root(b.root, forget=False):
                        found = run_scenario(
                            name, cases, layers, raw, None,  # type: ignore[arg-type]
                            repeats=1, fts5_runs=len(cases) if round_no == 0 else 0,
                            warm_up=WARM_UP_QUERIES if round_no == 0 else 0,
                        )  # fmt: skip
                    key = f"{kind}: {name}"
                    b.point.queries[key] = merge(b.point.queries.get(key), found)
    finally:
        for _, _, peers in engines:
            for peer in peers.values():
                peer.close()
    if not keep:
        for b in partial:
            shutil.rmtree(b.root.parent, ignore_errors=True)
    return [b.point for b in built]


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
