"""Author names holding a stop word ("Chen-An Li", "Liangliang You"), on a small index.

Stop words leave the text-field words ("chen li"), but a query that is a full name keeps them
for the author match and its name key, and the `authors` filter folds them in.
"""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from search.papers.request import PaperSearchRequest
from search.papers.service import PaperSearchResult, paper_query, search_papers
from tests.corpus import paper, write_jsonl
from tests.paper_support import papers_indexed

pytestmark = pytest.mark.django_db

# A Chen Li beside a Chen-An Li (the query's words without "an" are Chen Li's name), and a
# Liangliang Wang beside a Liangliang You.
PAPERS = [
    paper(
        "2509.00021",
        "Tonal Tokens for Mandarin",
        "Discrete tokens keep the tone contour of each syllable.",
        authors=("Chen Li", "Mei Wu"),
    ),
    paper(
        "2509.00022",
        "Counting Cliques in Sparse Graphs",
        "A sampling estimator of clique counts with bounded variance.",
        authors=("Chen-An Li", "Liangliang You"),
    ),
    paper(
        "2509.00023",
        "Lattice Sieves Revisited",
        "Sieving on lattices with fewer vectors in memory.",
        authors=("Liangliang Wang",),
    ),
]


@pytest.fixture(scope="module")
def name_index(
    django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Path]:
    """These three papers ingested and the papers index built and live."""
    root = tmp_path_factory.mktemp("stop-word-names")
    data = root / "data"
    write_jsonl(data / "papers" / "papers.jsonl", PAPERS)
    write_jsonl(data / "papers" / "chunks.jsonl", [])
    write_jsonl(data / "papers" / "entities.jsonl", [])
    with papers_indexed(data, root / "indexes", django_db_blocker):
        yield data


def run(query: str, **options: object) -> PaperSearchResult:
    values = {"limit": 100, "max_per_document": 100, **options}
    return search_papers(PaperSearchRequest.for_query(query=query, **values))


def papers(result: PaperSearchResult) -> list[str]:
    return list(dict.fromkeys(h.paper_id for h in result.hits))


def test_a_name_with_a_stop_word_keeps_it_for_the_author_match_only(name_index: Path) -> None:
    spec = paper_query(PaperSearchRequest.for_query(query="Chen-An Li"))
    assert spec.query.terms == ("chen", "li") and spec.name_key == "chen li"
    assert spec.full_name == ("chen", "an", "li") and spec.full_name_key == "chen an li"
    spec = paper_query(PaperSearchRequest.for_query(query="Liangliang You"))
    assert spec.query.terms == ("liangliang",) and spec.full_name == ("liangliang", "you")
    # Not a name: a phrase, another mode, more words than a name has, or nothing dropped.
    for query, match in (('"Chen-An Li"', "all_words"), ("Chen-An Li", "any_words"),
                         ("scaling laws of an old model", "all_words"),
                         ("Edward Hu", "all_words")):  # fmt: skip
        assert paper_query(PaperSearchRequest.for_query(query=query, match=match)).full_name == ()


def test_a_full_name_holding_a_stop_word_finds_that_author(name_index: Path) -> None:
    # Without "an" the words are Chen Li, who wrote 2509.00021; Chen-An Li wrote 2509.00022.
    result = run("Chen-An Li")
    assert papers(result) == ["2509.00022"]
    assert [(d.term, d.reason) for d in result.terms_dropped] == [("an", "stop_word")]
    assert result.terms_searched == ("chen", "li")
    assert result.hits[0].authors_marked[0] == "[hl]Chen[/hl]-An [hl]Li[/hl]"
    assert papers(run("Chen Li")) == ["2509.00021", "2509.00022"]
    # "You" is a stop word too; Liangliang Wang is no Liangliang You.
    assert papers(run("Liangliang You")) == ["2509.00022"]
    assert set(papers(run("Liangliang"))) == {"2509.00022", "2509.00023"}


def test_the_author_filter_keeps_a_names_stop_words(name_index: Path) -> None:
    assert papers(run("clique", authors=("Chen-An Li",))) == ["2509.00022"]
    assert papers(run("tokens", authors=("Chen-An Li",))) == []
    assert papers(run("clique", authors=("chen an li",))) == ["2509.00022"]
    assert papers(run("sieving", authors=("Liangliang You",))) == []


def test_the_full_names_bonus_is_among_the_score_parts(name_index: Path) -> None:
    hit = run("Chen-An Li", detail="full").hits[0]
    parts = dict(hit.score_parts)
    assert parts['adjacent authors:"chen an li"'] > 0
    assert sum(parts.values()) == pytest.approx(hit.score, abs=1e-3)
