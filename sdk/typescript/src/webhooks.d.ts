/** How far webhook-timestamp may be from the receiver's clock, in seconds: 5 minutes. */
export declare const TOLERANCE_SECONDS: number;

/**
 * The refusal of a delivery: answer 401 and ignore its body. reason is "signature" (missing or
 * wrong, or no secret to check it with) or "timestamp" (webhook-timestamp outside the tolerance).
 */
export declare class WebhookVerificationError extends Error {
  constructor(reason: "signature" | "timestamp", message: string);
  readonly reason: "signature" | "timestamp";
}

/**
 * Checks X-Service-Signature (identity API): hex HMAC-SHA256 of the raw body. Returns nothing;
 * throws a WebhookVerificationError if it does not match.
 */
export declare function verifyServiceSignature(secret: string | Uint8Array, body: string | Uint8Array, signature: string | null | undefined): void;

/**
 * Checks x-insurance-signature (partner API): hex HMAC-SHA256 of the raw body. Returns nothing;
 * throws a WebhookVerificationError if it does not match.
 */
export declare function verifyInsuranceSignature(secret: string | Uint8Array, body: string | Uint8Array, signature: string | null | undefined): void;

/**
 * Checks webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks). Returns nothing;
 * throws a WebhookVerificationError, reason "signature" (missing or wrong) or "timestamp" (outside
 * the tolerance).
 */
export declare function verifyStandard(
  secret: string | Uint8Array,
  body: string | Uint8Array,
  headers: Headers | Record<string, string | string[] | undefined>,
  options?: { toleranceSeconds?: number; now?: Date },
): void;
