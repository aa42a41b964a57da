"""Which sections are definitions sections, read from their headings.

A section headed "Definitions." (or "General definitions", "Definitions; M to S.",
"Residences—Definitions.") defines the words of its chapter, so it holds most of them: a
question in those words matches it strongly, yet it is rarely what the question asks. The
statute search lowers such sections (`search.statutes.shaping.definitions_lowered`), unless
the query asks about a definition or a meaning. A heading that only ends a long list of
topics with "Definitions" is not a definitions section.
"""

import re

# Heading parts: split at dashes, semicolons, colons and sentence stops.
_PARTS = re.compile(r"\s*(?:—|–|--|;|:|\.\s|\.$| - )\s*")
_DEFINITIONS = re.compile(
    r"^(?:(?:general|additional|chapter|certain|other|further|supplemental|special|common)\s+)?"
    r"(?:definitions?|definitions? of (?:terms|words)(?: and phrases)?|terms defined"
    r"|words and phrases defined|meaning of (?:words|terms)|defined terms)"
    r"(?:\s+and\s+[a-z ]+)?$",
    re.IGNORECASE,
)
# A query with a word starting so asks about definitions or meanings: nothing is lowered.
ASKING_PREFIXES = ("defin", "mean")


def is_definitions_heading(heading: str | None) -> bool:
    """True when the heading's first part names definitions, or it has at most two parts and
    one does ("Credit cards; definitions")."""
    parts = [p for p in _PARTS.split((heading or "").strip()) if p]
    if not parts:
        return False
    if _DEFINITIONS.match(parts[0]):
        return True
    return len(parts) <= 2 and any(_DEFINITIONS.match(p) for p in parts)


def asks_about_definitions(words: list[str]) -> bool:
    """True when any searched word asks for a definition or a meaning."""
    return any(w.startswith(ASKING_PREFIXES) for w in words)
