from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_current_user_mode import GetCurrentUserMode
from ...models.problem import Problem
from ...models.profile import Profile
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    mode: GetCurrentUserMode | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_mode: str | Unset = UNSET
    if not isinstance(mode, Unset):
        json_mode = mode.value

    params["mode"] = json_mode

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/users/me",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Profile | None:
    if response.status_code == 200:
        response_200 = Profile.from_dict(response.json())

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
) -> Response[Problem | Profile]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    mode: GetCurrentUserMode | Unset = UNSET,
) -> Response[Problem | Profile]:
    """The calling user's profile, plan and credit balance

     An sk_test_ key reads test mode's allowance (testMode), never the live balance; a login session
    reads the live balance, or with mode=test what a test key would read (the console's test mode).

    Args:
        mode (GetCurrentUserMode | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Profile]
    """

    kwargs = _get_kwargs(
        mode=mode,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    mode: GetCurrentUserMode | Unset = UNSET,
) -> Problem | Profile | None:
    """The calling user's profile, plan and credit balance

     An sk_test_ key reads test mode's allowance (testMode), never the live balance; a login session
    reads the live balance, or with mode=test what a test key would read (the console's test mode).

    Args:
        mode (GetCurrentUserMode | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Profile
    """

    return sync_detailed(
        client=client,
        mode=mode,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    mode: GetCurrentUserMode | Unset = UNSET,
) -> Response[Problem | Profile]:
    """The calling user's profile, plan and credit balance

     An sk_test_ key reads test mode's allowance (testMode), never the live balance; a login session
    reads the live balance, or with mode=test what a test key would read (the console's test mode).

    Args:
        mode (GetCurrentUserMode | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Profile]
    """

    kwargs = _get_kwargs(
        mode=mode,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    mode: GetCurrentUserMode | Unset = UNSET,
) -> Problem | Profile | None:
    """The calling user's profile, plan and credit balance

     An sk_test_ key reads test mode's allowance (testMode), never the live balance; a login session
    reads the live balance, or with mode=test what a test key would read (the console's test mode).

    Args:
        mode (GetCurrentUserMode | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Profile
    """

    return (
        await asyncio_detailed(
            client=client,
            mode=mode,
        )
    ).parsed
