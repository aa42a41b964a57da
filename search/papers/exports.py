"""Paper search results as files: CSV (one row per result row) and BibTeX (one entry per paper).

Pure: no Django, no engine. The caller hands over the rows as shown (same filters, order and
offset as the page) and each paper's URL. BibTeX follows arXiv's own export: `@misc` with
`eprint`, `archivePrefix` and `primaryClass`, plus `doi` when the data has one; a paper with no
recorded date takes its year from its arXiv id (`1706.03762`: 2017), and its key is readable
(`vaswani2017attention`; with no authors recorded, `attention2017`). LaTeX in
titles (`$k$-means`) is kept as math; everything else that TeX would read as a command is
escaped, so an entry never breaks a bibliography. CSV cells go through the shared writer
(`search.answers.csv_answers`), which defuses what a spreadsheet would run as a formula.
"""

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from search.answers.csv_answers import csv_text as write_csv
from search.answers.csv_answers import slug
from search.papers.arxiv_ids import issued
from search.text.marks import HL_CLOSE, HL_OPEN

BIBTEX_TYPE = "application/x-bibtex; charset=utf-8"
CSV_COLUMNS = (
    "rank", "paper_id", "arxiv_id", "chunk_index", "title", "authors", "published",
    "categories", "section", "content_type", "score", "matched_terms", "snippet", "doi", "url",
)  # fmt: skip
# Words a citation key skips when it takes the first word of a title.
KEY_SKIPS = frozenset({"a", "an", "the", "on", "of", "in", "for", "to", "and", "with", "towards"})
_MATH = re.compile(r"(\$[^$]*\$)")
_TEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "#": r"\#",
    "_": r"\_",
    "^": r"\^{}",
    "~": r"\~{}",
    "$": r"\$",
}
_KEY_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class CitedPaper:
    """What a citation needs of a paper."""

    paper_id: str
    arxiv_id: str | None
    title: str
    authors: tuple[str, ...]
    published: date | None
    categories: tuple[str, ...]
    doi: str | None
    url: str


@dataclass(frozen=True)
class ExportRow:
    """One result row as the CSV shows it."""

    rank: int
    paper: CitedPaper
    chunk_index: int
    section: str
    content_type: str
    score: float
    matched_terms: tuple[str, ...]
    snippet: str  # with [hl] marks; the CSV drops them


def csv_text(rows: Iterable[ExportRow]) -> str:
    """A header and one line per row, in the order given."""
    return write_csv(CSV_COLUMNS, (_cells(row) for row in rows))


def _cells(row: ExportRow) -> tuple[object, ...]:
    paper = row.paper
    return (
        row.rank, paper.paper_id, paper.arxiv_id or "", row.chunk_index, paper.title,
        "; ".join(paper.authors), paper.published.isoformat() if paper.published else "",
        " ".join(paper.categories), row.section, row.content_type, row.score,
        "; ".join(row.matched_terms), unmarked(row.snippet), paper.doi or "", paper.url,
    )  # fmt: skip


def bibtex_text(papers: Sequence[CitedPaper]) -> str:
    """One entry per distinct paper, in the order given, with keys unique in the file."""
    distinct: dict[str, CitedPaper] = {}
    for paper in papers:
        distinct.setdefault(paper.paper_id, paper)
    taken: set[str] = set()
    return "\n".join(
        bibtex_entry(paper, _unique(citation_key(paper), taken)) for paper in distinct.values()
    )


def bibtex_entry(paper: CitedPaper, key: str | None = None) -> str:
    """One `@misc` entry."""
    fields: list[tuple[str, str]] = [("title", "{" + tex(paper.title) + "}")]
    if paper.authors:
        fields.append(("author", " and ".join(tex(a) for a in paper.authors)))
    year = citation_year(paper)
    if year:
        fields.append(("year", year))
    if paper.arxiv_id:
        fields += [("eprint", paper.arxiv_id), ("archivePrefix", "arXiv")]
        if paper.categories:
            fields.append(("primaryClass", paper.categories[0]))
    if paper.doi:
        fields.append(("doi", _url(paper.doi)))
    fields.append(("url", _url(paper.url)))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@misc{{{key or citation_key(paper)},\n{body}\n}}\n"


def citation_year(paper: CitedPaper) -> str:
    """The year to cite: the recorded date's, else the year its arXiv id was issued in."""
    if paper.published:
        return str(paper.published.year)
    found = issued(paper.arxiv_id) if paper.arxiv_id else None
    return str(found[0]) if found else ""


def citation_key(paper: CitedPaper) -> str:
    """First author's last name, year and first title word (`mu2025denselora`); with no author
    recorded, the first title word and year (`attention2017`); the paper id when the title
    has no word either."""
    names = paper.authors[0].split() if paper.authors else []
    last = "".join(_KEY_WORD.findall(_ascii(names[-1]))) if names else ""
    words = [w for w in _KEY_WORD.findall(_ascii(paper.title)) if w not in KEY_SKIPS]
    year = citation_year(paper)
    if words:
        return f"{last}{year}{words[0]}" if last else f"{words[0]}{year}"
    return "".join(_KEY_WORD.findall(_ascii(paper.arxiv_id or paper.paper_id))) or "paper"


def file_name(query: str, extension: str, first: int, last: int) -> str:
    """`papers-<query words>-rows-<first>-<last>.<extension>` (ASCII, at most 60 characters)."""
    return f"papers-{slug(query, 'search')}-rows-{first}-{last}.{extension}"


def tex(text: str) -> str:
    """Text safe inside a BibTeX field: `$...$` math kept when its braces balance, every other
    TeX special character escaped, whitespace collapsed."""
    parts = []
    for piece in _MATH.split(" ".join(text.split())):
        if _MATH.fullmatch(piece) and piece.count("{") == piece.count("}"):
            parts.append(piece)
        else:
            parts.append("".join(_TEX_SPECIAL.get(ch, ch) for ch in piece))
    return "".join(parts)


def unmarked(text: str) -> str:
    """A snippet without its `[hl]` marks."""
    return text.replace(HL_OPEN, "").replace(HL_CLOSE, "")


def _url(url: str) -> str:
    # Verbatim fields (url, doi): braces and backslashes would end the field or start a
    # command; URLs and DOIs seldom hold them.
    return url.replace("\\", "%5C").replace("{", "%7B").replace("}", "%7D")


def _ascii(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if ch.isascii()).lower()


def _unique(key: str, taken: set[str]) -> str:
    found, n = key, 0
    while found in taken:
        n += 1
        found = f"{key}{chr(ord('a') + n - 1) if n <= 26 else n}"
    taken.add(found)
    return found
