"""What researchers type first: title words, author names and arXiv ids (service level).

A chunk is matched on its own text, its paper's title and its author names; the author
filter reads folded names; an arXiv id in the query puts its paper first.
"""

from pathlib import Path

import pytest

from search.answers.pipeline import Rejected
from search.papers.arxiv_ids import normalise_arxiv_id, split_arxiv_ids
from search.papers.author_names import author_keys, fold_name
from search.papers.request import PaperSearchRequest
from search.papers.service import PaperSearchResult, search_papers

pytestmark = pytest.mark.django_db


def run(query: str, **options: object) -> PaperSearchResult:
    values = {"limit": 100, "max_per_document": 100, **options}
    return search_papers(PaperSearchRequest.for_query(query=query, **values))


def papers(result: PaperSearchResult) -> list[str]:
    return list(dict.fromkeys(h.paper_id for h in result.hits))


# --- pure helpers ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ids", "rest"),
    [
        ("2505.23808", ("2505.23808",), ""),
        ("see 2505.23808v2 on lora", ("2505.23808",), "see on lora"),
        ("arXiv:2505.23808 and ARXIV: 2106.09685", ("2505.23808", "2106.09685"), "and"),
        ("https://arxiv.org/abs/2505.23808v3 ok", ("2505.23808",), "ok"),
        ("arxiv.org/pdf/2106.09685v3.pdf", ("2106.09685",), ""),
        ("hep-th/9901001 strings", ("hep-th/9901001",), "strings"),
        ("math.ag/0101001", ("math.AG/0101001",), ""),
        ("0704.0001", ("0704.0001",), ""),
        ("2505.23808 2505.23808v1", ("2505.23808",), ""),
    ],
)
def test_arxiv_ids_are_found_in_any_common_form(text: str, ids: tuple, rest: str) -> None:
    found, left = split_arxiv_ids(text)
    assert found == ids and " ".join(left.split()) == rest


@pytest.mark.parametrize(
    "text", ["3.14159", "2025.5", "2513.12345", "12505.23808", "2505.238081", "2505.23808abc",
             "version 1.2345", "and/or 1234567"],
)  # fmt: skip
def test_numbers_that_are_no_arxiv_id_stay_words(text: str) -> None:
    assert split_arxiv_ids(text) == ((), text)


def test_a_look_up_value_that_is_no_id_is_only_trimmed() -> None:
    assert normalise_arxiv_id(" scirex:abc ") == "scirex:abc"


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        ("Lin Mu", ("lin mu", "mu")),
        ("José María García-Pérez", ("jose maria garcia perez", "maria garcia perez",
                                     "garcia perez", "perez", "jose garcia perez", "jose perez")),
        ("ŁUKASZ  Kaiser", ("lukasz kaiser", "kaiser")),
        ("Y. H. Pong", ("y h pong", "h pong", "pong", "y pong")),
        ("Edward S. Hu", ("edward s hu", "s hu", "hu", "edward hu")),
        ("Plato", ("plato",)),
        ("...", ()),
    ],
)  # fmt: skip
def test_author_keys_are_the_name_its_endings_and_first_with_last(name: str, keys: tuple) -> None:
    assert author_keys(name) == keys


def test_folding_ignores_case_accents_and_punctuation() -> None:
    assert fold_name("  GARCÍA-pérez ") == fold_name("Garcia Perez") == "garcia perez"
    assert fold_name("Søren Strauß") == "soren strauss"


# --- titles and author names are searched ---------------------------------------------------


def test_title_words_match_every_chunk_of_the_paper(paper_index: Path) -> None:
    result = run("sparse kernels")
    assert papers(result) == ["2507.01234"]
    hit = result.hits[0]
    assert dict(hit.matched_in) == {"text": ("sparse", "kernels"), "title": ("sparse", "kernels")}
    assert "[hl]Sparse[/hl]" in hit.title_marked and "[hl]Kernels[/hl]" in hit.title_marked


