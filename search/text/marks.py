"""The `[hl]…[/hl]` marks around matched words in snippets and marked texts (seed format).

Backends produce them; pages escape the text and turn them into `<mark>`
(`search.templatetags.portal_marks.hl`); the JSON APIs return them as they are.
"""

HL_OPEN = "[hl]"
HL_CLOSE = "[/hl]"
ELLIPSIS = "…"
