"""Whole sections by id or citation and their chapter neighbours (the seed's statute tool)."""

from dataclasses import dataclass

from search.models import Section
from search.text.citation_keys import citation_key
from search.text.code_order import code_order_key

# A citation is short and has a digit; anything else is not worth a look-up.
MAX_CITATION_CHARS = 120
MAX_CITATION_MATCHES = 20


WEB_URL_PREFIXES = ("https://", "http://")
ID = "id"
CITATION = "citation"


@dataclass(frozen=True)
class SectionLookup:
    """One section look-up: `by` is id or citation."""

    by: str
    value: str


@dataclass(frozen=True)
class SectionRef:
    """Enough of a section to link to it."""

    id: str
    citation: str
    heading: str | None
    jurisdiction: str
    source: str


@dataclass(frozen=True)
class SectionDetail:
    """One whole section with its metadata and its neighbours in the same chapter."""

    id: str
    citation: str
    heading: str | None
    jurisdiction: str
    corpus: str
    source: str
    code_name: str
    title: str
    chapter: str
    section: str
    as_of: str
    url: str | None
    ends_at_colon: bool
    body: str
    previous: SectionRef | None
    next: SectionRef | None

    @property
    def link_url(self) -> str | None:
        """`url` when it is a web address; the page never links a `javascript:` or other URL."""
        if self.url and self.url.strip().lower().startswith(WEB_URL_PREFIXES):
            return self.url
        return None


REF_FIELDS = ("id", "citation", "heading", "jurisdiction", "source")


def _ref(section: Section) -> SectionRef:
    return SectionRef(
        section.id, section.citation, section.heading, section.jurisdiction, section.source
    )


def get_section(section_id: str) -> SectionDetail | None:
    """The section with this id, or None."""
    section = Section.objects.filter(id=section_id).first()
    return None if section is None else _detail(section)


def _detail(section: Section) -> SectionDetail:
    previous, following = neighbours(section)
    return SectionDetail(
        id=section.id,
        citation=section.citation,
        heading=section.heading,
        jurisdiction=section.jurisdiction,
        corpus=section.corpus,
        source=section.source,
        code_name=section.code_name,
        title=section.title,
        chapter=section.chapter,
        section=section.section,
        as_of=section.as_of,
        url=section.url,
        ends_at_colon=section.ends_at_colon,
        body=section.body,
        previous=previous,
        next=following,
    )


def neighbours(section: Section) -> tuple[SectionRef | None, SectionRef | None]:
    """The sections just before and after this one in code order, within its chapter."""
    from search.statutes.chapters import chapter_ref, load_chapters

    chapter = load_chapters().by_ref.get(
        chapter_ref(section.source, section.title, section.chapter)
    )
    decimal = chapter.decimal if chapter is not None else False
    numbers = Section.objects.filter(
        source=section.source, title=section.title, chapter=section.chapter
    ).values_list("id", "section", "ordinal")
    ordered = sorted(numbers, key=lambda row: (code_order_key(row[1], decimal=decimal), row[2]))
    ids = [row[0] for row in ordered]
    at = ids.index(section.id) if section.id in ids else -1
    wanted = {
        "previous": ids[at - 1] if at > 0 else None,
        "next": ids[at + 1] if 0 <= at < len(ids) - 1 else None,
    }
    found = {
        s.id: s for s in Section.objects.filter(id__in=[i for i in wanted.values() if i])
        .only(*REF_FIELDS)
    }  # fmt: skip
    before, after = found.get(wanted["previous"] or ""), found.get(wanted["next"] or "")
    return (_ref(before) if before else None, _ref(after) if after else None)


def find_by_citation(text: str, keys: tuple[str, ...] = ()) -> tuple[SectionRef, ...]:
    """Sections whose citation is `text` (`RCW 59.18.060`, `42 U.S.C. 1437f`) or has one of
    `keys` (the forms the text stands for), in file order."""
    text = text.strip()
    if not text or len(text) > MAX_CITATION_CHARS or not any(c.isdigit() for c in text):
        return ()
    wanted = {citation_key(text), *keys} - {""}
    if not wanted:
        return ()
    found = (
        Section.objects.filter(citation_key__in=wanted)
        .order_by("source", "ordinal")
        .only(*REF_FIELDS)
    )
    return tuple(_ref(s) for s in found[:MAX_CITATION_MATCHES])


def get_by_citation(
    text: str, keys: tuple[str, ...] = ()
) -> tuple[SectionDetail | None, tuple[SectionRef, ...]]:
    """The one section with this citation, else None and the candidates (none or several)."""
    refs = find_by_citation(text, keys)
    if len(refs) == 1:
        return get_section(refs[0].id), refs
    return None, refs
