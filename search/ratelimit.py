"""Per-client rate limits: JSON API requests per minute, failed admin sign-ins per window.

Counters live in Django's default cache (the database cache unless configured otherwise), so
every gunicorn worker shares them. Each limit is a sliding-window estimate over two fixed
windows: the current window's count plus the previous one's, weighted by how much of it still
overlaps; that stops a burst straddling a window boundary from doubling the limit. A cache
that fails (database down) never blocks a request: limits fail open and the error is logged.
"""

import hashlib
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse

from search.api_responses import api_error

API_PREFIX = "/api/"
API_WINDOW_SECONDS = 60
RATE_LIMITED = "rate_limited"
CACHE_PREFIX = "ratelimit"
# The 429 answers without touching the database, so it cannot name the sources' coverage.
RATE_LIMITED_COVERAGE_NOTE = (
    "Nothing was searched for this request, so no coverage applies to it. What the statute "
    "sources cover is listed at /api/sources; every paper search response states the paper "
    "coverage."
)

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Verdict:
    """One client's standing against one limit."""

    allowed: bool
    count: float
    limit: int
    retry_after: int


def client_address(request: HttpRequest) -> str:
    """The client's IP: the socket peer, or the address our own proxy appended when behind one.

    Only the last X-Forwarded-For entry is trusted: the proxy appends the peer it saw, while
    earlier entries come from the client and can be forged.
    """
    if settings.PORTAL_BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
        if forwarded:
            return forwarded
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def _key(bucket: str, ident: str, window_index: int) -> str:
    # Hashed: forwarded addresses are client text, and cache keys must stay short and plain.
    digest = hashlib.sha256(ident.encode("utf-8", "replace")).hexdigest()[:32]
    return f"{CACHE_PREFIX}:{bucket}:{digest}:{window_index}"


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


def _counts(bucket: str, ident: str, window: int, now: float, add: bool) -> tuple[int, int]:
    """This window's and the previous window's counts for ident (adding one event if `add`)."""
    index = int(now // window)
    current_key = _key(bucket, ident, index)
    if add:
        cache.add(current_key, 0, timeout=window * 2)
        try:
            current = cache.incr(current_key)
        except ValueError:  # expired between add and incr
            cache.set(current_key, 1, timeout=window * 2)
            current = 1
    else:
        current = cache.get(current_key, 0)
    return int(current), int(cache.get(_key(bucket, ident, index - 1), 0))


def check(
    bucket: str, ident: str, limit: int, window: int, *, add: bool, now: float | None = None
) -> Verdict:
    """Whether ident is within `limit` events per `window` seconds (counting one more if add).

    Counting (`add`) allows up to `limit` events; a mere look (`add=False`, before a sign-in
    attempt) refuses once `limit` have happened.
    """
    moment = time.time() if now is None else now
    try:
        current, previous = _counts(bucket, ident, window, moment, add)
    except Exception:  # a broken cache must not take the site down with it
        logger.exception("rate-limit cache unavailable; letting the request through")
        return Verdict(True, 0, limit, 0)
    elapsed = moment % window
    count = current + previous * (1 - elapsed / window)
    allowed = count <= limit if add else count < limit
    wait = 0 if allowed else _seconds_until_below(current, previous, elapsed, window, limit)
    return Verdict(allowed, count, limit, wait)


def api_rate_limited(request: HttpRequest, verdict: Verdict) -> JsonResponse:
    """The JSON 429: what the limit is, when to retry, and the API's `note`/`coverage_note`."""
    note = (
        f"Too many requests from your address: the limit is {verdict.limit} API requests per "
        f"minute. Nothing was searched; retry in {verdict.retry_after} seconds."
    )
    response = api_error(
        429,
        RATE_LIMITED,
        note=note,
        coverage_note=RATE_LIMITED_COVERAGE_NOTE,
        limit_per_minute=verdict.limit,
        retry_after_seconds=verdict.retry_after,
    )
    response["Retry-After"] = str(verdict.retry_after)
    return response


def login_locked_out(request: HttpRequest, verdict: Verdict) -> HttpResponse:
    """The 429 page shown instead of the admin sign-in form while an address is locked out."""
    minutes = max(1, math.ceil(verdict.retry_after / 60))
    context = {
        "limit": verdict.limit,
        "minutes": minutes,
        "window_minutes": max(1, settings.PORTAL_LOGIN_LOCKOUT_SECONDS // 60),
    }
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(verdict.retry_after)
    return response


LOGIN_URL_NAMES = ("admin:login", "login")


def _login_paths() -> set[str]:
    """Every sign-in form's path; they share one failure count per address."""
    paths = set()
    for name in LOGIN_URL_NAMES:
        try:
            paths.add(reverse(name))
        except NoReverseMatch:  # a URLconf without that sign-in page
            continue
    return paths


class RateLimitMiddleware:
    """Throttle `/api/` per client address and lock out repeated failed sign-ins."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith(API_PREFIX) and settings.PORTAL_API_RATE_LIMIT > 0:
            verdict = check(
                "api",
                client_address(request),
                settings.PORTAL_API_RATE_LIMIT,
                API_WINDOW_SECONDS,
                add=True,
            )
            if not verdict.allowed:
                return api_rate_limited(request, verdict)
        if request.method == "POST" and request.path in _login_paths():
            return self._sign_in(request)
        return self.get_response(request)

    def _sign_in(self, request: HttpRequest) -> HttpResponse:
        ident = client_address(request)
        limit = settings.PORTAL_LOGIN_FAILURE_LIMIT
        window = settings.PORTAL_LOGIN_LOCKOUT_SECONDS
        verdict = check("login", ident, limit, window, add=False)
        if not verdict.allowed:
            logger.warning("admin sign-in refused: %s is locked out", ident)
            return login_locked_out(request, verdict)
        response = self.get_response(request)
        # A successful sign-in redirects; the form shown again (200) is a failed attempt.
        # Success does not reset the count, so one valid account cannot launder guesses.
        if response.status_code == 200:
            check("login", ident, limit, window, add=True)
        return response
