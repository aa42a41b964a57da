"""Every error explains itself: JSON with both notes under /api/, a results panel for htmx, a
page with the site's header and ways back elsewhere; and no search address is too long."""

import runpy
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.test import Client, override_settings
from django.urls import path

from portal.errors import PANEL_HEADER
from search.text.query import MAX_QUERY_CHARS

BASE_DIR = Path(__file__).resolve().parents[2]
HTMX = {"HTTP_HX_REQUEST": "true"}
# The widest character percent-encoding can make: three UTF-8 bytes, each written as %XX.
WIDEST = "\u4e2d"


def api_error(response: HttpResponse, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body: dict[str, Any] = response.json()
    assert body["note"] and body["coverage_note"] and body["error"]
    return body


def styled_page(response: HttpResponse, status: int) -> str:
    assert response.status_code == status
    html = response.content.decode()
    assert '<header class="top">' in html and 'href="/statutes/"' in html and "<h1>" in html
    assert 'role="alert"' in html
    return html


@pytest.mark.parametrize("path", ["/api/nope", "/api/statute_search/extra", "/api/v2/search"])
def test_an_unknown_api_path_is_json_with_both_notes(client: Client, db: None, path: str) -> None:
    body = api_error(client.get(path), 404)
    assert "/api/" in body["note"]


@pytest.mark.parametrize("method", ["post", "put", "delete", "patch"])
def test_a_wrong_method_on_the_api_is_a_json_405_naming_get(db: None, method: str) -> None:
    client = Client(enforce_csrf_checks=True)
    response = getattr(client, method)("/api/statute_search?q=landlord")
    body = api_error(response, 405)
    assert "GET" in response["Allow"] and "GET" in body["note"]


def test_options_on_the_api_and_a_post_to_healthz_are_json_405s(client: Client, db: None) -> None:
    api_error(client.options("/api/sources"), 405)
    api_error(client.post("/healthz"), 405)


def test_a_wrong_method_on_a_page_is_a_styled_page(client: Client, db: None) -> None:
    response = client.put("/statutes/")
    html = styled_page(response, 405)
    assert "GET" in html and response["Allow"] == "GET"


def test_a_form_without_its_token_says_to_reload(db: None) -> None:
    response = Client(enforce_csrf_checks=True).post("/accounts/login/", {"username": "x"})
    html = styled_page(response, 403)
    assert "Reload the page" in html


def test_an_unknown_page_has_the_sites_header_and_ways_back(client: Client, db: None) -> None:
    html = styled_page(client.get("/no/such/page/"), 404)
    assert "Page not found" in html and 'href="/papers/"' in html
    assert "tried" not in html  # the resolver's patterns are not shown


def test_a_views_own_not_found_reason_is_shown(client: Client, db: None) -> None:
    html = styled_page(client.get("/papers/nothing-like-this/"), 404)
    assert "No paper with this id is loaded." in html


def test_an_htmx_request_gets_a_marked_results_panel(client: Client, db: None) -> None:
    response = client.get("/no/such/page/", **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 404 and response[PANEL_HEADER] == "1"
    html = response.content.decode()
    assert 'role="alert"' in html and "{#" not in html
    assert '<header class="top">' not in html and 'id="result-status"' in html


def test_too_many_parameters_is_a_400_page_or_json(client: Client, db: None) -> None:
    query = urlencode([("x", "")] * (settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    styled_page(client.get(f"/statutes/?q=landlord&{query}"), 400)
    api_error(client.get(f"/api/statute_search?q=landlord&{query}"), 400)


def test_an_address_over_the_limit_is_the_portals_own_414(client: Client, db: None) -> None:
    query = "q=" + "a" * settings.PORTAL_MAX_URL_BYTES
    body = api_error(client.get(f"/api/statute_search?{query}"), 414)
    assert f"{MAX_QUERY_CHARS:,} characters" in body["note"]
    html = styled_page(client.get(f"/statutes/?{query}"), 414)
    assert "too long" in html
    panel = client.get(f"/papers/?{query}", **HTMX)  # type: ignore[arg-type]
    assert panel.status_code == 414 and panel[PANEL_HEADER] == "1"


def test_a_query_over_the_cap_is_a_form_error_not_a_refused_address(
    client: Client, statute_index: Path
) -> None:
    body = api_error(client.get("/api/statute_search", {"q": "a" * (MAX_QUERY_CHARS + 1)}), 400)
    assert f"at most {MAX_QUERY_CHARS} characters" in body["note"]


def test_the_longest_query_of_any_script_fits_the_portals_address_limit() -> None:
    """A search page's address with the longest query of the widest characters and every
    statute filter set stays within the portal's limit, which gunicorn lets through."""
    params = {"q": WIDEST * MAX_QUERY_CHARS, "jurisdiction": "wa,us,ks", "source": "cfr",
              "title": "1024", "chapter": "1024-17", "limit": "50", "offset": "1000"}  # fmt: skip
    address = "/statutes/?" + urlencode(params)
    assert len(address) <= settings.PORTAL_MAX_URL_BYTES
    gunicorn = runpy.run_path(str(BASE_DIR / "portal" / "gunicorn.conf.py"))
    request_line = len(f"GET {'x' * settings.PORTAL_MAX_URL_BYTES} HTTP/1.1")
    assert request_line <= gunicorn["limit_request_line"]


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("secret internals")


urlpatterns = [path("boom/", boom)]
handler500 = "portal.errors.server_error"


@override_settings(ROOT_URLCONF=__name__)
def test_a_server_error_in_an_htmx_search_is_a_panel_without_details() -> None:
    client = Client(raise_request_exception=False)
    response = client.get("/boom/", **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 500 and response[PANEL_HEADER] == "1"
    assert b"secret internals" not in response.content and b"Traceback" not in response.content
