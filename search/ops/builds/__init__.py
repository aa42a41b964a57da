"""Index builds: each index's documents, the build service, its records, progress and rebuild
requests. Imports the searches and every layer below them."""
