"""Verifies one webhook delivery with the official Standard Webhooks library (PyPI standardwebhooks).

Reads {"secret", "body", "headers"} as JSON on stdin; exits 0 when the library accepts the delivery,
1 with its error otherwise. The secret is passed exactly as the API showed it (whsec_...).
"""
import json
import sys

from standardwebhooks.webhooks import Webhook

req = json.load(sys.stdin)
try:
    Webhook(req["secret"]).verify(req["body"].encode(), req["headers"], json_parse=False)
except Exception as e:  # the library's WebhookVerificationError, or a malformed secret
    print(f"{type(e).__name__}: {e}")
    sys.exit(1)
