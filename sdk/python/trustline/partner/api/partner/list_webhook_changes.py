from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_webhook_changes_response_200 import ListWebhookChangesResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/partners/me/webhook/changes",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListWebhookChangesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListWebhookChangesResponse200.from_dict(response.json())

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
) -> Response[ListWebhookChangesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[ListWebhookChangesResponse200 | Problem]:
    """Every change of the webhook configuration, newest first

     Who changed the webhook (an API key, by id, or a back-office login), when, and the URL it set; never
    the secret. Each change is also mailed to the partner's back-office address. A configuration made by
    an API key lasts only as long as that key: once the key is revoked, rotated out (at the end of its
    grace period) or expires, the last configuration made by a login or by a key still valid is in force
    again.

    Args:
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookChangesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> ListWebhookChangesResponse200 | Problem | None:
    """Every change of the webhook configuration, newest first

     Who changed the webhook (an API key, by id, or a back-office login), when, and the URL it set; never
    the secret. Each change is also mailed to the partner's back-office address. A configuration made by
    an API key lasts only as long as that key: once the key is revoked, rotated out (at the end of its
    grace period) or expires, the last configuration made by a login or by a key still valid is in force
    again.

    Args:
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookChangesResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[ListWebhookChangesResponse200 | Problem]:
    """Every change of the webhook configuration, newest first

     Who changed the webhook (an API key, by id, or a back-office login), when, and the URL it set; never
    the secret. Each change is also mailed to the partner's back-office address. A configuration made by
    an API key lasts only as long as that key: once the key is revoked, rotated out (at the end of its
    grace period) or expires, the last configuration made by a login or by a key still valid is in force
    again.

    Args:
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookChangesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> ListWebhookChangesResponse200 | Problem | None:
    """Every change of the webhook configuration, newest first

     Who changed the webhook (an API key, by id, or a back-office login), when, and the URL it set; never
    the secret. Each change is also mailed to the partner's back-office address. A configuration made by
    an API key lasts only as long as that key: once the key is revoked, rotated out (at the end of its
    grace period) or expires, the last configuration made by a login or by a key still valid is in force
    again.

    Args:
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookChangesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
