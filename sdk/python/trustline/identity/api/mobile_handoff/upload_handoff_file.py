from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.handoff_status import HandoffStatus
from ...models.problem import Problem
from ...types import File, Response


def _get_kwargs(
    session_id: str,
    *,
    body: File,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/mobile-handoff/upload/{session_id}".format(
            session_id=quote(str(session_id), safe=""),
        ),
    }

    _kwargs["content"] = body.payload
    headers["Content-Type"] = "application/octet-stream"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> HandoffStatus | Problem | None:
    if response.status_code == 200:
        response_200 = HandoffStatus.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[HandoffStatus | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: File,
) -> Response[HandoffStatus | Problem]:
    """Upload the session's file as the raw body (no credential)

     The body is the file itself, JPEG, PNG, WebP, HEIC or PDF recognised by its content (the Content-
    Type is not read), at most the session's maxSize and about 4.5 MB (the 6 MB request limit once API
    Gateway has base64-encoded it); larger files go through the presigned form POST of the session
    (upload, or POST /v1/mobile-handoff/upload/{sessionId}/start). The session is ready when this
    answers.

    Args:
        session_id (str):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandoffStatus | Problem]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: File,
) -> HandoffStatus | Problem | None:
    """Upload the session's file as the raw body (no credential)

     The body is the file itself, JPEG, PNG, WebP, HEIC or PDF recognised by its content (the Content-
    Type is not read), at most the session's maxSize and about 4.5 MB (the 6 MB request limit once API
    Gateway has base64-encoded it); larger files go through the presigned form POST of the session
    (upload, or POST /v1/mobile-handoff/upload/{sessionId}/start). The session is ready when this
    answers.

    Args:
        session_id (str):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandoffStatus | Problem
    """

    return sync_detailed(
        session_id=session_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: File,
) -> Response[HandoffStatus | Problem]:
    """Upload the session's file as the raw body (no credential)

     The body is the file itself, JPEG, PNG, WebP, HEIC or PDF recognised by its content (the Content-
    Type is not read), at most the session's maxSize and about 4.5 MB (the 6 MB request limit once API
    Gateway has base64-encoded it); larger files go through the presigned form POST of the session
    (upload, or POST /v1/mobile-handoff/upload/{sessionId}/start). The session is ready when this
    answers.

    Args:
        session_id (str):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandoffStatus | Problem]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: File,
) -> HandoffStatus | Problem | None:
    """Upload the session's file as the raw body (no credential)

     The body is the file itself, JPEG, PNG, WebP, HEIC or PDF recognised by its content (the Content-
    Type is not read), at most the session's maxSize and about 4.5 MB (the 6 MB request limit once API
    Gateway has base64-encoded it); larger files go through the presigned form POST of the session
    (upload, or POST /v1/mobile-handoff/upload/{sessionId}/start). The session is ready when this
    answers.

    Args:
        session_id (str):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandoffStatus | Problem
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            client=client,
            body=body,
        )
    ).parsed
