"""Loading the JSON Lines data files into the database."""
