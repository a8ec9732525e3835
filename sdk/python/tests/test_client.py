"""The hand-written client helpers against a fake server (httpx.MockTransport): authentication
headers, errors, cursors, waiting with backoff, idempotency keys."""

import json
import re
import unittest

import httpx

import trustline
from trustline.identity.api.billing import list_invoices
from trustline.identity.api.uploads import create_upload
from trustline.identity.api.users import get_current_user
from trustline.identity.models import FileType, UploadRequest
from trustline.partner.api.contracts import create_auto_contract
from trustline.retries import RetryingTransport

BASE = "http://api.test"
PROBLEM = {
    "type": "http://api.test/errors/validation_failed",
    "title": "Validation failed",
    "status": 422,
    "detail": "the request is not valid",
    "instance": "/v1/extractions",
    "requestId": "req_1",
    "timestamp": "2026-11-23T08:00:00Z",
    "invalidParams": ["limit: out of range"],
}


def extraction(ext_id: str, status: str = "completed") -> dict:
    return {
        "extractionId": ext_id,
        "status": status,
        "documentType": "passport",
        "creditsUsed": 0,
        "livemode": False,
        "createdAt": "2026-11-23T08:00:00Z",
    }


def contract(reference: str) -> dict:
    pricing = {
        "netPremium": 1,
        "accessories": 0,
        "taxes": 0,
        "guaranteeFund": 0,
        "total": 1,
        "currency": "XOF",
    }
    return {
        "reference": reference,
        "partnerId": "prt_1",
        "product": "auto",
        "contractStatus": "PENDING_PAYMENT",
        "pricing": pricing,
        "payment": {"paymentUrl": "http://pay", "expiresAt": "2026-11-23T08:30:00Z", "status": "pending"},
        "issuance": None,
        "createdAt": "2026-11-23T08:00:00Z",
        "updatedAt": "2026-11-23T08:00:00Z",
        "paidAt": None,
        "history": [{"step": "requested", "at": "2026-11-23T08:00:00Z"}],
    }


class Clock:
    """Clock is a fake time.monotonic and time.sleep: sleeping moves it."""

    def __init__(self):
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


class Server:
    """Server answers requests from a list of (status, body, headers), recording them; a body that
    is an exception is raised instead (a transport error). Its clients wait on its clock."""

    def __init__(self, *answers, attempts: int = 3):
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []
        self.clock = Clock()
        self.attempts = attempts

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        status, body, headers = self.answers.pop(0)
        if isinstance(body, Exception):
            raise body
        ctype = "application/problem+json" if status >= 400 else "application/json"
        return httpx.Response(status, json=body, headers={"content-type": ctype, **headers})

    def transport(self) -> RetryingTransport:
        """transport is the clients' own, over this server rather than the network."""
        mock = httpx.MockTransport(self)
        return RetryingTransport(mock, attempts=self.attempts, sleep=self.clock.sleep, clock=self.clock)

    def identity(self):
        return trustline.identity_client(BASE, "sk_test_1", transport=self.transport())

    def partner(self):
        return trustline.partner_client(BASE, "pk_local_1", transport=self.transport())


class AuthTest(unittest.TestCase):
    def test_headers(self):
        cases = [
            ("identity key", trustline.identity_client(BASE, "sk_test_1"), "x-api-key", "sk_test_1"),
            ("identity login", trustline.identity_client(BASE, token="jwt"), "authorization", "Bearer jwt"),
            ("partner key", trustline.partner_client(BASE, "pk_local_1"), "x-api-key", "pk_local_1"),
            ("partner login", trustline.partner_client(BASE, token="jwt"), "authorization", "Bearer jwt"),
        ]
        for name, client, header, value in cases:
            with self.subTest(name):
                self.assertEqual(client.get_httpx_client().headers.get(header), value)
                other = "authorization" if header == "x-api-key" else "x-api-key"
                self.assertNotIn(other, client.get_httpx_client().headers)

    def test_exactly_one_credential(self):
        for args in [{}, {"api_key": "k", "token": "t"}]:
            with self.subTest(args), self.assertRaises(ValueError):
                trustline.identity_client(BASE, **args)


