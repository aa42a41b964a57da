"""Index documents drawn from the database, and what each version holds."""

from collections.abc import Iterator
from datetime import UTC, datetime, time
from typing import Any

from django.db.models import QuerySet

from search.backends.protocol import Document
from search.indexes.names import PAPERS, STATUTES
from search.ingest.coverage import source_facts
from search.models import Chunk, Section
from search.papers.author_names import keys_of_authors
from search.papers.group_keys import concept_key, content_type_key, newest_key, oldest_key
from search.papers.hit_extras import ChunkExtras, Neighbour, encode_extras, neighbour
from search.papers.loaded import paper_facts
from search.statutes.chapters import CHAPTERS_FILE, chapter_ref, chapter_rows
from search.statutes.citations.crossrefs import Resolver, Target
from search.statutes.citations.grammar import grammar_of
from search.statutes.definitions import is_definitions_heading
from search.text.citation_keys import number_key

ITERATOR_CHUNK = 2000
# Bumped whenever an index's documents gain, lose or change a field: versions written with
# an older layout are stale (`reindex --if-stale` rebuilds them) whatever the data.
# Statutes 3: stemmed and heading word fields, section and chapter keys, cross-references.
# Statutes 4: the engine's numeric twin of `jurisdiction`, to group hits by it (surveys).
# Statutes 5: `definitions`, true for a definitions section (lowered in rank).
# Statutes 6: the engine's numeric twin of `chapter_ref` (the chapter raise reads it).
# Papers 5: the engine's words field (title and text scored together) and word pairs.
LAYOUT_VERSIONS = {STATUTES: 6, PAPERS: 5}


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


def index_contents(index_name: str) -> dict[str, Any]:
    """What a version of the index holds, recorded in its manifest for notes and forms
    (statutes: the sources; papers: the paper counts and dates)."""
    if index_name == STATUTES:
        return {"sources": source_facts()}
    return {"papers": paper_facts()}


def index_extras(index_name: str) -> dict[str, Any]:
    """Files a version keeps beside its manifest, read only when needed (statutes: chapters)."""
    return {CHAPTERS_FILE: chapter_rows()} if index_name == STATUTES else {}


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
    """One document per section; `order` is its rank in (source, file order).

    Besides the stored row: the body and heading again for the stemmed and heading word
    fields, the section's number and chapter keys, whether it is a definitions section, and
    its resolved cross-references.
    """
    resolver = cross_reference_resolver()
    rows = ordered_rows(Section.objects.order_by("source", "ordinal", "id"), STATUTE_FIELDS)
    for order, values in enumerate(rows):
        doc = {k: v for k, v in zip(STATUTE_FIELDS, values, strict=True) if v is not None}
        doc["order"] = order
        doc["body_stem"] = doc["body"]
        if doc.get("heading"):
            doc["heading_words"] = doc["heading_stem"] = doc["heading"]
        doc["definitions"] = is_definitions_heading(doc.get("heading"))
        doc["section_key"] = number_key(doc["section"])
        doc["chapter_ref"] = chapter_ref(
            doc["source"], doc.get("title", ""), doc.get("chapter", "")
        )
        links = resolver.links(doc["id"], doc["source"], doc.get("title", ""), doc["body"])
        if links:
            doc["links"] = [link.encode() for link in links]
        yield doc


def cross_reference_resolver() -> Resolver:
    """A resolver over every loaded section, with the loaded sources' citation forms."""
    targets = (
        Target(*row)
        for row in Section.objects.order_by().values_list(
            "id", "source", "jurisdiction", "title", "section", "citation_key"
        )
    )
    return Resolver(targets, grammar_of(source_facts()))


PAPER_FIELDS = (
    "id", "paper_id", "chunk_index", "section", "text", "content_type", "entities",
    "entities_source", "key_concept", "self_contained", "paper__paper_id", "paper__arxiv_id",
    "paper__title", "paper__authors", "paper__categories", "paper__published",
    "paper__updated", "paper__doi", "paper__source",
)  # fmt: skip


def paper_documents() -> Iterator[Document]:
    """One document per chunk, carrying the paper metadata needed to filter and display.

    Chunks come in (paper, chunk index) order, so each one's neighbours are the rows just
    before and after it in the stream.
    """
    rows = ordered_rows(Chunk.objects.order_by("paper_id", "chunk_index"), PAPER_FIELDS)
    previous: dict[str, Any] | None = None
    current: dict[str, Any] | None = None
    for values in rows:
        row = dict(zip(PAPER_FIELDS, values, strict=True))
        if current is not None:
            yield _paper_document(current, previous, row)
        previous, current = current, row
    if current is not None:
        yield _paper_document(current, previous, None)


def _paper_document(
    row: dict[str, Any], before: dict[str, Any] | None, after: dict[str, Any] | None
) -> Document:
    names = sorted({e["name"].casefold() for e in row["entities"]})
    extras = ChunkExtras(
        entities=tuple((e["name"], e.get("type", "")) for e in row["entities"]),
        entities_source=row["entities_source"],
        updated=row["paper__updated"],
        published=row["paper__published"],
        doi=row["paper__doi"],
        source=row["paper__source"],
        before=_next_to(row, before, -1),
        after=_next_to(row, after, 1),
    )
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
        "authors_text": row["paper__authors"],
        "author_keys": keys_of_authors(row["paper__authors"]),
        "newest_key": newest_key(row["paper__published"], row["id"]),
        "oldest_key": oldest_key(row["paper__published"], row["id"]),
        "categories": row["paper__categories"],
        "display": encode_extras(extras),
    }
    if row["paper__arxiv_id"]:
        doc["arxiv_id"] = row["paper__arxiv_id"]
    if row["paper__published"]:
        doc["published"] = datetime.combine(row["paper__published"], time(), tzinfo=UTC)
    return doc


def _next_to(row: dict[str, Any], other: dict[str, Any] | None, step: int) -> Neighbour | None:
    """`other` as the neighbour `step` chunks away from `row` in the same paper, if it is."""
    if other is None or other["paper_id"] != row["paper_id"]:
        return None
    if other["chunk_index"] != row["chunk_index"] + step:
        return None
    return neighbour(other["chunk_index"], other["section"], other["text"], tail=step < 0)
