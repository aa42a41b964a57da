"""The benchmark harness on the tiny test corpus, so `make bench` cannot rot.

Runs every section of `python -m bench --quick` in-process (builds without child
processes, HTTP against Django's live server instead of gunicorn) and checks that every
table comes out with every layer measured. It times nothing: speed lives in `make bench`.
"""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from bench.config import QUICK
from bench.runner import run, write_report

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = ("1. Query latency", "2. Peer baseline", "3. Indexing", "4. Scaling", "5. Throughput",
          "6. Retrieval quality", "Targets", "7. Survey")  # fmt: skip


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
    built_indexes: Path, live_server: object, tmp_path: Path
) -> None:
    config = replace(QUICK, isolate_builds=False, load_seconds=0.2)
    results = run(
        config,
        workdir=tmp_path / "work",
        server_url=live_server.url,  # type: ignore[attr-defined]
        devset_dir=write_devset(tmp_path / "devset"),
        log=lambda message: None,
    )

    titles = [table.title for table in results.tables()]
    assert [t for t in TABLES if not any(title.startswith(t) for title in titles)] == []
    unavailable = {(r.kind, r.scenario): r.unavailable for r in results.latency if r.unavailable}
    assert unavailable == {}
    for scenario in results.latency:
        assert all(scenario.samples[layer].n > 0 for layer in ("a", "b", "c", "fts5"))
    assert [level.errors for level in results.load] == [0] * len(config.concurrency)
    assert all(level.completed > 0 for level in results.load)
    assert {b.engine for b in results.builds} == {"tantivy", "fts5", "read"}
    assert [p.percent for p in results.scaling] == sorted(config.scales)
    assert results.quality["statutes"]["ours"].recall == 1.0
    assert results.quality["papers"]["ours"].recall == 1.0
    assert [cost.differing for cost in results.survey] == [0, 0]
    assert all(cost.survey.n and cost.per_state.n and cost.one.n for cost in results.survey)

    report = write_report(results, tmp_path / "out")
    assert "### 6. Retrieval quality" in report.read_text()
    assert (tmp_path / "out" / "scaling-query.svg").read_text().startswith("<svg")
