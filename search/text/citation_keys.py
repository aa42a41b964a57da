"""Citation keys: normal forms so `RCW 59.18.060` and `rcw 59.18.060` find the same section.

Pure functions (no Django, no engine), shared by ingest, index builds and query reading.
"""

import re

NON_ALNUM = re.compile(r"[^0-9a-z]+")
SECTION_WORDS = re.compile(r"§+|\bsections?\b|\bsec\.", re.IGNORECASE)
_DIGITS = re.compile(r"\d+")
_LETTERS = re.compile(r"[^a-z]+")
# Words people put before a chapter number: `chapter 59.18`, `ch. 83`, `part 1024`.
_CHAPTER_WORDS = re.compile(r"^\s*(?:chapter|chap\.|ch\.|part|pt\.)\s*", re.IGNORECASE)
_LEADING_ZEROS = re.compile(r"^0+(?=\d)")
# How the data writes a title or article number inside a citation prefix (`42 U.S.C.`).
NUMBER_SLOT = "#"


def citation_key(citation: str) -> str:
    """Lower-case letters and digits only, with section signs and the word 'section' removed."""
    return NON_ALNUM.sub("", SECTION_WORDS.sub(" ", citation).lower())


def number_key(number: str) -> str:
    """A section number's key: `59.18.280`, `59-18-280` and `59 18 280` are all `59.18.280`
    (separators kept, as one kind: `8.3` is not `83`)."""
    return NON_ALNUM.sub(".", number.lower()).strip(".")


def chapter_key(text: str) -> str:
    """A chapter's key: `59.18`, `59-18` and `chapter 59.18` are `59.18`; `0083` is `83`."""
    return _LEADING_ZEROS.sub("", number_key(_CHAPTER_WORDS.sub("", text)))


def prefix_shape(prefix: str) -> str:
    """The letters of a citation prefix: `42 U.S.C. §` and `42 USC` are both `usc`."""
    return _LETTERS.sub("", SECTION_WORDS.sub(" ", prefix).lower())


def prefix_template(citation: str, section: str) -> str | None:
    """How a citation writes what comes before its section number, numbers as `#`.

    `42 U.S.C. § 3604` with section `3604` gives `# U.S.C.`; None when the citation does not
    end with the section number (appendices) or has nothing before it.
    """
    if not section or not citation.endswith(section) or len(citation) == len(section):
        return None
    prefix = citation[: -len(section)].rstrip().rstrip("§").rstrip()
    return _DIGITS.sub(NUMBER_SLOT, prefix) or None
