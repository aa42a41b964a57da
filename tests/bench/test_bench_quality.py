"""The answer-quality harness (`python -m bench.quality`): its scoring math, and one run on
the test corpus through the real API, FTS5 and tantivy with a small set written here."""

import json
import sqlite3
from pathlib import Path

import pytest

from bench.quality import sets as quality_sets
from bench.quality.__main__ import main, parse_params
from bench.quality.baselines import Baselines, words
from bench.quality.compare import compare
from bench.quality.harness import (
    PORTAL,
    Outcome,
    SetResult,
    as_json,
    markdown,
    per_query,
    score_set,
)
from bench.quality.portal import Portal
from bench.quality.scoring import by_length, first_gold, length_of, score
from bench.quality.sets import scitldr, statute_questions

# Five statute questions on the test corpus (tests/corpus.py) and the ranks every engine
# must give them: two found first, one found first only among the regulations, one
# that shares no word with any section, one whose gold lies outside the case's jurisdiction.
QUESTIONS = [
    {"qid": "q1", "query": "landlord return security deposit within thirty days",
     "jurisdiction": "wa", "gold": ["wa:statute:59.18.280"], "length": "medium"},
    {"qid": "q2", "query": "escrow deposit", "jurisdiction": "us", "source": "cfr",
     "gold": ["us:cfr:12:1024.17"], "length": "short"},
    {"qid": "q3", "query": "zebra giraffe pelican", "jurisdiction": "wa",
     "gold": ["wa:statute:59.18.060"], "length": "short"},
    {"qid": "q4", "query": "return security deposit", "jurisdiction": "id",
     "gold": ["id:statute:6-321", "id:statute:6-320"], "length": "short"},
    {"qid": "q5", "query": "return the security deposit to me when the lease is over please",
     "jurisdiction": "id", "gold": ["wa:statute:59.18.280"], "length": "long"},
]  # fmt: skip
EXPECTED = [1, 1, None, 1, None]
SUMMARIES = [
    {"query_id": "s1", "query": "We segment images with a transformer.",
     "relevant": {"2502.00002": 1}},
]  # fmt: skip


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_first_gold_is_the_rank_of_the_first_gold_key_in_the_top_ten() -> None:
    keys = [f"k{n}" for n in range(1, 13)]
    assert first_gold(["k3", "k2"], keys) == 2
    assert first_gold(["k11"], keys) is None
    assert first_gold(["k10"], keys) == 10
    assert first_gold(["absent"], keys) is None


def test_scores_are_shares_of_ranks_and_the_mean_reciprocal_rank() -> None:
    found = score([1, 2, 3, None, 10])
    assert (found.n, found.at1, found.at3, found.at10) == (5, 0.2, 0.6, 0.8)
    assert found.mrr == pytest.approx((1 + 1 / 2 + 1 / 3 + 1 / 10) / 5)
    assert score([]).n == 0 and score([]).mrr != score([]).mrr  # NaN when empty


def test_lengths_bucket_by_words_and_scores_split_by_bucket() -> None:
    assert [length_of(q) for q in ("a b", "a b c d", "a b c d e", "1 2 3 4 5 6 7 8 9")] == [
        "short", "short", "medium", "medium"]  # fmt: skip
    assert length_of(" ".join("w" * 10)) == "long"
    split = by_length([1, None, 2, 4], ["long", "short", "short", "medium"])
    assert list(split) == ["short", "medium", "long"]
    assert split["short"].n == 2 and split["short"].mrr == 0.25
    assert split["medium"].at3 == 0.0 and split["long"].at1 == 1.0


def test_baseline_words_drop_stop_words_and_repeats() -> None:
    assert words("How long does MY landlord have, to return the deposit? deposit") == [
        "long", "landlord", "return", "deposit"]  # fmt: skip


def test_params_are_key_value_pairs() -> None:
    assert parse_params(["expand=false", " stem = true"]) == {"expand": "false", "stem": "true"}
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_params(["stem"])


def test_a_run_against_an_earlier_one_shows_figures_and_ranks_that_moved(tmp_path: Path) -> None:
    questions = statute_questions(
        "fixture", write_jsonl(tmp_path / "q.jsonl", QUESTIONS[:3]), "fixture questions"
    )
    earlier = as_json([SetResult(questions, {PORTAL: Outcome([2, 1, None])})], {})
    text = compare([SetResult(questions, {PORTAL: Outcome([1, 4, None])})], earlier)

    assert "fixture: gold@1 0.333 -> 0.333 (+0.000), gold@3 0.667 -> 0.333 (-0.333)" in text
    assert "mrr@10 0.500 -> 0.417 (-0.083)" in text
    assert [line.split()[:4] for line in text.splitlines()[2:]] == [
        ["better", "2", "->", "1"], ["worse", "1", "->", "4"]]  # fmt: skip


def test_a_param_with_a_kind_prefix_goes_only_to_that_kind_of_set() -> None:
    portal = Portal({"stem": "true", "statutes:expand": "false", "papers:match": "all_words"})
    assert portal.extra("statutes") == {"stem": "true", "expand": "false"}
    assert portal.extra("papers") == {"stem": "true", "match": "all_words"}


