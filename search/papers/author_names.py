"""Author names folded for the `authors` filter: case- and accent-insensitive, full or last name.

Pure: no Django, no engine. The index stores every key of each author (`author_keys`); a
filter value is folded the same way (`fold_name`) and must equal one of them. Folding:
Unicode NFKD, combining marks dropped, casefolded, every run of characters that are not
letters or digits a single space. Keys are the whole name and each of its endings, so
"José María García-Pérez" is found as `jose maria garcia perez`, `garcia perez`, `perez`
(and so by "García-Pérez" or "Perez"), and "Lin Mu" as `lin mu` or `mu`; and the first name
with the endings past the middle names, so "Edward S. Hu" is found as `edward hu` too.

A query that is a full name (`name_key`) matches that name on one author: the search asks the
index whether some author has that key, and if one has, the query's words count in the author
names only on such an author (`Edward Kim` and `Eric Hu` together are no `Edward Hu`).
"""

import re
import unicodedata

_NOT_WORD = re.compile(r"[\W_]+")
# A name has seldom more parts; a longer string (a list pasted as one name) keeps its last few.
MAX_NAME_PARTS = 8
# A query of more words than this is never read as one person's name.
MAX_QUERY_NAME_WORDS = 4
# Letters NFKD does not split into a base letter and a mark (casefold already maps ß to ss).
_UNSPLIT = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae",
                          "œ": "oe", "ı": "i", "ħ": "h"})  # fmt: skip


def fold_name(name: str) -> str:
    """The comparable form of a name ('' when it has no letters or digits)."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NOT_WORD.sub(" ", bare.casefold().translate(_UNSPLIT)).strip()


def author_keys(name: str) -> tuple[str, ...]:
    """Every form a filter may name this author by: the whole name, each ending of it, and the
    first name with each ending past the middle names (`Edward S. Hu`: `edward hu`)."""
    parts = fold_name(name).split()[-MAX_NAME_PARTS:]
    endings = [" ".join(parts[i:]) for i in range(len(parts))]
    skipping = [f"{parts[0]} {ending}" for ending in endings[2:]]
    return tuple(dict.fromkeys([*endings, *skipping]))


def name_key(text: str) -> str:
    """The key a query that may be one person's full name would have (`Edward Hu`: `edward
    hu`); '' for text that cannot be (one word, more than a name has, or not only letters)."""
    words = fold_name(text).split()
    if not 2 <= len(words) <= MAX_QUERY_NAME_WORDS or not all(w.isalpha() for w in words):
        return ""
    return " ".join(words)


def keys_of_authors(names: list[str] | tuple[str, ...]) -> list[str]:
    """The distinct keys of a paper's authors, in order (what the index stores)."""
    return list(dict.fromkeys(key for name in names for key in author_keys(name)))
