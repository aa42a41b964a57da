"""Engine-neutral filters a search hands its backend: Terms, Either (any of) and All."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Terms:
    """Filter: the raw (untokenised) field holds one of `values`."""

    field: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Either:
    """Filter: at least one of the `options` holds (e.g. statutes OR a default source)."""

    options: "tuple[Filter, ...]"


@dataclass(frozen=True)
class All:
    """Filter: every one of the `parts` holds (e.g. statutes AND these jurisdictions)."""

    parts: "tuple[Filter, ...]"


Filter = Terms | Either | All
