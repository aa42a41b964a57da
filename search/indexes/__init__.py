"""Index names, versioned index directories and the live pointer, the data stamp, freshness.
Imports search.models only."""
