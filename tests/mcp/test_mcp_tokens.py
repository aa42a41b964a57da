"""API tokens: stored hashed, issued once and revoked by staff in the admin, checked on every
request, and counted by the rate limit like a client address."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django.fixtures import Settings as SettingsWrapper

from search.models import ApiToken
from search.ops.api_tokens import TokenRejected, revoke, token_hash, user_for_secret
from tests.token_support import issue_token

pytestmark = pytest.mark.django_db

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    },
}
MCP_HEADERS = {"HTTP_ACCEPT": "application/json, text/event-stream"}


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice", password=None)  # no hashing: it is slow


@pytest.fixture
def staff(client: Client) -> Client:
    client.force_login(User.objects.create_superuser("boss", password=None))
    return client


def post_mcp(client: Client, body: object, **headers: str) -> tuple[int, dict]:
    response = client.post("/mcp", body, content_type="application/json", **MCP_HEADERS, **headers)
    return response.status_code, response.json() if response.content else {}


def test_only_the_hash_is_stored_and_the_secret_finds_its_owner(alice: User) -> None:
    issued = issue_token(alice, " laptop ")
    stored = ApiToken.objects.get()
    assert issued.secret.startswith("lps_") and len(issued.secret) > 40
    assert stored.token_hash == token_hash(issued.secret) != issued.secret
    assert issued.secret not in (stored.prefix + stored.name)
    assert issued.secret.startswith(stored.prefix) and stored.name == "laptop"
    assert user_for_secret(issued.secret) == alice
    stored.refresh_from_db()
    assert stored.last_used is not None


def test_revoked_unknown_and_inactive_tokens_are_rejected(alice: User) -> None:
    issued = issue_token(alice, "one")
    with pytest.raises(TokenRejected):
        user_for_secret(issued.secret + "x")
    revoke(issued.token)
    with pytest.raises(TokenRejected):
        user_for_secret(issued.secret)
    other = issue_token(alice, "two")
    alice.is_active = False
    alice.save()
    with pytest.raises(TokenRejected):
        user_for_secret(other.secret)


def test_admin_issues_a_token_and_shows_its_secret_once(staff: Client, alice: User) -> None:
    response = staff.post("/admin/search/apitoken/add/", {"owner": alice.pk, "name": "assistant"})
    assert response.status_code == 200
    token = ApiToken.objects.get()
    page = response.content.decode()
    secret = re.search(r'id="issued-secret"[^>]* value="([^"]+)"', page)[1]  # type: ignore[index]
    assert token_hash(secret) == token.token_hash and token.owner == alice
    assert "not stored" in page and "no-store" in response["Cache-Control"]
    change = staff.get(f"/admin/search/apitoken/{token.pk}/change/").content.decode()
    assert secret not in change and token.prefix in change
    assert user_for_secret(secret) == alice


def test_admin_revokes_tokens(staff: Client, alice: User) -> None:
    issued = issue_token(alice, "old")
    response = staff.post(
        "/admin/search/apitoken/",
        {"action": "revoke_tokens", "_selected_action": [issued.token.pk]},
        follow=True,
    )
    assert "Revoked 1 token." in response.content.decode()
    issued.token.refresh_from_db()
    assert issued.token.revoked and issued.token.revoked_at is not None
    with pytest.raises(TokenRejected):
        user_for_secret(issued.secret)


def test_only_staff_reach_the_token_admin(client: Client, alice: User) -> None:
    client.force_login(alice)
    assert client.get("/admin/search/apitoken/").status_code == 302  # to the admin sign-in


def test_a_rejected_token_is_a_401_with_both_notes(client: Client) -> None:
    response = client.post(
        "/mcp", INITIALIZE, content_type="application/json", **MCP_HEADERS,
        HTTP_AUTHORIZATION="Bearer lps_not-a-token",
    )  # fmt: skip
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Bearer error="invalid_token"'
    error = response.json()["error"]
    assert error["data"]["error"] == "invalid_token"
    assert error["data"]["note"] and error["data"]["coverage_note"]


def test_the_limit_counts_a_token_across_addresses(
    client: Client, settings: SettingsWrapper, alice: User
) -> None:
    settings.PORTAL_API_RATE_LIMIT = 2
    secret = issue_token(alice, "shared").secret
    auth = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    for n in range(2):
        status, _ = post_mcp(client, INITIALIZE, REMOTE_ADDR=f"10.1.0.{n}", **auth)
        assert status == 200
    status, body = post_mcp(client, INITIALIZE, REMOTE_ADDR="10.1.0.9", **auth)
    assert status == 429
    data = body["error"]["data"]
    assert data["error"] == "rate_limited" and "your API token" in data["note"]
    assert data["coverage_note"] and data["retry_after_seconds"] > 0
    # Another address without the token is counted on its own.
    assert post_mcp(client, INITIALIZE, REMOTE_ADDR="10.1.0.10")[0] == 200


def test_the_limit_counts_an_address_across_tokens(
    client: Client, settings: SettingsWrapper, alice: User
) -> None:
    settings.PORTAL_API_RATE_LIMIT = 2
    for n in range(2):
        secret = issue_token(alice, f"t{n}").secret
        assert post_mcp(client, INITIALIZE, HTTP_AUTHORIZATION=f"Bearer {secret}")[0] == 200
    secret = issue_token(alice, "t3").secret
    status, body = post_mcp(client, INITIALIZE, HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert status == 429 and "your address" in body["error"]["data"]["note"]
