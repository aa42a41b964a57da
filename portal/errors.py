"""Error answers that explain themselves and never leak a traceback.

Every error has three forms: JSON with `note` and `coverage_note` on the JSON paths (the API
and /healthz, and `/mcp` the same inside a JSON-RPC error), as every API response must; a
small panel for an htmx request, which the page swaps in place of its results; and a page
with the site's header and a way back elsewhere.
The 500 and database-outage pages touch nothing that could fail again (no database, no
template tags); the others use the site's base template.
"""

import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.urls import Resolver404

from search.answers.json_answers import (
    DATABASE_UNAVAILABLE_NOTE,
    NOTHING_SEARCHED_COVERAGE_NOTE,
    RETRY_AFTER_SECONDS,
    SERVER_ERROR_NOTE,
    UNAVAILABLE_ERRORS,
    api_error,
)
from search.mcp.errors import is_mcp_path, jsonrpc_error
from search.text.query import MAX_QUERY_CHARS
from search.web.htmx import wants_partial

JSON_PREFIXES = ("/api/", "/healthz")
# What every JSON endpoint answers (`require_GET` adds HEAD).
API_METHODS = "GET, HEAD"
# Marks an answer to an htmx request as a panel for the results region (static/js/portal.js).
PANEL_HEADER = "X-Portal-Error-Panel"
PAGE_TEMPLATE = "error.html"
PANEL_TEMPLATE = "_error_panel.html"
logger = logging.getLogger("portal.errors")


@dataclass(frozen=True)
class ErrorText:
    """What went wrong and what to do, for one kind of error."""

    code: str  # the JSON `error` code
    title: str
    what: str
    advice: str

    @property
    def note(self) -> str:
        """The JSON `note`: both sentences."""
        return f"{self.what} {self.advice}"


NOT_FOUND = ErrorText(
    "not_found",
    "Page not found",
    "There is nothing at this address; nothing was searched.",
    "Check the address, or start again from a search or the home page.",
)
API_NOT_FOUND = ErrorText(
    "not_found",
    "No such endpoint",
    "There is no API endpoint at this address; nothing was searched.",
    "The endpoints are listed at /api/.",
)
BAD_REQUEST = ErrorText(
    "bad_request",
    "The request could not be read",
    "The request was malformed or carried too many parameters; nothing was searched.",
    "Start again from the search form, or check the parameters your program sends.",
)
FORBIDDEN = ErrorText(
    "forbidden",
    "Not allowed",
    "This request is not allowed for your account.",
    "Sign in with an account that has access, or ask an administrator.",
)
CSRF_FAILED = ErrorText(
    "csrf_failed",
    "The form expired",
    "The form was sent without a valid security token, usually because the page was open "
    "for a long time or cookies are blocked, so nothing was done.",
    "Reload the page, then send the form again (cookies must be allowed for this site).",
)


def wants_json(request: HttpRequest) -> bool:
    """True for the JSON endpoints, whose every answer must be JSON with the two notes."""
    return request.path.startswith(JSON_PREFIXES) or is_mcp_path(request.path)


def _json_error(request: HttpRequest, status: int, error: str, note: str) -> JsonResponse:
    """The API's error body (or, at `/mcp`, the same inside a JSON-RPC error)."""
    if is_mcp_path(request.path):
        return jsonrpc_error(status, error, note=note)
    return api_error(status, error, note=note, coverage_note=NOTHING_SEARCHED_COVERAGE_NOTE)


def _panel(status: int, text: ErrorText) -> HttpResponse:
    """The error as a results panel; rendered without the request (no database)."""
    html = loader.render_to_string(PANEL_TEMPLATE, {"status": status, "error": text})
    response = HttpResponse(html, status=status)
    response[PANEL_HEADER] = "1"
    return response


def error_response(request: HttpRequest, status: int, text: ErrorText) -> HttpResponse:
    """The error as JSON (API), as a results panel (htmx) or as a page with the site's header."""
    if wants_json(request):
        return _json_error(request, status, text.code, text.note)
    if wants_partial(request):
        return _panel(status, text)
    context = {"status": status, "error": text}
    return render(request, PAGE_TEMPLATE, context, status=status)


