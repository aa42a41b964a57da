"""Template context every page needs: demo-data flag, the main navigation, the URL limit."""

from django.conf import settings
from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

# (url name, label): screens appear in the navigation once their URL exists.
NAV = (
    ("statute_search", "Statutes"),
    ("paper_search", "Papers"),
    ("sources", "Sources"),
    ("runs", "Research runs"),
)


def _nav_links() -> list[dict[str, str]]:
    links = []
    for name, label in NAV:
        try:
            links.append({"url": reverse(name), "label": label})
        except NoReverseMatch:
            continue
    return links


def portal(request: HttpRequest) -> dict[str, object]:
    """`demo_data` is true when the built-in demo corpus is loaded instead of real data;
    `max_url_bytes` is the longest address the portal answers (the pages' script checks it)."""
    return {
        "demo_data": settings.PORTAL_DEMO_DATA,
        "nav_links": _nav_links(),
        "max_url_bytes": settings.PORTAL_MAX_URL_BYTES,
    }
