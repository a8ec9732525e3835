from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.change_user_plan_body import ChangeUserPlanBody
from ...models.change_user_plan_response_202 import ChangeUserPlanResponse202
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: ChangeUserPlanBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/admin/users/{user_id}/plan".format(
            user_id=quote(str(user_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChangeUserPlanResponse202 | Problem | None:
    if response.status_code == 202:
        response_202 = ChangeUserPlanResponse202.from_dict(response.json())

        return response_202

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
) -> Response[ChangeUserPlanResponse202 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ChangeUserPlanBody,
) -> Response[ChangeUserPlanResponse202 | Problem]:
    """Change a user's plan from the next billing period (administrators)

     An admin key (ak_…) or admin JWT. A user on a paid plan keeps it until the current period ends; a
    user without a paid subscription starts the new plan at the next run of the schedule. Changing to
    free ends the subscription at the end of the period.

    Args:
        user_id (str):
        body (ChangeUserPlanBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangeUserPlanResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    user_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ChangeUserPlanBody,
) -> ChangeUserPlanResponse202 | Problem | None:
    """Change a user's plan from the next billing period (administrators)

     An admin key (ak_…) or admin JWT. A user on a paid plan keeps it until the current period ends; a
    user without a paid subscription starts the new plan at the next run of the schedule. Changing to
    free ends the subscription at the end of the period.

    Args:
        user_id (str):
        body (ChangeUserPlanBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangeUserPlanResponse202 | Problem
    """

    return sync_detailed(
        user_id=user_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ChangeUserPlanBody,
) -> Response[ChangeUserPlanResponse202 | Problem]:
    """Change a user's plan from the next billing period (administrators)

     An admin key (ak_…) or admin JWT. A user on a paid plan keeps it until the current period ends; a
    user without a paid subscription starts the new plan at the next run of the schedule. Changing to
    free ends the subscription at the end of the period.

    Args:
        user_id (str):
        body (ChangeUserPlanBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangeUserPlanResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    user_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ChangeUserPlanBody,
) -> ChangeUserPlanResponse202 | Problem | None:
    """Change a user's plan from the next billing period (administrators)

     An admin key (ak_…) or admin JWT. A user on a paid plan keeps it until the current period ends; a
    user without a paid subscription starts the new plan at the next run of the schedule. Changing to
    free ends the subscription at the end of the period.

    Args:
        user_id (str):
        body (ChangeUserPlanBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangeUserPlanResponse202 | Problem
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            body=body,
        )
    ).parsed
