"""Webhook signatures, with vectors computed here from the specification (README, "Verifying
deliveries"): hex HMAC-SHA256 of the raw body; Standard Webhooks v1 over "{id}.{timestamp}.{body}"
keyed by the base64 after whsec_ (else the secret's bytes), space-separated during a rotation, a
5-minute tolerance."""

import base64
import hashlib
import hmac
import unittest
from functools import partial

from trustline.webhooks import (
    InvalidSignature,
    TimestampOutOfTolerance,
    standard_key,
    verify_insurance,
    verify_service,
    verify_standard,
)

BODY = b'{"event":"insurance.contract.issued","reference":"REF-1"}'
PARTNER_SECRET = "partner-secret-0123456789"
KEY = bytes(range(32))
WHSEC = "whsec_" + base64.b64encode(KEY).decode()  # ends with "=": padded
NOW = 1_800_000_000


def hex_hmac(secret: bytes, body: bytes) -> str:
    return hmac.new(secret, body, hashlib.sha256).hexdigest()


def v1(key: bytes, msg_id: str, ts: int, body: bytes) -> str:
    mac = hmac.new(key, f"{msg_id}.{ts}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


def headers(signature: str, ts: int = NOW, msg_id: str = "msg_1") -> dict[str, str]:
    return {"webhook-id": msg_id, "webhook-timestamp": str(ts), "webhook-signature": signature}


class HexSignatureTest(unittest.TestCase):
    def test_cases(self):
        good = hex_hmac(PARTNER_SECRET.encode(), BODY)
        cases = [
            ("the signature of the body", PARTNER_SECRET, BODY, good, True),
            ("the secret as bytes", PARTNER_SECRET.encode(), BODY, good, True),
            ("upper-case hex", PARTNER_SECRET, BODY, good.upper(), True),
            ("surrounding spaces", PARTNER_SECRET, BODY, f" {good}\n", True),
            ("another secret", "another secret", BODY, good, False),
            ("one byte more", PARTNER_SECRET, BODY + b" ", good, False),
            ("missing", PARTNER_SECRET, BODY, None, False),
            ("empty", PARTNER_SECRET, BODY, "", False),
            ("truncated", PARTNER_SECRET, BODY, good[:-2], False),
            ("not hex", PARTNER_SECRET, BODY, "z" * 64, False),
            ("spaces inside", PARTNER_SECRET, BODY, good[:32] + " " + good[32:], False),
        ]
        for verify in (verify_insurance, verify_service):
            for name, secret, body, sig, ok in cases:
                with self.subTest(verify.__name__, case=name):
                    if ok:
                        self.assertIsNone(verify(secret, body, sig))
                    else:
                        with self.assertRaises(InvalidSignature):
                            verify(secret, body, sig)

    def test_identity_secret_is_used_as_its_characters(self):
        verify_service(WHSEC, BODY, hex_hmac(WHSEC.encode(), BODY))
        with self.assertRaises(InvalidSignature):
            verify_service(WHSEC, BODY, hex_hmac(KEY, BODY))


class StandardSignatureTest(unittest.TestCase):
    def test_accepted(self):
        unpadded = WHSEC.rstrip("=")
        cases = [
            ("whsec_ secret: the decoded key", WHSEC, headers(v1(KEY, "msg_1", NOW, BODY))),
            ("whsec_ secret without padding", unpadded, headers(v1(KEY, "msg_1", NOW, BODY))),
            (
                "a partner's secret: its bytes",
                PARTNER_SECRET,
                headers(v1(PARTNER_SECRET.encode(), "msg_1", NOW, BODY)),
            ),
            (
                "rotation: the new secret's signature second",
                WHSEC,
                headers(v1(b"old key", "msg_1", NOW, BODY) + " " + v1(KEY, "msg_1", NOW, BODY)),
            ),
            (
                "rotation: the old secret's signature second",
                WHSEC,
                headers(v1(KEY, "msg_1", NOW, BODY) + " " + v1(b"new key", "msg_1", NOW, BODY)),
            ),
            (
                "an unknown version beside v1",
                WHSEC,
                headers("v1a,c29tZXRoaW5n " + v1(KEY, "msg_1", NOW, BODY)),
            ),
            ("4 minutes old", WHSEC, headers(v1(KEY, "msg_1", NOW - 240, BODY), ts=NOW - 240)),
            ("4 minutes ahead", WHSEC, headers(v1(KEY, "msg_1", NOW + 240, BODY), ts=NOW + 240)),
            (
                "headers in another case",
                WHSEC,
                {k.title(): v for k, v in headers(v1(KEY, "msg_1", NOW, BODY)).items()},
            ),
        ]
        for name, secret, h in cases:
            with self.subTest(name):
                self.assertIsNone(verify_standard(secret, BODY, h, now=NOW))

    def test_refused(self):
        good = v1(KEY, "msg_1", NOW, BODY)
        cases = [
            ("keyed with the whole whsec_ string", headers(v1(WHSEC.encode(), "msg_1", NOW, BODY))),
            ("another body", headers(v1(KEY, "msg_1", NOW, BODY + b" "))),
            ("another id", headers(good, msg_id="msg_2")),
            ("another timestamp within tolerance", headers(good, ts=NOW + 1)),
            ("no signature", {"webhook-id": "msg_1", "webhook-timestamp": str(NOW)}),
            ("no id", {"webhook-timestamp": str(NOW), "webhook-signature": good}),
            ("no timestamp", {"webhook-id": "msg_1", "webhook-signature": good}),
            ("a timestamp not in seconds", headers(good) | {"webhook-timestamp": "2027-01-15T08:00:00Z"}),
            ("v2 only", headers("v2," + good[3:])),
            ("no version", headers(good[3:])),
            ("not base64", headers("v1,!!!!")),
        ]
        for name, h in cases:
            with self.subTest(name):
                with self.assertRaises(InvalidSignature) as e:
                    verify_standard(WHSEC, BODY, h, now=NOW)
                self.assertNotIsInstance(e.exception, TimestampOutOfTolerance)

    def test_timestamp_tolerance(self):
        for name, ts in [("6 minutes old", NOW - 360), ("6 minutes ahead", NOW + 360)]:
            with self.subTest(name), self.assertRaises(TimestampOutOfTolerance):
                verify_standard(WHSEC, BODY, headers(v1(KEY, "msg_1", ts, BODY), ts=ts), now=NOW)
        # A wider tolerance accepts it.
        ts = NOW - 360
        verify_standard(WHSEC, BODY, headers(v1(KEY, "msg_1", ts, BODY), ts=ts), now=NOW, tolerance=600)

    def test_key(self):
        self.assertEqual(standard_key(WHSEC), KEY)
        self.assertEqual(standard_key(WHSEC.encode()), KEY)
        self.assertEqual(standard_key(PARTNER_SECRET), PARTNER_SECRET.encode())
        self.assertEqual(standard_key("whsec_*not base64*"), b"whsec_*not base64*")
        self.assertEqual(standard_key("whsec_"), b"whsec_")


class SharedVectors(unittest.TestCase):
    """The deliveries of sdk/testdata/signatures.json, signed by the backend's own signer and
    checked against its reference verifier (sdk/signatures_test.go): the Go and TypeScript SDKs
    read the same file."""

    def test_vectors(self):
        import json
        import pathlib

        path = pathlib.Path(__file__).resolve().parents[2] / "testdata" / "signatures.json"
        cases = json.loads(path.read_text())["cases"]
        self.assertGreater(len(cases), 5)
        for c in cases:
            with self.subTest(c["name"]):
                body, headers = c["body"].encode(), c["headers"]
                own = verify_service if c["api"] == "identity" else verify_insurance
                name = "X-Service-Signature" if c["api"] == "identity" else "x-insurance-signature"
                if "signature" in c["expect"]:
                    got = outcome(partial(own, c["secret"], body, headers.get(name)))
                    self.assertEqual(got, c["expect"]["signature"])
                if "standard" in c["expect"]:
                    options = {"tolerance": c["toleranceSeconds"], "now": c["now"]}
                    got = outcome(partial(verify_standard, c["secret"], body, headers, **options))
                    self.assertEqual(got, c["expect"]["standard"])


def outcome(verify) -> str:
    """outcome names what a verifier said, in the vectors' words: ok, signature or timestamp."""
    try:
        verify()
    except TimestampOutOfTolerance:
        return "timestamp"
    except InvalidSignature:
        return "signature"
    return "ok"


PREVIOUS_KEY = b"the previous secret's 32 bytes.."


def accepted_by(verify) -> dict[str, bool]:
    """accepted_by says whether each way a receiver may call a verifier would accept the delivery:
    relying on the exception; ``if not verify(...): reject``; ``if verify(...): accept``. For a
    refused delivery, none may."""

    def accepts(f) -> bool:
        try:
            return f()
        except InvalidSignature:
            return False

    def relying_on_the_exception() -> bool:
        verify()
        return True

    return {
        "relying on the exception": accepts(relying_on_the_exception),
        "if not verify(...)": accepts(lambda: (not verify()) is False),
        "if verify(...)": accepts(lambda: bool(verify())),
    }


REFUSED = {"relying on the exception": False, "if not verify(...)": False, "if verify(...)": False}


class DeliveriesTest(unittest.TestCase):
    """Forged, tampered and replayed deliveries: every verifier returns None or raises
    InvalidSignature (TimestampOutOfTolerance for a replay), and no refusal is a value a receiver
    could take for an acceptance."""

    def check(self, verify, want: str):
        if want == "ok":
            self.assertIsNone(verify())
            return
        self.assertEqual(outcome(verify), want)
        self.assertEqual(accepted_by(verify), REFUSED)

    def test_hex_signatures(self):
        good = hex_hmac(PARTNER_SECRET.encode(), BODY)
        cases = [
            ("valid", PARTNER_SECRET, BODY, good, "ok"),
            ("forged: another secret", "another-secret", BODY, good, "signature"),
            (
                "forged: signed with another secret",
                PARTNER_SECRET,
                BODY,
                hex_hmac(b"another", BODY),
                "signature",
            ),
            ("forged: empty secret on both sides", "", BODY, hex_hmac(b"", BODY), "signature"),
            ("forged: empty bytes secret on both sides", b"", BODY, hex_hmac(b"", BODY), "signature"),
            ("forged: no secret (an unset variable)", None, BODY, hex_hmac(b"", BODY), "signature"),
            ("tampered body: one byte more", PARTNER_SECRET, BODY + b" ", good, "signature"),
            (
                "tampered body: a field changed",
                PARTNER_SECRET,
                BODY.replace(b"REF-1", b"REF-2"),
                good,
                "signature",
            ),
            ("missing", PARTNER_SECRET, BODY, None, "signature"),
            (
                "two values: the header carries one",
                PARTNER_SECRET,
                BODY,
                hex_hmac(b"old", BODY) + " " + good,
                "signature",
            ),
        ]
        for verify in (verify_insurance, verify_service):
            for name, secret, body, sig, want in cases:
                with self.subTest(verify.__name__, case=name):
                    self.check(partial(verify, secret, body, sig), want)

    def test_standard(self):
        good = v1(KEY, "msg_1", NOW, BODY)
        previous = v1(PREVIOUS_KEY, "msg_1", NOW, BODY)
        stale = v1(KEY, "msg_1", NOW - 360, BODY)
        day_old = v1(KEY, "msg_1", NOW - 86400, BODY)
        nan = float("nan")
        cases = [
            ("valid", WHSEC, BODY, headers(good), {}, "ok"),
            (
                "valid: exactly the tolerance old",
                WHSEC,
                BODY,
                headers(v1(KEY, "msg_1", NOW - 300, BODY), ts=NOW - 300),
                {},
                "ok",
            ),
            (
                "rotation: the new secret's signature first",
                WHSEC,
                BODY,
                headers(f"{good} {previous}"),
                {},
                "ok",
            ),
            (
                "rotation: the new secret's signature second",
                WHSEC,
                BODY,
                headers(f"{previous} {good}"),
                {},
                "ok",
            ),
            (
                "rotation: neither signature",
                WHSEC,
                BODY,
                headers(f"{previous} {v1(b'x', 'msg_1', NOW, BODY)}"),
                {},
                "signature",
            ),
            (
                "rotation: replayed",
                WHSEC,
                BODY,
                headers(f"{v1(PREVIOUS_KEY, 'msg_1', NOW - 360, BODY)} {stale}", ts=NOW - 360),
                {},
                "timestamp",
            ),
            (
                "forged: another secret",
                "whsec_" + base64.b64encode(PREVIOUS_KEY).decode(),
                BODY,
                headers(good),
                {},
                "signature",
            ),
            (
                "forged: empty secret on both sides",
                "",
                BODY,
                headers(v1(b"", "msg_1", NOW, BODY)),
                {},
                "signature",
            ),
            (
                "forged: no secret (an unset variable)",
                None,
                BODY,
                headers(v1(b"", "msg_1", NOW, BODY)),
                {},
                "signature",
            ),
            ("tampered body", WHSEC, BODY + b" ", headers(good), {}, "signature"),
            (
                "tampered timestamp, within the tolerance",
                WHSEC,
                BODY,
                headers(good, ts=NOW + 1),
                {},
                "signature",
            ),
            (
                "tampered timestamp, a stale signature made fresh",
                WHSEC,
                BODY,
                headers(stale),
                {},
                "signature",
            ),
            ("tampered id", WHSEC, BODY, headers(good, msg_id="msg_2"), {}, "signature"),
            ("replayed: 6 minutes later", WHSEC, BODY, headers(stale, ts=NOW - 360), {}, "timestamp"),
            ("replayed: a day later", WHSEC, BODY, headers(day_old, ts=NOW - 86400), {}, "timestamp"),
            (
                "replayed, with a tolerance that is not a number",
                WHSEC,
                BODY,
                headers(stale, ts=NOW - 360),
                {"tolerance": nan},
                "timestamp",
            ),
            (
                "replayed, with a now that is not a number",
                WHSEC,
                BODY,
                headers(stale, ts=NOW - 360),
                {"now": nan},
                "timestamp",
            ),
            (
                "missing webhook-id",
                WHSEC,
                BODY,
                {"webhook-timestamp": str(NOW), "webhook-signature": good},
                {},
                "signature",
            ),
            (
                "missing webhook-timestamp",
                WHSEC,
                BODY,
                {"webhook-id": "msg_1", "webhook-signature": good},
                {},
                "signature",
            ),
            (
                "missing webhook-signature",
                WHSEC,
                BODY,
                {"webhook-id": "msg_1", "webhook-timestamp": str(NOW)},
                {},
                "signature",
            ),
            ("missing every header", WHSEC, BODY, {}, {}, "signature"),
        ]
        for name, secret, body, h, options, want in cases:
            with self.subTest(name):
                self.check(partial(verify_standard, secret, body, h, **({"now": NOW} | options)), want)


if __name__ == "__main__":
    unittest.main()
