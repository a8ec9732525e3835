from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.payment_notification import PaymentNotification
from ...models.problem import Problem
from ...models.receive_payment_notification_response_200 import (
    ReceivePaymentNotificationResponse200,
)
from ...types import Response


def _get_kwargs(
    *,
    body: PaymentNotification,
    x_webhook_signature: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["x-webhook-signature"] = x_webhook_signature

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks/payment",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ReceivePaymentNotificationResponse200 | None:
    if response.status_code == 200:
        response_200 = ReceivePaymentNotificationResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | ReceivePaymentNotificationResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PaymentNotification,
    x_webhook_signature: str,
) -> Response[Problem | ReceivePaymentNotificationResponse200]:
    """Payment notification (payment gateway only)

    Args:
        x_webhook_signature (str):
        body (PaymentNotification):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReceivePaymentNotificationResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        x_webhook_signature=x_webhook_signature,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: PaymentNotification,
    x_webhook_signature: str,
) -> Problem | ReceivePaymentNotificationResponse200 | None:
    """Payment notification (payment gateway only)

    Args:
        x_webhook_signature (str):
        body (PaymentNotification):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReceivePaymentNotificationResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
        x_webhook_signature=x_webhook_signature,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PaymentNotification,
    x_webhook_signature: str,
) -> Response[Problem | ReceivePaymentNotificationResponse200]:
    """Payment notification (payment gateway only)

    Args:
        x_webhook_signature (str):
        body (PaymentNotification):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReceivePaymentNotificationResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        x_webhook_signature=x_webhook_signature,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: PaymentNotification,
    x_webhook_signature: str,
) -> Problem | ReceivePaymentNotificationResponse200 | None:
    """Payment notification (payment gateway only)

    Args:
        x_webhook_signature (str):
        body (PaymentNotification):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReceivePaymentNotificationResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_webhook_signature=x_webhook_signature,
        )
    ).parsed
