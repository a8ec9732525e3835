#!/usr/bin/env bash
# Regenerates the generated half of the Python SDK from the OpenAPI documents, with the
# openapi-python-client pinned in requirements-dev.txt: trustline/identity from
# openapi/identity.yaml, trustline/partner from openapi/partner.yaml. Everything else in trustline/
# is written by hand.
#
#   sdk/python/generate.sh        rewrites sdk/python/trustline/identity and trustline/partner
#   sdk/python/generate.sh DIR    writes DIR/identity and DIR/partner instead (the freshness check,
#                                 sdk/generated_python_test.go, compares them with the committed ones)
#
# The generator is the one make sdk-python installs into .local/sdk-python-venv (SDK_PYTHON_VENV
# names another venv). Generation runs in a temporary directory, so its output does not depend on
# where it is written.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${SDK_PYTHON_VENV:-$root/.local/sdk-python-venv}"
gen="$venv/bin/openapi-python-client"
want="$(sed -n 's/^openapi-python-client==//p' "$here/requirements-dev.txt")"

if [ ! -x "$gen" ]; then
	echo "generate.sh: no generator at $gen: run make sdk-python" >&2
	exit 1
fi
got="$("$gen" --version | awk '{print $NF}')"
if [ "$got" != "$want" ]; then
	echo "generate.sh: $gen is openapi-python-client $got, not $want (requirements-dev.txt): run make sdk-python" >&2
	exit 1
fi

out="${1:-$here/trustline}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for api in identity partner; do
	if ! (cd "$work" && PATH="$venv/bin:$PATH" "$gen" generate --meta none --path "$root/openapi/$api.yaml" \
		--output-path "$api" --config "$here/openapi-python-client.yaml") >"$work/$api.log" 2>&1; then
		cat "$work/$api.log" >&2
		exit 1
	fi
	# The only warnings expected are the two of openapi-python-client.yaml; any other is a part of
	# the API the client would silently lack.
	if grep -E '^(WARNING|ERROR)|Cannot|Unable|Unsupported' "$work/$api.log" |
		grep -vE '^WARNING parsing PUT /v1/mobile-handoff/upload/\{sessionId\} within mobile_handoff\.$|^Unsupported content type (image/\*|application/pdf)$' >&2; then
		echo "generate.sh: openapi-python-client warned about openapi/$api.yaml (above; whole output in the lines below)" >&2
		cat "$work/$api.log" >&2
		exit 1
	fi
	mkdir -p "$out"
	rm -rf "${out:?}/$api"
	cp -R "$work/$api" "$out/$api"
done
