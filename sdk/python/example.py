"""End to end against a running stack (make run): an extraction submitted, waited for and found
in the list; a partner contract request made with an idempotency key, replayed and read, and
another made with a key of the SDK's; the two found in the list. Exits 1 with the step that
failed and why.

    TRUSTLINE_BASE_URL=http://127.0.0.1:3000 \\
    TRUSTLINE_API_KEY=sk_test_... TRUSTLINE_PARTNER_KEY=pk_local_... \\
    TRUSTLINE_DOCUMENT=testdata/extraction/icao-td3-clean.png \\
    python sdk/python/example.py

TRUSTLINE_DOCUMENT_TYPE is the document's type, passport unless set.
(make run prints the demo keys and writes them to .local/credentials.json.)
"""

import contextlib
import datetime
import os
import sys
from pathlib import Path

import httpx

import trustline
from trustline.partner.api.contracts import get_contract_request


class Failure(Exception):
    """Failure is an answer that came back but is not the one expected."""


@contextlib.contextmanager
def step(name: str):
    print(f"{name} ...", flush=True)
    try:
        yield
    except (Failure, trustline.ApiError, trustline.ExtractionTimeout, httpx.HTTPError, OSError) as e:
        sys.exit(f"example: {name}: {e}")


def main() -> None:
    env = {}
    for name in ("TRUSTLINE_BASE_URL", "TRUSTLINE_API_KEY", "TRUSTLINE_PARTNER_KEY", "TRUSTLINE_DOCUMENT"):
        env[name] = os.environ.get(name, "")
        if not env[name]:
            sys.exit(f"example: {name} is not set (see the top of {Path(__file__).name})")
    identity = trustline.identity_client(env["TRUSTLINE_BASE_URL"], env["TRUSTLINE_API_KEY"])
    partner = trustline.partner_client(env["TRUSTLINE_BASE_URL"], env["TRUSTLINE_PARTNER_KEY"])
    document = Path(env["TRUSTLINE_DOCUMENT"])

    with step(f"submit {document.name} for extraction"):
        accepted = trustline.submit_extraction(
            identity,
            os.environ.get("TRUSTLINE_DOCUMENT_TYPE", "passport"),
            document.read_bytes(),
            file_name=document.name,
            reference_id="sdk-example",
        )
        print(f"  {accepted.extraction_id} {accepted.status}")

    with step(f"wait for {accepted.extraction_id}"):
        extraction = trustline.wait_for_extraction(identity, accepted.extraction_id, timeout=120)
        if extraction.status != "completed":
            raise Failure(f"{extraction.status}: {extraction.error.code}: {extraction.error.message}")
        data = extraction.result.extracted_data
        fields = (data.document_number, data.surname, data.nationality)
        print("  completed:", " ".join(getattr(f, "value", "-") for f in fields))

    with step("list the extractions, following the cursors"):
        # One a page: every further extraction is one more page.
        seen = [e.extraction_id for e in trustline.iter_extractions(identity, limit=1)]
        if accepted.extraction_id not in seen:
            raise Failure(f"{accepted.extraction_id} is not among the {len(seen)} listed")
        print(f"  {len(seen)} listed, {accepted.extraction_id} among them")

    key = trustline.new_idempotency_key()
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).strftime("%d/%m/%Y")
    body = {
        "returnUrl": "https://partner.example/return",
        "cancelUrl": "https://partner.example/cancel",
        "contract": {
            "cliCode": "CLI-001",
            "cat": "550",
            "scatCode": "011",
            "carrCode": "ROU",
            "nrg": "ESS",
            "pfs": 150,
            "nbP": 2,
            "dure": 12,
            "effet": tomorrow,
            "numImmat": "DK-1234-AB",
            "mqCode": "YAMA",
            "modele": "MT-07",
        },
    }
    with step(f"create an auto contract request (idempotency key {key})"):
        created = trustline.create_auto_contract(partner, body, idempotency_key=key)
        print(f"  {created.reference} {created.contract_status}, pay at {created.payment.payment_url}")
        # The same key and body again, as after a lost answer: the same request, not a second one.
        again = trustline.create_auto_contract(partner, body, idempotency_key=key)
        if again.reference != created.reference:
            raise Failure(f"the replay made {again.reference}, not {created.reference}")
        print(f"  replayed: {again.reference} again")

    with step(f"read the status of {created.reference}"):
        status = trustline.call(get_contract_request, created.reference, client=partner)
        print(f"  {status.contract_status}, payment {status.payment.status}, total {status.pricing.total}")

    with step("create another with a key of its own"):
        other = trustline.create_auto_contract(partner, body)  # a new key is made for the call
        print(f"  {other.reference} {other.contract_status}")

    with step("list the contract requests, following the cursors"):
        refs = [c.reference for c in trustline.iter_contract_requests(partner, limit=1)]
        for ref in (created.reference, other.reference):
            if refs.count(ref) != 1:
                raise Failure(f"{ref} is listed {refs.count(ref)} times in {len(refs)}")
        print(f"  {len(refs)} listed, one a page, {created.reference} and {other.reference} once each")

    print("example: ok")


if __name__ == "__main__":
    main()
