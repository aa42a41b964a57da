"""Search engines behind a small interface; only `backends.tantivy` imports tantivy."""
