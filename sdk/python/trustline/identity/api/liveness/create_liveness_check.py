from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_liveness_check_files_body import CreateLivenessCheckFilesBody
from ...models.create_liveness_check_json_body import CreateLivenessCheckJsonBody
from ...models.create_liveness_check_response_200 import CreateLivenessCheckResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateLivenessCheckFilesBody | CreateLivenessCheckJsonBody | Unset = UNSET,
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
        "url": "/v1/liveness/check",
    }

    if isinstance(body, CreateLivenessCheckFilesBody):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"
    if isinstance(body, CreateLivenessCheckJsonBody):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateLivenessCheckResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = CreateLivenessCheckResponse200.from_dict(response.json())

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
) -> Response[CreateLivenessCheckResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateLivenessCheckFilesBody | CreateLivenessCheckJsonBody | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateLivenessCheckResponse200 | Problem]:
    """Judge whether a selfie shows a live person (passive anti-spoofing)

     The UltraFace detector finds the face (exactly one), then two MiniFASNet classifiers judge crops of
    2.7 and 4.0 face widths around it (scoreSmall, scoreLarge: each model's probability of a real face);
    confidence is their mean and isLive is confidence at or above LIVENESS_THRESHOLD (0.5 by default).
    attackType is none when live, otherwise unknown: the open models have two spoof classes (flat media
    such as prints and screens, and 3D masks, per their author) without a published label map, so print
    and replay are not told apart. processingMs is measured around the check. One credit (CREDIT_PRICES)
    is debited; a selfie that cannot be judged (415, 422) is refunded; an image over
    MAX_IMAGE_MEGAPIXELS (40 by default) or of 16 bits per channel is refused first (413
    image_too_large), without a debit; test keys are not charged. A selfie is at most 10 MB. Send it as
    multipart file (about 4.5 MB at most: the 6 MB request limit once API Gateway has base64-encoded it;
    a larger one is answered 413 naming POST /v1/uploads), or name a stored one with JSON {uploadId}
    (POST /v1/uploads) or {handoffSessionId} (with X-Consume-Token for a session opened without a
    credential).

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateLivenessCheckFilesBody):
        body (CreateLivenessCheckJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateLivenessCheckResponse200 | Problem]
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
    body: CreateLivenessCheckFilesBody | CreateLivenessCheckJsonBody | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CreateLivenessCheckResponse200 | Problem | None:
    """Judge whether a selfie shows a live person (passive anti-spoofing)

     The UltraFace detector finds the face (exactly one), then two MiniFASNet classifiers judge crops of
    2.7 and 4.0 face widths around it (scoreSmall, scoreLarge: each model's probability of a real face);
    confidence is their mean and isLive is confidence at or above LIVENESS_THRESHOLD (0.5 by default).
    attackType is none when live, otherwise unknown: the open models have two spoof classes (flat media
    such as prints and screens, and 3D masks, per their author) without a published label map, so print
    and replay are not told apart. processingMs is measured around the check. One credit (CREDIT_PRICES)
    is debited; a selfie that cannot be judged (415, 422) is refunded; an image over
    MAX_IMAGE_MEGAPIXELS (40 by default) or of 16 bits per channel is refused first (413
    image_too_large), without a debit; test keys are not charged. A selfie is at most 10 MB. Send it as
    multipart file (about 4.5 MB at most: the 6 MB request limit once API Gateway has base64-encoded it;
    a larger one is answered 413 naming POST /v1/uploads), or name a stored one with JSON {uploadId}
    (POST /v1/uploads) or {handoffSessionId} (with X-Consume-Token for a session opened without a
    credential).

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateLivenessCheckFilesBody):
        body (CreateLivenessCheckJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateLivenessCheckResponse200 | Problem
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
    body: CreateLivenessCheckFilesBody | CreateLivenessCheckJsonBody | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateLivenessCheckResponse200 | Problem]:
    """Judge whether a selfie shows a live person (passive anti-spoofing)

     The UltraFace detector finds the face (exactly one), then two MiniFASNet classifiers judge crops of
    2.7 and 4.0 face widths around it (scoreSmall, scoreLarge: each model's probability of a real face);
    confidence is their mean and isLive is confidence at or above LIVENESS_THRESHOLD (0.5 by default).
    attackType is none when live, otherwise unknown: the open models have two spoof classes (flat media
    such as prints and screens, and 3D masks, per their author) without a published label map, so print
    and replay are not told apart. processingMs is measured around the check. One credit (CREDIT_PRICES)
    is debited; a selfie that cannot be judged (415, 422) is refunded; an image over
    MAX_IMAGE_MEGAPIXELS (40 by default) or of 16 bits per channel is refused first (413
    image_too_large), without a debit; test keys are not charged. A selfie is at most 10 MB. Send it as
    multipart file (about 4.5 MB at most: the 6 MB request limit once API Gateway has base64-encoded it;
    a larger one is answered 413 naming POST /v1/uploads), or name a stored one with JSON {uploadId}
    (POST /v1/uploads) or {handoffSessionId} (with X-Consume-Token for a session opened without a
    credential).

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateLivenessCheckFilesBody):
        body (CreateLivenessCheckJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateLivenessCheckResponse200 | Problem]
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
    body: CreateLivenessCheckFilesBody | CreateLivenessCheckJsonBody | Unset = UNSET,
    x_consume_token: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CreateLivenessCheckResponse200 | Problem | None:
    """Judge whether a selfie shows a live person (passive anti-spoofing)

     The UltraFace detector finds the face (exactly one), then two MiniFASNet classifiers judge crops of
    2.7 and 4.0 face widths around it (scoreSmall, scoreLarge: each model's probability of a real face);
    confidence is their mean and isLive is confidence at or above LIVENESS_THRESHOLD (0.5 by default).
    attackType is none when live, otherwise unknown: the open models have two spoof classes (flat media
    such as prints and screens, and 3D masks, per their author) without a published label map, so print
    and replay are not told apart. processingMs is measured around the check. One credit (CREDIT_PRICES)
    is debited; a selfie that cannot be judged (415, 422) is refunded; an image over
    MAX_IMAGE_MEGAPIXELS (40 by default) or of 16 bits per channel is refused first (413
    image_too_large), without a debit; test keys are not charged. A selfie is at most 10 MB. Send it as
    multipart file (about 4.5 MB at most: the 6 MB request limit once API Gateway has base64-encoded it;
    a larger one is answered 413 naming POST /v1/uploads), or name a stored one with JSON {uploadId}
    (POST /v1/uploads) or {handoffSessionId} (with X-Consume-Token for a session opened without a
    credential).

    Args:
        x_consume_token (str | Unset):
        idempotency_key (str | Unset):
        body (CreateLivenessCheckFilesBody):
        body (CreateLivenessCheckJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateLivenessCheckResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_consume_token=x_consume_token,
            idempotency_key=idempotency_key,
        )
    ).parsed
