from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.admin_user import AdminUser
from ...models.grant_credits_body import GrantCreditsBody
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    user_id: str,
    *,
    body: GrantCreditsBody,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/admin/users/{user_id}/credits".format(
            user_id=quote(str(user_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AdminUser | Problem | None:
    if response.status_code == 200:
        response_200 = AdminUser.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[AdminUser | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: GrantCreditsBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[AdminUser | Problem]:
    """Grant credits to a user (administrators)

     The credits are added to the live balance and recorded in the user's ledger (reason grant) in one
    write. The answer is the user with the new balance.

    Args:
        user_id (str):
        idempotency_key (str | Unset):
        body (GrantCreditsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminUser | Problem]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    user_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: GrantCreditsBody,
    idempotency_key: str | Unset = UNSET,
) -> AdminUser | Problem | None:
    """Grant credits to a user (administrators)

     The credits are added to the live balance and recorded in the user's ledger (reason grant) in one
    write. The answer is the user with the new balance.

    Args:
        user_id (str):
        idempotency_key (str | Unset):
        body (GrantCreditsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminUser | Problem
    """

    return sync_detailed(
        user_id=user_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: GrantCreditsBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[AdminUser | Problem]:
    """Grant credits to a user (administrators)

     The credits are added to the live balance and recorded in the user's ledger (reason grant) in one
    write. The answer is the user with the new balance.

    Args:
        user_id (str):
        idempotency_key (str | Unset):
        body (GrantCreditsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminUser | Problem]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    user_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: GrantCreditsBody,
    idempotency_key: str | Unset = UNSET,
) -> AdminUser | Problem | None:
    """Grant credits to a user (administrators)

     The credits are added to the live balance and recorded in the user's ledger (reason grant) in one
    write. The answer is the user with the new balance.

    Args:
        user_id (str):
        idempotency_key (str | Unset):
        body (GrantCreditsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminUser | Problem
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
