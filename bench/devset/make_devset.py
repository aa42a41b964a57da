"""Write the retrieval-quality dev set from the real data (seeded, deterministic).

    python -m bench.devset.make_devset [--data DIR]

- `statutes.jsonl`: known-item queries made from a section's heading, which is not indexed
  (only the body is searched), run confined to the section's jurisdiction. Each row holds
  the target `id`, its `jurisdiction` and `q`: the heading's words minus stop words, at most
  MAX_STATUTE_TERMS of them. Only statute sections whose heading is a real, unique title
  qualify (not "Repealed.", not a heading repeated in the same jurisdiction, not one that
  runs into the body text).
- `papers.jsonl`: title-word queries for a paper's abstract chunk (`chunk_index` 0): the
  title's words minus stop words, at most MAX_PAPER_TERMS, run with `match=any_words`.
- `paper_authors.jsonl`: an author's name as typed ('First Last') for the papers they wrote
  (`paper_ids`, all relevant), run with the default `match=all_words`. Only names of two or
  more words, written the same way on every paper, with one to MAX_AUTHOR_PAPERS papers.

Rows hold ids and short query text only, never body text.
"""

import argparse
import gzip
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from search.text.stopwords import STOP_WORDS
from tests.reference_tokenizer import simple_tokenize

SEED = 20260601
STATUTE_QUERIES = 300
PAPER_QUERIES = 200
AUTHOR_QUERIES = 100
MAX_AUTHOR_PAPERS = 5
MAX_STATUTE_TERMS = 8
MAX_PAPER_TERMS = 6
MIN_TERMS = 2
MIN_PAPER_TERMS = 3
MAX_HEADING_CHARS = 100
# Headings that name no content: many sections share them, so they identify nothing.
EMPTY_HEADINGS = (
    "repeal",
    "reserved",
    "renumbered",
    "transferred",
    "expired",
    "omitted",
    "vacant",
    "superseded",
)
HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parents[2] / "shared" / "data"


def rows(path: Path) -> Iterator[dict[str, Any]]:
    """Rows of a JSON Lines file, plain or gzip-compressed."""
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def content_terms(text: str, cap: int) -> list[str]:
    """Distinct non-stop tokens of `text` in order, at most `cap`."""
    found = dict.fromkeys(t for t in simple_tokenize(text) if t not in STOP_WORDS)
    return list(found)[:cap]


def statute_candidates(folder: Path) -> list[dict[str, str]]:
    """One candidate per qualifying statute section, sorted by id."""
    found: list[dict[str, str]] = []
    for path in sorted(folder.glob("*.jsonl*")):
        for row in rows(path):
            heading = (row.get("heading") or "").strip()
            if row.get("corpus") != "statute" or not _good_heading(heading):
                continue
            terms = content_terms(heading, MAX_STATUTE_TERMS)
            if len(terms) < MIN_TERMS or not any(len(t) >= 4 and t.isalpha() for t in terms):
                continue
            found.append(
                {"id": row["id"], "jurisdiction": row["jurisdiction"], "q": " ".join(terms)}
            )
    repeated = Counter((c["jurisdiction"], c["q"]) for c in found)
    unique = [c for c in found if repeated[(c["jurisdiction"], c["q"])] == 1]
    return sorted(unique, key=lambda c: c["id"])


def _good_heading(heading: str) -> bool:
    lowered = heading.lower()
    return (
        0 < len(heading) <= MAX_HEADING_CHARS
        and "\n" not in heading
        and not any(word in lowered for word in EMPTY_HEADINGS)
    )


def paper_candidates(path: Path) -> list[dict[str, Any]]:
    """One candidate per paper with an abstract and a title of enough words, by paper_id."""
    found = []
    for row in rows(path):
        if not (row.get("abstract") or "").strip():
            continue
        terms = content_terms(row.get("title") or "", MAX_PAPER_TERMS)
        if len(terms) >= MIN_PAPER_TERMS:
            found.append({"paper_id": row["paper_id"], "chunk_index": 0, "query": " ".join(terms)})
    repeated = Counter(c["query"] for c in found)
    return sorted((c for c in found if repeated[c["query"]] == 1), key=lambda c: c["paper_id"])


def author_candidates(path: Path) -> list[dict[str, Any]]:
    """One candidate per author name of two or more words, with the papers under that name."""
    papers: dict[str, list[str]] = {}
    for row in rows(path):
        for name in row.get("authors") or []:
            papers.setdefault(" ".join(name.split()), []).append(row["paper_id"])
    found = [
        {"query": name, "paper_ids": sorted(set(ids))}
        for name, ids in papers.items()
        if len(name.split()) >= 2 and 1 <= len(set(ids)) <= MAX_AUTHOR_PAPERS
    ]
    return sorted(found, key=lambda c: c["query"])


def write(path: Path, picked: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in picked))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the real data folder")
    parser.add_argument("--out", type=Path, default=HERE, help="where the .jsonl files go")
    args = parser.parse_args()
    # One random stream per set: new statute data leaves the paper sets as they are.
    statutes = statute_candidates(args.data / "statutes")
    papers = paper_candidates(next((args.data / "papers").glob("papers.jsonl*")))
    picked_statutes = sorted(
        random.Random(SEED).sample(statutes, STATUTE_QUERIES), key=lambda c: c["id"]
    )
    picked_papers = sorted(
        random.Random(SEED + 1).sample(papers, PAPER_QUERIES), key=lambda c: c["paper_id"]
    )
    authors = author_candidates(next((args.data / "papers").glob("papers.jsonl*")))
    picked_authors = sorted(
        random.Random(SEED + 2).sample(authors, AUTHOR_QUERIES), key=lambda c: c["query"]
    )
    write(args.out / "statutes.jsonl", picked_statutes)
    write(args.out / "papers.jsonl", picked_papers)
    write(args.out / "paper_authors.jsonl", picked_authors)
    print(
        f"{len(picked_statutes)} of {len(statutes)} statute candidates, "
        f"{len(picked_papers)} of {len(papers)} paper candidates, "
        f"{len(picked_authors)} of {len(authors)} author candidates"
    )


if __name__ == "__main__":
    main()
