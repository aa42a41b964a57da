"""A small load client: threads with keep-alive connections, bounded by count and time."""

import http.client
import itertools
import statistics
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass
class LoadReport:
    """What a load run saw."""

    sent: int = 0
    seconds: float = 0.0
    statuses: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)

    def percentile(self, p: float) -> float:
        """Latency percentile in milliseconds."""
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        index = min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))
        return ordered[index] * 1000

    def summary(self) -> str:
        rate = self.sent / self.seconds if self.seconds else 0.0
        mean = statistics.fmean(self.latencies) * 1000 if self.latencies else 0.0
        return (
            f"{self.sent} requests in {self.seconds:.1f} s ({rate:.0f}/s), statuses "
            f"{dict(sorted(self.statuses.items()))}, errors {len(self.errors)}, latency ms: "
            f"mean {mean:.0f}, p50 {self.percentile(50):.0f}, p95 {self.percentile(95):.0f}, "
            f"p99 {self.percentile(99):.0f}, max {self.percentile(100):.0f}"
        )


def run_load(
    base_url: str,
    paths: list[str],
    *,
    clients: int,
    requests: int,
    max_seconds: float,
    stop: threading.Event | None = None,
) -> LoadReport:
    """Send up to `requests` GETs (cycling `paths`) from `clients` threads; stop at the deadline.

    Also stops early when `stop` is set. A connection error or a status other than 200 is
    recorded as an error with the path.
    """
    host = urlsplit(base_url)
    report = LoadReport()
    lock = threading.Lock()
    counter = itertools.count()
    deadline = time.monotonic() + max_seconds

    def worker() -> None:
        conn = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
        try:
            while time.monotonic() < deadline and not (stop and stop.is_set()):
                n = next(counter)
                if n >= requests:
                    return
                path = paths[n % len(paths)]
                started = time.monotonic()
                try:
                    conn.request("GET", path)
                    response = conn.getresponse()
                    response.read()
                    status = response.status
                except (OSError, http.client.HTTPException) as exc:
                    conn.close()
                    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
                    with lock:
                        report.sent += 1
                        report.errors.append(f"{path}: {type(exc).__name__}: {exc}")
                    continue
                elapsed = time.monotonic() - started
                with lock:
                    report.sent += 1
                    report.latencies.append(elapsed)
                    report.statuses[status] = report.statuses.get(status, 0) + 1
                    if status != 200:
                        report.errors.append(f"{path}: HTTP {status}")
        finally:
            conn.close()

    started = time.monotonic()
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max_seconds + 60)
    report.seconds = time.monotonic() - started
    return report
