"""Whether a writing GET proves that this site sent it (research run history, MCP origin)."""

from typing import Any

from django.test import RequestFactory

from search.answers.same_origin import has_same_origin_proof, is_own_origin

factory = RequestFactory()


def proof(**headers: str) -> bool:
    return has_same_origin_proof(factory.get("/", **headers))


def test_fetch_metadata_proves_only_our_own_origin() -> None:
    assert proof(HTTP_SEC_FETCH_SITE="same-origin")
    assert not proof(HTTP_SEC_FETCH_SITE="cross-site")
    assert not proof(HTTP_SEC_FETCH_SITE="same-site")
    # Typed or bookmarked: the browser made no claim about who sent it.
    assert not proof(HTTP_SEC_FETCH_SITE="none")


def test_another_sites_origin_is_never_proof() -> None:
    assert not proof(HTTP_SEC_FETCH_SITE="none", HTTP_ORIGIN="https://evil.example")
    assert not proof(HTTP_SEC_FETCH_SITE="same-origin", HTTP_ORIGIN="https://evil.example")


def test_a_referer_alone_proves_nothing() -> None:
    assert not proof(HTTP_REFERER="https://evil.example/page")
    assert not proof(HTTP_REFERER="http://testserver/papers/")
    assert not proof()  # not a browser: such callers write with an API token


def test_without_fetch_metadata_our_origin_is_proof(settings: Any) -> None:
    settings.CSRF_TRUSTED_ORIGINS = ["https://portal.example.org"]
    assert proof(HTTP_ORIGIN="http://testserver")
    # The public address behind a proxy counts as ours, as it does for the MCP endpoint.
    assert proof(HTTP_ORIGIN="https://portal.example.org")
    assert not proof(HTTP_ORIGIN="https://evil.example")
    assert not is_own_origin(factory.get("/"), "http://testserver:8080")
