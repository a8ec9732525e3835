from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.invoice import Invoice
from ...models.list_invoices_status import ListInvoicesStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: ListInvoicesStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/billing/invoices",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | list[Invoice] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = Invoice.from_dict(response_200_item_data)

            response_200.append(response_200_item)

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
) -> Response[Problem | list[Invoice]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: ListInvoicesStatus | Unset = UNSET,
) -> Response[Problem | list[Invoice]]:
    """The calling user's subscription invoices, newest first

     The spec's JSON array, one page of it. The maintenance schedule issues one invoice per paid period
    (BILLING_PERIOD, calendar months by default) with a payment link; paying it grants the plan's
    credits for the period, once. Statuses: pending → paid (the gateway's paid notification), pending →
    failed (a failed or cancelled payment), failed → paid (paid later through the same link); void is
    reserved for invoices an operator cancels. The next page's cursor is in X-Next-Cursor (and a Link
    header with rel="next"); none on the last page. Invoices are live money: an sk_test_ key reads an
    empty array (test mode is free and has no invoices), never the live invoices or their payment links;
    its allowance is in GET /v1/billing/credits.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (ListInvoicesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[Invoice]]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: ListInvoicesStatus | Unset = UNSET,
) -> Problem | list[Invoice] | None:
    """The calling user's subscription invoices, newest first

     The spec's JSON array, one page of it. The maintenance schedule issues one invoice per paid period
    (BILLING_PERIOD, calendar months by default) with a payment link; paying it grants the plan's
    credits for the period, once. Statuses: pending → paid (the gateway's paid notification), pending →
    failed (a failed or cancelled payment), failed → paid (paid later through the same link); void is
    reserved for invoices an operator cancels. The next page's cursor is in X-Next-Cursor (and a Link
    header with rel="next"); none on the last page. Invoices are live money: an sk_test_ key reads an
    empty array (test mode is free and has no invoices), never the live invoices or their payment links;
    its allowance is in GET /v1/billing/credits.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (ListInvoicesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[Invoice]
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: ListInvoicesStatus | Unset = UNSET,
) -> Response[Problem | list[Invoice]]:
    """The calling user's subscription invoices, newest first

     The spec's JSON array, one page of it. The maintenance schedule issues one invoice per paid period
    (BILLING_PERIOD, calendar months by default) with a payment link; paying it grants the plan's
    credits for the period, once. Statuses: pending → paid (the gateway's paid notification), pending →
    failed (a failed or cancelled payment), failed → paid (paid later through the same link); void is
    reserved for invoices an operator cancels. The next page's cursor is in X-Next-Cursor (and a Link
    header with rel="next"); none on the last page. Invoices are live money: an sk_test_ key reads an
    empty array (test mode is free and has no invoices), never the live invoices or their payment links;
    its allowance is in GET /v1/billing/credits.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (ListInvoicesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[Invoice]]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: ListInvoicesStatus | Unset = UNSET,
) -> Problem | list[Invoice] | None:
    """The calling user's subscription invoices, newest first

     The spec's JSON array, one page of it. The maintenance schedule issues one invoice per paid period
    (BILLING_PERIOD, calendar months by default) with a payment link; paying it grants the plan's
    credits for the period, once. Statuses: pending → paid (the gateway's paid notification), pending →
    failed (a failed or cancelled payment), failed → paid (paid later through the same link); void is
    reserved for invoices an operator cancels. The next page's cursor is in X-Next-Cursor (and a Link
    header with rel="next"); none on the last page. Invoices are live money: an sk_test_ key reads an
    empty array (test mode is free and has no invoices), never the live invoices or their payment links;
    its allowance is in GET /v1/billing/credits.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (ListInvoicesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[Invoice]
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
            status=status,
        )
    ).parsed
