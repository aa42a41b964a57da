"""The sign-in lockout (django-axes): failed sign-ins per client address, on both sign-in pages.

Attempts are rows in the database; each test runs in a rolled-back transaction, so no count
survives into another test. The limits are set per test through django-axes' own settings,
which PORTAL_LOGIN_FAILURE_LIMIT and PORTAL_LOGIN_LOCKOUT_SECONDS fill in.
"""

import io
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.core.cache import cache
from django.core.management import call_command
from django.db.models import F
from django.http import HttpResponse
from django.test import Client
from pytest_django.fixtures import Settings as SettingsWrapper

pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/"
RESEARCHER_LOGIN = "/accounts/login/"
RIGHT = {"username": "staffer", "password": "right-password"}
WRONG = {"username": "staffer", "password": "wrong"}


def sign_in(client: Client, form: dict[str, str], path: str = LOGIN, **extra: str) -> HttpResponse:
    return client.post(path, form, **extra)


@pytest.fixture(autouse=True)
def fast_hashing(settings: SettingsWrapper) -> None:
    """Sign-in attempts hash passwords; the production hasher is slow by design."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def staffer(django_user_model: object) -> object:
    return django_user_model.objects.create_user(  # type: ignore[attr-defined]
        "staffer", password="right-password", is_staff=True
    )


def test_admin_sign_in_locks_out_at_the_limit(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    settings.AXES_FAILURE_LIMIT = 3
    for _ in range(2):
        response = sign_in(client, WRONG)
        assert response.status_code == 200
        assert b"Please enter the correct username and password" in response.content
    locked = sign_in(client, WRONG)
    assert locked.status_code == 429
    assert b"Too many failed sign-in attempts" in locked.content
    assert int(locked["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    # Even the right password is refused while locked out: guessing cannot go on.
    right = sign_in(client, RIGHT)
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session


def test_both_sign_in_pages_share_one_count(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    settings.AXES_FAILURE_LIMIT = 2
    assert sign_in(client, WRONG, RESEARCHER_LOGIN).status_code == 200
    assert sign_in(client, WRONG, LOGIN).status_code == 429
    assert sign_in(client, RIGHT, RESEARCHER_LOGIN).status_code == 429


def test_lockout_is_per_address(client: Client, settings: SettingsWrapper, staffer: object) -> None:
    settings.AXES_FAILURE_LIMIT = 2
    sign_in(client, WRONG, REMOTE_ADDR="10.0.0.1")
    assert sign_in(client, WRONG, REMOTE_ADDR="10.0.0.1").status_code == 429
    other = sign_in(client, {**RIGHT, "next": "/admin/"}, REMOTE_ADDR="10.0.0.2")
    assert other.status_code == 302


def test_behind_a_proxy_the_lockout_follows_the_last_forwarded_address(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    settings.AXES_FAILURE_LIMIT = 1
    settings.PORTAL_BEHIND_PROXY = True
    # The client may forge the first entry; our proxy appends the address it really saw.
    assert sign_in(client, WRONG, HTTP_X_FORWARDED_FOR="1.1.1.1, 203.0.113.5").status_code == 429
    assert sign_in(client, RIGHT, HTTP_X_FORWARDED_FOR="9.9.9.9, 203.0.113.5").status_code == 429
    assert sign_in(client, RIGHT, HTTP_X_FORWARDED_FOR="1.1.1.1, 203.0.113.6").status_code == 302


def test_successful_sign_ins_do_not_count(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    settings.AXES_FAILURE_LIMIT = 2
    for _ in range(3):
        assert sign_in(client, RIGHT).status_code == 302
        client.logout()


def test_a_success_does_not_clear_earlier_failures(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    """One valid account must not launder guesses at others from the same address."""
    settings.AXES_FAILURE_LIMIT = 2
    sign_in(client, WRONG)
    assert sign_in(client, RIGHT).status_code == 302
    client.logout()
    assert sign_in(client, WRONG).status_code == 429


def test_the_lockout_ends_once_the_cool_off_has_passed(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    settings.AXES_FAILURE_LIMIT = 1
    assert sign_in(client, WRONG).status_code == 429
    just_inside = settings.AXES_COOLOFF_TIME - timedelta(seconds=5)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - just_inside)
    assert sign_in(client, RIGHT).status_code == 429
    # That refused attempt started the wait again; once all of it has passed, sign-in works.
    AccessAttempt.objects.update(
        attempt_time=F("attempt_time") - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    )
    assert sign_in(client, RIGHT).status_code == 302


def test_the_sign_in_form_itself_stays_reachable_while_locked(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    """Only attempts are refused; the page (GET) still explains itself."""
    settings.AXES_FAILURE_LIMIT = 1
    assert sign_in(client, WRONG).status_code == 429
    assert client.get(LOGIN).status_code == 200


def test_sign_in_does_not_depend_on_the_cache(
    client: Client, staffer: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attempts are kept in the database, so a broken cache blocks no sign-in."""

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("cache down")

    for method in ("add", "get", "set", "incr"):
        monkeypatch.setattr(cache, method, boom)
    assert sign_in(client, WRONG).status_code == 200
    assert sign_in(client, RIGHT).status_code == 302


def test_staff_see_locked_out_addresses_in_the_admin(
    client: Client, settings: SettingsWrapper, django_user_model: object
) -> None:
    settings.AXES_FAILURE_LIMIT = 1
    assert sign_in(client, WRONG, REMOTE_ADDR="10.0.0.7").status_code == 429
    boss = django_user_model.objects.create_superuser("boss", password="pw")  # type: ignore[attr-defined]
    client.force_login(boss)
    page = client.get("/admin/axes/accessattempt/")
    assert page.status_code == 200
    assert "10.0.0.7" in page.content.decode()
    assert client.get("/admin/axes/accesslog/").status_code == 404  # not kept, not listed


def test_the_reset_command_lifts_a_lockout(
    client: Client, settings: SettingsWrapper, staffer: object
) -> None:
    settings.AXES_FAILURE_LIMIT = 1
    assert sign_in(client, WRONG, REMOTE_ADDR="10.0.0.8").status_code == 429
    call_command("axes_reset_ip", "10.0.0.8", stdout=io.StringIO())
    assert sign_in(client, RIGHT, REMOTE_ADDR="10.0.0.8").status_code == 302


def test_a_lockout_is_logged_with_the_address_but_not_the_username(
    client: Client, settings: SettingsWrapper, staffer: object, caplog: pytest.LogCaptureFixture
) -> None:
    settings.AXES_FAILURE_LIMIT = 1
    with caplog.at_level("WARNING", logger="axes"):
        sign_in(client, WRONG, REMOTE_ADDR="10.0.0.5")
    lockout = [r.getMessage() for r in caplog.records if "Locking out" in r.getMessage()]
    assert lockout and "10.0.0.5" in lockout[0] and "staffer" not in lockout[0]
