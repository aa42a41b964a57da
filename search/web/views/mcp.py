"""`/mcp`, the MCP endpoint (search.mcp.endpoint), loaded on its first request."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt


@csrf_exempt  # bearer tokens, never cookies: see search.mcp.endpoint
def mcp(request: HttpRequest) -> HttpResponse:
    """The MCP endpoint; the SDK (about a second to import) loads with the first MCP request,
    so a worker's first page does not wait for it."""
    from search.mcp.endpoint import mcp_endpoint

    return mcp_endpoint(request)
