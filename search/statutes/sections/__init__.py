"""One section: its look-up by id or citation, its text with marks and links, its page and
its API answer. Imports the statute search, its citations and the layers below."""
