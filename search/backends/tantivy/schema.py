"""Index schemas, defined next to the backend; the analyzer is registered on every open."""

import hashlib
from typing import Any

import tantivy

from search.indexes.names import PAPERS, STATUTES
from search.text.query import MAX_TOKEN_BYTES

ANALYZER = "portal_words"
# The same pipeline plus English (Snowball) stemming, for the opt-in word-forms search.
STEM_ANALYZER = "portal_stems"
STEM_LANGUAGE = "english"
# Whitespace only: for fields whose tokens the writer made already (papers' word pairs).
TOKENS_ANALYZER = "portal_tokens"

# Where a searched field's words are indexed: (logical field, stemmed) -> index field. The
# stemmed and heading twins are indexed only (the text is stored once, in `body`/`heading`).
WORD_FIELDS = {
    ("body", False): "body",
    ("body", True): "body_stem",
    ("heading", False): "heading_words",
    ("heading", True): "heading_stem",
}


# A section's chapter as a number (the twin of its `chapter_ref`), read by the chapter raise.
CHAPTER_KEY = "chapter_key"
# Numeric twins of raw fields that hits are grouped by, written by the writer from the raw
# value: `fast_field_values` reads numbers only, so a survey learns which jurisdiction each
# hit of its pool belongs to (and the chapter raise each hit's chapter) without reading
# stored documents.
GROUP_KEYS: dict[str, dict[str, str]] = {
    STATUTES: {"jurisdiction": "jurisdiction_key", "chapter_ref": CHAPTER_KEY}
}


def group_key(value: str) -> int:
    """A stable 64-bit key of a raw value (its twin field holds this)."""
    return int.from_bytes(hashlib.blake2b(value.encode("utf-8"), digest_size=8).digest(), "big")


def with_group_keys(index_name: str, document: dict[str, Any]) -> dict[str, Any]:
    """The document with the numeric twin of each grouped field it holds."""
    twins = GROUP_KEYS.get(index_name, {})
    found = {twin: group_key(str(document[name])) for name, twin in twins.items()
             if document.get(name) is not None}  # fmt: skip
    return {**document, **found} if found else document


def build_analyzer(*, stem: bool = False) -> tantivy.TextAnalyzer:
    """Simple tokenizer, long-token removal, lower-case (and, with `stem`, English stemming):
    the same pipeline for text and queries."""
    builder = (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(MAX_TOKEN_BYTES))
        .filter(tantivy.Filter.lowercase())
    )
    if stem:
        builder = builder.filter(tantivy.Filter.stemmer(STEM_LANGUAGE))
    return builder.build()


def word_field(field: str, *, stem: bool = False) -> str:
    """The index field holding `field`'s words (its stemmed twin with `stem`)."""
    return WORD_FIELDS.get((field, stem), field)


def _words(
    builder: tantivy.SchemaBuilder,
    name: str,
    *,
    stored: bool = True,
    analyzer: str = ANALYZER,
    positions: bool = True,
) -> None:
    option = "position" if positions else "freq"
    builder.add_text_field(name, stored=stored, tokenizer_name=analyzer, index_option=option)


def _raw(
    builder: tantivy.SchemaBuilder, name: str, *, fast: bool = False, stored: bool = True
) -> None:
    builder.add_text_field(name, stored=stored, tokenizer_name="raw", fast=fast)


def statute_schema() -> tantivy.Schema:
    """One document per section: `body` is searched as words (its stemmed twin and the heading's
    words on request), the rest filter, look up or display."""
    b = tantivy.SchemaBuilder()
    _words(b, "body")
    _words(b, "body_stem", stored=False, analyzer=STEM_ANALYZER)
    _words(b, "heading_words", stored=False)
    _words(b, "heading_stem", stored=False, analyzer=STEM_ANALYZER)
    for name in (
        "id",
        "citation_key",
        # Citation look-ups: the section number alone, and the section's chapter.
        "section_key",
        "chapter_ref",
        # Resolved cross-references in the body ("start:end:target id", one per link).
        "links",
        "heading",
        "citation",
        "code_name",
        "section",
        "as_of",
        "url",
    ):
        _raw(b, name)
    for name in ("jurisdiction", "source", "corpus", "title", "chapter"):
        _raw(b, name, fast=True)
    b.add_boolean_field("ends_at_colon", stored=True, indexed=True, fast=True)
    # A definitions section (search.statutes.definitions), lowered in rank by the search.
    b.add_boolean_field("definitions", stored=False, indexed=True)
    # A stable position (source, file order) that breaks score ties deterministically.
    b.add_unsigned_field("order", stored=True, indexed=True, fast=True)
    b.add_unsigned_field("jurisdiction_key", fast=True)
    b.add_unsigned_field(CHAPTER_KEY, fast=True)
    return b.build()


def paper_schema() -> tantivy.Schema:
    """One document per chunk (abstract or body passage) with its paper's metadata."""
    b = tantivy.SchemaBuilder()
    _words(b, "text")
    _words(b, "title")
    # What the words are scored on: the title (repeated) and the text as one field, and their
    # consecutive content-word pairs, both written by the writer (tantivy.paper_words).
    _words(b, "words", stored=False)
    _words(b, "word_pairs", stored=False, analyzer=TOKENS_ANALYZER, positions=False)
    # Author names as words (one value per author: a phrase never runs across two names),
    # and folded for the `authors` filter (search.papers.author_names); `authors` displays.
    _words(b, "authors_text", stored=False)
    _raw(b, "author_keys", stored=False)
    for name in ("paper_id", "arxiv_id", "section", "authors", "key_concept"):
        _raw(b, name)
    for name in ("content_type", "categories", "entities"):
        _raw(b, name, fast=True)
    b.add_unsigned_field("chunk_id", stored=True, indexed=True, fast=True)
    b.add_unsigned_field("paper_key", stored=True, indexed=True, fast=True)
    b.add_unsigned_field("chunk_index", stored=True, indexed=True, fast=True)
    b.add_unsigned_field("entity_count", stored=True, indexed=True, fast=True)
    b.add_boolean_field("self_contained", stored=True, indexed=True, fast=True)
    b.add_date_field("published", stored=True, indexed=True, fast=True)
    # Date orders with the tie-break built in (search.papers.group_keys): one fast field each,
    # so sort=newest|oldest is one sorted read, deterministic, with undated papers last.
    b.add_unsigned_field("newest_key", fast=True)
    b.add_unsigned_field("oldest_key", fast=True)
    # Numeric twins of key_concept and content_type, to group pool hits (papers.group_keys).
    b.add_unsigned_field("concept_key", fast=True)
    b.add_unsigned_field("content_type_key", fast=True)
    # What result rows show beyond the searched fields (entity types, neighbouring text, DOI,
    # licence source), as stored JSON: a search page needs no database query.
    b.add_bytes_field("display", stored=True)
    return b.build()


SCHEMAS = {STATUTES: statute_schema, PAPERS: paper_schema}


def open_index(index_name: str, directory: str) -> tantivy.Index:
    """Open (or create) an index at `directory` with its analyzer registered."""
    index = tantivy.Index(SCHEMAS[index_name](), path=directory, reuse=True)
    index.register_tokenizer(ANALYZER, build_analyzer())
    index.register_tokenizer(STEM_ANALYZER, build_analyzer(stem=True))
    index.register_tokenizer(
        TOKENS_ANALYZER, tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.whitespace()).build()
    )
    return index
