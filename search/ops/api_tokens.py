"""Issue, check and revoke API tokens (`Authorization: Bearer <secret>`).

The secret is random and shown once, when issued; the database keeps only its SHA-256, so a
copy of the database (a backup, say) holds no usable token. A hash lookup needs no slow key
derivation: the secret has 256 random bits, nothing to guess from a dictionary.
"""

import hashlib
import secrets
from datetime import timedelta

from django.contrib.auth.models import User
from django.http import HttpRequest
from django.utils import timezone

from search.models import ApiToken

TOKEN_PREFIX = "lps_"
SECRET_BYTES = 32
PREFIX_SHOWN = 8  # characters after TOKEN_PREFIX kept in clear, to tell tokens apart
# last_used is a hint for staff, not an audit log: at most one write per token per minute.
LAST_USED_EVERY = timedelta(minutes=1)
BEARER = "bearer"


class TokenRejected(ValueError):
    """A token was presented but is unknown, revoked, or its owner is inactive."""


def token_hash(secret: str) -> str:
    """The stored form of a secret."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def set_new_secret(token: ApiToken) -> str:
    """Give an unsaved token a fresh secret: only its hash is kept, the secret returned."""
    secret = TOKEN_PREFIX + secrets.token_urlsafe(SECRET_BYTES)
    token.token_hash = token_hash(secret)
    token.prefix = secret[: len(TOKEN_PREFIX) + PREFIX_SHOWN]
    return secret


def revoke(token: ApiToken) -> None:
    """The token stops working at once; it stays listed, marked revoked."""
    if not token.revoked:
        token.revoked = True
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked", "revoked_at"])


def bearer_secret(request: HttpRequest) -> str | None:
    """The secret of an `Authorization: Bearer` header, or None when there is none."""
    scheme, _, secret = request.headers.get("Authorization", "").strip().partition(" ")
    if scheme.lower() != BEARER:
        return None
    return secret.strip() or None


def user_for_secret(secret: str) -> User:
    """The active owner of a live token with this secret; TokenRejected otherwise."""
    token = (
        ApiToken.objects.select_related("owner")
        .filter(token_hash=token_hash(secret), revoked=False, owner__is_active=True)
        .first()
    )
    if token is None:
        raise TokenRejected("The API token is unknown, revoked, or its user is inactive.")
    now = timezone.now()
    if token.last_used is None or now - token.last_used >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
    return token.owner
