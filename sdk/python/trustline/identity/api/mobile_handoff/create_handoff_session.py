from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.handoff_session import HandoffSession
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/mobile-handoff/session",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> HandoffSession | Problem | None:
    if response.status_code == 200:
        response_200 = HandoffSession.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[HandoffSession | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[HandoffSession | Problem]:
    """Open a mobile handoff session, through which a phone uploads one file for another client

     The credential is optional. With one (a user's key or token), the session belongs to that user, and
    only that user consumes it. Without one, the answer carries a consumeToken (hct_…, shown here only,
    never in uploadUrl, the QR code or the upload fields), and consuming needs a credential and that
    token in X-Consume-Token. A credential that is sent must be valid (401 otherwise). The session ID
    (hs_…, 130 random bits) is the capability to upload, never to download: show the phone uploadUrl (as
    a link, or as the QR code at qrCodeUrl); opened in a browser it is an upload page. An app may
    instead upload straight to storage with the presigned form POST in upload (the fields, then the file
    as the form part "file", at most maxSize bytes, before its expiresAt: 5 minutes), or through
    uploadUrl (PUT the raw file, or POST it as multipart/form-data). The session expires 15 minutes
    after creation. Once it is ready its file cannot be replaced, and it is taken once, by its consumer:
    with GET consumeUrl, or by passing the sessionId as handoffSessionId to POST /v1/extract/async, POST
    /v1/batches or POST /v1/liveness/check. One address may open 30 sessions a minute.

    Args:
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandoffSession | Problem]
    """

    kwargs = _get_kwargs(
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> HandoffSession | Problem | None:
    """Open a mobile handoff session, through which a phone uploads one file for another client

     The credential is optional. With one (a user's key or token), the session belongs to that user, and
    only that user consumes it. Without one, the answer carries a consumeToken (hct_…, shown here only,
    never in uploadUrl, the QR code or the upload fields), and consuming needs a credential and that
    token in X-Consume-Token. A credential that is sent must be valid (401 otherwise). The session ID
    (hs_…, 130 random bits) is the capability to upload, never to download: show the phone uploadUrl (as
    a link, or as the QR code at qrCodeUrl); opened in a browser it is an upload page. An app may
    instead upload straight to storage with the presigned form POST in upload (the fields, then the file
    as the form part "file", at most maxSize bytes, before its expiresAt: 5 minutes), or through
    uploadUrl (PUT the raw file, or POST it as multipart/form-data). The session expires 15 minutes
    after creation. Once it is ready its file cannot be replaced, and it is taken once, by its consumer:
    with GET consumeUrl, or by passing the sessionId as handoffSessionId to POST /v1/extract/async, POST
    /v1/batches or POST /v1/liveness/check. One address may open 30 sessions a minute.

    Args:
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandoffSession | Problem
    """

    return sync_detailed(
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[HandoffSession | Problem]:
    """Open a mobile handoff session, through which a phone uploads one file for another client

     The credential is optional. With one (a user's key or token), the session belongs to that user, and
    only that user consumes it. Without one, the answer carries a consumeToken (hct_…, shown here only,
    never in uploadUrl, the QR code or the upload fields), and consuming needs a credential and that
    token in X-Consume-Token. A credential that is sent must be valid (401 otherwise). The session ID
    (hs_…, 130 random bits) is the capability to upload, never to download: show the phone uploadUrl (as
    a link, or as the QR code at qrCodeUrl); opened in a browser it is an upload page. An app may
    instead upload straight to storage with the presigned form POST in upload (the fields, then the file
    as the form part "file", at most maxSize bytes, before its expiresAt: 5 minutes), or through
    uploadUrl (PUT the raw file, or POST it as multipart/form-data). The session expires 15 minutes
    after creation. Once it is ready its file cannot be replaced, and it is taken once, by its consumer:
    with GET consumeUrl, or by passing the sessionId as handoffSessionId to POST /v1/extract/async, POST
    /v1/batches or POST /v1/liveness/check. One address may open 30 sessions a minute.

    Args:
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandoffSession | Problem]
    """

    kwargs = _get_kwargs(
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> HandoffSession | Problem | None:
    """Open a mobile handoff session, through which a phone uploads one file for another client

     The credential is optional. With one (a user's key or token), the session belongs to that user, and
    only that user consumes it. Without one, the answer carries a consumeToken (hct_…, shown here only,
    never in uploadUrl, the QR code or the upload fields), and consuming needs a credential and that
    token in X-Consume-Token. A credential that is sent must be valid (401 otherwise). The session ID
    (hs_…, 130 random bits) is the capability to upload, never to download: show the phone uploadUrl (as
    a link, or as the QR code at qrCodeUrl); opened in a browser it is an upload page. An app may
    instead upload straight to storage with the presigned form POST in upload (the fields, then the file
    as the form part "file", at most maxSize bytes, before its expiresAt: 5 minutes), or through
    uploadUrl (PUT the raw file, or POST it as multipart/form-data). The session expires 15 minutes
    after creation. Once it is ready its file cannot be replaced, and it is taken once, by its consumer:
    with GET consumeUrl, or by passing the sessionId as handoffSessionId to POST /v1/extract/async, POST
    /v1/batches or POST /v1/liveness/check. One address may open 30 sessions a minute.

    Args:
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandoffSession | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
