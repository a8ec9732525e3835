"""trustline: the Python client of the identity API (/v1) and the insurance partner API (/api/v1).

trustline.identity and trustline.partner are generated from openapi/identity.yaml and
openapi/partner.yaml (every operation, as trustline.<api>.api.<tag>.<method_path>, and every
model); the modules beside them are written by hand for what generation cannot give:

- auth: identity_client, partner_client (the key in the API's key header, or a login token);
- calls: call, send (a 2xx answer or ApiError; a short Retry-After waited out);
- lists: iterate and iter_* (every item of a list, following its cursors);
- extractions: submit_extraction, wait_for_extraction (polling with backoff and a deadline);
- idempotency: create_auto_contract, create_voyage_contract, configure_webhook, idempotent (an
  idempotency key per call, retries with the same key);
- webhooks: verify_insurance, verify_service, verify_standard (standard library only).
"""

from .auth import identity_client, partner_client
from .calls import ApiError, call, send
from .extractions import ExtractionTimeout, submit_extraction, wait_for_extraction
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
]
