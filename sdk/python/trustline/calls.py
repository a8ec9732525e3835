"""One call of a generated operation: its parsed answer, or an ApiError.

The generated ``sync`` functions return the problem of an error answer as a value (or None for an
undocumented status); ``call`` raises instead, and waits out a 429 whose Retry-After is short. A
request that creates or charges is sent with an Idempotency-Key, a new one per call unless given,
and sent again with that same key after a lost answer or a 429, 502, 503 or 504.
"""

import email.utils
import inspect
import json
import time
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC
from typing import Any

import httpx

MAX_RETRY_AFTER = 60.0
"""The longest Retry-After (seconds) that call waits out; a longer one (a daily test quota, a
login lockout) is raised at once: waiting would look like a hang."""


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


def retry_after(headers: Mapping[str, str], now: Callable[[], float] = time.time) -> float | None:
    """retry_after is the wait Retry-After asks for, in seconds (its delay-seconds form, which both
    APIs send, or an HTTP date), or None when the header is absent or unreadable."""
    value = headers.get("retry-after") or headers.get("Retry-After")
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, when.timestamp() - now())


def check(response: Any) -> Any:
    """check returns an answer of a generated sync_detailed when it is 2xx and raises ApiError
    for any other."""
    if 200 <= response.status_code < 300:
        return response
    raise ApiError(int(response.status_code), response.content, response.headers)


RETRIED_STATUSES = (429, 502, 503, 504)
"""The answers a request sent with an Idempotency-Key is sent again after, with that key."""


def new_idempotency_key() -> str:
    """new_idempotency_key is a fresh key: a UUID v4, as the APIs ask."""
    return str(uuid.uuid4())


def takes_idempotency_key(operation: Any) -> bool:
    """takes_idempotency_key reports whether a generated operation sends an Idempotency-Key: every
    request that creates or charges does."""
    return "idempotency_key" in inspect.signature(operation.sync_detailed).parameters


def send_with_key(
    operation: Any,
    *args: Any,
    idempotency_key: str | None = None,
    attempts: int = 3,
    backoff: float = 1.0,
    sleep: Callable[[float], None] = time.sleep,
    **kwargs: Any,
) -> Any:
    """send_with_key runs operation.sync_detailed (a generated operation with an idempotency_key
    parameter) with one key for all its attempts (a new UUID v4 unless idempotency_key is given:
    give your own to retry across processes), at most attempts of them, and returns its whole 2xx
    answer; an error answer raises ApiError, the last transport error is raised as httpx raised
    it. It tries again after a transport error (a timeout, a dropped connection: the request may
    have taken effect), a 429, 502, 503 or 504, or a 409 with Retry-After (the key's first request
    still running), waiting the answer's Retry-After (an answer asking for more than
    MAX_RETRY_AFTER is raised at once), else backoff doubling. The key makes the retry safe: the
    API answers what the first request made, charged once."""
    key = idempotency_key or new_idempotency_key()
    for attempt in range(1, attempts + 1):
        try:
            response = operation.sync_detailed(*args, idempotency_key=key, **kwargs)
        except httpx.TransportError:
            if attempt == attempts:
                raise
            wait = None
        else:
            in_progress = response.status_code == 409 and retry_after(response.headers) is not None
            if (response.status_code not in RETRIED_STATUSES and not in_progress) or attempt == attempts:
                return check(response)
            wait = retry_after(response.headers)
            if wait is not None and wait > MAX_RETRY_AFTER:
                return check(response)
        sleep(wait if wait is not None else backoff * 2 ** (attempt - 1))
    raise AssertionError("unreachable")


def send(
    operation: Any,
    *args: Any,
    sleep: Callable[[float], None] = time.sleep,
    rate_limited_retries: int = 3,
    **kwargs: Any,
) -> Any:
    """send runs operation.sync_detailed(*args, **kwargs) (operation: a generated module, such as
    trustline.identity.api.users.get_v1_users_me) and returns its whole 2xx answer (status,
    headers, parsed). A 429 is retried up to rate_limited_retries times after its Retry-After
    when that is at most MAX_RETRY_AFTER seconds; any other answer outside 2xx raises ApiError.
    An operation that creates or charges (it takes an idempotency_key) is sent with a key, the
    caller's or a new one, and retried with that same key as send_with_key retries."""
    if takes_idempotency_key(operation):
        return send_with_key(operation, *args, attempts=rate_limited_retries + 1, sleep=sleep, **kwargs)
    for _ in range(rate_limited_retries):
        response = operation.sync_detailed(*args, **kwargs)
        if response.status_code != 429:
            return check(response)
        wait = retry_after(response.headers)
        if wait is None or wait > MAX_RETRY_AFTER:
            return check(response)
        sleep(wait)
    return check(operation.sync_detailed(*args, **kwargs))


def call(operation: Any, *args: Any, **kwargs: Any) -> Any:
    """call is send's parsed answer: the generated model of a 2xx body (None for no body)."""
    return send(operation, *args, **kwargs).parsed
