"""Exports of the paper search: CSV and BibTeX writers (pure), `format=` on the API, the paper
page's Cite block."""

import csv
import io
from datetime import date
from pathlib import Path

import pytest
from django.test import Client

from search.papers.exports import (
    CitedPaper,
    ExportRow,
    bibtex_entry,
    bibtex_text,
    citation_key,
    csv_text,
    file_name,
    tex,
)

SEARCH = "/api/search_keyword"


def cited(paper_id: str = "2505.23808", **changes: object) -> CitedPaper:
    values: dict[str, object] = {
        "paper_id": paper_id, "arxiv_id": paper_id, "title": "DenseLoRA: Dense Low-Rank Adaptation",
        "authors": ("Lin Mu", "José García"), "published": date(2025, 6, 2),
        "categories": ("cs.CL", "cs.AI"), "doi": None, "url": f"https://arxiv.org/abs/{paper_id}",
    }  # fmt: skip
    values.update(changes)
    return CitedPaper(**values)  # type: ignore[arg-type]


# --- pure writers --------------------------------------------------------------------------


def test_bibtex_entry_has_arxiv_fields_and_a_key() -> None:
    entry = bibtex_entry(cited(doi="10.1000/x_y"))
    assert entry.startswith("@misc{mu2025denselora,\n")
    for line in ("title = {{DenseLoRA: Dense Low-Rank Adaptation}}",
                 "author = {Lin Mu and José García}", "year = {2025}", "eprint = {2505.23808}",
                 "archivePrefix = {arXiv}", "primaryClass = {cs.CL}", "doi = {10.1000/x_y}",
                 "url = {https://arxiv.org/abs/2505.23808}"):  # fmt: skip
        assert line in entry
    assert entry.count("{") == entry.count("}")


def test_papers_without_arxiv_id_authors_or_date_still_cite() -> None:
    url = "http://testserver/papers/scirex:abc/"
    paper = cited("scirex:abc", arxiv_id=None, authors=(), published=None, categories=(),
                  title="The Question Answering", url=url)  # fmt: skip
    entry = bibtex_entry(paper)
    assert entry.startswith("@misc{question,") and "eprint" not in entry and "year" not in entry
    assert "url = {http://testserver/papers/scirex:abc/}" in entry
    untitled = cited("scirex:abc", arxiv_id=None, authors=(), published=None, title="$$")
    assert citation_key(untitled) == "scirexabc"


def test_a_paper_with_an_arxiv_id_and_no_date_takes_the_ids_year() -> None:
    # SciREX's "Attention Is All You Need": an arXiv id recovered, no authors, no date.
    attention = cited("scirex:0b0c", arxiv_id="1706.03762", authors=(), published=None,
                      categories=(), title="Attention Is All You Need",
                      url="https://arxiv.org/abs/1706.03762")  # fmt: skip
    entry = bibtex_entry(attention)
    assert entry.startswith("@misc{attention2017,\n")
    for line in ("year = {2017}", "eprint = {1706.03762}", "archivePrefix = {arXiv}"):
        assert line in entry
    assert "author" not in entry and "primaryClass" not in entry  # the data has neither
    with_authors = cited("1706.03762", authors=("Ashish Vaswani", "Noam Shazeer"),
                         published=None, title="Attention Is All You Need")  # fmt: skip
    assert citation_key(with_authors) == "vaswani2017attention"
    assert "author = {Ashish Vaswani and Noam Shazeer}" in bibtex_entry(with_authors)
    old_style = cited("hep-th/9901001", published=None, title="Strings")
    assert "year = {1999}" in bibtex_entry(old_style)


@pytest.mark.parametrize(
    ("arxiv_id", "expected"),
    [("1706.03762", (2017, 6)), ("2505.23808", (2025, 5)), ("0704.0001", (2007, 4)),
     ("hep-th/9901001", (1999, 1)), ("math.AG/0101001", (2001, 1)), ("nonsense", None)],
)  # fmt: skip
def test_an_arxiv_id_says_when_it_was_issued(arxiv_id: str, expected: object) -> None:
    from search.papers.arxiv_ids import issued

    assert issued(arxiv_id) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$k$-means & 100% {LLMs}", r"$k$-means \& 100\% \{LLMs\}"),
        ("a_b #1 ~x ^y \\z", r"a\_b \#1 \~{}x \^{}y \textbackslash{}z"),
        ("unbalanced $a{b$ math", r"unbalanced \$a\{b\$ math"),
        ("  spaced\n out ", "spaced out"),
    ],
)
def test_tex_escapes_everything_but_balanced_math(text: str, expected: str) -> None:
    assert tex(text) == expected


def test_one_entry_per_paper_with_unique_keys() -> None:
    other = cited("2505.00001", title="DenseLoRA again")
    text = bibtex_text([cited(), cited(), other])
    assert text.count("@misc{") == 2
    assert "@misc{mu2025denselora," in text and "@misc{mu2025denseloraa," in text
    assert citation_key(cited(title="The Art of LoRA")) == "mu2025art"


