"""What a query's own shape needs said, worded once for both searches (page, API and MCP)."""

UNCLOSED_QUOTE_WARNING = (
    'Unclosed quote: the text after the last " was searched as loose words, not as a phrase. '
    "Close the quote to require the phrase."
)
