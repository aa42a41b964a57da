"""The benchmark harness on the tiny test corpus, so `make bench` cannot rot.

Runs every section of `python -m bench --quick` in-process (builds without child
processes, HTTP against Django's live server instead of gunicorn) and checks that every
table comes out with every layer measured. It times nothing: speed lives in `make bench`.
"""

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from bench.config import QUICK
from bench.publish import write_report
from bench.runner import run

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = ("1. Query latency", "2. Peer baseline", "3. Indexing", "4. Scaling", "4b. Scaling",
          "5. Throughput", "6. Retrieval quality", "Answer quality by set",
          "Answer quality by query length", "7. Survey", "Targets")  # fmt: skip


def write_devset(folder: Path) -> Path:
    """Known items of the test corpus, in the committed dev set's format."""
    folder.mkdir()
    statutes = [{"id": "wa:statute:59.18.260", "jurisdiction": "wa",
                 "q": "security deposit written rental agreement"}]  # fmt: skip
    papers = [{"paper_id": "2502.00002", "chunk_index": 0, "query": "segment images transformer"}]
    authors = [{"query": "Grace Hopper", "paper_ids": ["2503.00003"]}]
    for name, rows in (("statutes", statutes), ("papers", papers), ("paper_authors", authors)):
        (folder / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


def test_quick_run_fills_every_table_at_every_layer(
    built_indexes: Path, live_server: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PORTAL_BENCH_CACHE", str(tmp_path / "quality-cache"))
    config = replace(QUICK, isolate_builds=False, load_seconds=0.2)
    results = run(
        config,
        workdir=tmp_path / "work",
        server_url=live_server.url,  # type: ignore[attr-defined]
        devset_dir=write_devset(tmp_path / "devset"),
        log=lambda message: None,
    )

    titles = [table.title for table in results.tables()]
    assert all(len(row) == len(t.headers) for t in results.tables() for row in t.rows)
    assert [t for t in TABLES if not any(title.startswith(t) for title in titles)] == []
    unavailable = {(r.kind, r.scenario): frozenset(r.unavailable) for r in results.latency}
    assert set(unavailable.values()) == {frozenset(), frozenset({"e"})}
    for scenario in results.latency:
        assert all(scenario.samples[layer].n > 0 for layer in ("a", "b", "c", "floor", "fts5"))
        # (e) runs the statute service's own compiled query: the same rows as (b).
        if scenario.kind == "statute":
            assert scenario.samples["e"].n > 0 and scenario.overlap["e"]
            assert set(scenario.overlap["e"]) == {1.0}
        else:
            assert unavailable[("paper", scenario.scenario)] == {"e"}
    assert [level.errors for level in results.load] == [0] * len(config.concurrency)
    assert all(level.completed > 0 for level in results.load)
    assert {b.engine for b in results.builds} == {"tantivy", "fts5", "read"}
    assert [p.copies for p in results.scaling] == [1, 2]
    largest = results.scaling[-1]
    assert largest.builds["papers"].docs == 2 * results.scaling[0].builds["papers"].docs
    assert all(r.samples["b"].n > 0 and not r.unavailable.keys() - {"c", "floor", "fts5"}
               - ({"e"} if r.kind == "paper" else set())
               for r in largest.queries.values())  # fmt: skip
    assert not (tmp_path / "work" / "scale").exists()
    assert results.quality["statutes"]["ours"].recall == 1.0
    assert results.quality["papers"]["ours"].recall == 1.0
    # Every committed dev set scored for the portal and both baselines, the quick run's
    # share of queries each (the shared benchmark sets too, where ../shared holds them).
    answers = {r.questions.name: r for r in results.answers}
    assert {"statute_headings", "paper_titles", "paper_authors"} <= set(answers)
    assert all(list(r.outcomes) == ["portal", "fts5", "tantivy"] for r in answers.values())
    assert all(0 < len(o.ranks) <= config.quality_limit for r in answers.values()
               for o in r.outcomes.values())  # fmt: skip
    assert [cost.differing for cost in results.survey] == [0, 0]
    assert all(cost.survey.n and cost.per_state.n and cost.one.n for cost in results.survey)

    verdicts = {row[-1] for row in results.tables()[-1].rows}
    assert verdicts <= {"holds", "falls short", "not measured"}

    report = write_report(results, tmp_path / "out")
    assert "### 6. Retrieval quality" in report.read_text()
    assert (tmp_path / "out" / "scaling-query.svg").read_text().startswith("<svg")
    assert (tmp_path / "out" / "scaling-build.svg").read_text().startswith("<svg")


def test_serving_runs_the_load_mix_on_every_gunicorn_shape(
    built_indexes: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the gunicorn servers read a copy of the SQLite test database")
    # gunicorn runs in other processes: they get a file copy of the in-memory test database.
    copy = tmp_path / "portal.sqlite3"
    connection.ensure_connection()
    with sqlite3.connect(copy) as target:
        connection.connection.backup(target)
    monkeypatch.setenv("PORTAL_SQLITE_PATH", str(copy))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    config = replace(QUICK, isolate_builds=False, sections=("serving",))
    results = run(
        config, workdir=tmp_path / "work", live_root=built_indexes, log=lambda message: None
    )

    assert list(results.serving) == [str(shape) for shape in config.serving_shapes]
    for levels in results.serving.values():
        assert [level.clients for level in levels] == list(config.concurrency)
        assert all(level.completed > 0 and level.errors == 0 for level in levels)
        assert all(level.server_ms_per_request > 0 for level in levels)
    serving = next(t for t in results.tables() if t.title.startswith("8. Serving"))
    assert all(len(row) == len(serving.headers) for row in serving.rows)
