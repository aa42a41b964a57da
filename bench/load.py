"""Throughput under load: N concurrent keep-alive clients on loopback, each for a fixed time.

Every client walks the same request mix from its own offset and sends the next request as
soon as the previous answer arrived (closed loop), so requests per second is the server's
throughput at that concurrency and the percentiles are what each client waited.
"""

import threading
import time
from dataclasses import dataclass

from bench.server import HttpClient
from bench.timing import Samples


@dataclass(frozen=True)
class LoadResult:
    """One concurrency level."""

    clients: int
    seconds: float
    completed: int
    errors: int
    latency: Samples

    @property
    def rps(self) -> float:
        return self.completed / self.seconds if self.seconds else float("nan")


def run_load(base_url: str, paths: list[str], clients: int, seconds: float) -> LoadResult:
    """`clients` threads sending `paths` round robin for `seconds`; errors are non-200s."""
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
    began = time.perf_counter()
    deadline[0] = began + seconds
    start_gate.wait()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    return LoadResult(clients, elapsed, counts["completed"], counts["errors"], latency)
