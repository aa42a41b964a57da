"""Citations: how people write them per source, mentions in text, cross-references, the citation
look-up. Imports the shared search.statutes modules and the layers below."""
