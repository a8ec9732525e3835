"""trustline: the Python client of the identity API (/v1) and the insurance partner API (/api/v1).

trustline.identity and trustline.partner are generated from openapi/identity.yaml and
openapi/partner.yaml (every operation, as trustline.<api>.api.<tag>.<operation_id>, and every
model); the modules beside them are written by hand for what generation cannot give:

- auth: identity_client, partner_client (the key in the API's key header, or a login token);
- retries: RetryingTransport, under both clients (a read, or a request with an Idempotency-Key,
  sent again after a lost answer, a 429, 502, 503 or 504, a short Retry-After waited out);
- calls: call, send (a 2xx answer or ApiError);
- lists: iterate and iter_* (every item of a list, following its cursors);
- extractions: submit_extraction, wait_for_extraction, wait_for_verification (polling with
  backoff and a deadline);
- idempotency: create_auto_contract, create_voyage_contract, configure_webhook, idempotent (an
  idempotency key per call, kept on the client's retries);
- webhooks: verify_insurance, verify_service, verify_standard (standard library only).
"""

from .auth import identity_client, partner_client
from .calls import ApiError, call, send
from .extractions import ExtractionTimeout, submit_extraction, wait_for_extraction, wait_for_verification
from .idempotency import (
    configure_webhook,
    create_auto_contract,
    create_voyage_contract,
    idempotent,
    new_idempotency_key,
)
from .lists import (
    iter_batches,
    iter_contract_requests,
    iter_extractions,
    iter_liveness_checks,
    iter_partner_deliveries,
    iter_webhook_deliveries,
    iterate,
)
from .retries import RetryingTransport
from .webhooks import (
    InvalidSignature,
    TimestampOutOfTolerance,
    verify_insurance,
    verify_service,
    verify_standard,
)

__all__ = [
    "ApiError",
    "ExtractionTimeout",
    "InvalidSignature",
    "RetryingTransport",
    "TimestampOutOfTolerance",
    "call",
    "configure_webhook",
    "create_auto_contract",
    "create_voyage_contract",
    "idempotent",
    "identity_client",
    "iter_batches",
    "iter_contract_requests",
    "iter_extractions",
    "iter_liveness_checks",
    "iter_partner_deliveries",
    "iter_webhook_deliveries",
    "iterate",
    "new_idempotency_key",
    "partner_client",
    "send",
    "submit_extraction",
    "verify_insurance",
    "verify_service",
    "verify_standard",
    "wait_for_extraction",
    "wait_for_verification",
]
