from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_face_match_body import CreateFaceMatchBody
from ...models.create_face_match_response_200 import CreateFaceMatchResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateFaceMatchBody,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_consume_token, Unset):
        headers["X-Consume-Token"] = x_consume_token

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/face-match",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateFaceMatchResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = CreateFaceMatchResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = Problem.from_dict(response.json())

        return response_402

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreateFaceMatchResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateFaceMatchBody,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateFaceMatchResponse200 | Problem]:
    """Compare the face on an identity document with the face on a selfie

     YuNet finds the faces (the document's largest; exactly one on the selfie), a similarity transform
    aligns each onto the ArcFace 112×112 template, SFace embeds it, and similarity is the cosine of the
    two embeddings (−1 to 1); isMatch is similarity at or above threshold (0.363, OpenCV's published
    SFace threshold; docs/identity-api.md, "Face match", says what it means on printed portraits). Boxes
    are in the upright image's pixels. The document is a page sent as `document`, or `extractionId`, a
    completed extraction of the caller in the same mode (another user's or mode's is 404, an unfinished
    one 409). The selfie is `selfie`, or `selfieUploadId` / `handoffSessionId` as the liveness check
    takes them. Charged, refunded, bounded, rate limited and counted against the test-mode quota as the
    liveness check (CREDIT_PRICES face_match, 1 by default); nothing of the faces is kept.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateFaceMatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateFaceMatchResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_consume_token=x_consume_token,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateFaceMatchBody,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CreateFaceMatchResponse200 | Problem | None:
    """Compare the face on an identity document with the face on a selfie

     YuNet finds the faces (the document's largest; exactly one on the selfie), a similarity transform
    aligns each onto the ArcFace 112×112 template, SFace embeds it, and similarity is the cosine of the
    two embeddings (−1 to 1); isMatch is similarity at or above threshold (0.363, OpenCV's published
    SFace threshold; docs/identity-api.md, "Face match", says what it means on printed portraits). Boxes
    are in the upright image's pixels. The document is a page sent as `document`, or `extractionId`, a
    completed extraction of the caller in the same mode (another user's or mode's is 404, an unfinished
    one 409). The selfie is `selfie`, or `selfieUploadId` / `handoffSessionId` as the liveness check
    takes them. Charged, refunded, bounded, rate limited and counted against the test-mode quota as the
    liveness check (CREDIT_PRICES face_match, 1 by default); nothing of the faces is kept.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateFaceMatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateFaceMatchResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        x_consume_token=x_consume_token,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateFaceMatchBody,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateFaceMatchResponse200 | Problem]:
    """Compare the face on an identity document with the face on a selfie

     YuNet finds the faces (the document's largest; exactly one on the selfie), a similarity transform
    aligns each onto the ArcFace 112×112 template, SFace embeds it, and similarity is the cosine of the
    two embeddings (−1 to 1); isMatch is similarity at or above threshold (0.363, OpenCV's published
    SFace threshold; docs/identity-api.md, "Face match", says what it means on printed portraits). Boxes
    are in the upright image's pixels. The document is a page sent as `document`, or `extractionId`, a
    completed extraction of the caller in the same mode (another user's or mode's is 404, an unfinished
    one 409). The selfie is `selfie`, or `selfieUploadId` / `handoffSessionId` as the liveness check
    takes them. Charged, refunded, bounded, rate limited and counted against the test-mode quota as the
    liveness check (CREDIT_PRICES face_match, 1 by default); nothing of the faces is kept.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateFaceMatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateFaceMatchResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_consume_token=x_consume_token,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateFaceMatchBody,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CreateFaceMatchResponse200 | Problem | None:
    """Compare the face on an identity document with the face on a selfie

     YuNet finds the faces (the document's largest; exactly one on the selfie), a similarity transform
    aligns each onto the ArcFace 112×112 template, SFace embeds it, and similarity is the cosine of the
    two embeddings (−1 to 1); isMatch is similarity at or above threshold (0.363, OpenCV's published
    SFace threshold; docs/identity-api.md, "Face match", says what it means on printed portraits). Boxes
    are in the upright image's pixels. The document is a page sent as `document`, or `extractionId`, a
    completed extraction of the caller in the same mode (another user's or mode's is 404, an unfinished
    one 409). The selfie is `selfie`, or `selfieUploadId` / `handoffSessionId` as the liveness check
    takes them. Charged, refunded, bounded, rate limited and counted against the test-mode quota as the
    liveness check (CREDIT_PRICES face_match, 1 by default); nothing of the faces is kept.

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateFaceMatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateFaceMatchResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_consume_token=x_consume_token,
            idempotency_key=idempotency_key,
        )
    ).parsed
