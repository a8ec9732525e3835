"""Retries of the requests that are safe to send again, under every call of both clients.

identity_client and partner_client send through a RetryingTransport, so that every generated
operation (sync and asyncio alike) and every helper built on them retries the same way: a read
(GET, HEAD), or a request carrying an Idempotency-Key (sent again with that same key and body), is
sent again after a transport error (a timeout, a dropped connection: a write may have taken
effect), a 429, 502, 503 or 504, or a 409 with Retry-After (the key's first request still
running), a bounded number of times, waiting the answer's Retry-After or else a doubling backoff.
Any other request (a write without a key) is sent once: sent twice it could act twice. The key
makes a write's retry safe (the API answers what the first request made, charged once), and only
the same key does.
"""

import asyncio
import contextlib
import email.utils
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextvars import ContextVar
from datetime import UTC

import httpx

RETRIED_STATUSES = (429, 502, 503, 504)
"""The answers a request that is safe to send again is sent again after."""

MAX_RETRY_AFTER = 60.0
"""The longest Retry-After (seconds) waited out; a longer one (a daily test quota, a login lockout)
is answered at once: waiting would look like a hang."""

_deadline: ContextVar[float | None] = ContextVar("trustline_retry_deadline", default=None)


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


@contextlib.contextmanager
def deadline(at: float) -> Iterator[None]:
    """deadline makes the calls within it wait for no retry past at (a time.monotonic() instant):
    the answer that asked for the wait is returned instead, as a caller's own deadline would end
    the wait anyway."""
    token = _deadline.set(at)
    try:
        yield
    finally:
        _deadline.reset(token)


def safe(request: httpx.Request) -> bool:
    """safe reports whether request may be sent again without acting twice: a read, or a request
    carrying an Idempotency-Key."""
    return request.method in ("GET", "HEAD") or "idempotency-key" in request.headers


class RetryingTransport(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """RetryingTransport sends through transport (httpx's own by default, sync and async), trying a
    request that is safe to send again up to attempts times, as the module says. The wait is the
    answer's Retry-After, else backoff seconds doubling; an answer asking for more than max_wait, or
    whose wait would pass the deadline of the calls (deadline()), is returned as it is."""

    def __init__(
        self,
        transport: httpx.BaseTransport | httpx.AsyncBaseTransport | None = None,
        *,
        attempts: int = 3,
        backoff: float = 0.5,
        max_wait: float = MAX_RETRY_AFTER,
        sleep: Callable[[float], None] = time.sleep,
        async_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._given = transport
        self._sync: httpx.BaseTransport | None = None
        self._async: httpx.AsyncBaseTransport | None = None
        self.attempts = attempts
        self.backoff = backoff
        self.max_wait = max_wait
        self._sleep = sleep
        self._async_sleep = async_sleep
        self._clock = clock

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if self._sync is None:
            self._sync = self._given or httpx.HTTPTransport()
        if not safe(request):
            return self._sync.handle_request(request)
        request.read()  # the whole body, sent again on each try
        attempt = 1
        while True:
            response, error = None, None
            try:
                response = self._sync.handle_request(request)
            except httpx.TransportError as e:
                error = e
            wait = self._wait(attempt, response)
            if wait is None:
                if error is not None:
                    raise error
                return response
            if response is not None:
                response.close()
            self._sleep(wait)
            attempt += 1

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self._async is None:
            self._async = self._given or httpx.AsyncHTTPTransport()
        if not safe(request):
            return await self._async.handle_async_request(request)
        await request.aread()
        attempt = 1
        while True:
            response, error = None, None
            try:
                response = await self._async.handle_async_request(request)
            except httpx.TransportError as e:
                error = e
            wait = self._wait(attempt, response)
            if wait is None:
                if error is not None:
                    raise error
                return response
            if response is not None:
                await response.aclose()
            await self._async_sleep(wait)
            attempt += 1

    def _wait(self, attempt: int, response: httpx.Response | None) -> float | None:
        """_wait is how long to wait before trying again after attempt, which answered response
        (None: a transport error), or None to end with this attempt's outcome."""
        if attempt >= self.attempts:
            return None
        wait = self.backoff * 2 ** (attempt - 1)
        if response is not None:
            in_progress = response.status_code == 409 and "retry-after" in response.headers
            if response.status_code not in RETRIED_STATUSES and not in_progress:
                return None
            asked = retry_after(response.headers)
            if asked is not None:
                if asked > self.max_wait:
                    return None
                wait = asked
        at = _deadline.get()
        if at is not None and self._clock() + wait > at:
            return None
        return wait

    def close(self) -> None:
        if self._sync is not None:
            self._sync.close()

    async def aclose(self) -> None:
        if self._async is not None:
            await self._async.aclose()
