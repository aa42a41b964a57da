"""Source coverage facts, recomputed from the loaded sections after each ingest."""

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.db.models import Count

from search.models import Section, Source
from search.text.citation_keys import prefix_template
from search.text.code_order import code_order_key

NUMBER_RUN = re.compile(r"(\d+)")
COVERAGE_NOT_STATED = "coverage not stated"


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts `2` before `10` and `1024` before `1024a`."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part.lower())
        for part in NUMBER_RUN.split(text)
        if part
    )


def title_field(source: Source) -> str:
    """The stored field `title=` narrows for a source: CFR parts are stored as chapters."""
    # Mirrors title_forms: a regulation with one title lists its parts.
    if source.corpus != "regulation":
        return "title"
    # order_by() first: the model's default ordering would make DISTINCT per row.
    titles = (
        Section.objects.filter(source=source.code).order_by().values_list("title").distinct()[:2]
    )
    return "chapter" if len(titles) <= 1 else "title"


def source_facts() -> list[dict[str, object]]:
    """Every loaded source as JSON-ready facts: what an index version records it holds."""
    return [
        {
            "code": source.code,
            "corpus": source.corpus,
            "jurisdictions": list(source.jurisdictions),
            "code_names": list(source.code_names),
            "as_of_values": list(source.as_of_values),
            "section_count": source.section_count,
            "title_forms": list(source.title_forms),
            "files": list(source.files),
            "coverage": source.coverage,
            "title_field": title_field(source),
            "citation_forms": list(source.citation_forms),
        }
        for source in Source.objects.order_by("code")
    ]


def title_forms(corpus: str, titles: set[str], chapters: set[str]) -> list[str]:
    """The values `title=` accepts for a source: CFR parts for regulations, titles otherwise."""
    # Every CFR row shares title 12; the part (stored as chapter) is what narrows a search.
    values = chapters if corpus == "regulation" and len(titles) <= 1 else titles
    return sorted((v for v in values if v), key=code_order_key)


def citation_forms(rows: Iterable[tuple[str, str, str]]) -> dict[str, list[dict[str, Any]]]:
    """Per source, how its citations write what precedes the section number, most used
    first, each with its first citation as an example; rows are (source, citation, section)."""
    counts: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], str] = {}
    for source, citation, section in rows:
        template = prefix_template(citation, section)
        if template:
            counts[(source, template)] += 1
            examples.setdefault((source, template), citation)
    found: dict[str, list[dict[str, Any]]] = {}
    for (source, template), n in counts.most_common():
        found.setdefault(source, []).append(
            {"template": template, "example": examples[(source, template)], "sections": n}
        )
    return found


def joined_coverage(files: Iterable[str], statements: Mapping[str, str]) -> str:
    """One source's coverage: its files' statements, each file named when they differ."""
    by_statement: dict[str, list[str]] = {}
    for name in sorted(files):
        by_statement.setdefault(statements.get(name, COVERAGE_NOT_STATED), []).append(name)
    if len(by_statement) <= 1:
        return next(iter(by_statement), COVERAGE_NOT_STATED)
    return "; ".join(f"{text} ({', '.join(names)})" for text, names in by_statement.items())


def update_coverage(statements: Mapping[str, str]) -> int:
    """Give every source its files' statements (the manifest may change alone); count changes."""
    changed = 0
    for source in Source.objects.all():
        coverage = joined_coverage(source.files, statements)
        if source.coverage != coverage:
            source.coverage = coverage
            source.save(update_fields=["coverage", "refreshed_at"])
            changed += 1
    return changed


def drop_emptied_sources(codes: Iterable[str]) -> int:
    """Delete the Source rows among `codes` that have no section left; how many went."""
    wanted = set(codes)
    # order_by() first: the model's default ordering would make DISTINCT per row.
    left = Section.objects.filter(source__in=wanted).order_by().values_list("source", flat=True)
    return Source.objects.filter(code__in=wanted - set(left.distinct())).delete()[0]


@transaction.atomic
def refresh_sources(statements: Mapping[str, str]) -> None:
    """Rebuild the Source table from the sections now in the database.

    `statements` maps a data file's name to the manifest's coverage statement for it.
    """
    facts: dict[str, dict[str, set[str]]] = {}
    rows = Section.objects.values_list(
        "source", "corpus", "jurisdiction", "code_name", "as_of", "title", "chapter", "source_file"
    ).distinct()
    for source, corpus, jurisdiction, code_name, as_of, title, chapter, source_file in rows:
        entry = facts.setdefault(
            source,
            {k: set() for k in ("corpus", "jur", "code", "as_of", "title", "chapter", "files")},
        )
        entry["corpus"].add(corpus)
        entry["jur"].add(jurisdiction)
        entry["code"].add(code_name)
        entry["as_of"].add(as_of)
        entry["title"].add(title)
        entry["chapter"].add(chapter)
        entry["files"].add(source_file)
    counts = dict(Section.objects.values_list("source").annotate(n=Count("id")).order_by())
    forms = citation_forms(
        Section.objects.order_by("source", "ordinal").values_list("source", "citation", "section")
    )
    Source.objects.exclude(code__in=list(facts)).delete()
    for code, entry in facts.items():
        corpus = "regulation" if "regulation" in entry["corpus"] else "statute"
        Source.objects.update_or_create(
            code=code,
            defaults={
                "corpus": corpus,
                "jurisdictions": sorted(entry["jur"]),
                "code_names": sorted(c for c in entry["code"] if c),
                "as_of_values": sorted(entry["as_of"]),
                "section_count": counts.get(code, 0),
                "title_forms": title_forms(corpus, entry["title"], entry["chapter"]),
                "files": sorted(entry["files"]),
                "coverage": joined_coverage(entry["files"], statements),
                "citation_forms": forms.get(code, []),
            },
        )
