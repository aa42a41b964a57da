"""Search engines behind one door (`protocol.SearchBackend`), chosen in `registry`.

Only the engine's own package (`backends/tantivy/`) imports the engine; the rest of the
portal reaches it through `registry.get_backend()`. Imports search.indexes and search.text.
"""