class CallTest(unittest.TestCase):
    def test_problem_raises(self):
        server = Server((422, PROBLEM, {}))
        client = server.identity()
        with self.assertRaises(trustline.ApiError) as e:
            trustline.call(get_current_user, client=client)
        self.assertEqual(e.exception.status, 422)
        self.assertEqual(e.exception.kind, "validation_failed")
        self.assertIn("limit: out of range", str(e.exception))
        self.assertIn("req_1", str(e.exception))

    def test_rate_limited_then_answered(self):
        server = Server((429, PROBLEM | {"status": 429}, {"Retry-After": "2"}), (200, [], {}))
        client = server.identity()
        self.assertEqual(list(trustline.iterate(list_invoices, client=client)), [])
        self.assertEqual(server.clock.slept, [2.0])

    def test_long_retry_after_raises_at_once(self):
        server = Server((429, PROBLEM | {"status": 429}, {"Retry-After": "3600"}))
        client = server.identity()
        with self.assertRaises(trustline.ApiError) as e:
            trustline.call(get_current_user, client=client)
        self.assertEqual(e.exception.status, 429)
        self.assertEqual(server.clock.slept, [])


class ListTest(unittest.TestCase):
    def test_follows_next_cursor(self):
        server = Server(
            (
                200,
                {"data": [extraction("ext_1"), extraction("ext_2")], "nextCursor": "c1"},
                {"X-Next-Cursor": "c1"},
            ),
            (200, {"data": [], "nextCursor": "c2"}, {"X-Next-Cursor": "c2"}),  # an empty page is not the end
            (200, {"data": [extraction("ext_3")], "nextCursor": None}, {}),
        )
        client = server.identity()
        got = [e.extraction_id for e in trustline.iter_extractions(client, limit=2)]
        self.assertEqual(got, ["ext_1", "ext_2", "ext_3"])
        self.assertEqual([r.url.params.get("cursor") for r in server.requests], [None, "c1", "c2"])
        self.assertTrue(all(r.url.params["limit"] == "2" for r in server.requests))

    def test_header_cursor_of_an_array_body(self):
        invoice = {
            "reference": "INV-1",
            "amount": 1,
            "currency": "XOF",
            "status": "paid",
            "paymentUrl": "http://pay",
            "plan": "starter",
            "credits": 1,
            "periodStart": "2026-11-01T00:00:00Z",
            "periodEnd": "2026-12-01T00:00:00Z",
            "issuedAt": "2026-11-01T00:05:00Z",
        }
        server = Server(
            (200, [invoice], {"X-Next-Cursor": "c1"}), (200, [invoice | {"reference": "INV-2"}], {})
        )
        client = server.identity()
        got = [i.reference for i in trustline.iterate(list_invoices, client=client)]
        self.assertEqual(got, ["INV-1", "INV-2"])
        self.assertEqual(server.requests[1].url.params["cursor"], "c1")

    def test_partner_contract_requests(self):
        server = Server(
            (200, {"data": [contract("AUT-1")], "nextCursor": "c1"}, {}),
            (200, {"data": [contract("AUT-2")], "nextCursor": None}, {}),
        )
        client = server.partner()
        got = [c.reference for c in trustline.iter_contract_requests(client)]
        self.assertEqual(got, ["AUT-1", "AUT-2"])
        self.assertEqual(server.requests[0].url.path, "/api/v1/partner/contracts/requests")

    def test_error_page_raises(self):
        server = Server((200, {"data": [extraction("ext_1")], "nextCursor": "c1"}, {}), (422, PROBLEM, {}))
        client = server.identity()
        items = trustline.iter_extractions(client)
        self.assertEqual(next(items).extraction_id, "ext_1")
        with self.assertRaises(trustline.ApiError):
            next(items)


