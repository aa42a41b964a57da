"""Layer (c) plumbing: gunicorn on a free loopback port, and a keep-alive HTTP client."""

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from bench.config import Shape

BASE_DIR = Path(__file__).resolve().parents[1]
GUNICORN_CONF = BASE_DIR / "portal" / "gunicorn.conf.py"
READY_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0
REQUEST_TIMEOUT = 120.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
UNREACHABLE_RATE_LIMIT = 10**9


def cpu_seconds(pid: int, *, reaped: bool = False) -> float:
    """User + system CPU seconds of a process (Linux /proc); `reaped` adds its waited-for
    children's (workers gunicorn replaced)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    if reaped:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / CLOCK_TICKS


def machine_busy_seconds() -> float:
    """CPU seconds all cores spent on anything but idling since boot (Linux /proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle and iowait
    return (sum(values[:8]) - idle) / CLOCK_TICKS


def free_port() -> int:
    """A port nobody listens on right now (loopback)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class HttpClient:
    """One keep-alive connection to a loopback server; reconnects when the server closes it."""

    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.conn: http.client.HTTPConnection | None = None

    def get(self, path: str) -> tuple[int, bytes]:
        """Status and body of GET `path`; one retry on a connection the server dropped."""
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(
                    self.host, self.port, timeout=REQUEST_TIMEOUT
                )
            try:
                self.conn.request("GET", path)
                response = self.conn.getresponse()
                return response.status, response.read()
            except (http.client.HTTPException, ConnectionError, OSError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


class Gunicorn:
    """gunicorn with the portal's own config file, on a free port, for the bench only.

    `shape` overrides the config's worker class, processes and threads (the serving
    section); without it the config's defaults (and PORTAL_WEB_* variables) apply.
    """

    def __init__(
        self,
        index_root: Path,
        log_path: Path,
        shape: Shape | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.index_root = index_root
        self.log_path = log_path
        self.env = {
            **os.environ,
            "PORT": str(self.port),
            "PORTAL_INDEX_DIR": str(self.index_root),
            "DJANGO_SETTINGS_MODULE": "portal.settings",
            # The bench measures search, not the per-address API limiter (on in production).
            "PORTAL_API_RATE_LIMIT": "0",
            **(env or {}),
        }
        self.args = [str(Path(sys.executable).parent / "gunicorn"), "-c", str(GUNICORN_CONF)]
        if shape is not None:
            self.env["PORTAL_WEB_WORKERS"] = str(shape.workers)
            self.env["PORTAL_WEB_THREADS"] = str(shape.threads)
            self.args += ["--worker-class", shape.worker_class]
        if shape is not None and shape.api_limit_cache:
            # Every request counted, none refused: the limiter's cost without its 429s.
            self.env["PORTAL_API_RATE_LIMIT"] = str(UNREACHABLE_RATE_LIMIT)
            self.env["PORTAL_CACHE"] = shape.api_limit_cache
            self.env["PORTAL_CACHE_DIR"] = str(log_path.parent / "cache")
        self.shape = shape or self._configured()
        self.process: subprocess.Popen[bytes] | None = None

    def _configured(self) -> Shape:
        """The shape the config file gives (gunicorn prints its resolved settings)."""
        printed = subprocess.run(
            [*self.args, "--print-config"], cwd=BASE_DIR, env=self.env,
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        values = dict(
            (name.strip(), value.strip())
            for name, _, value in (line.partition("=") for line in printed.splitlines())
        )
        return Shape(values["worker_class"], int(values["workers"]), int(values["threads"]))

    def start(self) -> None:
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            self.args, cwd=BASE_DIR, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        self._wait_ready()

    def cpu_seconds(self) -> float:
        """CPU seconds the master and its workers (live and replaced) have used so far."""
        if self.process is None:
            return float("nan")
        master = self.process.pid
        try:
            children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
            total = cpu_seconds(master, reaped=True)
            for child in children:
                try:
                    total += cpu_seconds(int(child))
                except FileNotFoundError:  # a worker that just exited
                    continue
        except OSError:
            return float("nan")
        return total

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + READY_TIMEOUT
        client = HttpClient(self.base_url)
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited early; see {self.log_path}")
            try:
                status, _ = client.get("/healthz")
                if status == 200:
                    client.close()
                    return
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(
            f"gunicorn did not become ready in {READY_TIMEOUT:.0f}s; see {self.log_path}"
        )

    def stop(self) -> None:
        """SIGTERM the master we started (it stops its workers), then wait; kill if stuck."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
