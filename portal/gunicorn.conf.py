"""gunicorn settings for `make run` (each overridable by an environment variable)."""

import os

bind = f"127.0.0.1:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("PORTAL_WEB_WORKERS", "3"))
threads = int(os.environ.get("PORTAL_WEB_THREADS", "2"))
timeout = int(os.environ.get("PORTAL_WEB_TIMEOUT", "60"))
graceful_timeout = 20
# Recycle workers now and then so a slow leak can never take the portal down.
max_requests = int(os.environ.get("PORTAL_WEB_MAX_REQUESTS", "5000"))
max_requests_jitter = 500
accesslog = "-"
errorlog = "-"
wsgi_app = "portal.wsgi:application"
