"""Researchers sign in (not only staff) to keep research runs; the sign-in shares the lockout."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"


@pytest.fixture
def researcher(django_user_model: object) -> object:
    return django_user_model.objects.create_user("reader", password="correct-horse")  # type: ignore[attr-defined]


def test_a_researcher_who_is_not_staff_signs_in_and_reaches_runs(researcher: object) -> None:
    client = Client()
    assert client.get("/runs/")["Location"].startswith(LOGIN)
    response = client.post(LOGIN, {"username": "reader", "password": "correct-horse"})
    assert response.status_code == 302 and response["Location"] == "/runs/"
    page = client.get("/runs/")
    assert page.status_code == 200
    assert "Sign out reader" in page.content.decode()


def test_wrong_password_shows_a_form_error(researcher: object) -> None:
    response = Client().post(LOGIN, {"username": "reader", "password": "nope"})
    assert response.status_code == 200
    assert "do not match an active account" in response.content.decode()


def test_failed_sign_ins_here_count_toward_the_lockout(
    researcher: object, settings: object
) -> None:
    settings.AXES_FAILURE_LIMIT = 2  # type: ignore[attr-defined]
    client = Client()
    assert client.post(LOGIN, {"username": "reader", "password": "nope"}).status_code == 200
    assert client.post(LOGIN, {"username": "reader", "password": "nope"}).status_code == 429
    locked = client.post(LOGIN, {"username": "reader", "password": "correct-horse"})
    assert locked.status_code == 429


def test_anonymous_pages_offer_sign_in() -> None:
    html = Client().get("/").content.decode()
    assert f'href="{LOGIN}"' in html


def test_sign_out_needs_post_and_ends_the_session(researcher: object) -> None:
    client = Client()
    client.force_login(researcher)  # type: ignore[arg-type]
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/runs/").status_code == 302
