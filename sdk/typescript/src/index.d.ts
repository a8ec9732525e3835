// Declarations of the hand-written layer (index.js); identity.d.ts and partner.d.ts are generated.
import type { Client, Middleware } from "openapi-fetch";
import type { paths as IdentityPaths, components as IdentityComponents, operations as IdentityOperations } from "./identity.js";
import type { paths as PartnerPaths, components as PartnerComponents, operations as PartnerOperations } from "./partner.js";

export * from "./webhooks.js";
// The generated types: by path and method (what the clients' GET, POST, ... take), by schema, and
// by operation under its operationId (IdentityOperations["getExtraction"]).
export type { IdentityPaths, IdentityComponents, IdentityOperations, PartnerPaths, PartnerComponents, PartnerOperations };

export type IdentityClient = Client<IdentityPaths>;
export type PartnerClient = Client<PartnerPaths>;
export type Extraction = IdentityComponents["schemas"]["Extraction"];
export type Verification = IdentityComponents["schemas"]["Verification"];
export type Problem = IdentityComponents["schemas"]["Problem"] | PartnerComponents["schemas"]["Problem"];

export interface ClientOptions {
  /** The stage's address, such as http://127.0.0.1:3000 for the local stack. */
  baseUrl: string;
  /** An API key: X-API-Key (identity: sk_live_…, sk_test_…) or x-api-key (partner: pk_…, ak_…). */
  apiKey?: string;
  /** A login token, sent as Authorization: Bearer. */
  bearerToken?: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
  /** How retryingFetch retries the reads and the requests that carry an Idempotency-Key. */
  retries?: RetryOptions;
}

export interface RetryOptions {
  /** Tries in all, 3 by default. */
  attempts?: number;
  /** The wait after the first try when the answer names none, doubling; 500 by default. */
  backoffMs?: number;
  /** The longest Retry-After waited out; 60000 by default. */
  maxWaitMs?: number;
}

/** A client of the identity API, the key in X-API-Key, with autoIdempotencyKeys and retryingFetch. */
export declare function createIdentityClient(options: ClientOptions): IdentityClient;
/** A client of the partner API, the key in x-api-key, with autoIdempotencyKeys and retryingFetch. */
export declare function createPartnerClient(options: ClientOptions): PartnerClient;

/**
 * A fetch that sends a GET or HEAD, or a request carrying an Idempotency-Key (with the same key),
 * again after a network error, a 429, 502, 503 or 504, or a 409 with Retry-After.
 */
export declare function retryingFetch(fetchImpl?: typeof fetch, options?: RetryOptions): typeof fetch;

/** A fresh Idempotency-Key: a random UUID v4. */
export declare function newIdempotencyKey(): string;
/** The operations of both APIs that take an Idempotency-Key, as "METHOD /path/{param}". */
export declare const IDEMPOTENT_WRITES: readonly string[];
/** Gives each idempotent write without a key a fresh one. */
export declare const autoIdempotencyKeys: Middleware;
/** Whether a response is a stored one answered again for a key already used. */
export declare function replayed(response: Response): boolean;

/** An answer other than the one an operation succeeds with. */
export declare class APIError extends Error {
  constructor(response: Response, problem: unknown);
  readonly status: number;
  /** validation_failed, not_found, rate_limited, ... */
  readonly kind: string;
  readonly problem: Problem | undefined;
  /** How long Retry-After asks to wait, in milliseconds. */
  readonly retryAfterMs: number | undefined;
}

/** The data of an openapi-fetch result, or throws its APIError. */
export declare function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T;

/** POST /v1/extract/async with the file as multipart/form-data. */
export declare function extractFile(
  client: IdentityClient,
  document: { file: Blob | Uint8Array; filename: string; documentType: IdentityComponents["schemas"]["DocumentType"]; referenceId?: string },
): Promise<IdentityComponents["schemas"]["ExtractAccepted"]>;

export interface WaitOptions {
  /** The wait before the second poll, 500 by default. */
  initialMs?: number;
  /** The longest wait between two polls, Retry-After aside; 5000 by default. */
  maxMs?: number;
  /** How long to wait in all, 120000 by default. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Polls the extraction until completed or failed, with backoff and Retry-After. */
export declare function waitForExtraction(client: IdentityClient, extractionId: string, options?: WaitOptions): Promise<Extraction>;

/** Polls the verification until completed (its decision set) or failed, as waitForExtraction. */
export declare function waitForVerification(client: IdentityClient, verificationId: string, options?: WaitOptions): Promise<Verification>;

type ListPaths<P> = {
  [K in keyof P]: P[K] extends { get: { responses: { 200: { content: { "application/json": { data: unknown[]; nextCursor: unknown } } } } } } ? K : never;
}[keyof P];
type ListItem<P, K extends keyof P> = P[K] extends { get: { responses: { 200: { content: { "application/json": { data: (infer T)[] } } } } } } ? T : never;
type ListInit<P, K extends keyof P> = P[K] extends { get: { parameters: infer Params } } ? { params?: Partial<Params>; signal?: AbortSignal; headers?: Record<string, string> } : never;

/** Every item of a list, following its cursors. */
export declare function listAll<K extends ListPaths<IdentityPaths>>(client: IdentityClient, path: K, init?: ListInit<IdentityPaths, K>): AsyncGenerator<ListItem<IdentityPaths, K>, void, undefined>;
export declare function listAll<K extends ListPaths<PartnerPaths>>(client: PartnerClient, path: K, init?: ListInit<PartnerPaths, K>): AsyncGenerator<ListItem<PartnerPaths, K>, void, undefined>;
