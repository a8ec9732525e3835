// @ts-check
// The webhook verifiers: against sdk/testdata/signatures.json, the deliveries the backend's own
// signer made (sdk/signatures_test.go in the platform's module keeps the file so), and against
// forged, tampered and replayed deliveries made here. Every verifier answers the same way: it
// returns nothing, or throws a WebhookVerificationError; tsc checks this file too, so the
// expected errors in acceptedBy hold that a verifier's result cannot be tested for truthiness.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  TOLERANCE_SECONDS,
  WebhookVerificationError,
  verifyInsuranceSignature,
  verifyServiceSignature,
  verifyStandard,
} from "../src/webhooks.js";

/**
 * outcome names what a verifier said, in the vectors' words: ok, signature or timestamp.
 * @param {() => void} verify
 * @returns {string}
 */
function outcome(verify) {
  try {
    const result = /** @type {unknown} */ (verify());
    assert.equal(result, undefined, "a verifier returns nothing");
    return "ok";
  } catch (e) {
    if (e instanceof WebhookVerificationError) return e.reason;
    throw e;
  }
}

/**
 * Whether each way a receiver may call a verifier would accept the delivery: ignoring the result
 * and relying on the throw; `if (!verify(...)) reject`; `if (verify(...)) accept`. For a refused
 * delivery, none may.
 * @param {() => void} verify
 */
function acceptedBy(verify) {
  const accepts = (/** @type {() => boolean} */ f) => {
    try {
      return f();
    } catch {
      return false;
    }
  };
  return {
    ignoringTheResult: accepts(() => {
      verify();
      return true;
    }),
    // @ts-expect-error TS1345: tsc refuses to test a verifier's (void) result for truthiness.
    notRejectedByNot: accepts(() => !verify() === false),
    // @ts-expect-error TS1345, as above.
    acceptedByIf: accepts(() => (verify() ? true : false)),
  };
}

const { cases } = JSON.parse(readFileSync(new URL("../../testdata/signatures.json", import.meta.url), "utf8"));

test("there are vectors", () => assert.ok(cases.length > 0));

for (const c of cases) {
  test(`vector: ${c.name}`, () => {
    const headers = new Headers(c.headers);
    const own =
      c.api === "identity"
        ? () => verifyServiceSignature(c.secret, c.body, headers.get("X-Service-Signature"))
        : () => verifyInsuranceSignature(c.secret, c.body, headers.get("x-insurance-signature"));
    assert.equal(outcome(own), c.expect.signature, "the API's own header");
    const options = { toleranceSeconds: c.toleranceSeconds, now: new Date(c.now * 1000) };
    assert.equal(outcome(() => verifyStandard(c.secret, c.body, headers, options)), c.expect.standard, "webhook-signature");
    // Node's req.headers: lowercase names in a plain object, and the body as bytes.
    const plain = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    assert.equal(outcome(() => verifyStandard(c.secret, Buffer.from(c.body), plain, options)), c.expect.standard);
  });
}

const BODY = '{"event":"insurance.contract.issued","reference":"REF-1"}';
const PARTNER_SECRET = "partner-secret-0123456789";
const KEY = Buffer.from("0123456789abcdef0123456789abcdef");
const WHSEC = "whsec_" + KEY.toString("base64");
const PREVIOUS_KEY = Buffer.from("the previous secret's 32 bytes..");
const AT = 1795000000;
const NOW = new Date(AT * 1000);

/** @param {string | Uint8Array} secret @param {string} body */
const hexSig = (secret, body) => createHmac("sha256", secret).update(body).digest("hex");

/** @param {string | Uint8Array} key @param {string} id @param {number} ts @param {string} body */
const v1 = (key, id, ts, body) => "v1," + createHmac("sha256", key).update(`${id}.${ts}.${body}`).digest("base64");

/**
 * A delivery's Standard Webhooks headers; an undefined value leaves its header out.
 * @param {string | undefined} id @param {string | number | undefined} ts @param {string | undefined} signature
 * @returns {Record<string, string>}
 */
function standardHeaders(id, ts, signature) {
  /** @type {Record<string, string>} */
  const h = {};
  if (id !== undefined) h["webhook-id"] = id;
  if (ts !== undefined) h["webhook-timestamp"] = String(ts);
  if (signature !== undefined) h["webhook-signature"] = signature;
  return h;
}

