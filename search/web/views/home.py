"""The home page and the health check."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from search.ops.status import all_index_status, paper_coverage, statute_sources
from search.text.query import MAX_QUERY_CHARS


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """Both searches, then every source with its counts, the paper coverage, and the live index
    versions."""
    sources = statute_sources()
    return render(
        request,
        "home.html",
        {
            "sources": sources,
            "section_total": sum(s.section_count for s in sources),
            "papers": paper_coverage(),
            "indexes": all_index_status(),
            "max_query_chars": MAX_QUERY_CHARS,
        },
    )


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """Each index's live version, document count and build time; 503 when one is unreadable."""
    statuses = all_index_status(probe=True)
    healthy = all(s.live for s in statuses)
    body = {
        "status": "ok" if healthy else "degraded",
        "indexes": {s.name: s.as_dict() for s in statuses},
    }
    return JsonResponse(body, status=200 if healthy else 503)
