"""Error answers that never leak a traceback: the 500 handler and the database-outage 503.

JSON paths (the API and /healthz) get JSON with `note` and `coverage_note`, as every API
response must, and `/mcp` the same inside a JSON-RPC error; pages get a plain template.
Neither touches the database, which may be the very thing that failed.
"""

import logging
import sys
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.template import loader

from search.api_responses import NOTHING_SEARCHED_COVERAGE_NOTE
from search.mcp.errors import is_mcp_path, jsonrpc_error

JSON_PREFIXES = ("/api/", "/healthz")
# Errors that mean "the database is unreachable, locked or busy", not a bug in a query.
UNAVAILABLE_ERRORS = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 30
SERVER_ERROR_NOTE = (
    "The portal hit an internal error and nothing was searched. The error has been logged; "
    "try again, and report it if it persists."
)
DATABASE_UNAVAILABLE_NOTE = (
    "The portal's database is unavailable or busy, so nothing was searched. This is "
    f"temporary on our side, not a problem with your request: retry in {RETRY_AFTER_SECONDS} "
    "seconds."
)

logger = logging.getLogger("portal.errors")


def wants_json(request: HttpRequest) -> bool:
    """True for the JSON endpoints, whose every answer must be JSON with the two notes."""
    return request.path.startswith(JSON_PREFIXES) or is_mcp_path(request.path)


def _json_error(request: HttpRequest, status: int, error: str, note: str) -> JsonResponse:
    if is_mcp_path(request.path):
        return jsonrpc_error(status, error, note=note)
    body = {"error": error, "note": note, "coverage_note": NOTHING_SEARCHED_COVERAGE_NOTE}
    return JsonResponse(body, status=status)


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """The 503 for a database outage: JSON on API paths, the 503 page elsewhere."""
    if wants_json(request):
        response: HttpResponse = _json_error(
            request, 503, "database_unavailable", DATABASE_UNAVAILABLE_NOTE
        )
    else:
        html = loader.render_to_string("503.html", {"retry_after": RETRY_AFTER_SECONDS})
        response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a database outage still answers 503; anything else a plain 500."""
    # Django calls this handler while the exception is being handled, so it is visible here.
    if isinstance(sys.exception(), UNAVAILABLE_ERRORS):
        return database_unavailable(request)
    if wants_json(request):
        return _json_error(request, 500, "server_error", SERVER_ERROR_NOTE)
    return HttpResponse(loader.render_to_string("500.html"), status=500)


class DatabaseUnavailableMiddleware:
    """Turn a view's database outage (locked, unreachable) into a 503 instead of a 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, UNAVAILABLE_ERRORS):
            return None
        logger.error("database unavailable on %s: %s", request.path, exception, exc_info=True)
        return database_unavailable(request)


class RejectNulPathMiddleware:
    """A path with a NUL character names nothing: 404 before any view looks it up.

    PostgreSQL refuses NUL in text, so an id taken from such a path would fail the query
    (a 500) instead of finding nothing. Query strings need no such guard: every form field
    already rejects NUL with a form error.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            raise Http404("No such page.")
        return self.get_response(request)
