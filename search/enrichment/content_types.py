"""Content type of a paper chunk, from its section heading, its paper's title and position.

Rules, in order:
1. an abstract chunk (`is_abstract`) is `abstract`;
2. in a survey paper (title matched by `SURVEY_TITLE_RE`) every other chunk is `survey`;
3. otherwise the heading is cleaned (numbering such as "3.2.", "IV.", "A.1", "-1"
   removed, lower-cased) and split on " / " into the headings the chunker merged; the
   parts are read from the LAST one back, because the chunker folds short sections
   into the next and the text is mostly the last section's. The first part with a
   keyword in `HEADING_RULES` decides; within a part the keyword that appears first
   wins ("Results and Discussion" -> results, "Discussion and Results" -> discussion);
4. a heading with no keyword (a data set or component name like "CoLA / SST-2" or
   "Stacked Attention Networks", a topical heading like "6.1 A quotient", an empty
   heading) continues the type of the chunk before it when that was `methodology` or
   `results` (`CONTINUED_TYPES`; SciREX flattens subsections, so "ImageNet" after
   "Experiments" is an experiments subsection). Otherwise position is only a weak
   tiebreak: a chunk within the first `LEADING_POSITION` of its paper is `background`
   (papers open with their introduction; SciREX's first heading is often a bare
   "Section"), anything else is `other`. No later position is guessed: the middle of a
   paper is method or results and its end may be an appendix, so a guess there would
   be wrong as often as right.
Back matter ("Acknowledgments", "References", "Appendix") is `other` by a table row,
so that it does not continue the section before it.
`content_types_for_paper` applies the rules to a paper's chunks in order, with
position = chunk index / (number of chunks - 1).
"""

import re
from collections.abc import Sequence

CONTENT_TYPES: tuple[str, ...] = (
    "abstract", "background", "methodology", "results", "discussion", "survey", "other",
)  # fmt: skip

# THE heading table: (keyword regex fragments, content type). Fragments are matched at a
# word start in the cleaned, lower-cased heading and may run on ("experiment" matches
# "experimental", "experiments"). When two rows match the same part, the earlier
# keyword position in the heading wins, then the earlier row.
HEADING_RULES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("^abstract$",), "abstract"),  # the whole heading: not "Abstract Scenes"
    (
        (
            "introduction", "related work", "related stud", "prior work", "previous work",
            "background", "preliminar", "motivation", "literature", "notation",
            "problem statement", "problem definition", "problem formulation",
            "problem setting", "overview of",
        ),
        "background",
    ),
    (
        (
            "method", "approach", "model", "architect", "framework", "proposed",
            "algorithm", "training", "implementation", "network", "formulation",
            "loss", "objective", "optimization", "inference", "learning", "encoder",
            "decoder", "attention", "module", "design", "pre-?training", "fine-?tuning",
            "preprocessing", "pre-processing", "data augmentation", "regulari[sz]ation",
            "hyperparameter", "hyper-parameter", "theorem", "lemma", "proof",
            "proposition", "corollary", "definition", "derivation", "construction",
        ),
        "methodology",
    ),
    (
        (
            "experiment", "result", "evaluation", "ablation", "analysis", "benchmark",
            "comparison", "comparing", "compared", "baseline", "dataset", "data set",
            "datasets", "metric", "setup", "settings", "performance", "quantitative",
            "qualitative", "case stud", "visuali[sz]ation", "error analysis", "empirical",
            "observation", "measurement", "simulation", "numerical", "study",
        ),
        "results",
    ),
    (
        (
            "discussion", "conclu", "limitation", "future work", "future direction",
            "broader impact", "summary", "outlook", "remarks", "implications",
        ),
        "discussion",
    ),
    # Back matter is named so that it does not continue the section before it (rule 4).
    (
        (
            "acknowledg", "references", "bibliography", "appendix", "appendices",
            "supplementary", "funding", "data availability", "code availability",
            "author contributions", "competing interests", "conflicts? of interest",
        ),
        "other",
    ),
)  # fmt: skip
# Types an unnamed heading inherits from the chunk before it: subsections named after a
# data set or a component ("ImageNet", "Stacked Attention Networks") continue their
# "Experiments" or "Method" section. Background and discussion are not continued: after
# "1 Introduction" a math paper's topical sections are its substance, and after the
# conclusion come appendices.
CONTINUED_TYPES = frozenset({"methodology", "results"})

