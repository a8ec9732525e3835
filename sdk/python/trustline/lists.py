"""Every item of a list, following its cursors page after page.

Each list answers one page and says where the next one is: nextCursor in the body (null on the
last page) and the X-Next-Cursor header (absent on the last page); a list whose body is an array
(GET /v1/billing/invoices) has only the header. A page may hold fewer items than its limit, even
none, and still have a next page: follow the cursor until there is none.
"""

from collections.abc import Iterator
from typing import Any

from .calls import send
from .identity.api.batches import list_batches
from .identity.api.extraction import list_extractions
from .identity.api.liveness import list_liveness_checks
from .identity.api.webhooks import list_webhook_deliveries as list_endpoint_deliveries
from .identity.client import AuthenticatedClient as IdentityClient
from .partner.api.contracts import list_contract_requests
from .partner.api.partner import list_webhook_deliveries as list_partner_deliveries
from .partner.client import AuthenticatedClient as PartnerClient


def iterate(operation: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
    """iterate yields every item of a generated list operation (a module with sync_detailed and a
    cursor parameter), one page at a time, lazily: a page is read when the previous one is used
    up. kwargs are the operation's own (client, filters, limit, a starting cursor). Errors raise
    ApiError, once the client has retried what it retries (a 429 waited out, a lost answer)."""
    while True:
        response = send(operation, *args, **kwargs)
        page = response.parsed
        items = page if isinstance(page, list) else page.data
        yield from items
        cursor = getattr(page, "next_cursor", None) or response.headers.get("x-next-cursor")
        if not cursor:
            return
        kwargs = {**kwargs, "cursor": cursor}


def iter_extractions(client: IdentityClient, **filters: Any) -> Iterator[Any]:
    """iter_extractions yields every extraction of GET /v1/extractions (newest first) that the
    filters keep (mode, status, document_type, batch_id, created_after, created_before, limit)."""
    return iterate(list_extractions, client=client, **filters)


def iter_batches(client: IdentityClient, **filters: Any) -> Iterator[Any]:
    """iter_batches yields every batch of GET /v1/batches (mode, limit)."""
    return iterate(list_batches, client=client, **filters)


def iter_liveness_checks(client: IdentityClient, **filters: Any) -> Iterator[Any]:
    """iter_liveness_checks yields every liveness check of GET /v1/liveness/checks (mode, limit)."""
    return iterate(list_liveness_checks, client=client, **filters)


def iter_webhook_deliveries(client: IdentityClient, endpoint_id: str, **filters: Any) -> Iterator[Any]:
    """iter_webhook_deliveries yields every delivery of an identity webhook endpoint, GET
    /v1/webhooks/{id}/deliveries (reference, status, limit)."""
    return iterate(list_endpoint_deliveries, endpoint_id, client=client, **filters)


def iter_contract_requests(client: PartnerClient, **filters: Any) -> Iterator[Any]:
    """iter_contract_requests yields every contract request of the calling partner, GET
    /api/v1/partner/contracts/requests (contract_status, product, created_after, limit)."""
    return iterate(list_contract_requests, client=client, **filters)


def iter_partner_deliveries(client: PartnerClient, **filters: Any) -> Iterator[Any]:
    """iter_partner_deliveries yields every delivery of the partner's webhook, GET
    /api/v1/partners/me/webhook/deliveries (reference, status, limit)."""
    return iterate(list_partner_deliveries, client=client, **filters)
