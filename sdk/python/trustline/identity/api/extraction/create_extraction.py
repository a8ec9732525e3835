from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_extraction_files_body import CreateExtractionFilesBody
from ...models.extract_accepted import ExtractAccepted
from ...models.extract_request import ExtractRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateExtractionFilesBody | ExtractRequest | Unset = UNSET,
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
        "url": "/v1/extract/async",
    }

    if isinstance(body, CreateExtractionFilesBody):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"
    if isinstance(body, ExtractRequest):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ExtractAccepted | Problem | None:
    if response.status_code == 202:
        response_202 = ExtractAccepted.from_dict(response.json())

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
) -> Response[ExtractAccepted | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateExtractionFilesBody | ExtractRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ExtractAccepted | Problem]:
    """Queue the extraction of one document

     The document is a file sent in the request (multipart, about 4.5 MB at most: the 6 MB request limit
    once API Gateway has base64-encoded it), a file uploaded beforehand (uploadId from POST /v1/uploads)
    or the file of a mobile handoff session (handoffSessionId, JSON only): a ready session is consumed
    by this use, and a session the same user consumed may be used again; a session opened without a
    credential also needs its consumeToken in X-Consume-Token. One credit is debited on acceptance.
    Completion is learned by polling GET /v1/extractions/{extractionId} or by the webhook events
    extraction.completed and extraction.failed.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateExtractionFilesBody):
        body (ExtractRequest): exactly one of uploadId and handoffSessionId

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExtractAccepted | Problem]
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
    body: CreateExtractionFilesBody | ExtractRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ExtractAccepted | Problem | None:
    """Queue the extraction of one document

     The document is a file sent in the request (multipart, about 4.5 MB at most: the 6 MB request limit
    once API Gateway has base64-encoded it), a file uploaded beforehand (uploadId from POST /v1/uploads)
    or the file of a mobile handoff session (handoffSessionId, JSON only): a ready session is consumed
    by this use, and a session the same user consumed may be used again; a session opened without a
    credential also needs its consumeToken in X-Consume-Token. One credit is debited on acceptance.
    Completion is learned by polling GET /v1/extractions/{extractionId} or by the webhook events
    extraction.completed and extraction.failed.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateExtractionFilesBody):
        body (ExtractRequest): exactly one of uploadId and handoffSessionId

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExtractAccepted | Problem
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
    body: CreateExtractionFilesBody | ExtractRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ExtractAccepted | Problem]:
    """Queue the extraction of one document

     The document is a file sent in the request (multipart, about 4.5 MB at most: the 6 MB request limit
    once API Gateway has base64-encoded it), a file uploaded beforehand (uploadId from POST /v1/uploads)
    or the file of a mobile handoff session (handoffSessionId, JSON only): a ready session is consumed
    by this use, and a session the same user consumed may be used again; a session opened without a
    credential also needs its consumeToken in X-Consume-Token. One credit is debited on acceptance.
    Completion is learned by polling GET /v1/extractions/{extractionId} or by the webhook events
    extraction.completed and extraction.failed.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateExtractionFilesBody):
        body (ExtractRequest): exactly one of uploadId and handoffSessionId

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExtractAccepted | Problem]
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
    body: CreateExtractionFilesBody | ExtractRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ExtractAccepted | Problem | None:
    """Queue the extraction of one document

     The document is a file sent in the request (multipart, about 4.5 MB at most: the 6 MB request limit
    once API Gateway has base64-encoded it), a file uploaded beforehand (uploadId from POST /v1/uploads)
    or the file of a mobile handoff session (handoffSessionId, JSON only): a ready session is consumed
    by this use, and a session the same user consumed may be used again; a session opened without a
    credential also needs its consumeToken in X-Consume-Token. One credit is debited on acceptance.
    Completion is learned by polling GET /v1/extractions/{extractionId} or by the webhook events
    extraction.completed and extraction.failed.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateExtractionFilesBody):
        body (ExtractRequest): exactly one of uploadId and handoffSessionId

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExtractAccepted | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_consume_token=x_consume_token,
            idempotency_key=idempotency_key,
        )
    ).parsed
