from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.handoff_status import HandoffStatus
from ...models.problem import Problem
from ...models.upload_handoff_form_body import UploadHandoffFormBody
from ...types import Response


def _get_kwargs(
    session_id: str,
    *,
    body: UploadHandoffFormBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/mobile-handoff/upload/{session_id}".format(
            session_id=quote(str(session_id), safe=""),
        ),
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> HandoffStatus | Problem | None:
    if response.status_code == 200:
        response_200 = HandoffStatus.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 410:
        response_410 = Problem.from_dict(response.json())

        return response_410

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[HandoffStatus | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: UploadHandoffFormBody,
) -> Response[HandoffStatus | Problem]:
    """Upload the session's file as a multipart/form-data part "file" (no credential)

     The part's file name is kept as the file's name. Other parts are ignored. Types and sizes as for
    PUT. The session is ready when this answers.

    Args:
        session_id (str):
        body (UploadHandoffFormBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandoffStatus | Problem]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: UploadHandoffFormBody,
) -> HandoffStatus | Problem | None:
    """Upload the session's file as a multipart/form-data part "file" (no credential)

     The part's file name is kept as the file's name. Other parts are ignored. Types and sizes as for
    PUT. The session is ready when this answers.

    Args:
        session_id (str):
        body (UploadHandoffFormBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandoffStatus | Problem
    """

    return sync_detailed(
        session_id=session_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: UploadHandoffFormBody,
) -> Response[HandoffStatus | Problem]:
    """Upload the session's file as a multipart/form-data part "file" (no credential)

     The part's file name is kept as the file's name. Other parts are ignored. Types and sizes as for
    PUT. The session is ready when this answers.

    Args:
        session_id (str):
        body (UploadHandoffFormBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandoffStatus | Problem]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: UploadHandoffFormBody,
) -> HandoffStatus | Problem | None:
    """Upload the session's file as a multipart/form-data part "file" (no credential)

     The part's file name is kept as the file's name. Other parts are ignored. Types and sizes as for
    PUT. The session is ready when this answers.

    Args:
        session_id (str):
        body (UploadHandoffFormBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandoffStatus | Problem
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            client=client,
            body=body,
        )
    ).parsed
