// @ts-check
// Drives both APIs through the SDK against a running stack, as a quickstart does: two extractions
// of a test document submitted, waited for and found by following the list's cursors; an auto
// contract request created with an idempotency key of its own (sent twice: the second is a
// replay) and another with the key the client makes, the first's status read and both found in
// the partner's list. Exits non-zero with a message on the first failure.
//
//   TRUSTLINE_BASE_URL=http://127.0.0.1:3000 TRUSTLINE_API_KEY=sk_test_... \
//   TRUSTLINE_PARTNER_KEY=pk_... TRUSTLINE_DOCUMENT=../../testdata/extraction/icao-td3-clean.png node example.mjs
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { createIdentityClient, createPartnerClient, extractFile, listAll, newIdempotencyKey, replayed, unwrap, waitForExtraction } from "./src/index.js";

const env = Object.fromEntries(
  ["TRUSTLINE_BASE_URL", "TRUSTLINE_API_KEY", "TRUSTLINE_PARTNER_KEY", "TRUSTLINE_DOCUMENT"].map((name) => {
    const v = process.env[name];
    if (!v) fail(`${name} is not set`);
    return [name, /** @type {string} */ (v)];
  }),
);

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`example: ${message}`);
  process.exit(1);
}

async function extract() {
  const identity = createIdentityClient({ baseUrl: env.TRUSTLINE_BASE_URL, apiKey: env.TRUSTLINE_API_KEY });
  const file = await readFile(env.TRUSTLINE_DOCUMENT);
  const want = new Set();
  for (const referenceId of ["sdk-ts-example-1", "sdk-ts-example-2"]) {
    const accepted = await extractFile(identity, { file, filename: basename(env.TRUSTLINE_DOCUMENT), documentType: "auto", referenceId });
    console.log("extraction", accepted.extractionId, accepted.status);
    const e = await waitForExtraction(identity, accepted.extractionId, { timeoutMs: 180000 });
    if (e.status !== "completed") fail(`extraction ${e.extractionId} ${e.status}: ${JSON.stringify(e.error)}`);
    console.log("extraction", e.extractionId, e.status, "as", e.documentType);
    want.add(e.extractionId);
  }
  // Pages of one, read to the end: every cursor of the list is followed.
  let n = 0;
  for await (const e of listAll(identity, "/v1/extractions", { params: { query: { limit: 1 } } })) {
    n++;
    want.delete(e.extractionId);
  }
  if (want.size > 0) fail(`extractions ${[...want]} are not among the ${n} listed`);
  console.log("listed", n, "extractions in pages of one, both found");
}

async function contract() {
  const partner = createPartnerClient({ baseUrl: env.TRUSTLINE_BASE_URL, apiKey: env.TRUSTLINE_PARTNER_KEY });
  const effet = new Date(Date.now() + 86400000);
  const body = {
    returnUrl: "https://partner.example/return",
    cancelUrl: "https://partner.example/cancel",
    contract: {
      cliCode: "CLI-001", cat: "550", scatCode: "011", carrCode: "ROU", nrg: "ESS", pfs: 150, nbP: 2, dure: 12,
      effet: [effet.getUTCDate(), effet.getUTCMonth() + 1].map((v) => String(v).padStart(2, "0")).join("/") + "/" + effet.getUTCFullYear(),
      numImmat: "SDK-1234-TS", mqCode: "YAMA", modele: "MT-07",
    },
  };
  // A key of our own, sent on both tries: the second answers the first's response.
  const key = newIdempotencyKey();
  let reference = "";
  for (const attempt of [1, 2]) {
    const result = await partner.POST("/api/v1/partner/contracts/auto/classic", { body, params: { header: { "idempotency-key": key } } });
    const created = unwrap(result);
    if (attempt === 1) {
      reference = created.reference;
      console.log("contract request", reference, created.contractStatus, created.pricing.total, created.pricing.currency);
    } else if (!replayed(result.response) || created.reference !== reference) {
      fail(`the second try with key ${key} made ${created.reference} (replayed: ${replayed(result.response)}), not a replay of ${reference}`);
    }
  }
  // Without a key of our own the client sends a fresh one: another request.
  const second = unwrap(await partner.POST("/api/v1/partner/contracts/auto/classic", { body }));
  if (second.reference === reference) fail("the second request replayed the first");
  console.log("contract request", second.reference, second.contractStatus);

  const status = unwrap(await partner.GET("/api/v1/partner/contracts/requests/{reference}", { params: { path: { reference } } }));
  console.log("contract request", reference, "is", status.contractStatus);

  const want = new Set([reference, second.reference]);
  let n = 0;
  for await (const r of listAll(partner, "/api/v1/partner/contracts/requests", { params: { query: { limit: 1 } } })) {
    n++;
    want.delete(r.reference);
  }
  if (want.size > 0) fail(`contract requests ${[...want]} are not among the ${n} listed`);
  console.log("listed", n, "contract requests in pages of one, both found");
}

try {
  await extract();
} catch (err) {
  fail(`identity API: ${err instanceof Error ? err.message : err}`);
}
try {
  await contract();
} catch (err) {
  fail(`partner API: ${err instanceof Error ? err.message : err}`);
}
console.log("ok");