/**
 * Each case of a refused delivery holds each way of calling to a refusal with its reason.
 * @param {() => void} verify
 * @param {"signature" | "timestamp"} reason
 */
function assertRefused(verify, reason) {
  assert.throws(verify, (e) => e instanceof WebhookVerificationError && e.reason === reason);
  assert.deepEqual(acceptedBy(verify), { ignoringTheResult: false, notRejectedByNot: false, acceptedByIf: false });
}

const good = hexSig(PARTNER_SECRET, BODY);
/** @type {[string, string | undefined, string, string | null | undefined, boolean][]} name, secret, body, signature, accepted */
const hexCases = [
  ["valid", PARTNER_SECRET, BODY, good, true],
  ["valid in upper case", PARTNER_SECRET, BODY, good.toUpperCase(), true],
  ["forged: another secret", "another-secret", BODY, good, false],
  ["forged: signed with another secret", PARTNER_SECRET, BODY, hexSig("another-secret", BODY), false],
  ["forged: empty secret on both sides", "", BODY, hexSig("", BODY), false],
  ["forged: no secret (an unset variable)", undefined, BODY, hexSig("", BODY), false],
  ["tampered body: one byte more", PARTNER_SECRET, BODY + " ", good, false],
  ["tampered body: a field changed", PARTNER_SECRET, BODY.replace("REF-1", "REF-2"), good, false],
  ["missing", PARTNER_SECRET, BODY, null, false],
  ["empty", PARTNER_SECRET, BODY, "", false],
  ["truncated", PARTNER_SECRET, BODY, good.slice(0, 62), false],
  ["two values: the header carries one", PARTNER_SECRET, BODY, hexSig("old", BODY) + " " + good, false],
  ["not hex", PARTNER_SECRET, BODY, "z".repeat(64), false],
];
for (const [fn, verify] of /** @type {const} */ ([
  ["verifyServiceSignature", verifyServiceSignature],
  ["verifyInsuranceSignature", verifyInsuranceSignature],
])) {
  for (const [name, secret, body, signature, accepted] of hexCases) {
    test(`${fn}: ${name}`, () => {
      const call = () => verify(/** @type {string} */ (secret), body, signature);
      if (accepted) assert.equal(outcome(call), "ok");
      else assertRefused(call, "signature");
    });
  }
}

