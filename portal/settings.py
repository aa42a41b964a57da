"""Settings for the portal, driven by environment variables (docs/operations.md lists them)."""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from portal.env import env_bool, env_float, env_int, env_list, env_path, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

# --- Core -----------------------------------------------------------------------------------
DEBUG = env_bool("PORTAL_DEBUG", False)
# Production switch: secure cookies, HSTS, SSL redirect and API rate limits on by default.
PORTAL_PRODUCTION = env_bool("PORTAL_PRODUCTION", False)
_INSECURE_DEV_KEY = "dev-only-insecure-key-set-PORTAL_SECRET_KEY-in-production"
SECRET_KEY = env_str("PORTAL_SECRET_KEY", "")
if not SECRET_KEY:
    if PORTAL_PRODUCTION:
        raise ImproperlyConfigured("PORTAL_SECRET_KEY must be set when PORTAL_PRODUCTION is on")
    SECRET_KEY = _INSECURE_DEV_KEY
ALLOWED_HOSTS = list(env_list("PORTAL_ALLOWED_HOSTS", ("127.0.0.1", "localhost", "testserver")))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "axes",
    "django_htmx",
    "django_tasks_db",
    "search",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # Above whitenoise, like the two above it: static files carry the pages' headers too.
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Outside everything else: errors of any layer below get words (JSON on the API), and an
    # address too long for the portal is refused before any work.
    "portal.errors.ErrorAnswersMiddleware",
    # Before sessions and auth: a throttled request costs no database work beyond its counter.
    "search.web.ratelimit.ApiRateLimitMiddleware",
    "portal.errors.DatabaseUnavailableMiddleware",
    "portal.errors.RejectNulPathMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: turns a sign-in it refused into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "portal.urls"
WSGI_APPLICATION = "portal.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "search.web.context_processors.portal",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
# SQLite by default (WAL, so the worker and web processes read while ingest writes);
# DATABASE_URL may name PostgreSQL.
_DEFAULT_SQLITE = env_path("PORTAL_SQLITE_PATH", BASE_DIR / "var" / "portal.sqlite3")
_DEFAULT_SQLITE.parent.mkdir(parents=True, exist_ok=True)
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{_DEFAULT_SQLITE}"), conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=30000;"
        ),
        "transaction_mode": "IMMEDIATE",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache ----------------------------------------------------------------------------------
# API rate-limit counters must be shared by every gunicorn worker (locmem is per process): the
# database cache by default (shared by several web machines too, on PostgreSQL; `manage.py
# createcachetable` makes its table), or files in PORTAL_CACHE_DIR on one machine.
_CACHE_KIND = env_str("PORTAL_CACHE", "database")
if _CACHE_KIND == "database":
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "portal_cache",
            "OPTIONS": {"MAX_ENTRIES": 20000},
        }
    }
elif _CACHE_KIND == "file":
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(env_path("PORTAL_CACHE_DIR", BASE_DIR / "var" / "cache")),
            "OPTIONS": {"MAX_ENTRIES": 20000},
        }
    }
else:
    raise ImproperlyConfigured(f"PORTAL_CACHE={_CACHE_KIND!r} is not one of: database, file")

# --- Auth, i18n -----------------------------------------------------------------------------
# django-axes first: it refuses a locked-out address before any password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "runs"
LOGOUT_REDIRECT_URL = "home"
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

# --- Static files (whitenoise, manifest storage) ---------------------------------------------
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env_path("PORTAL_STATIC_ROOT", BASE_DIR / "var" / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env_bool("PORTAL_MANIFEST_STATIC", True)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# --- Background tasks (django.tasks + django-tasks-db worker) ---------------------------------
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}

# --- Security -------------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the form, not the cookie
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
# Only our own static files run or style the page: no inline scripts, no CDNs. Style
# attributes stay allowed for progress bars and chart bars drawn server-side.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "style-src-attr": [CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
# Behind a reverse proxy, the client address and the scheme come from its headers.
PORTAL_BEHIND_PROXY = env_bool("PORTAL_BEHIND_PROXY", False)
CSRF_TRUSTED_ORIGINS = list(env_list("PORTAL_CSRF_TRUSTED_ORIGINS", ()))
if PORTAL_PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("PORTAL_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("PORTAL_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    if PORTAL_BEHIND_PROXY:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# A form sent without a valid CSRF token gets the site's page saying what to do.
CSRF_FAILURE_VIEW = "portal.errors.csrf_failure"
# Longest address (path and query string, in bytes as sent) the portal answers; longer ones
# get its own 414 (JSON on the API). Below gunicorn's request-line limit (8,190 bytes with the
# method and protocol, portal/gunicorn.conf.py), so the portal, not gunicorn, answers them;
# the pages' script measures a search's address against it before sending (portal.js).
PORTAL_MAX_URL_BYTES = 8000

# API rate limit (search/web/ratelimit.py): requests per minute per client address, 0 = off;
# on by default in production only, so local runs and the test suite are never throttled.
PORTAL_API_RATE_LIMIT = env_int("PORTAL_API_RATE_LIMIT", 120 if PORTAL_PRODUCTION else 0)
# Sign-in lockout (django-axes, in the database): failed sign-ins per client address, on the
# admin's and the researchers' sign-in alike, until the cool-off passes without one. Each
# attempt refused meanwhile restarts the cool-off, which the 429's Retry-After relies on.
AXES_FAILURE_LIMIT = env_int("PORTAL_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(seconds=env_int("PORTAL_LOGIN_LOCKOUT_SECONDS", 900, minimum=10))
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = True
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
# One valid account must not launder guesses: a successful sign-in keeps the count.
AXES_RESET_ON_SUCCESS = False
AXES_CLIENT_IP_CALLABLE = "search.answers.same_origin.client_address"
AXES_LOCKOUT_CALLABLE = "search.web.ratelimit.sign_in_locked_out"
# Only the failed attempts are kept (search/admin/lockouts.py lists them), not every sign-in.
AXES_DISABLE_ACCESS_LOG = True
# Its log lines name the address (an operator acts on it) but never what was typed as username.
AXES_SENSITIVE_PARAMETERS = ["username"]
AXES_ENABLE_ADMIN = False
AXES_VERBOSE = False

# --- Logging --------------------------------------------------------------------------------
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("PORTAL_LOG_LEVEL", "INFO")},
    # django-axes logs three INFO lines per sign-in, the MCP SDK three per /mcp request (its
    # per-request transport starting and stopping); their warnings are the ones worth keeping.
    "loggers": {"axes": {"level": "WARNING"}, "mcp": {"level": "WARNING"}},
}

