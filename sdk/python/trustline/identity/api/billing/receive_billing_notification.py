from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.receive_billing_notification_body import ReceiveBillingNotificationBody
from ...models.receive_billing_notification_response_200 import (
    ReceiveBillingNotificationResponse200,
)
from ...types import Response


def _get_kwargs(
    *,
    body: ReceiveBillingNotificationBody,
    x_webhook_signature: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["x-webhook-signature"] = x_webhook_signature

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/billing/webhook",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ReceiveBillingNotificationResponse200 | None:
    if response.status_code == 200:
        response_200 = ReceiveBillingNotificationResponse200.from_dict(response.json())

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

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | ReceiveBillingNotificationResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ReceiveBillingNotificationBody,
    x_webhook_signature: str,
) -> Response[Problem | ReceiveBillingNotificationResponse200]:
    """The payment gateway's notification about an invoice

     Signed by the gateway as its contract notifications are: x-webhook-signature is the lowercase hex
    HMAC-SHA256 of the raw body with the gateway's signing key (PAYMENT_SIGNING_KEY); a missing or wrong
    signature is 401 and changes nothing. The body is the gateway's notification with the invoice
    reference as reference. A paid notification marks the invoice paid and grants its credits exactly
    once, however many times it arrives; a failed or cancelled one marks a pending invoice failed; a
    replayed eventId changes nothing (200), whatever its body says. The notification must name the
    invoice's own payment (paymentId), amount and currency: anything else is 422 and is neither applied
    nor recorded.

    Args:
        x_webhook_signature (str):
        body (ReceiveBillingNotificationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReceiveBillingNotificationResponse200]
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
    body: ReceiveBillingNotificationBody,
    x_webhook_signature: str,
) -> Problem | ReceiveBillingNotificationResponse200 | None:
    """The payment gateway's notification about an invoice

     Signed by the gateway as its contract notifications are: x-webhook-signature is the lowercase hex
    HMAC-SHA256 of the raw body with the gateway's signing key (PAYMENT_SIGNING_KEY); a missing or wrong
    signature is 401 and changes nothing. The body is the gateway's notification with the invoice
    reference as reference. A paid notification marks the invoice paid and grants its credits exactly
    once, however many times it arrives; a failed or cancelled one marks a pending invoice failed; a
    replayed eventId changes nothing (200), whatever its body says. The notification must name the
    invoice's own payment (paymentId), amount and currency: anything else is 422 and is neither applied
    nor recorded.

    Args:
        x_webhook_signature (str):
        body (ReceiveBillingNotificationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReceiveBillingNotificationResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
        x_webhook_signature=x_webhook_signature,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ReceiveBillingNotificationBody,
    x_webhook_signature: str,
) -> Response[Problem | ReceiveBillingNotificationResponse200]:
    """The payment gateway's notification about an invoice

     Signed by the gateway as its contract notifications are: x-webhook-signature is the lowercase hex
    HMAC-SHA256 of the raw body with the gateway's signing key (PAYMENT_SIGNING_KEY); a missing or wrong
    signature is 401 and changes nothing. The body is the gateway's notification with the invoice
    reference as reference. A paid notification marks the invoice paid and grants its credits exactly
    once, however many times it arrives; a failed or cancelled one marks a pending invoice failed; a
    replayed eventId changes nothing (200), whatever its body says. The notification must name the
    invoice's own payment (paymentId), amount and currency: anything else is 422 and is neither applied
    nor recorded.

    Args:
        x_webhook_signature (str):
        body (ReceiveBillingNotificationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReceiveBillingNotificationResponse200]
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
    body: ReceiveBillingNotificationBody,
    x_webhook_signature: str,
) -> Problem | ReceiveBillingNotificationResponse200 | None:
    """The payment gateway's notification about an invoice

     Signed by the gateway as its contract notifications are: x-webhook-signature is the lowercase hex
    HMAC-SHA256 of the raw body with the gateway's signing key (PAYMENT_SIGNING_KEY); a missing or wrong
    signature is 401 and changes nothing. The body is the gateway's notification with the invoice
    reference as reference. A paid notification marks the invoice paid and grants its credits exactly
    once, however many times it arrives; a failed or cancelled one marks a pending invoice failed; a
    replayed eventId changes nothing (200), whatever its body says. The notification must name the
    invoice's own payment (paymentId), amount and currency: anything else is 422 and is neither applied
    nor recorded.

    Args:
        x_webhook_signature (str):
        body (ReceiveBillingNotificationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReceiveBillingNotificationResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_webhook_signature=x_webhook_signature,
        )
    ).parsed
