"""API tokens for tests, issued as the admin issues them (`set_new_secret`, then save)."""

from dataclasses import dataclass

from django.contrib.auth.models import User

from search.models import ApiToken
from search.ops.api_tokens import set_new_secret


@dataclass(frozen=True)
class IssuedToken:
    """A new token and its secret, which exists only here and is never stored."""

    token: ApiToken
    secret: str


def issue_token(owner: User, name: str) -> IssuedToken:
    """A new token for `owner`; its secret is returned once and never again."""
    token = ApiToken(owner=owner, name=name.strip())
    secret = set_new_secret(token)
    token.save()
    return IssuedToken(token, secret)
