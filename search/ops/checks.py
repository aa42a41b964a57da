"""System checks: configuration mistakes reported by `manage.py check` and at start-up."""

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, register

from search.backends.registry import BACKENDS


@register()
def search_backend_is_known(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """PORTAL_SEARCH_BACKEND names a registered backend."""
    name = settings.PORTAL_SEARCH_BACKEND
    if name in BACKENDS:
        return []
    return [
        Error(
            f"PORTAL_SEARCH_BACKEND={name!r} is not a known search backend.",
            hint=f"Use one of: {', '.join(BACKENDS)}.",
            id="search.E001",
        )
    ]
