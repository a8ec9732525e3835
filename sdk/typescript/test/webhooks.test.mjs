// The webhook verifiers against sdk/testdata/signatures.json, the deliveries the backend's own
// signer made (sdk/signatures_test.go in the platform's module keeps the file so).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { verifyInsuranceSignature, verifyServiceSignature, verifyStandard } from "../src/webhooks.js";

const { cases } = JSON.parse(readFileSync(new URL("../../testdata/signatures.json", import.meta.url), "utf8"));

test("there are vectors", () => assert.ok(cases.length > 0));

for (const c of cases) {
  test(c.name, () => {
    const headers = new Headers(c.headers);
    const signature =
      c.api === "identity"
        ? verifyServiceSignature(c.secret, c.body, headers.get("X-Service-Signature"))
        : verifyInsuranceSignature(c.secret, c.body, headers.get("x-insurance-signature"));
    assert.equal(signature ? "ok" : "signature", c.expect.signature, "the API's own header");
    const standard = verifyStandard(c.secret, c.body, headers, { toleranceSeconds: c.toleranceSeconds, now: new Date(c.now * 1000) });
    assert.equal(standard, c.expect.standard, "webhook-signature");
    // Node's req.headers: lowercase names in a plain object, and the body as bytes.
    const plain = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k.toLowerCase(), v]));
    assert.equal(verifyStandard(c.secret, Buffer.from(c.body), plain, { toleranceSeconds: c.toleranceSeconds, now: new Date(c.now * 1000) }), c.expect.standard);
  });
}
