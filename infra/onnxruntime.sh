#!/usr/bin/env bash
# Fetches onnxruntime's shared library (the C API that github.com/yalue/onnxruntime_go loads with
# dlopen) for this machine, linux/x64 or linux/arm64, into a cache folder, by default
# .local/onnxruntime:
#
#   .local/onnxruntime/linux-amd64/libonnxruntime.so.1   (or linux-arm64)
#
# onnxruntime is no part of the product (package onnx runs the liveness models in pure Go): it is
# the oracle shared/domain/liveness/oracle_test.go checks package onnx against.
#
# onnxruntime_go v1.35.0 is built against the C API headers of onnxruntime 1.29.0, so the library
# must be that version. It ships inside the npm package onnxruntime-node@1.29.0; this script runs
# `npm pack` (a download of the tarball: nothing is installed and no package script runs, which
# matters because its postinstall fetches CUDA binaries), checks the tarball and the libraries
# against the digests pinned below, and extracts only this machine's library. Idempotent: nothing
# is fetched when the library is present with its pinned digest.
#
# Usage: infra/onnxruntime.sh [cache-dir]  (relative to the repository root; prints the path of the
# library for this machine's architecture)
set -euo pipefail

VERSION=1.29.0
# The tarball's integrity as the npm registry lists it (npm view onnxruntime-node@1.29.0 dist.integrity).
INTEGRITY=sha512-WjiVVB72riILz8HbYvxvmjKyE/WmkYoSfKY++axo5jAR609HQg8MwiG/HhShpTcJfmmAdzxxmB+MMST3A+SiPA==
# sha256 of each extracted library: "<digest> <goarch> <path inside the tarball>".
LIBS="89688f5cf51c7e31befbb7b9101bc027799009b18d1baa9a5b1146a72e69538d amd64 package/bin/napi-v6/linux/x64/libonnxruntime.so.1
a27d21126db312aa8f02f3d5eaebe466e991f51f469882e6d0407d5a8b64afda arm64 package/bin/napi-v6/linux/arm64/libonnxruntime.so.1"

cd "$(dirname "$0")/.."
CACHE=${1:-.local/onnxruntime}

case "$(uname -m)" in
x86_64) ARCH=amd64 ;;
aarch64 | arm64) ARCH=arm64 ;;
*) echo "onnxruntime.sh: no onnxruntime library for $(uname -m)" >&2; exit 1 ;;
esac
LIBS=$(grep " $ARCH " <<<"$LIBS")

present() { # digest goarch: the library is there with its pinned digest
	local f="$CACHE/linux-$2/libonnxruntime.so.1"
	[ -f "$f" ] && echo "$1  $f" | sha256sum -c --quiet - >/dev/null 2>&1
}

missing=0
while read -r sum arch _; do present "$sum" "$arch" || missing=1; done <<<"$LIBS"

if [ "$missing" = 1 ]; then
	command -v npm >/dev/null || { echo "onnxruntime.sh: npm is needed to fetch onnxruntime-node@$VERSION" >&2; exit 1; }
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	echo "fetching onnxruntime-node@$VERSION (about 110 MB) for its linux-$ARCH library" >&2
	npm pack "onnxruntime-node@$VERSION" --ignore-scripts --silent --pack-destination "$tmp" >/dev/null
	tgz="$tmp/onnxruntime-node-$VERSION.tgz"
	got=$(node -e 'const c=require("crypto"),fs=require("fs");console.log("sha512-"+c.createHash("sha512").update(fs.readFileSync(process.argv[1])).digest("base64"))' "$tgz")
	[ "$got" = "$INTEGRITY" ] || { echo "onnxruntime.sh: $tgz has integrity $got, pinned $INTEGRITY" >&2; exit 1; }
	while read -r sum arch path; do
		tar -xzf "$tgz" -C "$tmp" "$path"
		echo "$sum  $tmp/$path" | sha256sum -c --quiet - || { echo "onnxruntime.sh: $path does not match its pinned sha256" >&2; exit 1; }
		mkdir -p "$CACHE/linux-$arch"
		mv "$tmp/$path" "$CACHE/linux-$arch/libonnxruntime.so.1"
	done <<<"$LIBS"
fi

echo "$CACHE/linux-$ARCH/libonnxruntime.so.1"
