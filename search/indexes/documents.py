"""Index documents drawn from the database, and the stamp that says when data changed."""

from collections.abc import Iterator
from datetime import UTC, datetime, time

from django.db.models import Count, Max

from search.backends.base import Document
from search.backends.tantivy.schema import PAPERS, STATUTES
from search.models import Chunk, Paper, Section

ITERATOR_CHUNK = 2000


def data_stamp(index_name: str) -> str:
    """Row count and last change of the data an index is built from; differs after any ingest."""
    if index_name == STATUTES:
        facts = Section.objects.aggregate(n=Count("id"), last=Max("updated_at"))
        return f"{facts['n']}:{facts['last']}"
    chunks = Chunk.objects.aggregate(n=Count("id"), last=Max("updated_at"))
    papers = Paper.objects.aggregate(n=Count("id"), last=Max("updated_at"))
    return f"{chunks['n']}:{chunks['last']}:{papers['n']}:{papers['last']}"


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
    rows = Section.objects.order_by("source", "ordinal", "id").values_list(*STATUTE_FIELDS)
    for order, values in enumerate(rows.iterator(chunk_size=ITERATOR_CHUNK)):
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
    rows = Chunk.objects.order_by("paper_id", "chunk_index").values_list(*PAPER_FIELDS)
    for values in rows.iterator(chunk_size=ITERATOR_CHUNK):
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
