import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contract_page import ContractPage
from ...models.list_contract_requests_contract_status import (
    ListContractRequestsContractStatus,
)
from ...models.list_contract_requests_product import ListContractRequestsProduct
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    contract_status: ListContractRequestsContractStatus | Unset = UNSET,
    product: ListContractRequestsProduct | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_contract_status: str | Unset = UNSET
    if not isinstance(contract_status, Unset):
        json_contract_status = contract_status.value

    params["contractStatus"] = json_contract_status

    json_product: str | Unset = UNSET
    if not isinstance(product, Unset):
        json_product = product.value

    params["product"] = json_product

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["createdAfter"] = json_created_after

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/partner/contracts/requests",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ContractPage | Problem | None:
    if response.status_code == 200:
        response_200 = ContractPage.from_dict(response.json())

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
) -> Response[ContractPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    contract_status: ListContractRequestsContractStatus | Unset = UNSET,
    product: ListContractRequestsProduct | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[ContractPage | Problem]:
    """The partner's contract requests, newest first

     The calling partner's own requests (administrators: GET /api/v1/admin/contracts/requests, 403 here).
    Filters combine; each page is one read on a key made for its filter. With both contractStatus and
    product, the page reads the status's next `limit` requests and keeps that product's, so a page may
    hold fewer than `limit` (even none) with a nextCursor: follow it until it is null. A request whose
    payment link expired shows PAYMENT_FAILED at once (as the status read does) but is listed under
    PENDING_PAYMENT until the sweep writes it, within minutes.

    Args:
        contract_status (ListContractRequestsContractStatus | Unset):
        product (ListContractRequestsProduct | Unset):
        created_after (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContractPage | Problem]
    """

    kwargs = _get_kwargs(
        contract_status=contract_status,
        product=product,
        created_after=created_after,
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
    contract_status: ListContractRequestsContractStatus | Unset = UNSET,
    product: ListContractRequestsProduct | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> ContractPage | Problem | None:
    """The partner's contract requests, newest first

     The calling partner's own requests (administrators: GET /api/v1/admin/contracts/requests, 403 here).
    Filters combine; each page is one read on a key made for its filter. With both contractStatus and
    product, the page reads the status's next `limit` requests and keeps that product's, so a page may
    hold fewer than `limit` (even none) with a nextCursor: follow it until it is null. A request whose
    payment link expired shows PAYMENT_FAILED at once (as the status read does) but is listed under
    PENDING_PAYMENT until the sweep writes it, within minutes.

    Args:
        contract_status (ListContractRequestsContractStatus | Unset):
        product (ListContractRequestsProduct | Unset):
        created_after (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContractPage | Problem
    """

    return sync_detailed(
        client=client,
        contract_status=contract_status,
        product=product,
        created_after=created_after,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    contract_status: ListContractRequestsContractStatus | Unset = UNSET,
    product: ListContractRequestsProduct | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[ContractPage | Problem]:
    """The partner's contract requests, newest first

     The calling partner's own requests (administrators: GET /api/v1/admin/contracts/requests, 403 here).
    Filters combine; each page is one read on a key made for its filter. With both contractStatus and
    product, the page reads the status's next `limit` requests and keeps that product's, so a page may
    hold fewer than `limit` (even none) with a nextCursor: follow it until it is null. A request whose
    payment link expired shows PAYMENT_FAILED at once (as the status read does) but is listed under
    PENDING_PAYMENT until the sweep writes it, within minutes.

    Args:
        contract_status (ListContractRequestsContractStatus | Unset):
        product (ListContractRequestsProduct | Unset):
        created_after (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContractPage | Problem]
    """

    kwargs = _get_kwargs(
        contract_status=contract_status,
        product=product,
        created_after=created_after,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    contract_status: ListContractRequestsContractStatus | Unset = UNSET,
    product: ListContractRequestsProduct | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> ContractPage | Problem | None:
    """The partner's contract requests, newest first

     The calling partner's own requests (administrators: GET /api/v1/admin/contracts/requests, 403 here).
    Filters combine; each page is one read on a key made for its filter. With both contractStatus and
    product, the page reads the status's next `limit` requests and keeps that product's, so a page may
    hold fewer than `limit` (even none) with a nextCursor: follow it until it is null. A request whose
    payment link expired shows PAYMENT_FAILED at once (as the status read does) but is listed under
    PENDING_PAYMENT until the sweep writes it, within minutes.

    Args:
        contract_status (ListContractRequestsContractStatus | Unset):
        product (ListContractRequestsProduct | Unset):
        created_after (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContractPage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            contract_status=contract_status,
            product=product,
            created_after=created_after,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
