"""Typed readers for settings taken from the environment; bad values fail loudly."""

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from search.text.switches import FALSE_WORDS, TRUE_WORDS


def env_str(name: str, default: str) -> str:
    """The variable's text, or the default when unset."""
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    """A yes/no variable; anything but a known word is a configuration error."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a yes/no value (use 1/0, true/false)")


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    """A whole-number variable of at least `minimum`."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from exc
    if value < minimum:
        raise ImproperlyConfigured(f"{name}={value} is below the minimum {minimum}")
    return value


def env_float(name: str, default: float, *, minimum: float = 0.0) -> float:
    """A number variable of at least `minimum`."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number") from exc
    if value < minimum:
        raise ImproperlyConfigured(f"{name}={value} is below the minimum {minimum}")
    return value


def env_path(name: str, default: Path) -> Path:
    """A filesystem path variable, made absolute."""
    raw = os.environ.get(name)
    return Path(raw).expanduser().resolve() if raw else default


def env_list(name: str, default: tuple[str, ...]) -> tuple[str, ...]:
    """A comma-separated variable as a tuple of stripped, non-empty items."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return tuple(item.strip() for item in raw.split(",") if item.strip())
