"""Who sent a request: its client address, and whether it proves that this site sent it (for
GETs that write a research run's history through the JSON API).

Browsers mark every request with Fetch Metadata: `Sec-Fetch-Site` is `same-origin` for our own
pages' scripts, `none` for an address typed or bookmarked, and `same-site` or `cross-site` when
another site's page made the browser send it (a link, a form, an image, a script). A script of
ours in a browser too old for Fetch Metadata still sends `Origin`. Only those two are proof: a
`Referer` can be left out or chosen, and `none` with another site's `Origin` is no request of
ours. Other callers write with an API token (or through the page's POST, CSRF-checked).
"""

import ipaddress

from django.conf import settings
from django.http import HttpRequest

SAME_ORIGIN = "same-origin"


def has_same_origin_proof(request: HttpRequest) -> bool:
    """True when the browser says our own origin sent this request (Fetch Metadata, or an
    `Origin` naming this site); never for another site's Origin, whatever else it says."""
    origin = request.headers.get("Origin")
    if origin is not None and not is_own_origin(request, origin):
        return False
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site.strip().lower() == SAME_ORIGIN
    return origin is not None


def is_own_origin(request: HttpRequest, origin: str) -> bool:
    """True when an `Origin` header names this site: the address it was reached at, or one of
    CSRF_TRUSTED_ORIGINS (the public address behind a proxy)."""
    return origin in settings.CSRF_TRUSTED_ORIGINS or origin == (
        f"{request.scheme}://{request.get_host()}"
    )


def client_address(request: HttpRequest) -> str | None:
    """The client's IP: the socket peer, or the address our own proxy appended when behind one.

    Only the last X-Forwarded-For entry is trusted: the proxy appends the peer it saw, while
    earlier entries come from the client and can be forged. None when neither is an address.
    """
    candidates = [str(request.META.get("REMOTE_ADDR") or "")]
    if settings.PORTAL_BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
        candidates.insert(0, forwarded)
    for candidate in candidates:
        # Sign-in lockouts store the address in an IP column (inet on PostgreSQL).
        try:
            return str(ipaddress.ip_address(candidate))
        except ValueError:
            continue
    return None
