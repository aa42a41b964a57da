"""What a result row shows beyond the searched fields: entity types, dates, neighbouring text.

Written into each chunk's index document at build time (`display`, JSON) and read back with
the hit, so a page of results costs no database query. Pure: no Django, no engine.
"""

import json
from dataclasses import dataclass
from datetime import date
from typing import Any

CONTEXT_CHARS = 300


@dataclass(frozen=True)
class Neighbour:
    """The chunk before or after a hit: where it is, and the text nearest the hit."""

    chunk_index: int
    section: str
    text: str


@dataclass(frozen=True)
class ChunkExtras:
    """Facts of one hit's chunk and paper that only the result rows show."""

    entities: tuple[tuple[str, str], ...]  # (name, type) as recorded, in order
    entities_source: str
    updated: date | None
    published: date | None
    doi: str | None
    source: str
    before: Neighbour | None = None
    after: Neighbour | None = None

    @classmethod
    def missing(cls) -> "ChunkExtras":
        """For a hit whose document carries no extras."""
        return cls((), "", None, None, None, "")


def neighbour(chunk_index: int, section: str, text: str, *, tail: bool) -> Neighbour:
    """The part of a neighbouring chunk nearest the hit: its end before, its start after."""
    text = " ".join(text.split())
    if len(text) > CONTEXT_CHARS:
        if tail:
            cut = text[-CONTEXT_CHARS:]
            text = "… " + cut[cut.find(" ") + 1 :]
        else:
            cut = text[:CONTEXT_CHARS]
            text = cut[: cut.rfind(" ")] + " …"
    return Neighbour(chunk_index, section, text)


def encode_extras(extras: ChunkExtras) -> bytes:
    """The stored form of a chunk's extras."""
    return json.dumps(
        {
            "entities": [list(e) for e in extras.entities],
            "entities_source": extras.entities_source,
            "updated": extras.updated.isoformat() if extras.updated else None,
            "published": extras.published.isoformat() if extras.published else None,
            "doi": extras.doi,
            "source": extras.source,
            "before": _neighbour_dict(extras.before),
            "after": _neighbour_dict(extras.after),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()


def decode_extras(stored: bytes | None) -> ChunkExtras:
    """A chunk's extras from their stored form (`missing()` when there are none)."""
    if not stored:
        return ChunkExtras.missing()
    data: dict[str, Any] = json.loads(stored)
    return ChunkExtras(
        entities=tuple((str(n), str(t)) for n, t in data.get("entities") or []),
        entities_source=str(data.get("entities_source") or ""),
        updated=_day(data.get("updated")),
        published=_day(data.get("published")),
        doi=data.get("doi"),
        source=str(data.get("source") or ""),
        before=_neighbour_of(data.get("before")),
        after=_neighbour_of(data.get("after")),
    )


def _neighbour_dict(found: Neighbour | None) -> dict[str, Any] | None:
    if found is None:
        return None
    return {"chunk_index": found.chunk_index, "section": found.section, "text": found.text}


def _neighbour_of(data: dict[str, Any] | None) -> Neighbour | None:
    if not data:
        return None
    return Neighbour(int(data["chunk_index"]), str(data["section"]), str(data["text"]))


def _day(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None
