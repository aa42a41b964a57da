"""Code order: sections, chapters and titles sorted as a code counts them, and shown as cited.

`code_order_key` sorts `59.18.280` before `59.18.283`, `3614` < `3614-1` < `3614a`, the US
Code's `1437z-10` < `1437ff` < `1437aaa` (longer letter runs come after shorter ones), and a
title that is a roman numeral (`i`, `ii`, ..., `ix`, `x`) by its value. Codes that number
sections decimally (Florida's `83.425` sits between `83.42` and `83.43`) are sorted with
`decimal=True`; `decimal_numbering` tells them from the data (the CFR's `982.4` < `982.51` <
`982.101` are whole numbers after the point). `cited_title` shows a stored title as cited
(`0060` -> `60`, `ix` -> `IX`, Virginia's `101` -> `10.1`). Pure Python: no Django, no engine.
"""

import re
from collections import Counter
from collections.abc import Iterable, Sequence

# One sort element: (kind, value); kinds order separators before numbers before letters, so
# `16-1` < `16A-1` and `3614-1` < `3614a`. Values are ints or floats (a decimal part), or
# (length, text) tuples (letters and words).
SEPARATOR = 0
NUMBER = 1
LETTERS = 2
Element = tuple[int, object]
Key = tuple[Element, ...]

_TOKENS = re.compile(r"\d+|[^\W\d_]+|[^\w]+|_+")
_ROMAN = re.compile(r"^(?=[mdclxvi])m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
_LEADING_ZEROS = re.compile(r"^0+(?=\d)")
_FIRST_PART = re.compile(r"^([0-9]+(?:\.[0-9]+)?[A-Za-z]*)(?=[-:.])")


def roman_value(text: str) -> int | None:
    """The value of a roman numeral (`ix` -> 9), None when `text` is not one."""
    lowered = text.strip().lower()
    if not lowered.isalpha() or not _ROMAN.match(lowered):
        return None
    total = 0
    for here, after in zip(lowered, [*lowered[1:], ""], strict=True):
        value = _ROMAN_VALUES[here]
        total += -value if after and _ROMAN_VALUES[after] > value else value
    return total


def code_order_key(value: str, *, decimal: bool = False) -> Key:
    """Sort key of a section, chapter or title number in code order (see the module)."""
    text = value.strip().lower()
    if text.isdigit():
        return ((NUMBER, int(text)),)
    roman = roman_value(text)
    if roman is not None:
        return ((NUMBER, roman),)
    tokens = _TOKENS.findall(text)
    fraction_at = _fraction_index(tokens) if decimal else -1
    key: list[Element] = []
    after_number = False
    for at, token in enumerate(tokens):
        if token.isdigit():
            # A decimal part counts as a fraction (`425` of `83.425` is 0.425).
            number = int(token)
            key.append((NUMBER, number / 10 ** len(token) if at == fraction_at else number))
            after_number = True
            continue
        if token.isalpha():
            # Letters after a number count by length first (z < ff < aaa); words as written.
            key.append((LETTERS, (len(token), token) if after_number else (0, token)))
        else:
            key.append((SEPARATOR, 0))
        after_number = False
    return tuple(key)


def _fraction_index(tokens: list[str]) -> int:
    """Where the last number written after a point is (the decimal part), else -1."""
    for at in range(len(tokens) - 1, 1, -1):
        if tokens[at].isdigit() and tokens[at - 1] == "." and tokens[at - 2].isdigit():
            return at
    return -1


def decimal_numbering(chapters: Iterable[Sequence[str]]) -> bool:
    """True when a code numbers its sections decimally (Florida's `83.42` < `83.425` <
    `83.43`): its chapters' numbers, in the order its own file gives them, agree better with
    decimal than with whole-number order (the file's order is mostly right, not always)."""
    whole = decimal = 0
    for numbers in chapters:
        # Only numbers with a point can sort differently.
        dotted = [n for n in numbers if "." in n]
        if len(dotted) > 1:
            whole += _inversions(dotted, decimal=False)
            decimal += _inversions(dotted, decimal=True)
    return decimal < whole


def _inversions(numbers: Sequence[str], *, decimal: bool) -> int:
    keys = [code_order_key(n, decimal=decimal) for n in numbers]
    return sum(1 for a, b in zip(keys, keys[1:], strict=False) if a > b)


def in_code_order(numbers: Iterable[str], *, decimal: bool = False) -> list[str]:
    """Numbers sorted in code order."""
    return sorted(numbers, key=lambda n: code_order_key(n, decimal=decimal))


def cited_title(title: str, sections: Iterable[str] = ()) -> str:
    """How a stored title is cited: as its sections write it (`101` -> `10.1`, `23b` ->
    `23B`), a roman numeral in capitals (`ix` -> `IX`), a number without leading zeros."""
    stored = title.strip()
    if not stored:
        return stored
    wanted = _bare(stored)
    written = Counter(
        found.group(1) for s in sections if (found := _FIRST_PART.match(s.strip())) is not None
    )
    for form, _ in written.most_common():
        if _bare(form) == wanted:
            return form
    if roman_value(stored) is not None:
        return stored.upper()
    return _LEADING_ZEROS.sub("", stored) if stored[0].isdigit() else stored


def _bare(text: str) -> str:
    """Letters and digits only, lower case, no leading zeros (`10.1` and `0101` -> `101`)."""
    return _LEADING_ZEROS.sub("", re.sub(r"[^0-9a-z]", "", text.lower()))
