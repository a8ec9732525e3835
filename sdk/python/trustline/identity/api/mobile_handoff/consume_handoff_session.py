from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.handoff_consumed import HandoffConsumed
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    session_id: str,
    *,
    x_consume_token: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_consume_token, Unset):
        headers["X-Consume-Token"] = x_consume_token

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/mobile-handoff/consume/{session_id}".format(
            session_id=quote(str(session_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> HandoffConsumed | Problem | None:
    if response.status_code == 200:
        response_200 = HandoffConsumed.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[HandoffConsumed | Problem]:
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
    x_consume_token: str | Unset = UNSET,
) -> Response[HandoffConsumed | Problem]:
    """Take a ready session's file, once; the answer carries a short-lived download address

     Only the session's consumer takes it: the user who opened it with a credential, or, for a session
    opened without one, a user sending its consumeToken in X-Consume-Token. Another user gets 404, as
    for an unknown session. The session becomes consumed by the caller; a second call answers 409.
    downloadUrl is a presigned storage address (GET, until downloadExpiresAt, 5 minutes), offering the
    file under its original name when it has one; the file, its name, size and type are those the
    session had when it became ready.

    Args:
        session_id (str):
        x_consume_token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandoffConsumed | Problem]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        x_consume_token=x_consume_token,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    x_consume_token: str | Unset = UNSET,
) -> HandoffConsumed | Problem | None:
    """Take a ready session's file, once; the answer carries a short-lived download address

     Only the session's consumer takes it: the user who opened it with a credential, or, for a session
    opened without one, a user sending its consumeToken in X-Consume-Token. Another user gets 404, as
    for an unknown session. The session becomes consumed by the caller; a second call answers 409.
    downloadUrl is a presigned storage address (GET, until downloadExpiresAt, 5 minutes), offering the
    file under its original name when it has one; the file, its name, size and type are those the
    session had when it became ready.

    Args:
        session_id (str):
        x_consume_token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandoffConsumed | Problem
    """

    return sync_detailed(
        session_id=session_id,
        client=client,
        x_consume_token=x_consume_token,
    ).parsed


async def asyncio_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    x_consume_token: str | Unset = UNSET,
) -> Response[HandoffConsumed | Problem]:
    """Take a ready session's file, once; the answer carries a short-lived download address

     Only the session's consumer takes it: the user who opened it with a credential, or, for a session
    opened without one, a user sending its consumeToken in X-Consume-Token. Another user gets 404, as
    for an unknown session. The session becomes consumed by the caller; a second call answers 409.
    downloadUrl is a presigned storage address (GET, until downloadExpiresAt, 5 minutes), offering the
    file under its original name when it has one; the file, its name, size and type are those the
    session had when it became ready.

    Args:
        session_id (str):
        x_consume_token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandoffConsumed | Problem]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        x_consume_token=x_consume_token,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    x_consume_token: str | Unset = UNSET,
) -> HandoffConsumed | Problem | None:
    """Take a ready session's file, once; the answer carries a short-lived download address

     Only the session's consumer takes it: the user who opened it with a credential, or, for a session
    opened without one, a user sending its consumeToken in X-Consume-Token. Another user gets 404, as
    for an unknown session. The session becomes consumed by the caller; a second call answers 409.
    downloadUrl is a presigned storage address (GET, until downloadExpiresAt, 5 minutes), offering the
    file under its original name when it has one; the file, its name, size and type are those the
    session had when it became ready.

    Args:
        session_id (str):
        x_consume_token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandoffConsumed | Problem
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            client=client,
            x_consume_token=x_consume_token,
        )
    ).parsed
