// @ts-check
// Verification of this platform's webhook deliveries, in constant time and over the exact raw
// body: the identity API's X-Service-Signature, the partner API's x-insurance-signature, and the
// Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) that both send. It
// behaves as the backend's reference verifier (the Go SDK's webhookverify); sdk/testdata/signatures.json,
// made with the backend's signer, holds both to it.
//
// Every verifier answers the same way: it returns nothing for a delivery to accept, and throws a
// WebhookVerificationError for any other (its reason says why). Nothing a verifier returns is a
// verdict, so neither `if (!verify(...))` nor an ignored result can let a forgery through;
// TypeScript refuses the former (a void result cannot be tested for truthiness).
import { createHmac, timingSafeEqual } from "node:crypto";

/** How far webhook-timestamp may be from the receiver's clock, in seconds: 5 minutes. */
export const TOLERANCE_SECONDS = 300;

/**
 * The refusal of a delivery: answer 401 and ignore its body. reason is "signature" (missing or
 * wrong, or no secret to check it with) or "timestamp" (webhook-timestamp outside the tolerance: a
 * replay, or a badly set clock).
 */
export class WebhookVerificationError extends Error {
  /**
   * @param {"signature" | "timestamp"} reason
   * @param {string} message
   */
  constructor(reason, message) {
    super(message);
    this.name = "WebhookVerificationError";
    /** @readonly */
    this.reason = reason;
  }
}

/**
 * Checks X-Service-Signature (identity API): the lowercase hex HMAC-SHA256 of the raw body, keyed
 * with the endpoint's secret as shown, whsec_ included. During a rotation's overlap it is made
 * with the new secret only: verifyStandard accepts either. Returns nothing; throws a
 * WebhookVerificationError if the signature does not match.
 * @param {string | Uint8Array} secret
 * @param {string | Uint8Array} body the raw body, before any JSON parsing
 * @param {string | null | undefined} signature the header's value
 * @returns {void}
 */
export function verifyServiceSignature(secret, body, signature) {
  verifyHexHMAC(secret, body, signature);
}

/**
 * Checks x-insurance-signature (partner API): the lowercase hex HMAC-SHA256 of the raw body, keyed
 * with the partner's secret. Returns nothing; throws a WebhookVerificationError if the signature
 * does not match.
 * @param {string | Uint8Array} secret
 * @param {string | Uint8Array} body the raw body, before any JSON parsing
 * @param {string | null | undefined} signature the header's value
 * @returns {void}
 */
export function verifyInsuranceSignature(secret, body, signature) {
  verifyHexHMAC(secret, body, signature);
}

/**
 * @param {string | Uint8Array} secret
 * @param {string | Uint8Array} body
 * @param {string | null | undefined} signature
 */
function verifyHexHMAC(secret, body, signature) {
  requireSecret(secret);
  const hex = (signature ?? "").trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new WebhookVerificationError("signature", "signature missing or not hex HMAC-SHA256");
  const want = createHmac("sha256", secret).update(body).digest();
  if (!timingSafeEqual(Buffer.from(hex, "hex"), want)) throw new WebhookVerificationError("signature", "signature does not match the body");
}

/**
 * Refuses an empty secret, with which anyone could sign (an unset environment variable, say).
 * @param {string | Uint8Array | null | undefined} secret
 */
function requireSecret(secret) {
  if (secret == null || secret.length === 0) throw new WebhookVerificationError("signature", "no secret to verify with");
}

/**
 * Checks the Standard Webhooks headers: webhook-signature holds one or more space-separated
 * "v1,<base64>" values (two during a secret rotation's overlap, under the new and the old secret)
 * of HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}", and one matching is enough. The
 * key is as that specification says: for a secret "whsec_<base64>" (as the identity API shows it)
 * the decoded bytes, for any other secret (a partner's own) its bytes. Returns nothing; throws a
 * WebhookVerificationError whose reason is "signature" (missing or wrong) or "timestamp"
 * (webhook-timestamp outside the tolerance: a replay, or a badly set clock).
 * @param {string | Uint8Array} secret
 * @param {string | Uint8Array} body the raw body, before any JSON parsing
 * @param {Headers | Record<string, string | string[] | undefined>} headers the delivery's headers (a
 *   Fetch Headers, or Node's req.headers with lowercase names)
 * @param {{ toleranceSeconds?: number, now?: Date }} [options]
 * @returns {void}
 */
export function verifyStandard(secret, body, headers, options = {}) {
  requireSecret(secret);
  const get = (/** @type {string} */ name) => header(headers, name);
  const id = get("webhook-id");
  const ts = get("webhook-timestamp");
  if (!id || !/^-?\d+$/.test(ts)) throw new WebhookVerificationError("signature", "webhook-id or webhook-timestamp missing");
  const tolerance = options.toleranceSeconds ?? TOLERANCE_SECONDS;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  // Written so that NaN (an invalid now or tolerance) refuses rather than skips the check.
  if (!(Math.abs(now - Number(ts)) <= tolerance)) {
    throw new WebhookVerificationError("timestamp", `webhook-timestamp ${ts} is more than ${tolerance} s from now`);
  }
  const want = createHmac("sha256", standardKey(secret)).update(`${id}.${ts}.`).update(body).digest();
  for (const sig of get("webhook-signature").split(/\s+/)) {
    const [version, value] = splitOnce(sig, ",");
    if (version !== "v1" || value === undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) continue;
    const got = Buffer.from(value, "base64");
    if (got.length === want.length && timingSafeEqual(got, want)) return;
  }
  throw new WebhookVerificationError("signature", "no webhook-signature matches");
}

/**
 * The HMAC key of webhook-signature for a secret as shown to its owner.
 * @param {string | Uint8Array} secret
 * @returns {string | Uint8Array}
 */
function standardKey(secret) {
  const s = typeof secret === "string" ? secret : Buffer.from(secret).toString("latin1");
  if (!s.startsWith("whsec_")) return secret;
  const rest = s.slice("whsec_".length);
  // Standard base64, padded or not, as the Standard Webhooks libraries accept.
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(rest) || (rest.includes("=") && rest.length % 4 !== 0)) return secret;
  const key = Buffer.from(rest, "base64");
  return key.length > 0 ? key : secret;
}

/**
 * @param {Headers | Record<string, string | string[] | undefined>} headers
 * @param {string} name
 * @returns {string}
 */
function header(headers, name) {
  if (typeof Headers !== "undefined" && headers instanceof Headers) return headers.get(name) ?? "";
  const h = /** @type {Record<string, string | string[] | undefined>} */ (headers);
  const key = Object.keys(h).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : h[key];
  return Array.isArray(v) ? v.join(" ") : v ?? "";
}

/**
 * @param {string} s
 * @param {string} sep
 * @returns {[string, string | undefined]}
 */
function splitOnce(s, sep) {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}
