from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.credentials import Credentials
from ...models.problem import Problem
from ...models.user import User
from ...types import Response


def _get_kwargs(
    *,
    body: Credentials,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/register",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | User | None:
    if response.status_code == 201:
        response_201 = User.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[Problem | User]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Credentials,
) -> Response[Problem | User]:
    """Create an account; a verification link is mailed to the address

     The address is case-insensitive and stored in lower case. Logging in needs a verified address. The
    answer does not tell whether the address already has an account: registering an address that has one
    answers the same (201, an unverified user), and the mail goes to the address's owner instead (a new
    verification link, or a note that the account exists). An account not verified within 48 hours is
    deleted, and its address can register again.

    Args:
        body (Credentials):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | User]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: Credentials,
) -> Problem | User | None:
    """Create an account; a verification link is mailed to the address

     The address is case-insensitive and stored in lower case. Logging in needs a verified address. The
    answer does not tell whether the address already has an account: registering an address that has one
    answers the same (201, an unverified user), and the mail goes to the address's owner instead (a new
    verification link, or a note that the account exists). An account not verified within 48 hours is
    deleted, and its address can register again.

    Args:
        body (Credentials):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | User
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Credentials,
) -> Response[Problem | User]:
    """Create an account; a verification link is mailed to the address

     The address is case-insensitive and stored in lower case. Logging in needs a verified address. The
    answer does not tell whether the address already has an account: registering an address that has one
    answers the same (201, an unverified user), and the mail goes to the address's owner instead (a new
    verification link, or a note that the account exists). An account not verified within 48 hours is
    deleted, and its address can register again.

    Args:
        body (Credentials):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | User]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Credentials,
) -> Problem | User | None:
    """Create an account; a verification link is mailed to the address

     The address is case-insensitive and stored in lower case. Logging in needs a verified address. The
    answer does not tell whether the address already has an account: registering an address that has one
    answers the same (201, an unverified user), and the mail goes to the address's owner instead (a new
    verification link, or a note that the account exists). An account not verified within 48 hours is
    deleted, and its address can register again.

    Args:
        body (Credentials):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | User
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
