"""The search tools over the Model Context Protocol: `/mcp` (Streamable HTTP) and stdio.

`tools` is the registry (names, descriptions, the forms behind each input schema, the answer
each call gives), `schema` turns a form into JSON Schema, `server` is the protocol side (the
official SDK), `endpoint` the Django view that serves it inside the portal.
"""
