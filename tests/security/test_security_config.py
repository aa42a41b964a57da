"""Production configuration: deploy checks, required secret, defaults and security headers.

Settings are read once per process, so production settings are exercised in a subprocess
with the production environment, exactly as gunicorn would load them.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.templatetags.static import static
from django.test import Client

BASE_DIR = Path(__file__).resolve().parents[2]
SECRET = "test-secret-key-" + "x" * 50
# Variables that would change what the subprocess sees; each test sets what it needs.
PORTAL_VARS_CLEARED = (
    "PORTAL_PRODUCTION",
    "PORTAL_SECRET_KEY",
    "PORTAL_DEBUG",
    "PORTAL_SSL_REDIRECT",
    "PORTAL_BEHIND_PROXY",
    "PORTAL_HSTS_SECONDS",
    # Set for this test process by the browser tests (Playwright runs an event loop); a
    # deployment never has it, and `check --deploy` rightly rejects it.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "PORTAL_API_RATE_LIMIT",
    "PORTAL_LOGIN_FAILURE_LIMIT",
    "PORTAL_LOGIN_LOCKOUT_SECONDS",
    "DATABASE_URL",
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # set by the browser tests' conftest; deploy checks refuse it
)


def run_python(code: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run `code` with the portal's settings under a clean environment plus `env`."""
    clean = {k: v for k, v in os.environ.items() if k not in PORTAL_VARS_CLEARED}
    clean.update(
        DJANGO_SETTINGS_MODULE="portal.settings",
        PORTAL_SQLITE_PATH=str(tmp_path / "db.sqlite3"),
        PORTAL_INDEX_DIR=str(tmp_path / "indexes"),
        **env,
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def run_manage(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    code = f"import sys; from django.core.management import execute_from_command_line; execute_from_command_line(['manage.py', *{args!r}])"  # noqa: E501
    return run_python(code, tmp_path, **env)


SETTINGS_DUMP = """
import json, django
django.setup()
from django.conf import settings as s
print(json.dumps({
    "DEBUG": s.DEBUG,
    "SESSION_COOKIE_SECURE": s.SESSION_COOKIE_SECURE,
    "CSRF_COOKIE_SECURE": s.CSRF_COOKIE_SECURE,
    "SECURE_SSL_REDIRECT": s.SECURE_SSL_REDIRECT,
    "SECURE_HSTS_SECONDS": s.SECURE_HSTS_SECONDS,
    "SECURE_PROXY_SSL_HEADER": s.SECURE_PROXY_SSL_HEADER,
    "PORTAL_API_RATE_LIMIT": s.PORTAL_API_RATE_LIMIT,
    "CACHE_BACKEND": s.CACHES["default"]["BACKEND"],
    "AXES_FAILURE_LIMIT": s.AXES_FAILURE_LIMIT,
    "AXES_COOLOFF_SECONDS": s.AXES_COOLOFF_TIME.total_seconds(),
}))
"""


def settings_under(tmp_path: Path, **env: str) -> dict[str, object]:
    result = run_python(SETTINGS_DUMP, tmp_path, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


# --- settings ---------------------------------------------------------------------------------


def test_check_deploy_is_clean_under_production_settings(tmp_path: Path) -> None:
    result = run_manage(
        ["check", "--deploy", "--fail-level", "WARNING"],
        tmp_path,
        PORTAL_PRODUCTION="1",
        PORTAL_SECRET_KEY=SECRET,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_flags_the_development_settings(tmp_path: Path) -> None:
    """The deploy check is not vacuous: without the production switch it does complain."""
    result = run_manage(["check", "--deploy", "--fail-level", "WARNING"], tmp_path)
    assert result.returncode != 0
    assert "security.W004" in result.stderr + result.stdout  # no HSTS


def test_production_refuses_to_start_without_a_secret_key(tmp_path: Path) -> None:
    result = run_python("import django; django.setup()", tmp_path, PORTAL_PRODUCTION="1")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "PORTAL_SECRET_KEY must be set" in result.stderr


def test_debug_is_off_by_default(tmp_path: Path) -> None:
    assert settings_under(tmp_path)["DEBUG"] is False


def test_production_turns_on_secure_cookies_hsts_ssl_redirect_and_api_limits(
    tmp_path: Path,
) -> None:
    values = settings_under(tmp_path, PORTAL_PRODUCTION="1", PORTAL_SECRET_KEY=SECRET)
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SECURE_HSTS_SECONDS"] == 31536000
    assert values["SECURE_PROXY_SSL_HEADER"] is None
    assert values["PORTAL_API_RATE_LIMIT"] == 120
    assert values["CACHE_BACKEND"].endswith("DatabaseCache")


def test_ssl_redirect_can_be_left_to_the_proxy_that_sets_the_scheme_header(
    tmp_path: Path,
) -> None:
    values = settings_under(
        tmp_path,
        PORTAL_PRODUCTION="1",
        PORTAL_SECRET_KEY=SECRET,
        PORTAL_SSL_REDIRECT="0",
        PORTAL_BEHIND_PROXY="1",
    )
    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_development_has_no_secure_only_cookies_and_no_api_limit(tmp_path: Path) -> None:
    values = settings_under(tmp_path)
    assert values["SESSION_COOKIE_SECURE"] is False
    assert values["SECURE_HSTS_SECONDS"] == 0
    assert values["PORTAL_API_RATE_LIMIT"] == 0


def test_sign_in_lockout_is_set_from_the_portal_variables(tmp_path: Path) -> None:
    assert settings_under(tmp_path)["AXES_FAILURE_LIMIT"] == 5
    values = settings_under(
        tmp_path, PORTAL_LOGIN_FAILURE_LIMIT="7", PORTAL_LOGIN_LOCKOUT_SECONDS="60"
    )
    assert (values["AXES_FAILURE_LIMIT"], values["AXES_COOLOFF_SECONDS"]) == (7, 60)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("PORTAL_API_RATE_LIMIT", "lots", "is not a whole number"),
        ("PORTAL_LOGIN_FAILURE_LIMIT", "0", "below the minimum"),
        ("PORTAL_CACHE", "redis", "is not one of"),
        ("PORTAL_PRODUCTION", "maybe", "is not a yes/no value"),
    ],
)
def test_bad_security_settings_stop_start_up(
    tmp_path: Path, name: str, value: str, message: str
) -> None:
    result = run_python("import django; django.setup()", tmp_path, **{name: value})
    assert result.returncode != 0
    assert message in result.stderr


PRODUCTION_REQUESTS = """
import django, json
django.setup()
from django.test import Client
client = Client()
plain = client.get("/healthz")
secure = client.get("/healthz", secure=True)
print(json.dumps({
    "plain_status": plain.status_code,
    "plain_location": plain.get("Location"),
    "hsts": secure.get("Strict-Transport-Security"),
    "secure_status": secure.status_code,
}))
"""


def test_production_redirects_to_https_and_sends_hsts(tmp_path: Path) -> None:
    result = run_python(
        PRODUCTION_REQUESTS, tmp_path, PORTAL_PRODUCTION="1", PORTAL_SECRET_KEY=SECRET
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["plain_status"] == 301
    assert seen["plain_location"] == "https://testserver/healthz"
    assert seen["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert seen["secure_status"] in (200, 503)  # 503: no index built in this empty root


# --- headers on every response ----------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/", "/healthz", "/admin/login/", "static:favicon.svg", "/static/favicon.svg"]
)
def test_security_headers_on_responses(client: Client, path: str) -> None:
    """Pages, the API and static files (served by whitenoise) alike."""
    if path.startswith("static:"):
        path = static(path.removeprefix("static:"))  # the hashed name pages link
    response = client.get(path)
    assert response.status_code in (200, 503), path  # 503: /healthz with no index built
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    csp = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    assert csp["default-src"] == "'self'"
    assert csp["script-src"] == "'self'"  # no 'unsafe-inline', no CDN
    assert csp["object-src"] == "'none'"
    assert csp["frame-ancestors"] == "'none'"


@pytest.mark.django_db
def test_pages_carry_no_inline_script_or_event_handler(client: Client) -> None:
    """The CSP forbids inline scripts, so none may be needed: every script has a `src`."""
    html = client.get("/").content.decode()
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts, "the page loads its scripts"
    assert all("src=" in tag for tag in scripts)
    assert not re.search(r"\son[a-z]+\s*=", html)


@pytest.mark.django_db
def test_session_cookie_is_http_only(
    client: Client, django_user_model: object, settings: object
) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]
    django_user_model.objects.create_user("staffer", password="right-password", is_staff=True)  # type: ignore[attr-defined]
    response = client.post(
        "/admin/login/", {"username": "staffer", "password": "right-password", "next": "/admin/"}
    )
    assert response.status_code == 302
    assert response.cookies["sessionid"]["httponly"]
    assert response.cookies["sessionid"]["samesite"] == "Lax"
