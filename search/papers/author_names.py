"""Author names folded for the `authors` filter: case- and accent-insensitive, full or last name.

Pure: no Django, no engine. The index stores every key of each author (`author_keys`); a
filter value is folded the same way (`fold_name`) and must equal one of them. Folding:
Unicode NFKD, combining marks dropped, casefolded, every run of characters that are not
letters or digits a single space. Keys are the whole name and each of its endings, so
"José María García-Pérez" is found as `jose maria garcia perez`, `garcia perez`, `perez`
(and so by "García-Pérez" or "Perez"), and "Lin Mu" as `lin mu` or `mu`.
"""

import re
import unicodedata

_NOT_WORD = re.compile(r"[\W_]+")
# A name has seldom more parts; a longer string (a list pasted as one name) keeps its last few.
MAX_NAME_PARTS = 8
# Letters NFKD does not split into a base letter and a mark (casefold already maps ß to ss).
_UNSPLIT = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae",
                          "œ": "oe", "ı": "i", "ħ": "h"})  # fmt: skip


def fold_name(name: str) -> str:
    """The comparable form of a name ('' when it has no letters or digits)."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NOT_WORD.sub(" ", bare.casefold().translate(_UNSPLIT)).strip()


def author_keys(name: str) -> tuple[str, ...]:
    """Every form a filter may name this author by: the whole name, then each ending of it."""
    parts = fold_name(name).split()[-MAX_NAME_PARTS:]
    return tuple(" ".join(parts[i:]) for i in range(len(parts)))


def keys_of_authors(names: list[str] | tuple[str, ...]) -> list[str]:
    """The distinct keys of a paper's authors, in order (what the index stores)."""
    return list(dict.fromkeys(key for name in names for key in author_keys(name)))
