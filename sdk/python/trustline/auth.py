"""Clients of the two APIs, authenticated as their OpenAPI securitySchemes say.

Both APIs take an API key in a header of their own (the identity API's ``X-API-Key``, the partner
API's ``x-api-key``: HTTP header names are case-insensitive) or a login JWT as
``Authorization: Bearer``. Keys go in the key header: the server then knows it is a key without
looking at its shape.
"""

import httpx

from .identity import AuthenticatedClient as IdentityClient
from .partner import AuthenticatedClient as PartnerClient
from .retries import RetryingTransport

DEFAULT_TIMEOUT = 30.0
"""Seconds per request; the generated client's default (httpx's 5 s) is short for an upload."""


def identity_client(
    base_url: str,
    api_key: str | None = None,
    *,
    token: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    transport: RetryingTransport | None = None,
) -> IdentityClient:
    """identity_client is a client of the identity API (/v1) with an sk_live_/sk_test_ key in
    X-API-Key, or with a login token (POST /v1/auth/login) as Bearer: give exactly one. Its
    requests go through transport, a RetryingTransport over httpx's own by default (retries.py):
    give RetryingTransport(attempts=5), say, for more tries, or over a transport of your own."""
    return _client(IdentityClient, base_url, api_key, token, "X-API-Key", timeout, transport)


def partner_client(
    base_url: str,
    api_key: str | None = None,
    *,
    token: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    transport: RetryingTransport | None = None,
) -> PartnerClient:
    """partner_client is a client of the insurance partner API (/api/v1) with a pk_ partner key
    (or an ak_ administrator key) in x-api-key, or with a back-office login token as Bearer (key
    rotation and revocation need one): give exactly one. Its requests go through transport, as
    identity_client's do."""
    return _client(PartnerClient, base_url, api_key, token, "x-api-key", timeout, transport)


def _client(cls, base_url, api_key, token, key_header, timeout, transport):
    if (api_key is None) == (token is None):
        raise ValueError("give exactly one of api_key and token")
    # One transport for the sync and the asyncio operations alike: it implements both.
    common = {
        "base_url": base_url,
        "timeout": httpx.Timeout(timeout),
        "httpx_args": {"transport": transport or RetryingTransport()},
    }
    if api_key is not None:
        return cls(token=api_key, prefix="", auth_header_name=key_header, **common)
    return cls(token=token, **common)
