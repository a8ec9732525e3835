from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.batch_request import BatchRequest
from ...models.batch_view import BatchView
from ...models.create_batch_files_body import CreateBatchFilesBody
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateBatchFilesBody | BatchRequest | Unset = UNSET,
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
        "url": "/v1/batches",
    }

    if isinstance(body, CreateBatchFilesBody):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"
    if isinstance(body, BatchRequest):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BatchView | Problem | None:
    if response.status_code == 202:
        response_202 = BatchView.from_dict(response.json())

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
) -> Response[BatchView | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateBatchFilesBody | BatchRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[BatchView | Problem]:
    """Queue the extraction of several documents (1 to 50) as one batch

     Multipart: repeat file once per document; documentType applies to all; referenceId, when given, is
    repeated in file order. JSON: one entry per document, each with exactly one of an uploadId from POST
    /v1/uploads and a handoffSessionId (a ready mobile handoff session is consumed by this use; a
    session the same user consumed may be used again; sessions opened without a credential need their
    consumeTokens in X-Consume-Token, comma-separated). One credit per document is debited on
    acceptance.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateBatchFilesBody):
        body (BatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchView | Problem]
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
    body: CreateBatchFilesBody | BatchRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> BatchView | Problem | None:
    """Queue the extraction of several documents (1 to 50) as one batch

     Multipart: repeat file once per document; documentType applies to all; referenceId, when given, is
    repeated in file order. JSON: one entry per document, each with exactly one of an uploadId from POST
    /v1/uploads and a handoffSessionId (a ready mobile handoff session is consumed by this use; a
    session the same user consumed may be used again; sessions opened without a credential need their
    consumeTokens in X-Consume-Token, comma-separated). One credit per document is debited on
    acceptance.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateBatchFilesBody):
        body (BatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchView | Problem
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
    body: CreateBatchFilesBody | BatchRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[BatchView | Problem]:
    """Queue the extraction of several documents (1 to 50) as one batch

     Multipart: repeat file once per document; documentType applies to all; referenceId, when given, is
    repeated in file order. JSON: one entry per document, each with exactly one of an uploadId from POST
    /v1/uploads and a handoffSessionId (a ready mobile handoff session is consumed by this use; a
    session the same user consumed may be used again; sessions opened without a credential need their
    consumeTokens in X-Consume-Token, comma-separated). One credit per document is debited on
    acceptance.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateBatchFilesBody):
        body (BatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchView | Problem]
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
    body: CreateBatchFilesBody | BatchRequest | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> BatchView | Problem | None:
    """Queue the extraction of several documents (1 to 50) as one batch

     Multipart: repeat file once per document; documentType applies to all; referenceId, when given, is
    repeated in file order. JSON: one entry per document, each with exactly one of an uploadId from POST
    /v1/uploads and a handoffSessionId (a ready mobile handoff session is consumed by this use; a
    session the same user consumed may be used again; sessions opened without a credential need their
    consumeTokens in X-Consume-Token, comma-separated). One credit per document is debited on
    acceptance.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateBatchFilesBody):
        body (BatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchView | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_consume_token=x_consume_token,
            idempotency_key=idempotency_key,
        )
    ).parsed