def test_csv_has_a_header_one_line_per_row_and_no_formulas() -> None:
    rows = [
        ExportRow(1, cited(), 0, "", "abstract", 12.5, ("lora",), "a [hl]LoRA[/hl] b"),
        ExportRow(2, cited("2505.00001", title="=HYPERLINK(1)"), 3, "-x", "results", 1.0, (), ""),
    ]
    parsed = list(csv.DictReader(io.StringIO(csv_text(rows))))
    assert [r["rank"] for r in parsed] == ["1", "2"]
    assert parsed[0]["snippet"] == "a LoRA b" and parsed[0]["authors"] == "Lin Mu; José García"
    assert parsed[0]["published"] == "2025-06-02" and parsed[0]["categories"] == "cs.CL cs.AI"
    assert parsed[1]["title"] == "'=HYPERLINK(1)" and parsed[1]["section"] == "'-x"


def test_file_names_are_ascii_and_say_the_rows() -> None:
    assert file_name("Lin Mü: LoRA?", "csv", 11, 20) == "papers-lin-mu-lora-rows-11-20.csv"
    assert file_name("§§", "bib", 1, 10) == "papers-search-rows-1-10.bib"


# --- the API ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_csv_export_has_the_rows_of_the_page(client: Client, paper_index: Path) -> None:
    params = {"query": "adaptation", "limit": 2, "offset": 2, "sort": "oldest"}
    page = client.get(SEARCH, params).json()
    response = client.get(SEARCH, {**params, "format": "csv"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="papers-adaptation-rows-3-4.csv"'
    )
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["paper_id"], int(r["chunk_index"])) for r in rows] == [
        (r["paper_id"], r["chunk_index"]) for r in page["results"]
    ]
    assert [int(r["rank"]) for r in rows] == [3, 4]


@pytest.mark.django_db
def test_bibtex_export_has_one_entry_per_paper(client: Client, paper_index: Path) -> None:
    params = {"query": "adaptation", "maxPerDocument": 5, "format": "bibtex", "limit": 100}
    response = client.get(SEARCH, params)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-bibtex; charset=utf-8"
    assert response["Content-Disposition"].endswith('.bib"')
    text = response.content.decode()
    assert text.count("@misc{") == 4  # LoRA, the survey, domain adaptation, vision adapters
    assert "eprint = {2106.09685}" in text and "archivePrefix = {arXiv}" in text
    kernels = client.get(SEARCH, {"query": "kernels", "format": "bibtex"}).content.decode()
    assert "doi = {10.1000/kernels_2025}" in kernels


@pytest.mark.django_db
def test_export_errors_are_json_400s(client: Client, paper_index: Path) -> None:
    response = client.get(SEARCH, {"query": "the", "format": "csv"})
    assert response.status_code == 400 and response["Content-Type"].startswith("application/json")
    assert "query" in response.json()["errors"]


@pytest.mark.django_db
def test_paper_page_has_a_cite_block_and_author_links(client: Client, paper_index: Path) -> None:
    html = client.get("/papers/2507.01234/").content.decode()
    assert '<h2 id="cite-heading">Cite</h2>' in html
    assert "@misc{garciaperez2025sparse," in html and "doi = {10.1000/kernels_2025}" in html
    assert "data-copy=" in html and "Copy BibTeX" in html
    assert "authors=Jos%C3%A9+Garc%C3%ADa-P%C3%A9rez" in html and "sort=newest" in html


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("the LSTM network hochreiter1997long.", "the LSTM network [Hochreiter 1997]."),
        ("memory hochreiter1997 and gated", "memory [Hochreiter 1997] and gated"),
        ("as in Peters2017SemisupervisedST, Zaremba2014", "as in [Peters 2017], [Zaremba 2014]"),
        ("McCann2017LearnedIT and rush-2015", "[McCann 2017] and [Rush 2015]"),
        # Data sets, splits and venues of the same shape, and other keys, stay as written.
        (
            "on newstest2014, val2014, VOC2012, CoNLL-2005",
            "on newstest2014, val2014, VOC2012, CoNLL-2005",
        ),
        (
            "EMNLP2017 Horizon2020 mid-1980s word2vec gruEval14",
            "EMNLP2017 Horizon2020 mid-1980s word2vec gruEval14",
        ),
        ("a [hl]vaswani2017attention[/hl] b", "a [hl]vaswani2017attention[/hl] b"),
        ("see https://x.org/abc2019def", "see https://x.org/abc2019def"),
    ],
)
def test_inline_reference_keys_read_as_author_and_year(text: str, shown: str) -> None:
    from search.papers.reference_keys import readable_references

    assert readable_references(text) == shown
