from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contract_status import ContractStatus
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    reference: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/admin/contracts/{reference}/refund".format(
            reference=quote(str(reference), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ContractStatus | Problem | None:
    if response.status_code == 200:
        response_200 = ContractStatus.from_dict(response.json())

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
) -> Response[ContractStatus | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    reference: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ContractStatus | Problem]:
    """Refund a client who paid and has no contract (ISSUANCE_FAILED, or PAYMENT_FAILED with payment.status
    paid_after_failure, to REFUNDED)

    Args:
        reference (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContractStatus | Problem]
    """

    kwargs = _get_kwargs(
        reference=reference,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    reference: str,
    *,
    client: AuthenticatedClient | Client,
) -> ContractStatus | Problem | None:
    """Refund a client who paid and has no contract (ISSUANCE_FAILED, or PAYMENT_FAILED with payment.status
    paid_after_failure, to REFUNDED)

    Args:
        reference (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContractStatus | Problem
    """

    return sync_detailed(
        reference=reference,
        client=client,
    ).parsed


async def asyncio_detailed(
    reference: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ContractStatus | Problem]:
    """Refund a client who paid and has no contract (ISSUANCE_FAILED, or PAYMENT_FAILED with payment.status
    paid_after_failure, to REFUNDED)

    Args:
        reference (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContractStatus | Problem]
    """

    kwargs = _get_kwargs(
        reference=reference,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    reference: str,
    *,
    client: AuthenticatedClient | Client,
) -> ContractStatus | Problem | None:
    """Refund a client who paid and has no contract (ISSUANCE_FAILED, or PAYMENT_FAILED with payment.status
    paid_after_failure, to REFUNDED)

    Args:
        reference (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContractStatus | Problem
    """

    return (
        await asyncio_detailed(
            reference=reference,
            client=client,
        )
    ).parsed
