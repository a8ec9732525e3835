/** How far webhook-timestamp may be from the receiver's clock, in seconds: 5 minutes. */
export declare const TOLERANCE_SECONDS: number;

/** Checks X-Service-Signature (identity API): hex HMAC-SHA256 of the raw body. */
export declare function verifyServiceSignature(secret: string | Uint8Array, body: string | Uint8Array, signature: string | null | undefined): boolean;

/** Checks x-insurance-signature (partner API): hex HMAC-SHA256 of the raw body. */
export declare function verifyInsuranceSignature(secret: string | Uint8Array, body: string | Uint8Array, signature: string | null | undefined): boolean;

/**
 * Checks webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks): "ok", "signature"
 * (missing or wrong) or "timestamp" (outside the tolerance).
 */
export declare function verifyStandard(
  secret: string | Uint8Array,
  body: string | Uint8Array,
  headers: Headers | Record<string, string | string[] | undefined>,
  options?: { toleranceSeconds?: number; now?: Date },
): "ok" | "signature" | "timestamp";
