"""manage.py mcp_stdio: the search tools over MCP on stdin/stdout, for a desktop assistant."""

import os

import anyio
from django.contrib.auth.models import AnonymousUser
from django.core.management.base import BaseCommand, CommandError
from mcp.server.stdio import stdio_server

from search.mcp.server import build_server
from search.mcp.tools import Principal
from search.ops.api_tokens import TokenRejected, user_for_secret

TOKEN_ENV = "PORTAL_MCP_TOKEN"


class Command(BaseCommand):
    help = (
        "Serve the search tools (statute_search, statute, sources, search_keyword, find_by_id) "
        "over the Model Context Protocol on stdin/stdout, for an assistant that starts this "
        f"command. {TOKEN_ENV}, when set, names the API token whose user the calls act for "
        "(research runs); without it the tools work anonymously. Stdout carries the protocol "
        "only: logs go to stderr."
    )

    def handle(self, *args: object, **options: object) -> None:
        secret = os.environ.get(TOKEN_ENV, "").strip()
        if secret:
            try:
                user_for_secret(secret)  # refuse a bad token now, where the log shows it
            except TokenRejected as exc:
                raise CommandError(f"{TOKEN_ENV}: {exc}") from None

        def principal(ctx: object) -> Principal:
            # Checked on every call: a token revoked meanwhile stops working at once.
            return user_for_secret(secret) if secret else AnonymousUser()

        server = build_server(principal, own_connections=True)

        async def serve() -> None:
            async with stdio_server() as (read_stream, write_stream):
                await server.run(read_stream, write_stream, server.create_initialization_options())

        anyio.run(serve)
