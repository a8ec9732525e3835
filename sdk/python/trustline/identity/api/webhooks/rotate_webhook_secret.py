from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.endpoint import Endpoint
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/webhooks/{id}/rotate-secret".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Endpoint | Problem | None:
    if response.status_code == 200:
        response_200 = Endpoint.from_dict(response.json())

        return response_200

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
) -> Response[Endpoint | Problem]:
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
) -> Response[Endpoint | Problem]:
    """Give an endpoint a new secret, shown this once

     X-Service-Signature uses the new secret at once. For WEBHOOK_SECRET_OVERLAP (24 h by default)
    webhook-signature carries two space-separated signatures, under the new and the old secret, so a
    receiver on either verifies; a second rotation ends the first old secret's overlap. Rotating needs a
    login session: an API key answers 403, so that a leaked key cannot set a secret of its own and keep
    signing events as the account after it is revoked. A rotation lands only on the endpoint as it read
    it: one racing another rotation answers 409 (the other's secret is in force; every secret a 200
    returned signs), one racing the endpoint's deletion 404.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Endpoint | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Endpoint | Problem | None:
    """Give an endpoint a new secret, shown this once

     X-Service-Signature uses the new secret at once. For WEBHOOK_SECRET_OVERLAP (24 h by default)
    webhook-signature carries two space-separated signatures, under the new and the old secret, so a
    receiver on either verifies; a second rotation ends the first old secret's overlap. Rotating needs a
    login session: an API key answers 403, so that a leaked key cannot set a secret of its own and keep
    signing events as the account after it is revoked. A rotation lands only on the endpoint as it read
    it: one racing another rotation answers 409 (the other's secret is in force; every secret a 200
    returned signs), one racing the endpoint's deletion 404.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Endpoint | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Endpoint | Problem]:
    """Give an endpoint a new secret, shown this once

     X-Service-Signature uses the new secret at once. For WEBHOOK_SECRET_OVERLAP (24 h by default)
    webhook-signature carries two space-separated signatures, under the new and the old secret, so a
    receiver on either verifies; a second rotation ends the first old secret's overlap. Rotating needs a
    login session: an API key answers 403, so that a leaked key cannot set a secret of its own and keep
    signing events as the account after it is revoked. A rotation lands only on the endpoint as it read
    it: one racing another rotation answers 409 (the other's secret is in force; every secret a 200
    returned signs), one racing the endpoint's deletion 404.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Endpoint | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Endpoint | Problem | None:
    """Give an endpoint a new secret, shown this once

     X-Service-Signature uses the new secret at once. For WEBHOOK_SECRET_OVERLAP (24 h by default)
    webhook-signature carries two space-separated signatures, under the new and the old secret, so a
    receiver on either verifies; a second rotation ends the first old secret's overlap. Rotating needs a
    login session: an API key answers 403, so that a leaked key cannot set a secret of its own and keep
    signing events as the account after it is revoked. A rotation lands only on the endpoint as it read
    it: one racing another rotation answers 409 (the other's secret is in force; every secret a 200
    returned signs), one racing the endpoint's deletion 404.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Endpoint | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