@pytest.mark.django_db
def test_every_engine_ranks_the_fixture_questions_confined_like_the_portal(
    built_indexes: Path, tmp_path: Path
) -> None:
    questions = statute_questions(
        "fixture", write_jsonl(tmp_path / "q.jsonl", QUESTIONS), "fixture questions"
    )
    baselines = Baselines(tmp_path / "cache", log=lambda message: None)
    try:
        result = score_set(questions, Portal(), baselines, log=lambda message: None)
    finally:
        baselines.close()

    assert {engine: o.errors for engine, o in result.outcomes.items()} == {
        "portal": [], "fts5": [], "tantivy": []}  # fmt: skip
    assert {engine: o.ranks for engine, o in result.outcomes.items()} == {
        "portal": EXPECTED, "fts5": EXPECTED, "tantivy": EXPECTED}  # fmt: skip
    assert result.scores(PORTAL).at1 == 0.6 and result.scores(PORTAL).mrr == 0.6
    assert {b: s.n for b, s in result.by_length(PORTAL).items()} == {
        "short": 3, "medium": 1, "long": 1}  # fmt: skip
    figures = as_json([result], {})["sets"]["fixture"]
    assert figures["engines"]["fts5"]["by_length"]["long"]["gold@10"] == 0.0
    assert [q["ranks"]["tantivy"] for q in figures["queries"]] == EXPECTED
    table = markdown([result], [])
    assert "| fixture | portal | 5 | 0.600 | 0.600 | 0.600 | 0.600 | 0 |" in table
    assert "| fixture | long | raw tantivy BM25 | 1 | 0.000 |" in table
    assert per_query(result).splitlines()[1].startswith("  -   -   -  q3 [short] wa ")
    # Each shard is written once, and keeps the answers it gave: a second run reuses both.
    assert len(list((tmp_path / "cache").glob("statutes-wa-*/fts5.sqlite3"))) == 1
    with sqlite3.connect(next((tmp_path / "cache").glob("statutes-wa-*/answers.sqlite3"))) as kept:
        assert kept.execute("SELECT count(*) FROM answers").fetchone() == (4,)  # 2 cases x 2
        kept.execute("UPDATE answers SET keys = '[]'")  # so answers read back are told apart
    again = Baselines(tmp_path / "cache", log=pytest.fail)
    try:
        ranks = score_set(questions, Portal(), again, log=lambda m: None).outcomes["fts5"].ranks
    finally:
        again.close()
    assert ranks == [None, 1, None, 1, None]


@pytest.mark.django_db
def test_the_depth_is_how_many_results_each_engine_is_asked_for(
    built_indexes: Path, tmp_path: Path
) -> None:
    # Two sections hold both words; the gold sections hold only "landlord": third at best.
    row = {"qid": "d1", "query": "landlord deposit", "jurisdiction": "wa",
           "gold": ["wa:statute:59.18.060", "wa:statute:59.18.070"]}  # fmt: skip
    questions = statute_questions("fixture", write_jsonl(tmp_path / "q.jsonl", [row]), "f")
    found = {}
    for depth in (2, 10):
        peers = Baselines(tmp_path / "cache", log=lambda m: None, depth=depth)
        try:
            result = score_set(questions, Portal(depth=depth), peers, log=lambda m: None)
        finally:
            peers.close()
        found[depth] = {engine: o.ranks for engine, o in result.outcomes.items()}

    assert found[2] == {"portal": [None], "fts5": [None], "tantivy": [None]}
    assert found[10] == {"portal": [3], "fts5": [3], "tantivy": [3]}


def test_ranks_past_ten_count_as_misses_in_the_figures() -> None:
    assert score([12, 1]).at10 == 0.5 and score([12, 1]).mrr == 0.5


@pytest.mark.django_db
def test_a_portal_error_is_a_counted_miss(built_indexes: Path, tmp_path: Path) -> None:
    questions = statute_questions(
        "fixture", write_jsonl(tmp_path / "q.jsonl", QUESTIONS[:1]), "fixture questions"
    )
    result = score_set(questions, Portal({"limit": "many"}), None, log=lambda message: None)

    assert list(result.outcomes) == [PORTAL]
    assert result.outcomes[PORTAL].ranks == [None]
    assert result.outcomes[PORTAL].errors[0].startswith("q1: HTTP 400")


@pytest.mark.django_db
def test_the_command_scores_a_named_set_and_writes_the_table_and_json(
    built_indexes: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    questions = write_jsonl(tmp_path / "q.jsonl", QUESTIONS)
    summaries = write_jsonl(tmp_path / "s.jsonl", SUMMARIES)
    monkeypatch.setattr(quality_sets, "SETS", {
        "fixture": (questions, lambda: statute_questions("fixture", questions, "fixture")),
        "summaries": (summaries, lambda: scitldr(summaries)),
        "absent": (tmp_path / "none.jsonl", lambda: scitldr(tmp_path / "none.jsonl")),
    })  # fmt: skip
    out = tmp_path / "out"
    argv = ["--sets", "fixture,summaries,absent", "--json", str(tmp_path / "q.json")]
    assert main([*argv, "--out", str(out), "--cache", str(tmp_path / "cache")]) == 0

    figures = json.loads((tmp_path / "q.json").read_text())["sets"]
    assert list(figures) == ["fixture", "papers_scitldr_dev"]
    assert figures["fixture"]["engines"]["portal"]["all"]["mrr@10"] == 0.6
    assert {e: v["all"]["gold@1"] for e, v in figures["papers_scitldr_dev"]["engines"].items()} == {
        "portal": 1.0, "fts5": 1.0, "tantivy": 1.0}  # fmt: skip
    text = (out / "quality.md").read_text()
    assert "absent: skipped" in text and "| papers_scitldr_dev | SQLite FTS5 bm25 | 1 |" in text
