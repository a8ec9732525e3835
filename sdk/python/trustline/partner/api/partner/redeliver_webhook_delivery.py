from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delivery import Delivery
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    delivery_id: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/partners/me/webhook/deliveries/{delivery_id}/redeliver".format(
            delivery_id=quote(str(delivery_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Delivery | Problem | None:
    if response.status_code == 202:
        response_202 = Delivery.from_dict(response.json())

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
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> Response[Delivery | Problem]:
    """Send a delivery's event again, as a new delivery

     Pending and failed deliveries keep their body until RESULT_RETENTION (30 days) runs out; a delivered
    one's body is dropped at delivery for privacy (it reports on personal data), so it cannot be sent
    again (409 body_not_retained), and what it reported is read from the contract request it names, GET
    /api/v1/partner/contracts/requests/{reference}. Failed deliveries are sent again here one by one, or
    all those since a time with POST /api/v1/partners/me/webhook/recover. With idempotency-key, a
    retried request answers the first one's delivery rather than sending the event once more.

    Args:
        delivery_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Delivery | Problem]
    """

    kwargs = _get_kwargs(
        delivery_id=delivery_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> Delivery | Problem | None:
    """Send a delivery's event again, as a new delivery

     Pending and failed deliveries keep their body until RESULT_RETENTION (30 days) runs out; a delivered
    one's body is dropped at delivery for privacy (it reports on personal data), so it cannot be sent
    again (409 body_not_retained), and what it reported is read from the contract request it names, GET
    /api/v1/partner/contracts/requests/{reference}. Failed deliveries are sent again here one by one, or
    all those since a time with POST /api/v1/partners/me/webhook/recover. With idempotency-key, a
    retried request answers the first one's delivery rather than sending the event once more.

    Args:
        delivery_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Delivery | Problem
    """

    return sync_detailed(
        delivery_id=delivery_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> Response[Delivery | Problem]:
    """Send a delivery's event again, as a new delivery

     Pending and failed deliveries keep their body until RESULT_RETENTION (30 days) runs out; a delivered
    one's body is dropped at delivery for privacy (it reports on personal data), so it cannot be sent
    again (409 body_not_retained), and what it reported is read from the contract request it names, GET
    /api/v1/partner/contracts/requests/{reference}. Failed deliveries are sent again here one by one, or
    all those since a time with POST /api/v1/partners/me/webhook/recover. With idempotency-key, a
    retried request answers the first one's delivery rather than sending the event once more.

    Args:
        delivery_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Delivery | Problem]
    """

    kwargs = _get_kwargs(
        delivery_id=delivery_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> Delivery | Problem | None:
    """Send a delivery's event again, as a new delivery

     Pending and failed deliveries keep their body until RESULT_RETENTION (30 days) runs out; a delivered
    one's body is dropped at delivery for privacy (it reports on personal data), so it cannot be sent
    again (409 body_not_retained), and what it reported is read from the contract request it names, GET
    /api/v1/partner/contracts/requests/{reference}. Failed deliveries are sent again here one by one, or
    all those since a time with POST /api/v1/partners/me/webhook/recover. With idempotency-key, a
    retried request answers the first one's delivery rather than sending the event once more.

    Args:
        delivery_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Delivery | Problem
    """

    return (
        await asyncio_detailed(
            delivery_id=delivery_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