# --- Search tunables ------------------------------------------------------------------------
_SHARED_DATA = BASE_DIR.parent / "shared" / "data"
_DATA_FROM_ENV = env_str("PORTAL_DATA_DIR", "")
if _DATA_FROM_ENV:
    PORTAL_DATA_DIR = Path(_DATA_FROM_ENV).expanduser().resolve()
    PORTAL_DEMO_DATA = False
elif _SHARED_DATA.is_dir():
    PORTAL_DATA_DIR = _SHARED_DATA.resolve()
    PORTAL_DEMO_DATA = False
else:
    PORTAL_DATA_DIR = BASE_DIR / "search" / "demo_data"
    PORTAL_DEMO_DATA = True
PORTAL_INDEX_DIR = env_path("PORTAL_INDEX_DIR", BASE_DIR / "var" / "indexes")
# The search engine (search.backends.registry); embedded tantivy is the only one today.
PORTAL_SEARCH_BACKEND = env_str("PORTAL_SEARCH_BACKEND", "tantivy")
# Regulation sources searched with statutes when `source=` is omitted (seed: Kansas regs).
PORTAL_DEFAULT_REGULATION_SOURCES = env_list("PORTAL_DEFAULT_REGULATION_SOURCES", ("ks-kar",))
PORTAL_STATUTE_LIMIT_DEFAULT = env_int("PORTAL_STATUTE_LIMIT_DEFAULT", 20, minimum=1)
PORTAL_STATUTE_LIMIT_MAX = env_int("PORTAL_STATUTE_LIMIT_MAX", 50, minimum=1)
# Rows of a statute search's ranked list that paging (offset=) reaches.
PORTAL_STATUTE_RANK_CAP = env_int("PORTAL_STATUTE_RANK_CAP", 1000, minimum=1)
PORTAL_PAPER_LIMIT_DEFAULT = env_int("PORTAL_PAPER_LIMIT_DEFAULT", 10, minimum=1)
PORTAL_PAPER_LIMIT_MAX = env_int("PORTAL_PAPER_LIMIT_MAX", 100, minimum=1)
PORTAL_PAPER_POOL_CAP = env_int("PORTAL_PAPER_POOL_CAP", 20000, minimum=1)
PORTAL_MAX_QUERY_TERMS = env_int("PORTAL_MAX_QUERY_TERMS", 40, minimum=1)
# Writer budget for index builds, shared by its threads (tantivy needs >= 15 MB and takes
# < 4,294 MB per thread). One thread whose budget holds the whole corpus writes one segment,
# which makes facet counts cheap; the memory is taken as the build grows, not up front.
PORTAL_INDEX_WRITER_HEAP_MB = env_int("PORTAL_INDEX_WRITER_HEAP_MB", 3900, minimum=32)
PORTAL_INDEX_WRITER_THREADS = env_int("PORTAL_INDEX_WRITER_THREADS", 1, minimum=1)
_WRITER_HEAP_PER_THREAD_MAX_MB = 4_294
if PORTAL_INDEX_WRITER_HEAP_MB // PORTAL_INDEX_WRITER_THREADS >= _WRITER_HEAP_PER_THREAD_MAX_MB:
    raise ImproperlyConfigured(
        f"PORTAL_INDEX_WRITER_HEAP_MB={PORTAL_INDEX_WRITER_HEAP_MB} over "
        f"{PORTAL_INDEX_WRITER_THREADS} thread(s) is {_WRITER_HEAP_PER_THREAD_MAX_MB} MB or more "
        "per thread, above tantivy's limit"
    )
# Test-only: seconds to sleep between index build batches, to observe a build in progress.
PORTAL_BUILD_BATCH_DELAY = env_float("PORTAL_BUILD_BATCH_DELAY", 0.0)
# A running build whose heartbeat is older than this is considered dead.
PORTAL_BUILD_HEARTBEAT_TIMEOUT = env_int("PORTAL_BUILD_HEARTBEAT_TIMEOUT", 120, minimum=5)
