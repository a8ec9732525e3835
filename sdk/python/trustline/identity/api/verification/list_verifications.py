import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_verifications_mode import ListVerificationsMode
from ...models.list_verifications_response_200 import ListVerificationsResponse200
from ...models.list_verifications_status import ListVerificationsStatus
from ...models.problem import Problem
from ...models.verification_decision import VerificationDecision
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    mode: ListVerificationsMode | Unset = UNSET,
    status: ListVerificationsStatus | Unset = UNSET,
    decision: VerificationDecision | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_mode: str | Unset = UNSET
    if not isinstance(mode, Unset):
        json_mode = mode.value

    params["mode"] = json_mode

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_decision: str | Unset = UNSET
    if not isinstance(decision, Unset):
        json_decision = decision.value

    params["decision"] = json_decision

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["createdAfter"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["createdBefore"] = json_created_before

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/verifications",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListVerificationsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListVerificationsResponse200.from_dict(response.json())

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
) -> Response[ListVerificationsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    mode: ListVerificationsMode | Unset = UNSET,
    status: ListVerificationsStatus | Unset = UNSET,
    decision: VerificationDecision | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[ListVerificationsResponse200 | Problem]:
    """List the caller's verifications, newest first

     As GET /v1/extractions (DESIGN "Lists"): one mode at a time, filters combine, a page may hold fewer
    than `limit` with a nextCursor when decision filters it.

    Args:
        mode (ListVerificationsMode | Unset):
        status (ListVerificationsStatus | Unset):
        decision (VerificationDecision | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListVerificationsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        mode=mode,
        status=status,
        decision=decision,
        created_after=created_after,
        created_before=created_before,
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
    mode: ListVerificationsMode | Unset = UNSET,
    status: ListVerificationsStatus | Unset = UNSET,
    decision: VerificationDecision | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> ListVerificationsResponse200 | Problem | None:
    """List the caller's verifications, newest first

     As GET /v1/extractions (DESIGN "Lists"): one mode at a time, filters combine, a page may hold fewer
    than `limit` with a nextCursor when decision filters it.

    Args:
        mode (ListVerificationsMode | Unset):
        status (ListVerificationsStatus | Unset):
        decision (VerificationDecision | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListVerificationsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        mode=mode,
        status=status,
        decision=decision,
        created_after=created_after,
        created_before=created_before,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    mode: ListVerificationsMode | Unset = UNSET,
    status: ListVerificationsStatus | Unset = UNSET,
    decision: VerificationDecision | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[ListVerificationsResponse200 | Problem]:
    """List the caller's verifications, newest first

     As GET /v1/extractions (DESIGN "Lists"): one mode at a time, filters combine, a page may hold fewer
    than `limit` with a nextCursor when decision filters it.

    Args:
        mode (ListVerificationsMode | Unset):
        status (ListVerificationsStatus | Unset):
        decision (VerificationDecision | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListVerificationsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        mode=mode,
        status=status,
        decision=decision,
        created_after=created_after,
        created_before=created_before,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    mode: ListVerificationsMode | Unset = UNSET,
    status: ListVerificationsStatus | Unset = UNSET,
    decision: VerificationDecision | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> ListVerificationsResponse200 | Problem | None:
    """List the caller's verifications, newest first

     As GET /v1/extractions (DESIGN "Lists"): one mode at a time, filters combine, a page may hold fewer
    than `limit` with a nextCursor when decision filters it.

    Args:
        mode (ListVerificationsMode | Unset):
        status (ListVerificationsStatus | Unset):
        decision (VerificationDecision | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListVerificationsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            mode=mode,
            status=status,
            decision=decision,
            created_after=created_after,
            created_before=created_before,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
