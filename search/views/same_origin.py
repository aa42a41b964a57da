"""Whether a request came from another site, for requests that write (a research run's history).

Browsers mark every request with Fetch Metadata: `Sec-Fetch-Site` is `same-origin` for our own
pages, `none` for an address typed or bookmarked, and `same-site` or `cross-site` when another
site's page made the browser send it (a link, a form, an image, a script). Clients that are
not browsers send no such header; they hold their session themselves, so no other site can
make them send a request. Browsers too old for Fetch Metadata still send `Origin` on a
cross-site request made by a script; that is refused as well.
"""

from django.conf import settings
from django.http import HttpRequest

SAME_ORIGIN_SITES = frozenset({"same-origin", "none"})


def is_cross_site(request: HttpRequest) -> bool:
    """True when the browser says another site (or a sibling subdomain) sent this request."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site.strip().lower() not in SAME_ORIGIN_SITES
    origin = request.headers.get("Origin")
    return origin is not None and not is_own_origin(request, origin)


def is_own_origin(request: HttpRequest, origin: str) -> bool:
    """True when an `Origin` header names this site: the address it was reached at, or one of
    CSRF_TRUSTED_ORIGINS (the public address behind a proxy)."""
    return origin in settings.CSRF_TRUSTED_ORIGINS or origin == (
        f"{request.scheme}://{request.get_host()}"
    )
