from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_verification_files_body import CreateVerificationFilesBody
from ...models.create_verification_response_202 import CreateVerificationResponse202
from ...models.problem import Problem
from ...models.verification_request import VerificationRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateVerificationFilesBody | VerificationRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_consume_token, Unset):
        headers["X-Consume-Token"] = x_consume_token

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/verifications",
    }

    if isinstance(body, CreateVerificationFilesBody):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"
    if isinstance(body, VerificationRequest):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateVerificationResponse202 | Problem | None:
    if response.status_code == 202:
        response_202 = CreateVerificationResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = Problem.from_dict(response.json())

        return response_402

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 410:
        response_410 = Problem.from_dict(response.json())

        return response_410

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreateVerificationResponse202 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateVerificationFilesBody | VerificationRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateVerificationResponse202 | Problem]:
    """Verify a person from an identity document and a selfie (KYC decision)

     One request with a document (required), usually a selfie, and what you know of the person
    (`applicant`) gives a decision: approved, review, declined or resubmit, with stable reason codes and
    every check's evidence (docs/verifications.md: the checks and the decision table per policy). The
    document is read as an extraction is (MRZ and printed zone), the selfie's liveness checked and its
    face matched with the document's portrait. Processing is asynchronous on the extraction queue, with
    its retries and refunds: poll GET /v1/verifications/{verificationId} or subscribe an endpoint to
    verification.completed. Charged at acceptance (CREDIT_PRICES verification, 3 by default; test keys
    take one operation of the daily test quota instead), refunded when it cannot be processed. The
    document as multipart `document`, or JSON `document.uploadId`, `document.handoffSessionId` or
    `document.extractionId` (a completed extraction of the caller in the same mode: its reading is
    reused); the selfie as multipart `selfie` or JSON `selfie.uploadId` / `selfie.handoffSessionId`.
    Another user's or mode's extraction, upload or session is 404. Images, results and the request
    follow the extraction's retention (RESULT_RETENTION).

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateVerificationFilesBody):
        body (VerificationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateVerificationResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_consume_token=x_consume_token,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateVerificationFilesBody | VerificationRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CreateVerificationResponse202 | Problem | None:
    """Verify a person from an identity document and a selfie (KYC decision)

     One request with a document (required), usually a selfie, and what you know of the person
    (`applicant`) gives a decision: approved, review, declined or resubmit, with stable reason codes and
    every check's evidence (docs/verifications.md: the checks and the decision table per policy). The
    document is read as an extraction is (MRZ and printed zone), the selfie's liveness checked and its
    face matched with the document's portrait. Processing is asynchronous on the extraction queue, with
    its retries and refunds: poll GET /v1/verifications/{verificationId} or subscribe an endpoint to
    verification.completed. Charged at acceptance (CREDIT_PRICES verification, 3 by default; test keys
    take one operation of the daily test quota instead), refunded when it cannot be processed. The
    document as multipart `document`, or JSON `document.uploadId`, `document.handoffSessionId` or
    `document.extractionId` (a completed extraction of the caller in the same mode: its reading is
    reused); the selfie as multipart `selfie` or JSON `selfie.uploadId` / `selfie.handoffSessionId`.
    Another user's or mode's extraction, upload or session is 404. Images, results and the request
    follow the extraction's retention (RESULT_RETENTION).

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateVerificationFilesBody):
        body (VerificationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateVerificationResponse202 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        x_consume_token=x_consume_token,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateVerificationFilesBody | VerificationRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateVerificationResponse202 | Problem]:
    """Verify a person from an identity document and a selfie (KYC decision)

     One request with a document (required), usually a selfie, and what you know of the person
    (`applicant`) gives a decision: approved, review, declined or resubmit, with stable reason codes and
    every check's evidence (docs/verifications.md: the checks and the decision table per policy). The
    document is read as an extraction is (MRZ and printed zone), the selfie's liveness checked and its
    face matched with the document's portrait. Processing is asynchronous on the extraction queue, with
    its retries and refunds: poll GET /v1/verifications/{verificationId} or subscribe an endpoint to
    verification.completed. Charged at acceptance (CREDIT_PRICES verification, 3 by default; test keys
    take one operation of the daily test quota instead), refunded when it cannot be processed. The
    document as multipart `document`, or JSON `document.uploadId`, `document.handoffSessionId` or
    `document.extractionId` (a completed extraction of the caller in the same mode: its reading is
    reused); the selfie as multipart `selfie` or JSON `selfie.uploadId` / `selfie.handoffSessionId`.
    Another user's or mode's extraction, upload or session is 404. Images, results and the request
    follow the extraction's retention (RESULT_RETENTION).

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateVerificationFilesBody):
        body (VerificationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateVerificationResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_consume_token=x_consume_token,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateVerificationFilesBody | VerificationRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CreateVerificationResponse202 | Problem | None:
    """Verify a person from an identity document and a selfie (KYC decision)

     One request with a document (required), usually a selfie, and what you know of the person
    (`applicant`) gives a decision: approved, review, declined or resubmit, with stable reason codes and
    every check's evidence (docs/verifications.md: the checks and the decision table per policy). The
    document is read as an extraction is (MRZ and printed zone), the selfie's liveness checked and its
    face matched with the document's portrait. Processing is asynchronous on the extraction queue, with
    its retries and refunds: poll GET /v1/verifications/{verificationId} or subscribe an endpoint to
    verification.completed. Charged at acceptance (CREDIT_PRICES verification, 3 by default; test keys
    take one operation of the daily test quota instead), refunded when it cannot be processed. The
    document as multipart `document`, or JSON `document.uploadId`, `document.handoffSessionId` or
    `document.extractionId` (a completed extraction of the caller in the same mode: its reading is
    reused); the selfie as multipart `selfie` or JSON `selfie.uploadId` / `selfie.handoffSessionId`.
    Another user's or mode's extraction, upload or session is 404. Images, results and the request
    follow the extraction's retention (RESULT_RETENTION).

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateVerificationFilesBody):
        body (VerificationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateVerificationResponse202 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_consume_token=x_consume_token,
            idempotency_key=idempotency_key,
        )
    ).parsed
