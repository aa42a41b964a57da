"""Citation keys: one normal form so `RCW 59.18.060` and `rcw 59.18.060` find the same section."""

import re

NON_ALNUM = re.compile(r"[^0-9a-z]+")
SECTION_WORDS = re.compile(r"§+|\bsections?\b|\bsec\.", re.IGNORECASE)


def citation_key(citation: str) -> str:
    """Lower-case letters and digits only, with section signs and the word 'section' removed."""
    return NON_ALNUM.sub("", SECTION_WORDS.sub(" ", citation).lower())
