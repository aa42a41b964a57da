"""Ingest fuzz: a data file mixing valid rows with malformed lines of every kind.

Invariant: every malformed line is reported (file, line, reason) and skipped; every valid row
lands exactly as written; nothing else in the file is lost and the ingest never crashes.
"""

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from search.ingest.papers import ingest_papers
from search.ingest.statutes import ingest_statutes
from search.models import Chunk, IngestedFile, Paper, Section
from tests.corpus import paper, section
from tests.fuzz_report import FUZZ_CASES

pytestmark = pytest.mark.django_db

EXAMPLES = 60

# Text for valid rows: any printable or odd Unicode, including markup and SQL, never blank.
body_text = st.text(
    alphabet=st.characters(codec="utf-8", exclude_characters="\x00"), min_size=1, max_size=200
).filter(lambda s: s.strip())
no_newline_bytes = st.binary(min_size=1, max_size=80).filter(lambda b: b"\n" not in b)


def _broken_rows() -> st.SearchStrategy[bytes]:
    """One malformed line (without its newline), of a kind the reader or validator must catch."""
    good = section("fz:statute:bad", "text")
    missing = st.sampled_from(["id", "body", "citation", "as_of", "jurisdiction"]).map(
        lambda field: {k: v for k, v in good.items() if k != field}
    )
    wrong_type = st.sampled_from(
        [("body", 5), ("id", None), ("body", ["a"]), ("section", {}), ("as_of", True)]
    ).map(lambda pair: {**good, pair[0]: pair[1]})
    blank_required = st.sampled_from(["body", "id", "citation"]).map(
        lambda field: {**good, field: "  \t "}
    )
    bad_corpus = st.text(max_size=10).filter(lambda s: s not in ("statute", "regulation"))
    as_json = st.one_of(
        missing,
        wrong_type,
        blank_required,
        bad_corpus.map(lambda c: {**good, "corpus": c}),
        st.sampled_from([[], [good], 42, "a string", None, True]),
    ).map(lambda value: json.dumps(value).encode())
    raw = st.one_of(
        no_newline_bytes.filter(lambda b: b.strip()),
        st.sampled_from(
            [
                b'{"id": "fz:statute:x", "body": "\xff\xfe"}',  # invalid UTF-8
                b'{"id": "fz:statute:x", "body": "unclosed',
                b"{'single': 'quotes'}",
                b"\xef\xbb\xbf{}",  # byte-order mark, then an empty object
                b"NaN",
                b'{"a": 1}{"b": 2}',
                *UNSTORABLE_LINES,
                *NASTY_PAPER_LINES,
            ]
        ),
    )
    return st.one_of(as_json, raw)


# Valid JSON, but text no database can store: reported, not a crash.
UNSTORABLE_LINES = [
    json.dumps(section("fz:statute:s", "lone \ud800 surrogate")).encode(),
    json.dumps(section("fz:statute:n", "nul \x00 char")).encode(),
]
NASTY_PAPER_LINES = [
    b'{"paper_id": ["fz:0"], "text": "list as id", "source": "t"}',
    b'{"paper_id": {"x": 1}, "text": "object as id", "source": "t"}',
    b'{"paper_id": "fz:0", "chunk_index": -1, "text": "negative"}',
    b'{"paper_id": "fz:0", "chunk_index": 1.5, "text": "fraction"}',
    b'{"paper_id": "fz:0", "text": "x", "entities": [1, 2]}',
    b'{"paper_id": "fz:0", "chunk_index": -1, "text": "x", "source": "t", '
    b'"published": "2025-13-45"}',
    b'{"paper_id": "fz:0", "chunk_index": -2, "text": "x", "source": "t", "authors": [1]}',
]


def _valid_row(number: int, body: str, heading: str | None) -> dict[str, Any]:
    return section(f"fz:statute:{number}", body, heading=heading, source="fz-stat")


entries = st.lists(
    st.one_of(
        st.tuples(st.just("valid"), body_text, st.one_of(st.none(), body_text)),
        st.tuples(st.just("bad"), _broken_rows(), st.none()),
        st.tuples(st.just("duplicate"), st.just(b""), st.none()),
        st.tuples(st.just("blank"), st.sampled_from([b"", b"   ", b"\t"]), st.none()),
    ),
    min_size=1,
    max_size=25,
)


