"""Per-client limits: JSON API and MCP requests per minute, and the answer to a locked-out
sign-in.

The API limit is ours, not django-ratelimit's: its last release (4.1.0, 2023) declares Python up
to 3.11, its system check fails on the database and file caches our gunicorn workers share, and
a cache that raises (database down) stops the request instead of letting it through. Its fixed
windows would also let a burst straddling a boundary through at twice the limit; ours weighs
the previous window by how much of it still overlaps.

Requests are counted per client address and, when they carry an API token, per token too
(its hash, unchecked: the limiter never touches the database), so neither many addresses
sharing one token nor many tokens from one address get past the limit.

Counters live in Django's default cache, shared by every gunicorn worker. Those caches
increment by a read and a write, not atomically (the library check's point, true of ours too),
so parallel requests from one client can undercount a little; a cache that fails never blocks
a request. Failed sign-ins are counted and locked out by django-axes (portal/settings.py); this
module gives it the 429 page (search.answers.same_origin the client address).
"""

import hashlib
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from search.answers.json_answers import NOTHING_SEARCHED_COVERAGE_NOTE, api_error
from search.answers.same_origin import client_address
from search.mcp.errors import is_mcp_path, jsonrpc_error
from search.ops.api_tokens import bearer_secret, token_hash

API_PREFIX = "/api/"
API_WINDOW_SECONDS = 60
RATE_LIMITED = "rate_limited"
CACHE_PREFIX = "ratelimit:api"
UNKNOWN_CLIENT = "unknown"

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Verdict:
    """One client's standing against the API limit."""

    allowed: bool
    count: float
    limit: int
    retry_after: int
    counted_by: str = "your address"  # what the count is kept for, as the note names it


def _key(ident: str, window_index: int) -> str:
    # Hashed: cache keys must stay short and plain whatever an address looks like.
    digest = hashlib.sha256(ident.encode("utf-8", "replace")).hexdigest()[:32]
    return f"{CACHE_PREFIX}:{digest}:{window_index}"


def _seconds_until_below(
    current: int, previous: int, elapsed: float, window: int, limit: int
) -> int:
    """How long until the sliding estimate drops below `limit`, if nothing more happens."""
    if current >= limit:
        # Wait out this window; next window the estimate is current * (1 - t / window).
        return math.ceil(window - elapsed + window * (1 - limit / current)) + 1
    if previous > 0:
        overlap_end = window * (1 - (limit - current) / previous)
        return max(1, math.ceil(overlap_end - elapsed) + 1)
    return 1


def _count(ident: str, window: int, now: float) -> tuple[int, int]:
    """Add one request for ident; this window's and the previous window's counts."""
    index = int(now // window)
    current_key = _key(ident, index)
    cache.add(current_key, 0, timeout=window * 2)
    try:
        current = cache.incr(current_key)
    except ValueError:  # expired between add and incr
        cache.set(current_key, 1, timeout=window * 2)
        current = 1
    return int(current), int(cache.get(_key(ident, index - 1), 0))


def check(ident: str, limit: int, window: int, *, now: float | None = None) -> Verdict:
    """Count one request for ident; allowed while at most `limit` fall in `window` seconds."""
    moment = time.time() if now is None else now
    try:
        current, previous = _count(ident, window, moment)
    except Exception:  # a broken cache must not take the site down with it
        logger.exception("rate-limit cache unavailable; letting the request through")
        return Verdict(True, 0, limit, 0)
    elapsed = moment % window
    count = current + previous * (1 - elapsed / window)
    allowed = count <= limit
    wait = 0 if allowed else _seconds_until_below(current, previous, elapsed, window, limit)
    return Verdict(allowed, count, limit, wait)


def limited_note(verdict: Verdict) -> str:
    """What the limit is and when to retry."""
    return (
        f"Too many requests from {verdict.counted_by}: the limit is {verdict.limit} API and MCP "
        f"requests per minute. Nothing was searched; retry in {verdict.retry_after} seconds."
    )


def api_rate_limited(verdict: Verdict) -> JsonResponse:
    """The JSON 429: what the limit is, when to retry, and the API's `note`/`coverage_note`."""
    response = api_error(
        429,
        RATE_LIMITED,
        note=limited_note(verdict),
        # The 429 answers without touching the database, so it cannot name the coverage.
        coverage_note=NOTHING_SEARCHED_COVERAGE_NOTE,
        limit_per_minute=verdict.limit,
        retry_after_seconds=verdict.retry_after,
    )
    response["Retry-After"] = str(verdict.retry_after)
    return response


def mcp_rate_limited(verdict: Verdict) -> JsonResponse:
    """The same 429 at `/mcp`, as a JSON-RPC error the MCP client shows."""
    response = jsonrpc_error(
        429,
        RATE_LIMITED,
        note=limited_note(verdict),
        limit_per_minute=verdict.limit,
        retry_after_seconds=verdict.retry_after,
    )
    response["Retry-After"] = str(verdict.retry_after)
    return response


def request_verdict(request: HttpRequest, limit: int) -> Verdict:
    """Count the request for its address and its token (if any); refused if either is over."""
    verdicts = [check(client_address(request) or UNKNOWN_CLIENT, limit, API_WINDOW_SECONDS)]
    secret = bearer_secret(request)
    if secret is not None:
        by_token = check(f"token:{token_hash(secret)}", limit, API_WINDOW_SECONDS)
        verdicts.append(replace(by_token, counted_by="your API token"))
    refused = [v for v in verdicts if not v.allowed]
    return max(refused, key=lambda v: v.retry_after) if refused else verdicts[0]


def sign_in_locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None,
    credentials: dict[str, Any] | None,
) -> HttpResponse:
    """django-axes' answer to a locked-out address: the 429 page instead of the sign-in form."""
    # Every refused attempt restarts the cool-off (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT),
    # so the whole of it is still ahead whenever this page is shown.
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    context = {"limit": settings.AXES_FAILURE_LIMIT, "minutes": max(1, math.ceil(seconds / 60))}
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response


class ApiRateLimitMiddleware:
    """Throttle every `/api/` path and `/mcp` per client address and API token."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.PORTAL_API_RATE_LIMIT
        mcp = is_mcp_path(request.path)
        if limit > 0 and (mcp or request.path.startswith(API_PREFIX)):
            verdict = request_verdict(request, limit)
            if not verdict.allowed:
                return mcp_rate_limited(verdict) if mcp else api_rate_limited(verdict)
        return self.get_response(request)