def test_a_word_only_in_the_title_still_matches_in_all_words(paper_index: Path) -> None:
    # "unsupervised" is only in the title of 2503.00003; "noisy" only in one of its chunks.
    result = run("unsupervised noisy")
    assert [(h.paper_id, h.chunk_index) for h in result.hits] == [("2503.00003", 3)]
    assert dict(result.hits[0].matched_in) == {"text": ("noisy",), "title": ("unsupervised",)}
    assert result.hits[0].matched_terms == ("unsupervised", "noisy")


def test_author_names_are_searched_and_marked(paper_index: Path) -> None:
    result = run("hopper")
    assert papers(result) == ["2503.00003"] and result.total == 5
    hit = result.hits[0]
    assert dict(hit.matched_in) == {"authors": ("hopper",)}
    assert hit.authors_marked == ("Grace [hl]Hopper[/hl]", "Alan Turing")
    assert hit.snippet.startswith("We study domain adaptation")  # no text match: the start


def test_an_author_named_in_full_ranks_above_the_same_words_apart(paper_index: Path) -> None:
    # Wei Lin's paper says "mu"; Lin Mu wrote the string theory paper.
    result = run("Lin Mu")
    assert papers(result) == ["hep-th/9901001", "2508.00007"]


def test_a_full_name_matches_one_author_never_a_first_and_a_last_name_apart(
    paper_index: Path,
) -> None:
    # 2507.01234 has an Edward Kim and an Eric Hu; 2508.00007 has Edward S. Hu.
    assert papers(run("Edward Hu")) == ["2508.00007"]
    assert papers(run("hu edward")) == ["2508.00007"]  # family name first
    assert papers(run("Edward Kim")) == ["2507.01234"]
    # A last name beside a word of the text, and one name alone, still match as before.
    assert papers(run("Lin Mu")) == ["hep-th/9901001", "2508.00007"]
    assert set(papers(run("Hu"))) == {"2507.01234", "2508.00007"}


def test_name_keys_are_only_made_of_short_all_letter_queries() -> None:
    from search.papers.author_names import name_key

    assert name_key("Edward  Hu") == "edward hu" and name_key("José García") == "jose garcia"
    assert name_key("Hu") == "" and name_key("a b c d e") == "" and name_key("GPT 4") == ""


def test_phrase_needs_the_words_adjacent_in_one_field(paper_index: Path) -> None:
    assert papers(run("lin mu", match="phrase")) == ["hep-th/9901001"]  # one author's name
    assert run("mu ada", match="phrase").total == 0  # "Lin Mu" and "Ada Lovelace": two names
    assert papers(run("strings on branes", match="phrase")) == ["hep-th/9901001"]  # the title
    # Across the title and the text is not adjacent.
    assert run("branes branes", match="phrase").total == 0


def test_title_matches_weigh_more_than_text_matches(paper_index: Path) -> None:
    # "adaptation" once in a short abstract vs in the title of a paper: the title wins.
    result = run("adaptation", match="any_words", max_per_document=1)
    first = result.hits[0]
    assert ("title", ("adaptation",)) in first.matched_in


# --- the author filter ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("authors", "expected"),
    [
        (("José García-Pérez",), {"2507.01234"}),
        (("jose garcia perez",), {"2507.01234"}),
        (("GARCÍA-PÉREZ",), {"2507.01234"}),
        (("Perez",), {"2507.01234"}),
        (("Lukasz Kaiser",), {"2507.01234"}),
        (("Lin Mu",), {"hep-th/9901001"}),
        (("Mu",), {"hep-th/9901001"}),
        (("Lin",), {"2508.00007"}),  # Wei Lin; Lin Mu's last name is Mu
        (("Edward Hu",), {"2508.00007"}),  # Edward S. Hu, not Edward Kim beside Eric Hu
        (("Kaiser", "Mu"), {"2507.01234", "hep-th/9901001"}),  # any of them
        (("Nobody Here",), set()),
    ],
)
def test_author_filter_matches_full_or_last_names_ignoring_case_and_accents(
    paper_index: Path, authors: tuple[str, ...], expected: set[str]
) -> None:
    result = run("strings kernels friction", match="any_words", authors=authors)
    assert set(papers(result)) == expected
    assert "Author filter" in result.note


