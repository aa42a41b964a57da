"""The reference tokenizer: a pure-Python twin of the index analyzer, which the backend
contract and the tokenizer agreement tests hold the engine's analyzer to."""

import re

from search.text.query import MAX_TOKEN_BYTES

# `[^\W_]` is exactly `str.isalnum()`: CPython's `\w` is isalnum() plus underscore.
_WORD = re.compile(r"[^\W_]+")


def simple_tokenize(text: str) -> list[str]:
    """Pure-Python twin of the index analyzer: split on non-alphanumerics, drop long, lower."""
    # Known difference from tantivy (Rust `char::is_alphanumeric`): Rust also counts
    # Unicode Other_Alphabetic marks as letters (e.g. Devanagari vowel signs, Hebrew
    # points, Arabic harakat, U+0345, circled letters like Ⓐ) and knows characters
    # assigned after Python's Unicode database; here those split words.
    # tests/backends/test_tokenizer_agreement.py pins that these are the only differences.
    tokens = []
    for match in _WORD.finditer(text):
        token = match.group()
        if len(token.encode("utf-8")) >= MAX_TOKEN_BYTES:
            continue
        tokens.append(token.lower() if token.isascii() else _lower_per_char(token))
    return tokens


def _lower_per_char(token: str) -> str:
    """Lower-case char by char, as tantivy's LowerCaser does."""
    # str.lower() maps a word-final Σ to ς; tantivy lower-cases each char alone (σ).
    return "".join(char.lower() for char in token)
