from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_extraction_document_response_200 import (
    GetExtractionDocumentResponse200,
)
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    extraction_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/extractions/{extraction_id}/document".format(
            extraction_id=quote(str(extraction_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetExtractionDocumentResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = GetExtractionDocumentResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 410:
        response_410 = Problem.from_dict(response.json())

        return response_410

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GetExtractionDocumentResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    extraction_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[GetExtractionDocumentResponse200 | Problem]:
    """A short-lived link to the extraction's document file, to show it

     Answers a presigned address of the document file the extraction read (the image or PDF sent inline,
    uploaded, or taken from a mobile handoff), valid for 5 minutes: GET it, or use it as an image's src,
    before expiresAt. It opens the file for whoever holds it until then, so keep it out of logs and
    shared pages, and ask for a new one when it has expired. The file is served inline as contentType,
    the type judged from its content at intake. The extraction is found as GET
    /v1/extractions/{extractionId} finds it (another user's, or for an API key one of the other mode, is
    404). Files are kept for a shorter time than extractions (raw documents RawDocumentRetentionDays, 7
    by default; handoff files a day): once the file is deleted the answer is 410.

    Args:
        extraction_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetExtractionDocumentResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        extraction_id=extraction_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    extraction_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> GetExtractionDocumentResponse200 | Problem | None:
    """A short-lived link to the extraction's document file, to show it

     Answers a presigned address of the document file the extraction read (the image or PDF sent inline,
    uploaded, or taken from a mobile handoff), valid for 5 minutes: GET it, or use it as an image's src,
    before expiresAt. It opens the file for whoever holds it until then, so keep it out of logs and
    shared pages, and ask for a new one when it has expired. The file is served inline as contentType,
    the type judged from its content at intake. The extraction is found as GET
    /v1/extractions/{extractionId} finds it (another user's, or for an API key one of the other mode, is
    404). Files are kept for a shorter time than extractions (raw documents RawDocumentRetentionDays, 7
    by default; handoff files a day): once the file is deleted the answer is 410.

    Args:
        extraction_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetExtractionDocumentResponse200 | Problem
    """

    return sync_detailed(
        extraction_id=extraction_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    extraction_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[GetExtractionDocumentResponse200 | Problem]:
    """A short-lived link to the extraction's document file, to show it

     Answers a presigned address of the document file the extraction read (the image or PDF sent inline,
    uploaded, or taken from a mobile handoff), valid for 5 minutes: GET it, or use it as an image's src,
    before expiresAt. It opens the file for whoever holds it until then, so keep it out of logs and
    shared pages, and ask for a new one when it has expired. The file is served inline as contentType,
    the type judged from its content at intake. The extraction is found as GET
    /v1/extractions/{extractionId} finds it (another user's, or for an API key one of the other mode, is
    404). Files are kept for a shorter time than extractions (raw documents RawDocumentRetentionDays, 7
    by default; handoff files a day): once the file is deleted the answer is 410.

    Args:
        extraction_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetExtractionDocumentResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        extraction_id=extraction_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    extraction_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> GetExtractionDocumentResponse200 | Problem | None:
    """A short-lived link to the extraction's document file, to show it

     Answers a presigned address of the document file the extraction read (the image or PDF sent inline,
    uploaded, or taken from a mobile handoff), valid for 5 minutes: GET it, or use it as an image's src,
    before expiresAt. It opens the file for whoever holds it until then, so keep it out of logs and
    shared pages, and ask for a new one when it has expired. The file is served inline as contentType,
    the type judged from its content at intake. The extraction is found as GET
    /v1/extractions/{extractionId} finds it (another user's, or for an API key one of the other mode, is
    404). Files are kept for a shorter time than extractions (raw documents RawDocumentRetentionDays, 7
    by default; handoff files a day): once the file is deleted the answer is 410.

    Args:
        extraction_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetExtractionDocumentResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            extraction_id=extraction_id,
            client=client,
        )
    ).parsed
