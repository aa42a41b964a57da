"""A portal served by gunicorn with its own config on loopback, for tests that need a real
server (the load test, the MCP clients): its own database, indexes and data folder."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]
START_TIMEOUT = 60
STEP_TIMEOUT = 600
# Variables of the calling shell that would point the server elsewhere.
DROPPED_ENV = ("DATABASE_URL", "PORTAL_API_RATE_LIMIT", "DJANGO_ALLOW_ASYNC_UNSAFE")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def portal_env(root: Path, data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a portal whose database and indexes live under `root`."""
    env = {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}
    env.update(
        DJANGO_SETTINGS_MODULE="portal.settings",
        PORTAL_SQLITE_PATH=str(root / "portal.sqlite3"),
        PORTAL_INDEX_DIR=str(root / "indexes"),
        PORTAL_STATIC_ROOT=str(root / "static"),
        PORTAL_DATA_DIR=str(data_dir),
        PORTAL_API_RATE_LIMIT="0",
        PORTAL_INDEX_WRITER_HEAP_MB="64",
        PORTAL_INDEX_WRITER_THREADS="1",
        PORT=str(free_port()),
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str) -> str:
    """Run a manage.py command in `env`; its standard output."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args, "-v", "0"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=STEP_TIMEOUT,
    )
    assert result.returncode == 0, f"manage.py {' '.join(args)}: {result.stderr[-2000:]}"
    return result.stdout


@contextmanager
def gunicorn(env: dict[str, str], log_path: Path) -> Iterator[str]:
    """gunicorn with portal/gunicorn.conf.py until the block ends; yields its base URL."""
    log = log_path.open("wb")
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "-c", "portal/gunicorn.conf.py",
         "--access-logfile", "/dev/null"],
        cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{env['PORT']}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            assert server.poll() is None, log_path.read_text()[-2000:]
            assert time.monotonic() < deadline, "gunicorn did not come up"
            time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
        server_log = log_path.read_text(errors="replace")
        if "Traceback" in server_log:  # a server error: show it with the failure
            print(f"\n--- gunicorn log (server errors) ---\n{server_log[-6000:]}")
