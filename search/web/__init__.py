"""The web door: views, URLs, the htmx check, rate limiting, context processors. Imports
search.mcp, search.ops, the searches and every layer below them."""
