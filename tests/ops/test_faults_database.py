"""Database faults: locked, unreachable or failing queries give a clear page, never a traceback."""

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.http import HttpRequest, HttpResponse
from django.test import Client, override_settings
from django.urls import path

BASE_DIR = Path(__file__).resolve().parents[2]
LEAKS = (b"Traceback", b"OperationalError", b'File "/', b"database is locked")


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("secret internals: /etc/passwd")


def db_boom(request: HttpRequest) -> HttpResponse:
    raise OperationalError("could not connect to server: Connection refused")


# A URLconf of views that fail, with the portal's own error handler.
urlpatterns = [path("boom/", boom), path("api/boom", boom), path("api/db", db_boom)]
handler500 = "portal.errors.server_error"


@contextmanager
def database_locked() -> Iterator[None]:
    """Every query fails the way SQLite fails after waiting out its busy timeout."""

    def locked(execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        raise OperationalError("database is locked")

    with connection.execute_wrapper(locked):
        yield


def assert_no_leak(content: bytes) -> None:
    for leak in LEAKS:
        assert leak not in content, leak


@pytest.mark.django_db
def test_locked_database_gives_the_503_page() -> None:
    client = Client(raise_request_exception=False)
    with database_locked():
        response = client.get("/")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert b"temporarily unavailable" in response.content
    assert b"not with\n      your request" in response.content
    assert_no_leak(response.content)


@pytest.mark.django_db
def test_locked_database_in_the_admin_gives_the_503_page(django_user_model: object) -> None:
    client = Client(raise_request_exception=False)
    user = django_user_model.objects.create_superuser("boss", password=None)  # type: ignore[attr-defined]
    client.force_login(user)
    with database_locked():
        response = client.get("/admin/search/indexbuild/")
    assert response.status_code == 503
    assert_no_leak(response.content)


@override_settings(ROOT_URLCONF=__name__)
def test_unexpected_error_gives_the_500_page_without_details() -> None:
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    assert b"Something went wrong on our side" in response.content
    assert b"secret internals" not in response.content
    assert_no_leak(response.content)


@override_settings(ROOT_URLCONF=__name__)
def test_unexpected_api_error_is_json_with_both_notes() -> None:
    response = Client(raise_request_exception=False).get("/api/boom")
    assert response.status_code == 500
    body = response.json()
    assert body["error"] == "server_error"
    assert body["note"] and body["coverage_note"]
    assert "secret internals" not in json.dumps(body)


@override_settings(ROOT_URLCONF=__name__)
def test_api_database_outage_is_a_json_503_with_both_notes() -> None:
    response = Client(raise_request_exception=False).get("/api/db")
    assert response.status_code == 503
    body = response.json()
    assert body["error"] == "database_unavailable"
    assert "retry in 30 seconds" in body["note"]
    assert body["coverage_note"]
    assert "Connection refused" not in json.dumps(body)


UNREACHABLE = """
import django, json
django.setup()
from django.test import Client
client = Client(raise_request_exception=False)
page = client.get("/")
print(json.dumps({"status": page.status_code, "body": page.content.decode()}))
"""


def test_unreachable_database_server_gives_the_503_page(tmp_path: Path) -> None:
    """A real connection failure: PostgreSQL named on a port where nothing listens."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(
        DJANGO_SETTINGS_MODULE="portal.settings",
        DATABASE_URL="postgres://nobody:nothing@127.0.0.1:9/portal",
        PORTAL_INDEX_DIR=str(tmp_path / "indexes"),
    )
    result = subprocess.run(
        [sys.executable, "-c", UNREACHABLE],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["status"] == 503
    assert "temporarily unavailable" in seen["body"]
    assert "Traceback" not in seen["body"]
    assert "127.0.0.1" not in seen["body"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/statutes/wa%00x/", "/papers/%00/", "/statutes/%00/"])
def test_nul_in_a_path_is_not_found_on_every_database(path: str) -> None:
    """PostgreSQL refuses NUL in text: such an id must be a 404, not a failed query."""
    response = Client(raise_request_exception=False).get(path)
    assert response.status_code == 404
