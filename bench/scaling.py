"""Scaling: build time and query p50 at fractions of the corpus (25%, 50%, 100%).

Partial corpora are hash samples (`bench.indexing.in_sample`) built with the same build
service and FTS5 code as the full run; the 100% point reuses the full builds. Queries are a
fixed subset of the latency scenarios, run at layers (a), (b) and FTS5.
"""

import shutil
from dataclasses import dataclass, field
from pathlib import Path

from bench import workload
from bench.config import BenchConfig
from bench.fts5 import Fts5Peer
from bench.indexing import FTS5, TANTIVY, BuildStat, index_root, run_build
from bench.latency import ScenarioResult, paper_layers, run_scenario, statute_layers
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


def measure_point(
    config: BenchConfig, point: ScalePoint, root: Path, databases: dict[str, Path]
) -> None:
    """Run the scaling scenarios on one point's indexes (layers a, b and FTS5)."""
    statutes = workload.statute_scenarios(config.scaling_queries, config.scaling_queries)
    papers = workload.paper_scenarios(config.scaling_queries)
    with index_root(root):
        raw = RawEngine(root)
        peers = {name: Fts5Peer(path) for name, path in databases.items()}
        try:
            for kind, name in SCENARIOS:
                if kind == "statute":
                    layers = statute_layers(raw, peers["statutes"])
                    cases = statutes[name]
                else:
                    layers = paper_layers(raw, peers["papers"])
                    cases = papers[name]
                point.queries[f"{kind}: {name}"] = run_scenario(
                    name,
                    cases,
                    layers,
                    raw,
                    None,  # type: ignore[arg-type]
                    repeats=config.repeats,
                    fts5_runs=len(cases),
                )
        finally:
            for peer in peers.values():
                peer.close()


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
    """Query every built point, smallest first; partial builds are deleted after use."""
    points = []
    for built in [*partial, *([full] if full and 100 in config.scales else [])]:
        measure_point(config, built.point, built.root, built.databases)
        points.append(built.point)
        if built.point.percent < 100 and not keep:
            shutil.rmtree(built.root.parent, ignore_errors=True)
    return points
