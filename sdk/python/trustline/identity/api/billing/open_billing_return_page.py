from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.open_billing_return_page_outcome import OpenBillingReturnPageOutcome
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    outcome: OpenBillingReturnPageOutcome | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_outcome: str | Unset = UNSET
    if not isinstance(outcome, Unset):
        json_outcome = outcome.value

    params["outcome"] = json_outcome

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/billing/return",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    outcome: OpenBillingReturnPageOutcome | Unset = UNSET,
) -> Response[Any | Problem]:
    """The page an invoice's payer returns to from the gateway's checkout

     The returnUrl (and, with outcome=cancelled, the cancelUrl) of every invoice's payment link. A fixed
    page that reads nothing: it says the payment is being confirmed and where to see it (GET
    /v1/billing/invoices, GET /v1/users/me), or that nothing was charged.

    Args:
        outcome (OpenBillingReturnPageOutcome | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        outcome=outcome,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    outcome: OpenBillingReturnPageOutcome | Unset = UNSET,
) -> Any | Problem | None:
    """The page an invoice's payer returns to from the gateway's checkout

     The returnUrl (and, with outcome=cancelled, the cancelUrl) of every invoice's payment link. A fixed
    page that reads nothing: it says the payment is being confirmed and where to see it (GET
    /v1/billing/invoices, GET /v1/users/me), or that nothing was charged.

    Args:
        outcome (OpenBillingReturnPageOutcome | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        client=client,
        outcome=outcome,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    outcome: OpenBillingReturnPageOutcome | Unset = UNSET,
) -> Response[Any | Problem]:
    """The page an invoice's payer returns to from the gateway's checkout

     The returnUrl (and, with outcome=cancelled, the cancelUrl) of every invoice's payment link. A fixed
    page that reads nothing: it says the payment is being confirmed and where to see it (GET
    /v1/billing/invoices, GET /v1/users/me), or that nothing was charged.

    Args:
        outcome (OpenBillingReturnPageOutcome | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        outcome=outcome,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    outcome: OpenBillingReturnPageOutcome | Unset = UNSET,
) -> Any | Problem | None:
    """The page an invoice's payer returns to from the gateway's checkout

     The returnUrl (and, with outcome=cancelled, the cancelUrl) of every invoice's payment link. A fixed
    page that reads nothing: it says the payment is being confirmed and where to see it (GET
    /v1/billing/invoices, GET /v1/users/me), or that nothing was charged.

    Args:
        outcome (OpenBillingReturnPageOutcome | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            outcome=outcome,
        )
    ).parsed