class WaitTest(unittest.TestCase):
    def test_backoff_until_completed(self):
        server = Server(
            (200, extraction("ext_1", "queued"), {}),
            (200, extraction("ext_1", "processing"), {}),
            (429, PROBLEM | {"status": 429}, {"Retry-After": "3"}),
            (200, extraction("ext_1", "processing"), {}),
            (200, extraction("ext_1", "processing"), {}),
            (200, extraction("ext_1", "processing"), {}),
            (200, extraction("ext_1", "completed"), {}),
        )
        client = server.identity()
        clock = server.clock
        got = trustline.wait_for_extraction(
            client, "ext_1", first_delay=0.5, max_delay=2, sleep=clock.sleep, clock=clock
        )
        self.assertEqual(got.status, "completed")
        # Doubling; the client's retry of the 429 after its Retry-After; the cap.
        self.assertEqual(clock.slept, [0.5, 1.0, 3.0, 2.0, 2.0, 2.0])
        self.assertEqual(server.requests[0].url.path, "/v1/extractions/ext_1")

    def test_failed_is_returned(self):
        failed = extraction("ext_1", "failed") | {"error": {"code": "mrz_not_found", "message": "no MRZ"}}
        server = Server((200, failed, {}))
        client = server.identity()
        self.assertEqual(trustline.wait_for_extraction(client, "ext_1").status, "failed")

    def test_deadline(self):
        server = Server(*[(200, extraction("ext_1", "processing"), {})] * 20)
        client = server.identity()
        clock = server.clock
        with self.assertRaises(trustline.ExtractionTimeout) as e:
            trustline.wait_for_extraction(
                client, "ext_1", timeout=10, first_delay=1, max_delay=4, sleep=clock.sleep, clock=clock
            )
        self.assertEqual(e.exception.status, "processing")
        self.assertEqual(clock.slept, [1, 2, 4, 3])  # the last wait ends at the deadline, then one last poll
        self.assertEqual(len(server.requests), 5)

    def test_verification_until_decided(self):
        processing = {
            "id": "ver_1",
            "status": "processing",
            "policy": "standard",
            "creditsUsed": 3,
            "livemode": True,
            "createdAt": "2026-11-29T08:00:00Z",
        }
        decided = processing | {
            "status": "completed",
            "decision": "declined",
            "reasons": ["document_expired"],
        }
        server = Server((200, processing, {}), (200, decided, {}))
        client = server.identity()
        clock = server.clock
        got = trustline.wait_for_verification(client, "ver_1", sleep=clock.sleep, clock=clock)
        self.assertEqual(
            (got.status, got.decision, got.reasons), ("completed", "declined", ["document_expired"])
        )
        self.assertEqual(server.requests[0].url.path, "/v1/verifications/ver_1")

    def test_not_found_raises(self):
        server = Server((404, PROBLEM | {"status": 404, "type": "http://api.test/errors/not_found"}, {}))
        client = server.identity()
        with self.assertRaises(trustline.ApiError) as e:
            trustline.wait_for_extraction(client, "ext_x")
        self.assertEqual(e.exception.kind, "not_found")


class SubmitTest(unittest.TestCase):
    def test_file_is_multipart(self):
        server = Server((202, {"extractionId": "ext_1", "status": "queued"}, {}))
        client = server.identity()
        got = trustline.submit_extraction(
            client, "passport", b"\x89PNG...", file_name="p.png", reference_id="r-1"
        )
        self.assertEqual(got.extraction_id, "ext_1")
        req = server.requests[0]
        self.assertEqual((req.method, req.url.path), ("POST", "/v1/extract/async"))
        self.assertTrue(req.headers["content-type"].startswith("multipart/form-data; boundary="))
        body = req.read()
        for part in (
            b'name="file"; filename="p.png"',
            b"\x89PNG...",
            b'name="documentType"',
            b"passport",
            b"r-1",
        ):
            self.assertIn(part, body)

    def test_upload_is_json(self):
        server = Server((202, {"extractionId": "ext_1", "status": "queued"}, {}))
        client = server.identity()
        trustline.submit_extraction(client, "id_card", upload_id="upl_1")
        self.assertEqual(
            json.loads(server.requests[0].read()), {"documentType": "id_card", "uploadId": "upl_1"}
        )

    def test_one_document(self):
        client = trustline.identity_client(BASE, "sk_test_1")
        for kwargs in [{}, {"file": b"x", "upload_id": "upl_1"}]:
            with self.subTest(kwargs), self.assertRaises(ValueError):
                trustline.submit_extraction(client, "passport", **kwargs)


UUID4 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
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
CREATED = {
    "reference": "AUT-1",
    "contractStatus": "PENDING_PAYMENT",
    "payment": {"paymentUrl": "http://pay", "expiresAt": "2026-11-23T08:30:00Z"},
    "pricing": contract("AUT-1")["pricing"],
}