def test_author_filter_combines_with_the_words(paper_index: Path) -> None:
    assert set(papers(run("adaptation", authors=("Ada Lovelace",)))) == {
        "2106.09685", "2501.00001", "2412.00005",
    }  # fmt: skip
    assert run("adaptation", authors=("Grace Hopper",)).total == 5


# --- arXiv ids -------------------------------------------------------------------------------


def test_an_arxiv_id_alone_lists_that_papers_chunks(paper_index: Path) -> None:
    result = run("arXiv:2106.09685v2")
    assert [(h.paper_id, h.chunk_index) for h in result.hits] == [
        ("2106.09685", n) for n in range(4)
    ]
    assert all(h.named_paper for h in result.hits) and result.terms_searched == ()
    (paper,) = result.paper_matches
    assert (paper.arxiv_id, paper.paper_id, paper.chunks) == ("2106.09685", "2106.09685", 4)
    assert "arXiv id 2106.09685 names a loaded paper" in result.note


def test_an_arxiv_id_with_words_puts_its_paper_first_then_the_other_matches(
    paper_index: Path,
) -> None:
    result = run("2503.00003 lora")
    named = [h for h in result.hits if h.named_paper]
    assert {h.paper_id for h in named} == {"2503.00003"} and len(named) == 5
    assert result.hits[: len(named)] == tuple(named)  # first
    rest = {h.paper_id for h in result.hits[len(named) :]}
    assert rest == {"2106.09685"}  # the LoRA matches follow
    assert result.total == len(result.hits)
    assert result.terms_searched == ("lora",)


def test_an_old_style_arxiv_id_is_found(paper_index: Path) -> None:
    result = run("hep-th/9901001")
    assert papers(result) == ["hep-th/9901001"] and result.paper_matches[0].title == (
        "Strings on Branes"
    )


def test_an_arxiv_id_that_is_not_loaded_says_so(paper_index: Path) -> None:
    result = run("2501.99999 lora")
    assert result.paper_matches == () and result.arxiv_ids_not_loaded == ("2501.99999",)
    assert "arXiv id 2501.99999 is not loaded" in result.note
    assert result.total > 0  # the words still searched
    alone = run("2501.99999")
    assert alone.total == 0 and alone.arxiv_ids_not_loaded == ("2501.99999",)


def test_the_named_papers_chunks_keep_the_filters(paper_index: Path) -> None:
    result = run("2106.09685", content_types=("abstract",))
    assert [(h.paper_id, h.chunk_index) for h in result.hits] == [("2106.09685", 0)]
    assert result.paper_matches[0].chunks == 4  # the panel still names the paper


def test_offset_past_the_end_is_rejected(paper_index: Path) -> None:
    with pytest.raises(Rejected, match="offset=50 is past the end"):
        run("adaptation", offset=50)
    with pytest.raises(Rejected, match="the search has 6 rows"):
        run("adaptation", offset=6, max_per_document=2)


# --- how the words are weighed --------------------------------------------------------------


def test_the_note_states_the_weights_the_search_ran_with(paper_index: Path) -> None:
    short = run("hopper")
    assert "the title's words counted 2 times" in short.note
    assert "author names (weight 1.5)" in short.note
    long = run("hopper studies domain adaptation for speech without labels", match="any_words")
    assert "author names (weight 0.5)" in long.note


def test_author_names_weigh_less_in_a_long_query(paper_index: Path) -> None:
    # The same author match on the same chunk, in a name-like query and in a description.
    def author_part(query: str) -> float:
        result = run(query, match="any_words", detail="full")
        hit = next(h for h in result.hits if h.paper_id == "2503.00003" and h.chunk_index == 0)
        return dict(hit.score_parts)["authors:hopper"]

    short = author_part("hopper speech")
    long = author_part("hopper studies domain adaptation for speech without labels")
    assert long == pytest.approx(short / 3, rel=1e-3)  # weight 0.5 instead of 1.5
