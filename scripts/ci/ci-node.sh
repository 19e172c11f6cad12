#!/usr/bin/env bash
# One of CI's steps (.ci/run): the committed tree (HEAD) under another Node release, fetched from the
# npm registry (scripts/ci/with-node.sh), with a clean install from the lockfile and every Vitest
# project (unit, UI, scripts and server tests; none needs a browser), or another npm script.
#
# It works in a copy of its own in a temporary folder, so this checkout's node_modules and build
# output stay as they are.
#
#   bash scripts/ci/ci-node.sh 24                  the latest 24.x: npm ci, npm run test:unit
#   bash scripts/ci/ci-node.sh 22.23.3 test        one release, the whole of npm test
#   KEEP_WORKDIR=1 bash scripts/ci/ci-node.sh 24   leaves the copy for a look afterwards
set -euo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: bash scripts/ci/ci-node.sh <version> [npm script, default test:unit]" >&2
  exit 2
fi
version="$1"
script="${2:-test:unit}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/ezy-ci-node.XXXXXX")"
if [[ -z "${KEEP_WORKDIR:-}" ]]; then trap 'rm -rf "$work"' EXIT; fi
started=$SECONDS

echo "--- a copy of HEAD ($(git -C "$repo" rev-parse --short HEAD))"
# A clone rather than an archive: some tests read the tracked files (git ls-files).
git clone --quiet --shared --no-checkout "$repo" "$work/repo"
git -C "$work/repo" checkout --quiet --detach "$(git -C "$repo" rev-parse HEAD)"
cd "$work/repo"

bash "$repo/scripts/ci/with-node.sh" "$version" bash -c "npm ci && npm run $script"

echo "--- Node $version: npm ci and npm run $script passed in $((SECONDS - started)) s"