# A paper is a survey when its title says so: "X: A Survey", "A Systematic Review of X",
# "An Overview of X", "Survey on X", "X: Comprehensive Review". "review" alone is not
# enough ("... Decentralized AI Peer Review", "Review-guided Answer Helpfulness"), nor
# are plurals ("Online Reviews", "Chatbot Surveys"): both name what a paper studies.
SURVEY_TITLE_RE = re.compile(
    r"\ban?\s+(?:[\w-]+\s+){0,2}(?:survey|review|overview)\b"
    r"|^(?:survey|review|overview)\s+(?:of|on|and)\b"
    r"|\b(?:comprehensive|systematic|literature|scoping|narrative)\s+(?:survey|review)\b",
    re.IGNORECASE,
)
# Chunks this close to the start of their paper default to `background`.
LEADING_POSITION = 0.1
# Numbering in front of a heading: "3", "3.2.", "IV.", "A.1", "B.", "Appendix C:", and
# unarXive's "-1" for unnumbered sections. A bare capital letter counts only with a dot
# or digits after it, so "A Quotient" keeps its article.
NUMBERING_RE = re.compile(
    r"^\s*(?:-1|\d+(?:\.\d+)*\.?|[IVXLC]+\.|[A-Z](?:\.\d+)+\.?|[A-Z]\."
    r"|(?:Appendix|APPENDIX|Section|SECTION)\s+(?:[A-Z]|[IVXLC]+|\d+)(?:\.\d+)*[.:]?)"
    r"(?=\s|$)\s*"
)
HEADING_SEPARATOR = " / "

_RULE_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(r"\b(?:" + "|".join(keywords) + ")"), content_type)
    for keywords, content_type in HEADING_RULES
)


def clean_heading(heading: str) -> str:
    """Drop numbering and punctuation around a heading and lower-case it."""
    previous = None
    while previous != heading:  # "A.1 3.2 Results" carries two numberings
        previous = heading
        heading = NUMBERING_RE.sub("", heading, count=1)
    return " ".join(heading.split()).strip(" .:;,-").lower()


def heading_content_type(heading: str) -> str | None:
    """Content type named by one cleaned heading, or None when no keyword matches."""
    best: tuple[int, int, str] | None = None
    for row, (pattern, content_type) in enumerate(_RULE_PATTERNS):
        match = pattern.search(heading)
        if match and (best is None or (match.start(), row) < best[:2]):
            best = (match.start(), row, content_type)
    return best[2] if best else None


def is_survey_title(title: str) -> bool:
    """True if the paper's title presents it as a survey, review or overview."""
    return bool(SURVEY_TITLE_RE.search(title))


def content_type_for(
    section: str | None,
    *,
    is_abstract: bool,
    paper_title: str = "",
    position: float = 0.5,
    previous: str | None = None,
) -> str:
    """Content type of a chunk at `position` (0-1) after a chunk of type `previous`."""
    if is_abstract:
        return "abstract"
    if is_survey_title(paper_title):
        return "survey"
    parts = (section or "").split(HEADING_SEPARATOR)
    for part in reversed(parts):
        found = heading_content_type(clean_heading(part))
        if found is not None:
            return found
    if previous in CONTINUED_TYPES:
        return previous
    return "background" if position <= LEADING_POSITION else "other"


def content_types_for_paper(sections: Sequence[str | None], *, paper_title: str = "") -> list[str]:
    """Content types of a paper's body chunks, given their headings in chunk order."""
    types: list[str] = []
    last = max(len(sections) - 1, 1)
    for index, section in enumerate(sections):
        previous = types[-1] if types else None
        types.append(
            content_type_for(
                section,
                is_abstract=False,
                paper_title=paper_title,
                position=index / last,
                previous=previous,
            )
        )
    return types
