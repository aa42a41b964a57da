"""One benchmark run: build, time every layer, load, quality, scaling, serving; the report."""

import os
import platform
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from importlib.metadata import version
from pathlib import Path

from bench import adapters, baseline, report, targets, workload
from bench.config import BenchConfig
from bench.fts5 import Fts5Peer
from bench.indexing import FTS5, READ, TANTIVY, BuildStat, index_root, run_build
from bench.latency import ScenarioResult, paper_layers, run_scenario, statute_layers
from bench.load import LoadResult, merged, run_load
from bench.quality import Quality, paper_author_quality, paper_quality, statute_quality
from bench.quality.harness import NOTES, SetResult, answer_tables, score_sets
from bench.raw import RawEngine
from bench.scaling import ScalePoint, build_points, remove_points, run_scaling
from bench.server import Gunicorn, HttpClient
from bench.survey import SurveyCost, run_survey_cost, survey_table
from bench.timing import ms
from search.indexes.store import IndexStore

INDEXES = ("statutes", "papers")
LOAD_MIX = "statute short+jurisdiction, statute long, paper all_words, paper any_words+facets"


@dataclass
class Results:
    """Everything one run measured."""

    config: BenchConfig
    builds: list[BuildStat] = field(default_factory=list)
    latency: list[ScenarioResult] = field(default_factory=list)
    load: list[LoadResult] = field(default_factory=list)
    load_shape: str = ""
    quality: dict[str, dict[str, Quality]] = field(default_factory=dict)
    baseline: dict[str, list[str]] = field(default_factory=dict)
    # Every dev set scored for the portal and both baselines (`python -m bench.quality`).
    answers: list[SetResult] = field(default_factory=list)
    scaling: list[ScalePoint] = field(default_factory=list)
    serving: dict[str, list[LoadResult]] = field(default_factory=dict)
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
            found.append(report.scaling_build_table(self.scaling))
        if self.load:
            found.append(report.load_table(self.load, self.load_shape, LOAD_MIX))
        if self.quality:
            found.append(report.quality_table(self.quality, self.baseline))
        if self.answers:
            grids = answer_tables(self.answers)
            found += [report.Table(*grid, notes=list(NOTES)) for grid in grids]
        if self.survey:
            found.append(survey_table(self.survey))
        if self.serving:
            found.append(report.serving_table(self.serving, LOAD_MIX))
        if self.latency or self.quality or self.load or self.scaling:
            found.append(
                targets.targets_table(
                    self.latency, self.load, self.scaling, self.quality, self.baseline
                )
            )
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

    def build(self, reuse: bool, live_root: Path | None) -> None:
        """Full builds of both indexes (ours and FTS5) plus the shared row-reading cost."""
        isolate = self.config.isolate_builds
        if live_root is not None:
            self.root = live_root
        for name in INDEXES:
            steps = []
            if live_root is None:
                steps.append((TANTIVY, self.root))
            if "build" in self.config.sections:
                steps.append((READ, self.databases[name]))
            if self.wants_fts5:
                steps.append((FTS5, self.databases[name]))
            for engine, target in steps:
                if reuse and _built(engine, name, target):
                    continue
                self.log(f"build {name} with {engine}")
                stat = run_build(engine, name, target, isolate=isolate)
                self.log(f"  {stat.docs:,} docs in {stat.seconds:.1f}s")
                self.results.builds.append(stat)

    @property
    def wants_fts5(self) -> bool:
        """The FTS5 peer is built when any section compares against it."""
        return bool({"fts5", "quality"} & set(self.config.sections))

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

    def load(self, base_url: str, server: Gunicorn | None) -> None:
        """The load mix at every configured concurrency against the server."""
        paths = self.load_paths()
        seconds = self.config.load_seconds
        self.warm_up(base_url, paths)
        for clients in self.config.concurrency:
            self.log(f"load: {clients} clients for {seconds:g}s")
            level = run_load(base_url, paths, clients, seconds, server and server.cpu_seconds)
            self.log(f"  {_load_line(level)}")
            self.results.load.append(level)

    def recycling(self, scratch: Path) -> None:
        """The load mix on a server whose workers recycle every `recycle_every` requests (with
        no jitter: they would reach it together), for its longest wait."""
        every = self.config.recycle_every
        env = {"PORTAL_WEB_MAX_REQUESTS": str(every), "PORTAL_WEB_MAX_REQUESTS_JITTER": "0"}
        server = Gunicorn(self.root, scratch / "gunicorn-recycling.log", env=env)
        server.start()
        try:
            paths, clients = self.load_paths(), self.config.recycle_clients
            self.warm_up(server.base_url, paths)
            self.log(f"load: {clients} clients, workers recycled every {every} requests")
            level = run_load(
                server.base_url, paths, clients, self.config.load_seconds, server.cpu_seconds
            )
        finally:
            server.stop()
        level = replace(level, condition=f"workers recycled every {every} requests")
        self.log(f"  {_load_line(level)}")
        self.results.load.append(level)

    def warm_up(self, base_url: str, paths: list[str]) -> None:
        """Untimed load at the highest concurrency, so every worker process is warm: its
        first paper search reads the paper catalog (a second or two on the real data)."""
        clients = max(self.config.concurrency)
        level = run_load(base_url, paths, clients, self.config.warm_up_seconds)
        if level.errors:
            raise RuntimeError(f"{level.errors} errors warming up {base_url}")

    def serving(self, scratch: Path) -> None:
        """The load mix on every gunicorn shape (worker class, processes, threads).

        All shapes serve at once (idle ones cost nothing) and each round sends one burst per
        shape and concurrency, the shapes' order rotating, so machine load from other work
        is spread over all shapes alike.
        """
        config, paths = self.config, self.load_paths()
        servers = [
            Gunicorn(self.root, scratch / f"gunicorn-serving-{n}.log", shape)
            for n, shape in enumerate(config.serving_shapes)
        ]
        bursts: dict[tuple[str, int], list[LoadResult]] = {}
        try:
            for server in servers:
                self.log(f"serving: starting gunicorn {server.shape}")
                server.start()
                self.warm_up(server.base_url, paths)
            for round_no in range(config.serving_rounds):
                for clients in config.concurrency:
                    turn = round_no % len(servers)
                    for server in servers[turn:] + servers[:turn]:
                        level = run_load(server.base_url, paths, clients,
                                         config.serving_seconds, server.cpu_seconds)  # fmt: skip
                        bursts.setdefault((str(server.shape), clients), []).append(level)
                        self.log(f"serving round {round_no + 1}, {server.shape}, {clients} "
                                 f"clients: {_load_line(level)}")  # fmt: skip
        finally:
            for server in servers:
                server.stop()
        for (shape, _), levels in bursts.items():
            self.results.serving.setdefault(shape, []).append(merged(levels))

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
        if devset_dir == workload.DEVSET:
            self.results.baseline = baseline.load()
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
            self.results.answers = score_sets(limit=limit, log=self.log)
        finally:
            for peer in peers.values():
                peer.close()

    def scaling(self) -> None:
        """Write the synthetic corpora, time queries on each, then delete them (gigabytes)."""
        config = self.config
        self.log(
            f"scaling: writing papers x{config.paper_scales}, statutes x{config.statute_scales}"
        )
        points = build_points(config, self.workdir)
        for point in points:
            for built in point.builds.values():
                self.log(
                    f"  {built.index_name} x{built.copies}: {built.docs:,} docs in "
                    f"{built.seconds:.1f}s, {built.disk_mb:,.0f} MB"
                )
        self.log("scaling: queries on every size")
        try:
            run_scaling(config, points)
        finally:
            remove_points(self.workdir)
        self.results.scaling = points


