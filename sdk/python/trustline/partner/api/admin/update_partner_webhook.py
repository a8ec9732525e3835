from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.update_partner_webhook_response_200 import (
    UpdatePartnerWebhookResponse200,
)
from ...models.webhook_update import WebhookUpdate
from ...types import UNSET, Response, Unset


def _get_kwargs(
    partner_id: str,
    *,
    body: WebhookUpdate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/partners/{partner_id}/webhook".format(
            partner_id=quote(str(partner_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | UpdatePartnerWebhookResponse200 | None:
    if response.status_code == 200:
        response_200 = UpdatePartnerWebhookResponse200.from_dict(response.json())

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
) -> Response[Problem | UpdatePartnerWebhookResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    partner_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookUpdate,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | UpdatePartnerWebhookResponse200]:
    """Set another partner's webhook (administrators)

    Args:
        partner_id (str):
        idempotency_key (str | Unset):
        body (WebhookUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UpdatePartnerWebhookResponse200]
    """

    kwargs = _get_kwargs(
        partner_id=partner_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    partner_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookUpdate,
    idempotency_key: str | Unset = UNSET,
) -> Problem | UpdatePartnerWebhookResponse200 | None:
    """Set another partner's webhook (administrators)

    Args:
        partner_id (str):
        idempotency_key (str | Unset):
        body (WebhookUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UpdatePartnerWebhookResponse200
    """

    return sync_detailed(
        partner_id=partner_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    partner_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookUpdate,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | UpdatePartnerWebhookResponse200]:
    """Set another partner's webhook (administrators)

    Args:
        partner_id (str):
        idempotency_key (str | Unset):
        body (WebhookUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UpdatePartnerWebhookResponse200]
    """

    kwargs = _get_kwargs(
        partner_id=partner_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    partner_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookUpdate,
    idempotency_key: str | Unset = UNSET,
) -> Problem | UpdatePartnerWebhookResponse200 | None:
    """Set another partner's webhook (administrators)

    Args:
        partner_id (str):
        idempotency_key (str | Unset):
        body (WebhookUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UpdatePartnerWebhookResponse200
    """

    return (
        await asyncio_detailed(
            partner_id=partner_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
