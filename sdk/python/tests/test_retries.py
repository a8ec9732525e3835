"""The clients' retries against a local HTTP server that fails, then answers, and records the
Idempotency-Key of every request it saw: a read, or a write carrying a key (the same key and body
each time), is sent again after a dropped connection, a 429 or a 503, a bounded number of times,
waiting the answer's Retry-After; a write without a key is sent once."""

import asyncio
import http.server
import json
import threading
import time
import unittest

import httpx

import trustline
from trustline.identity.api.extraction import get_extraction
from trustline.partner.api.partner import revoke_key
from trustline.retries import RetryingTransport

DROP = "drop"
EXTRACTION = {
    "extractionId": "ext_1",
    "status": "completed",
    "documentType": "passport",
    "creditsUsed": 0,
    "livemode": False,
    "createdAt": "2026-11-23T08:00:00Z",
}
CREATED = {
    "reference": "AUT-1",
    "contractStatus": "PENDING_PAYMENT",
    "payment": {"paymentUrl": "http://pay", "expiresAt": "2026-11-23T08:30:00Z"},
    "pricing": {
        "netPremium": 1,
        "accessories": 0,
        "taxes": 0,
        "guaranteeFund": 0,
        "total": 1,
        "currency": "XOF",
    },
}


def problem(status: int) -> dict:
    return {
        "type": f"http://api.test/errors/{status}",
        "title": "failed",
        "status": status,
        "detail": "failed",
        "instance": "/",
        "requestId": "req_1",
        "timestamp": "2026-11-23T08:00:00Z",
    }


AUTO = {
    "returnUrl": "https://partner.example/return",
    "cancelUrl": "https://partner.example/cancel",
    "contract": {
        "cliCode": "CLI-001",
        "cat": "550",
        "scatCode": "011",
        "carrCode": "ROU",
        "nrg": "ESS",
        "pfs": 150,
        "nbP": 2,
        "dure": 12,
        "effet": "24/11/2026",
        "numImmat": "DK-1234-AB",
        "mqCode": "YAMA",
        "modele": "MT-07",
    },
}


class Failing:
    """Failing is a local server answering its nth request with answers[n] (the last one once
    they run out): DROP closes the connection unanswered, (status, headers, body) answers. It
    records the method, Idempotency-Key and body of each request."""

    def __init__(self, *answers):
        self.answers = answers
        self.seen: list[tuple[str, str | None, bytes]] = []
        failing = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def answer(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                failing.seen.append((self.command, self.headers.get("Idempotency-Key"), body))
                answer = failing.answers[min(len(failing.seen), len(failing.answers)) - 1]
                if answer == DROP:
                    self.close_connection = True  # nothing written: the client sees it dropped
                    return
                status, headers, payload = answer
                data = json.dumps(payload if payload is not None else problem(status)).encode()
                self.send_response(status)
                for name, value in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_DELETE = do_PATCH = answer

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class RetryTest(unittest.TestCase):
    def serve(self, *answers) -> Failing:
        server = Failing(*answers)
        self.addCleanup(server.close)
        return server

    def transport(self, **kwargs) -> RetryingTransport:
        # Real waits, kept short: Retry-After 0, a backoff of 10 ms.
        return RetryingTransport(backoff=0.01, **kwargs)

    def test_a_read_dropped_then_rate_limited_then_unavailable_then_answered(self):
        server = self.serve(DROP, (429, {"Retry-After": "0"}, None), (503, {}, None), (200, {}, EXTRACTION))
        identity = trustline.identity_client(server.url, "sk_test_1", transport=self.transport(attempts=4))
        self.assertEqual(trustline.call(get_extraction, "ext_1", client=identity).extraction_id, "ext_1")
        self.assertEqual([(m, k) for m, k, _ in server.seen], [("GET", None)] * 4)

    def test_a_read_is_tried_three_times_by_default(self):
        server = self.serve((503, {"Retry-After": "0"}, None))
        identity = trustline.identity_client(server.url, "sk_test_1")
        with self.assertRaises(trustline.ApiError) as e:
            trustline.call(get_extraction, "ext_1", client=identity)
        self.assertEqual(e.exception.status, 503)
        self.assertEqual(len(server.seen), 3)

    def test_a_write_with_a_key_keeps_it_and_its_body(self):
        server = self.serve(DROP, (503, {}, None), (429, {"Retry-After": "1"}, None), (201, {}, CREATED))
        partner = trustline.partner_client(server.url, "pk_local_1", transport=self.transport(attempts=4))
        start = time.monotonic()
        created = trustline.create_auto_contract(partner, AUTO)
        self.assertEqual(created.reference, "AUT-1")
        self.assertGreaterEqual(time.monotonic() - start, 1.0, "sent again before Retry-After's second")
        self.assertEqual(len(server.seen), 4)
        methods, keys, bodies = zip(*server.seen, strict=True)
        self.assertEqual(set(methods), {"POST"})
        self.assertEqual(len(set(keys)), 1)
        self.assertIsNotNone(keys[0])
        self.assertEqual(set(bodies), {bodies[0]})
        self.assertEqual(json.loads(bodies[0]), AUTO)

    def test_a_write_without_a_key_is_sent_once(self):
        for first in (DROP, (503, {"Retry-After": "0"}, None)):
            with self.subTest(first=first):
                server = self.serve(first, (204, {}, None))
                partner = trustline.partner_client(server.url, "pk_local_1", transport=self.transport())
                with self.assertRaises((trustline.ApiError, httpx.TransportError)):
                    trustline.call(revoke_key, "key_1", client=partner)
                self.assertEqual([(m, k) for m, k, _ in server.seen], [("DELETE", None)])

    def test_a_retry_after_past_max_wait_is_answered_at_once(self):
        server = self.serve((429, {"Retry-After": "3600"}, None), (200, {}, EXTRACTION))
        identity = trustline.identity_client(server.url, "sk_test_1")
        with self.assertRaises(trustline.ApiError) as e:
            trustline.call(get_extraction, "ext_1", client=identity)
        self.assertEqual(e.exception.status, 429)
        self.assertEqual(len(server.seen), 1)

    def test_asyncio_operations_are_retried_too(self):
        server = self.serve(DROP, (503, {}, None), (200, {}, EXTRACTION))
        identity = trustline.identity_client(server.url, "sk_test_1", transport=self.transport())
        got = asyncio.run(get_extraction.asyncio("ext_1", client=identity))
        self.assertEqual(got.extraction_id, "ext_1")
        self.assertEqual(len(server.seen), 3)

    def test_waiting_for_an_extraction_retries_no_longer_than_its_deadline(self):
        server = self.serve((429, {"Retry-After": "30"}, None))
        identity = trustline.identity_client(server.url, "sk_test_1")
        start = time.monotonic()
        with self.assertRaises(trustline.ExtractionTimeout):
            trustline.wait_for_extraction(identity, "ext_1", timeout=0.5)
        self.assertLess(time.monotonic() - start, 10)


if __name__ == "__main__":
    unittest.main()
