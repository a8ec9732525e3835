from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_credit_entries_mode import ListCreditEntriesMode
from ...models.list_credit_entries_response_200 import ListCreditEntriesResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    mode: ListCreditEntriesMode | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_mode: str | Unset = UNSET
    if not isinstance(mode, Unset):
        json_mode = mode.value

    params["mode"] = json_mode

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/billing/credits",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListCreditEntriesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListCreditEntriesResponse200.from_dict(response.json())

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
) -> Response[ListCreditEntriesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    mode: ListCreditEntriesMode | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[ListCreditEntriesResponse200 | Problem]:
    """The calling user's credits ledger, newest first

     Every grant, debit and refund of credits is one entry, written in the same transaction as the
    balance change, so the balance of GET /v1/users/me is always the sum of the ledger. Reasons: grant
    (an operator or a plan), extraction and batch (debits, negative), refund (a failed extraction),
    invoice (a paid subscription period). An sk_test_ key never reads the live ledger: it gets test
    mode's view (TestUsage: its daily allowance and what it used today) with an empty data page, so that
    a client pages the same way. A login session reads the live ledger, or test mode's view with
    mode=test.

    Args:
        mode (ListCreditEntriesMode | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListCreditEntriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        mode=mode,
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
    mode: ListCreditEntriesMode | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> ListCreditEntriesResponse200 | Problem | None:
    """The calling user's credits ledger, newest first

     Every grant, debit and refund of credits is one entry, written in the same transaction as the
    balance change, so the balance of GET /v1/users/me is always the sum of the ledger. Reasons: grant
    (an operator or a plan), extraction and batch (debits, negative), refund (a failed extraction),
    invoice (a paid subscription period). An sk_test_ key never reads the live ledger: it gets test
    mode's view (TestUsage: its daily allowance and what it used today) with an empty data page, so that
    a client pages the same way. A login session reads the live ledger, or test mode's view with
    mode=test.

    Args:
        mode (ListCreditEntriesMode | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListCreditEntriesResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        mode=mode,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    mode: ListCreditEntriesMode | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[ListCreditEntriesResponse200 | Problem]:
    """The calling user's credits ledger, newest first

     Every grant, debit and refund of credits is one entry, written in the same transaction as the
    balance change, so the balance of GET /v1/users/me is always the sum of the ledger. Reasons: grant
    (an operator or a plan), extraction and batch (debits, negative), refund (a failed extraction),
    invoice (a paid subscription period). An sk_test_ key never reads the live ledger: it gets test
    mode's view (TestUsage: its daily allowance and what it used today) with an empty data page, so that
    a client pages the same way. A login session reads the live ledger, or test mode's view with
    mode=test.

    Args:
        mode (ListCreditEntriesMode | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListCreditEntriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        mode=mode,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    mode: ListCreditEntriesMode | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> ListCreditEntriesResponse200 | Problem | None:
    """The calling user's credits ledger, newest first

     Every grant, debit and refund of credits is one entry, written in the same transaction as the
    balance change, so the balance of GET /v1/users/me is always the sum of the ledger. Reasons: grant
    (an operator or a plan), extraction and batch (debits, negative), refund (a failed extraction),
    invoice (a paid subscription period). An sk_test_ key never reads the live ledger: it gets test
    mode's view (TestUsage: its daily allowance and what it used today) with an empty data page, so that
    a client pages the same way. A login session reads the live ledger, or test mode's view with
    mode=test.

    Args:
        mode (ListCreditEntriesMode | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListCreditEntriesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            mode=mode,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
