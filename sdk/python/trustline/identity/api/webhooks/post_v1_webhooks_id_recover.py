from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.post_v1_webhooks_id_recover_body import PostV1WebhooksIdRecoverBody
from ...models.post_v1_webhooks_id_recover_response_202 import (
    PostV1WebhooksIdRecoverResponse202,
)
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: PostV1WebhooksIdRecoverBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/webhooks/{id}/recover".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PostV1WebhooksIdRecoverResponse202 | Problem | None:
    if response.status_code == 202:
        response_202 = PostV1WebhooksIdRecoverResponse202.from_dict(response.json())

        return response_202

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
) -> Response[PostV1WebhooksIdRecoverResponse202 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PostV1WebhooksIdRecoverBody,
) -> Response[PostV1WebhooksIdRecoverResponse202 | Problem]:
    """Recover an endpoint's failed deliveries in bulk, after an outage of the receiver

     Re-queues every FAILED delivery of this webhook created at or after `since` (RFC 3339) as a new
    delivery (its redeliveryOf names the failed one, whose recoveredBy names the new one) with a fresh
    retry schedule, sent to the URL and secret configured now. A failed delivery is recovered once:
    calling again does not send it twice. Bounded: at most 200 deliveries per call (hasMore: call again)
    and 10 calls per minute (429 beyond).

    Args:
        id (str):
        body (PostV1WebhooksIdRecoverBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1WebhooksIdRecoverResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PostV1WebhooksIdRecoverBody,
) -> PostV1WebhooksIdRecoverResponse202 | Problem | None:
    """Recover an endpoint's failed deliveries in bulk, after an outage of the receiver

     Re-queues every FAILED delivery of this webhook created at or after `since` (RFC 3339) as a new
    delivery (its redeliveryOf names the failed one, whose recoveredBy names the new one) with a fresh
    retry schedule, sent to the URL and secret configured now. A failed delivery is recovered once:
    calling again does not send it twice. Bounded: at most 200 deliveries per call (hasMore: call again)
    and 10 calls per minute (429 beyond).

    Args:
        id (str):
        body (PostV1WebhooksIdRecoverBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1WebhooksIdRecoverResponse202 | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PostV1WebhooksIdRecoverBody,
) -> Response[PostV1WebhooksIdRecoverResponse202 | Problem]:
    """Recover an endpoint's failed deliveries in bulk, after an outage of the receiver

     Re-queues every FAILED delivery of this webhook created at or after `since` (RFC 3339) as a new
    delivery (its redeliveryOf names the failed one, whose recoveredBy names the new one) with a fresh
    retry schedule, sent to the URL and secret configured now. A failed delivery is recovered once:
    calling again does not send it twice. Bounded: at most 200 deliveries per call (hasMore: call again)
    and 10 calls per minute (429 beyond).

    Args:
        id (str):
        body (PostV1WebhooksIdRecoverBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1WebhooksIdRecoverResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PostV1WebhooksIdRecoverBody,
) -> PostV1WebhooksIdRecoverResponse202 | Problem | None:
    """Recover an endpoint's failed deliveries in bulk, after an outage of the receiver

     Re-queues every FAILED delivery of this webhook created at or after `since` (RFC 3339) as a new
    delivery (its redeliveryOf names the failed one, whose recoveredBy names the new one) with a fresh
    retry schedule, sent to the URL and secret configured now. A failed delivery is recovered once:
    calling again does not send it twice. Bounded: at most 200 deliveries per call (hasMore: call again)
    and 10 calls per minute (429 beyond).

    Args:
        id (str):
        body (PostV1WebhooksIdRecoverBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1WebhooksIdRecoverResponse202 | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
