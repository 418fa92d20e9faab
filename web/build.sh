#!/usr/bin/env bash
# Builds the page into $1 (CMake's target `web`): the npm packages from the committed lock file
# (npm ci, only when they are missing or the lock changed), then esbuild.
set -euo pipefail
cd "$(dirname "$0")"
out="${1:-dist}"
stamp=node_modules/.lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
node build.mjs "$out"
