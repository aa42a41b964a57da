"""How much work each part of the benchmark does: the full run and the `--quick` smoke run."""

from dataclasses import dataclass, replace

# `serving` (gunicorn worker classes, processes and threads under the load mix) is asked for
# by name with --only: it runs one gunicorn per shape and takes about 7 minutes.
SECTIONS = ("build", "latency", "fts5", "scaling", "load", "quality", "survey", "serving")
DEFAULT_SECTIONS = tuple(s for s in SECTIONS if s != "serving")


@dataclass(frozen=True)
class Shape:
    """How gunicorn serves: worker class, processes, threads per process."""

    worker_class: str
    workers: int
    threads: int
    # With the production API rate limit counting every request in this cache (`database` or
    # `file`, PORTAL_CACHE); None: the limit is off, as in the other sections.
    api_limit_cache: str | None = None

    def __str__(self) -> str:
        text = f"{self.worker_class} {self.workers}x{self.threads}"
        return text + (
            f", API limit ({self.api_limit_cache} cache)" if self.api_limit_cache else ""
        )


# Shapes the serving section tries: sync workers, gthread processes x threads, and the
# default shape with the production API rate limit counting in each kind of shared cache.
SERVING_SHAPES = tuple(
    Shape(*values)
    for values in (
        ("sync", 2, 1), ("sync", 4, 1), ("gthread", 2, 2), ("gthread", 2, 4),
        ("gthread", 3, 2), ("gthread", 4, 2), ("gthread", 4, 4), ("gthread", 6, 1),
        ("gthread", 2, 4, "database"), ("gthread", 2, 4, "file"),
    )
)  # fmt: skip


@dataclass(frozen=True)
class BenchConfig:
    """Sizes of one run; FULL is sized for about 20 minutes on a shared 2-core machine."""

    # Distinct queries per statute scenario (short keyword / long question) and per paper mode.
    statute_short: int = 50
    statute_long: int = 20
    paper_queries: int = 30
    # Timed runs of every query at every layer (after one untimed warm-up run).
    repeats: int = 3
    # FTS5 is slow on long any-of queries: at most this many runs per scenario.
    fts5_max_runs: int = 30
    # Scaling: synthetic corpora of this many copies of the real papers and statutes, and
    # queries per scenario at each size.
    paper_scales: tuple[int, ...] = (1, 3, 10)
    statute_scales: tuple[int, ...] = (1, 3)
    scaling_queries: int = 16
    # Load: concurrent clients and seconds per level, after an untimed warm-up at the highest
    # concurrency (every worker process opens the indexes and reads the paper catalog); 4 is
    # the throughput target's level, 8, 32 and 64 what a portal under load sees.
    concurrency: tuple[int, ...] = (4, 8, 32, 64)
    load_seconds: float = 20.0
    # The recycling row: this many clients on a server whose workers recycle every
    # `recycle_every` requests (0: no such row).
    recycle_clients: int = 32
    recycle_every: int = 300
    warm_up_seconds: float = 3.0
    # Serving: the shapes tried (all started at once), and rounds of one burst of this many
    # seconds per shape and concurrency, so machine load drifting hits every shape alike.
    serving_shapes: tuple[Shape, ...] = SERVING_SHAPES
    serving_rounds: int = 3
    serving_seconds: float = 5.0
    # Dev set queries used (None: all in the file).
    quality_limit: int | None = None
    # Survey cost: short keyword queries (plus a quarter as many long questions).
    survey_queries: int = 20
    # Builds run in a child process (so peak memory is the build's own); off in tests.
    isolate_builds: bool = True
    sections: tuple[str, ...] = DEFAULT_SECTIONS


FULL = BenchConfig()
QUICK = BenchConfig(
    statute_short=6,
    statute_long=3,
    paper_queries=4,
    repeats=1,
    fts5_max_runs=6,
    paper_scales=(1, 2),
    statute_scales=(1, 2),
    scaling_queries=3,
    concurrency=(1, 2),
    load_seconds=0.5,
    recycle_clients=2,
    recycle_every=20,
    warm_up_seconds=0.2,
    serving_shapes=(Shape("sync", 1, 1), Shape("gthread", 1, 2)),
    serving_rounds=1,
    serving_seconds=0.3,
    quality_limit=20,
    survey_queries=4,
)


def with_sections(config: BenchConfig, sections: tuple[str, ...]) -> BenchConfig:
    """`config` running only `sections` (unknown names raise ValueError)."""
    unknown = sorted(set(sections) - set(SECTIONS))
    if unknown:
        raise ValueError(f"unknown sections {unknown}; choose from {SECTIONS}")
    return replace(config, sections=tuple(s for s in SECTIONS if s in sections))


def parse_scales(text: str) -> tuple[int, ...]:
    """`"1,3,10"` as (1, 3, 10): whole copies, at least one, sorted, each once."""
    try:
        scales = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise ValueError(f"scales must be whole numbers like 1,3,10, got {text!r}") from None
    if not scales or scales[0] < 1:
        raise ValueError(f"scales must be whole numbers of at least 1, got {text!r}")
    return tuple(scales)