const ts = AT;
const goodV1 = v1(KEY, "msg_1", ts, BODY);
const old = (/** @type {number} */ seconds) => [AT - seconds, v1(KEY, "msg_1", AT - seconds, BODY)];
const [replayTS, replaySig] = old(360);
const [dayTS, daySig] = old(86400);
const [edgeTS, edgeSig] = old(TOLERANCE_SECONDS);
const [futureTS, futureSig] = old(-360);
/** @type {[string, string | undefined, string, Record<string, string>, "ok" | "signature" | "timestamp", { toleranceSeconds?: number, now?: Date }?][]} */
const standardCases = [
  ["valid: the whsec_ secret's decoded key", WHSEC, BODY, standardHeaders("msg_1", ts, goodV1), "ok"],
  ["valid: whsec_ without its padding", WHSEC.replace(/=+$/, ""), BODY, standardHeaders("msg_1", ts, goodV1), "ok"],
  ["valid: a partner's secret as its bytes", PARTNER_SECRET, BODY, standardHeaders("msg_1", ts, v1(PARTNER_SECRET, "msg_1", ts, BODY)), "ok"],
  ["valid: exactly the tolerance old", WHSEC, BODY, standardHeaders("msg_1", edgeTS, String(edgeSig)), "ok"],
  ["rotation: the new secret's signature first", WHSEC, BODY, standardHeaders("msg_1", ts, `${goodV1} ${v1(PREVIOUS_KEY, "msg_1", ts, BODY)}`), "ok"],
  ["rotation: the new secret's signature second", WHSEC, BODY, standardHeaders("msg_1", ts, `${v1(PREVIOUS_KEY, "msg_1", ts, BODY)} ${goodV1}`), "ok"],
  ["rotation: neither signature", WHSEC, BODY, standardHeaders("msg_1", ts, `${v1(PREVIOUS_KEY, "msg_1", ts, BODY)} ${v1("x", "msg_1", ts, BODY)}`), "signature"],
  ["rotation: replayed", WHSEC, BODY, standardHeaders("msg_1", replayTS, `${v1(PREVIOUS_KEY, "msg_1", Number(replayTS), BODY)} ${replaySig}`), "timestamp"],
  ["forged: another secret", "whsec_" + PREVIOUS_KEY.toString("base64"), BODY, standardHeaders("msg_1", ts, goodV1), "signature"],
  ["forged: keyed with the whole whsec_ string", WHSEC, BODY, standardHeaders("msg_1", ts, v1(WHSEC, "msg_1", ts, BODY)), "signature"],
  ["forged: empty secret on both sides", "", BODY, standardHeaders("msg_1", ts, v1("", "msg_1", ts, BODY)), "signature"],
  ["forged: no secret (an unset variable)", undefined, BODY, standardHeaders("msg_1", ts, v1("", "msg_1", ts, BODY)), "signature"],
  ["tampered body", WHSEC, BODY + " ", standardHeaders("msg_1", ts, goodV1), "signature"],
  ["tampered timestamp, within the tolerance", WHSEC, BODY, standardHeaders("msg_1", ts + 1, goodV1), "signature"],
  ["tampered timestamp, a stale signature made fresh", WHSEC, BODY, standardHeaders("msg_1", ts, String(replaySig)), "signature"],
  ["tampered id", WHSEC, BODY, standardHeaders("msg_2", ts, goodV1), "signature"],
  ["replayed: 6 minutes later", WHSEC, BODY, standardHeaders("msg_1", replayTS, String(replaySig)), "timestamp"],
  ["replayed: a day later", WHSEC, BODY, standardHeaders("msg_1", dayTS, String(daySig)), "timestamp"],
  ["timestamp 6 minutes ahead", WHSEC, BODY, standardHeaders("msg_1", futureTS, String(futureSig)), "timestamp"],
  ["replayed, with a tolerance that is not a number", WHSEC, BODY, standardHeaders("msg_1", replayTS, String(replaySig)), "timestamp", { toleranceSeconds: Number("five minutes"), now: NOW }],
  ["replayed, with a now that is not a date", WHSEC, BODY, standardHeaders("msg_1", replayTS, String(replaySig)), "timestamp", { now: new Date("yesterday") }],
  ["missing webhook-id", WHSEC, BODY, standardHeaders(undefined, ts, goodV1), "signature"],
  ["missing webhook-timestamp", WHSEC, BODY, standardHeaders("msg_1", undefined, goodV1), "signature"],
  ["missing webhook-signature", WHSEC, BODY, standardHeaders("msg_1", ts, undefined), "signature"],
  ["missing every header", WHSEC, BODY, {}, "signature"],
  ["a timestamp not in seconds", WHSEC, BODY, standardHeaders("msg_1", "2026-11-18T09:46:40Z", goodV1), "signature"],
  ["v2 only", WHSEC, BODY, standardHeaders("msg_1", ts, "v2," + goodV1.slice(3)), "signature"],
  ["no version", WHSEC, BODY, standardHeaders("msg_1", ts, goodV1.slice(3)), "signature"],
];
for (const [name, secret, body, headers, want, options = { now: NOW }] of standardCases) {
  test(`verifyStandard: ${name}`, () => {
    for (const h of [headers, new Headers(headers)]) {
      const call = () => verifyStandard(/** @type {string} */ (secret), body, h, options);
      if (want === "ok") assert.equal(outcome(call), "ok");
      else assertRefused(call, want);
    }
  });
}

test("the reason of a refusal is on its error, never a truthy return", () => {
  try {
    verifyStandard(WHSEC, BODY, standardHeaders("msg_1", replayTS, String(replaySig)), { now: NOW });
    assert.fail("a replay was accepted");
  } catch (e) {
    assert.ok(e instanceof WebhookVerificationError && e instanceof Error);
    assert.equal(e.name, "WebhookVerificationError");
    assert.equal(e.reason, "timestamp");
  }
});
