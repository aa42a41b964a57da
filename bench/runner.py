"""One benchmark run: build, time every layer, load, quality, scaling; then the report."""

import json
import os
import platform
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from importlib.metadata import version
from pathlib import Path

from bench import adapters, charts, report, workload
from bench.config import BenchConfig
from bench.fts5 import Fts5Peer
from bench.indexing import FTS5, READ, TANTIVY, BuildStat, index_root, run_build
from bench.latency import ScenarioResult, paper_layers, run_scenario, statute_layers
from bench.load import LoadResult, run_load
from bench.quality import Quality, paper_author_quality, paper_quality, statute_quality
from bench.raw import RawEngine
from bench.scaling import SCENARIOS, Built, ScalePoint, build_partial, run_scaling
from bench.server import Gunicorn, HttpClient
from bench.survey import SurveyCost, run_survey_cost, survey_table
from bench.timing import ms

INDEXES = ("statutes", "papers")
LOAD_MIX = "statute short+jurisdiction, statute long, paper all_words, paper any_words+facets"


@dataclass
class Results:
    """Everything one run measured."""

    config: BenchConfig
    builds: list[BuildStat] = field(default_factory=list)
    latency: list[ScenarioResult] = field(default_factory=list)
    load: list[LoadResult] = field(default_factory=list)
    load_workers: int = 0
    quality: dict[str, dict[str, Quality]] = field(default_factory=dict)
    scaling: list[ScalePoint] = field(default_factory=list)
    survey: list[SurveyCost] = field(default_factory=list)
    seconds: float = 0.0
    facts: dict[str, str] = field(default_factory=dict)

    def tables(self) -> list[report.Table]:
        found = []
        if self.latency:
            found.append(report.latency_table(self.latency))
            if any(r.samples["fts5"].n for r in self.latency):
                found.append(report.fts5_table(self.latency))
        if self.builds:
            found.append(report.build_table(self.builds))
        if self.scaling:
            found.append(report.scaling_table(self.scaling))
        if self.load:
            found.append(report.load_table(self.load, self.load_workers, LOAD_MIX))
        if self.quality:
            found.append(report.quality_table(self.quality))
        if self.latency or self.quality:
            found.append(report.targets_table(self.latency, self.quality))
        if self.survey:
            found.append(survey_table(self.survey))
        return found


Log = Callable[[str], None]


def stderr_log(started: float) -> Log:
    def log(message: str) -> None:
        print(f"[bench {time.monotonic() - started:6.0f}s] {message}", file=sys.stderr, flush=True)

    return log


