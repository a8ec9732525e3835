"""Writes with an Idempotency-Key, made per call unless given, and retried safely.

The partner API stores the answer of a write sent with an idempotency-key and answers a replay
(same method, path and body) with it: a contract request retried after a lost answer is not made
twice. Without a key, a timeout leaves the caller not knowing whether the request exists. So each
call here carries a key (a new UUID v4 unless idempotency_key is given: give your own to retry
across processes), which the client's transport (retries.py) sends again after a transport error
(a timeout, a dropped connection), a 429 (after its Retry-After) or a 502/503/504.
"""

from collections.abc import Mapping
from typing import Any

from .calls import new_idempotency_key, send_with_key

# The generated operations, named as the hand-written functions that call them are.
from .partner.api.contracts import create_auto_contract as generated_create_auto_contract
from .partner.api.contracts import create_voyage_contract as generated_create_voyage_contract
from .partner.api.partner import update_webhook
from .partner.client import AuthenticatedClient as PartnerClient
from .partner.models import AutoRequest, Created, VoyageRequest, WebhookUpdate
from .partner.types import UNSET

__all__ = [
    "configure_webhook",
    "create_auto_contract",
    "create_voyage_contract",
    "idempotent",
    "new_idempotency_key",
]


def idempotent(operation: Any, *args: Any, idempotency_key: str | None = None, **kwargs: Any) -> Any:
    """idempotent runs operation.sync_detailed (a generated operation with an idempotency_key
    parameter) with a key, the same on each of the client's retries, and returns the parsed 2xx
    answer; an error answer raises ApiError, a transport error is raised as httpx raised it
    (calls.send_with_key)."""
    return send_with_key(operation, *args, idempotency_key=idempotency_key, **kwargs).parsed


def create_auto_contract(
    client: PartnerClient,
    body: AutoRequest | Mapping[str, Any],
    *,
    idempotency_key: str | None = None,
) -> Created:
    """create_auto_contract makes an auto contract request with its payment link, POST
    /api/v1/partner/contracts/auto/classic; body is an AutoRequest or its JSON as a dict
    (returnUrl, cancelUrl, contract)."""
    if not isinstance(body, AutoRequest):
        body = AutoRequest.from_dict(body)
    return idempotent(
        generated_create_auto_contract, client=client, body=body, idempotency_key=idempotency_key
    )


def create_voyage_contract(
    client: PartnerClient,
    body: VoyageRequest | Mapping[str, Any],
    *,
    idempotency_key: str | None = None,
) -> Created:
    """create_voyage_contract makes a travel contract request with its payment link, POST
    /api/v1/partner/contracts/voyage/classic; body is a VoyageRequest or its JSON as a dict."""
    if not isinstance(body, VoyageRequest):
        body = VoyageRequest.from_dict(body)
    return idempotent(
        generated_create_voyage_contract,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    )


def configure_webhook(
    client: PartnerClient,
    *,
    url: str | None = None,
    secret: str | None = None,
    idempotency_key: str | None = None,
) -> Any:
    """configure_webhook sets the partner's webhook URL and/or secret (16 to 256 characters,
    write-only; "" removes it), PATCH /api/v1/partners/me/webhook, and returns the configuration
    (webhook_url, webhook_secret_configured)."""
    body = WebhookUpdate(
        webhook_url=UNSET if url is None else url, webhook_secret=UNSET if secret is None else secret
    )
    return idempotent(update_webhook, client=client, body=body, idempotency_key=idempotency_key)
