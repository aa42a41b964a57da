"""The dev sets the harness scores: where each lives, how its rows become cases.

Statute sets are searched in the row's jurisdiction (and `source`/`title` for regulations),
papers sets by the paper's rank with one chunk per paper. A set whose file is absent (the
shared benchmarks live outside the repository, in ../shared/benchmarks) is skipped with
the reason.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.quality.scoring import LENGTHS, length_of

REPO = Path(__file__).resolve().parents[2]
DEVSET = REPO / "bench" / "devset"
SHARED = REPO.parent / "shared" / "benchmarks"
STATUTES, PAPERS = "statutes", "papers"
OURS_FILE = "statutes_questions_ours.jsonl"
PAPERS_OURS_FILE = "papers_descriptions_ours.jsonl"
DESCRIPTIONS_ABOUT = (
    "a paper described in a researcher's words; gold chosen by reading its abstract"
)
# How a paper is looked for: one chunk per paper, so ranks are papers' ranks.
PAPER_REQUEST = {"limit": "10", "diversifyBy": "document", "maxPerDocument": "1"}


@dataclass(frozen=True)
class Case:
    """One query with its gold keys (statute ids or paper ids) and its confinement."""

    qid: str
    query: str
    gold: tuple[str, ...]
    length: str
    jurisdiction: str = ""
    source: str = ""
    title: str = ""


@dataclass(frozen=True)
class QuestionSet:
    """A named list of cases, the portal request they share and the texts baselines search."""

    name: str
    kind: str
    cases: tuple[Case, ...]
    about: str
    portal: dict[str, str] = field(default_factory=dict)
    # Baselines: the columns searched (statutes: the body; papers: abstract, title, authors).
    fields: tuple[str, ...] = ("body",)


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The JSON objects of a JSON Lines file (blank lines skipped)."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _length(row: dict[str, Any], query: str) -> str:
    given = str(row.get("length") or "")
    return given if given in LENGTHS else length_of(query)


def question_case(row: dict[str, Any], number: int) -> Case:
    """A statute question row (`query`, `jurisdiction`, `source`, `title`, `gold`)."""
    query = str(row["query"])
    return Case(
        qid=str(row.get("qid") or number),
        query=query,
        gold=tuple(str(g) for g in row["gold"]),
        length=_length(row, query),
        jurisdiction=str(row.get("jurisdiction") or ""),
        source=str(row.get("source") or ""),
        title=str(row.get("title") or ""),
    )


def statute_questions(name: str, path: Path, about: str, split: str = "") -> QuestionSet:
    rows = [r for r in read_rows(path) if not split or r.get("split") == split]
    cases = tuple(question_case(row, n) for n, row in enumerate(rows, 1))
    return QuestionSet(name, STATUTES, cases, about, {"limit": "10"})


def statute_headings(path: Path) -> QuestionSet:
    """bench/devset/statutes.jsonl: a heading's words find their section (body searched)."""
    cases = tuple(
        Case(str(n), str(r["q"]), (str(r["id"]),), length_of(str(r["q"])), str(r["jurisdiction"]))
        for n, r in enumerate(read_rows(path), 1)
    )
    about = "known items: a section's heading words, body searched, in its jurisdiction"
    return QuestionSet("statute_headings", STATUTES, cases, about, {"limit": "10"})


def scitldr(path: Path) -> QuestionSet:
    """SciTLDR summaries: the paper's rank, `match=any_words`; baselines over abstracts."""
    cases = tuple(
        Case(
            str(r.get("query_id") or n),
            str(r["query"]),
            tuple(r["relevant"]),
            length_of(str(r["query"])),
        )  # fmt: skip
        for n, r in enumerate(read_rows(path), 1)
    )
    about = "a one-sentence summary finds its paper (match=any_words, one chunk per paper)"
    portal = {"match": "any_words", **PAPER_REQUEST}
    return QuestionSet("papers_scitldr_dev", PAPERS, cases, about, portal, ("text",))


def paper_descriptions(name: str, path: Path, about: str, split: str) -> QuestionSet:
    """Our own descriptions of papers (one half); baselines over abstracts and titles."""
    rows = [r for r in read_rows(path) if r.get("split") == split]
    cases = tuple(
        Case(
            str(r["qid"]),
            str(r["query"]),
            tuple(str(g) for g in r["gold"]),
            _length(r, str(r["query"])),
        )  # fmt: skip
        for r in rows
    )
    portal = {"match": "any_words", **PAPER_REQUEST}
    return QuestionSet(name, PAPERS, cases, about, portal, ("text", "title"))


def paper_titles(path: Path) -> QuestionSet:
    """bench/devset/papers.jsonl: title words find the paper (`match=any_words`)."""
    cases = tuple(
        Case(str(n), str(r["query"]), (str(r["paper_id"]),), length_of(str(r["query"])))
        for n, r in enumerate(read_rows(path), 1)
    )
    about = "known items: a paper's title words (match=any_words)"
    portal = {"match": "any_words", **PAPER_REQUEST}
    return QuestionSet("paper_titles", PAPERS, cases, about, portal, ("text", "title", "authors"))


