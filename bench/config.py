"""How much work each part of the benchmark does: the full run and the `--quick` smoke run."""

from dataclasses import dataclass, replace

SECTIONS = ("build", "latency", "fts5", "scaling", "load", "quality", "survey")


@dataclass(frozen=True)
class BenchConfig:
    """Sizes of one run; FULL is sized for about 15 minutes on a shared 2-core machine."""

    # Distinct queries per statute scenario (short keyword / long question) and per paper mode.
    statute_short: int = 50
    statute_long: int = 20
    paper_queries: int = 30
    # Timed runs of every query at every layer (after one untimed warm-up run).
    repeats: int = 3
    # FTS5 is slow on long any-of queries: at most this many runs per scenario.
    fts5_max_runs: int = 30
    # Scaling: corpus fractions in percent, and queries per scenario at each.
    scales: tuple[int, ...] = (25, 50, 100)
    scaling_queries: int = 16
    # Load: concurrent clients and seconds per level.
    concurrency: tuple[int, ...] = (1, 4, 16)
    load_seconds: float = 20.0
    # Dev set queries used (None: all in the file).
    quality_limit: int | None = None
    # Survey cost: short keyword queries (plus a quarter as many long questions).
    survey_queries: int = 20
    # Builds run in a child process (so peak memory is the build's own); off in tests.
    isolate_builds: bool = True
    sections: tuple[str, ...] = SECTIONS


FULL = BenchConfig()
QUICK = BenchConfig(
    statute_short=6,
    statute_long=3,
    paper_queries=4,
    repeats=1,
    fts5_max_runs=6,
    scales=(50, 100),
    scaling_queries=3,
    concurrency=(1, 2),
    load_seconds=0.5,
    quality_limit=20,
    survey_queries=4,
)


def with_sections(config: BenchConfig, sections: tuple[str, ...]) -> BenchConfig:
    """`config` running only `sections` (unknown names raise ValueError)."""
    unknown = sorted(set(sections) - set(SECTIONS))
    if unknown:
        raise ValueError(f"unknown sections {unknown}; choose from {SECTIONS}")
    return replace(config, sections=tuple(s for s in SECTIONS if s in sections))