def not_allowed_text(request: HttpRequest, allowed: str) -> ErrorText:
    """The 405 for a method an address does not answer."""
    return ErrorText(
        "method_not_allowed",
        "This address does not take that kind of request",
        f"{request.path} answers {allowed} requests only, and this was a {request.method}; "
        "nothing was searched.",
        "Use the links and forms of the pages, or send the parameters in a GET query string.",
    )


def too_long_text(length: int) -> ErrorText:
    """The 414 for an address longer than the portal takes."""
    return ErrorText(
        "uri_too_long",
        "The search is too long",
        f"This address is {length:,} bytes long, more than the {settings.PORTAL_MAX_URL_BYTES:,} "
        "the portal accepts, so nothing was searched.",
        f"Shorten the query (at most {MAX_QUERY_CHARS:,} characters) or choose fewer filters.",
    )


# --- handlers (portal/urls.py) -------------------------------------------------------------


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler404: JSON on the API, else the page (with the view's own reason, if it gave one)."""
    text = API_NOT_FOUND if wants_json(request) else NOT_FOUND
    reason = exception.args[0] if exception.args else None
    # A view's own Http404 names what is missing ("No paper with this id is loaded."); the
    # resolver's carries the patterns tried, which are no one's business.
    named = isinstance(exception, Http404) and not isinstance(exception, Resolver404)
    if named and isinstance(reason, str) and reason:
        text = ErrorText(text.code, text.title, reason, text.advice)
    return error_response(request, 404, text)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler400 (malformed requests, too many fields, a host not allowed)."""
    return error_response(request, 400, BAD_REQUEST)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler403."""
    return error_response(request, 403, FORBIDDEN)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: a form sent without a valid token.

    The JSON API takes no forms: every endpoint answers GET only, so a POST there (which
    fails the token check before any view runs) is told that, not that a form expired.
    """
    if wants_json(request) and not is_mcp_path(request.path):
        answer = error_response(request, 405, not_allowed_text(request, API_METHODS))
        answer["Allow"] = API_METHODS
        return answer
    return error_response(request, 403, CSRF_FAILED)


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """The 503 for a database outage: JSON on API paths, the 503 page elsewhere."""
    text = ErrorText(
        "database_unavailable",
        "The portal is temporarily unavailable",
        "The portal's database is unavailable or busy, so nothing was searched.",
        f"This is a problem on our side: try again in {RETRY_AFTER_SECONDS} seconds.",
    )
    if wants_json(request):
        response: HttpResponse = _json_error(request, 503, text.code, DATABASE_UNAVAILABLE_NOTE)
    elif wants_partial(request):
        response = _panel(503, text)
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
    if wants_partial(request):
        text = ErrorText(
            "server_error",
            "Something went wrong on our side",
            "The portal hit an internal error and nothing was searched. The error has been "
            "logged for the administrators.",
            "Try again in a moment; if it keeps happening, tell the administrators.",
        )
        return _panel(500, text)
    return HttpResponse(loader.render_to_string("500.html"), status=500)


# --- middleware ----------------------------------------------------------------------------


class ErrorAnswersMiddleware:
    """Errors that reach the client without words get them: an API error that is not JSON
    becomes JSON with both notes, an empty error page (a 405 from `require_GET`) a styled
    page. It also refuses, with the same care, an address longer than PORTAL_MAX_URL_BYTES.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # QUERY_STRING is the raw, still percent-encoded text: its length is its size in bytes.
        length = len(request.path) + len(request.META.get("QUERY_STRING", ""))
        if length > settings.PORTAL_MAX_URL_BYTES:
            return error_response(request, 414, too_long_text(length))
        response = self.get_response(request)
        if response.status_code < 400 or response.streaming:
            return response
        content_type = response.get("Content-Type", "")
        if wants_json(request) and not content_type.startswith("application/json"):
            return self._with_words(request, response)
        if not response.content and not wants_json(request):
            return self._with_words(request, response)
        return response

    def _with_words(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        status = response.status_code
        if status == 405:
            allowed = response.get("Allow", "GET")
            answer = error_response(request, 405, not_allowed_text(request, allowed))
            answer["Allow"] = allowed
            return answer
        if status >= 500:
            return server_error(request)
        if status == 404:
            text = API_NOT_FOUND if wants_json(request) else NOT_FOUND
        else:
            text = FORBIDDEN if status == 403 else BAD_REQUEST
        return error_response(request, status, text)


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
