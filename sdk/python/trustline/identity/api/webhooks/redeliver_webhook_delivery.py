from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delivery import Delivery
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: str,
    delivery_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver".format(
            id=quote(str(id), safe=""),
            delivery_id=quote(str(delivery_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Delivery | Problem | None:
    if response.status_code == 202:
        response_202 = Delivery.from_dict(response.json())

        return response_202

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Delivery | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Delivery | Problem]:
    """Send one delivery of an endpoint again, as a new delivery

     Sends the delivery's event again, with the same body, as a new delivery (its redeliveryOf names this
    one; a new webhook-id) on a fresh retry schedule, to the URL and secret configured now. Pending and
    failed deliveries keep their body until RESULT_RETENTION (30 days) runs out; a delivered one's body
    is dropped at delivery (it reports on personal data), so it answers 409 body_not_retained. The
    endpoint is found as for the other webhook routes: another user's, or for an API key one of the
    other mode, is 404, and so is a delivery of another endpoint. Bounded: 30 redeliveries per user and
    minute (429 beyond).

    Args:
        id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Delivery | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        delivery_id=delivery_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Delivery | Problem | None:
    """Send one delivery of an endpoint again, as a new delivery

     Sends the delivery's event again, with the same body, as a new delivery (its redeliveryOf names this
    one; a new webhook-id) on a fresh retry schedule, to the URL and secret configured now. Pending and
    failed deliveries keep their body until RESULT_RETENTION (30 days) runs out; a delivered one's body
    is dropped at delivery (it reports on personal data), so it answers 409 body_not_retained. The
    endpoint is found as for the other webhook routes: another user's, or for an API key one of the
    other mode, is 404, and so is a delivery of another endpoint. Bounded: 30 redeliveries per user and
    minute (429 beyond).

    Args:
        id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Delivery | Problem
    """

    return sync_detailed(
        id=id,
        delivery_id=delivery_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Delivery | Problem]:
    """Send one delivery of an endpoint again, as a new delivery

     Sends the delivery's event again, with the same body, as a new delivery (its redeliveryOf names this
    one; a new webhook-id) on a fresh retry schedule, to the URL and secret configured now. Pending and
    failed deliveries keep their body until RESULT_RETENTION (30 days) runs out; a delivered one's body
    is dropped at delivery (it reports on personal data), so it answers 409 body_not_retained. The
    endpoint is found as for the other webhook routes: another user's, or for an API key one of the
    other mode, is 404, and so is a delivery of another endpoint. Bounded: 30 redeliveries per user and
    minute (429 beyond).

    Args:
        id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Delivery | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        delivery_id=delivery_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Delivery | Problem | None:
    """Send one delivery of an endpoint again, as a new delivery

     Sends the delivery's event again, with the same body, as a new delivery (its redeliveryOf names this
    one; a new webhook-id) on a fresh retry schedule, to the URL and secret configured now. Pending and
    failed deliveries keep their body until RESULT_RETENTION (30 days) runs out; a delivered one's body
    is dropped at delivery (it reports on personal data), so it answers 409 body_not_retained. The
    endpoint is found as for the other webhook routes: another user's, or for an API key one of the
    other mode, is 404, and so is a delivery of another endpoint. Bounded: 30 redeliveries per user and
    minute (429 beyond).

    Args:
        id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Delivery | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            delivery_id=delivery_id,
            client=client,
        )
    ).parsed
