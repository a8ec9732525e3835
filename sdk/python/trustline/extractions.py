"""Submitting an extraction, and waiting for its outcome with backoff.

The generated create_extraction cannot send a request with openapi-python-client 0.29.1: the
JSON body's schema (ExtractRequest: exactly one of uploadId and handoffSessionId, as a oneOf of
two required lists) becomes Any, and the generated code tests isinstance(body, Any), a TypeError.
submit_extraction builds the same request itself and reads the answer with the generated models.
"""

import time
from collections.abc import Callable
from io import BytesIO
from typing import IO, Any

from .calls import check, send_with_key
from .identity.api.extraction import create_extraction, get_extraction
from .identity.client import AuthenticatedClient as IdentityClient
from .identity.models import DocumentType, ExtractAccepted, Extraction, ExtractionStatus
from .identity.models.create_extraction_files_body import CreateExtractionFilesBody
from .identity.types import File
from .retries import deadline, retry_after

DONE = (ExtractionStatus.COMPLETED, ExtractionStatus.FAILED)


class ExtractionTimeout(TimeoutError):
    """ExtractionTimeout is raised by wait_for_extraction when the extraction is still queued or
    processing at the deadline; status is the last one read (None if none could be read)."""

    def __init__(self, extraction_id: str, status: ExtractionStatus | None, timeout: float):
        self.extraction_id = extraction_id
        self.status = status
        super().__init__(f"extraction {extraction_id} still {status or 'unread'} after {timeout:g} s")


def submit_extraction(
    client: IdentityClient,
    document_type: DocumentType | str,
    file: bytes | IO[bytes] | None = None,
    *,
    file_name: str = "document",
    upload_id: str | None = None,
    handoff_session_id: str | None = None,
    reference_id: str | None = None,
    consume_token: str | None = None,
    idempotency_key: str | None = None,
) -> ExtractAccepted:
    """submit_extraction queues the extraction of one document, POST /v1/extract/async, and
    returns its extractionId. The document is exactly one of: file (the bytes, or a binary file
    object, sent as multipart: about 4.5 MB at most), upload_id (POST /v1/uploads) or
    handoff_session_id (consume_token for a session opened without a credential). It is sent with
    an Idempotency-Key (a new one unless idempotency_key is given), which the client sends again
    after a lost answer, a 429, 502, 503 or 504 (retries.py): the extraction is made and charged
    once. An error raises ApiError."""
    if sum(x is not None for x in (file, upload_id, handoff_session_id)) != 1:
        raise ValueError("give exactly one of file, upload_id and handoff_session_id")
    document_type = DocumentType(document_type)
    headers = {} if consume_token is None else {"X-Consume-Token": consume_token}
    if file is not None:
        # Read once, so that a retried request sends the whole file again.
        payload = file if isinstance(file, bytes) else file.read()

        def build() -> dict[str, Any]:
            body = CreateExtractionFilesBody(
                file=File(payload=BytesIO(payload), file_name=file_name), document_type=document_type
            )
            if reference_id is not None:
                body.reference_id = reference_id
            return {"files": body.to_multipart()}
    else:
        request = {"documentType": document_type.value}
        for name, value in (
            ("uploadId", upload_id),
            ("handoffSessionId", handoff_session_id),
            ("referenceId", reference_id),
        ):
            if value is not None:
                request[name] = value

        def build() -> dict[str, Any]:
            return {"json": request}

    class Operation:
        @staticmethod
        def sync_detailed(idempotency_key: str) -> Any:
            sent = {**headers, "Idempotency-Key": idempotency_key}
            r = client.get_httpx_client().request("POST", "/v1/extract/async", headers=sent, **build())
            return create_extraction._build_response(client=client, response=r)

    return send_with_key(Operation, idempotency_key=idempotency_key).parsed


def wait_for_extraction(
    client: IdentityClient,
    extraction_id: str,
    *,
    timeout: float = 120.0,
    first_delay: float = 0.5,
    max_delay: float = 8.0,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> Extraction:
    """wait_for_extraction polls GET /v1/extractions/{extractionId} until the extraction is
    completed or failed and returns it (a failed one too: its error says why). The delay between
    polls starts at first_delay and doubles up to max_delay; a 429 waits its Retry-After instead.
    After timeout seconds in all it raises ExtractionTimeout; an error answer raises ApiError. The
    client's own retries of a poll wait no longer than the deadline either."""
    end = clock() + timeout
    delay = first_delay
    status = None
    while True:
        with deadline(end):
            response = get_extraction.sync_detailed(extraction_id, client=client)
        if response.status_code == 429:
            wait = retry_after(response.headers) or delay
        else:
            extraction = check(response).parsed
            status = extraction.status
            if status in DONE:
                return extraction
            wait = delay
            delay = min(delay * 2, max_delay)
        remaining = end - clock()
        if remaining <= 0:
            raise ExtractionTimeout(extraction_id, status, timeout)
        sleep(min(wait, remaining))