class Run:
    """The state of one run: scratch directory, index root, FTS5 databases, server."""

    def __init__(self, config: BenchConfig, workdir: Path, log: Log) -> None:
        self.config = config
        self.workdir = workdir
        self.log = log
        self.results = Results(config)
        self.root = workdir / "indexes"
        self.databases = {name: workdir / f"fts5-{name}.sqlite3" for name in INDEXES}
        self.partial: list[Built] = []

    def build(self, reuse: bool, live_root: Path | None) -> None:
        """Full builds of both indexes (ours and FTS5) plus the shared row-reading cost."""
        isolate = self.config.isolate_builds
        if live_root is not None:
            self.root = live_root
        for name in INDEXES:
            steps = [(READ, self.databases[name])]
            if self.wants_fts5:
                steps.append((FTS5, self.databases[name]))
            if live_root is None:
                steps.insert(0, (TANTIVY, self.root))
            for engine, target in steps:
                if reuse and _built(engine, name, target):
                    continue
                self.log(f"build {name} with {engine}")
                stat = run_build(engine, name, target, 100, isolate=isolate)
                self.log(f"  {stat.docs:,} docs in {stat.seconds:.1f}s")
                self.results.builds.append(stat)
        if "scaling" in self.config.sections:
            self.log(f"build the scaling samples: {self.config.scales}")
            self.partial = build_partial(self.config, self.workdir)

    @property
    def wants_fts5(self) -> bool:
        """The FTS5 peer is built when any section compares against it."""
        return bool({"fts5", "quality", "scaling"} & set(self.config.sections))

    def peers(self) -> dict[str, Fts5Peer]:
        """Open FTS5 databases (none when they were not built)."""
        return {name: Fts5Peer(path) for name, path in self.databases.items() if path.exists()}

    def latency(self, client: HttpClient | None) -> None:
        config = self.config
        raw = RawEngine(self.root)
        peers = self.peers() if "fts5" in config.sections else {}
        try:
            plans = [
                (
                    statute_layers(raw, peers.get("statutes")),
                    workload.statute_scenarios(config.statute_short, config.statute_long),
                )
            ]
            plans.append(
                (
                    paper_layers(raw, peers.get("papers")),
                    workload.paper_scenarios(config.paper_queries),
                )
            )
            for layers, scenarios in plans:
                for name, cases in scenarios.items():
                    self.log(f"latency {layers.kind}: {name} ({len(cases)} queries)")
                    result = run_scenario(
                        name,
                        cases,
                        layers,
                        raw,
                        client,  # type: ignore[arg-type]
                        repeats=config.repeats,
                        fts5_runs=config.fts5_max_runs,
                    )
                    self.log(
                        f"  p50 a {ms(result.p50('a'))} b {ms(result.p50('b'))} "
                        f"c {ms(result.p50('c'))} fts5 {ms(result.p50('fts5'))} ms "
                        f"{result.unavailable or ''}"
                    )
                    self.results.latency.append(result)
        finally:
            for peer in peers.values():
                peer.close()

    def load(self, base_url: str, workers: int) -> None:
        paths = self.load_paths()
        self.results.load_workers = workers
        for clients in self.config.concurrency:
            self.log(f"load: {clients} clients for {self.config.load_seconds:g}s")
            level = run_load(base_url, paths, clients, self.config.load_seconds)
            self.log(
                f"  {level.rps:.1f} req/s, p95 {ms(level.latency.p95)} ms, {level.errors} errors"
            )
            self.results.load.append(level)

    def load_paths(self) -> list[str]:
        statutes = workload.statute_scenarios(10, 5)
        paths = [adapters.statute_path(c) for c in statutes["short, one jurisdiction"]]
        paths += [adapters.statute_path(c) for c in statutes["long, all jurisdictions"]]
        paper_ok = any(r.kind == "paper" and "c" not in r.unavailable for r in self.results.latency)
        if paper_ok or not self.results.latency:
            papers = workload.paper_scenarios(10)
            paths += [adapters.paper_path(c) for c in papers["all_words, plain"]]
            paths += [adapters.paper_path(c) for c in papers["any_words, facets+diversify"][:5]]
        return paths

    def quality(self, devset_dir: Path) -> None:
        raw = RawEngine(self.root)
        peers = self.peers()
        limit = self.config.quality_limit
        try:
            self.log("quality: statutes")
            self.results.quality["statutes"] = statute_quality(
                raw, peers.get("statutes"), devset_dir, limit
            )
            self.log("quality: papers")
            self.results.quality["papers"] = paper_quality(
                raw, peers.get("papers"), devset_dir, limit
            )
            self.log("quality: paper authors")
            self.results.quality["paper authors"] = paper_author_quality(
                raw, peers.get("papers"), devset_dir, limit
            )
        finally:
            for peer in peers.values():
                peer.close()

    def scaling(self, keep: bool) -> None:
        full = ScalePoint(100)
        for stat in self.results.builds:
            if stat.engine in (TANTIVY, FTS5):
                full.builds[(stat.engine, stat.index_name)] = stat
        self.log(f"scaling: queries at {', '.join(f'{p}%' for p in self.config.scales)}")
        self.results.scaling = run_scaling(
            self.config, self.partial, Built(full, self.root, self.databases), keep=keep
        )


def _built(engine: str, name: str, target: Path) -> bool:
    if engine == TANTIVY:
        return (target / name / "LIVE").exists()
    return engine == READ or (engine == FTS5 and target.exists())


def run(
    config: BenchConfig,
    *,
    workdir: Path | None = None,
    keep: bool = False,
    reuse_builds: bool = False,
    live_root: Path | None = None,
    server_url: str | None = None,
    devset_dir: Path = workload.DEVSET,
    log: Log | None = None,
) -> Results:
    """Run the configured sections; `server_url` replaces our own gunicorn (tests)."""
    started = time.monotonic()
    log = log or stderr_log(started)
    scratch = workdir or Path(tempfile.mkdtemp(prefix="portal-bench-"))
    scratch.mkdir(parents=True, exist_ok=True)
    state = Run(config, scratch, log)
    sections = config.sections
    try:
        state.build(reuse_builds, live_root)
        with index_root(state.root):
            state.results.facts = facts(state.root)
            if "latency" in sections or "load" in sections:
                _with_server(state, server_url, scratch)
            if "quality" in sections:
                state.quality(devset_dir)
            if "survey" in sections:
                log("survey: one survey vs one search per jurisdiction")
                state.results.survey = run_survey_cost(config.survey_queries, config.repeats)
        if "scaling" in sections:
            state.scaling(keep)
    finally:
        if not keep and workdir is None:
            shutil.rmtree(scratch, ignore_errors=True)
    if "build" not in sections:
        state.results.builds = []
    state.results.seconds = time.monotonic() - started
    return state.results


