"""Whether a writing request came from another site (research run history, MCP)."""

from typing import Any

from django.test import RequestFactory

from search.views.same_origin import is_cross_site, is_own_origin

factory = RequestFactory()


def test_fetch_metadata_decides_when_the_browser_sends_it() -> None:
    assert not is_cross_site(factory.get("/", HTTP_SEC_FETCH_SITE="same-origin"))
    assert not is_cross_site(factory.get("/", HTTP_SEC_FETCH_SITE="none"))
    assert is_cross_site(factory.get("/", HTTP_SEC_FETCH_SITE="cross-site"))
    assert is_cross_site(factory.get("/", HTTP_SEC_FETCH_SITE="same-site"))


def test_without_fetch_metadata_the_origin_decides(settings: Any) -> None:
    settings.CSRF_TRUSTED_ORIGINS = ["https://portal.example.org"]
    assert not is_cross_site(factory.get("/"))  # not a browser
    assert not is_cross_site(factory.get("/", HTTP_ORIGIN="http://testserver"))
    # The public address behind a proxy counts as ours, as it does for the MCP endpoint.
    assert not is_cross_site(factory.get("/", HTTP_ORIGIN="https://portal.example.org"))
    assert is_cross_site(factory.get("/", HTTP_ORIGIN="https://evil.example"))
    assert not is_own_origin(factory.get("/"), "http://testserver:8080")
