#!/usr/bin/env bash
# Runs an arm64 Linux binary on another machine under qemu-user, with Debian's arm64 libc, and an
# arm64 /proc/cpuinfo bound in a private mount namespace: onnxruntime's CPU detection crashes in
# dlopen on the host's x86 cpuinfo under qemu 7.2. Needs root (unshare, mount). Used by the
# liveness bundle's test to run the very bundle make build makes for Lambda.
set -euo pipefail
cpuinfo="$(cd "$(dirname "$0")" && pwd)/cpuinfo-arm64"
exec unshare -m --propagation private sh -c 'mount --bind "$0" /proc/cpuinfo && exec qemu-aarch64 -L /usr/aarch64-linux-gnu "$@"' "$cpuinfo" "$@"
