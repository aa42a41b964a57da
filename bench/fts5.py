"""The peer baseline: SQLite FTS5 over the same rows (bm25(), snippet(), unicode61, no stemming).

Tables hold the same documents the tantivy build writes (`search.ops.builds.documents`), with
the searched text as the only full-text columns that are scored: statute `body` (its
`jurisdiction`, `corpus` and `source` are indexed columns so filters run inside the
full-text query, with weight 0 in `bm25()`); paper `text`, `title` and `authors`, weighted in
`bm25()` as ours weighs them (`FieldWeights`, the title at `TITLE_REPEATS`; FTS5 has no pair or
adjacency bonus). Queries are
built from the same parsed terms as ours: any-of is an OR of quoted terms, all-of an AND, a
phrase a quoted phrase. FTS5 cannot make a clause
optional, so a query with a phrase requires the phrase only (our workload never mixes them).
"""

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from django.conf import settings

from bench.raw import (
    DIVERSIFY_WINDOW,
    PAPER_LIMIT,
    STATUTE_LIMIT,
    TOP_ENTITIES,
    Prepared,
    round_robin,
)
from bench.workload import PaperCase, StatuteCase
from search.backends.paper_search import TITLE_REPEATS, FieldWeights
from search.backends.protocol import Document
from search.text.query import ParsedQuery

TOKENIZER = "unicode61 remove_diacritics 0"
BATCH = 2000
SNIPPET_TOKENS = 40
HL = ("'[hl]'", "'[/hl]'", "'…'")

STATUTE_TABLE = f"""CREATE VIRTUAL TABLE statutes USING fts5(
    body, jurisdiction, corpus, source, id UNINDEXED, tokenize = '{TOKENIZER}')"""
PAPER_TABLE = f"""CREATE VIRTUAL TABLE papers USING fts5(
    text, title, authors, paper_id UNINDEXED, chunk_index UNINDEXED, content_type UNINDEXED,
    paper_key UNINDEXED, concept_key UNINDEXED, entities UNINDEXED, tokenize = '{TOKENIZER}')"""
_WEIGHTS = FieldWeights()
# bm25() takes one weight per column, in table order (unindexed columns count too).
_PAPER_WEIGHTS = f"{_WEIGHTS.text}, {TITLE_REPEATS}, {_WEIGHTS.authors}"
PAPER_BM25 = f"bm25(papers, {_PAPER_WEIGHTS}, 0, 0, 0, 0, 0, 0)"


def connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, check_same_thread=False)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    return db


def build(path: Path, index_name: str, documents: Iterable[Document]) -> int:
    """Create the FTS5 table for `index_name` at `path` from `documents`; rows written."""
    db = connect(path)
    statutes = index_name == "statutes"
    db.execute(STATUTE_TABLE if statutes else PAPER_TABLE)
    sql = (
        "INSERT INTO statutes(rowid, body, jurisdiction, corpus, source, id) VALUES (?,?,?,?,?,?)"
        if statutes
        else "INSERT INTO papers(rowid, text, title, authors, paper_id, chunk_index, "
        "content_type, paper_key, concept_key, entities) VALUES (?,?,?,?,?,?,?,?,?,?)"
    )
    row = _statute_row if statutes else _paper_row
    count = 0
    batch = []
    with db:
        for doc in documents:
            batch.append(row(doc))
            if len(batch) == BATCH:
                db.executemany(sql, batch)
                count += len(batch)
                batch.clear()
        db.executemany(sql, batch)
        count += len(batch)
        table = "statutes" if statutes else "papers"
        db.execute(f"INSERT INTO {table}({table}) VALUES ('optimize')")
    db.close()
    return count


def _statute_row(doc: Document) -> tuple[object, ...]:
    return (
        doc["order"],
        doc.get("body", ""),
        doc.get("jurisdiction", ""),
        doc.get("corpus", ""),
        doc.get("source", ""),
        doc["id"],
    )


def _paper_row(doc: Document) -> tuple[object, ...]:
    return (
        doc["chunk_id"],
        doc["text"],
        doc.get("title", ""),
        "\n".join(doc.get("authors", [])),
        doc["paper_id"],
        doc["chunk_index"],
        doc["content_type"],
        doc["paper_key"],
        _signed(doc["concept_key"]),
        json.dumps(doc["entities"]),
    )


def _signed(key: int) -> int:
    """A u64 group key as SQLite's signed 64-bit integer (equality is all that matters)."""
    return key - (1 << 64) if key >= 1 << 63 else key


def quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def match_expression(parsed: ParsedQuery, mode: str) -> str:
    """The FTS5 query for parsed terms: phrases required, else terms by `mode`."""
    if parsed.phrases:
        return " AND ".join(quote(" ".join(p)) for p in parsed.phrases)
    joiner = " AND " if mode == "all_words" else " OR "
    return "(" + joiner.join(quote(t) for t in parsed.terms) + ")"


class Fts5Peer:
    """Queries on a built FTS5 database (one connection: use from one thread)."""

    def __init__(self, path: Path) -> None:
        self.db = connect(path)
        self.defaults = tuple(settings.PORTAL_DEFAULT_REGULATION_SOURCES)

    def close(self) -> None:
        self.db.close()

    def statute_expression(self, prepared: Prepared) -> str:
        case = prepared.case
        assert isinstance(case, StatuteCase)
        scope = " OR ".join(["corpus: statute", *(f"source: {quote(s)}" for s in self.defaults)])
        expr = f"body: {match_expression(prepared.parsed, 'any_words')} AND ({scope})"
        if case.jurisdiction:
            expr += f" AND jurisdiction: {quote(case.jurisdiction)}"
        return expr

    def statutes(self, prepared: Prepared, limit: int = STATUTE_LIMIT) -> list[str]:
        """Count, then the top ids by bm25 with snippets."""
        expr = self.statute_expression(prepared)
        self.db.execute("SELECT count(*) FROM statutes WHERE statutes MATCH ?", (expr,)).fetchone()
        rows = self.db.execute(
            f"SELECT id, bm25(statutes, 1.0, 0.0, 0.0, 0.0) AS score, "
            f"snippet(statutes, 0, {', '.join(HL)}, {SNIPPET_TOKENS}) FROM statutes "
            "WHERE statutes MATCH ? ORDER BY score LIMIT ?",
            (expr, limit),
        ).fetchall()
        return [row[0] for row in rows]

    def papers(self, prepared: Prepared, limit: int = PAPER_LIMIT) -> list[str]:
        """Count and top chunks with snippets; with facets/diversify also a window and GROUP BY."""
        case = prepared.case
        assert isinstance(case, PaperCase)
        mode = "all_words" if case.match == "phrase" else case.match
        expr = match_expression(prepared.parsed, mode)
        self.db.execute("SELECT count(*) FROM papers WHERE papers MATCH ?", (expr,)).fetchone()
        snippet = f"snippet(papers, 0, {', '.join(HL)}, {SNIPPET_TOKENS})"
        if not (case.facets or case.diversify):
            rows = self.db.execute(
                f"SELECT paper_id, chunk_index, {snippet} FROM papers WHERE papers MATCH ? "
                f"ORDER BY {PAPER_BM25} LIMIT ?",
                (expr, limit),
            ).fetchall()
            return [f"{r[0]}#{r[1]}" for r in rows]
        pool = self.db.execute(
            "SELECT rowid, paper_key, concept_key FROM papers WHERE papers MATCH ? "
            f"ORDER BY {PAPER_BM25} LIMIT ?",
            (expr, DIVERSIFY_WINDOW if case.diversify else limit),
        ).fetchall()
        chosen = [r[0] for r in pool[:limit]]
        if case.diversify:
            groups = [("p", r[1]) if not r[2] else ("c", r[2]) for r in pool]
            chosen = round_robin([r[0] for r in pool], groups)[:limit]
        if case.facets:
            self.db.execute(
                "SELECT content_type, count(*) FROM papers WHERE papers MATCH ? GROUP BY 1",
                (expr,),
            ).fetchall()
            self.db.execute(
                "SELECT e.value, count(*) AS n FROM papers, json_each(papers.entities) AS e "
                "WHERE papers MATCH ? GROUP BY 1 ORDER BY n DESC LIMIT ?",
                (expr, TOP_ENTITIES),
            ).fetchall()
        if not chosen:
            return []
        marks = ",".join("?" * len(chosen))
        rows = self.db.execute(
            f"SELECT rowid, paper_id, chunk_index, {snippet} FROM papers "
            f"WHERE papers MATCH ? AND rowid IN ({marks})",
            (expr, *chosen),
        ).fetchall()
        found = {r[0]: f"{r[1]}#{r[2]}" for r in rows}
        return [found[r] for r in chosen if r in found]