def _built(engine: str, name: str, target: Path) -> bool:
    if engine == TANTIVY:
        return IndexStore(name, target).live_version() is not None
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
            state.scaling()
        if "serving" in sections:
            state.serving(scratch)
    finally:
        if not keep and workdir is None:
            shutil.rmtree(scratch, ignore_errors=True)
    if "build" not in sections:
        state.results.builds = []
    state.results.facts["load average at the end"] = load_average()
    state.results.seconds = time.monotonic() - started
    return state.results


def _with_server(state: Run, server_url: str | None, scratch: Path) -> None:
    server = None
    if server_url is None:
        server = Gunicorn(state.root, scratch / "gunicorn.log")
        state.log(f"starting gunicorn on {server.base_url} ({server.shape})")
        server.start()
        server_url = server.base_url
    shape = str(server.shape) if server else "test server"
    client = HttpClient(server_url)
    try:
        if "latency" in state.config.sections:
            state.latency(client)
        if "load" in state.config.sections:
            state.results.load_shape = shape
            state.load(server_url, server)
    finally:
        client.close()
        if server is not None:
            server.stop()
            state.log("gunicorn stopped")
    if server is not None and "load" in state.config.sections and state.config.recycle_every:
        state.recycling(scratch)


def _load_line(level: LoadResult) -> str:
    return (
        f"{level.rps:.1f} req/s, p50 {ms(level.latency.p50)} ms, p95 {ms(level.latency.p95)} "
        f"ms, p99 {ms(level.latency.p99)} ms, longest {ms(level.latency.longest)} ms, "
        f"{level.errors} errors, "
        f"server CPU {level.server_ms_per_request:.2f} ms/request, "
        f"other work {100 * level.other_share:.0f}% of the cores"
    )


def load_average() -> str:
    """The machine's 1, 5 and 15 minute load averages (other work on the shared cores)."""
    return "/".join(f"{value:.1f}" for value in os.getloadavg())


def facts(root: Path) -> dict[str, str]:
    """What the run measured on: corpus size, machine, versions."""
    from search.models import Chunk, Section

    return {
        "load average after the builds (1/5/15 min)": load_average(),
        "sections": f"{Section.objects.count():,}",
        "chunks": f"{Chunk.objects.count():,}",
        "cpus": str(os.cpu_count()),
        "python": platform.python_version(),
        "tantivy": version("tantivy"),
        "sqlite": sqlite3.sqlite_version,
        "machine": platform.platform(),
    }
