"""arXiv identifiers in user text: found, normalised (no version), and cut out of a query.

Pure: no Django, no engine. Forms accepted anywhere in a query (SPEC section 6):
`2505.23808`, `2505.23808v2`, `arXiv:2505.23808`, `https://arxiv.org/abs/2505.23808`
(also `/pdf/`, with or without `.pdf`), and the old style `hep-th/9901001`
(`math.AG/0101001`). A new-style id needs a real month (01-12) and four or five digits
after the dot, so a decimal such as `3.14159` or `2025.5` is never read as an id.
"""

import re

# New style since April 2007: YYMM.NNNN (to 2014) or YYMM.NNNNN (from 2015).
_NEW = r"\d{2}(?:0[1-9]|1[0-2])\.\d{4,5}"
# Old style to March 2007: archive[.SUBJECT]/YYMMNNN.
_OLD = r"[a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?/\d{2}(?:0[1-9]|1[0-2])\d{3}"
_PREFIX = r"(?:(?:https?://)?(?:www\.)?(?:export\.)?arxiv\.org/(?:abs|pdf)/|arxiv:\s*)?"
_VERSIONED = rf"(?P<id>{_NEW}|{_OLD})(?:v\d+)?(?:\.pdf)?/?"
# Not inside a longer word or number: 12505.23808 or 2505.238081 is no id.
IN_TEXT = re.compile(rf"(?<![\w./-]){_PREFIX}{_VERSIONED}(?!\w|\.\d)", re.IGNORECASE)
WHOLE = re.compile(rf"\s*{_PREFIX}{_VERSIONED}\s*", re.IGNORECASE)
_VERSION = re.compile(r"v\d+$")
# The year and month an id was issued in: YYMM at the start (new style) or after the slash.
_ISSUED = re.compile(r"^(?:[A-Za-z.-]+/)?(\d{2})(0[1-9]|1[0-2])")
ABS_URL = "https://arxiv.org/abs/{}"
PDF_URL = "https://arxiv.org/pdf/{}"
_OLD_ARCHIVE = re.compile(r"^([A-Za-z-]+)(\.[A-Za-z]{2})?/")
MAX_IDS = 10


def normalise_arxiv_id(text: str) -> str:
    """`arXiv:2106.09685v2` or an arxiv.org URL -> `2106.09685`; other text comes back trimmed
    (and without a version suffix), so an id-shaped look-up never crashes."""
    found = WHOLE.fullmatch(text)
    if found:
        return _canonical(found.group("id"))
    value = re.sub(r"^(?:https?://)?(?:www\.)?arxiv\.org/(?:abs|pdf)/|^arxiv:", "", text.strip(),
                   flags=re.IGNORECASE)  # fmt: skip
    return _VERSION.sub("", value.removesuffix(".pdf").strip("/ ")).strip()


def split_arxiv_ids(text: str) -> tuple[tuple[str, ...], str]:
    """The distinct arXiv ids in `text` (first MAX_IDS, in order) and the text without them."""
    ids: list[str] = []

    def cut(match: re.Match[str]) -> str:
        ids.append(_canonical(match.group("id")))
        return " "

    rest = IN_TEXT.sub(cut, text)
    return tuple(dict.fromkeys(ids))[:MAX_IDS], rest


def _canonical(found: str) -> str:
    """Old-style archives are lower-case with an upper-case subject class (math.AG)."""
    archive = _OLD_ARCHIVE.match(found)
    if archive is None:
        return found
    subject = (archive.group(2) or "").upper()
    return f"{archive.group(1).lower()}{subject}/{found[archive.end() :]}"


def issued(arxiv_id: str) -> tuple[int, int] | None:
    """The (year, month) an arXiv id was issued in: `1706.03762` -> (2017, 6), `hep-th/9901001`
    -> (1999, 1); None for text that is no id. Ids began in 1991, so `91`-`99` are 1900s."""
    found = _ISSUED.match(arxiv_id.strip())
    if found is None:
        return None
    year = int(found.group(1))
    return (1900 + year if year >= 91 else 2000 + year), int(found.group(2))


def abs_url(arxiv_id: str) -> str:
    """The paper's abstract page on arxiv.org."""
    return ABS_URL.format(arxiv_id)


def pdf_url(arxiv_id: str) -> str:
    """The paper's PDF on arxiv.org."""
    return PDF_URL.format(arxiv_id)
