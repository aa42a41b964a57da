"""The two baselines a Django developer could write in an afternoon, over the same texts.

Both take the query's words (split on non-alphanumerics, lower-cased, minus the portal's
stop words, each once) as an OR, rank by plain BM25 with each engine's defaults, and are
confined as the portal is: to the case's jurisdiction (its shard), to `source`/`title` when
the case names them, else to statutes (and the default regulation sources). A shard's
texts are fixed by its stamp, so each answer is computed once and kept beside it.
"""

import json
import re
import sqlite3
from pathlib import Path

import tantivy
from django.conf import settings

from bench.quality import shards
from bench.quality.portal import Answer
from bench.quality.scoring import K
from bench.quality.sets import PAPERS, Case, QuestionSet
from search.text.stopwords import STOP_WORDS

WORD = re.compile(r"[^\W_]+")
FTS5, TANTIVY = "fts5", "tantivy"
ANSWERS = "answers.sqlite3"
Must, Should = tantivy.Occur.Must, tantivy.Occur.Should


def words(query: str) -> list[str]:
    """The query's non-stop words, lower-cased, each once, in order."""
    found = (w.lower() for w in WORD.findall(query))
    return list(dict.fromkeys(w for w in found if w not in STOP_WORDS and len(w) < 40))


def _scope(case: Case) -> tuple[str, tuple[str, ...]]:
    """An SQL condition on the unindexed filter columns and its parameters."""
    if case.source:
        if case.title:
            return "source = ? AND title = ?", (case.source, case.title)
        return "source = ?", (case.source,)
    defaults = tuple(settings.PORTAL_DEFAULT_REGULATION_SOURCES)
    marks = ", ".join("?" * len(defaults))
    inside = f" OR source IN ({marks})" if defaults else ""
    return f"(corpus = 'statute'{inside})", defaults


class Baselines:
    """The shards' FTS5 databases and tantivy indexes, opened on first use."""

    def __init__(self, cache: Path, log: shards.Log, depth: int = K) -> None:
        self.cache = cache
        self.log = log
        self.depth = depth
        self.folders: dict[tuple[str, str], Path] = {}
        self.databases: dict[Path, sqlite3.Connection] = {}
        self.indexes: dict[Path, tantivy.Index] = {}

    def prepare(self, questions: QuestionSet) -> None:
        """Write (or find) every shard the set's cases need, before any query runs."""
        for case in questions.cases:
            self.folder(questions.kind, case)

    def folder(self, kind: str, case: Case) -> Path:
        shard = shards.shard_of(kind, case.jurisdiction)
        if not shard:
            raise ValueError("the baselines need a jurisdiction for a statute case")
        if (kind, shard) not in self.folders:
            self.folders[kind, shard] = shards.ensure(self.cache, kind, shard, self.log)
        return self.folders[kind, shard]

    def close(self) -> None:
        for db in self.databases.values():
            db.close()
        self.databases.clear()
        self.indexes.clear()

    def search(self, engine: str, questions: QuestionSet, case: Case) -> Answer:
        """The engine's top keys; answers are kept beside the shard (its texts never change)."""
        terms = words(case.query)
        if not terms:
            return Answer([])
        folder = self.folder(questions.kind, case)
        defaults = sorted(settings.PORTAL_DEFAULT_REGULATION_SOURCES)
        scope = [case.source, case.title, defaults] if questions.kind != PAPERS else []
        deeper = [self.depth] if self.depth != K else []  # keys of top-10 answers stay as they were
        key = json.dumps([engine, questions.fields, scope, terms, *deeper])
        kept = self.kept(folder)
        row = kept.execute("SELECT keys FROM answers WHERE key = ?", (key,)).fetchone()
        if row is not None:
            return Answer(json.loads(row[0]))
        if engine == FTS5:
            found = self.fts5(folder, questions, case, terms)
        else:
            found = self.tantivy(folder, questions, case, terms)
        with kept:
            kept.execute("INSERT OR REPLACE INTO answers VALUES (?, ?)", (key, json.dumps(found)))
        return Answer(found)

    def kept(self, folder: Path) -> sqlite3.Connection:
        """The shard's table of answers already computed (shared by concurrent runs)."""
        path = folder / ANSWERS
        if path not in self.databases:
            db = sqlite3.connect(path, timeout=60)
            db.execute("CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, keys TEXT)")
            self.databases[path] = db
        return self.databases[path]

    def fts5(self, folder: Path, questions: QuestionSet, case: Case, terms: list[str]) -> list[str]:
        path = folder / "fts5.sqlite3"
        if path not in self.databases:
            self.databases[path] = sqlite3.connect(path)
        columns = " ".join(questions.fields)
        ors = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        expression = f"{{{columns}}}: ({ors})"
        condition, params = ("1", ()) if questions.kind == PAPERS else _scope(case)
        rows = self.databases[path].execute(
            f"SELECT id FROM docs WHERE docs MATCH ? AND {condition} ORDER BY bm25(docs) LIMIT ?",
            (expression, *params, self.depth),
        )
        return [row[0] for row in rows]

    def tantivy(
        self, folder: Path, questions: QuestionSet, case: Case, terms: list[str]
    ) -> list[str]:
        if folder not in self.indexes:
            index = tantivy.Index.open(str(folder / "tantivy"))
            index.reload()
            self.indexes[folder] = index
        index = self.indexes[folder]
        schema = index.schema
        clauses = [
            (Should, tantivy.Query.term_query(schema, field, term))
            for term in terms
            for field in questions.fields
        ]
        query = tantivy.Query.boolean_query(clauses)
        if questions.kind != PAPERS:
            query = tantivy.Query.boolean_query(
                [(Must, query), (Must, tantivy.Query.const_score_query(_filter(schema, case), 0.0))]
            )
        searcher = index.searcher()
        hits = searcher.search(query, self.depth).hits
        return [str(searcher.doc(address).get_first("id")) for _, address in hits]


def _filter(schema: tantivy.Schema, case: Case) -> tantivy.Query:
    """The tantivy twin of `_scope`."""
    if case.source:
        parts = [(Must, tantivy.Query.term_query(schema, "source", case.source))]
        if case.title:
            parts.append((Must, tantivy.Query.term_query(schema, "title", case.title)))
        return tantivy.Query.boolean_query(parts)
    either = [(Should, tantivy.Query.term_query(schema, "corpus", "statute"))]
    defaults = list(settings.PORTAL_DEFAULT_REGULATION_SOURCES)
    if defaults:
        either.append((Should, tantivy.Query.term_set_query(schema, "source", defaults)))
    return tantivy.Query.boolean_query(either)
