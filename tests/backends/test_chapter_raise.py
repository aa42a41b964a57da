"""The chapter raise (`ChapterRaise`, `search.statutes.shaping.chapter_raise`): a question's
first hits are re-ranked by how many others of their chapter are among them, on a small
index of our own through the tantivy backend and the statute API; pages still neither
overlap nor skip, a grouped search (the survey) raises each group as that group's own search
would, and a version written before the chapter key is searched without it."""

import math
from dataclasses import replace
from pathlib import Path

import pytest
from django.test import Client

from search.backends.filters import Terms
from search.backends.registry import get_backend
from search.backends.statute_search import ChapterRaise, GroupedSearch, TextSearch
from search.backends.tantivy import grouped
from search.backends.tantivy import statutes as tantivy_statutes
from search.backends.tantivy.reader import live_index
from search.indexes.names import STATUTES
from search.statutes import shaping
from search.statutes.shaping import CHAPTER_RAISE, CHAPTER_WINDOW, chapter_raise
from search.text.query import parse_query
from tests.corpus import section
from tests.reference_tokenizer import simple_tokenize
from tests.statute_support import index_statute_files

pytestmark = pytest.mark.django_db

# One chapter (59-18) answers the question with four sections; a lone section of another
# chapter (64-34) holds the question's words most densely, so plain BM25 puts it first.
ROWS = [
    section(
        "wa:statute:64.34.1",
        "Heat pumps: who must repair a landlord's heat pumps.",
        chapter="64-34",
        heading="Heat pumps.",
    ),
    *(
        section(
            f"wa:statute:59.18.{n}",
            f"The landlord shall keep the premises fit and repair them; rule {n} of the rules "
            "a chapter on tenancies holds, about heat and other essential services.",
            heading=f"Landlord duties {n}.",
        )
        for n in range(1, 5)
    ),
    section("wa:statute:59.18.9", "Unrelated text about fences.", heading="Fences."),
]
QUESTION = "my landlord will not repair the heat"


@pytest.fixture
def small_index(tmp_path: Path, index_root: Path) -> Path:
    index_statute_files(tmp_path / "data", {"wa-stat.jsonl": ROWS})
    return index_root


def spec(text: str, raise_: ChapterRaise | None, **more: object) -> TextSearch:
    return TextSearch(
        query=parse_query(text, simple_tokenize), field="body", limit=10, tie_break="order",
        fields=("id", "chapter"), chapter_raise=raise_, **more,  # type: ignore[arg-type]
    )  # fmt: skip


def ranked(search: TextSearch) -> list[tuple[str, str, float]]:
    page = get_backend().search_statutes(search)
    return [(str(h.first("id")), str(h.first("chapter")), h.score) for h in page.hits]


def test_only_questions_of_five_words_or_more_get_the_raise() -> None:
    assert chapter_raise("landlord changed my locks") is None
    assert chapter_raise("landlord changed my locks again") == ChapterRaise(
        CHAPTER_WINDOW, CHAPTER_RAISE
    )


def test_scores_rise_by_the_others_of_their_chapter_among_the_first_hits(
    small_index: Path,
) -> None:
    plain = ranked(spec(QUESTION, None))
    assert plain[0][0] == "wa:statute:64.34.1"
    raise_ = ChapterRaise(window=4, weight=0.5)
    raised = ranked(spec(QUESTION, raise_))
    # Computed apart: within the window, + weight x first score x ln(1 + others of the chapter).
    window = plain[:4]
    top = window[0][2]
    expected = [
        (i, c, s + 0.5 * top * math.log1p(sum(1 for _, o, _ in window if o == c) - 1))
        for i, c, s in window
    ]
    expected.sort(key=lambda row: -row[2])
    assert [(i, round(s, 4)) for i, _, s in raised[:4]] == [
        (i, round(s, 4)) for i, _, s in expected
    ]
    # Past the window, nothing moves and every score stays below the raised ones.
    assert raised[4:] == plain[4:] and raised[4:]
    assert min(s for _, _, s in raised[:4]) >= max(s for _, _, s in raised[4:])
    # Here the chapter of four outranks the lone section.
    assert raised[0][1] == "59-18"


def test_a_lone_chapter_gains_nothing_and_the_count_is_unchanged(small_index: Path) -> None:
    raise_ = ChapterRaise(window=50, weight=0.2)
    plain = get_backend().search_statutes(spec(QUESTION, None))
    raised = get_backend().search_statutes(spec(QUESTION, raise_))
    assert raised.total == plain.total
    scores = {str(h.first("id")): h.score for h in plain.hits}
    for hit in raised.hits:
        if hit.first("chapter") == "64-34":
            assert hit.score == scores[str(hit.first("id"))]
        else:
            assert hit.score > scores[str(hit.first("id"))]


def test_pages_of_a_raised_search_neither_overlap_nor_skip(small_index: Path) -> None:
    # Pages of two over a window of three: one inside it, one across its end, the rest past
    # it (searched as the plain ranking, which gives those rows and scores unchanged).
    raise_ = ChapterRaise(window=3, weight=0.5)
    whole = ranked(spec(QUESTION, raise_))
    pages: list[tuple[str, str, float]] = []
    for offset in range(0, len(whole), 2):
        pages += ranked(replace(spec(QUESTION, raise_), limit=2, offset=offset))
    assert len(whole) > 4 and pages == whole