def _with_server(state: Run, server_url: str | None, scratch: Path) -> None:
    server = None
    if server_url is None:
        server = Gunicorn(state.root, scratch / "gunicorn.log")
        state.log(f"starting gunicorn on {server.base_url} ({server.workers} workers)")
        server.start()
        server_url = server.base_url
    workers = server.workers if server else 1
    client = HttpClient(server_url)
    try:
        if "latency" in state.config.sections:
            state.latency(client)
        if "load" in state.config.sections:
            state.load(server_url, workers)
    finally:
        client.close()
        if server is not None:
            server.stop()
            state.log("gunicorn stopped")


def facts(root: Path) -> dict[str, str]:
    """What the run measured on: corpus size, machine, versions."""
    from search.models import Chunk, Section

    return {
        "sections": f"{Section.objects.count():,}",
        "chunks": f"{Chunk.objects.count():,}",
        "cpus": str(os.cpu_count()),
        "python": platform.python_version(),
        "tantivy": version("tantivy"),
        "sqlite": sqlite3.sqlite_version,
        "machine": platform.platform(),
    }


def write_report(results: Results, out_dir: Path) -> Path:
    """report.md, results.json and the SVG charts in `out_dir`; returns the report's path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    charts_written = _write_charts(results, out_dir)
    facts_line = ", ".join(f"{k} {v}" for k, v in results.facts.items())
    body = [
        "# Benchmark report",
        "",
        f"Run took {results.seconds / 60:.1f} min. Corpus and machine: {facts_line}.",
        "",
        "Every figure is a median (p50) or 95th percentile over many queries; every ratio "
        "compares measurements of the same run. Reproduce with `make bench`.",
        "",
    ]
    body += [table.markdown() for table in results.tables()]
    body += [f"![{name}]({name})\n" for name in charts_written]
    path = out_dir / "report.md"
    path.write_text("\n".join(body))
    (out_dir / "results.json").write_text(json.dumps(_jsonable(results), indent=1, default=str))
    return path


def _write_charts(results: Results, out_dir: Path) -> list[str]:
    written = []
    if results.scaling:
        series: charts.Series = {}
        for kind, name in SCENARIOS:
            key = f"{kind}: {name}"
            series[f"{kind} {name.split(',')[0]} (b)"] = [
                (p.percent, p.queries[key].p50("b") * 1000)
                for p in results.scaling
                if key in p.queries
            ]
        long_key = "statute: long, all jurisdictions"
        series["statute long (FTS5)"] = [
            (p.percent, p.queries[long_key].p50("fts5") * 1000)
            for p in results.scaling
            if long_key in p.queries
        ]
        _save(
            out_dir / "scaling-query.svg",
            charts.line_chart("Query p50 by corpus share", "% of corpus", "ms", series),
            written,
        )
        builds: charts.Series = {}
        for engine in (TANTIVY, FTS5):
            for name in INDEXES:
                builds[f"{name} {engine}"] = [
                    (p.percent, p.builds[(engine, name)].seconds)
                    for p in results.scaling
                    if (engine, name) in p.builds
                ]
        _save(
            out_dir / "scaling-build.svg",
            charts.line_chart("Build time by corpus share", "% of corpus", "seconds", builds),
            written,
        )
    if results.latency:
        groups = {
            _short(f"{r.kind} {r.scenario}"): {
                "a raw": r.p50("a") * 1000,
                "b service": r.p50("b") * 1000,
                "c HTTP": r.p50("c") * 1000,
            }
            for r in results.latency
        }
        _save(
            out_dir / "latency.svg", charts.bar_chart("Query p50 by layer", "ms", groups), written
        )
    return written


def _short(label: str) -> str:
    for long, short in (("all jurisdictions", "all"), ("one jurisdiction", "1 jur."),
                        ("facets+diversify", "facets+div."), (",", "")):  # fmt: skip
        label = label.replace(long, short)
    return label


def _save(path: Path, svg: str, written: list[str]) -> None:
    if svg:
        path.write_text(svg)
        written.append(path.name)


def _jsonable(results: Results) -> dict[str, object]:
    return {
        "facts": results.facts,
        "seconds": results.seconds,
        "config": asdict(results.config),
        "tables": [asdict(t) for t in results.tables()],
    }
