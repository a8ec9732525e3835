// @ts-check
// The clients' retries against a local HTTP server that fails, then answers, and records the
// Idempotency-Key of every request it saw: a read, or a write carrying a key (the same each time),
// is sent again after a dropped connection, a 429 or a 503, a bounded number of times, waiting
// the answer's Retry-After; a write without a key is sent once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { APIError, createIdentityClient, createPartnerClient, extractFile, unwrap, waitForExtraction } from "../src/index.js";

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const extraction = { extractionId: "ext_1", status: "completed", documentType: "auto", creditsUsed: 0, livemode: false, createdAt: "2026-11-23T08:00:00Z" };

/**
 * A server answering its nth request with answers[n] (the last one once they run out): "drop"
 * closes the connection unanswered, [status, headers?, body?] answers. It records each request.
 * @param {("drop" | [number, Record<string, string>?, unknown?])[]} answers
 */
async function failing(answers) {
  /** @type {{ method: string, key: string | undefined, body: string }[]} */
  const seen = [];
  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", key: /** @type {string | undefined} */ (req.headers["idempotency-key"]), body: Buffer.concat(chunks).toString("latin1") });
      const answer = answers[Math.min(seen.length, answers.length) - 1];
      if (answer === "drop") return void req.socket.destroy();
      const [status, headers = {}, body = { status }] = answer;
      res.writeHead(status, { "Content-Type": status < 400 ? "application/json" : "application/problem+json", ...headers });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

test("a read: dropped, 429, 503, then answered", async (t) => {
  const s = await failing(["drop", [429, { "Retry-After": "0" }], [503], [200, {}, extraction]]);
  t.after(s.close);
  const c = createIdentityClient({ baseUrl: s.baseUrl, apiKey: "sk_test_1", retries: { attempts: 4, backoffMs: 1 } });
  const e = unwrap(await c.GET("/v1/extractions/{extractionId}", { params: { path: { extractionId: "ext_1" } } }));
  assert.equal(e.extractionId, "ext_1");
  assert.deepEqual(s.seen.map((r) => [r.method, r.key]), Array(4).fill(["GET", undefined]));
});

test("a read is tried 3 times by default, then the last answer is returned", async (t) => {
  const s = await failing([[503, { "Retry-After": "0" }]]);
  t.after(s.close);
  const c = createPartnerClient({ baseUrl: s.baseUrl, apiKey: "pk_1" });
  const result = await c.GET("/api/v1/partner/contracts/requests");
  assert.equal(result.response.status, 503);
  assert.equal(s.seen.length, 3);
});

test("a write with a key: dropped, then 429 waits its Retry-After, then answered, with one key and body", async (t) => {
  const s = await failing(["drop", [429, { "Retry-After": "1" }], [202, {}, { extractionId: "ext_9", status: "queued" }]]);
  t.after(s.close);
  const c = createIdentityClient({ baseUrl: s.baseUrl, apiKey: "sk_test_1", retries: { backoffMs: 1 } });
  const start = Date.now();
  const accepted = await extractFile(c, { file: new Uint8Array([7, 7, 7]), filename: "p.png", documentType: "passport" });
  assert.equal(accepted.extractionId, "ext_9");
  assert.ok(Date.now() - start >= 1000, "sent again before Retry-After's second");
  assert.equal(s.seen.length, 3);
  assert.match(s.seen[0].key ?? "", UUID4);
  for (const r of s.seen) {
    assert.equal(r.key, s.seen[0].key);
    assert.equal(r.body, s.seen[0].body);
  }
});

test("a write with the caller's key keeps it on every try", async (t) => {
  const s = await failing([[503], [409, { "Retry-After": "0" }], [201, {}, { reference: "AUT-1" }]]);
  t.after(s.close);
  const c = createPartnerClient({ baseUrl: s.baseUrl, apiKey: "pk_1", retries: { backoffMs: 1 } });
  const body = /** @type {any} */ ({ returnUrl: "r", cancelUrl: "c", contract: {} });
  await c.POST("/api/v1/partner/contracts/auto/classic", { body, params: { header: { "idempotency-key": "mine" } } });
  assert.deepEqual(s.seen.map((r) => r.key), ["mine", "mine", "mine"]);
});

test("a write without a key is sent once, dropped or answered 503", async (t) => {
  const s = await failing([[503], [204]]);
  t.after(s.close);
  const c = createPartnerClient({ baseUrl: s.baseUrl, apiKey: "pk_1", retries: { backoffMs: 1 } });
  const { response } = await c.DELETE("/api/v1/partners/me/keys/{keyId}", { params: { path: { keyId: "key_1" } } });
  assert.equal(response.status, 503);
  assert.deepEqual(s.seen.map((r) => [r.method, r.key]), [["DELETE", undefined]]);

  const dropped = await failing(["drop", [204]]);
  t.after(dropped.close);
  const d = createPartnerClient({ baseUrl: dropped.baseUrl, apiKey: "pk_1", retries: { backoffMs: 1 } });
  await assert.rejects(d.DELETE("/api/v1/partners/me/keys/{keyId}", { params: { path: { keyId: "key_1" } } }), TypeError);
  assert.equal(dropped.seen.length, 1);
});

test("a Retry-After longer than maxWaitMs is answered at once", async (t) => {
  const s = await failing([[429, { "Retry-After": "3600" }, { type: "http://x/errors/rate_limited", status: 429 }]]);
  t.after(s.close);
  const c = createIdentityClient({ baseUrl: s.baseUrl, apiKey: "sk_test_1" });
  const result = await c.GET("/v1/extractions/{extractionId}", { params: { path: { extractionId: "ext_1" } } });
  assert.throws(() => unwrap(result), (e) => e instanceof APIError && e.status === 429 && e.retryAfterMs === 3600000);
  assert.equal(s.seen.length, 1);
});

test("waitForExtraction: a retry's wait ends at its deadline", async (t) => {
  const s = await failing([[429, { "Retry-After": "30" }]]);
  t.after(s.close);
  const c = createIdentityClient({ baseUrl: s.baseUrl, apiKey: "sk_test_1" });
  const start = Date.now();
  await assert.rejects(waitForExtraction(c, "ext_1", { timeoutMs: 300 }), { name: "TimeoutError", message: /ext_1/ });
  assert.ok(Date.now() - start < 10000, `waited ${Date.now() - start} ms`);
});
