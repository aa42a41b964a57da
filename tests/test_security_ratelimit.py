"""Rate limits: API requests per client address, admin sign-in lockout, the sliding window.

Counters live in the database cache; each test runs in a rolled-back transaction, so no count
survives into another test.
"""

import pytest
from django.core.cache import cache
from django.test import Client
from pytest_django.fixtures import Settings as SettingsWrapper

from search.ratelimit import check

pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/"
API = "/api/no-such-endpoint"  # every /api/ path counts, answered or not


def failed_login(client: Client, **extra: str) -> object:
    return client.post(LOGIN, {"username": "staffer", "password": "wrong"}, **extra)


@pytest.fixture(autouse=True)
def fast_hashing(settings: SettingsWrapper) -> None:
    """Sign-in attempts hash passwords; the production hasher is slow by design."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def staffer(django_user_model: object) -> object:
    return django_user_model.objects.create_user(  # type: ignore[attr-defined]
        "staffer", password="right-password", is_staff=True
    )


# --- the sliding window -----------------------------------------------------------------------


def test_window_allows_the_limit_then_refuses() -> None:
    now = 60 * 16_667.0 + 20  # 20 s into a 60 s window
    verdicts = [check("t", "1.2.3.4", 3, 60, add=True, now=now) for _ in range(4)]
    assert [v.allowed for v in verdicts] == [True, True, True, False]
    assert verdicts[-1].retry_after > 0


def test_previous_window_counts_in_proportion_to_its_overlap() -> None:
    start = 60 * 16_667.0  # a window boundary
    for _ in range(4):
        check("t", "ip", 4, 60, add=True, now=start + 59)
    # 15 s into the next window, 3/4 of the previous window's 4 events still count.
    assert check("t", "ip", 4, 60, add=False, now=start + 75).count == pytest.approx(3)
    # 45 s in, only a quarter does, so a new event fits.
    assert check("t", "ip", 4, 60, add=True, now=start + 105).allowed


def test_clients_are_counted_apart() -> None:
    now = 1_000_000.0
    for _ in range(2):
        check("t", "a", 2, 60, add=True, now=now)
    assert not check("t", "a", 2, 60, add=True, now=now).allowed
    assert check("t", "b", 2, 60, add=True, now=now).allowed


def test_a_broken_cache_lets_requests_through(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("cache down")

    monkeypatch.setattr(cache, "add", boom)
    assert check("t", "ip", 1, 60, add=True).allowed


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
    assert "3 API requests per minute" in body["note"]
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


# --- the admin sign-in ------------------------------------------------------------------------


def test_admin_sign_in_locks_out_after_repeated_failures(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    settings.PORTAL_LOGIN_FAILURE_LIMIT = 3
    for _ in range(3):
        response = failed_login(client)
        assert response.status_code == 200
        assert b"Please enter the correct username and password" in response.content
    locked = failed_login(client)
    assert locked.status_code == 429
    assert b"Too many failed sign-in attempts" in locked.content
    assert int(locked["Retry-After"]) > 0
    # Even the right password is refused while locked out: guessing cannot go on.
    right = client.post(LOGIN, {"username": "staffer", "password": "right-password"})
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session


def test_lockout_is_per_address(client: Client, settings: SettingsWrapper, staffer: object) -> None:
    settings.PORTAL_LOGIN_FAILURE_LIMIT = 2
    for _ in range(2):
        failed_login(client, REMOTE_ADDR="10.0.0.1")
    assert failed_login(client, REMOTE_ADDR="10.0.0.1").status_code == 429
    other = client.post(
        LOGIN,
        {"username": "staffer", "password": "right-password", "next": "/admin/"},
        REMOTE_ADDR="10.0.0.2",
    )
    assert other.status_code == 302


def test_successful_sign_ins_do_not_count(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    settings.PORTAL_LOGIN_FAILURE_LIMIT = 2
    for _ in range(3):
        ok = client.post(LOGIN, {"username": "staffer", "password": "right-password"})
        assert ok.status_code == 302
        client.logout()


def test_the_sign_in_form_itself_stays_reachable_while_locked(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    """Only attempts are refused; the page (GET) still explains itself."""
    settings.PORTAL_LOGIN_FAILURE_LIMIT = 1
    failed_login(client)
    assert failed_login(client).status_code == 429
    assert client.get(LOGIN).status_code == 200
