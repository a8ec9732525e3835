import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.document_type import DocumentType
from ...models.extraction_page import ExtractionPage
from ...models.list_extractions_mode import ListExtractionsMode
from ...models.list_extractions_status import ListExtractionsStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    mode: ListExtractionsMode | Unset = UNSET,
    status: ListExtractionsStatus | Unset = UNSET,
    document_type: DocumentType | Unset = UNSET,
    batch_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_mode: str | Unset = UNSET
    if not isinstance(mode, Unset):
        json_mode = mode.value

    params["mode"] = json_mode

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_document_type: str | Unset = UNSET
    if not isinstance(document_type, Unset):
        json_document_type = document_type.value

    params["documentType"] = json_document_type

    params["batchId"] = batch_id

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["createdAfter"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["createdBefore"] = json_created_before

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/extractions",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ExtractionPage | Problem | None:
    if response.status_code == 200:
        response_200 = ExtractionPage.from_dict(response.json())

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
) -> Response[ExtractionPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    mode: ListExtractionsMode | Unset = UNSET,
    status: ListExtractionsStatus | Unset = UNSET,
    document_type: DocumentType | Unset = UNSET,
    batch_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[ExtractionPage | Problem]:
    """List the caller's extractions, newest first

     One mode at a time: an API key lists its own mode's (mode, when given, must be the key's); a login
    session chooses with mode (live by default). Filters combine. Each page is one read on a key made
    for its filters; with both status and documentType, or with batchId and another filter, the page
    reads the status's (or the batch's) next `limit` extractions and keeps those of the other filters,
    so a page may hold fewer than `limit` (even none) with a nextCursor: follow it until it is null.
    Another user's batchId lists nothing. A cursor is valid for the list (and filters) that gave it,
    else 422.

    Args:
        mode (ListExtractionsMode | Unset):
        status (ListExtractionsStatus | Unset):
        document_type (DocumentType | Unset): auto: the type is told from the document's zone
        batch_id (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExtractionPage | Problem]
    """

    kwargs = _get_kwargs(
        mode=mode,
        status=status,
        document_type=document_type,
        batch_id=batch_id,
        created_after=created_after,
        created_before=created_before,
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
    mode: ListExtractionsMode | Unset = UNSET,
    status: ListExtractionsStatus | Unset = UNSET,
    document_type: DocumentType | Unset = UNSET,
    batch_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> ExtractionPage | Problem | None:
    """List the caller's extractions, newest first

     One mode at a time: an API key lists its own mode's (mode, when given, must be the key's); a login
    session chooses with mode (live by default). Filters combine. Each page is one read on a key made
    for its filters; with both status and documentType, or with batchId and another filter, the page
    reads the status's (or the batch's) next `limit` extractions and keeps those of the other filters,
    so a page may hold fewer than `limit` (even none) with a nextCursor: follow it until it is null.
    Another user's batchId lists nothing. A cursor is valid for the list (and filters) that gave it,
    else 422.

    Args:
        mode (ListExtractionsMode | Unset):
        status (ListExtractionsStatus | Unset):
        document_type (DocumentType | Unset): auto: the type is told from the document's zone
        batch_id (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExtractionPage | Problem
    """

    return sync_detailed(
        client=client,
        mode=mode,
        status=status,
        document_type=document_type,
        batch_id=batch_id,
        created_after=created_after,
        created_before=created_before,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    mode: ListExtractionsMode | Unset = UNSET,
    status: ListExtractionsStatus | Unset = UNSET,
    document_type: DocumentType | Unset = UNSET,
    batch_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[ExtractionPage | Problem]:
    """List the caller's extractions, newest first

     One mode at a time: an API key lists its own mode's (mode, when given, must be the key's); a login
    session chooses with mode (live by default). Filters combine. Each page is one read on a key made
    for its filters; with both status and documentType, or with batchId and another filter, the page
    reads the status's (or the batch's) next `limit` extractions and keeps those of the other filters,
    so a page may hold fewer than `limit` (even none) with a nextCursor: follow it until it is null.
    Another user's batchId lists nothing. A cursor is valid for the list (and filters) that gave it,
    else 422.

    Args:
        mode (ListExtractionsMode | Unset):
        status (ListExtractionsStatus | Unset):
        document_type (DocumentType | Unset): auto: the type is told from the document's zone
        batch_id (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExtractionPage | Problem]
    """

    kwargs = _get_kwargs(
        mode=mode,
        status=status,
        document_type=document_type,
        batch_id=batch_id,
        created_after=created_after,
        created_before=created_before,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    mode: ListExtractionsMode | Unset = UNSET,
    status: ListExtractionsStatus | Unset = UNSET,
    document_type: DocumentType | Unset = UNSET,
    batch_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> ExtractionPage | Problem | None:
    """List the caller's extractions, newest first

     One mode at a time: an API key lists its own mode's (mode, when given, must be the key's); a login
    session chooses with mode (live by default). Filters combine. Each page is one read on a key made
    for its filters; with both status and documentType, or with batchId and another filter, the page
    reads the status's (or the batch's) next `limit` extractions and keeps those of the other filters,
    so a page may hold fewer than `limit` (even none) with a nextCursor: follow it until it is null.
    Another user's batchId lists nothing. A cursor is valid for the list (and filters) that gave it,
    else 422.

    Args:
        mode (ListExtractionsMode | Unset):
        status (ListExtractionsStatus | Unset):
        document_type (DocumentType | Unset): auto: the type is told from the document's zone
        batch_id (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExtractionPage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            mode=mode,
            status=status,
            document_type=document_type,
            batch_id=batch_id,
            created_after=created_after,
            created_before=created_before,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
