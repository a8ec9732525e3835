from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.liveness_check import LivenessCheck
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    check_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/liveness/checks/{check_id}".format(
            check_id=quote(str(check_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LivenessCheck | Problem | None:
    if response.status_code == 200:
        response_200 = LivenessCheck.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[LivenessCheck | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    check_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[LivenessCheck | Problem]:
    """One of the caller's liveness checks

     An API key reads its own mode's checks; a login session either mode's.

    Args:
        check_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LivenessCheck | Problem]
    """

    kwargs = _get_kwargs(
        check_id=check_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    check_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> LivenessCheck | Problem | None:
    """One of the caller's liveness checks

     An API key reads its own mode's checks; a login session either mode's.

    Args:
        check_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LivenessCheck | Problem
    """

    return sync_detailed(
        check_id=check_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    check_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[LivenessCheck | Problem]:
    """One of the caller's liveness checks

     An API key reads its own mode's checks; a login session either mode's.

    Args:
        check_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LivenessCheck | Problem]
    """

    kwargs = _get_kwargs(
        check_id=check_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    check_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> LivenessCheck | Problem | None:
    """One of the caller's liveness checks

     An API key reads its own mode's checks; a login session either mode's.

    Args:
        check_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LivenessCheck | Problem
    """

    return (
        await asyncio_detailed(
            check_id=check_id,
            client=client,
        )
    ).parsed
