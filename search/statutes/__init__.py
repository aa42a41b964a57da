"""Statute and regulation search: catalog, forms, service, notes and response shapes."""
