"""Paper rows read as before: titles and author names against `tests/paper_rows_reference.py`.

Author names are now looked at together first (a query word in none of them settles them
all), lowering skips its character-by-character form where no capital sigma is, and the
terms a title or name matched are taken from its spans. The rows must be those the previous
reading gives: snippets, matched terms and fields, marked title and names. Written names
(accents, a capital sigma, a word split across two names, hundreds of authors) and, on
real papers, real titles and author lists with queries of their own words and names.
"""

import gzip
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import tantivy

from bench import workload
from search.backends.paper_search import PoolHit
from search.backends.tantivy.analysis import tokenize
from search.backends.tantivy.paper_rows import SIGMA, RowReader, _lowered_apart
from search.text.query import ParsedQuery, parse_query
from tests.paper_rows_reference import ReferenceRowReader

SEED = 5
REAL_PAPERS = 3000
REAL_QUERIES = 400
WRITTEN = [
    ("Low-Rank Adaptation of Large Language Models", ["Edward J. Hu", "Yelong Shen"]),
    ("Σοφία and the ΟΔΥΣΣΕΑΣ corpus", ["Σοφία Παπαδοπούλου", "ΟΔΥΣΣΕΑΣ ΚΑΡΑΣ", "Ödön Ürge"]),
    ("Straße über alles: İstanbul Ǆ Ǉ", ["José Álvarez-Muñoz", "Zoë Brontë", "İlker Ağa"]),
    ("Nothing here", ["Li", "Wei", "Li Wei", "Chen-An Li", "Hu Edward"]),
    ("Many authors", [f"Author Number{n} Person" for n in range(300)] + ["Yelong Shen"]),
    ("", []),
]


def _doc(title: str, authors: list[str], text: str) -> tantivy.Document:
    return tantivy.Document(title=[title], authors=authors, text=[text], chunk_index=[0])


def _hit(number: int) -> PoolHit:
    return PoolHit(number, 1.0, 1, number, number, 0, 0)


def _queries(texts: list[str]) -> Iterator[ParsedQuery]:
    for text in texts:
        yield parse_query(text, tokenize)


def _same_rows(queries: list[ParsedQuery], docs: list[tantivy.Document]) -> int:
    """Compare every query's rows of every document; how many rows had marked names."""
    marked = 0
    for query in queries:
        if query.is_empty:
            continue
        new, old = RowReader(query), ReferenceRowReader(query)
        for number, doc in enumerate(docs):
            row = new.read(doc, _hit(number), 1.0, ())
            assert row == old.read(doc, _hit(number), 1.0, ()), (query, number)
            marked += row.authors_marked != row.authors
    return marked


def test_written_titles_and_names_read_as_before() -> None:
    docs = [_doc(t, a, f"{t} text about {' '.join(a[:3])}") for t, a in WRITTEN]
    texts = [
        "low rank adaptation",
        "Hu",
        "edward hu",
        "yelong shen",
        '"yelong shen"',
        "shen",
        "σοφία",
        "οδυσσεας",
        "ΟΔΥΣΣΕΑΣ",
        "οδυσσεασ",
        "ödön",
        "josé álvarez",
        "muñoz",
        "zoë",
        "straße",
        "istanbul",
        "i̇lker",
        "ǆ",
        "li wei",
        "wei li",
        "chen an li",
        '"li wei"',
        "number299 person",
        "number12",
        "nothing",
        "corpus and",
        "shen li",
    ]
    assert _same_rows(list(_queries(texts)), docs) > 20


def test_lowering_apart_differs_only_at_a_capital_sigma() -> None:
    every = [chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF]
    text = "a".join(char for char in every if char != SIGMA)
    assert text.lower() == _lowered_apart(text)
    assert f"ΟΔΥΣ{SIGMA}".lower() != _lowered_apart(f"ΟΔΥΣ{SIGMA}")


def _real_papers(real: Path) -> list[dict[str, object]]:
    found = []
    with gzip.open(real / "papers" / "papers.jsonl.gz", "rt", encoding="utf-8") as lines:
        for line in lines:
            found.append(json.loads(line))
            if len(found) == REAL_PAPERS:
                break
    return found


@pytest.mark.realdata
def test_real_titles_and_author_lists_read_as_before(real_data_dir: Path) -> None:
    papers = _real_papers(real_data_dir)
    chance = random.Random(SEED)
    docs = [
        _doc(str(p["title"]), [str(a) for a in p["authors"]], str(p.get("abstract") or ""))  # type: ignore[attr-defined]
        for p in papers
    ]
    texts = list(workload.paper_queries(30))
    for paper in chance.sample(papers, REAL_QUERIES // 4):
        authors = [str(a) for a in paper["authors"]]  # type: ignore[attr-defined]
        words = str(paper["title"]).split()
        name = chance.choice(authors) if authors else "nobody"
        start = chance.randrange(max(len(words) - 1, 1))
        texts += [name, name.split()[-1], " ".join(words[start : start + 2]),
                  f'"{" ".join(words[start : start + 2])}" {name.split()[0]}']  # fmt: skip
    named = [set(tokenize(" ".join(d.get_all("authors")))) for d in docs]
    queries = list(_queries(texts))
    for query in queries:
        if query.is_empty:
            continue
        # The papers naming the query's words, and others: each query reads 20 rows.
        wanted = set(query.all_words())
        holding = [d for d, words in zip(docs, named, strict=True) if wanted & words]
        chosen = holding[:10] + chance.sample(docs, 20 - min(len(holding), 10))
        _same_rows([query], chosen)
    assert len(queries) > REAL_QUERIES
