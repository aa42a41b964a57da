"""The backend registry: the one module outside `search/backends/<engine>/` that names one.

`PORTAL_SEARCH_BACKEND` picks the engine; an unknown name is a configuration error reported
by `manage.py check` (see `search.ops.checks`) and on first use.
"""

from collections.abc import Callable
from functools import cache

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from search.backends.protocol import SearchBackend


def _tantivy() -> SearchBackend:
    from search.backends.tantivy.backend import TantivyBackend

    return TantivyBackend()


BACKENDS: dict[str, Callable[[], SearchBackend]] = {"tantivy": _tantivy}


def get_backend() -> SearchBackend:
    """The configured backend, made once per process."""
    return _make(str(settings.PORTAL_SEARCH_BACKEND))


@cache
def _make(name: str) -> SearchBackend:
    try:
        factory = BACKENDS[name]
    except KeyError:
        raise ImproperlyConfigured(
            f"PORTAL_SEARCH_BACKEND={name!r} is not one of: {', '.join(BACKENDS)}"
        ) from None
    return factory()
