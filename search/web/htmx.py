"""htmx helpers of the search pages and the error answers: when to answer with a partial."""

from urllib.parse import parse_qs, urlsplit

from django.http import HttpRequest


def wants_partial(request: HttpRequest) -> bool:
    """True for an htmx request, except a history restore, which needs the whole page."""
    # Read from the headers, not django-htmx's `request.htmx`: the error answers use this
    # too, for requests refused before that middleware ran.
    headers = request.headers
    return (
        headers.get("HX-Request") == "true" and headers.get("HX-History-Restore-Request") != "true"
    )


# Sent by static/js/portal.js on the statute form's htmx requests: the event that sent it.
TRIGGER_HEADER = "X-Portal-Trigger"
TYPING = "input"


def typed(request: HttpRequest) -> bool:
    """True for an htmx request sent while the user types (not a submit or a link)."""
    return wants_partial(request) and request.headers.get(TRIGGER_HEADER) == TYPING


def param_changed(request: HttpRequest, name: str) -> bool:
    """True when `name` differs from the browser's current URL (htmx sends it as a header)."""
    htmx = getattr(request, "htmx", None)
    current = htmx.current_url if htmx else None
    if not current:
        return True
    before = parse_qs(urlsplit(current).query).get(name, [""])[-1].strip()
    return before != request.GET.get(name, "").strip()
