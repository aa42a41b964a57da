"""Index documents drawn from the database, and the stamp that says when data changed."""

from collections.abc import Iterator
from datetime import UTC, datetime, time
from typing import Any

from django.db.models import Count, Max, QuerySet

from search.backends.base import Document
from search.indexes.names import STATUTES
from search.models import Chunk, Paper, Section, Source
from search.papers.group_keys import concept_key, content_type_key
from search.sources import source_facts

ITERATOR_CHUNK = 2000
# Bumped whenever the documents gain, lose or change a field: versions written with an
# older layout are stale (`reindex --if-stale` rebuilds them) whatever the data.
LAYOUT_VERSION = 2


def ordered_rows(queryset: QuerySet[Any], fields: tuple[str, ...]) -> Iterator[tuple[Any, ...]]:
    """`fields` of every row in the queryset's order, fetched ITERATOR_CHUNK rows per query.

    Not one streaming cursor: on SQLite (WAL) an open cursor pins its snapshot, and the build's
    own progress writes then fail with "database is locked" as soon as any other process
    (a web request, the admin) commits a write during the build.
    """
    keys = list(queryset.values_list("pk", flat=True))
    for start in range(0, len(keys), ITERATOR_CHUNK):
        batch = keys[start : start + ITERATOR_CHUNK]
        found = {
            row[0]: row[1:]
            for row in queryset.model.objects.filter(pk__in=batch).values_list("pk", *fields)
        }
        # A row deleted meanwhile is skipped; the build's count check then refuses the version.
        yield from (found[key] for key in batch if key in found)


def data_stamp(index_name: str) -> str:
    """Row count and last change of the data an index is built from; differs after any ingest.

    Statutes include the sources' last refresh: a version records its sources' coverage
    statements, which can change (MANIFEST.json) while no section does.
    """
    if index_name == STATUTES:
        facts = Section.objects.aggregate(n=Count("id"), last=Max("updated_at"))
        refreshed = Source.objects.aggregate(last=Max("refreshed_at"))["last"]
        return f"{facts['n']}:{facts['last']}:{refreshed}"
    chunks = Chunk.objects.aggregate(n=Count("id"), last=Max("updated_at"))
    papers = Paper.objects.aggregate(n=Count("id"), last=Max("updated_at"))
    return f"{chunks['n']}:{chunks['last']}:{papers['n']}:{papers['last']}"


def index_contents(index_name: str) -> dict[str, Any]:
    """What a version of the index holds, recorded in its manifest (statutes: the sources)."""
    return {"sources": source_facts()} if index_name == STATUTES else {}


def document_count(index_name: str) -> int:
    """How many documents a build of this index must contain."""
    return Section.objects.count() if index_name == STATUTES else Chunk.objects.count()


def documents(index_name: str) -> Iterator[Document]:
    """Every document of the index, streamed from the database in a stable order."""
    return statute_documents() if index_name == STATUTES else paper_documents()


STATUTE_FIELDS = (
    "id", "citation_key", "heading", "citation", "code_name", "section", "as_of", "url",
    "jurisdiction", "source", "corpus", "title", "chapter", "ends_at_colon", "body",
)  # fmt: skip


def statute_documents() -> Iterator[Document]:
    """One document per section; `order` is its rank in (source, file order)."""
    rows = ordered_rows(Section.objects.order_by("source", "ordinal", "id"), STATUTE_FIELDS)
    for order, values in enumerate(rows):
        doc = {k: v for k, v in zip(STATUTE_FIELDS, values, strict=True) if v is not None}
        doc["order"] = order
        yield doc


PAPER_FIELDS = (
    "id", "paper_id", "chunk_index", "section", "text", "content_type", "entities",
    "key_concept", "self_contained", "paper__paper_id", "paper__arxiv_id", "paper__title",
    "paper__authors", "paper__categories", "paper__published",
)  # fmt: skip


def paper_documents() -> Iterator[Document]:
    """One document per chunk, carrying the paper metadata needed to filter and display."""
    rows = ordered_rows(Chunk.objects.order_by("paper_id", "chunk_index"), PAPER_FIELDS)
    for values in rows:
        row = dict(zip(PAPER_FIELDS, values, strict=True))
        names = sorted({e["name"].casefold() for e in row["entities"]})
        doc: Document = {
            "chunk_id": row["id"],
            "paper_key": row["paper_id"],
            "chunk_index": row["chunk_index"],
            "section": row["section"],
            "text": row["text"],
            "content_type": row["content_type"],
            "entities": names,
            "entity_count": len(names),
            "key_concept": row["key_concept"],
            "concept_key": concept_key(row["key_concept"]),
            "content_type_key": content_type_key(row["content_type"]),
            "self_contained": row["self_contained"],
            "paper_id": row["paper__paper_id"],
            "title": row["paper__title"],
            "authors": row["paper__authors"],
            "categories": row["paper__categories"],
        }
        if row["paper__arxiv_id"]:
            doc["arxiv_id"] = row["paper__arxiv_id"]
        if row["paper__published"]:
            doc["published"] = datetime.combine(row["paper__published"], time(), tzinfo=UTC)
        yield doc