def _reset() -> None:
    Section.objects.all().delete()
    IngestedFile.objects.all().delete()


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@example(
    entries=[
        ("valid", "first <b>body</b>", None),
        *(("bad", line, None) for line in UNSTORABLE_LINES),
        ("duplicate", b"", None),
        ("valid", "last body", "heading"),
    ]
)
@given(entries=entries)
def test_malformed_statute_rows_are_reported_and_nothing_else_is_lost(
    entries: list[tuple[str, Any, Any]],
) -> None:
    _reset()
    FUZZ_CASES["ingest: statutes"] += 1
    lines: list[bytes] = []
    expected: dict[str, dict[str, Any]] = {}
    bad_lines: set[int] = set()
    for kind, payload, extra in entries:
        if kind == "valid":
            row = _valid_row(len(lines), payload, extra)
            expected[row["id"]] = row
            lines.append(json.dumps(row, ensure_ascii=bool(len(lines) % 2)).encode())
        elif kind == "duplicate" and expected:
            lines.append(json.dumps(next(iter(expected.values()))).encode())
            bad_lines.add(len(lines))
        elif kind == "bad":
            lines.append(payload)
            bad_lines.add(len(lines))
        elif kind == "blank":
            lines.append(payload)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "statutes"
        folder.mkdir()
        (folder / "fz-stat.jsonl").write_bytes(b"\n".join(lines) + b"\n")
        summary = ingest_statutes(Path(tmp))

    assert summary.total("skipped") == len(bad_lines)
    assert {p.line for p in summary.problems} == bad_lines
    assert all(p.file == "fz-stat.jsonl" and p.reason for p in summary.problems)
    stored = {s.id: s for s in Section.objects.all()}
    assert set(stored) == set(expected)
    for id_, row in expected.items():
        assert stored[id_].body == row["body"]
        assert stored[id_].heading == row["heading"]


@settings(
    max_examples=EXAMPLES // 2,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@example(titles=["LoRA"], junk=NASTY_PAPER_LINES, chunk_texts=["body text"])
@given(
    titles=st.lists(st.one_of(body_text, st.none()), min_size=1, max_size=8),
    junk=st.lists(_broken_rows(), max_size=5),
    chunk_texts=st.lists(body_text, max_size=6),
)
def test_malformed_paper_and_chunk_rows_are_reported_and_nothing_else_is_lost(
    titles: list[str | None], junk: list[bytes], chunk_texts: list[str]
) -> None:
    Chunk.objects.all().delete()
    Paper.objects.all().delete()
    IngestedFile.objects.all().delete()
    FUZZ_CASES["ingest: papers"] += 1
    papers = [
        paper(f"fz:{i}", title if title is not None else "", f"abstract {i} {title}")
        for i, title in enumerate(titles)
    ]
    paper_lines = [json.dumps(p).encode() for p in papers] + junk
    chunks = [
        {"paper_id": "fz:0", "chunk_index": i + 1, "section": "Body", "text": text}
        for i, text in enumerate(chunk_texts)
    ]
    chunk_lines = [json.dumps(c).encode() for c in chunks] + junk
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "papers"
        folder.mkdir()
        (folder / "papers.jsonl").write_bytes(b"\n".join(paper_lines) + b"\n")
        (folder / "chunks.jsonl").write_bytes(b"\n".join(chunk_lines) + b"\n")
        summary = ingest_papers(Path(tmp))

    assert summary.total("skipped") == 2 * len(junk)
    assert {p.paper_id: p.title for p in Paper.objects.all()} == {
        p["paper_id"]: p["title"] for p in papers
    }
    stored_chunks = dict(
        Chunk.objects.filter(paper__paper_id="fz:0", chunk_index__gt=0).values_list(
            "chunk_index", "text"
        )
    )
    # Chunk 0 is the abstract, so the source's body chunks move up by one.
    assert stored_chunks == {c["chunk_index"] + 1: c["text"] for c in chunks}
