from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.batch_page import BatchPage
from ...models.list_batches_mode import ListBatchesMode
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    mode: ListBatchesMode | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_mode: str | Unset = UNSET
    if not isinstance(mode, Unset):
        json_mode = mode.value

    params["mode"] = json_mode

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/batches",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BatchPage | Problem | None:
    if response.status_code == 200:
        response_200 = BatchPage.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[BatchPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    mode: ListBatchesMode | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[BatchPage | Problem]:
    """List the caller's batches, newest first

     One mode at a time, as GET /v1/extractions. Each batch carries its status and counts, as GET
    /v1/batches/{id} does (kept on the batch as its extractions are claimed and finish; the read derives
    them from the extractions it lists beside them); its extractions are in GET /v1/batches/{id}, or GET
    /v1/extractions?batchId=.

    Args:
        mode (ListBatchesMode | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchPage | Problem]
    """

    kwargs = _get_kwargs(
        mode=mode,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    mode: ListBatchesMode | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> BatchPage | Problem | None:
    """List the caller's batches, newest first

     One mode at a time, as GET /v1/extractions. Each batch carries its status and counts, as GET
    /v1/batches/{id} does (kept on the batch as its extractions are claimed and finish; the read derives
    them from the extractions it lists beside them); its extractions are in GET /v1/batches/{id}, or GET
    /v1/extractions?batchId=.

    Args:
        mode (ListBatchesMode | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchPage | Problem
    """

    return sync_detailed(
        client=client,
        mode=mode,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    mode: ListBatchesMode | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[BatchPage | Problem]:
    """List the caller's batches, newest first

     One mode at a time, as GET /v1/extractions. Each batch carries its status and counts, as GET
    /v1/batches/{id} does (kept on the batch as its extractions are claimed and finish; the read derives
    them from the extractions it lists beside them); its extractions are in GET /v1/batches/{id}, or GET
    /v1/extractions?batchId=.

    Args:
        mode (ListBatchesMode | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchPage | Problem]
    """

    kwargs = _get_kwargs(
        mode=mode,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    mode: ListBatchesMode | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> BatchPage | Problem | None:
    """List the caller's batches, newest first

     One mode at a time, as GET /v1/extractions. Each batch carries its status and counts, as GET
    /v1/batches/{id} does (kept on the batch as its extractions are claimed and finish; the read derives
    them from the extractions it lists beside them); its extractions are in GET /v1/batches/{id}, or GET
    /v1/extractions?batchId=.

    Args:
        mode (ListBatchesMode | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchPage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            mode=mode,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
