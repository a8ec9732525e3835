// @ts-check
// The hand-written layer over openapi-fetch and the types openapi-typescript generated from
// openapi/identity.yaml (identity.d.ts) and openapi/partner.yaml (partner.d.ts): authentication,
// a fresh Idempotency-Key per write that creates or charges (sent again, the same, on the
// client's retries), waiting for an extraction, following list cursors, and the problems the APIs
// answer. The declarations are in index.d.ts.
import createClient from "openapi-fetch";
import { randomUUID } from "node:crypto";

export * from "./webhooks.js";

/**
 * A client of the identity API: the key (sk_live_… or sk_test_…) in X-API-Key, as its apiKey
 * security scheme says, or a login token as Authorization: Bearer; a fresh Idempotency-Key on
 * every request that creates or charges and was given none, sent again with its retries
 * (retryingFetch).
 * @param {{ baseUrl: string, apiKey?: string, bearerToken?: string, fetch?: typeof fetch, headers?: Record<string, string>, retries?: RetryOptions }} options
 */
export function createIdentityClient({ baseUrl, apiKey, bearerToken, fetch, headers = {}, retries }) {
  /** @type {import("openapi-fetch").Client<import("./identity.js").paths>} */
  const client = createClient({
    baseUrl,
    fetch: retryingFetch(fetch, retries),
    headers: { ...auth("X-API-Key", apiKey, bearerToken), ...headers },
  });
  client.use(autoIdempotencyKeys);
  return client;
}

/**
 * A client of the partner API: the key (pk_<stage>_… or ak_<stage>_…) in x-api-key, as its
 * partnerKey security scheme says, or a login token as Authorization: Bearer; and a fresh
 * Idempotency-Key on every write that takes one and was given none, sent again with its retries
 * (retryingFetch).
 * @param {{ baseUrl: string, apiKey?: string, bearerToken?: string, fetch?: typeof fetch, headers?: Record<string, string>, retries?: RetryOptions }} options
 */
export function createPartnerClient({ baseUrl, apiKey, bearerToken, fetch, headers = {}, retries }) {
  /** @type {import("openapi-fetch").Client<import("./partner.js").paths>} */
  const client = createClient({
    baseUrl,
    fetch: retryingFetch(fetch, retries),
    headers: { ...auth("x-api-key", apiKey, bearerToken), ...headers },
  });
  client.use(autoIdempotencyKeys);
  return client;
}

/** @typedef {{ attempts?: number, backoffMs?: number, maxWaitMs?: number }} RetryOptions */

/**
 * A fetch that sends a request that is safe to send again (a GET or HEAD, or a request carrying an
 * Idempotency-Key, with that same key and body) again after a network error (a write may have
 * taken effect), a 429, 502, 503 or 504, or a 409 with Retry-After (a key's first request still
 * running): up to attempts (3) in all, waiting the answer's Retry-After, else backoffMs (500)
 * doubling; an answer asking for more than maxWaitMs (60000) is returned as it is. Any other
 * request (a write without a key) is sent once: sent twice it could act twice. Both clients use
 * it; for a write the key makes the retry safe, and only the same key does.
 * @param {typeof fetch} [fetchImpl] the fetch to send with; globalThis.fetch by default
 * @param {RetryOptions} [options]
 * @returns {typeof fetch}
 */
export function retryingFetch(fetchImpl, { attempts = 3, backoffMs = 500, maxWaitMs = 60000 } = {}) {
  const send = fetchImpl ?? ((/** @type {any} */ input, /** @type {any} */ init) => globalThis.fetch(input, init));
  return /** @type {typeof fetch} */ (
    async (/** @type {any} */ input, /** @type {any} */ init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const safe = request.method === "GET" || request.method === "HEAD" || request.headers.has("Idempotency-Key");
      if (!safe) return send(input, init);
      for (let attempt = 1; ; attempt++) {
        /** @type {Response | undefined} */
        let response;
        let failure;
        try {
          response = await send(request.clone(), init);
        } catch (err) {
          failure = err;
        }
        const again = response
          ? [429, 502, 503, 504].includes(response.status) || (response.status === 409 && response.headers.has("Retry-After"))
          : !request.signal?.aborted;
        if (attempt >= attempts || !again) {
          if (!response) throw failure;
          return response;
        }
        let wait = backoffMs * 2 ** (attempt - 1);
        if (response) {
          const asked = retryAfterMs(response.headers);
          if (asked !== undefined && asked > maxWaitMs) return response;
          if (asked !== undefined) wait = asked;
          await response.body?.cancel();
        }
        await sleep(wait, request.signal);
      }
    }
  );
}

/**
 * @param {string} name
 * @param {string | undefined} apiKey
 * @param {string | undefined} bearerToken
 * @returns {Record<string, string>}
 */
function auth(name, apiKey, bearerToken) {
  /** @type {Record<string, string>} */
  const h = {};
  if (apiKey) h[name] = apiKey;
  if (bearerToken) h.Authorization = `Bearer ${bearerToken}`;
  return h;
}

