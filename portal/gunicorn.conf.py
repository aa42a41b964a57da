"""gunicorn settings for `make run` and production (each overridable by an environment variable).

See README "Configuration". Bad values stop start-up with the variable's name, like settings.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from portal import recycling  # noqa: E402
from portal.env import env_bool, env_int, env_str  # noqa: E402

bind = env_str("PORTAL_BIND", f"127.0.0.1:{env_int('PORT', 8000, minimum=1)}")
# Processes x threads, measured on 2 cores (`make bench BENCH_ARGS="--only serving"`, README
# "Performance"): one process per core spends the least CPU per request (more processes add
# switching on two cores), and four threads each let tantivy's work (it releases the GIL)
# overlap Python work and leave no keep-alive connection waiting for a free thread. gthread,
# not sync: sync workers close every connection and were never ahead in the measurements.
workers = env_int("PORTAL_WEB_WORKERS", 2, minimum=1)
threads = env_int("PORTAL_WEB_THREADS", 4, minimum=1)
worker_class = "gthread"
# A request still running after this many seconds is killed (the worker is restarted).
timeout = env_int("PORTAL_WEB_TIMEOUT", 60, minimum=5)
graceful_timeout = env_int("PORTAL_WEB_GRACEFUL_TIMEOUT", 20, minimum=1)
keepalive = 5
# Recycle workers now and then so a slow leak can never take the portal down; one at a time
# (portal/recycling.py: the jitter alone did not keep two from restarting in one second).
max_requests = env_int("PORTAL_WEB_MAX_REQUESTS", 5000, minimum=0)
max_requests_jitter = env_int("PORTAL_WEB_MAX_REQUESTS_JITTER", 500, minimum=0)
# Request-line and header limits: an oversized query string is a 4xx here, before Django.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
# Heartbeat files on tmpfs, so a slow disk cannot make healthy workers look dead.
worker_tmp_dir = "/dev/shm" if Path("/dev/shm").is_dir() else None
RECYCLE_FLAG = recycling.flag_path(worker_tmp_dir, recycling.master_pid())
# Behind a reverse proxy (PORTAL_BEHIND_PROXY=1), trust its forwarded headers from these IPs.
if env_bool("PORTAL_BEHIND_PROXY", False):
    forwarded_allow_ips = env_str("PORTAL_PROXY_IPS", "127.0.0.1,::1")
accesslog = "-"
errorlog = "-"
wsgi_app = "portal.wsgi:application"


def post_worker_init(worker: object) -> None:
    """Read the search catalogs before this worker takes its first request (search/ops/warmup.py).

    A failure is logged, never fatal: the worker then reads them on its first search.
    """
    log = worker.log  # type: ignore[attr-defined]
    try:
        from search.ops.warmup import warm_up

        log.info("warm-up: %s", warm_up())
    except Exception:  # noqa: BLE001  # the worker must start whatever the warm-up meets
        log.exception("warm-up failed; the first search will read the catalogs")
    recycling.warm(worker, RECYCLE_FLAG)


def post_fork(server: object, worker: object) -> None:
    """Note when the worker started: only a replacement clears a recycle's claim."""
    recycling.born(worker)


def pre_request(worker: object, req: object) -> None:
    """Before a worker's last request: recycle only when no other worker is being replaced."""
    recycling.before_request(worker, RECYCLE_FLAG)


def on_exit(server: object) -> None:
    """The recycle flag is this master's: gone with it."""
    recycling.forget(RECYCLE_FLAG)
