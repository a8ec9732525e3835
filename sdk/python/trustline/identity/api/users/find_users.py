from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.find_users_response_200 import FindUsersResponse200
from ...models.problem import Problem
from ...types import UNSET, Response


def _get_kwargs(
    *,
    email: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["email"] = email

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/admin/users",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> FindUsersResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = FindUsersResponse200.from_dict(response.json())

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
) -> Response[FindUsersResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    email: str,
) -> Response[FindUsersResponse200 | Problem]:
    """Find a user by e-mail address (administrators)

     An admin key or admin JWT. The address is compared as registration stores it (case of the domain,
    surrounding spaces); addresses are unique, so the list holds one user at most, and none when no
    account has it. The user's plan and live balance are there, to read before a plan change or a grant.

    Args:
        email (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FindUsersResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        email=email,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    email: str,
) -> FindUsersResponse200 | Problem | None:
    """Find a user by e-mail address (administrators)

     An admin key or admin JWT. The address is compared as registration stores it (case of the domain,
    surrounding spaces); addresses are unique, so the list holds one user at most, and none when no
    account has it. The user's plan and live balance are there, to read before a plan change or a grant.

    Args:
        email (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FindUsersResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        email=email,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    email: str,
) -> Response[FindUsersResponse200 | Problem]:
    """Find a user by e-mail address (administrators)

     An admin key or admin JWT. The address is compared as registration stores it (case of the domain,
    surrounding spaces); addresses are unique, so the list holds one user at most, and none when no
    account has it. The user's plan and live balance are there, to read before a plan change or a grant.

    Args:
        email (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FindUsersResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        email=email,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    email: str,
) -> FindUsersResponse200 | Problem | None:
    """Find a user by e-mail address (administrators)

     An admin key or admin JWT. The address is compared as registration stores it (case of the domain,
    surrounding spaces); addresses are unique, so the list holds one user at most, and none when no
    account has it. The user's plan and live balance are there, to read before a plan change or a grant.

    Args:
        email (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FindUsersResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            email=email,
        )
    ).parsed
