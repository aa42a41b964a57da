"""What a query's own shape needs said, worded once for both searches (page, API and MCP)."""

from search.text.query import STOP_WORD, ParsedQuery

UNCLOSED_QUOTE_WARNING = (
    'Unclosed quote: the text after the last " was searched as loose words, not as a phrase. '
    "Close the quote to require the phrase."
)
# Each search follows it with how its own loose words match (statutes: any of them; papers:
# all of them unless match=any_words).
OR_WARNING = "'or' is not an operator here: it is dropped as a common word."
NO_LETTERS_ERROR = "Nothing to search: the query has no letters or digits."


def over_term_cap_warning(dropped: int, cap: int) -> str:
    """The note when words beyond the term cap were dropped."""
    return f"Only the first {cap} distinct terms run; {dropped} more were dropped (over_limit)."


def nothing_to_search_error(parsed: ParsedQuery) -> str:
    """The form error for a query with nothing left to search: only stop words, or no word."""
    stop = [d.term for d in parsed.dropped if d.reason == STOP_WORD]
    if not stop:
        return NO_LETTERS_ERROR
    words = ", ".join(f"'{w}'" for w in stop)
    return (
        f"Nothing left to search: {words} "
        f"{'is a very common word' if len(stop) == 1 else 'are very common words'}, "
        "dropped from every search. Add a more specific word, or put the words in "
        '"double quotes" to search them as a phrase.'
    )
