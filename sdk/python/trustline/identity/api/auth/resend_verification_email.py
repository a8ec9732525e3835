from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.resend_verification_email_body import ResendVerificationEmailBody
from ...models.resend_verification_email_response_202 import (
    ResendVerificationEmailResponse202,
)
from ...types import Response


def _get_kwargs(
    *,
    body: ResendVerificationEmailBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/resend-verification",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ResendVerificationEmailResponse202 | None:
    if response.status_code == 202:
        response_202 = ResendVerificationEmailResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[Problem | ResendVerificationEmailResponse202]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ResendVerificationEmailBody,
) -> Response[Problem | ResendVerificationEmailResponse202]:
    """Mail a new verification link to an address waiting for verification

     Answers 202 whatever the address, and does the same work (one look-up, one token stored, one mail),
    so neither the answer nor its time tells who is a customer: an address waiting for verification gets
    a new link; a verified one a note that it is confirmed; any other a note that no account with it
    waits for confirmation. At most 5 per source address and minute.

    Args:
        body (ResendVerificationEmailBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResendVerificationEmailResponse202]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ResendVerificationEmailBody,
) -> Problem | ResendVerificationEmailResponse202 | None:
    """Mail a new verification link to an address waiting for verification

     Answers 202 whatever the address, and does the same work (one look-up, one token stored, one mail),
    so neither the answer nor its time tells who is a customer: an address waiting for verification gets
    a new link; a verified one a note that it is confirmed; any other a note that no account with it
    waits for confirmation. At most 5 per source address and minute.

    Args:
        body (ResendVerificationEmailBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResendVerificationEmailResponse202
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ResendVerificationEmailBody,
) -> Response[Problem | ResendVerificationEmailResponse202]:
    """Mail a new verification link to an address waiting for verification

     Answers 202 whatever the address, and does the same work (one look-up, one token stored, one mail),
    so neither the answer nor its time tells who is a customer: an address waiting for verification gets
    a new link; a verified one a note that it is confirmed; any other a note that no account with it
    waits for confirmation. At most 5 per source address and minute.

    Args:
        body (ResendVerificationEmailBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResendVerificationEmailResponse202]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ResendVerificationEmailBody,
) -> Problem | ResendVerificationEmailResponse202 | None:
    """Mail a new verification link to an address waiting for verification

     Answers 202 whatever the address, and does the same work (one look-up, one token stored, one mail),
    so neither the answer nor its time tells who is a customer: an address waiting for verification gets
    a new link; a verified one a note that it is confirmed; any other a note that no account with it
    waits for confirmation. At most 5 per source address and minute.

    Args:
        body (ResendVerificationEmailBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResendVerificationEmailResponse202
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
