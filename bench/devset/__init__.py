"""The committed development set for retrieval quality (`make_devset.py` writes it)."""