def paper_authors(path: Path) -> QuestionSet:
    """bench/devset/paper_authors.jsonl: an author's name finds one of their papers."""
    cases = tuple(
        Case(
            str(n),
            str(r["query"]),
            tuple(str(p) for p in r["paper_ids"]),
            length_of(str(r["query"])),
        )  # fmt: skip
        for n, r in enumerate(read_rows(path), 1)
    )
    about = "known items: an author's name finds any of their papers (default match=all_words)"
    return QuestionSet(
        "paper_authors", PAPERS, cases, about, dict(PAPER_REQUEST), ("text", "title", "authors")
    )


Loader = Callable[[], QuestionSet]
QUESTIONS_ABOUT = "questions in a person's words; gold chosen by reading the chapter"


def ours(split: str, about: str) -> tuple[str, tuple[Path, Loader]]:
    """One split of our statute question file as a set: its name, its file and its loader."""
    name = f"statutes_questions_ours_{split}"
    path = DEVSET / OURS_FILE
    return name, (
        path,
        lambda: statute_questions(name, path, f"{QUESTIONS_ABOUT} ({about})", split),
    )


# Every set, in report order: name -> (file, loader).
SETS: dict[str, tuple[Path, Loader]] = {
    "statutes_questions_dev": (
        SHARED / "statutes_questions_dev.jsonl",
        lambda: statute_questions(
            "statutes_questions_dev", SHARED / "statutes_questions_dev.jsonl", QUESTIONS_ABOUT
        ),
    ),
    **dict(
        ours(split, about)
        for split, about in (
            ("tune", "tune half"),
            ("tune2", "second tune set: the shared dev set's chapters, read through"),
            ("tune4", "fourth tune set: federal housing, mortgage and manufactured-home"
             " sections no earlier set used"),
            ("tune5", "fifth tune set: MO, IA and VA housing law outside the landlord-tenant"
             " chapters"),
            ("tune6", "sixth tune set: MO, IA and VA landlord-tenant sections no earlier set"
             " used"),
            ("tune7", "seventh tune set: federal consumer law, truth in lending, credit"
             " reports, warranties, servicemembers"),
            ("tune8", "eighth tune set: WA, CT and MI landlord-tenant sections no earlier set"
             " used"),
            ("check", "check half: do not tune on it"),
            ("check2", "second check, South Carolina: do not tune on it"),
            ("check3", "third check, the shared dev set's jurisdictions: do not tune on it"),
            ("rephrase", "tune2's sections asked again by writers who never saw its questions;"
             " read for the map round of December 4 2026"),
            ("rephrase2", "tune2's sections asked a third time by writers who saw neither"
             " earlier set nor the map, before December 4's map rounds: do not tune on it"),
            ("rephrase3", "tune2's sections asked a fourth time, by writers who saw no earlier"
             " set: a tune set"),
            ("check4", "fourth check: five jurisdictions no other set asks about, UT, WY, WV,"
             " MD, PA: do not tune on it"),
            ("check5", "fifth check: federal housing, mortgage and manufactured-home sections"
             " no other set asks about, written after tune4's map round: do not tune on it"),
            ("check6", "sixth check: WA, CT and MI housing law outside the landlord-tenant"
             " chapters: do not tune on it"),
            ("check7", "seventh check: WA, CT and MI landlord-tenant sections no other set"
             " asks about: do not tune on it"),
            ("check8", "eighth check: federal consumer law other than tune7's, debt"
             " collection, credit repair, equal credit, electronic transfers, RESPA, fair"
             " housing: do not tune on it"),
            ("check9", "ninth check: HI, DE, NM and NE landlord-tenant sections no other set"
             " asks about: do not tune on it"),
        )
    ),
    "statute_headings": (
        DEVSET / "statutes.jsonl",
        lambda: statute_headings(DEVSET / "statutes.jsonl"),
    ),
    "papers_scitldr_dev": (
        SHARED / "papers_scitldr_dev.jsonl",
        lambda: scitldr(SHARED / "papers_scitldr_dev.jsonl"),
    ),
    "papers_descriptions_ours_tune": (
        DEVSET / PAPERS_OURS_FILE,
        lambda: paper_descriptions(
            "papers_descriptions_ours_tune", DEVSET / PAPERS_OURS_FILE,
            DESCRIPTIONS_ABOUT + " (tune half)", "tune",
        ),
    ),
    "papers_descriptions_ours_check": (
        DEVSET / PAPERS_OURS_FILE,
        lambda: paper_descriptions(
            "papers_descriptions_ours_check", DEVSET / PAPERS_OURS_FILE,
            DESCRIPTIONS_ABOUT + " (check half: do not tune on it)", "check",
        ),
    ),
    "paper_titles": (DEVSET / "papers.jsonl", lambda: paper_titles(DEVSET / "papers.jsonl")),
    "paper_authors": (
        DEVSET / "paper_authors.jsonl",
        lambda: paper_authors(DEVSET / "paper_authors.jsonl"),
    ),
}  # fmt: skip


def load_sets(names: list[str] | None = None) -> tuple[list[QuestionSet], list[str]]:
    """The named sets (all by default) that exist, and a line for each one skipped."""
    unknown = sorted(set(names or ()) - set(SETS))
    if unknown:
        raise ValueError(f"unknown sets {unknown}; choose from {', '.join(SETS)}")
    found, skipped = [], []
    for name in names or list(SETS):
        path, loader = SETS[name]
        if not path.exists():
            skipped.append(f"{name}: skipped, {path} is absent")
            continue
        found.append(loader())
    return found, skipped
