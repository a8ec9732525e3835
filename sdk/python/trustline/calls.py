"""One call of a generated operation: its parsed answer, or an ApiError.

The generated ``sync`` functions return the problem of an error answer as a value (or None for an
undocumented status); ``call`` raises instead, and waits out a 429 whose Retry-After is short.
"""

import email.utils
import json
import time
from collections.abc import Callable, Mapping
from datetime import UTC
from typing import Any

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
    when that is at most MAX_RETRY_AFTER seconds; any other answer outside 2xx raises ApiError."""
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
