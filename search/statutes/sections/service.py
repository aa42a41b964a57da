"""The section look-up: one whole section by id or citation, with its cross-references.

`/api/statute` and the MCP tool `statute` run it through `answers.pipeline.run_search`, as
the searches and the paper look-up are run: a citation several sections carry is `Ambiguous`
(a 400 listing them), one no loaded section has is `NotFound` (a 404).
"""

from dataclasses import dataclass

from search.answers.pipeline import Ambiguous, NotFound
from search.backends.filters import Terms
from search.backends.protocol import IndexUnavailable
from search.statutes.catalog import Catalog
from search.statutes.citations.crossrefs import CrossRef, decode_links
from search.statutes.citations.lookup import citation_keys, listing, ref_from_hit
from search.statutes.search import notes
from search.statutes.sections.lookup import (
    ID,
    REF_FIELDS,
    SectionDetail,
    SectionLookup,
    SectionRef,
    get_by_citation,
    get_section,
)

SECTION_NOTE = (
    "The whole section as loaded, with its metadata and the cross-references its text makes "
    "to loaded sections."
)


@dataclass(frozen=True)
class SectionLookupResult:
    """The section found, the cross-references its text makes, and the answer's two notes."""

    detail: SectionDetail
    links: tuple[CrossRef, ...]
    targets: dict[str, SectionRef]
    note: str
    coverage_note: str


def look_up_section(lookup: SectionLookup, catalog: Catalog) -> SectionLookupResult:
    """The section asked for; raises Ambiguous for a citation several carry, else NotFound."""
    candidates: tuple[SectionRef, ...] = ()
    if lookup.by == ID:
        detail = get_section(lookup.value)
    else:
        detail, candidates = get_by_citation(lookup.value, citation_keys(lookup.value, catalog))
    if detail is None and candidates:
        note = f"{len(candidates)} sections carry this citation; ask for one by id=."
        raise Ambiguous(note, candidates)
    if detail is None:
        raise NotFound(
            f"No loaded section has {lookup.by}={lookup.value}. It may have been removed or "
            "renumbered upstream; a section not loaded may still exist in law."
        )
    note = SECTION_NOTE
    if detail.ends_at_colon:
        note += " " + notes.ENDS_AT_COLON_NOTE
    links, targets = cross_references(detail.id)
    coverage = notes.coverage_note(catalog, source=detail.source)
    return SectionLookupResult(detail, links, targets, note, coverage)


def cross_references(section_id: str) -> tuple[tuple[CrossRef, ...], dict[str, SectionRef]]:
    """A section's resolved cross-references and the sections they name, from the index (two
    look-ups per page, none per link); none when the index cannot be read."""
    try:
        found = listing((Terms("id", (section_id,)),), 1, 0, ("links",), lead=False)
        values = found.hits[0].values.get("links", []) if found.hits else []
        links = decode_links(str(v) for v in values)
        ids = tuple(dict.fromkeys(link.target for link in links))
        if not ids:
            return links, {}
        named = listing((Terms("id", ids),), len(ids), 0, REF_FIELDS, lead=False)
    except IndexUnavailable:
        return (), {}
    return links, {ref.id: ref for ref in (ref_from_hit(hit) for hit in named.hits)}
