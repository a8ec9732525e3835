"""One call of a generated operation: its parsed answer, or an ApiError.

The generated ``sync`` functions return the problem of an error answer as a value (or None for an
undocumented status); ``call`` raises instead. A request that creates or charges is sent with an
Idempotency-Key, a new one per call unless given, which the client's retries (retries.py) send
again after a lost answer or a 429, 502, 503 or 504.
"""

import inspect
import json
import uuid
from collections.abc import Mapping
from typing import Any


class ApiError(Exception):
    """ApiError is an answer outside 2xx. status is its HTTP status; problem its RFC 9457 problem
    as a dict (type, title, status, detail, instance, requestId, timestamp, invalidParams), None
    when the body is not one; body the raw bytes; headers the answer's (Retry-After)."""

    def __init__(self, status: int, body: bytes, headers: Mapping[str, str]):
        self.status = status
        self.body = body
        self.headers = headers
        self.problem = _problem(body)
        super().__init__(self._message())

    @property
    def kind(self) -> str | None:
        """kind is the problem's kind, the last segment of its type (validation_failed, ...)."""
        if self.problem is None:
            return None
        return str(self.problem.get("type", "")).rstrip("/").rsplit("/", 1)[-1] or None

    def _message(self) -> str:
        if self.problem is None:
            return f"HTTP {self.status}: {self.body[:200].decode('utf-8', 'replace')}"
        msg = f"HTTP {self.status} {self.kind}: {self.problem.get('detail')}"
        params = self.problem.get("invalidParams")
        if isinstance(params, list) and params:
            msg += " (" + "; ".join(map(str, params)) + ")"
        return msg + f" [request {self.problem.get('requestId')}]"


def _problem(body: bytes) -> dict | None:
    try:
        value = json.loads(body)
    except ValueError:
        return None
    return value if isinstance(value, dict) and "type" in value else None


def check(response: Any) -> Any:
    """check returns an answer of a generated sync_detailed when it is 2xx and raises ApiError
    for any other."""
    if 200 <= response.status_code < 300:
        return response
    raise ApiError(int(response.status_code), response.content, response.headers)


def new_idempotency_key() -> str:
    """new_idempotency_key is a fresh key: a UUID v4, as the APIs ask."""
    return str(uuid.uuid4())


def takes_idempotency_key(operation: Any) -> bool:
    """takes_idempotency_key reports whether a generated operation sends an Idempotency-Key: every
    request that creates or charges does."""
    return "idempotency_key" in inspect.signature(operation.sync_detailed).parameters


def send_with_key(operation: Any, *args: Any, idempotency_key: str | None = None, **kwargs: Any) -> Any:
    """send_with_key runs operation.sync_detailed (a generated operation with an idempotency_key
    parameter) with a key (a new UUID v4 unless idempotency_key is given: give your own to retry
    across processes) and returns its whole 2xx answer; an error answer raises ApiError, a
    transport error is raised as httpx raised it. The client (identity_client, partner_client)
    sends it again with that same key after a lost answer, a 429, 502, 503 or 504, or a 409 with
    Retry-After: the key makes the retry safe, the API answering what the first request made,
    charged once."""
    key = idempotency_key or new_idempotency_key()
    return check(operation.sync_detailed(*args, idempotency_key=key, **kwargs))


def send(operation: Any, *args: Any, **kwargs: Any) -> Any:
    """send runs operation.sync_detailed(*args, **kwargs) (operation: a generated module, such as
    trustline.identity.api.users.get_current_user) and returns its whole 2xx answer (status,
    headers, parsed); any other answer raises ApiError. An operation that creates or charges (it
    takes an idempotency_key) is sent with a key, the caller's or a new one (send_with_key). The
    client's transport has already retried what is safe to retry (a read, a request with a key)."""
    if takes_idempotency_key(operation):
        return send_with_key(operation, *args, **kwargs)
    return check(operation.sync_detailed(*args, **kwargs))


def call(operation: Any, *args: Any, **kwargs: Any) -> Any:
    """call is send's parsed answer: the generated model of a 2xx body (None for no body)."""
    return send(operation, *args, **kwargs).parsed
