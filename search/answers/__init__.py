"""Request plumbing both searches share: form fields, the outcome path, JSON and CSV answers,
same-origin checks. Imports search.backends, search.indexes and search.text."""