class IdempotencyTest(unittest.TestCase):
    def test_a_key_per_call(self):
        server = Server((201, CREATED, {}), (201, CREATED, {}))
        client = server.partner()
        self.assertEqual(trustline.create_auto_contract(client, AUTO).reference, "AUT-1")
        trustline.create_auto_contract(client, AUTO)
        keys = [r.headers["idempotency-key"] for r in server.requests]
        self.assertRegex(keys[0], UUID4)
        self.assertNotEqual(keys[0], keys[1])
        self.assertEqual(json.loads(server.requests[0].read()), AUTO)

    def test_given_key(self):
        server = Server((201, CREATED, {}))
        client = server.partner()
        trustline.create_auto_contract(client, AUTO, idempotency_key="mine")
        self.assertEqual(server.requests[0].headers["idempotency-key"], "mine")

    def test_retries_keep_the_key(self):
        server = Server(
            (0, httpx.ReadTimeout("lost answer"), {}),
            (503, PROBLEM | {"status": 503}, {}),
            (429, PROBLEM | {"status": 429}, {"Retry-After": "5"}),
            (201, CREATED, {}),
            attempts=4,
        )
        client = server.partner()
        trustline.idempotent(
            create_auto_contract, client=client, body=trustline.partner.models.AutoRequest.from_dict(AUTO)
        )
        self.assertEqual(len(server.requests), 4)
        self.assertEqual(len({r.headers["idempotency-key"] for r in server.requests}), 1)
        self.assertEqual(server.clock.slept, [0.5, 1.0, 5.0])

    def test_client_error_is_not_retried(self):
        server = Server((422, PROBLEM, {}))
        client = server.partner()
        with self.assertRaises(trustline.ApiError):
            trustline.create_auto_contract(client, AUTO)
        self.assertEqual(len(server.requests), 1)

    def test_webhook_configuration(self):
        server = Server((200, {"webhookUrl": "https://hooks.example/p", "webhookSecretConfigured": True}, {}))
        client = server.partner()
        got = trustline.configure_webhook(client, url="https://hooks.example/p", secret="s" * 16)
        self.assertTrue(got.webhook_secret_configured)
        req = server.requests[0]
        self.assertEqual((req.method, req.url.path), ("PATCH", "/api/v1/partners/me/webhook"))
        self.assertRegex(req.headers["idempotency-key"], UUID4)
        self.assertEqual(
            json.loads(req.read()), {"webhookUrl": "https://hooks.example/p", "webhookSecret": "s" * 16}
        )


def upload(upload_id: str) -> dict:
    return {
        "uploadId": upload_id,
        "uploadUrl": "http://bucket/put",
        "method": "PUT",
        "headers": {},
        "expiresAt": "2026-11-23T08:15:00Z",
        "maxSize": 10,
    }


class KeyedCallTest(unittest.TestCase):
    def test_every_write_that_takes_a_key_gets_one(self):
        server = Server(
            (201, upload("upl_1"), {}),
            (201, upload("upl_2"), {}),
            (404, PROBLEM | {"status": 404}, {}),
        )
        client = server.identity()
        body = UploadRequest(content_type=FileType.APPLICATIONPDF, size=1)
        for _ in range(2):
            trustline.send(create_upload, client=client, body=body)
        with self.assertRaises(trustline.ApiError):
            trustline.send(get_current_user, client=client)
        keys = [r.headers.get("idempotency-key") for r in server.requests]
        self.assertRegex(keys[0], UUID4)
        self.assertNotEqual(keys[0], keys[1])
        self.assertIsNone(keys[2], "a read")

    def test_retries_of_a_write_keep_its_key(self):
        server = Server(
            (0, httpx.ConnectError("dropped"), {}),
            (409, PROBLEM | {"status": 409}, {"Retry-After": "2"}),
            (503, PROBLEM | {"status": 503}, {}),
            (201, upload("upl_1"), {}),
            attempts=4,
        )
        client = server.identity()
        body = UploadRequest(content_type=FileType.APPLICATIONPDF, size=1)
        trustline.send(create_upload, client=client, body=body)
        self.assertEqual(len(server.requests), 4)
        self.assertEqual(len({r.headers["idempotency-key"] for r in server.requests}), 1)
        self.assertEqual(server.clock.slept, [0.5, 2.0, 2.0])

    def test_submit_extraction_is_sent_again_whole_with_its_key(self):
        server = Server(
            (0, httpx.ReadTimeout("lost answer"), {}),
            (502, PROBLEM | {"status": 502}, {"Retry-After": "0"}),
            (202, {"extractionId": "ext_1", "status": "queued"}, {}),
        )
        client = server.identity()
        got = trustline.submit_extraction(client, "passport", b"\x89PNG...", file_name="p.png")
        self.assertEqual(got.extraction_id, "ext_1")
        keys = {r.headers["idempotency-key"] for r in server.requests}
        self.assertEqual(len(keys), 1)
        self.assertRegex(keys.pop(), UUID4)
        for r in server.requests:
            self.assertIn(b"\x89PNG...", r.read())
        server = Server((202, {"extractionId": "ext_2", "status": "queued"}, {}))
        client = server.identity()
        trustline.submit_extraction(client, "id_card", upload_id="upl_1", idempotency_key="mine")
        self.assertEqual(server.requests[0].headers["idempotency-key"], "mine")


if __name__ == "__main__":
    unittest.main()