/** A fresh Idempotency-Key: a random UUID v4, as the APIs ask. */
export function newIdempotencyKey() {
  return randomUUID();
}

/**
 * The operations that take an Idempotency-Key: of openapi/identity.yaml, every request that creates
 * or charges; of openapi/partner.yaml, the contract creations, the webhook configuration, the
 * redelivery and recovery of deliveries, the creation of partners and the rotation of their keys.
 */
export const IDEMPOTENT_WRITES = Object.freeze([
  "POST /v1/extract/async",
  "POST /v1/batches",
  "POST /v1/uploads",
  "POST /v1/liveness/check",
  "POST /v1/face-match",
  "POST /v1/verifications",
  "POST /v1/mobile-handoff/session",
  "POST /v1/api-keys",
  "POST /v1/webhooks",
  "POST /v1/admin/users/{userId}/credits",
  "POST /api/v1/partner/contracts/auto/classic",
  "POST /api/v1/partner/contracts/voyage/classic",
  "POST /api/v1/contracts/auto/classic",
  "PATCH /api/v1/partners/me/webhook",
  "PATCH /api/v1/partners/{partnerId}/webhook",
  "POST /api/v1/partners/me/webhook/deliveries/{deliveryId}/redeliver",
  "POST /api/v1/partners/me/webhook/recover",
  "POST /api/v1/admin/partners",
  "POST /api/v1/partners/me/keys/rotate",
  "POST /api/v1/admin/partners/{partnerId}/keys/rotate",
]);

/**
 * The middleware that gives each idempotent write without a key a fresh one: a key per call,
 * which the client's retries (retryingFetch) send again. To retry a call yourself, across
 * processes say, make a key (newIdempotencyKey) and pass it on every try, as
 * params.header["idempotency-key"] (Idempotency-Key on the identity API) or a header of the call.
 * @type {import("openapi-fetch").Middleware}
 */
export const autoIdempotencyKeys = {
  onRequest({ request, schemaPath }) {
    if (!request.headers.has("Idempotency-Key") && IDEMPOTENT_WRITES.includes(`${request.method} ${schemaPath}`)) {
      request.headers.set("Idempotency-Key", newIdempotencyKey());
    }
    return request;
  },
};

/** Whether a response is a stored one answered again for a key already used. */
export function replayed(/** @type {Response} */ response) {
  return response.headers.get("idempotent-replayed") === "true";
}

/**
 * An answer other than the one an operation succeeds with: its status, the RFC 9457 problem the
 * API sent (undefined when the body was not one) and, for a 429, how long Retry-After asks to wait.
 */
export class APIError extends Error {
  /**
   * @param {Response} response
   * @param {any} problem
   */
  constructor(response, problem) {
    const p = problem && typeof problem === "object" ? problem : undefined;
    const kind = p?.type ? String(p.type).slice(String(p.type).lastIndexOf("/") + 1) : "";
    let message = `HTTP ${response.status}${kind ? ` ${kind}` : ""}${p?.detail ? `: ${p.detail}` : ""}`;
    if (Array.isArray(p?.invalidParams)) message += ` (${p.invalidParams.join("; ")})`;
    if (p?.requestId) message += ` [request ${p.requestId}]`;
    super(message);
    this.name = "APIError";
    /** @type {number} */
    this.status = response.status;
    /** The problem's kind, the last segment of its type: validation_failed, not_found, rate_limited, ... */
    this.kind = kind;
    this.problem = p;
    /** @type {number | undefined} milliseconds */
    this.retryAfterMs = retryAfterMs(response.headers);
  }
}

/**
 * How long Retry-After asks to wait, in milliseconds: seconds (as this platform sends) or an HTTP date.
 * @param {Headers} headers
 * @returns {number | undefined}
 */
function retryAfterMs(headers) {
  const v = headers.get("Retry-After")?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(at - Date.now(), 0);
}

/**
 * The data of an openapi-fetch result, or its APIError.
 * @template T
 * @param {{ data?: T, error?: unknown, response: Response }} result
 * @returns {T}
 */
export function unwrap({ data, error, response }) {
  if (!response.ok || data === undefined) throw new APIError(response, error);
  return data;
}

/**
 * Queues the extraction of one document sent in the request (POST /v1/extract/async as
 * multipart/form-data): a JPEG, PNG, WebP or PDF of about 4.5 MB at most. Answers
 * { extractionId, status }.
 * @param {ReturnType<typeof createIdentityClient>} client
 * @param {{ file: Blob | Uint8Array, filename: string, documentType: string, referenceId?: string }} document
 */
export async function extractFile(client, { file, filename, documentType, referenceId }) {
  const form = new FormData();
  form.set("documentType", documentType);
  if (referenceId) form.set("referenceId", referenceId);
  form.set("file", file instanceof Blob ? file : new Blob([file]), filename);
  // openapi-fetch sends a FormData body as is, with its boundary.
  return unwrap(await client.POST("/v1/extract/async", { body: /** @type {any} */ (form), params: {} }));
}

