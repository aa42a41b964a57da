"""Query latency at layers (a) raw tantivy, (b) service, (c) HTTP API, and the FTS5 peer;
for statutes also (e), the service's own compiled query run raw (`bench.raw`).

For each scenario every query runs at every layer back to back (a, e, b, c, the floor, then
FTS5), after an untimed warm-up of the first queries, so all layers see the same queries
under the same machine load. The floor is `GET /api/` on the same connection right after
each (c) request: a JSON answer through the whole stack that searches nothing, so (c) minus
the floor is the search's own work inside a request, with load drift affecting both alike.
A layer that fails (a service not landed yet, an API answering 404) is reported as
unavailable with its error, and the rest of the run goes on.
"""

import json
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

from bench import adapters
from bench.fts5 import Fts5Peer
from bench.raw import Prepared, RawEngine
from bench.server import HttpClient
from bench.timing import Samples
from bench.workload import PaperCase, StatuteCase

Case = StatuteCase | PaperCase
LAYERS = ("a", "e", "b", "c", "floor", "fts5")
WARM_UP_QUERIES = 3


@dataclass
class ScenarioResult:
    """Samples per layer for one scenario, and how far the layers' top results agree."""

    kind: str
    scenario: str
    queries: int
    samples: dict[str, Samples] = field(default_factory=lambda: {k: Samples() for k in LAYERS})
    # Top-k overlap with layer (b), per query, for layers a, e, c and fts5.
    overlap: dict[str, list[float]] = field(
        default_factory=lambda: {"a": [], "e": [], "c": [], "fts5": []}
    )
    unavailable: dict[str, str] = field(default_factory=dict)

    def p50(self, layer: str) -> float:
        return self.samples[layer].p50

    def p95(self, layer: str) -> float:
        return self.samples[layer].p95

    @property
    def c_minus_floor(self) -> float:
        """The search's work inside a request: p50 of (c) less p50 of the floor."""
        return self.p50("c") - self.p50("floor")


@dataclass(frozen=True)
class Layers:
    """How one search runs at each layer."""

    kind: str
    raw: Callable[[Prepared], list[str]]
    # Layer (e): the service's own query run raw (None: the kind has none).
    served: Callable[[Prepared], list[str]] | None
    service: Callable[[Case], list[str]]
    path: Callable[[Case], str]
    keys: Callable[[dict], list[str]]
    fts5: Callable[[Prepared], list[str]] | None


def statute_layers(raw: RawEngine, peer: Fts5Peer | None) -> Layers:
    return Layers(
        "statute",
        raw.statutes,
        raw.statutes_served,
        adapters.statute_service,  # type: ignore[arg-type]
        adapters.statute_path,
        adapters.statute_keys,  # type: ignore[arg-type]
        peer.statutes if peer else None,
    )


def paper_layers(raw: RawEngine, peer: Fts5Peer | None) -> Layers:
    return Layers(
        "paper",
        raw.papers,
        None,
        adapters.paper_service,  # type: ignore[arg-type]
        adapters.paper_path,
        adapters.paper_keys,  # type: ignore[arg-type]
        peer.papers if peer else None,
    )


def overlap(reference: list[str], other: list[str]) -> float:
    """Share of the reference top results the other layer also returned."""
    if not reference:
        return 1.0 if not other else 0.0
    return len(set(reference) & set(other)) / len(reference)


class _Runner:
    def __init__(self, layers: Layers, raw: RawEngine, client: HttpClient | None) -> None:
        self.layers = layers
        self.raw = raw
        self.client = client

    def calls(self, case: Case, prepared: Prepared) -> dict[str, Callable[[], list[str]]]:
        found: dict[str, Callable[[], list[str]]] = {
            "a": lambda: self.layers.raw(prepared),
        }
        if self.layers.served is not None:
            served = self.layers.served
            found["e"] = lambda: served(prepared)
        found["b"] = lambda: self.layers.service(case)
        if self.client is not None:
            found["c"] = lambda: self._http(case)
            found["floor"] = self._floor
        if self.layers.fts5 is not None:
            fts5 = self.layers.fts5
            found["fts5"] = lambda: fts5(prepared)
        return found

    def _http(self, case: Case) -> list[str]:
        assert self.client is not None
        status, body = self.client.get(self.layers.path(case))
        if status != 200:
            raise RuntimeError(f"HTTP {status}: {body[:300]!r}")
        return [body.decode()]  # parsed after the clock stops (`_keys`)

    def _floor(self) -> list[str]:
        assert self.client is not None
        status, body = self.client.get(adapters.FLOOR_PATH)
        if status != 200:
            raise RuntimeError(f"HTTP {status} from {adapters.FLOOR_PATH}: {body[:300]!r}")
        return []

    def keys(self, layer: str, value: list[str]) -> list[str]:
        if layer == "c":
            return self.layers.keys(json.loads(value[0]))
        return value


def run_scenario(
    name: str,
    cases: list[Case],
    layers: Layers,
    raw: RawEngine,
    client: HttpClient | None,
    *,
    repeats: int,
    fts5_runs: int,
    warm_up: int = WARM_UP_QUERIES,
) -> ScenarioResult:
    """Time every case at every layer; `fts5_runs` caps the (slow) peer's runs."""
    result = ScenarioResult(layers.kind, name, len(cases))
    if client is None:
        result.unavailable["c"] = result.unavailable["floor"] = "no HTTP server in this run"
    if layers.fts5 is None:
        result.unavailable["fts5"] = "no FTS5 database in this run"
    if layers.served is None:
        result.unavailable["e"] = f"{layers.kind} (a) already runs the service's query"
    runner = _Runner(layers, raw, client)
    prepared = [_prepare(raw, layers, case, result) for case in cases]
    for case, prep in list(zip(cases, prepared, strict=True))[:warm_up]:
        for layer, call in runner.calls(case, prep).items():
            if layer in result.unavailable:
                continue
            try:
                call()
            except Exception as exc:  # a layer that cannot run is reported, not fatal
                result.unavailable[layer] = _describe(exc)
    fts5_done = 0
    for round_no in range(repeats):
        for case, prep in zip(cases, prepared, strict=True):
            keys: dict[str, list[str]] = {}
            for layer, call in runner.calls(case, prep).items():
                if layer in result.unavailable:
                    continue
                if layer == "fts5":
                    if fts5_done >= fts5_runs:
                        continue
                    fts5_done += 1
                try:
                    start = time.perf_counter()
                    value = call()
                    result.samples[layer].add(time.perf_counter() - start)
                except Exception as exc:
                    result.unavailable[layer] = _describe(exc)
                    continue
                if round_no == 0:
                    keys[layer] = runner.keys(layer, value)
            if "b" in keys:
                for layer in ("a", "e", "c", "fts5"):
                    if layer in keys:
                        result.overlap[layer].append(overlap(keys["b"], keys[layer]))
    return result


def _prepare(raw: RawEngine, layers: Layers, case: Case, result: ScenarioResult) -> Prepared:
    """The case parsed outside the clock, with the service's query where (e) runs."""
    if layers.served is None or "e" in result.unavailable:
        return raw.prepare(case)
    try:
        return raw.prepare_served(case)
    except Exception as exc:  # the service's query cannot be built: (e) is reported missing
        result.unavailable["e"] = _describe(exc)
        return raw.prepare(case)


def _describe(exc: Exception) -> str:
    last = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    where = f" at {last.filename.rsplit('/', 1)[-1]}:{last.lineno}" if last else ""
    return f"{type(exc).__name__}: {str(exc)[:200]}{where}"
