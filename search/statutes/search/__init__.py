"""The statute keyword search: forms, query parsing, service, notes and the results page.
Imports the shared search.statutes modules, its citations and the layers below."""
