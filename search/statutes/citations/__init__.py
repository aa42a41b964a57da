"""Citations: how people write them, and the sections they name."""
