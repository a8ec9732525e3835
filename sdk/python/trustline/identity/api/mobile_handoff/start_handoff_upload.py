from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.handoff_start_request import HandoffStartRequest
from ...models.handoff_started import HandoffStarted
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    session_id: str,
    *,
    body: HandoffStartRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/mobile-handoff/upload/{session_id}/start".format(
            session_id=quote(str(session_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> HandoffStarted | Problem | None:
    if response.status_code == 200:
        response_200 = HandoffStarted.from_dict(response.json())

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
) -> Response[HandoffStarted | Problem]:
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
    body: HandoffStartRequest | Unset = UNSET,
) -> Response[HandoffStarted | Problem]:
    """Announce an upload (no credential); the session becomes uploading and a fresh presigned form POST is
    returned

     Called by the upload page before it sends the file to storage. The body is optional; when sent it is
    JSON, and fileName is kept as the name of the file sent with this form POST (each call hands out its
    own, valid 5 minutes; at most 10 per session). The upload is complete when storage has the file:
    poll GET /v1/mobile-handoff/session/{sessionId} until ready.

    Args:
        session_id (str):
        body (HandoffStartRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandoffStarted | Problem]
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
    body: HandoffStartRequest | Unset = UNSET,
) -> HandoffStarted | Problem | None:
    """Announce an upload (no credential); the session becomes uploading and a fresh presigned form POST is
    returned

     Called by the upload page before it sends the file to storage. The body is optional; when sent it is
    JSON, and fileName is kept as the name of the file sent with this form POST (each call hands out its
    own, valid 5 minutes; at most 10 per session). The upload is complete when storage has the file:
    poll GET /v1/mobile-handoff/session/{sessionId} until ready.

    Args:
        session_id (str):
        body (HandoffStartRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandoffStarted | Problem
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
    body: HandoffStartRequest | Unset = UNSET,
) -> Response[HandoffStarted | Problem]:
    """Announce an upload (no credential); the session becomes uploading and a fresh presigned form POST is
    returned

     Called by the upload page before it sends the file to storage. The body is optional; when sent it is
    JSON, and fileName is kept as the name of the file sent with this form POST (each call hands out its
    own, valid 5 minutes; at most 10 per session). The upload is complete when storage has the file:
    poll GET /v1/mobile-handoff/session/{sessionId} until ready.

    Args:
        session_id (str):
        body (HandoffStartRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandoffStarted | Problem]
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
    body: HandoffStartRequest | Unset = UNSET,
) -> HandoffStarted | Problem | None:
    """Announce an upload (no credential); the session becomes uploading and a fresh presigned form POST is
    returned

     Called by the upload page before it sends the file to storage. The body is optional; when sent it is
    JSON, and fileName is kept as the name of the file sent with this form POST (each call hands out its
    own, valid 5 minutes; at most 10 per session). The upload is complete when storage has the file:
    poll GET /v1/mobile-handoff/session/{sessionId} until ready.

    Args:
        session_id (str):
        body (HandoffStartRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandoffStarted | Problem
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            client=client,
            body=body,
        )
    ).parsed
