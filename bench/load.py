"""Throughput under load: N concurrent keep-alive clients on loopback, each for a fixed time.

Every client walks the same request mix from its own offset and sends the next request as
soon as the previous answer arrived (closed loop), so requests per second is the server's
throughput at that concurrency and the percentiles are what each client waited.
"""

import os
import resource
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bench.server import HttpClient, machine_busy_seconds
from bench.timing import Samples

NAN = float("nan")


@dataclass(frozen=True)
class LoadResult:
    """One concurrency level."""

    clients: int
    seconds: float
    completed: int
    errors: int
    latency: Samples
    # CPU seconds used meanwhile by the server's processes, by this process (the clients)
    # and by the whole machine (NaN where not measured).
    server_cpu: float = NAN
    client_cpu: float = NAN
    machine_cpu: float = NAN
    cores: int = field(default_factory=lambda: os.cpu_count() or 1)
    # What else held during the run ("workers recycled every 300 requests"), if anything.
    condition: str = ""

    @property
    def rps(self) -> float:
        return self.completed / self.seconds if self.seconds else float("nan")

    @property
    def server_ms_per_request(self) -> float:
        """The server's CPU time per answered request, in milliseconds."""
        return 1000 * self.server_cpu / self.completed if self.completed else NAN

    @property
    def client_ms_per_request(self) -> float:
        """The load clients' CPU time per answered request, in milliseconds."""
        return 1000 * self.client_cpu / self.completed if self.completed else NAN

    @property
    def other_share(self) -> float:
        """Share of the machine's cores busy with work other than this server and its clients."""
        if not self.seconds:
            return NAN
        others = self.machine_cpu - self.server_cpu - self.client_cpu
        return max(others, 0.0) / (self.seconds * self.cores)


def merged(levels: list[LoadResult]) -> LoadResult:
    """Several runs at one concurrency as one: counts, times and CPU added, latencies joined."""
    latency = Samples([s for level in levels for s in level.latency.seconds])
    return LoadResult(
        levels[0].clients,
        sum(level.seconds for level in levels),
        sum(level.completed for level in levels),
        sum(level.errors for level in levels),
        latency,
        sum(level.server_cpu for level in levels),
        sum(level.client_cpu for level in levels),
        sum(level.machine_cpu for level in levels),
        levels[0].cores,
        levels[0].condition,
    )


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_load(
    base_url: str,
    paths: list[str],
    clients: int,
    seconds: float,
    server_cpu: Callable[[], float] | None = None,
) -> LoadResult:
    """`clients` threads sending `paths` round robin for `seconds`; errors are non-200s.

    `server_cpu` reads the server's CPU seconds so far (before and after the run)."""
    latency = Samples()
    lock = threading.Lock()
    counts = {"completed": 0, "errors": 0}
    start_gate = threading.Barrier(clients + 1)
    deadline = [0.0]

    def client(offset: int) -> None:
        http = HttpClient(base_url)
        mine: list[float] = []
        errors = 0
        start_gate.wait()
        i = offset
        while time.perf_counter() < deadline[0]:
            path = paths[i % len(paths)]
            i += 1
            began = time.perf_counter()
            try:
                status, _ = http.get(path)
            except OSError:
                status = 0
            if status == 200:
                mine.append(time.perf_counter() - began)
            else:
                errors += 1
        http.close()
        with lock:
            latency.seconds.extend(mine)
            counts["completed"] += len(mine)
            counts["errors"] += errors

    threads = [threading.Thread(target=client, args=(n * 7,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    cpu_before = (server_cpu() if server_cpu else NAN, _own_cpu(), machine_busy_seconds())
    began = time.perf_counter()
    deadline[0] = began + seconds
    start_gate.wait()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    cpu_after = (server_cpu() if server_cpu else NAN, _own_cpu(), machine_busy_seconds())
    used = [after - before for before, after in zip(cpu_before, cpu_after, strict=True)]
    return LoadResult(clients, elapsed, counts["completed"], counts["errors"], latency, *used)
