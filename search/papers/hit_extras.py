"""What the database adds to a page of hits: entity names with types, dates, neighbours.

Read for the page only (at most the limit, 100 rows), in two queries: the chunks with
their papers, then the neighbouring chunks (`detail=standard` and `full`).
"""

from dataclasses import dataclass
from datetime import date
from functools import reduce
from operator import or_

from django.db.models import Q

from search.models import Chunk

CONTEXT_CHARS = 300


@dataclass(frozen=True)
class Neighbour:
    """The chunk before or after a hit: where it is, and the text nearest the hit."""

    chunk_index: int
    section: str
    text: str


@dataclass(frozen=True)
class ChunkExtras:
    """Database facts of one hit's chunk and paper."""

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
        """For a hit whose chunk left the database after the index was built."""
        return cls((), "", None, None, None, "")


def chunk_extras(chunk_ids: list[int], *, context: bool) -> dict[int, ChunkExtras]:
    """Extras per chunk id; with `context`, the previous and next chunk of each."""
    rows = Chunk.objects.filter(pk__in=chunk_ids).select_related("paper")
    chunks = {c.pk: c for c in rows}
    neighbours: dict[tuple[int, int], Chunk] = {}
    if context and chunks:
        wanted = [
            Q(paper_id=c.paper_id, chunk_index__in=[c.chunk_index - 1, c.chunk_index + 1])
            for c in chunks.values()
        ]
        found = Chunk.objects.filter(reduce(or_, wanted)).only(
            "paper_id", "chunk_index", "section", "text"
        )
        neighbours = {(c.paper_id, c.chunk_index): c for c in found}
    extras = {}
    for pk, chunk in chunks.items():
        before = neighbours.get((chunk.paper_id, chunk.chunk_index - 1))
        after = neighbours.get((chunk.paper_id, chunk.chunk_index + 1))
        extras[pk] = ChunkExtras(
            entities=tuple((e["name"], e.get("type", "")) for e in chunk.entities),
            entities_source=chunk.entities_source,
            updated=chunk.paper.updated,
            published=chunk.paper.published,
            doi=chunk.paper.doi,
            source=chunk.paper.source,
            before=_neighbour(before, tail=True),
            after=_neighbour(after, tail=False),
        )
    return extras


def _neighbour(chunk: Chunk | None, *, tail: bool) -> Neighbour | None:
    """The part of a neighbour nearest the hit: its end before, its start after."""
    if chunk is None:
        return None
    text = " ".join(chunk.text.split())
    if len(text) > CONTEXT_CHARS:
        if tail:
            cut = text[-CONTEXT_CHARS:]
            text = "… " + cut[cut.find(" ") + 1 :]
        else:
            cut = text[:CONTEXT_CHARS]
            text = cut[: cut.rfind(" ")] + " …"
    return Neighbour(chunk.chunk_index, chunk.section, text)
