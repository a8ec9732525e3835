from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    session_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/mobile-handoff/upload/{session_id}".format(
            session_id=quote(str(session_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Problem]:
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
) -> Response[Any | Problem]:
    """The phone's upload page (no credential); the session's status for API clients

     When Accept includes text/html, the upload page: it takes a photo or a file, calls POST /v1/mobile-
    handoff/upload/{sessionId}/start, sends the file to storage with the presigned form POST, and polls
    the session's status. Otherwise the session's status, as GET /v1/mobile-handoff/session/{sessionId}.
    An expired or completed session still answers 200, with its status.

    Args:
        session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Problem | None:
    """The phone's upload page (no credential); the session's status for API clients

     When Accept includes text/html, the upload page: it takes a photo or a file, calls POST /v1/mobile-
    handoff/upload/{sessionId}/start, sends the file to storage with the presigned form POST, and polls
    the session's status. Otherwise the session's status, as GET /v1/mobile-handoff/session/{sessionId}.
    An expired or completed session still answers 200, with its status.

    Args:
        session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        session_id=session_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Problem]:
    """The phone's upload page (no credential); the session's status for API clients

     When Accept includes text/html, the upload page: it takes a photo or a file, calls POST /v1/mobile-
    handoff/upload/{sessionId}/start, sends the file to storage with the presigned form POST, and polls
    the session's status. Otherwise the session's status, as GET /v1/mobile-handoff/session/{sessionId}.
    An expired or completed session still answers 200, with its status.

    Args:
        session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Problem | None:
    """The phone's upload page (no credential); the session's status for API clients

     When Accept includes text/html, the upload page: it takes a photo or a file, calls POST /v1/mobile-
    handoff/upload/{sessionId}/start, sends the file to storage with the presigned form POST, and polls
    the session's status. Otherwise the session's status, as GET /v1/mobile-handoff/session/{sessionId}.
    An expired or completed session still answers 200, with its status.

    Args:
        session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            client=client,
        )
    ).parsed
