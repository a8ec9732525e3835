from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.recover_webhook_deliveries_body import RecoverWebhookDeliveriesBody
from ...models.recover_webhook_deliveries_response_202 import (
    RecoverWebhookDeliveriesResponse202,
)
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: RecoverWebhookDeliveriesBody,
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
) -> Problem | RecoverWebhookDeliveriesResponse202 | None:
    if response.status_code == 202:
        response_202 = RecoverWebhookDeliveriesResponse202.from_dict(response.json())

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
) -> Response[Problem | RecoverWebhookDeliveriesResponse202]:
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
    body: RecoverWebhookDeliveriesBody,
) -> Response[Problem | RecoverWebhookDeliveriesResponse202]:
    """Recover an endpoint's failed deliveries in bulk, after an outage of the receiver

     Re-queues every FAILED delivery of this webhook created at or after `since` (RFC 3339) as a new
    delivery (its redeliveryOf names the failed one, whose recoveredBy names the new one) with a fresh
    retry schedule, sent to the URL and secret configured now. A failed delivery is recovered once:
    calling again does not send it twice. Bounded: at most 200 deliveries per call (hasMore: call again)
    and 10 calls per minute (429 beyond).

    Args:
        id (str):
        body (RecoverWebhookDeliveriesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RecoverWebhookDeliveriesResponse202]
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
    body: RecoverWebhookDeliveriesBody,
) -> Problem | RecoverWebhookDeliveriesResponse202 | None:
    """Recover an endpoint's failed deliveries in bulk, after an outage of the receiver

     Re-queues every FAILED delivery of this webhook created at or after `since` (RFC 3339) as a new
    delivery (its redeliveryOf names the failed one, whose recoveredBy names the new one) with a fresh
    retry schedule, sent to the URL and secret configured now. A failed delivery is recovered once:
    calling again does not send it twice. Bounded: at most 200 deliveries per call (hasMore: call again)
    and 10 calls per minute (429 beyond).

    Args:
        id (str):
        body (RecoverWebhookDeliveriesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RecoverWebhookDeliveriesResponse202
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
    body: RecoverWebhookDeliveriesBody,
) -> Response[Problem | RecoverWebhookDeliveriesResponse202]:
    """Recover an endpoint's failed deliveries in bulk, after an outage of the receiver

     Re-queues every FAILED delivery of this webhook created at or after `since` (RFC 3339) as a new
    delivery (its redeliveryOf names the failed one, whose recoveredBy names the new one) with a fresh
    retry schedule, sent to the URL and secret configured now. A failed delivery is recovered once:
    calling again does not send it twice. Bounded: at most 200 deliveries per call (hasMore: call again)
    and 10 calls per minute (429 beyond).

    Args:
        id (str):
        body (RecoverWebhookDeliveriesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RecoverWebhookDeliveriesResponse202]
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
    body: RecoverWebhookDeliveriesBody,
) -> Problem | RecoverWebhookDeliveriesResponse202 | None:
    """Recover an endpoint's failed deliveries in bulk, after an outage of the receiver

     Re-queues every FAILED delivery of this webhook created at or after `since` (RFC 3339) as a new
    delivery (its redeliveryOf names the failed one, whose recoveredBy names the new one) with a fresh
    retry schedule, sent to the URL and secret configured now. A failed delivery is recovered once:
    calling again does not send it twice. Bounded: at most 200 deliveries per call (hasMore: call again)
    and 10 calls per minute (429 beyond).

    Args:
        id (str):
        body (RecoverWebhookDeliveriesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RecoverWebhookDeliveriesResponse202
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