def test_a_version_written_before_the_chapter_key_is_searched_without_it(
    small_index: Path,
) -> None:
    live = live_index(STATUTES)
    older = replace(live, meta=replace(live.meta, layout=tantivy_statutes.CHAPTER_KEY_LAYOUT - 1))
    raise_ = ChapterRaise(window=50, weight=0.5)
    without = tantivy_statutes.search_live(older, spec(QUESTION, raise_))
    plain = tantivy_statutes.search_live(live, spec(QUESTION, None))
    assert [(h.first("id"), h.score) for h in without.hits] == [
        (h.first("id"), h.score) for h in plain.hits
    ]


def test_the_api_raises_a_question_and_pages_it_the_same(
    client: Client, small_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def rows() -> list[tuple[str, str, float]]:
        body = client.get("/api/statute_search", {"q": QUESTION, "limit": 50}).json()
        return [(r["id"], r["chapter"], r["score"]) for r in body["results"]]

    raised = rows()
    monkeypatch.setattr(shaping, "CHAPTER_RAISE", 0.0)
    plain = dict((i, s) for i, _, s in rows())
    monkeypatch.undo()
    top = max(plain.values())
    sizes = {c: sum(1 for _, o, _ in raised if o == c) for _, c, _ in raised}
    for i, c, s in raised:
        lift = CHAPTER_RAISE * top * math.log1p(sizes[c] - 1)
        assert s == pytest.approx(plain[i] + lift, abs=1e-3)
    assert [s for _, _, s in raised] == sorted((s for _, _, s in raised), reverse=True)
    seen = []
    for offset in range(0, len(raised), 2):
        page = client.get("/api/statute_search", {"q": QUESTION, "limit": 2, "offset": offset})
        seen += [r["id"] for r in page.json()["results"]]
    assert seen == [i for i, _, _ in raised]
    # A four-word query is ranked without it: scores as plain BM25 gives them.
    short = client.get("/api/statute_search", {"q": "landlord repair the heat", "limit": 50})
    assert short.json()["results"][0]["id"] == "wa:statute:64.34.1"


# The same rows in a second jurisdiction, so a grouped search has two groups to raise.
IDAHO = [
    {**row, "id": row["id"].replace("wa:", "id:"), "jurisdiction": "id", "source": "id-stat"}
    for row in ROWS
]


@pytest.fixture
def two_places(tmp_path: Path, index_root: Path) -> Path:
    index_statute_files(tmp_path / "data", {"wa-stat.jsonl": ROWS, "id-stat.jsonl": IDAHO})
    return index_root


@pytest.mark.parametrize("pool", [1, 3, 300])
@pytest.mark.parametrize("per", [1, 2, 3])
def test_a_grouped_search_raises_each_group_as_its_own_search(
    two_places: Path, monkeypatch: pytest.MonkeyPatch, pool: int, per: int
) -> None:
    monkeypatch.setattr(grouped, "RAISED_POOL_HITS", pool)
    backend = get_backend()
    search = replace(spec(QUESTION, ChapterRaise(window=4, weight=0.5)), limit=per)
    answer = backend.search_statutes_grouped(GroupedSearch(search, "jurisdiction"))
    assert set(answer.groups) == {"wa", "id"}
    for value, page in answer.groups.items():
        alone = backend.search_statutes(replace(search, filters=(Terms("jurisdiction", (value,)),)))
        assert page.total == alone.total
        assert [(h.first("id"), h.score) for h in page.hits] == [
            (h.first("id"), h.score) for h in alone.hits
        ], (value, pool, per)
        # The raise decided the first row: the chapter of four, not the lone section.
        assert page.hits[0].first("chapter") == "59-18"


def test_a_survey_row_is_its_states_own_raised_search(
    client: Client, two_places: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def survey() -> dict[str, list[dict[str, object]]]:
        body = client.get("/api/statute_survey", {"q": QUESTION, "per": 3}).json()
        return {e["jurisdiction"]: e["results"] for e in body["by_jurisdiction"] if e["results"]}

    raised = survey()
    assert set(raised) == {"wa", "id"}
    for place, results in raised.items():
        alone = client.get(
            "/api/statute_search", {"q": QUESTION, "jurisdiction": place, "limit": 3}
        ).json()
        assert [(r["id"], r["score"]) for r in results] == [
            (r["id"], r["score"]) for r in alone["results"]
        ]
    monkeypatch.setattr(shaping, "CHAPTER_RAISE", 0.0)
    plain = {p: {r["id"]: r["score"] for r in results} for p, results in survey().items()}
    for place, results in raised.items():
        for r in results:
            if r["chapter"] == "59-18":
                assert r["score"] > plain[place].get(r["id"], float("-inf"))
            else:
                assert r["score"] == plain[place][r["id"]]


def test_the_benchs_layer_e_runs_the_raise_the_service_runs(
    two_places: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Layer (e) of the bench (the service's own query run raw) re-ranks as the service does,
    so its rows stay the service's rows (at a weight where the raise reorders them here)."""
    from bench.raw import RawEngine
    from bench.workload import StatuteCase

    monkeypatch.setattr(shaping, "CHAPTER_RAISE", 0.5)
    engine = RawEngine()
    for case in (StatuteCase(QUESTION, "wa"), StatuteCase(QUESTION), StatuteCase("repair heat")):
        prepared = engine.prepare_served(case)
        assert (prepared.served_raise is not None) == (len(case.q.split()) >= 5)
        jurisdictions = [case.jurisdiction] if case.jurisdiction else []
        body = (
            Client()
            .get("/api/statute_search", {"q": case.q, "jurisdiction": jurisdictions, "limit": 20})
            .json()
        )
        assert engine.statutes_served(prepared) == [r["id"] for r in body["results"]], case
        raised = prepared.served_raise is not None
        assert (body["results"][0]["chapter"] == "59-18") == raised, case