/**
 * Polls GET /v1/extractions/{id} until the extraction is completed or failed and answers it in
 * that state (a failed one is no error: its error says why). The polls back off exponentially,
 * from initialMs (500) doubling up to maxMs (5000); a 429 waits as long as its Retry-After asks,
 * and a 502, 503 or 504 is tried again, all within timeoutMs (120000). Any other answer throws an
 * APIError; running out of time throws an Error whose name is "TimeoutError".
 * @param {ReturnType<typeof createIdentityClient>} client
 * @param {string} extractionId
 * @param {{ initialMs?: number, maxMs?: number, timeoutMs?: number, signal?: AbortSignal }} [options]
 */
export async function waitForExtraction(client, extractionId, options = {}) {
  return waitUntil(
    (signal) => client.GET("/v1/extractions/{extractionId}", { params: { path: { extractionId } }, signal }),
    `extraction ${extractionId}`,
    options,
  );
}

/**
 * Polls GET /v1/verifications/{id} until the verification is completed (its decision set) or
 * failed, as waitForExtraction does.
 * @param {ReturnType<typeof createIdentityClient>} client
 * @param {string} verificationId
 * @param {{ initialMs?: number, maxMs?: number, timeoutMs?: number, signal?: AbortSignal }} [options]
 */
export async function waitForVerification(client, verificationId, options = {}) {
  return waitUntil(
    (signal) => client.GET("/v1/verifications/{verificationId}", { params: { path: { verificationId } }, signal }),
    `verification ${verificationId}`,
    options,
  );
}

/**
 * Polls get until its answer's status is completed or failed.
 * @template {{ status: string }} T
 * @param {(signal: AbortSignal) => Promise<{ data?: T, error?: unknown, response: Response }>} get
 * @param {string} what
 * @param {{ initialMs?: number, maxMs?: number, timeoutMs?: number, signal?: AbortSignal }} options
 * @returns {Promise<T>}
 */
async function waitUntil(get, what, options) {
  let wait = options.initialMs ?? 500;
  const ceiling = options.maxMs ?? 5000;
  const timeoutMs = options.timeoutMs ?? 120000;
  const deadline = Date.now() + timeoutMs;
  // The polls, and the client's own retries of them (retryingFetch), end at the deadline.
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let last = "not read";
  const timedOut = () => {
    const e = new Error(`${what} still ${last} after ${timeoutMs} ms`);
    e.name = "TimeoutError";
    return e;
  };
  for (;;) {
    let result;
    try {
      result = await get(signal);
    } catch (err) {
      throw timeout.aborted && !options.signal?.aborted ? timedOut() : err;
    }
    const { data, error, response } = result;
    let pause = wait;
    if (data) {
      if (data.status === "completed" || data.status === "failed") return data;
      last = data.status;
      wait = Math.min(wait * 2, ceiling);
    } else {
      const err = new APIError(response, error);
      if (![429, 502, 503, 504].includes(response.status)) throw err;
      if (err.retryAfterMs !== undefined) pause = err.retryAfterMs;
      else wait = Math.min(wait * 2, ceiling);
      last = err.message;
    }
    if (Date.now() + pause > deadline) throw timedOut();
    try {
      await sleep(pause, signal);
    } catch (err) {
      throw timeout.aborted && !options.signal?.aborted ? timedOut() : err;
    }
  }
}

/**
 * @param {number} ms
 * @param {AbortSignal} [signal]
 * @returns {Promise<void>}
 */
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });
}

/**
 * Yields every item of a list, following its cursors (nextCursor, else X-Next-Cursor) page by
 * page: a page is read only once the items before it were taken. init is the first page's
 * request, its query filtering every page. The lists: /v1/extractions, /v1/batches,
 * /v1/liveness/checks, /v1/webhooks/{id}/deliveries (identity), /api/v1/partner/contracts/requests,
 * /api/v1/partners/me/webhook/deliveries (partner). A problem answer throws an APIError.
 *
 *   for await (const e of listAll(identity, "/v1/extractions", { params: { query: { status: "completed" } } })) ...
 * @param {{ GET: Function }} client
 * @param {string} path
 * @param {{ params?: { query?: Record<string, unknown>, path?: Record<string, unknown> }, [key: string]: unknown }} [init]
 * @returns {AsyncGenerator<any, void, undefined>}
 */
export async function* listAll(client, path, init = {}) {
  /** @type {unknown} */
  let cursor = init.params?.query?.cursor;
  for (;;) {
    const query = { ...init.params?.query, ...(cursor === undefined ? {} : { cursor }) };
    const { data, error, response } = await client.GET(path, { ...init, params: { ...init.params, query } });
    const page = /** @type {{ data: unknown[], nextCursor?: string | null }} */ (unwrap({ data, error, response }));
    yield* page.data;
    const next = page.nextCursor || response.headers.get("X-Next-Cursor");
    if (!next) return;
    if (next === cursor) throw new Error(`${path}: a page named itself as the next one`);
    cursor = next;
  }
}
