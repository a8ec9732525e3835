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
from .identity.api.verification import get_verification
from .identity.client import AuthenticatedClient as IdentityClient
from .identity.models import (
    DocumentType,
    ExtractAccepted,
    Extraction,
    ExtractionStatus,
    Verification,
    VerificationStatus,
)
from .identity.models.create_extraction_files_body import CreateExtractionFilesBody
from .identity.types import File
from .retries import deadline, retry_after

DONE = (ExtractionStatus.COMPLETED, ExtractionStatus.FAILED)


class ExtractionTimeout(TimeoutError):
    """ExtractionTimeout is raised by wait_for_extraction and wait_for_verification when the work
    is still queued or processing at the deadline; status is the last one read (None if none
    could be read), extraction_id the extraction's or the verification's id."""

    def __init__(self, extraction_id: str, status: Any, timeout: float, what: str = "extraction"):
        self.extraction_id = extraction_id
        self.status = status
        super().__init__(f"{what} {extraction_id} still {status or 'unread'} after {timeout:g} s")


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
    return _wait(
        lambda: get_extraction.sync_detailed(extraction_id, client=client),
        lambda x: x.status in DONE,
        lambda status: ExtractionTimeout(extraction_id, status, timeout),
        timeout=timeout,
        first_delay=first_delay,
        max_delay=max_delay,
        sleep=sleep,
        clock=clock,
    )


def wait_for_verification(
    client: IdentityClient,
    verification_id: str,
    *,
    timeout: float = 120.0,
    first_delay: float = 0.5,
    max_delay: float = 8.0,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> Verification:
    """wait_for_verification polls GET /v1/verifications/{verificationId} until the verification
    is completed (its decision set) or failed, as wait_for_extraction does; running out of time
    raises ExtractionTimeout (a verification runs on the extraction pipeline) with its id."""
    return _wait(
        lambda: get_verification.sync_detailed(verification_id, client=client),
        lambda v: v.status in (VerificationStatus.COMPLETED, VerificationStatus.FAILED),
        lambda status: ExtractionTimeout(verification_id, status, timeout, "verification"),
        timeout=timeout,
        first_delay=first_delay,
        max_delay=max_delay,
        sleep=sleep,
        clock=clock,
    )


def _wait(
    get: Callable[[], Any],
    done: Callable[[Any], bool],
    timed_out: Callable[[Any], Exception],
    *,
    timeout: float,
    first_delay: float,
    max_delay: float,
    sleep: Callable[[float], None],
    clock: Callable[[], float],
) -> Any:
    """_wait polls get until done says its answer is final, backing off as wait_for_extraction
    says; timed_out makes the error of a wait that ran out of time from the last status read."""
    end = clock() + timeout
    delay = first_delay
    status = None
    while True:
        with deadline(end):
            response = get()
        if response.status_code == 429:
            wait = retry_after(response.headers) or delay
        else:
            answer = check(response).parsed
            status = answer.status
            if done(answer):
                return answer
            wait = delay
            delay = min(delay * 2, max_delay)
        remaining = end - clock()
        if remaining <= 0:
            raise timed_out(status)
        sleep(min(wait, remaining))
