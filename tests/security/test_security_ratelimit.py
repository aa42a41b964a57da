"""The API rate limit: requests per client address, the sliding window, the JSON 429.

Counters live in the database cache; each test runs in a rolled-back transaction, so no count
survives into another test. The sign-in lockout is tests/security/test_security_signin_lockout.py.
"""

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory
from pytest_django.fixtures import Settings as SettingsWrapper

from search.answers.same_origin import client_address
from search.web.ratelimit import check

pytestmark = pytest.mark.django_db

API = "/api/no-such-endpoint"  # every /api/ path counts, answered or not


# --- the sliding window -----------------------------------------------------------------------


def test_window_allows_the_limit_then_refuses() -> None:
    now = 60 * 16_667.0 + 20  # 20 s into a 60 s window
    verdicts = [check("1.2.3.4", 3, 60, now=now) for _ in range(4)]
    assert [v.allowed for v in verdicts] == [True, True, True, False]
    assert verdicts[-1].retry_after > 0


def test_previous_window_counts_in_proportion_to_its_overlap() -> None:
    start = 60 * 16_667.0  # a window boundary
    for _ in range(4):
        check("ip", 4, 60, now=start + 59)
    # 15 s into the next window, 3/4 of the previous window's 4 requests still count: one
    # more fits, a second does not.
    fits = check("ip", 4, 60, now=start + 75)
    assert fits.allowed and fits.count == pytest.approx(1 + 3)
    assert not check("ip", 4, 60, now=start + 75).allowed
    # 45 s in, only a quarter does (1), so with this window's 2 another request fits.
    assert check("ip", 4, 60, now=start + 105).allowed


def test_clients_are_counted_apart() -> None:
    now = 1_000_000.0
    for _ in range(2):
        check("a", 2, 60, now=now)
    assert not check("a", 2, 60, now=now).allowed
    assert check("b", 2, 60, now=now).allowed


def test_a_broken_cache_lets_requests_through(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("cache down")

    monkeypatch.setattr(cache, "add", boom)
    assert check("ip", 1, 60).allowed


# --- the API ----------------------------------------------------------------------------------


def test_api_answers_429_with_note_and_coverage_note_past_the_limit(
    client: Client, settings: SettingsWrapper
) -> None:
    settings.PORTAL_API_RATE_LIMIT = 3
    statuses = [client.get(API).status_code for _ in range(3)]
    assert 429 not in statuses
    response = client.get(API)
    assert response.status_code == 429
    body = response.json()
    assert body["error"] == "rate_limited"
    assert body["limit_per_minute"] == 3
    assert "3 API and MCP requests per minute" in body["note"]
    assert body["coverage_note"]
    assert int(response["Retry-After"]) == body["retry_after_seconds"] > 0


def test_a_real_search_endpoint_is_limited_too(client: Client, settings: SettingsWrapper) -> None:
    settings.PORTAL_API_RATE_LIMIT = 2
    assert [client.get("/api/sources").status_code for _ in range(2)] == [200, 200]
    limited = client.get("/api/statute_search", {"q": "landlord"})
    assert limited.status_code == 429
    assert limited.json()["note"].startswith("Too many requests")


def test_api_limit_is_per_client_address(client: Client, settings: SettingsWrapper) -> None:
    settings.PORTAL_API_RATE_LIMIT = 1
    client.get(API, REMOTE_ADDR="10.0.0.1")
    assert client.get(API, REMOTE_ADDR="10.0.0.1").status_code == 429
    assert client.get(API, REMOTE_ADDR="10.0.0.2").status_code != 429


def test_pages_are_not_api_limited(client: Client, settings: SettingsWrapper) -> None:
    settings.PORTAL_API_RATE_LIMIT = 1
    assert all(client.get("/healthz").status_code != 429 for _ in range(3))


def test_zero_turns_the_api_limit_off(client: Client, settings: SettingsWrapper) -> None:
    settings.PORTAL_API_RATE_LIMIT = 0
    assert all(client.get(API).status_code != 429 for _ in range(5))


def test_behind_a_proxy_the_last_forwarded_address_is_the_client(
    client: Client, settings: SettingsWrapper
) -> None:
    settings.PORTAL_API_RATE_LIMIT = 1
    settings.PORTAL_BEHIND_PROXY = True
    # The client may forge the first entry; our proxy appends the address it really saw.
    client.get(API, HTTP_X_FORWARDED_FOR="1.1.1.1, 203.0.113.5")
    assert client.get(API, HTTP_X_FORWARDED_FOR="9.9.9.9, 203.0.113.5").status_code == 429
    assert client.get(API, HTTP_X_FORWARDED_FOR="1.1.1.1, 203.0.113.6").status_code != 429


def test_without_a_proxy_forwarded_headers_are_ignored(
    client: Client, settings: SettingsWrapper
) -> None:
    settings.PORTAL_API_RATE_LIMIT = 1
    client.get(API, HTTP_X_FORWARDED_FOR="1.1.1.1")
    assert client.get(API, HTTP_X_FORWARDED_FOR="2.2.2.2").status_code == 429


def test_a_forwarded_entry_that_is_not_an_address_is_ignored(
    rf: RequestFactory, settings: SettingsWrapper
) -> None:
    settings.PORTAL_BEHIND_PROXY = True
    request = rf.get("/", HTTP_X_FORWARDED_FOR="1.1.1.1, <script>", REMOTE_ADDR="10.0.0.9")
    assert client_address(request) == "10.0.0.9"
