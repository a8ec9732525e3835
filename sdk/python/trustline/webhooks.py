"""Verifying the webhook deliveries of both APIs, as the Go SDK's webhookverify (the backend's reference) does.

Each delivery is signed three ways; check the one you configured, over the raw body, before
parsing it:

- the partner API's ``x-insurance-signature`` and the identity API's ``X-Service-Signature``:
  the hex HMAC-SHA256 of the body (verify_insurance, verify_service);
- Standard Webhooks (both APIs): ``webhook-id``, ``webhook-timestamp`` (Unix seconds) and
  ``webhook-signature``, one or more space-separated ``v1,<base64>`` values (two during a secret
  rotation's overlap) of HMAC-SHA256 over ``"{id}.{timestamp}.{body}"``, with a timestamp
  tolerance against replays (verify_standard). The key is, for a secret ``whsec_<base64>`` (as the
  identity API shows it), the decoded bytes; for any other secret (a partner's own), its bytes.

Every verifier answers the same way: it returns None for a delivery to accept and raises
InvalidSignature for any other (TimestampOutOfTolerance, a subclass, for a replay). No verifier
returns a verdict, so neither an ignored result nor ``if not verify_...(...)`` can let a forgery
through (mypy refuses the latter: func-returns-value). An empty secret, with which anyone could
sign, is refused too. This module needs nothing beyond the standard library.
"""

import base64
import binascii
import hashlib
import hmac
import re
import time
from collections.abc import Mapping

DEFAULT_TOLERANCE = 300.0
"""Seconds a webhook-timestamp may be from now, either way: 5 minutes, as the specification."""

_HEX_SHA256 = re.compile(r"[0-9a-fA-F]{64}")
_UNIX_SECONDS = re.compile(r"[+-]?[0-9]+")


class InvalidSignature(Exception):
    """InvalidSignature is a missing or wrong signature: answer 401 and ignore the body."""


class TimestampOutOfTolerance(InvalidSignature):
    """TimestampOutOfTolerance is a webhook-timestamp too far from now: a replay of an old
    delivery, or a badly set clock."""


def verify_insurance(secret: str | bytes, body: bytes, signature: str | None) -> None:
    """verify_insurance checks x-insurance-signature, the hex HMAC-SHA256 of the raw body under the
    partner's webhook secret."""
    _verify_hex(secret, body, signature)


def verify_service(secret: str | bytes, body: bytes, signature: str | None) -> None:
    """verify_service checks X-Service-Signature, the hex HMAC-SHA256 of the raw body under the
    endpoint's secret (whsec_..., used as its characters here)."""
    _verify_hex(secret, body, signature)


def verify_standard(
    secret: str | bytes,
    body: bytes,
    headers: Mapping[str, str],
    *,
    tolerance: float = DEFAULT_TOLERANCE,
    now: float | None = None,
) -> None:
    """verify_standard checks the Standard Webhooks headers of a delivery (headers: any mapping,
    looked up without regard to case; a framework's own headers object will do). The
    webhook-timestamp must be within tolerance seconds of now (time.time() unless given): else
    TimestampOutOfTolerance. One v1 signature matching is enough."""
    _require_secret(secret)
    msg_id, ts = _header(headers, "webhook-id"), _header(headers, "webhook-timestamp")
    if not msg_id or not ts or not _UNIX_SECONDS.fullmatch(ts):
        raise InvalidSignature("webhook-id or webhook-timestamp missing")
    # Written so that NaN (a tolerance or now that is not a number) refuses rather than skips.
    if not abs((time.time() if now is None else now) - int(ts)) <= tolerance:
        raise TimestampOutOfTolerance(f"webhook-timestamp {ts} is more than {tolerance:g} s from now")
    expected = hmac.new(standard_key(secret), f"{msg_id}.{ts}.".encode() + body, hashlib.sha256).digest()
    for value in (_header(headers, "webhook-signature") or "").split():
        version, sep, sig = value.partition(",")
        if not sep or version != "v1":
            continue
        try:
            given = base64.b64decode(sig, validate=True)
        except (binascii.Error, ValueError):
            continue
        if hmac.compare_digest(given, expected):
            return
    raise InvalidSignature("no webhook-signature matches")


def standard_key(secret: str | bytes) -> bytes:
    """standard_key is the HMAC key of the Standard Webhooks signature: the base64-decoded part
    after whsec_ (padded or not), else the secret's own bytes."""
    raw = secret.encode() if isinstance(secret, str) else secret
    if not raw.startswith(b"whsec_"):
        return raw
    rest = raw[len(b"whsec_") :]
    try:
        key = base64.b64decode(rest + b"=" * (-len(rest) % 4), validate=True)
    except (binascii.Error, ValueError):
        return raw
    return key or raw


def _require_secret(secret: str | bytes | None) -> None:
    if not secret:
        raise InvalidSignature("no secret to verify with")


def _verify_hex(secret: str | bytes, body: bytes, signature: str | None) -> None:
    _require_secret(secret)
    signature = (signature or "").strip()
    if not _HEX_SHA256.fullmatch(signature):
        raise InvalidSignature("signature missing or not hex HMAC-SHA256")
    key = secret.encode() if isinstance(secret, str) else secret
    expected = hmac.new(key, body, hashlib.sha256).digest()
    if not hmac.compare_digest(bytes.fromhex(signature), expected):
        raise InvalidSignature("signature does not match the body")


def _header(headers: Mapping[str, str], name: str) -> str | None:
    value = headers.get(name)
    if value is not None:
        return value
    for key, value in headers.items():
        if key.lower() == name:
            return value
    return None
