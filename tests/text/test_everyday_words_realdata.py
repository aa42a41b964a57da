"""The everyday-words map against the real data: every code word it adds is one the codes use.

A code term that no section holds can never match, so it only costs a clause (and a line in
`terms_added` that promises what the search cannot find). Each term must occur, as the index
analyzer splits it, in some section's body or heading (the heading ranks a match too).
"""

import gzip
import json
from pathlib import Path

import pytest

from search.text.everyday_words import ENTRIES
from tests.reference_tokenizer import simple_tokenize

pytestmark = [pytest.mark.realdata, pytest.mark.slow]


def code_terms() -> set[tuple[str, ...]]:
    """Every code term of the map, as tokens."""
    return {tuple(simple_tokenize(code)) for _, codes in ENTRIES for code in codes}


def missing_from(paths: list[Path], terms: set[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The terms no body or heading in `paths` holds (a phrase: its tokens in a row);
    reading stops once every term has been seen."""
    words = {t[0] for t in terms if len(t) == 1}
    phrases = {" ".join(t) for t in terms if len(t) > 1}
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                if not words and not phrases:
                    return set()
                row = json.loads(line)
                for text in (row["body"], row.get("heading") or ""):
                    tokens = simple_tokenize(text)
                    words.difference_update(tokens)
                    if phrases:
                        joined = f" {' '.join(tokens)} "
                        phrases = {p for p in phrases if f" {p} " not in joined}
    return {(w,) for w in words} | {tuple(p.split()) for p in phrases}


# The map's words were met reading these sources, so they are read first: a run that passes
# stops early; one that fails reads every file.
FIRST = ("wa-", "va-", "ct-", "ia-", "mi-", "mo-", "cfr-24", "cfr-12", "cfr-7", "usc")


def reading_order(path: Path) -> tuple[int, str]:
    firsts = [i for i, start in enumerate(FIRST) if path.name.startswith(start)]
    return (firsts[0] if firsts else len(FIRST), path.name)


def test_every_code_term_occurs_in_the_statute_texts(real_data_dir: Path) -> None:
    paths = sorted((real_data_dir / "statutes").glob("*.jsonl.gz"), key=reading_order)
    assert len(paths) > len(FIRST)
    assert sorted(missing_from(paths, code_terms())) == []


def test_a_term_no_section_holds_is_reported(tmp_path: Path) -> None:
    rows = [
        {"body": "The landlord shall refund the security deposit.", "heading": "Deposits"},
        {"body": "Notice to quit.", "heading": None},
    ]
    path = tmp_path / "xx-stat.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write("".join(json.dumps(r) + "\n" for r in rows))
    terms = {("refund",), ("security", "deposit"), ("quit",), ("deposits",), ("side", "payment")}
    terms |= {("deposit", "refund"), ("evict",)}
    assert missing_from([path], terms) == {("side", "payment"), ("deposit", "refund"), ("evict",)}
