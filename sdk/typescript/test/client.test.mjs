// The hand-written layer against a fake fetch: authentication, idempotency keys, waiting for an
// extraction, following list cursors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { APIError, IDEMPOTENT_WRITES, createIdentityClient, createPartnerClient, extractFile, listAll, replayed, waitForExtraction, waitForVerification } from "../src/index.js";
import { readFileSync } from "node:fs";

/**
 * A fetch that answers each request with respond(request, n) and records the requests.
 * @param {(request: Request, n: number) => Response | Promise<Response>} respond
 */
function fakeFetch(respond) {
  const requests = [];
  const f = async (/** @type {Request} */ request) => {
    requests.push(request);
    return respond(request, requests.length);
  };
  return { fetch: f, requests };
}

const json = (body, status = 200, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": status < 400 ? "application/json" : "application/problem+json", ...headers } });
const extraction = (status) => ({ extractionId: "ext_1", status, documentType: "auto", creditsUsed: 0, livemode: false, createdAt: "2026-11-23T08:00:00Z" });

test("identity: the key in X-API-Key", async () => {
  const { fetch, requests } = fakeFetch(() => json(extraction("completed")));
  const c = createIdentityClient({ baseUrl: "http://x", apiKey: "sk_test_abc", fetch });
  await c.GET("/v1/extractions/{extractionId}", { params: { path: { extractionId: "ext_1" } } });
  assert.equal(requests[0].headers.get("X-API-Key"), "sk_test_abc");
});

test("extractFile: multipart with its boundary", async () => {
  const { fetch, requests } = fakeFetch(() => json({ extractionId: "ext_9", status: "queued" }, 202));
  const c = createIdentityClient({ baseUrl: "http://x", apiKey: "k", fetch });
  const accepted = await extractFile(c, { file: new Uint8Array([1, 2, 3]), filename: "p.png", documentType: "passport", referenceId: "c-1" });
  assert.equal(accepted.extractionId, "ext_9");
  const form = await requests[0].formData();
  assert.match(requests[0].headers.get("Content-Type") ?? "", /^multipart\/form-data; boundary=/);
  assert.equal(form.get("documentType"), "passport");
  assert.equal(form.get("referenceId"), "c-1");
  assert.equal(/** @type {File} */ (form.get("file")).name, "p.png");
});

test("waitForExtraction: backs off until completed", async () => {
  const answers = ["queued", "processing", "processing", "completed"];
  const { fetch, requests } = fakeFetch((_, n) => json(extraction(answers[Math.min(n, answers.length) - 1])));
  const c = createIdentityClient({ baseUrl: "http://x", apiKey: "k", fetch });
  const e = await waitForExtraction(c, "ext_1", { initialMs: 1, maxMs: 4 });
  assert.equal(e.status, "completed");
  assert.equal(requests.length, 4);
});

test("waitForVerification: polls until decided", async () => {
  const { fetch, requests } = fakeFetch((_, n) =>
    json({ id: "ver_1", status: n < 3 ? "processing" : "completed", ...(n < 3 ? {} : { decision: "approved", reasons: [] }),
      policy: "standard", creditsUsed: 3, livemode: true, createdAt: "2026-11-29T08:00:00Z" }));
  const v = await waitForVerification(createIdentityClient({ baseUrl: "http://x", fetch }), "ver_1", { initialMs: 1 });
  assert.equal(v.decision, "approved");
  assert.equal(requests.length, 3);
  assert.equal(new URL(requests[0].url).pathname, "/v1/verifications/ver_1");
});

test("waitForExtraction: a failed extraction is an answer", async () => {
  const { fetch } = fakeFetch(() => json(extraction("failed")));
  const e = await waitForExtraction(createIdentityClient({ baseUrl: "http://x", fetch }), "ext_1");
  assert.equal(e.status, "failed");
});

test("waitForExtraction: honours Retry-After on 429", async () => {
  const { fetch, requests } = fakeFetch((_, n) =>
    n === 1 ? json({ type: "http://x/errors/rate_limited", status: 429, detail: "slow down" }, 429, { "Retry-After": "1" }) : json(extraction("completed")),
  );
  const start = Date.now();
  const e = await waitForExtraction(createIdentityClient({ baseUrl: "http://x", fetch }), "ext_1", { initialMs: 1 });
  assert.equal(e.status, "completed");
  assert.equal(requests.length, 2);
  assert.ok(Date.now() - start >= 1000, "polled again before Retry-After's second");
});

test("waitForExtraction: a 404 throws an APIError, the deadline a TimeoutError", async () => {
  const notFound = fakeFetch(() => json({ type: "http://x/errors/not_found", status: 404, detail: "no such extraction", requestId: "req_1" }, 404));
  await assert.rejects(waitForExtraction(createIdentityClient({ baseUrl: "http://x", fetch: notFound.fetch }), "ext_1"), (err) => {
    assert.ok(err instanceof APIError);
    assert.equal(err.kind, "not_found");
    assert.equal(err.status, 404);
    assert.match(err.message, /no such extraction.*req_1/);
    return true;
  });
  const slow = fakeFetch(() => json(extraction("processing")));
  await assert.rejects(waitForExtraction(createIdentityClient({ baseUrl: "http://x", fetch: slow.fetch }), "ext_1", { initialMs: 20, timeoutMs: 50 }), { name: "TimeoutError" });
});

test("listAll: every item, following nextCursor and X-Next-Cursor, filters kept", async () => {
  const pages = {
    "": json({ data: [extraction("completed"), extraction("failed")], nextCursor: "c2" }),
    c2: json({ data: [] }, 200, { "X-Next-Cursor": "c3" }),
    c3: json({ data: [extraction("queued")], nextCursor: null }),
  };
  const { fetch, requests } = fakeFetch((r) => pages[new URL(r.url).searchParams.get("cursor") ?? ""]);
  const c = createIdentityClient({ baseUrl: "http://x", apiKey: "k", fetch });
  const items = [];
  for await (const e of listAll(c, "/v1/extractions", { params: { query: { status: "completed" } } })) items.push(e.status);
  assert.deepEqual(items, ["completed", "failed", "queued"]);
  assert.deepEqual(requests.map((r) => new URL(r.url).search), ["?status=completed", "?status=completed&cursor=c2", "?status=completed&cursor=c3"]);
});

test("listAll: a problem throws", async () => {
  const { fetch } = fakeFetch(() => json({ type: "http://x/errors/validation_failed", status: 422, invalidParams: ["cursor: not of this list"] }, 422));
  const c = createPartnerClient({ baseUrl: "http://x", apiKey: "pk", fetch });
  await assert.rejects(async () => {
    for await (const _ of listAll(c, "/api/v1/partner/contracts/requests")) void _;
  }, /validation_failed.*cursor: not of this list/);
});

test("partner: the key in x-api-key, a fresh Idempotency-Key per write unless given", async () => {
  const { fetch, requests } = fakeFetch(() => json({ reference: "REF-1" }, 201, { "idempotent-replayed": "true" }));
  const c = createPartnerClient({ baseUrl: "http://x", apiKey: "pk_sandbox_abc", fetch });
  const body = /** @type {any} */ ({ returnUrl: "r", cancelUrl: "c", contract: {} });
  await c.POST("/api/v1/partner/contracts/auto/classic", { body });
  await c.POST("/api/v1/partner/contracts/auto/classic", { body });
  const { response } = await c.POST("/api/v1/partner/contracts/auto/classic", { body, params: { header: { "idempotency-key": "mine" } } });
  await c.PATCH("/api/v1/partners/{partnerId}/webhook", { params: { path: { partnerId: "p_1" } }, body: {} });
  await c.GET("/api/v1/partner/contracts/requests");
  await c.POST("/api/v1/partners/me/keys/rotate");
  await c.DELETE("/api/v1/partners/me/keys/{keyId}", { params: { path: { keyId: "key_1" } } });
  const keys = requests.map((r) => r.headers.get("Idempotency-Key"));
  assert.match(keys[0] ?? "", /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.notEqual(keys[0], keys[1]);
  assert.equal(keys[2], "mine");
  assert.ok(keys[3], "PATCH of a partner's webhook");
  assert.equal(keys[4], null, "a read");
  assert.ok(keys[5], "a key rotation");
  assert.equal(keys[6], null, "a write that takes no key");
  assert.ok(requests.every((r) => r.headers.get("x-api-key") === "pk_sandbox_abc"));
  assert.ok(replayed(response));
});

test("identity: a fresh Idempotency-Key on every request that creates or charges, none on a read", async () => {
  const { fetch, requests } = fakeFetch(() => json({ extractionId: "ext_9", status: "queued" }, 202));
  const c = createIdentityClient({ baseUrl: "http://x", apiKey: "k", fetch });
  await extractFile(c, { file: new Uint8Array([1]), filename: "p.png", documentType: "passport" });
  await extractFile(c, { file: new Uint8Array([1]), filename: "p.png", documentType: "passport" });
  await c.POST("/v1/mobile-handoff/session", { params: { header: { "Idempotency-Key": "mine" } } });
  await c.GET("/v1/extractions/{extractionId}", { params: { path: { extractionId: "ext_9" } } });
  const keys = requests.map((r) => r.headers.get("Idempotency-Key"));
  assert.match(keys[0] ?? "", /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.notEqual(keys[0], keys[1]);
  assert.deepEqual(keys.slice(2), ["mine", null]);
});

test("a write whose answer was lost is sent again, whole, with the same Idempotency-Key", async () => {
  const { fetch, requests } = fakeFetch((_, n) => {
    if (n === 1) throw new TypeError("fetch failed: the connection was reset");
    if (n === 2) return json({ type: "http://x/errors/unavailable", status: 503 }, 503, { "Retry-After": "0" });
    if (n === 3) return json({ type: "http://x/errors/conflict", status: 409 }, 409, { "Retry-After": "0" });
    return json({ extractionId: "ext_9", status: "queued" }, 202);
  });
  const c = createIdentityClient({ baseUrl: "http://x", apiKey: "k", fetch, retries: { attempts: 4, backoffMs: 1 } });
  const accepted = await extractFile(c, { file: new Uint8Array([7, 7]), filename: "p.png", documentType: "passport" });
  assert.equal(accepted.extractionId, "ext_9");
  assert.equal(requests.length, 4);
  const keys = new Set(requests.map((r) => r.headers.get("Idempotency-Key")));
  assert.equal(keys.size, 1);
  assert.ok([...keys][0]);
  for (const r of requests) assert.equal(/** @type {File} */ ((await r.formData()).get("file")).size, 2);
});

test("a write without a key answered 503, or any write answered 422: sent once; a read answered 503: sent again", async () => {
  const { fetch, requests } = fakeFetch((r) =>
    r.method === "POST" ? json({ type: "http://x/errors/validation_failed", status: 422 }, 422, { "Retry-After": "0" }) : json({ status: 503 }, 503),
  );
  const c = createPartnerClient({ baseUrl: "http://x", apiKey: "k", fetch, retries: { backoffMs: 1 } });
  await c.POST("/api/v1/partner/contracts/auto/classic", { body: /** @type {any} */ ({}) });
  await c.DELETE("/api/v1/partners/me/keys/{keyId}", { params: { path: { keyId: "key_1" } } });
  await c.GET("/api/v1/partner/contracts/requests");
  assert.deepEqual(requests.map((r) => r.method), ["POST", "DELETE", "GET", "GET", "GET"]);
});

test("IDEMPOTENT_WRITES covers every operation that takes an Idempotency-Key", () => {
  for (const [file, header] of [["identity", "Idempotency-Key"], ["partner", "idempotency-key"]]) {
    const lines = readFileSync(new URL(`../src/${file}.d.ts`, import.meta.url), "utf8").split("\n");
    // paths names each operation by its operationId ("METHOD /path" -> id); operations holds its
    // parameters, under that id.
    const route = new Map();
    const taking = new Set();
    let section = "";
    let path = "";
    let operation = "";
    for (const line of lines) {
      const s = /^export (?:interface|type) (\w+)/.exec(line);
      if (s) section = s[1];
      if (section === "paths") {
        const p = /^ {4}"(\/[^"]*)": \{$/.exec(line);
        if (p) path = p[1];
        const m = /^ {8}(get|put|post|delete|patch|options|head|trace): (.*);$/.exec(line);
        if (m) {
          const id = /^operations\["(\w+)"\]$/.exec(m[2]);
          assert.ok(id, `${file}: ${m[1].toUpperCase()} ${path} has no operationId`);
          route.set(id[1], `${m[1].toUpperCase()} ${path}`);
        }
      }
      if (section === "operations") {
        const o = /^ {4}(\w+): \{$/.exec(line);
        if (o) operation = o[1];
        if (operation && line.includes(`"${header}"?: `)) taking.add(operation);
      }
    }
    assert.ok(route.size >= 30, `${file}: only ${route.size} operations`);
    assert.ok(taking.size >= 3, `${file}: only ${taking.size} operations take a key`);
    for (const id of taking) {
      const op = route.get(id);
      assert.ok(IDEMPOTENT_WRITES.includes(op), `${op} (${id}) takes a key: add it to IDEMPOTENT_WRITES`);
    }
  }
});
